//! The hops a brief allows: "the network team will only allow links around a ring". A
//! brief that lists `allowed_hops` refuses a design with a hop between two sites it does
//! not list, naming the hop, as a changed given is refused: a full mesh answers a ring's
//! brief no better than a dropped writer does. A hop within one site crosses no link and
//! is always allowed; a brief that lists none allows every hop.

use super::GradeError;
use crate::spec::{HopSpec, Topology};
use serde::{Deserialize, Serialize};

/// One direction a copy may cross: from the site `from` to the site `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllowedHop {
    pub from: String,
    pub to: String,
}

impl AllowedHop {
    fn allows(&self, h: &HopSpec) -> bool {
        self.from == h.from.site && self.to == h.to.site
    }
}

/// Whether every hop of `design` between two sites is one `allowed` lists (any, when it
/// lists none); the error names the first that is not, and what the brief allows.
pub fn check_allowed_hops(allowed: &[AllowedHop], design: &Topology) -> Result<(), GradeError> {
    let refused = design.hops.iter().find(|h| {
        h.from.site != h.to.site && !allowed.is_empty() && !allowed.iter().any(|a| a.allows(h))
    });
    let Some(h) = refused else {
        return Ok(());
    };
    let listed: Vec<String> = allowed
        .iter()
        .map(|a| format!("{} to {}", a.from, a.to))
        .collect();
    Err(GradeError(format!(
        "the design has a hop the brief does not allow: {} copies from {} to {}; the brief \
         allows hops only from {}",
        h.id,
        h.from.site,
        h.to.site,
        listed.join(", ")
    )))
}

/// Whether the brief's own list is sound: each names two different sites of its
/// `givens`, once.
pub(super) fn check_list(allowed: &[AllowedHop], givens: &Topology) -> Result<(), String> {
    let known = |s: &str| givens.sites.iter().any(|g| g.name == s);
    for (i, a) in allowed.iter().enumerate() {
        let field = format!("allowed_hops[{i}]");
        if let Some(s) = [&a.from, &a.to].into_iter().find(|s| !known(s)) {
            return Err(format!("{field}: {s} is not a site of the givens"));
        }
        if a.from == a.to {
            return Err(format!("{field}: a hop within {} crosses no link", a.from));
        }
        if allowed[..i].contains(a) {
            return Err(format!("{field}: {} to {} is listed twice", a.from, a.to));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::kit::*;

    fn ring() -> Vec<AllowedHop> {
        [("A", "B"), ("B", "C"), ("C", "A")]
            .iter()
            .map(|(f, t)| AllowedHop {
                from: (*f).into(),
                to: (*t).into(),
            })
            .collect()
    }

    fn design(links: &[(&str, &str)]) -> Topology {
        let hops = links
            .iter()
            .map(|(f, t)| {
                hop(
                    &format!("{f}{t}"),
                    at(f, "s"),
                    at(t, "s"),
                    Default::default(),
                )
            })
            .collect();
        hops_between(hops, &["A", "B", "C"])
    }

    #[test]
    fn hops_around_the_ring_pass_and_a_hop_against_it_is_refused_by_name() {
        let ring_only = design(&[("A", "B"), ("B", "C"), ("C", "A")]);
        assert!(check_allowed_hops(&ring(), &ring_only).is_ok());
        let e = check_allowed_hops(&ring(), &design(&[("A", "B"), ("B", "A")])).unwrap_err();
        assert!(
            e.0.contains("BA copies from B to A") && e.0.contains("only from A to B, B to C"),
            "{e}"
        );
        // Listing none allows every hop; a hop within one site crosses no link.
        assert!(check_allowed_hops(&[], &design(&[("B", "A")])).is_ok());
        assert!(check_allowed_hops(&ring(), &design(&[("A", "A")])).is_ok());
    }

    #[test]
    fn a_list_naming_an_unknown_site_a_site_to_itself_or_a_pair_twice_is_unsound() {
        let givens = design(&[]);
        assert!(check_list(&ring(), &givens).is_ok());
        let mut odd = ring();
        odd[1].to = "Z".into();
        assert!(check_list(&odd, &givens)
            .unwrap_err()
            .contains("Z is not a site"));
        odd[1].to = "B".into();
        assert!(check_list(&odd, &givens)
            .unwrap_err()
            .contains("crosses no link"));
        odd[1] = odd[0].clone();
        assert!(check_list(&odd, &givens)
            .unwrap_err()
            .contains("listed twice"));
    }
}
