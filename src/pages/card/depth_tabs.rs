use hoplab_content::card::DepthTabs as Depth;
use hoplab_content::Level;
use leptos::html;
use leptos::prelude::*;

/// Junior / middle / senior / principal as an ARIA tab list: arrow keys move between
/// tabs, Home and End jump to the ends, and only the active tab is in the tab order.
#[component]
pub fn DepthTabs(depth: Depth) -> impl IntoView {
    let active = RwSignal::new(Level::Junior);
    let tab_ref = |level: Level| format!("depth-tab-{}", level.id());
    let panel_ref = |level: Level| format!("depth-panel-{}", level.id());
    // The focus goes to this list's own tab, not to whatever element has its id first in
    // the document (another tab list with the same ids would take the focus and the keys).
    let tabs: [NodeRef<html::Button>; 4] = std::array::from_fn(|_| NodeRef::new());
    let index = |level: Level| Level::ALL.iter().position(|l| *l == level).unwrap_or(0);

    let focus_tab = move |level: Level| {
        active.set(level);
        if let Some(tab) = tabs[index(level)].get_untracked() {
            let _ = tab.focus();
        }
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let levels = Level::ALL;
        let at = index(active.get_untracked());
        let next = match ev.key().as_str() {
            "ArrowRight" | "ArrowDown" => levels[(at + 1) % levels.len()],
            "ArrowLeft" | "ArrowUp" => levels[(at + levels.len() - 1) % levels.len()],
            "Home" => levels[0],
            "End" => levels[levels.len() - 1],
            _ => return,
        };
        ev.prevent_default();
        focus_tab(next);
    };

    view! {
        <div class="tabs">
            <div class="tabs__list" role="tablist" aria-label="Depth by level" on:keydown=on_key>
                {Level::ALL
                    .map(|level| {
                        let selected = move || active.get() == level;
                        view! {
                            <button
                                type="button"
                                role="tab"
                                id=tab_ref(level)
                                node_ref=tabs[index(level)]
                                aria-controls=panel_ref(level)
                                aria-selected=move || selected().to_string()
                                tabindex=move || if selected() { "0" } else { "-1" }
                                on:click=move |_| active.set(level)
                            >
                                {level.label()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {Level::ALL
                .map(|level| {
                    view! {
                        <div
                            class="tabs__panel prose"
                            role="tabpanel"
                            id=panel_ref(level)
                            aria-labelledby=tab_ref(level)
                            tabindex="0"
                            hidden=move || active.get() != level
                            inner_html=depth.get(level).to_string()
                        ></div>
                    }
                })
                .collect_view()}
        </div>
    }
}
