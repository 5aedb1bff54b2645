//! The links between the practice views, which each of them draws on top.

use leptos::prelude::*;
use leptos_router::components::A;

/// Links between the three practice views; the current one is marked for screen readers.
#[component]
pub fn PracticeNav() -> impl IntoView {
    view! {
        <nav class="practice-nav" aria-label="Practice">
            <A href="/practice" exact=true>"Session"</A>
            <A href="/practice/quiz">"Red-flag quiz"</A>
            <A href="/practice/levels">"Level path"</A>
            <A href="/challenges">"Design challenges"</A>
            <A href="/drills">"Failover drills"</A>
        </nav>
    }
}
