//! `/course/:slug`: one lesson. The prose and its steps sit beside a live run of the
//! lesson's scenario; "Do this step" replays the run to the step's time, presses its
//! button and plays on to where the step says what to look at.

use hoplab_content::course::{CourseIndex, Lesson};
use hoplab_model::scenarios;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use super::check::CheckQuestionForm;
use super::store::CourseStore;
use crate::components::{set_page_title, DismissibleNotice, LoadError, Loading};
use crate::course::steps::{next_phase, plan, Phase, StepPlan};
use crate::fetch;
use crate::lab::url_state::{Action, RunState, DEFAULT_SEED};
use crate::pages::lab::{RunHandle, RunShow, RunView};

#[component]
pub fn LessonPage() -> impl IntoView {
    crate::page_styles::COURSE.add();
    let params = use_params_map();
    let slug = move || params.read().get("slug").unwrap_or_default();
    let lesson = LocalResource::new(move || {
        let slug = slug();
        async move {
            // Asking the index first means an unknown lesson is a message, not a failed request.
            let index: CourseIndex = fetch::get_json(&fetch::data_url("course/index.json")).await?;
            if !index.lessons.iter().any(|l| l.slug == slug) {
                return Err("not found".to_string());
            }
            fetch::get_json::<Lesson>(&fetch::data_url(&format!("course/{slug}.json"))).await
        }
    });
    view! {
        <div class="page course-lesson">
            <Suspense fallback=|| view! { <Loading what="the lesson" /> }>
                {move || lesson.get().map(|result| match result {
                    Ok(lesson) => view! { <LessonView lesson /> }.into_any(),
                    Err(error) if error == "not found" => view! { <UnknownLesson slug=slug() /> }.into_any(),
                    Err(error) => view! { <LoadError what="the lesson" error /> }.into_any(),
                })}
            </Suspense>
        </div>
    }
}

#[component]
fn UnknownLesson(slug: String) -> impl IntoView {
    set_page_title("Lesson not found");
    view! {
        <h1>"No such lesson"</h1>
        <p>"The course has no lesson called " <code>{slug}</code> ". " <A href="/course">"See all the lessons"</A> "."</p>
    }
}

/// The step being carried out, and how far it has come.
#[derive(Clone, Debug, PartialEq)]
struct Active {
    index: usize,
    plan: StepPlan,
    phase: Phase,
}

