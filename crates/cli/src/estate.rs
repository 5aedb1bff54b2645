//! `hoplab import`, `hoplab lint` over real copiers' files, and `hoplab export-config`:
//! the file handling around `hoplab_copiers`'s pure functions.

use crate::{out, Failure};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use hoplab_copiers::{export_files, import, lint, Format, ImportFinding, Input};
use hoplab_model::ScenarioSpec;
use std::path::{Path, PathBuf};

/// `--format` values.
pub fn formats() -> impl TypedValueParser<Value = Format> {
    ids_of(Format::ALL.into_iter())
}

/// `--to` values: the formats a design can be written as.
pub fn export_formats() -> impl TypedValueParser<Value = Format> {
    ids_of(Format::ALL.into_iter().filter(|f| f.can_export()))
}

/// The formats' ids as the values an option takes: `--help` lists them, and a value not
/// among them is answered with the list.
fn ids_of(formats: impl Iterator<Item = Format>) -> impl TypedValueParser<Value = Format> {
    let ids: Vec<&'static str> = formats.map(Format::id).collect();
    PossibleValuesParser::new(ids).map(|id| Format::parse(&id).expect("a format's own id"))
}

/// `--site NAME=FILE`.
pub fn parse_site(s: &str) -> Result<(String, PathBuf), String> {
    match s.split_once('=') {
        Some((name, file)) if !name.is_empty() && !file.is_empty() => {
            Ok((name.into(), file.into()))
        }
        _ => Err("takes NAME=FILE".into()),
    }
}

fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| (format!("{}: cannot be read: {e}", path.display()), 2))
}

/// Whether two paths name the same file: spelt alike, or alike once resolved.
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// The files' texts, each with the site `--site` gave it.
struct Files {
    names: Vec<String>,
    texts: Vec<String>,
    sites: Vec<Option<String>>,
}

impl Files {
    /// The files given, then those only `--site` names (in its order): a file given both
    /// ways, or named by two `--site`s, is read once, under the first spelling of its path.
    fn load(files: &[PathBuf], sites: &[(String, PathBuf)]) -> Result<Files, Failure> {
        let mut f = Files {
            names: Vec::new(),
            texts: Vec::new(),
            sites: Vec::new(),
        };
        let mut paths: Vec<&Path> = Vec::new();
        for (i, path) in files.iter().chain(sites.iter().map(|(_, p)| p)).enumerate() {
            if i >= files.len() && paths.iter().any(|p| same_file(p, path)) {
                continue;
            }
            f.texts.push(read(path)?);
            f.names.push(path.display().to_string());
            f.sites.push(
                sites
                    .iter()
                    .find(|(_, p)| same_file(p, path))
                    .map(|(n, _)| n.clone()),
            );
            paths.push(path);
        }
        Ok(f)
    }

    fn inputs(&self) -> Vec<Input<'_>> {
        (0..self.names.len())
            .map(|i| Input {
                name: &self.names[i],
                text: &self.texts[i],
                site: self.sites[i].as_deref(),
            })
            .collect()
    }
}

pub fn import_files(
    files: &[PathBuf],
    format: Option<Format>,
    sites: &[(String, PathBuf)],
) -> Result<u8, Failure> {
    let f = Files::load(files, sites)?;
    let done = import(&f.inputs(), format).map_err(|e| (e.to_string(), 2))?;
    out!("{}", done.spec.to_json());
    eprint!("{}", done.report);
    Ok(0)
}

/// A model file: JSON with a `topology`.
fn is_model_file(text: &str) -> bool {
    text.trim_start().starts_with('{')
        && serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|v| v.get("topology").is_some())
}

fn print(shown: &str, findings: &[ImportFinding]) {
    for f in findings {
        out!(
            "{shown}: {} [{}] {} (see card: {})",
            f.code,
            f.subject,
            f.message,
            f.card
        );
        for e in &f.evidence {
            out!("    evidence: {} \"{}\"", e.url, e.quote);
        }
    }
}

