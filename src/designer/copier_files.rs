//! The copiers' own configuration files in the designer: reading them into a design (with
//! the import's report and its product-aware lint, put into plain data the page shows) and
//! writing a design back as a product's file. The page reaches this only through
//! [`Importer`], which the release build keeps in a chunk of its own
//! (`lazy_pages::import_chunk`), so the readers load only when a person imports or exports.

use hoplab_copiers::products::NAMES;
use hoplab_copiers::{Format, Input};
use hoplab_model::spec::Topology;
use hoplab_model::ScenarioSpec;

/// The largest file the designer reads: the import's own limit, checked against the
/// file's size before any of it is read.
pub const MAX_FILE_BYTES: u64 = hoplab_copiers::limits::MAX_INPUT_BYTES as u64;

/// One file handed to an import: its name, its text and, where the person named one, the
/// site it stands for (a RabbitMQ broker, a JetStream domain).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CopierFile {
    pub name: String,
    pub text: String,
    pub site: Option<String>,
}

/// An ignored key, as the report lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IgnoredLine {
    /// `file:line` (or the file alone).
    pub place: String,
    pub key: String,
    pub why: String,
    /// Misspelt, removed or at the wrong level: most likely a mistake in the file.
    pub suspicious: bool,
}

/// What an import read, filled in, approximated and ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub read: Vec<String>,
    pub defaults: Vec<String>,
    pub approximations: Vec<String>,
    pub ignored: Vec<IgnoredLine>,
}

/// A product-aware finding on the imported files, with its card and evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductFinding {
    pub code: &'static str,
    /// The model's finding this one says in the product's words (with its evidence);
    /// none for a rule only the product's files can show (a misspelt key, a start position).
    pub model_code: Option<&'static str>,
    pub message: String,
    pub subject: String,
    /// Slug of the card that explains it.
    pub card: &'static str,
    /// (address, the source's own words).
    pub evidence: Vec<(&'static str, &'static str)>,
    /// What it concerns as the product names it; empty where the design's names stand.
    pub concerns: Vec<String>,
}

/// A finished import.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub spec: ScenarioSpec,
    /// The format each file was read as (`mm2-properties`, ...), in file order.
    pub formats: Vec<&'static str>,
    pub report: ImportReport,
    pub findings: Vec<ProductFinding>,
    /// What the copiers' import gave, kept so the lint of the design as it is edited
    /// does not read the files again.
    pub read: ReadEstate,
}

/// The copiers' own import result; two are the same only if they are one.
#[derive(Clone, Debug)]
pub struct ReadEstate(std::sync::Arc<hoplab_copiers::Imported>);

impl PartialEq for ReadEstate {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A format the designer writes, as its export menu offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportFormat {
    /// The command line's name for it (`hoplab export-config --to ID`).
    pub id: &'static str,
    pub label: &'static str,
    /// What the file name ends with.
    pub suffix: &'static str,
    pub mime: &'static str,
}

/// Every format the designer writes, in menu order: from the copiers' catalog, data only
/// (`hoplab_copiers::products::NAMES`), so the menu does not bring the writers with it.
pub fn export_formats() -> Vec<ExportFormat> {
    NAMES
        .iter()
        .filter_map(|n| {
            n.menu.map(|m| ExportFormat {
                id: n.id,
                label: m.label,
                suffix: m.suffix,
                mime: m.mime,
            })
        })
        .collect()
}

/// Writes a topology as a format (by id) onto the imported files: the files to save.
pub type Export = fn(&Topology, &str, &[CopierFile]) -> Result<Vec<Exported>, String>;

/// What the import chunk holds: the readers, their lint and the writers.
#[derive(Clone, Copy)]
pub struct Importer {
    pub import: fn(&[CopierFile]) -> Result<Imported, String>,
    /// Writes a topology as the format of that id (one of [`EXPORT_FORMATS`]), onto the
    /// files the design was imported from where some are of that format: one file, or one
    /// per RabbitMQ broker or JetStream domain.
    pub export: Export,
    /// Which of the pasted stream names the files' flows copy, and why not.
    pub which_copied: fn(&[CopierFile], &str) -> Result<Vec<NameVerdict>, String>,
    /// The products' lint of the design as it is now, standing on what the import read:
    /// the Lint panel's findings in the products' words, redone on every edit.
    pub relint: fn(&Imported, &Topology) -> Vec<ProductFinding>,
}

pub use hoplab_copiers::which_copied::NameVerdict;

/// The files as the import reads them, each with the site the person named for it.
fn inputs_of(files: &[CopierFile]) -> Vec<Input<'_>> {
    files
        .iter()
        .map(|f| {
            let input = Input::new(&f.name, &f.text);
            match f.site.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
                Some(site) => input.at_site(site),
                None => input,
            }
        })
        .collect()
}

