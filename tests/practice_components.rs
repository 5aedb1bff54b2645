//! Practice mode's components mounted in headless Chromium, asserted on the DOM.
//! Run with `cargo test --target wasm32-unknown-unknown --test practice_components`.
#![cfg(target_arch = "wasm32")]

use hoplab::pages::practice::{LevelPath, Quiz, SessionView};
use hoplab::practice::Grade;
use hoplab::progress::Progress;
use hoplab::progress_store::ProgressStore;
use hoplab_content::card::{Card, DepthTabs, FollowUp, Platforms};
use hoplab_content::{Importance, Level, PracticeDeck};
use leptos::prelude::*;
use leptos_router::components::Router;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn clear_storage() {
    let _ = web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear();
}

/// Mounts `view` in a fresh element. Keep the handle for the test: dropping it unmounts the
/// view, so one test's window key listener does not answer another test's key presses.
fn mount<V: IntoView + 'static>(view: impl FnOnce() -> V + 'static) -> (HtmlElement, impl Sized) {
    let root: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), view);
    (root, handle)
}

fn find(root: &HtmlElement, selector: &str) -> Option<HtmlElement> {
    root.query_selector(selector)
        .unwrap()
        .map(|e| e.unchecked_into())
}

fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector)
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

fn all(root: &HtmlElement, selector: &str) -> Vec<HtmlElement> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into())
        .collect()
}

/// Lets Leptos and the card loader run until `done` holds (at most about a second).
async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(5).await;
    }
    panic!("timed out waiting for {what}");
}

fn press(key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    document().body().unwrap().dispatch_event(&event).unwrap();
}

fn depth(slug: &str) -> DepthTabs {
    DepthTabs {
        junior: format!("<p>Know that {slug} junior.</p>"),
        middle: format!("<p>Explain why {slug} middle.</p>"),
        senior: format!("<p>Classify {slug} senior.</p>"),
        principal: format!("<p>Frames {slug} principal.</p>"),
    }
}

fn card(slug: &str) -> Card {
    let html = |s: &str| format!("<p>{s} of {slug}</p>");
    Card {
        slug: slug.into(),
        section: "Tests".into(),
        question: format!("Question {slug}?"),
        question_html: format!("Question {slug}?"),
        level: Level::Junior,
        importance: Importance::MustKnow,
        outline: vec!["cue".into()],
        basics: html("basics"),
        solid: html("solid"),
        depth: depth(slug),
        explanation: html("explanation"),
        platforms: Platforms {
            partitioned_logs: html("logs"),
            queue_brokers: html("queues"),
            time_based_resume: html("time"),
        },
        follow_ups: vec![FollowUp {
            question: html("follow-up"),
            answer: html("follow-up answer"),
        }],
        analogy: html("analogy"),
        red_flags: vec![format!("Assumes {slug} is free")],
        scenario: "follow-one-record".into(),
        related: vec![],
        sources: vec![],
        previous: None,
        next: None,
    }
}

fn stored() -> Progress {
    Progress::load(hoplab::storage::read("hoplab.progress").as_deref(), None, 0).progress
}

