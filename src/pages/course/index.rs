//! `/course`: the lessons in order, with the reader's progress through each.

use hoplab_content::course::CourseIndex;
use leptos::prelude::*;
use leptos_router::components::A;

use super::store::CourseStore;
use crate::components::{set_page_title, DismissibleNotice, LoadError, Loading};
use crate::fetch;

#[component]
pub fn CourseIndexPage() -> impl IntoView {
    crate::page_styles::COURSE.add();
    set_page_title("Course");
    let store = CourseStore::load();
    let index = LocalResource::new(|| async {
        fetch::get_json::<CourseIndex>(&fetch::data_url("course/index.json")).await
    });
    view! {
        <div class="page course">
            <header class="page-header">
                <h1>"The course"</h1>
                <p class="lede">
                    "A path through cross-cluster copying for newcomers: short lessons, each beside a live run of the copier model. A lesson tells you what to do (stall the copier, lose a site, move the readers) and what you should then see, and ends with one question."
                </p>
            </header>
            <DismissibleNotice notice=store.notice />
            <Suspense fallback=|| view! { <Loading what="the course" /> }>
                {move || index.get().map(|result| match result {
                    Ok(index) => view! { <LessonList index store /> }.into_any(),
                    Err(error) => view! { <LoadError what="the course" error /> }.into_any(),
                })}
            </Suspense>
        </div>
    }
}

#[component]
fn LessonList(index: CourseIndex, store: CourseStore) -> impl IntoView {
    let lessons = index.lessons;
    let done = {
        let lessons = lessons.clone();
        move || {
            store.progress.with(|p| {
                lessons
                    .iter()
                    .filter(|l| p.is_done(&l.slug, l.steps))
                    .count()
            })
        }
    };
    let total = lessons.len();
    let next = {
        let lessons = lessons.clone();
        move || {
            store.progress.with(|p| {
                lessons
                    .iter()
                    .find(|l| !p.is_done(&l.slug, l.steps))
                    .map(|l| (l.slug.clone(), l.title.clone()))
            })
        }
    };
    view! {
        <p class="course-progress" role="status">
            {move || format!("{} of {total} lessons done.", done())}
            " "
            {move || next().map(|(slug, title)| view! {
                <A href=format!("/course/{slug}") attr:class="button">{format!("Continue: {title}")}</A>
            })}
        </p>
        <ol class="course-list">
            {lessons
                .into_iter()
                .map(|l| {
                    let slug = l.slug.clone();
                    let steps = l.steps;
                    let slug = StoredValue::new(slug);
                    let state = move || {
                        store.progress.with(|p| {
                            let slug = slug.get_value();
                            let progress = p.lesson(&slug);
                            if p.is_done(&slug, steps) {
                                "done"
                            } else if progress.passed || !progress.steps_done.is_empty() {
                                "started"
                            } else {
                                "new"
                            }
                        })
                    };
                    let state = Signal::derive(state);
                    let label = move || match state.get() {
                        "done" => "Done",
                        "started" => "Started",
                        _ => "Not started",
                    };
                    view! {
                        <li class="course-item" data-state=state>
                            <h2><A href=format!("/course/{}", l.slug)>{l.title}</A></h2>
                            <p>{l.summary}</p>
                            <p class="course-item__meta">
                                {format!("{} steps and a question · ", l.steps)}
                                <span class="course-item__state">{label}</span>
                            </p>
                        </li>
                    }
                })
                .collect_view()}
        </ol>
    }
}