#[component]
fn LessonView(lesson: Lesson) -> impl IntoView {
    set_page_title(&lesson.title);
    let store = CourseStore::load();
    let Some(scenario) = scenarios::get(&lesson.scenario) else {
        let error = format!(
            "its scenario '{}' is not in this version of the lab",
            lesson.scenario
        );
        return view! { <LoadError what="the lesson" error /> }.into_any();
    };
    let pairs = lesson.knobs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let values = match scenario.values_from_pairs(pairs) {
        Ok(values) => values,
        Err(e) => return view! { <LoadError what="the lesson" error=e.to_string() /> }.into_any(),
    };
    let mut show = RunShow::for_scenario(&scenario);
    // The lesson's own buttons and text fields share the page: Space and → stay theirs.
    show.page_keys = false;
    let spec = match scenario.build(&values) {
        Ok(spec) => spec,
        Err(e) => return view! { <LoadError what="the lesson" error=e.to_string() /> }.into_any(),
    };
    let run = RunHandle::new(spec, show);
    let run_box = NodeRef::<leptos::html::Div>::new();
    let slug = StoredValue::new(lesson.slug.clone());
    let lesson = StoredValue::new(lesson);
    let active = RwSignal::new(None::<Active>);
    let spoken = RwSignal::new(String::new());

    let start_step = move |index: usize| {
        let Some(plan) = lesson.with_value(|l| plan(l, index)) else {
            return;
        };
        let actions = plan
            .earlier_presses
            .iter()
            .map(|(at_ms, button)| Action {
                at_ms: *at_ms,
                button: button.clone(),
            })
            .collect();
        run.pause();
        run.load(
            None,
            &RunState {
                seed: DEFAULT_SEED,
                time_ms: plan.at_ms,
                actions,
                ..run.state()
            },
        );
        let title = lesson.with_value(|l| l.steps[index].title.clone());
        spoken.set(format!(
            "Step {}: {title}. Moving the lab to its start.",
            index + 1
        ));
        active.set(Some(Active {
            index,
            plan,
            phase: Phase::Seeking,
        }));
        show_the_stage(run_box);
    };

    // Moves the active step on as the lab reaches each point (no model logic: the run
    // does the work; this only says what to do next).
    Effect::new(move |_| {
        let ready = run.ready();
        let now = run.now();
        let Some(mut step) = active.get() else {
            return;
        };
        let next = next_phase(step.phase, &step.plan, ready, now);
        if next == step.phase {
            return;
        }
        match (step.phase, next) {
            (Phase::Seeking, _) => {
                if let Some(button) = &step.plan.press {
                    run.press(button);
                }
                if next == Phase::Playing {
                    run.play();
                }
            }
            (Phase::Playing, Phase::Settling) => {
                run.pause();
                run.seek(step.plan.end_ms());
            }
            _ => {}
        }
        if next == Phase::Done {
            let see = lesson.with_value(|l| l.steps[step.index].see.clone());
            spoken.set(format!("Step {} done. {see}", step.index + 1));
            store.update(|p| p.mark_step(&slug.get_value(), step.index));
        }
        step.phase = next;
        active.set(Some(step));
    });

    let l = lesson.get_value();
    let steps_total = l.steps.len();
    let step_items = l
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let is_active = move || active.with(|a| a.as_ref().is_some_and(|a| a.index == i));
            let phase = move || active.with(|a| a.as_ref().filter(|a| a.index == i).map(|a| a.phase));
            let done = move || store.progress.with(|p| p.lesson(&slug.get_value()).steps_done.contains(&i));
            let status = move || match phase() {
                Some(Phase::Seeking) => "Moving the lab to the start of this step…",
                Some(Phase::Playing | Phase::Settling) => "Playing…",
                Some(Phase::Done) => "Now look at the lab:",
                None if done() => "Done.",
                None => "",
            };
            let action = match (&step.press, step.play_to_ms) {
                (Some(_), Some(_)) => "Press it and play on",
                (Some(_), None) => "Press it",
                (None, Some(_)) => "Play this step",
                (None, None) => "Go to this moment",
            };
            let see = step.see.clone();
            let button_label = step
                .press
                .as_ref()
                .and_then(|id| run.with_show(|s| s.button(id).map(|b| b.label.clone())));
            view! {
                <li class="lesson-step" class:lesson-step--active=is_active class:lesson-step--done=done>
                    <h3>{format!("{}. {}", i + 1, step.title)}</h3>
                    <div class="prose" inner_html=step.say_html.clone()></div>
                    <p class="lesson-step__do">
                        <button type="button" class="button" on:click=move |_| start_step(i)
                            aria-describedby=format!("lesson-step-{i}-status")>
                            {action}
                            {button_label.map(|b| format!(" ({b})"))}
                        </button>
                        <span class="lesson-step__status" id=format!("lesson-step-{i}-status")>{status}</span>
                    </p>
                    <Show when=move || phase() == Some(Phase::Done) || (phase().is_none() && done())>
                        <p class="lesson-step__see"><strong>"You should see: "</strong>{see.clone()}</p>
                    </Show>
                </li>
            }
        })
        .collect_view();
    // Cards by their question once the index arrives; by their slug until then (or if not).
    let index = LocalResource::new(fetch::card_index);
    let cards = l
        .cards
        .clone()
        .into_iter()
        .map(|slug| {
            let href = format!("/cards/{slug}");
            let label = move || {
                index
                    .get()
                    .and_then(Result::ok)
                    .and_then(|i| i.find(&slug).map(|c| c.question.clone()))
                    .unwrap_or_else(|| slug.replace('-', " "))
            };
            view! { <li><A href=href>{label}</A></li> }
        })
        .collect_view();
    let lab_link = {
        let knobs: Vec<String> = l.knobs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let query = if knobs.is_empty() {
            String::new()
        } else {
            format!("?{}", knobs.join("&"))
        };
        format!("/lab/{}{query}", l.scenario)
    };
    let nav = |slug: Option<String>, rel: &'static str, label: &'static str| {
        slug.map(|slug| view! { <A href=format!("/course/{slug}") attr:rel=rel attr:class=format!("lesson-nav__{rel}")>{label}</A> })
    };
    let passed = move || store.progress.with(|p| p.lesson(&slug.get_value()).passed);
    view! {
        <nav class="breadcrumbs" aria-label="Breadcrumbs">
            <A href="/course">"Course"</A> " › " {format!("Lesson {}", l.number)}
        </nav>
        <DismissibleNotice notice=store.notice />
        <div class="lesson-grid">
            <article class="lesson-text" aria-labelledby="lesson-title">
                <h1 id="lesson-title">{l.title.clone()}</h1>
                <div class="prose" inner_html=l.intro_html.clone()></div>
                <h2>"Steps"</h2>
                <ol class="lesson-steps">{step_items}</ol>
                <p class="visually-hidden" aria-live="polite">{move || spoken.get()}</p>
                <h2>"Check yourself"</h2>
                <CheckQuestionForm check=l.check.clone() name=format!("check-{}", l.slug)
                    on_correct=move || store.update(|p| p.mark_passed(&slug.get_value())) />
                <Show when=passed>
                    <p class="lesson-passed">"You answered this lesson’s question correctly."</p>
                </Show>
                <h2>"Read more"</h2>
                <ul class="lesson-cards">{cards}</ul>
                <p><A href=lab_link>"Open this run in the lab"</A>" to explore it freely, or "<A href="/challenges">"design it yourself in a challenge"</A>", graded by the model’s faults (each card above names the challenges on it)."</p>
                <nav class="lesson-nav" aria-label="Lessons">
                    {nav(l.previous.clone(), "prev", "← Previous lesson")}
                    {nav(l.next.clone(), "next", "Next lesson →")}
                </nav>
                <p class="visually-hidden">{format!("This lesson has {steps_total} steps.")}</p>
            </article>
            <div class="lesson-run" node_ref=run_box>
                <RunView run=run />
            </div>
        </div>
    }
    .into_any()
}

/// Brings the lab's stage into view when a step starts and it is out of sight (on a phone
/// the run sits below the lesson's text): the step plays where the reader can watch it.
/// An instant jump, no animation, so reduced motion needs nothing of its own.
fn show_the_stage(run_box: NodeRef<leptos::html::Div>) {
    let Some(stage) = run_box
        .get_untracked()
        .and_then(|b| b.query_selector("svg.stage").ok().flatten())
    else {
        return;
    };
    let rect = stage.get_bounding_client_rect();
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if rect.top() < height && rect.bottom() > 0.0 {
        return;
    }
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Center);
    stage.scroll_into_view_with_scroll_into_view_options(&options);
}
