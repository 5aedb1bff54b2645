//! # hoplab-copiers
//!
//! Reads real copiers' configuration files into Hoplab's model: MirrorMaker 2 (dedicated
//! mode, Connect connectors, Strimzi), NATS JetStream streams, RabbitMQ definitions,
//! MSK Replicator requests, Confluent cluster links and Redpanda shadow links. Pure
//! functions from text to results (no files, no clocks), so the site runs the same code
//! in wasm.
//!
//! ```
//! use hoplab_copiers::{import, Input};
//! let text = "clusters = A, B\nA->B.enabled = true\nA->B.topics = orders\n";
//! let done = import(&[Input::new("mm2.properties", text)], None).unwrap();
//! assert_eq!(done.spec.topology.hops[0].to.stream, "A.orders");
//! ```

pub mod build;
mod error;
pub mod estate;
pub mod export;
mod format;
pub mod limits;
pub mod lint;
pub mod loop_prevention;
pub mod presets;
pub mod products;
mod report;
pub mod selector;
pub mod sites;
mod spelt_ids;
mod text;
pub mod which_copied;

pub use error::ImportError;
pub use estate::Estate;
pub use export::{export, export_files, export_onto, ExportError, Written};
pub use format::{detect, Format};
pub use lint::{design_lint, lint, lint_design, rules, Evidence, ImportFinding, Rule};
pub use loop_prevention::LoopPrevention;
/// Where each consumer group would resume on the target, from MirrorMaker 2's own offset data.
pub use products::mm2::offsets as resume;
pub use products::{CopierId, PresetId};
pub use report::{DefaultApplied, Ignored, IgnoredKey, Report};

use hoplab_model::spec::{ScenarioSpec, FORMAT_VERSION};

/// One file to import: its name (for messages), its text, and the site it stands for
/// where the format cannot say (a RabbitMQ broker, a JetStream domain, a link's
/// destination): `--site NAME=FILE`.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub site: Option<&'a str>,
}

impl<'a> Input<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        Input {
            name,
            text,
            site: None,
        }
    }

    pub fn at_site(mut self, site: &'a str) -> Self {
        self.site = Some(site);
        self
    }
}

/// What an import gives: the model's file, the estate as the products put it (for the
/// lint) and the report.
#[derive(Clone, Debug)]
pub struct Imported {
    pub spec: ScenarioSpec,
    pub estate: Estate,
    pub report: Report,
    /// The format each input was read as, in input order.
    pub formats: Vec<Format>,
}

/// Reads one file into an estate.
fn read_one(input: &Input, format: Format, report: &mut Report) -> Result<Estate, ImportError> {
    (products::files(format).read)(input, report)
}

/// The format of a file, from its text; a file that is none gets a message naming why.
fn detect_or_refuse(input: &Input) -> Result<Format, ImportError> {
    if let Some(f) = detect(input.text) {
        return Ok(f);
    }
    // A JSON file that does not parse gets the parser's line.
    let t = input.text.trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        text::json::parse(input.name, input.text)?;
    }
    Err(ImportError::new(
        input.name,
        format!(
            "not a format this import reads ({})",
            products::formats_in_words()
        ),
    ))
}

/// The site each input stands for: the one given, else, where several files of one
/// format are one broker or domain each, the one the others point at ([`sites::infer`]).
/// Several such files that cannot all be told apart are refused, naming them, rather
/// than drawn as sites that do not meet.
pub(crate) fn sites_of(
    inputs: &[Input],
    formats: &[Format],
    report: &mut Report,
) -> Result<Vec<Option<String>>, ImportError> {
    let mut out: Vec<Option<String>> = inputs.iter().map(|i| i.site.map(String::from)).collect();
    for (format, per_site) in Format::ALL
        .into_iter()
        .filter_map(|f| Some((f, products::files(f).per_site?)))
    {
        let of_format: Vec<usize> = (0..inputs.len())
            .filter(|&i| formats[i] == format)
            .collect();
        if of_format.len() < 2 {
            continue;
        }
        let what = per_site.unit;
        let files: Vec<(&str, Option<sites::Pointers>)> = of_format
            .iter()
            .map(|&i| (inputs[i].name, sites::pointers(inputs[i].text, format)))
            .collect();
        // Files that point nowhere (several stream files of one JetStream domain) are one
        // site, read as they always were.
        if files
            .iter()
            .all(|(_, p)| p.as_ref().is_none_or(|p| p.points_at.is_empty()))
        {
            continue;
        }
        let named: Vec<Option<String>> = of_format.iter().map(|&i| out[i].clone()).collect();
        let inferred = sites::infer(&files, &named);
        let unknown: Vec<&str> = of_format
            .iter()
            .zip(&inferred)
            .filter(|(_, s)| s.is_none())
            .map(|(&i, _)| inputs[i].name)
            .collect();
        if !unknown.is_empty() {
            return Err(ImportError::new(
                &unknown.join(", "),
                format!(
                    "which {what} each of these files is cannot be told from the files: they do not name themselves, and what the other files point at does not single one out. Name the site each file stands for and import again."
                ),
            ));
        }
        for ((&i, site), (_, pointers)) in of_format.iter().zip(inferred).zip(&files) {
            let said = out[i].is_some() || pointers.as_ref().is_some_and(|p| p.own.is_some());
            if let (false, Some(site)) = (said, &site) {
                report.read.push(format!(
                    "{}: stands for {site}, the {what} the other files point at",
                    inputs[i].name
                ));
            }
            out[i] = site;
        }
    }
    Ok(out)
}

/// Reads every input (each in `format`, or the format detected from its text) into one
/// design. Files are refused over [`limits::MAX_INPUT_BYTES`] before parsing.
pub fn import(inputs: &[Input], format: Option<Format>) -> Result<Imported, ImportError> {
    let mut report = Report::default();
    let mut estate = Estate::default();
    let mut formats = Vec::new();
    for input in inputs {
        limits::check_size(input.name, input.text)?;
        formats.push(match format {
            Some(f) => f,
            None => detect_or_refuse(input)?,
        });
    }
    let sites = sites_of(inputs, &formats, &mut report)?;
    for ((input, f), site) in inputs.iter().zip(&formats).zip(&sites) {
        let input = Input {
            site: site.as_deref(),
            ..*input
        };
        estate.extend(read_one(&input, *f, &mut report)?);
    }
    let topology = build::topology(&estate, &mut report);
    let names: Vec<&str> = inputs.iter().map(|i| i.name).collect();
    let spec = ScenarioSpec {
        version: FORMAT_VERSION,
        name: format!("imported from {}", names.join(", ")),
        topology,
        timeline: Vec::new(),
        duration_ms: 60_000,
        sample_every_ms: 1_000,
        merge: None,
    };
    spec.validate().map_err(|e| {
        ImportError::new(
            &names.join(", "),
            format!(
                "the design read from these files is not one the model can run: {}",
                e.in_words()
            ),
        )
    })?;
    Ok(Imported {
        spec,
        estate,
        report,
        formats,
    })
}
