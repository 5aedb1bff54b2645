//! # hoplab-import
//!
//! Reads real copiers' configuration files into Hoplab's model: MirrorMaker 2 (dedicated
//! mode, Connect connectors, Strimzi), NATS JetStream streams, RabbitMQ definitions,
//! MSK Replicator requests, Confluent cluster links and Redpanda shadow links. Pure
//! functions from text to results (no files, no clocks), so the site runs the same code
//! in wasm.
//!
//! ```
//! use hoplab_import::{import, Input};
//! let text = "clusters = A, B\nA->B.enabled = true\nA->B.topics = orders\n";
//! let done = import(&[Input::new("mm2.properties", text)], None).unwrap();
//! assert_eq!(done.spec.topology.hops[0].to.stream, "A.orders");
//! ```

pub mod build;
mod error;
pub mod estate;
pub mod export;
mod format;
mod formats;
pub mod limits;
pub mod lint;
mod mm2;
mod report;
pub mod selector;
mod text;

pub use error::ImportError;
pub use estate::Estate;
pub use export::{export, export_onto, ExportError, Written};
pub use format::{detect, Format};
pub use lint::{lint, Evidence, ImportFinding, Rule, RULES};
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
    let (file, text) = (input.name, input.text);
    match format {
        Format::Mm2Properties => mm2::dedicated::read(file, text, report),
        Format::Mm2Connect => mm2::connect::read(file, text, report),
        Format::Strimzi => mm2::strimzi::read(file, text, report),
        Format::Nats => formats::nats::read(input, report),
        Format::Rabbitmq => formats::rabbitmq::read(input, report),
        Format::Msk => formats::msk::read(file, text, report),
        Format::ClusterLink => formats::cluster_link::read(input, report),
        Format::RedpandaShadow => formats::redpanda::read(input, report),
    }
}

/// Reads every input (each in `format`, or the format detected from its text) into one
/// design. Files are refused over [`limits::MAX_INPUT_BYTES`] before parsing.
pub fn import(inputs: &[Input], format: Option<Format>) -> Result<Imported, ImportError> {
    let mut report = Report::default();
    let mut estate = Estate::default();
    let mut formats = Vec::new();
    for input in inputs {
        limits::check_size(input.name, input.text)?;
        let f = match format {
            Some(f) => f,
            None => match detect(input.text) {
                Some(f) => f,
                None => {
                    // A JSON file that does not parse gets the parser's line.
                    let t = input.text.trim_start();
                    if t.starts_with('{') || t.starts_with('[') {
                        text::json::parse(input.name, input.text)?;
                    }
                    return Err(ImportError::new(
                        input.name,
                        "not a format this import reads (give one with --format)",
                    ));
                }
            },
        };
        formats.push(f);
        estate.extend(read_one(input, f, &mut report)?);
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
            format!("the design read from these files is not one the model can run: {e}"),
        )
    })?;
    Ok(Imported {
        spec,
        estate,
        report,
        formats,
    })
}
