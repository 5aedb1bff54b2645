//! Which drawn elements a lint finding concerns. The finding itself comes from the model;
//! this only maps its typed subjects onto the canvas.

use super::design::{stream_ref, ElementRef};
use hoplab_model::{Finding, Subject, Topology};

pub fn targets(f: &Finding, t: &Topology) -> Vec<ElementRef> {
    f.subjects
        .iter()
        .flat_map(|s| match s {
            Subject::Hop(id) => vec![ElementRef::Hop(id.clone())],
            Subject::StreamName(name) => t
                .streams
                .iter()
                .filter(|x| &x.name == name)
                .map(|x| ElementRef::Stream(stream_ref(&x.site, &x.name)))
                .collect(),
            Subject::Reader(id) => vec![ElementRef::Reader(id.clone())],
            Subject::Writer(id) => vec![ElementRef::Writer(id.clone())],
            Subject::Companion(name) => vec![ElementRef::Companion(name.clone())],
        })
        .collect()
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
        let f = hoplab_copiers::design_lint(t)
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
            for f in hoplab_copiers::design_lint(d.topology()) {
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