#[wasm_bindgen_test]
async fn a_session_runs_by_keyboard_and_schedules_each_grade() {
    clear_storage();
    for slug in ["t-one", "t-two", "t-three"] {
        hoplab::fetch::remember_card(card(slug));
    }
    let (root, _mounted) = mount(|| {
        provide_context(ProgressStore::load());
        let cards = ["t-one", "t-two", "t-three"].map(String::from).to_vec();
        view! { <Router><SessionView cards on_done=|_| {} /></Router> }
    });
    until("the first card", || {
        find(&root, "#practice-question").is_some()
    })
    .await;
    assert_eq!(text(&root, "#practice-question"), "Question t-one?");
    assert!(text(&root, "[data-testid=timer]").starts_with("Short answer: 20 s left"));
    assert!(
        find(&root, ".practice-answers").is_none(),
        "answers hidden until revealed"
    );

    press("3");
    leptos::task::tick().await;
    assert!(stored().reviews.is_empty(), "no grade before the reveal");

    press(" ");
    until("the answers", || find(&root, ".practice-answers").is_some()).await;
    assert!(text(&root, ".practice-answers").contains("basics of t-one"));
    assert!(text(&root, ".practice-answers").contains("solid of t-one"));
    assert!(
        text(&root, ".practice-answers").contains("Explain why t-one middle"),
        "the default target level, middle"
    );
    assert!(text(&root, ".practice-follow-up").contains("follow-up of t-one"));
    assert_eq!(all(&root, ".grade").len(), 4);

    press("3");
    until("the second card", || {
        text(&root, "#practice-question") == "Question t-two?"
    })
    .await;
    assert_eq!(stored().reviews["t-one"].last_grade, Grade::Good);
    assert!(text(&root, "[data-testid=announcer]")
        .contains("Graded good: this card comes back in 3 days"));

    press(" ");
    until("the answers", || find(&root, ".practice-answers").is_some()).await;
    press("1");
    // "Again" is due in a day, as the page says: the session does not ask it a second time.
    until("the third card", || {
        text(&root, ".practice-session__count").starts_with("Answer 3")
    })
    .await;
    assert_eq!(text(&root, "#practice-question"), "Question t-three?");
    assert!(text(&root, "[data-testid=announcer]")
        .contains("Graded again: this card comes back in 1 day"));
    assert_eq!(stored().reviews["t-two"].last_grade, Grade::Again);

    press(" ");
    until("the answers", || find(&root, ".practice-answers").is_some()).await;
    press("4");
    until("the summary", || find(&root, "#session-done").is_some()).await;
    assert!(text(&root, ".practice-done")
        .contains("3 cards practised: 1 again, 0 hard, 1 good, 1 easy"));
    assert_eq!(stored().reviews["t-two"].last_grade, Grade::Again);
    assert_eq!(stored().reviews["t-two"].reps, 1, "asked once");
    assert_eq!(stored().reviews["t-three"].last_grade, Grade::Easy);
}

#[wasm_bindgen_test]
async fn the_timer_pauses_and_skips_by_button_and_key() {
    clear_storage();
    hoplab::fetch::remember_card(card("t-timer"));
    let (root, _mounted) = mount(|| {
        provide_context(ProgressStore::load());
        view! { <Router><SessionView cards=vec!["t-timer".to_string()] on_done=|_| {} /></Router> }
    });
    until("the card", || find(&root, ".answer-timer").is_some()).await;
    press("p");
    until("paused", || {
        text(&root, "[data-testid=timer]").contains("(paused)")
    })
    .await;
    let buttons = all(&root, ".answer-timer__buttons button");
    buttons[0].click();
    until("resumed", || {
        !text(&root, "[data-testid=timer]").contains("(paused)")
    })
    .await;
    buttons[1].click();
    until("the full answer", || {
        text(&root, "[data-testid=timer]").starts_with("Now the full answer: 50 s")
    })
    .await;
    press("s");
    until("time up", || {
        text(&root, "[data-testid=timer]").starts_with("Time is up")
    })
    .await;
    assert!(
        buttons[0].has_attribute("disabled"),
        "nothing to pause once time is up"
    );
}

fn deck() -> PracticeDeck {
    let cards: Vec<Card> = (0..10)
        .map(|i| {
            let mut c = card(&format!("d{i}"));
            c.level = Level::ALL[i % 4];
            c
        })
        .collect();
    PracticeDeck::from_cards(&cards)
}

#[wasm_bindgen_test]
async fn the_quiz_explains_each_answer_and_keeps_score() {
    clear_storage();
    let (root, _mounted) = mount(|| {
        provide_context(ProgressStore::load());
        view! { <Router><Quiz deck=deck() /></Router> }
    });
    until("the statements", || all(&root, ".quiz-item").len() == 8).await;
    assert!(text(&root, "[data-testid=quiz-score]").starts_with("0 of 8 answered"));
    for item in all(&root, ".quiz-item") {
        find(&item, ".quiz-choice--costs").unwrap().click();
    }
    until("every verdict", || all(&root, ".quiz-verdict").len() == 8).await;
    let right = all(&root, ".quiz-verdict--right").len();
    assert_eq!(right, 4, "half the statements are red flags");
    assert_eq!(
        text(&root, "[data-testid=quiz-score]"),
        "Done: 4 of 8 right."
    );
    for item in all(&root, ".quiz-item") {
        let link = find(&item, ".quiz-item__card a").expect("each answer links its card");
        assert!(link.get_attribute("href").unwrap().starts_with("/cards/d"));
    }
}

