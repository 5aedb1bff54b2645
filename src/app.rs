//! The app: routes inside the site's header and footer.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use crate::components::{Footer, Header};
use crate::pages::{CardList, CardPage, Designer, Home, LabIndex, LabPage, NotFound};
use crate::progress_store::ProgressStore;

#[component]
pub fn App() -> impl IntoView {
    provide_context(ProgressStore::load());
    view! {
        <Router>
            <a class="skip-link" href="#main">"Skip to content"</a>
            <Header />
            <main id="main" tabindex="-1">
                <Routes fallback=NotFound>
                    <Route path=path!("/") view=Home />
                    <Route path=path!("/cards") view=CardList />
                    <Route path=path!("/cards/:slug") view=CardPage />
                    <Route path=path!("/lab") view=LabIndex />
                    <Route path=path!("/lab/:scenario") view=LabPage />
                    <Route path=path!("/designer") view=Designer />
                </Routes>
            </main>
            <Footer />
        </Router>
    }
}