/// Reads the files again and checks each pasted name against their flows.
pub fn which_copied(files: &[CopierFile], names: &str) -> Result<Vec<NameVerdict>, String> {
    let inputs = inputs_of(files);
    let done = hoplab_copiers::import(&inputs, None).map_err(|e| say_error(&e))?;
    let names = hoplab_copiers::which_copied::names_in(names);
    Ok(hoplab_copiers::which_copied::which_copied(
        &done.estate,
        &names,
    ))
}

/// The import chunk's content.
pub const IMPORTER: Importer = Importer {
    import: import_files,
    export: export_topology,
    which_copied,
    relint,
};

/// A finding of the copiers' lint, as plain data the page shows.
fn product_finding(f: hoplab_copiers::ImportFinding) -> ProductFinding {
    ProductFinding {
        code: f.code,
        model_code: f.model_code,
        message: f.message,
        subject: f.subject,
        card: f.card,
        evidence: f.evidence.iter().map(|e| (e.url, e.quote)).collect(),
        concerns: f.concerns,
    }
}

/// The products' lint of `design`, standing on what `imported` read.
pub fn relint(imported: &Imported, design: &Topology) -> Vec<ProductFinding> {
    hoplab_copiers::lint_design(&imported.read.0, design)
        .into_iter()
        .map(product_finding)
        .collect()
}

fn report_of(r: &hoplab_copiers::Report) -> ImportReport {
    ImportReport {
        read: r.read.clone(),
        defaults: r
            .defaults
            .iter()
            .map(|d| format!("{}: {} = {} ({})", d.file, d.key, d.value, d.version))
            .collect(),
        approximations: r.approximations.clone(),
        ignored: r
            .ignored
            .iter()
            .map(|k| IgnoredLine {
                place: match k.line {
                    Some(l) => format!("{}:{l}", k.file),
                    None => k.file.clone(),
                },
                key: k.key.clone(),
                why: k.why.to_string(),
                suspicious: k.why.is_suspicious(),
            })
            .collect(),
    }
}

/// Puts an import error in the page's words: the file, the line and the key concerned.
fn say_error(e: &hoplab_copiers::ImportError) -> String {
    let mut at = e.file.clone();
    if let Some(line) = e.line {
        at.push_str(&format!(", line {line}"));
    }
    if let Some(key) = &e.key {
        at.push_str(&format!(", key {key}"));
    }
    format!("{at}: {}", e.message)
}

/// Reads the files as one estate (each file's format found from its text).
pub fn import_files(files: &[CopierFile]) -> Result<Imported, String> {
    if files.is_empty() {
        return Err("Choose, drop or paste at least one file.".into());
    }
    let inputs = inputs_of(files);
    let done = hoplab_copiers::import(&inputs, None).map_err(|e| say_error(&e))?;
    let findings = hoplab_copiers::lint(&done)
        .into_iter()
        .map(product_finding)
        .collect();
    Ok(Imported {
        formats: done.formats.iter().map(|f| f.id()).collect(),
        report: report_of(&done.report),
        findings,
        spec: done.spec.clone(),
        read: ReadEstate(std::sync::Arc::new(done)),
    })
}

/// A written file: what to save it as (none: the design's name and the format's
/// suffix), its text and the name of the imported file it was written onto (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    pub name: Option<String>,
    pub text: String,
    pub onto: Option<String>,
}

