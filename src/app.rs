//! The app: routes inside the site's header and footer.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::{path, Lazy};

use crate::components::{Footer, Header};
use crate::lazy_pages::{
    load_card_progress, load_card_recorder, load_importer, load_runbook,
    preload_engine_for_deep_link, preload_on_intent, CardListRoute, CardRoute, ChallengeRoute,
    ChallengesRoute, CopiersRoute, CourseRoute, DesignerRoute, DrillRoute, DrillsRoute,
    LabIndexRoute, LabRoute, LessonRoute, PracticeLevelsRoute, PracticeQuizRoute, PracticeRoute,
    ResumeRoute, LOAD_RUN_PANELS,
};
use crate::pages::card::{LoadCardProgress, LoadCardRecorder};
use crate::pages::{Home, NotFound};
use crate::pages::{LoadImporter, LoadRunbook};
use crate::progress_store::ProgressHome;

#[component]
pub fn App() -> impl IntoView {
    provide_context(ProgressHome::here());
    provide_context(LoadCardProgress(load_card_progress));
    provide_context(LoadCardRecorder(load_card_recorder));
    provide_context(LOAD_RUN_PANELS);
    provide_context(LoadImporter(load_importer));
    provide_context(LoadRunbook(load_runbook));
    preload_on_intent();
    preload_engine_for_deep_link();
    // True while a page's code is downloading (the cards and the lab load on first visit).
    let (routing, set_routing) = signal(false);
    view! {
        <Router set_is_routing=set_routing>
            <a class="skip-link" href="#main">"Skip to content"</a>
            <div class="route-progress" class:route-progress--active=routing aria-hidden="true"></div>
            <Header />
            <main id="main" tabindex="-1" aria-busy=move || routing.get().to_string()>
                <Routes fallback=NotFound>
                    <Route path=path!("/") view=Home />
                    <Route path=path!("/cards") view={Lazy::<CardListRoute>::new()} />
                    <Route path=path!("/cards/:slug") view={Lazy::<CardRoute>::new()} />
                    <Route path=path!("/copiers") view={Lazy::<CopiersRoute>::new()} />
                    <Route path=path!("/lab") view={Lazy::<LabIndexRoute>::new()} />
                    <Route path=path!("/lab/:scenario") view={Lazy::<LabRoute>::new()} />
                    <Route path=path!("/practice") view={Lazy::<PracticeRoute>::new()} />
                    <Route path=path!("/practice/quiz") view={Lazy::<PracticeQuizRoute>::new()} />
                    <Route path=path!("/practice/levels") view={Lazy::<PracticeLevelsRoute>::new()} />
                    <Route path=path!("/course") view={Lazy::<CourseRoute>::new()} />
                    <Route path=path!("/course/:slug") view={Lazy::<LessonRoute>::new()} />
                    <Route path=path!("/resume") view={Lazy::<ResumeRoute>::new()} />
                    <Route path=path!("/challenges") view={Lazy::<ChallengesRoute>::new()} />
                    <Route path=path!("/challenges/:id") view={Lazy::<ChallengeRoute>::new()} />
                    <Route path=path!("/drills") view={Lazy::<DrillsRoute>::new()} />
                    <Route path=path!("/drills/:id") view={Lazy::<DrillRoute>::new()} />
                    <Route path=path!("/designer") view={Lazy::<DesignerRoute>::new()} />
                    <Route path=path!("/designer/preset/:preset") view={Lazy::<DesignerRoute>::new()} />
                </Routes>
            </main>
            <Footer />
        </Router>
    }
}
