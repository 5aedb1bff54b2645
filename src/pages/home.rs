use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::set_page_title;

/// What Hoplab is, and the ways in.
#[component]
pub fn Home() -> impl IntoView {
    set_page_title("");
    view! {
        <div class="page home">
            <section class="hero">
                <h1>"See what happens between two clusters."</h1>
                <p class="lede">
                    "Hoplab teaches cross-cluster stream copying: why the copy is always behind, "
                    "why record numbers stop meaning anything on the other side, how two sites echo "
                    "each other forever, and what you lose when a site goes dark. Study the questions, "
                    "watch the simulator prove each answer, then sketch your own topology."
                </p>
            </section>
            <EntryPoints />
            <section class="home-facts" aria-labelledby="facts-heading">
                <h2 id="facts-heading">"Three things the lab will show you"</h2>
                <ol>
                    <li>"A writer is told its record is stored before any copier has read it: the far copy is always behind."</li>
                    <li>"The target numbers records in its own space, so a source position means nothing there without a position map."</li>
                    <li>"Two copiers facing each other with no origin stamp copy the same record back and forth without end."</li>
                </ol>
            </section>
        </div>
    }
}

/// The ways in: study, practise, onboard, explore, design, prove it.
#[component]
fn EntryPoints() -> impl IntoView {
    view! {
        <ul class="entry-points" role="list">
            <li>
                <A href="/cards" attr:class="entry-point">
                    <span class="entry-point__kicker">"Study"</span>
                    <span class="entry-point__title">"26 interview questions"</span>
                    <span class="entry-point__text">
                        "The Cross-Cluster Continuity tree: a 20-second and a 50-second answer for each, "
                        "what juniors to principals are expected to add, follow-ups and red flags."
                    </span>
                </A>
            </li>
            <li>
                <A href="/practice" attr:class="entry-point">
                    <span class="entry-point__kicker">"Practise"</span>
                    <span class="entry-point__title">"A mock interview"</span>
                    <span class="entry-point__text">
                        "Answer aloud against the clock, grade yourself, and let spaced repetition "
                        "bring each card back when it is due. A red-flag quiz and a level path too."
                    </span>
                </A>
            </li>
            <li>
                <A href="/course" attr:class="entry-point">
                    <span class="entry-point__kicker">"Onboard"</span>
                    <span class="entry-point__title">"A guided course"</span>
                    <span class="entry-point__text">
                        "Seven short lessons, each beside a live run: stall the copier, lose a site, "
                        "move the readers, watch an echo loop, and check what you learned."
                    </span>
                </A>
            </li>
            <li>
                <A href="/lab" attr:class="entry-point">
                    <span class="entry-point__kicker">"Explore"</span>
                    <span class="entry-point__title">"The copier lab"</span>
                    <span class="entry-point__text">
                        "A deterministic simulation of clusters, writers, readers and copiers. "
                        "Stall a hop, lose a site, fail readers over, and watch the numbers move."
                    </span>
                </A>
            </li>
            <li>
                <A href="/designer" attr:class="entry-point">
                    <span class="entry-point__kicker">"Design"</span>
                    <span class="entry-point__title">"A hop topology"</span>
                    <span class="entry-point__text">
                        "Sketch sites, streams and hops, and see what the design gets wrong: "
                        "loops, missing position maps, tails that would be lost."
                    </span>
                </A>
            </li>
            <li>
                <A href="/challenges" attr:class="entry-point">
                    <span class="entry-point__kicker">"Prove it"</span>
                    <span class="entry-point__title">"Design challenges"</span>
                    <span class="entry-point__text">
                        "An interview brief, your design, and the model's verdict: its hidden faults "
                        "run against your design on five seeds. Check your own MirrorMaker 2 at /resume."
                    </span>
                </A>
            </li>
        </ul>
    }
}
