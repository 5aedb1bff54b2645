//! The header and footer around every page.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::theme::ThemeToggle;

#[component]
pub fn Header() -> impl IntoView {
    view! {
        <header class="site-header">
            <div class="site-header__inner">
                <A href="/" attr:class="brand" attr:aria-label="Hoplab home">
                    <img src="/favicon.svg" alt="" width="28" height="28" />
                    <span>"Hoplab"</span>
                </A>
                <nav aria-label="Main" class="site-nav">
                    <A href="/cards">"Cards"</A>
                    <A href="/copiers">"Copiers"</A>
                    <A href="/practice">"Practice"</A>
                    <A href="/course">"Course"</A>
                    <A href="/lab">"Lab"</A>
                    <A href="/designer">"Designer"</A>
                </nav>
                <ThemeToggle />
            </div>
        </header>
    }
}

#[component]
pub fn Footer() -> impl IntoView {
    view! {
        <footer class="site-footer">
            <p>
                "Hoplab runs entirely in your browser: the simulator is Rust compiled to WebAssembly, "
                "and nothing you do leaves this page."
            </p>
            <p class="site-footer__links">
                <A href="/cards">"Question cards"</A>
                " · "
                <A href="/copiers">"Copiers compared"</A>
                " · "
                <A href="/practice">"Practice"</A>
                " · "
                <A href="/course">"Course"</A>
                " · "
                <A href="/lab">"Lab"</A>
                " · "
                <A href="/designer">"Topology designer"</A>
            </p>
        </footer>
    }
}