/// Writes a topology as a product's files, onto the files of that format among
/// `originals` (what the design was imported from) where there are some: their
/// addresses, names and the keys the design does not decide stay as they were.
/// RabbitMQ's and JetStream's are one file per broker or domain, in the order the files
/// were chosen, each named as the file it was written onto (`<site>.json` afresh).
pub fn export_topology(
    t: &Topology,
    id: &str,
    originals: &[CopierFile],
) -> Result<Vec<Exported>, String> {
    let format = Format::parse(id)
        .filter(|f| f.can_export())
        .ok_or_else(|| format!("{id} is not a format the designer writes"))?;
    if t.hops.is_empty() {
        return Err("The design has no hops: there is no copier to write.".into());
    }
    let written =
        hoplab_copiers::export_files(t, format, &inputs_of(originals)).map_err(|e| e.message)?;
    Ok(written
        .into_iter()
        .map(|w| Exported {
            // A one-file format is saved under the design's name, as it always was.
            name: w.name.filter(|_| format.one_file_per_site()),
            text: w.text,
            onto: w.onto.map(|at| originals[at].name.clone()),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> CopierFile {
        CopierFile {
            name: name.into(),
            text: text.into(),
            site: None,
        }
    }

    const BOTH_WAYS: &str = "clusters = east, west\n\
        east.bootstrap.servers = east:9092\n\
        west.bootstrap.servers = west:9092\n\
        replication.policy.class = org.apache.kafka.connect.mirror.IdentityReplicationPolicy\n\
        east->west.enabled = true\neast->west.topics = orders\n\
        west->east.enabled = true\nwest->east.topics = orders\n";

    #[test]
    fn identity_naming_both_ways_is_found_with_its_card_and_evidence() {
        let done = import_files(&[file("mm2.properties", BOTH_WAYS)]).unwrap();
        assert_eq!(done.formats, ["mm2-properties"]);
        assert_eq!(done.spec.topology.hops.len(), 2);
        let f = done
            .findings
            .iter()
            .find(|f| f.code == "mm2-identity-loop")
            .expect("the loop is found");
        assert_eq!(f.card, "echo-loop");
        assert!(f
            .evidence
            .iter()
            .all(|(url, _)| url.starts_with("https://")));
        assert!(!f.evidence.is_empty());
        assert!(!done.report.read.is_empty());
    }

    #[test]
    fn an_imported_copier_is_named_on_its_hops_and_in_the_runbook() {
        let done = import_files(&[file("mm2.properties", BOTH_WAYS)]).unwrap();
        for h in &done.spec.topology.hops {
            assert_eq!(
                hoplab_copiers::PresetId::of(&h.options),
                Some(hoplab_copiers::PresetId::Mm2Identity),
                "{}",
                h.id
            );
        }
        let d = crate::designer::design::Design::from_spec(done.spec);
        let md =
            crate::designer::runbook::to_markdown(&crate::designer::runbook::build(&d, &[], None));
        assert!(md.contains("IdentityReplicationPolicy"), "{md}");
        assert!(md.contains(r"east-\>west.enabled = false"), "{md}");
    }

    #[test]
    fn a_bad_number_names_the_file_line_and_key() {
        let text =
            "clusters = a, b\na->b.enabled = true\na->b.topics = orders\noffset.lag.max = lots\n";
        let e = import_files(&[file("mm2.properties", text)]).unwrap_err();
        assert!(
            e.starts_with("mm2.properties, line 4, key offset.lag.max: "),
            "{e}"
        );
    }

    #[test]
    fn a_misspelt_key_is_reported_as_suspicious() {
        let text = format!("{BOTH_WAYS}task.max = 4\n");
        let done = import_files(&[file("mm2.properties", &text)]).unwrap();
        let k = done
            .report
            .ignored
            .iter()
            .find(|k| k.key == "task.max")
            .expect("listed");
        assert!(k.suspicious, "{k:?}");
        assert_eq!(k.place, "mm2.properties:9");
    }

    #[test]
    fn the_import_panel_lists_every_format_the_import_reads() {
        assert_eq!(
            hoplab_copiers::products::formats_in_words(),
            "a MirrorMaker 2 properties file, connector JSON, a Strimzi KafkaMirrorMaker2 resource, JetStream stream configurations, RabbitMQ definitions (one file per broker), an MSK Replicator request, a Confluent cluster link, a Redpanda shadow link or a kafka-cluster-mirrors.sh set-up script (KIP-1279, proposed)"
        );
        assert_eq!(export_formats().len(), 6);
    }

    #[test]
    fn every_export_format_reads_back_to_the_same_hops() {
        let done = import_files(&[file("mm2.properties", BOTH_WAYS)]).unwrap();
        for f in export_formats() {
            let files = export_topology(&done.spec.topology, f.id, &[]).unwrap();
            assert!(files.iter().all(|w| !w.text.is_empty()), "{}", f.id);
            assert!(
                Format::parse(f.id).is_some_and(Format::can_export),
                "{}",
                f.id
            );
        }
        let yaml = export_topology(&done.spec.topology, "strimzi", &[]).unwrap()[0]
            .text
            .clone();
        let back = import_files(&[file("back.yaml", &yaml)]).unwrap();
        let pairs = |s: &ScenarioSpec| {
            let mut v: Vec<_> = s
                .topology
                .hops
                .iter()
                .map(|h| (h.from.clone(), h.to.clone()))
                .collect();
            v.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
            v
        };
        assert_eq!(pairs(&back.spec), pairs(&done.spec));
    }

    #[test]
    fn nothing_is_written_for_an_unknown_format_or_a_design_without_hops() {
        let t = Topology::default();
        assert!(export_topology(&t, "mm2-properties", &[])
            .unwrap_err()
            .contains("no hops"));
        let done = import_files(&[file("mm2.properties", BOTH_WAYS)]).unwrap();
        assert!(export_topology(&done.spec.topology, "cluster-link", &[]).is_err());
    }

    #[test]
    fn no_files_is_a_message_not_an_import() {
        assert!(import_files(&[]).is_err());
    }
}
