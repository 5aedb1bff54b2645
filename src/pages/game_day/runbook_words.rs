//! The design's own runbook beside the moves: for each copy into the site that takes
//! over, the switch in its copier's own words (MirrorMaker 2, Cluster Linking, JetStream,
//! RabbitMQ, …) where the hop says, or its options match, which copier it is.

use hoplab_model::spec::Topology;
use leptos::prelude::*;

use crate::designer::runbook::terms;

/// (hop, its failover steps) for each hop into `to` whose copier has words of its own.
fn steps_into(estate: &Topology, to: &str) -> Vec<(String, Vec<String>)> {
    estate
        .hops
        .iter()
        .filter(|h| h.to.site == to)
        .filter_map(|h| terms::of_hop(h).map(|c| (h.id.clone(), terms::failover(h, c))))
        .collect()
}

#[component]
pub(super) fn RunbookWords(estate: Topology, to: String) -> impl IntoView {
    let steps = steps_into(&estate, &to);
    (!steps.is_empty()).then(|| {
        view! {
            <details class="gd-runbook">
                <summary>"The runbook, in each copier’s own words"</summary>
                {steps.into_iter().map(|(hop, lines)| view! {
                    <h4>{hop}</h4>
                    <ol>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ol>
                }).collect_view()}
            </details>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mirror_into_the_site_taking_over_brings_its_copiers_words() {
        let c = hoplab_model::challenge::find("failover-drill").unwrap();
        let steps = steps_into(&c.reference, "standby");
        assert_eq!(steps.len(), 1);
        assert!(
            steps[0].1.iter().any(|l| l.contains("promote")),
            "{steps:?}"
        );
        assert!(steps_into(&c.reference, "primary").is_empty());
    }
}
