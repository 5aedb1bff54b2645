use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::set_page_title;

/// The topology designer is not built yet: say so plainly, and point at what exists.
#[component]
pub fn Designer() -> impl IntoView {
    set_page_title("Topology designer");
    view! {
        <div class="page designer">
            <h1>"Topology designer"</h1>
            <p class="notice" role="status">
                <strong>"Not built yet. "</strong>
                "The designer will let you sketch sites, streams and hops, set each hop's options, "
                "see what the design gets wrong (echo loops, missing position maps, tails that a site "
                "loss would take with it) and run it in the simulator."
            </p>
            <p>
                "Until then, the model's command-line tool lints a topology file in the same format "
                "the designer will use, and the "
                <A href="/lab">"lab"</A>
                " runs every scenario the cards describe."
            </p>
        </div>
    }
}
