//! Writes a design back as a product's file. Each writer puts down what its reader
//! reads, so import -> export -> import gives the same topology; what a product cannot
//! say (a stamp it does not have, a round trip) is left out.

pub use crate::products::mm2::write::WRITTEN_FLOW_KEYS;

use crate::Format;
use hoplab_model::spec::{HopSpec, Topology};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportError {
    pub message: String,
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExportError {}

/// The design as a file of format `to` (one of those [`Format::can_export`] allows).
pub fn export(t: &Topology, to: Format) -> Result<String, ExportError> {
    match crate::products::files(to).write {
        Some(write) => Ok(write(t)),
        None => {
            let can: Vec<&str> = Format::ALL
                .into_iter()
                .filter(|f| f.can_export())
                .map(Format::id)
                .collect();
            Err(ExportError {
                message: format!(
                    "{} cannot be written; write one of {}",
                    to.id(),
                    can.join(", ")
                ),
            })
        }
    }
}

/// A file written from a design, and which of the original files it was written onto.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub text: String,
    /// The index in `originals` of the file kept underneath; none: written afresh.
    pub onto: Option<usize>,
}

/// The design as a file of format `to`, written onto the file of that format the estate
/// came in (`originals`, as imported) where there is one, so what the design does not
/// model stays: its addresses, names, versions and every key the writer does not decide.
/// With no such file it is [`export`]. Every format it writes is written onto its
/// original (RabbitMQ's and JetStream's each broker or domain onto its own file).
pub fn export_onto(
    t: &Topology,
    to: Format,
    originals: &[crate::Input],
) -> Result<Written, ExportError> {
    let original = originals
        .iter()
        .position(|i| crate::detect(i.text) == Some(to));
    // RabbitMQ's and JetStream's estates are one file per broker or domain: each is
    // written onto its own.
    if let Some(per_site) = crate::products::files(to).per_site {
        if let Some((text, at)) = per_site_onto(t, to, per_site, originals) {
            return Ok(Written {
                text,
                onto: Some(at),
            });
        }
    }
    // The writer that keeps an original of this format, where there is one and it reads.
    let onto = original.and_then(|at| {
        let onto = crate::products::files(to).onto?;
        onto(t, &originals[at]).map(|written| (written, at))
    });
    Ok(match onto {
        Some((text, at)) => Written {
            text,
            onto: Some(at),
        },
        None => Written {
            text: export(t, to)?,
            onto: None,
        },
    })
}

/// The files of `to` among `originals`, each with the broker or domain it stands for (as
/// the import matched them), written onto; the index of the first.
fn per_site_onto(
    t: &Topology,
    to: Format,
    per_site: crate::products::PerSite,
    originals: &[crate::Input],
) -> Option<(String, usize)> {
    let formats: Vec<Format> = originals
        .iter()
        .map(|i| crate::detect(i.text).unwrap_or(Format::Mm2Properties))
        .collect();
    let sites = crate::sites_of(originals, &formats, &mut crate::Report::default()).ok()?;
    let mut first = None;
    let mut files = Vec::new();
    for (i, input) in originals.iter().enumerate() {
        if formats[i] != to {
            continue;
        }
        let doc: serde_json::Value = serde_json::from_str(input.text).ok()?;
        let site = sites[i]
            .clone()
            .unwrap_or_else(|| (per_site.unnamed)(input, &doc));
        first.get_or_insert(i);
        files.push((site, input.text));
    }
    let text = (per_site.onto)(t, &files)?;
    Some((text, first?))
}

/// Hops grouped by (source site, target site), in the order pairs first appear.
pub(crate) fn by_pair(t: &Topology) -> Vec<((String, String), Vec<&HopSpec>)> {
    let mut out: Vec<((String, String), Vec<&HopSpec>)> = Vec::new();
    for h in &t.hops {
        let key = (h.from.site.clone(), h.to.site.clone());
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(h),
            None => out.push((key, vec![h])),
        }
    }
    out
}

/// The selector patterns that give back a pair's streams: each source stream's name,
/// with a representative's `*` written as the regex `.*`. A source stream that is itself
/// a copy (with no writer of its own) is left out when another pattern already selects it: written as a name, the
/// reader would take it for a stream of its own.
pub(crate) fn patterns(t: &Topology, hops: &[&HopSpec]) -> Vec<String> {
    let mut all: Vec<(String, bool)> = Vec::new();
    for h in hops {
        let p = h.from.stream.replace('*', ".*");
        // A copy and nothing else: no writer of its own.
        let copy = t.hops.iter().any(|o| o.to == h.from)
            && !t
                .writers
                .iter()
                .any(|w| w.site == h.from.site && w.stream == h.from.stream);
        if !all.iter().any(|(q, _)| *q == p) {
            all.push((p, copy));
        }
    }
    let kept: Vec<String> = all
        .iter()
        .filter(|(p, copy)| {
            !copy
                || !all
                    .iter()
                    .any(|(q, _)| q != p && crate::selector::matches(q, &p.replace(".*", "*")))
        })
        .map(|(p, _)| p.clone())
        .collect();
    kept
}

/// The sites a design copies between, in site order.
pub(crate) fn linked_sites(t: &Topology) -> Vec<&str> {
    t.sites
        .iter()
        .map(|s| s.name.as_str())
        .filter(|s| t.hops.iter().any(|h| h.from.site == *s || h.to.site == *s))
        .collect()
}

/// A placeholder address for a site (the design holds none).
pub(crate) fn address(site: &str) -> String {
    format!("{site}:9092")
}
