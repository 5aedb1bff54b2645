//! The pages that load on demand. Each page's view below is a split point: the release
//! build (`scripts/build-wasm.sh`) cuts its code, and whatever only it uses, into a wasm
//! chunk fetched the first time the page shows. The shell (header, home, not found) is
//! all the first download holds, so `/` loads without the cards, the copier comparison,
//! the simulator or the designer.
//!
//! A chunk that fails to arrive (offline, a deploy mid-visit) shows a message with a retry
//! instead of stopping the app; the next visit to the page tries the download again.

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::SplitLoaderError;
use leptos_router::LazyRoute;
use wasm_bindgen::JsCast;

use crate::components::PageLoadFailed;
use crate::designer::copier_files::{Importer, IMPORTER};
use crate::lab::engine::Engine;
use crate::pages::card::{record_button, CardProgress, RecordButton, CARD_PROGRESS};
use crate::pages::lab::{run_panels, LoadRunPanels, PanelsLoad, RunHandle, RunPanels};
use crate::pages::{
    CardList, CardPage, ChallengePage, ChallengesList, CopiersPage, CourseIndexPage, Designer,
    DrillsList, GameDayPage, LabIndex, LabPage, LessonPage, PracticeLevels, PracticePage,
    PracticeQuiz, ResumePage,
};
use crate::pages::{RunbookPart, RUNBOOK_PART};

/// Why a lazy page has nothing to show: its chunk did not load.
pub struct PageChunkMissing;

impl From<SplitLoaderError> for PageChunkMissing {
    fn from(_: SplitLoaderError) -> Self {
        PageChunkMissing
    }
}

/// Declares a route type whose page lives in its own chunk, and `$preload`, which starts
/// downloading that chunk without showing the page.
macro_rules! lazy_page {
    ($(#[$doc:meta])* $route:ident, $chunk:ident, $preload:ident, $page:ident) => {
        #[leptos::wasm_split::wasm_split(
            $chunk,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload($preload)
        )]
        fn $chunk() -> Result<AnyView, PageChunkMissing> {
            Ok(view! { <$page /> }.into_any())
        }

        $(#[$doc])*
        pub struct $route;

        impl LazyRoute for $route {
            fn data() -> Self {
                Self
            }

            async fn view(_this: Self) -> AnyView {
                match $chunk().await {
                    Ok(page) => page,
                    Err(PageChunkMissing) => view! { <PageLoadFailed /> }.into_any(),
                }
            }
        }
    };
}

lazy_page!(
    /// `/cards`: the card list, with its filters and full-text search.
    CardListRoute, card_list_chunk, preload_card_list, CardList
);
lazy_page!(
    /// `/cards/:slug`: one question card.
    CardRoute, card_chunk, preload_card, CardPage
);
lazy_page!(
    /// `/copiers`: the real copiers compared.
    CopiersRoute, copiers_chunk, preload_copiers, CopiersPage
);
lazy_page!(
    /// `/lab`: the scenario list.
    LabIndexRoute, lab_index_chunk, preload_lab_index, LabIndex
);
lazy_page!(
    /// `/lab/:scenario`: the simulator, with the copier model.
    LabRoute, lab_chunk, preload_lab, LabPage
);

lazy_page!(
    /// `/practice`: the practice session (spaced repetition), settings and progress file.
    PracticeRoute, practice_chunk, preload_practice, PracticePage
);
lazy_page!(
    /// `/practice/quiz`: the red-flag quiz.
    PracticeQuizRoute, practice_quiz_chunk, preload_practice_quiz, PracticeQuiz
);
lazy_page!(
    /// `/practice/levels`: the level path.
    PracticeLevelsRoute, practice_levels_chunk, preload_practice_levels, PracticeLevels
);
lazy_page!(
    /// `/course`: the guided course's lessons.
    CourseRoute, course_chunk, preload_course, CourseIndexPage
);
lazy_page!(
    /// `/course/:slug`: one lesson beside a live run of the lab.
    LessonRoute, lesson_chunk, preload_lesson, LessonPage
);
lazy_page!(
    /// `/resume`: where each consumer group would resume, from MirrorMaker 2's offset data.
    ResumeRoute, resume_chunk, preload_resume, ResumePage
);
lazy_page!(
    /// `/challenges`: the design challenges.
    ChallengesRoute, challenges_chunk, preload_challenges, ChallengesList
);
lazy_page!(
    /// `/challenges/:id`: a design challenge in the designer, with its grader.
    ChallengeRoute, challenge_chunk, preload_challenge, ChallengePage
);
lazy_page!(
    /// `/drills`: the failover drills.
    DrillsRoute, drills_chunk, preload_drills, DrillsList
);
lazy_page!(
    /// `/drills/:id`: a failover game day against the live model.
    DrillRoute, drill_chunk, preload_drill, GameDayPage
);
lazy_page!(
    /// `/designer`: the topology designer, with the model for lint and runs.
    DesignerRoute, designer_chunk, preload_designer, Designer
);

