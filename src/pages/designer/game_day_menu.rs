//! A failover game day on the design as it stands: pick the site lost and the site that
//! takes over, and the game day page opens with the design in its address (as a share
//! link carries it, so nothing is sent anywhere).

use leptos::prelude::*;

use super::state::use_ctx;
use crate::designer::share;

#[component]
pub fn GameDayMenu() -> impl IntoView {
    let ctx = use_ctx();
    let sites =
        move || ctx.with_topology(|t| t.sites.iter().map(|s| s.name.clone()).collect::<Vec<_>>());
    let lose = RwSignal::new(String::new());
    let to = RwSignal::new(String::new());
    // Until the learner picks, the first site is lost and the second takes over.
    let picked = move |chosen: RwSignal<String>, nth: usize| {
        let all = sites();
        let now = chosen.get();
        if all.contains(&now) {
            now
        } else {
            all.get(nth).cloned().unwrap_or_default()
        }
    };
    let navigate = leptos_router::hooks::use_navigate();
    let play = move |_| {
        let (lose, to) = (picked(lose, 0), picked(to, 1));
        if lose.is_empty() || to.is_empty() || lose == to {
            return ctx.error("A game day needs two sites: one lost, another that takes over.");
        }
        match share::encode(&ctx.design_untracked()) {
            Ok(fragment) => {
                let href = format!(
                    "/drills/custom?lose={}&to={}#{fragment}",
                    js_sys::encode_uri_component(&lose),
                    js_sys::encode_uri_component(&to)
                );
                navigate(&href, Default::default());
            }
            Err(e) => ctx.error(e.to_string()),
        }
    };
    let options = move |chosen: RwSignal<String>, nth: usize| {
        sites()
            .into_iter()
            .map(|s| {
                let selected = s == picked(chosen, nth);
                view! { <option value=s.clone() selected=selected>{s.clone()}</option> }
            })
            .collect_view()
    };
    view! {
        <div class="tool-group">
            <label for="dz-gd-lose">"Game day: lose"</label>
            <select id="dz-gd-lose" on:change=move |ev| lose.set(event_target_value(&ev))>{move || options(lose, 0)}</select>
            <label for="dz-gd-to">"fail over to"</label>
            <select id="dz-gd-to" on:change=move |ev| to.set(event_target_value(&ev))>{move || options(to, 1)}</select>
            <button type="button" on:click=play>"Play the game day"</button>
        </div>
    }
}
