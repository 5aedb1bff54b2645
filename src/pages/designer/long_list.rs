//! A long list of elements shows its first rows and a button for the rest, so a large
//! imported estate does not stretch the page to tens of thousands of pixels of rows. The
//! element selected on the canvas, or opened by a link, is always among the rows shown.

use leptos::prelude::*;

/// Rows a list shows before "Show all".
pub const SHOWN_AT_FIRST: usize = 12;

/// The rows to show: every one when `all` is set or the list is short; otherwise the first
/// [`SHOWN_AT_FIRST`] and any further row `keep` asks for.
pub fn rows_shown<T>(items: Vec<T>, all: bool, keep: impl Fn(&T) -> bool) -> Vec<T> {
    if all || items.len() <= SHOWN_AT_FIRST {
        return items;
    }
    items
        .into_iter()
        .enumerate()
        .filter(|(i, item)| *i < SHOWN_AT_FIRST || keep(item))
        .map(|(_, item)| item)
        .collect()
}

/// The button under a long list: "Show all 40 hops", then "Show the first 12 only".
#[component]
pub fn ShowAll(
    total: Signal<usize>,
    all: RwSignal<bool>,
    what: &'static str,
    /// The list's id, for `aria-controls`.
    controls: &'static str,
) -> impl IntoView {
    view! {
        <Show when=move || { total.get() > SHOWN_AT_FIRST }>
            <button type="button" class="show-all" aria-controls=controls
                aria-expanded=move || all.get().to_string()
                on:click=move |_| all.update(|a| *a = !*a)>
                {move || if all.get() {
                    format!("Show the first {SHOWN_AT_FIRST} {what} only")
                } else {
                    format!("Show all {} {what}", total.get())
                }}
            </button>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_shows_its_first_rows_and_the_one_asked_for() {
        let items: Vec<usize> = (0..40).collect();
        let shown = rows_shown(items.clone(), false, |i| *i == 30);
        assert_eq!(shown.len(), SHOWN_AT_FIRST + 1);
        assert!(shown.contains(&30) && !shown.contains(&29));
        assert_eq!(rows_shown(items.clone(), true, |_| false).len(), 40);
        assert_eq!(
            rows_shown((0..5).collect::<Vec<usize>>(), false, |_| false).len(),
            5
        );
    }
}