#[wasm_bindgen_test]
async fn the_level_path_follows_the_target_level_and_counts_progress() {
    clear_storage();
    let mut progress = Progress::new();
    progress.record_review("d0", Grade::Good, 0, 0); // d0 is a junior card
    assert!(hoplab::storage::write(
        "hoplab.progress",
        &progress.to_json()
    ));
    let (root, _mounted) = mount(|| {
        provide_context(ProgressStore::load());
        view! { <Router><LevelPath deck=deck() /></Router> }
    });
    until("the path", || all(&root, ".path-card").len() == 10).await;
    let bars = all(&root, ".level-bar__count");
    assert!(
        bars[0]
            .text_content()
            .unwrap()
            .starts_with("1 of 3 learned"),
        "{:?}",
        bars[0].text_content()
    );
    assert!(text(&root, ".path-card__depth").contains("Explain why d0 middle"));
    let select: web_sys::HtmlSelectElement = find(&root, "#path-level").unwrap().unchecked_into();
    select.set_value("principal");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    until("principal depth", || {
        text(&root, ".path-card__depth").contains("Frames d0 principal")
    })
    .await;
    assert_eq!(
        stored().settings.target_level,
        Level::Principal,
        "the choice is saved"
    );
}

#[wasm_bindgen_test]
async fn a_second_corrupt_store_does_not_overwrite_the_first() {
    clear_storage();
    assert!(hoplab::storage::write("hoplab.progress", "{first bad"));
    let first = ProgressStore::load();
    assert_eq!(
        first.set_aside.get_untracked().as_deref(),
        Some("hoplab.progress.unreadable")
    );
    assert!(hoplab::storage::write("hoplab.progress", "{second bad"));
    let second = ProgressStore::load();
    assert_eq!(
        second.set_aside.get_untracked().as_deref(),
        Some("hoplab.progress.unreadable.2")
    );
    assert_eq!(
        hoplab::storage::read("hoplab.progress.unreadable").as_deref(),
        Some("{first bad")
    );
    assert_eq!(
        hoplab::storage::read("hoplab.progress.unreadable.2").as_deref(),
        Some("{second bad")
    );
    clear_storage();
}

#[wasm_bindgen_test]
async fn format_one_marks_are_migrated_and_saved_at_once() {
    clear_storage();
    assert!(hoplab::storage::write(
        "hoplab.progress",
        r#"{"version":1,"cards":{"copy-lag":"shaky"}}"#
    ));
    let store = ProgressStore::load();
    assert!(store
        .notice
        .get_untracked()
        .unwrap()
        .contains("feed practice mode"));
    let saved = stored();
    assert_eq!(saved.version, 2);
    assert_eq!(saved.reviews["copy-lag"].last_grade, Grade::Again);
    clear_storage();
}

fn outlined(slug: &str) -> Card {
    Card {
        outline: vec![
            "the <em>first</em> point".into(),
            "the second point".into(),
            "the third point".into(),
        ],
        ..card(slug)
    }
}

fn tick_box(root: &HtmlElement, id: &str) {
    find(root, &format!("#{id}"))
        .unwrap_or_else(|| panic!("no checkbox #{id}"))
        .click();
}

