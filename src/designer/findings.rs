//! Which drawn elements a lint finding concerns. The finding itself comes from the model;
//! this only reads its subject back onto the canvas.

use super::design::{stream_ref, ElementRef};
use hoplab_model::{Finding, Topology};

pub fn targets(f: &Finding, t: &Topology) -> Vec<ElementRef> {
    let s = f.subject.as_str();
    let hop = |id: &str| t.hops.iter().any(|h| h.id == id);
    match f.code {
        "echo-loop" => {
            // The subject lists the cycle's hops joined by commas; a hop id may itself
            // hold a comma, so match whole ids against the list rather than splitting.
            let list = format!(",{s},");
            t.hops
                .iter()
                .filter(|h| list.contains(&format!(",{},", h.id)))
                .map(|h| ElementRef::Hop(h.id.clone()))
                .collect()
        }
        "written-at-two-sites" => t
            .streams
            .iter()
            .filter(|x| x.name == s)
            .map(|x| ElementRef::Stream(stream_ref(&x.site, &x.name)))
            .collect(),
        _ => {
            // One named element: a hop, reader group, companion, writer or site.
            let mut out = Vec::new();
            if hop(s) {
                out.push(ElementRef::Hop(s.into()));
            }
            if t.readers.iter().any(|r| r.id == s) {
                out.push(ElementRef::Reader(s.into()));
            }
            if t.companions.iter().any(|c| c.name == s) {
                out.push(ElementRef::Companion(s.into()));
            }
            if t.writers.iter().any(|w| w.id == s) {
                out.push(ElementRef::Writer(s.into()));
            }
            if t.sites.iter().any(|x| x.name == s) {
                out.push(ElementRef::Site(s.into()));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::templates;

    #[test]
    fn an_echo_loop_points_at_both_hops_even_with_commas_in_names() {
        let mut d = templates::build("active-active").unwrap();
        for h in &mut d.spec.topology.hops {
            h.options.stamp = hoplab_model::spec::OriginStamp::None;
            h.id = format!("{}, east", h.id);
        }
        let t = d.topology();
        let f = hoplab_model::lint(t)
            .into_iter()
            .find(|f| f.code == "echo-loop")
            .unwrap();
        let got = targets(&f, t);
        assert_eq!(got.len(), 2, "{got:?}");
    }

    #[test]
    fn every_template_finding_points_somewhere() {
        for tpl in templates::ALL {
            let d = templates::build(tpl.id).unwrap();
            for f in hoplab_model::lint(d.topology()) {
                assert!(
                    !targets(&f, d.topology()).is_empty(),
                    "{}: {}",
                    tpl.id,
                    f.code
                );
            }
        }
    }
}
