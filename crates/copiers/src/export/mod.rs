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

/// The design as one file of format `to` (one of those [`Format::can_export`] allows),
/// written afresh. A format written one file per broker or domain gives its one file;
/// a design of several brokers or domains is written with [`export_files`].
pub fn export(t: &Topology, to: Format) -> Result<String, ExportError> {
    export_onto(t, to, &[]).map(|w| w.text)
}

fn cannot_write(to: Format) -> ExportError {
    let can: Vec<&str> = Format::ALL
        .into_iter()
        .filter(|f| f.can_export())
        .map(Format::id)
        .collect();
    ExportError {
        message: format!(
            "{} cannot be written; write one of {}",
            to.id(),
            can.join(", ")
        ),
    }
}

/// A file written from a design, and which of the original files it was written onto.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// What to save it as: the original's file name (its last path component) where it
    /// was written onto one; `<site>.json` for a broker's or domain's file written
    /// afresh; none for a file of a one-file format written afresh (whoever saves it
    /// names it).
    pub name: Option<String>,
    pub text: String,
    /// The index in `originals` of the file kept underneath; none: written afresh.
    pub onto: Option<usize>,
    /// The broker or domain the file stands for (RabbitMQ's and JetStream's files).
    pub site: Option<String>,
}

/// The design as one file of format `to`, onto the original of that format where there
/// is one: [`export_files`]' only file. A design of several brokers or domains is
/// several files: an error that names them.
pub fn export_onto(
    t: &Topology,
    to: Format,
    originals: &[crate::Input],
) -> Result<Written, ExportError> {
    let mut files = export_files(t, to, originals)?;
    if files.len() == 1 {
        return Ok(files.remove(0));
    }
    let unit = crate::products::files(to)
        .per_site
        .map_or("file", |p| p.unit);
    let names: Vec<String> = files.iter().filter_map(|w| w.name.clone()).collect();
    Err(ExportError {
        message: format!(
            "{} is written one file per {unit}: {} files ({}); write each",
            to.id(),
            files.len(),
            names.join(", ")
        ),
    })
}

/// The design as the files of format `to`, each written onto the file of that format
/// the estate came in (`originals`, as imported) where there is one, so what the design
/// does not model stays: its addresses, names, versions and every key the writer does
/// not decide. A one-file format gives one file (onto its first original of that
/// format, or afresh). RabbitMQ's and JetStream's give one file per broker or domain:
/// each original of that format written onto, in the order given and named as it was,
/// then `<site>.json` afresh for each broker or domain the design needs a file for that
/// none of them is. No file carries anything of Hoplab's own: each is what the server
/// imports.
pub fn export_files(
    t: &Topology,
    to: Format,
    originals: &[crate::Input],
) -> Result<Vec<Written>, ExportError> {
    let files = crate::products::files(to);
    if let Some(per_site) = files.per_site {
        return per_site_files(t, to, per_site, originals);
    }
    let Some(write) = files.write else {
        return Err(cannot_write(to));
    };
    let original = originals
        .iter()
        .position(|i| crate::detect(i.text) == Some(to));
    // The writer that keeps an original of this format, where there is one and it reads.
    let onto = original.and_then(|at| {
        let onto = files.onto?;
        onto(t, &originals[at]).map(|written| (written, at))
    });
    Ok(vec![match onto {
        Some((text, at)) => Written {
            name: Some(file_name(originals[at].name)),
            text,
            onto: Some(at),
            site: None,
        },
        None => Written {
            name: None,
            text: write(t),
            onto: None,
            site: None,
        },
    }])
}

/// The last component of a path, as a file is saved.
pub fn file_name(path: &str) -> String {
    path.rsplit(['/', '\\']).next().unwrap_or(path).to_string()
}

/// A site's name as a file name: what a path cannot hold becomes `-`.
fn site_file_name(site: &str) -> String {
    let safe: String = site
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '-'
            } else {
                c
            }
        })
        .collect();
    let safe = safe.trim_start_matches('.');
    format!("{}.json", if safe.is_empty() { "site" } else { safe })
}

/// The files of `to` among `originals`, each with the broker or domain it stands for (as
/// the import matched them), written onto in their order; then those written afresh.
fn per_site_files(
    t: &Topology,
    to: Format,
    per_site: crate::products::PerSite,
    originals: &[crate::Input],
) -> Result<Vec<Written>, ExportError> {
    let formats: Vec<Format> = originals
        .iter()
        .map(|i| crate::detect(i.text).unwrap_or(Format::Mm2Properties))
        .collect();
    let sites =
        crate::sites_of(originals, &formats, &mut crate::Report::default()).map_err(|e| {
            ExportError {
                message: e.to_string(),
            }
        })?;
    let mut at = Vec::new();
    let mut files = Vec::new();
    for (i, input) in originals.iter().enumerate() {
        if formats[i] != to {
            continue;
        }
        let doc: serde_json::Value = serde_json::from_str(input.text).map_err(|e| ExportError {
            message: format!("{}: not JSON: {e}", input.name),
        })?;
        let site = sites[i]
            .clone()
            .unwrap_or_else(|| (per_site.unnamed)(input, &doc));
        at.push(i);
        files.push((site, input.text));
    }
    let written = (per_site.write)(t, &files).ok_or_else(|| ExportError {
        message: format!("{}: the originals could not be written onto", to.id()),
    })?;
    let mut out: Vec<Written> = written
        .onto
        .into_iter()
        .zip(at.iter().zip(&files))
        .map(|(text, (&i, (site, _)))| Written {
            name: Some(file_name(originals[i].name)),
            text,
            onto: Some(i),
            site: Some(site.clone()),
        })
        .collect();
    for (site, text) in written.fresh {
        let mut name = site_file_name(&site);
        // Never the name of another file of the export.
        let mut n = 2;
        while out.iter().any(|w| w.name.as_deref() == Some(name.as_str())) {
            name = format!(
                "{}-{n}.json",
                site_file_name(&site).trim_end_matches(".json")
            );
            n += 1;
        }
        out.push(Written {
            name: Some(name),
            text,
            onto: None,
            site: Some(site),
        });
    }
    Ok(out)
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