#[wasm_bindgen_test]
async fn ticking_the_outline_suggests_a_grade_and_missed_points_come_first_next_time() {
    clear_storage();
    hoplab::fetch::remember_card(outlined("t-outline"));
    let session = || {
        provide_context(ProgressStore::load());
        view! { <Router><SessionView cards=vec!["t-outline".to_string()] on_done=|_| {} /></Router> }
    };
    let (root, mounted) = mount(session);
    until("the card", || find(&root, "#practice-question").is_some()).await;
    assert!(find(&root, "[data-testid=missed-before]").is_none());
    assert!(
        find(&root, "[data-testid=checklist]").is_none(),
        "no checklist before the reveal"
    );
    press(" ");
    until("the checklist", || {
        find(&root, "[data-testid=checklist]").is_some()
    })
    .await;
    let boxes = all(&root, "[data-testid=checklist] input[type=checkbox]");
    assert_eq!(boxes.len(), 3);
    let labels: Vec<String> = all(&root, "[data-testid=checklist] label")
        .iter()
        .map(|l| l.text_content().unwrap_or_default())
        .collect();
    assert_eq!(
        labels,
        ["the first point", "the second point", "the third point"]
    );
    assert!(
        find(&root, "[data-testid=checklist] em").is_some(),
        "cue markup kept"
    );
    // Three cues and the follow-up's point.
    assert!(text(&root, "[data-testid=suggestion]")
        .starts_with("0 of 4 points made: that suggests again"));
    assert!(find(&root, ".grade--again.grade--suggested").is_some());

    tick_box(&root, "cue-0");
    tick_box(&root, "cue-2");
    until("the suggestion moves", || {
        text(&root, "[data-testid=suggestion]")
            .starts_with("2 of 4 points made: that suggests hard")
    })
    .await;
    assert!(find(&root, ".grade--hard.grade--suggested").is_some());
    assert_eq!(all(&root, ".grade--suggested").len(), 1);
    assert!(text(&root, ".grade--hard").contains("suggested"));
    // The follow-up's tick counts too.
    find(&root, ".practice-follow-up summary").unwrap().click();
    tick_box(&root, "follow-up-made");
    until("good", || {
        text(&root, "[data-testid=suggestion]")
            .starts_with("3 of 4 points made: that suggests good")
    })
    .await;
    // Space on a checkbox toggles it and does not reveal or grade; 1-4 still grade.
    press("4");
    until("graded", || find(&root, "#session-done").is_some()).await;
    assert_eq!(
        stored().reviews["t-outline"].last_grade,
        Grade::Easy,
        "the learner chose"
    );
    assert_eq!(stored().missed("t-outline"), [1], "the point not ticked");
    drop(mounted);
    root.remove();

    // Next time: the missed point first, and said before the reveal.
    let (root, _mounted) = mount(session);
    until("the card again", || {
        find(&root, "#practice-question").is_some()
    })
    .await;
    assert!(text(&root, "[data-testid=missed-before]").contains("missed 1 of the outline's points"));
    press(" ");
    until("the checklist", || {
        find(&root, "[data-testid=checklist]").is_some()
    })
    .await;
    let first = all(&root, "[data-testid=checklist] label")[0]
        .text_content()
        .unwrap_or_default();
    assert_eq!(first, "the second point missed last time");
    tick_box(&root, "cue-1");
    tick_box(&root, "cue-0");
    tick_box(&root, "cue-2");
    until("all three", || {
        text(&root, "[data-testid=suggestion]").starts_with("3 of 4")
    })
    .await;
    press("3");
    until("graded", || find(&root, "#session-done").is_some()).await;
    assert!(
        stored().missed.is_empty(),
        "every point made: nothing missed"
    );
}

/// Replaces `navigator.mediaDevices.getUserMedia` for this page: a tone from Web Audio
/// (`ok`), or a refusal with the DOMException named `refusal`.
fn fake_microphone(refusal: Option<&str>) {
    let body = match refusal {
        None => "const ctx = new AudioContext(); const tone = ctx.createOscillator(); \
                 const out = ctx.createMediaStreamDestination(); tone.connect(out); tone.start(); \
                 return out.stream;"
            .to_string(),
        Some(name) => format!("throw new DOMException('refused', '{name}');"),
    };
    js_sys::eval(&format!(
        "Object.defineProperty(navigator.mediaDevices, 'getUserMedia', \
         {{ configurable: true, value: async () => {{ {body} }} }});"
    ))
    .unwrap();
}

async fn forget_recordings() {
    let done = js_sys::eval(
        "new Promise(r => { const q = indexedDB.deleteDatabase('hoplab-recordings'); \
         q.onsuccess = q.onerror = q.onblocked = () => r(); })",
    )
    .unwrap();
    wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(done))
        .await
        .unwrap();
}