/// Declares `$chunk`, a split point whose chunk holds `$value` (and whatever only it
/// uses) for a page to fetch after it shows, and `$preload`, which starts that download.
macro_rules! lazy_part {
    ($(#[$doc:meta])* $chunk:ident, $preload:ident, $part:ty, $value:expr) => {
        $(#[$doc])*
        #[leptos::wasm_split::wasm_split(
            $chunk,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload($preload)
        )]
        fn $chunk() -> Result<$part, PageChunkMissing> {
            Ok($value)
        }
    };
}

lazy_part!(
    /// The card pages' progress parts (see `pages::card::CardProgress`): the progress store
    /// and its format code, which a card or the card list fetches after it shows.
    card_progress_chunk, preload_card_progress, CardProgress, CARD_PROGRESS
);

/// Loads the card pages' progress parts into `parts`. The app hands this to the card page
/// as context (`LoadCardProgress`): a page's chunk may not call another chunk's split point
/// itself, or every build of the page (the component tests') would need the split. If the
/// chunk does not download, the card still reads and the list still lists; the next visit
/// tries again.
pub fn load_card_progress(parts: RwSignal<Option<CardProgress>>) {
    deliver(parts, card_progress_chunk());
}

/// Puts what `chunk` holds into `into` once it downloads (nothing if it does not).
fn deliver<T: Send + Sync + 'static>(
    into: RwSignal<Option<T>>,
    chunk: impl std::future::Future<Output = Result<T, PageChunkMissing>> + 'static,
) {
    spawn_local(async move {
        if let Ok(loaded) = chunk.await {
            _ = into.try_set(Some(loaded));
        }
    });
}

lazy_part!(
    /// A card page's record button for its timed reveals (`pages::card::record_button`:
    /// the microphone recorder and the recordings store), fetched after the card shows.
    card_recorder_chunk, preload_card_recorder, RecordButton, record_button as RecordButton
);

/// Loads the card page's record button into `button` (handed to the page as context,
/// `LoadCardRecorder`, like `load_card_progress`). If the chunk does not download, the
/// reveals work as before, without the button.
pub fn load_card_recorder(button: RwSignal<Option<RecordButton>>) {
    deliver(button, card_recorder_chunk());
}

lazy_part!(
    /// A run view's measures, charts, narration, record panel and set-up (see
    /// `pages::lab::panels`), which a lab page, lesson or designer run fetches once its
    /// stage is drawn (after the engine), so a deep link to the lab shows the stage sooner.
    run_panels_chunk, preload_run_panels, RunPanels, run_panels()
);
lazy_part!(
    /// The simulation's engine (`lab::engine`): the model's event handlers, commands and
    /// checkpoint clones, which a run view fetches once its stage is drawn, before the
    /// panels: play waits for the engine only.
    run_engine_chunk, preload_run_engine, Engine, Engine::new()
);

lazy_part!(
    /// The copiers' configuration files (`designer::copier_files`: the readers of every
    /// format, their lint and the writers), which the designer fetches when a person first
    /// imports or exports one: no page's first download holds them.
    import_chunk, preload_import, Importer, IMPORTER
);

lazy_part!(
    /// The designer's failover runbook (`designer::runbook`, the copiers' words for each
    /// step, and its view), which the designer fetches once it has drawn and the browser
    /// is idle: it sits below the editor.
    runbook_chunk, preload_runbook, RunbookPart, RUNBOOK_PART
);

/// Loads the designer's runbook into `into` (handed to the page as context,
/// `LoadRunbook`). If the chunk does not download, the designer has no runbook section
/// until the next visit.
pub fn load_runbook(into: RwSignal<Option<RunbookPart>>) {
    deliver(into, runbook_chunk());
}

/// Loads the designer's importer into `into` (handed to the page as context,
/// `LoadImporter`, like `load_card_progress`). If the chunk does not download, `into`
/// stays empty and the caller says so; the next import tries again.
pub fn load_importer(into: RwSignal<Option<Importer>>, failed: RwSignal<bool>) {
    spawn_local(async move {
        match import_chunk().await {
            Ok(importer) => _ = into.try_set(Some(importer)),
            Err(PageChunkMissing) => _ = failed.try_set(true),
        }
    });
}

