//! The question at the end of a lesson: pick one choice, then see why it is right or wrong.

use hoplab_content::course::CheckQuestion;
use leptos::prelude::*;

/// `on_correct` runs when the reader checks the right choice.
#[component]
pub fn CheckQuestionForm(
    check: CheckQuestion,
    name: String,
    on_correct: impl Fn() + 'static,
) -> impl IntoView {
    let chosen = RwSignal::new(None::<usize>);
    let answered = RwSignal::new(None::<usize>);
    let choices = StoredValue::new(check.choices);
    let submit = move |e: leptos::ev::SubmitEvent| {
        e.prevent_default();
        if let Some(i) = chosen.get_untracked() {
            answered.set(Some(i));
            if choices.with_value(|c| c[i].correct) {
                on_correct();
            }
        }
    };
    let verdict = move || {
        answered.get().map(|i| {
            let (correct, why) = choices.with_value(|c| (c[i].correct, c[i].why.clone()));
            view! {
                <div class=if correct { "notice notice--ok check-verdict" } else { "notice notice--error check-verdict" }>
                    <p><strong>{if correct { "Right. " } else { "Not quite. " }}</strong>{why}</p>
                </div>
            }
        })
    };
    view! {
        <form class="check" on:submit=submit>
            <fieldset>
                <legend>{check.question}</legend>
                {choices.with_value(|c| c.iter().enumerate().map(|(i, choice)| {
                    let id = format!("{name}-{i}");
                    view! {
                        <div class="check-choice">
                            <input type="radio" id=id.clone() name=name.clone() value=i.to_string()
                                on:change=move |_| { chosen.set(Some(i)); answered.set(None); } />
                            <label for=id>{choice.text.clone()}</label>
                        </div>
                    }
                }).collect_view())}
            </fieldset>
            <button type="submit" class="button" disabled=move || chosen.get().is_none()>"Check my answer"</button>
            <div aria-live="polite">{verdict}</div>
        </form>
    }
}