/// Lists the kept recordings (`slug`'s question is "Question <slug>?") and checks that the
/// one there is `slug`'s, labelled with `what`.
async fn the_one_recording(slug: &str, what: &str) -> (HtmlElement, impl Sized) {
    let question = format!("Question {slug}?");
    let mut titles = std::collections::BTreeMap::new();
    titles.insert(slug.to_string(), question.clone());
    let (root, mounted) = mount(move || view! { <hoplab::pages::practice::Recordings titles /> });
    until("the list", || {
        find(&root, "[data-testid=recordings] li").is_some()
    })
    .await;
    assert_eq!(all(&root, "[data-testid=recordings] li").len(), 1);
    assert!(text(&root, "[data-testid=recordings]").contains(&question));
    assert!(text(&root, "[data-testid=recordings]").contains(what));
    (root, mounted)
}

#[wasm_bindgen_test]
async fn r_records_the_answer_which_plays_back_keeps_and_deletes() {
    clear_storage();
    forget_recordings().await;
    fake_microphone(None);
    hoplab::fetch::remember_card(card("t-record"));
    let (root, mounted) = mount(|| {
        provide_context(ProgressStore::load());
        view! { <Router><SessionView cards=vec!["t-record".to_string()] on_done=|_| {} /></Router> }
    });
    until("the card", || {
        find(&root, "[data-testid=recorder-answer]").is_some()
    })
    .await;
    let button = find(&root, ".answer-timer .recorder__button").unwrap();
    assert_eq!(button.text_content().unwrap(), "Record your answer (R)");
    press("r");
    until("recording", || {
        text(&root, "[data-testid=recorder-answer]").contains("the microphone is on")
    })
    .await;
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    gloo_timers::future::TimeoutFuture::new(400).await;
    press("R");
    until("the take", || find(&root, ".answer-timer audio").is_some()).await;
    let src = find(&root, ".answer-timer audio")
        .unwrap()
        .get_attribute("src")
        .unwrap();
    assert!(src.starts_with("blob:"), "{src}");
    assert_eq!(
        button.text_content().unwrap(),
        "Record your answer again (R)"
    );
    let keep = all(&root, ".answer-timer .recorder__take button");
    assert_eq!(keep[0].text_content().unwrap(), "Keep it");
    keep[0].click();
    until("kept", || {
        text(&root, "[data-testid=recorder-answer]").contains("Kept in this browser")
    })
    .await;
    // The reveal stops a take; the follow-up has a recorder of its own, on R after it.
    press(" ");
    until("the answers", || find(&root, ".practice-answers").is_some()).await;
    until("R moves to the follow-up", || {
        find(&root, ".practice-follow-up .recorder__button")
            .is_some_and(|b| b.text_content().unwrap_or_default().ends_with("(R)"))
    })
    .await;
    drop(mounted);
    root.remove();

    let (root, _mounted) = the_one_recording("t-record", "answer ·").await;
    find(&root, "[data-testid=recordings] li button")
        .unwrap()
        .click();
    until("deleted", || {
        find(&root, "[data-testid=recordings-empty]").is_some()
    })
    .await;
}

#[wasm_bindgen_test]
async fn a_refused_microphone_says_so_and_practice_goes_on() {
    clear_storage();
    fake_microphone(Some("NotAllowedError"));
    hoplab::fetch::remember_card(card("t-refused"));
    let (root, _mounted) = mount(|| {
        provide_context(ProgressStore::load());
        view! { <Router><SessionView cards=vec!["t-refused".to_string()] on_done=|_| {} /></Router> }
    });
    until("the card", || {
        find(&root, ".answer-timer .recorder__button").is_some()
    })
    .await;
    find(&root, ".answer-timer .recorder__button")
        .unwrap()
        .click();
    until("the refusal", || {
        text(&root, "[data-testid=recorder-answer]").contains("permission was refused")
    })
    .await;
    assert!(find(&root, ".answer-timer audio").is_none());
    fake_microphone(Some("NotFoundError"));
    press("r");
    until("no microphone", || {
        text(&root, "[data-testid=recorder-answer]").contains("No microphone was found")
    })
    .await;
    press(" ");
    until("the answers", || find(&root, ".practice-answers").is_some()).await;
    press("3");
    until("graded", || find(&root, "#session-done").is_some()).await;
    assert_eq!(stored().reviews["t-refused"].last_grade, Grade::Good);
}