/// Fetches a run view's engine, then its panels, and hands each to `run` as it comes; if
/// either chunk does not download, the view says so and offers a retry.
fn load_run_panels(run: RunHandle) {
    spawn_local(async move {
        // The engine first: play waits for it, while the panels only fill in around the stage.
        match run_engine_chunk().await {
            Ok(engine) => run.engine_delivered(engine),
            Err(PageChunkMissing) => return run.panels_arrived(PanelsLoad::Missing),
        }
        let panels = match run_panels_chunk().await {
            Ok(panels) => PanelsLoad::Ready(panels),
            Err(PageChunkMissing) => PanelsLoad::Missing,
        };
        run.panels_arrived(panels);
    });
}

/// How the app's run views get their panels: after the stage shows.
pub const LOAD_RUN_PANELS: LoadRunPanels = LoadRunPanels {
    after_stage: true,
    load: load_run_panels,
};

/// Starts downloading the chunk of the page at `path` (a site path such as `/lab/echo-loop`),
/// if that page has one. A chunk downloads once; a failed try is only logged, since showing
/// the page tries again and says so if it fails.
pub fn preload_page(path: &str) {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches('/');
    if path == "/cards" {
        spawn_local(async { _ = preload_card_list().await });
        spawn_local(async { _ = preload_card_progress().await });
    } else if path.starts_with("/cards/") {
        spawn_local(async { _ = preload_card().await });
        spawn_local(async { _ = preload_card_progress().await });
    } else if path == "/copiers" {
        spawn_local(async { _ = preload_copiers().await });
    } else if path == "/lab" {
        spawn_local(async { _ = preload_lab_index().await });
    } else if path.starts_with("/lab/") {
        spawn_local(async { _ = preload_lab().await });
        spawn_local(async { _ = preload_run_engine().await });
        spawn_local(async { _ = preload_run_panels().await });
    } else if path == "/practice" {
        spawn_local(async { _ = preload_practice().await });
    } else if path == "/practice/quiz" {
        spawn_local(async { _ = preload_practice_quiz().await });
    } else if path == "/practice/levels" {
        spawn_local(async { _ = preload_practice_levels().await });
    } else if path == "/course" {
        spawn_local(async { _ = preload_course().await });
    } else if path.starts_with("/course/") {
        spawn_local(async { _ = preload_lesson().await });
        spawn_local(async { _ = preload_run_engine().await });
        spawn_local(async { _ = preload_run_panels().await });
    } else if path == "/challenges" {
        spawn_local(async { _ = preload_challenges().await });
    } else if path.starts_with("/challenges/") {
        spawn_local(async { _ = preload_challenge().await });
    } else if path == "/drills" {
        spawn_local(async { _ = preload_drills().await });
    } else if path.starts_with("/drills/") {
        spawn_local(async { _ = preload_drill().await });
    } else if path == "/resume" {
        spawn_local(async { _ = preload_resume().await });
    } else if path == "/designer" || path.starts_with("/designer/") {
        spawn_local(async { _ = preload_designer().await });
    }
}

/// On a deep link to a run page (a lab scenario, a lesson), starts the engine's download
/// at once, beside the page's own chunk, so it arrives while the stage is being drawn
/// instead of after it. The panels still wait for the stage (they only fill in around it).
pub fn preload_engine_for_deep_link() {
    let path = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default();
    if is_run_page(&path) {
        spawn_local(async { _ = preload_run_engine().await });
    }
}

/// Whether `path` shows a run view, whose play waits for the engine.
fn is_run_page(path: &str) -> bool {
    let rest = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|r| !r.trim_matches('/').is_empty())
    };
    rest("/lab/") || rest("/course/")
}

/// Preloads a page's chunk as soon as a reader shows the intent to open it: pointing at or
/// tabbing to a link. By the click, most of the download is done.
pub fn preload_on_intent() {
    for event in ["pointerover", "focusin"] {
        _ = window_event_listener_untyped(event, |event| {
            let link = event
                .target()
                .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
                .and_then(|element| element.closest("a[href^='/']").ok().flatten());
            if let Some(href) = link.and_then(|a| a.get_attribute("href")) {
                preload_page(&href);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::is_run_page;

    #[test]
    fn only_a_scenario_or_a_lesson_fetches_the_engine_at_once() {
        for path in ["/lab/echo-loop", "/lab/echo-loop/", "/course/first-hop"] {
            assert!(is_run_page(path), "{path}");
        }
        for path in [
            "/lab",
            "/lab/",
            "/course",
            "/designer",
            "/cards/copy-lag",
            "/",
        ] {
            assert!(!is_run_page(path), "{path}");
        }
    }
}