/// Lints every file: the model's own files one by one, as before; the products' files
/// together, as one estate (a ring's brokers, two domains' streams).
pub fn lint_files(
    files: &[PathBuf],
    json: bool,
    format: Option<Format>,
    sites: &[(String, PathBuf)],
) -> Result<u8, Failure> {
    let f = Files::load(files, sites)?;
    let mut found = false;
    let mut all_json: Vec<serde_json::Value> = Vec::new();
    let mut product = Vec::new();
    for (i, input) in f.inputs().into_iter().enumerate() {
        if format.is_none() && is_model_file(input.text) {
            let spec = ScenarioSpec::from_json(input.text)
                .map_err(|e| (format!("{}: {e}", input.name), 2))?;
            let findings = hoplab_copiers::design_lint(&spec.topology);
            found |= !findings.is_empty();
            if json {
                all_json.push(serde_json::to_value(&findings).expect("findings serialise"));
            } else if findings.is_empty() {
                out!("{}: no findings", input.name);
            } else {
                for x in &findings {
                    out!(
                        "{}: {} [{}] {} (see card: {})",
                        input.name,
                        x.code,
                        x.subject(),
                        x.message,
                        x.card
                    );
                }
            }
        } else {
            product.push(i);
        }
    }
    if !product.is_empty() {
        let inputs: Vec<Input> = f
            .inputs()
            .into_iter()
            .enumerate()
            .filter(|(i, _)| product.contains(i))
            .map(|(_, x)| x)
            .collect();
        let shown: Vec<&str> = inputs.iter().map(|x| x.name).collect();
        let shown = shown.join(", ");
        let done = import(&inputs, format).map_err(|e| (e.to_string(), 2))?;
        let findings = lint(&done);
        found |= !findings.is_empty();
        if json {
            all_json.push(serde_json::to_value(&findings).expect("findings serialise"));
        } else if findings.is_empty() {
            out!("{shown}: no findings");
        } else {
            print(&shown, &findings);
        }
    }
    if json {
        // One file gives its findings as before; several give one list per group.
        let v = if all_json.len() == 1 {
            all_json.remove(0)
        } else {
            serde_json::Value::Array(all_json)
        };
        out!(
            "{}",
            serde_json::to_string_pretty(&v).expect("findings serialise")
        );
    }
    Ok(u8::from(found))
}

/// `hoplab export-config`: the design as `to`'s files, onto `onto` (see its `--help`).
pub fn export_config(
    design: &str,
    to: Format,
    onto: &[PathBuf],
    out_dir: Option<&Path>,
) -> Result<u8, Failure> {
    let spec = crate::load(design, &[])?;
    let originals = onto
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| (format!("{}: {e}", path.display()), 2))?;
            Ok((path.display().to_string(), text))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let inputs: Vec<Input> = originals
        .iter()
        .map(|(name, text)| Input::new(name, text))
        .collect();
    let written =
        export_files(&spec.topology, to, &inputs).map_err(|e| (format!("{design}: {e}"), 2))?;
    if written.is_empty() {
        return Err((format!("{design}: no {} file to write", to.id()), 2));
    }
    if let (Some((name, text)), true) =
        (originals.first(), written.iter().all(|w| w.onto.is_none()))
    {
        if hoplab_copiers::detect(text) == Some(to) {
            let onto: Vec<&str> = Format::ALL
                .into_iter()
                .filter(|f| f.writes_onto())
                .map(Format::id)
                .collect();
            eprintln!(
                "{name}: writing onto a file is done for {}; this {} file was written afresh",
                onto.join(", "),
                to.id()
            );
        } else {
            eprintln!("{name} is not a {} file: written afresh", to.id());
        }
    }
    // A one-file format written afresh is named after the design.
    let stem = Path::new(design)
        .file_stem()
        .map_or(design.to_string(), |s| s.to_string_lossy().into_owned());
    let suffix = hoplab_copiers::products::files(to)
        .menu
        .map_or(".txt", |m| m.suffix);
    let named: Vec<(String, &hoplab_copiers::Written)> = written
        .iter()
        .map(|w| {
            (
                w.name.clone().unwrap_or_else(|| format!("{stem}{suffix}")),
                w,
            )
        })
        .collect();
    let Some(dir) = out_dir else {
        if let [(_, w)] = named.as_slice() {
            out!("{}", w.text.trim_end());
        } else {
            for (i, (name, w)) in named.iter().enumerate() {
                if i > 0 {
                    out!();
                }
                out!("==> {name} <==");
                out!("{}", w.text.trim_end());
            }
        }
        return Ok(0);
    };
    std::fs::create_dir_all(dir).map_err(|e| (format!("{}: {e}", dir.display()), 2))?;
    let paths: Vec<PathBuf> = named.iter().map(|(name, _)| dir.join(name)).collect();
    // Never over an original, and never two files under one name.
    for (i, (path, (name, _))) in paths.iter().zip(&named).enumerate() {
        if let Some(o) = onto.iter().find(|o| same_file(o, path)) {
            return Err((
                format!(
                    "{}: would be written over the original {}; give another --out-dir",
                    path.display(),
                    o.display()
                ),
                2,
            ));
        }
        if named[..i].iter().any(|(n, _)| n == name) {
            return Err((
                format!(
                    "two files would be written as {}: give the --onto files distinct names",
                    path.display()
                ),
                2,
            ));
        }
    }
    for (path, (_, w)) in paths.iter().zip(&named) {
        let mut text = w.text.trim_end().to_string();
        text.push('\n');
        std::fs::write(path, text).map_err(|e| (format!("{}: {e}", path.display()), 2))?;
        match w.onto {
            Some(at) => out!("{} (onto {})", path.display(), originals[at].0),
            None => out!("{}", path.display()),
        }
    }
    Ok(0)
}