/// A card page's timed reveal with the record button its recorder chunk holds.
fn card_reveal(slug: &'static str) -> (HtmlElement, impl Sized) {
    use hoplab::pages::card::{record_button, RecordButton, TimedReveal};
    use hoplab::practice::recording::Part;
    let button: RecordButton = record_button;
    mount(move || {
        view! {
            <TimedReveal id="basics" title="The 20-second answer" seconds=20
                html="<p>the answer</p>".to_string() record=(slug.to_string(), Part::Basics) recorder=button />
        }
    })
}

#[wasm_bindgen_test]
async fn a_card_reveal_records_while_the_clock_runs_plays_back_and_keeps() {
    forget_recordings().await;
    fake_microphone(None);
    let (root, mounted) = card_reveal("t-card-record");
    let button = find(&root, ".reveal .recorder__button").unwrap();
    assert_eq!(
        button.text_content().unwrap(),
        "Record your 20-second answer"
    );
    find(&root, ".reveal__buttons button").unwrap().click();
    until("the clock", || text(&root, ".countdown").contains("s left")).await;
    button.click();
    until("recording", || {
        text(&root, "[data-testid=recorder-basics]").contains("the microphone is on")
    })
    .await;
    gloo_timers::future::TimeoutFuture::new(400).await;
    // Revealing stops the take, which plays beside the answer.
    all(&root, ".reveal__buttons button")[1].click();
    until("the take", || find(&root, ".reveal audio").is_some()).await;
    assert!(find(&root, ".reveal__answer").is_some());
    assert_eq!(
        button.text_content().unwrap(),
        "Record your 20-second answer again"
    );
    // Record again, then keep.
    button.click();
    until("recording again", || {
        text(&root, "[data-testid=recorder-basics]").contains("the microphone is on")
    })
    .await;
    assert!(find(&root, ".reveal audio").is_none());
    gloo_timers::future::TimeoutFuture::new(300).await;
    button.click();
    until("the second take", || find(&root, ".reveal audio").is_some()).await;
    all(&root, ".reveal .recorder__take button")[0].click();
    until("kept", || {
        text(&root, "[data-testid=recorder-basics]").contains("Kept in this browser")
    })
    .await;
    drop(mounted);
    root.remove();

    the_one_recording("t-card-record", "20-second answer ·").await;
}

#[wasm_bindgen_test]
async fn a_card_reveal_says_when_it_cannot_record_and_still_reveals() {
    fake_microphone(Some("NotAllowedError"));
    let (root, _mounted) = card_reveal("t-card-refused");
    find(&root, ".reveal .recorder__button").unwrap().click();
    until("the refusal", || {
        text(&root, "[data-testid=recorder-basics]").contains("permission was refused")
    })
    .await;
    fake_microphone(Some("NotFoundError"));
    find(&root, ".reveal .recorder__button").unwrap().click();
    until("no microphone", || {
        text(&root, "[data-testid=recorder-basics]").contains("No microphone was found")
    })
    .await;
    assert!(
        text(&root, "[data-testid=recorder-basics]").contains("Everything else works as before")
    );
    all(&root, ".reveal__buttons button")[1].click();
    until("the answer", || find(&root, ".reveal__answer").is_some()).await;
    assert!(find(&root, ".reveal audio").is_none());
}

#[wasm_bindgen_test]
async fn a_card_reveal_without_its_recorder_chunk_has_no_record_button() {
    use hoplab::pages::card::TimedReveal;
    let (root, _mounted) = mount(|| {
        view! { <TimedReveal id="solid" title="The 50-second answer" seconds=50 html="<p>long</p>".to_string() /> }
    });
    assert!(find(&root, ".recorder").is_none());
    all(&root, ".reveal__buttons button")[1].click();
    until("the answer", || find(&root, ".reveal__answer").is_some()).await;
}
