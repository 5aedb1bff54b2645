//! Semantic checks on a parsed scenario: names unique, references resolve, numbers sane.
//! Produces the index-resolved form the simulation starts from.

use super::{qualified_target, Command, OriginStamp, ScenarioSpec, StreamSpec, FORMAT_VERSION};
use std::fmt;

/// A bad scenario file: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub field: String,
    pub problem: String,
}

impl SpecError {
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            problem: problem.into(),
        }
    }

    /// serde names a missing or unknown field in backticks; for a wrong type or value it
    /// gives only a line and column, so the nearest key before that point names the field.
    pub(crate) fn from_serde(e: &serde_json::Error, text: &str) -> Self {
        let msg = e.to_string();
        let named = msg
            .split('`')
            .nth(1)
            .filter(|_| msg.contains("field"))
            .map(str::to_string);
        let field = named
            .or_else(|| key_before(text, e.line(), e.column()))
            .unwrap_or_else(|| "(file)".to_string());
        Self::new(field, msg)
    }
}

/// The last `"key":` in `text` before (line, column), 1-based as serde_json reports them.
fn key_before(text: &str, line: usize, column: usize) -> Option<String> {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            offset += column.min(l.len());
            break;
        }
        offset += l.len();
    }
    let before = text.get(..offset)?;
    let colon = before.rfind("\":")?;
    let open = before[..colon].rfind('"')?;
    Some(before[open + 1..colon].to_string())
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for SpecError {}

/// A topology with every name resolved to an index.
#[derive(Clone, Debug)]
pub struct Validated {
    pub sites: Vec<String>,
    /// Declared streams, then streams created for origin-qualified hop targets.
    pub streams: Vec<(usize, StreamSpec)>,
    /// (source stream, target stream) per hop.
    pub hops: Vec<(usize, usize)>,
    /// (site, stream) per writer.
    pub writers: Vec<(usize, usize)>,
    pub readers: Vec<(usize, usize)>,
    /// Instance sites per companion.
    pub companions: Vec<Vec<usize>>,
}

impl Validated {
    pub fn site(&self, name: &str) -> Option<usize> {
        self.sites.iter().position(|s| s == name)
    }

    pub fn stream(&self, site: usize, name: &str) -> Option<usize> {
        self.streams
            .iter()
            .position(|(s, st)| *s == site && st.name == name)
    }
}

fn dup_check<'a>(what: &str, names: impl Iterator<Item = &'a str>) -> Result<(), SpecError> {
    let mut seen: Vec<&str> = Vec::new();
    for (i, n) in names.enumerate() {
        if n.is_empty() {
            return Err(SpecError::new(
                format!("{what}[{i}]"),
                "name must not be empty",
            ));
        }
        if seen.contains(&n) {
            return Err(SpecError::new(
                format!("{what}[{i}]"),
                format!("duplicate name '{n}'"),
            ));
        }
        seen.push(n);
    }
    Ok(())
}

fn positive(field: String, v: u64) -> Result<(), SpecError> {
    if v == 0 {
        return Err(SpecError::new(field, "must be greater than 0"));
    }
    Ok(())
}

fn rate(field: String, v: f64) -> Result<(), SpecError> {
    if !v.is_finite() || !(0.0..=10_000_000.0).contains(&v) {
        return Err(SpecError::new(
            field,
            format!("{v} is not a rate between 0 and 10,000,000 records/s"),
        ));
    }
    Ok(())
}

pub(crate) fn validate(spec: &ScenarioSpec) -> Result<Validated, SpecError> {
    if spec.version != FORMAT_VERSION {
        return Err(SpecError::new(
            "version",
            format!("unsupported version {}", spec.version),
        ));
    }
    positive("sample_every_ms".into(), spec.sample_every_ms)?;
    let t = &spec.topology;
    if t.sites.is_empty() {
        return Err(SpecError::new(
            "topology.sites",
            "at least one site is needed",
        ));
    }
    dup_check("topology.sites", t.sites.iter().map(|s| s.name.as_str()))?;
    let sites: Vec<String> = t.sites.iter().map(|s| s.name.clone()).collect();
    let site_of = |field: String, name: &str| {
        sites
            .iter()
            .position(|s| s == name)
            .ok_or_else(|| SpecError::new(field, format!("no site named '{name}'")))
    };
    let mut v = Validated {
        sites: sites.clone(),
        streams: Vec::new(),
        hops: Vec::new(),
        writers: Vec::new(),
        readers: Vec::new(),
        companions: Vec::new(),
    };
    for (i, s) in t.streams.iter().enumerate() {
        let f = format!("topology.streams[{i}]");
        let site = site_of(format!("{f}.site"), &s.site)?;
        if s.name.is_empty() {
            return Err(SpecError::new(format!("{f}.name"), "must not be empty"));
        }
        if v.stream(site, &s.name).is_some() {
            return Err(SpecError::new(
                format!("{f}.name"),
                format!("stream '{}' is declared twice on site '{}'", s.name, s.site),
            ));
        }
        if s.parts == 0 || s.parts > 256 {
            return Err(SpecError::new(
                format!("{f}.parts"),
                "must be between 1 and 256",
            ));
        }
        v.streams.push((site, s.clone()));
    }
    dup_check("topology.hops", t.hops.iter().map(|h| h.id.as_str()))?;
    for (i, h) in t.hops.iter().enumerate() {
        let f = format!("topology.hops[{i}]");
        let from_site = site_of(format!("{f}.from.site"), &h.from.site)?;
        let to_site = site_of(format!("{f}.to.site"), &h.to.site)?;
        let src = v.stream(from_site, &h.from.stream).ok_or_else(|| {
            SpecError::new(
                format!("{f}.from.stream"),
                format!("no stream '{}' on site '{}'", h.from.stream, h.from.site),
            )
        })?;
        let target = qualified_target(h);
        if h.options.stamp == OriginStamp::QualifiedName && h.to.stream != target.stream {
            return Err(SpecError::new(
                format!("{f}.to.stream"),
                format!(
                    "with stamp qualified-name the copies go to '{}'; write that name",
                    target.stream
                ),
            ));
        }
        let dst = match v.stream(to_site, &target.stream) {
            Some(d) => d,
            None if h.options.stamp == OriginStamp::QualifiedName => {
                let mut created = v.streams[src].1.clone();
                created.site = target.site.clone();
                created.name = target.stream.clone();
                created.start_position = 0;
                v.streams.push((to_site, created));
                v.streams.len() - 1
            }
            None => {
                return Err(SpecError::new(
                    format!("{f}.to.stream"),
                    format!("no stream '{}' on site '{}'", target.stream, target.site),
                ))
            }
        };
        if src == dst {
            return Err(SpecError::new(
                format!("{f}.to"),
                "a hop cannot copy a stream onto itself",
            ));
        }
        super::hop_checks::check(&f, h, &v.streams[src].1, &v.streams[dst].1)?;
        let o = &h.options;
        positive(format!("{f}.options.poll_interval_ms"), o.poll_interval_ms)?;
        positive(format!("{f}.options.batch_max"), o.batch_max)?;
        positive(
            format!("{f}.options.commit_interval_ms"),
            o.commit_interval_ms,
        )?;
        positive(format!("{f}.options.workers"), u64::from(o.workers))?;
        if let Some(n) = o.map_every {
            positive(format!("{f}.options.map_every"), n)?;
        }
        if let Some(n) = o.heartbeat_every_ms {
            positive(format!("{f}.options.heartbeat_every_ms"), n)?;
        }
        if let Some(n) = o.checkpoint_every_ms {
            positive(format!("{f}.options.checkpoint_every_ms"), n)?;
        }
        if let Some(n) = o.max_records_per_sec {
            positive(format!("{f}.options.max_records_per_sec"), n)?;
        }
        for (j, w) in o.filter.drop_writers.iter().enumerate() {
            if !t.writers.iter().any(|x| &x.id == w) {
                return Err(SpecError::new(
                    format!("{f}.options.filter.drop_writers[{j}]"),
                    format!("no writer named '{w}'"),
                ));
            }
        }
        v.hops.push((src, dst));
    }
    dup_check("topology.writers", t.writers.iter().map(|w| w.id.as_str()))?;
    for (i, w) in t.writers.iter().enumerate() {
        let f = format!("topology.writers[{i}]");
        let site = site_of(format!("{f}.site"), &w.site)?;
        let stream = v.stream(site, &w.stream).ok_or_else(|| {
            SpecError::new(
                format!("{f}.stream"),
                format!("no stream '{}' on site '{}'", w.stream, w.site),
            )
        })?;
        rate(format!("{f}.rate_per_sec"), w.rate_per_sec)?;
        positive(format!("{f}.interval_ms"), w.interval_ms)?;
        if w.keys == 0 || w.keys > 1_000_000 {
            return Err(SpecError::new(
                format!("{f}.keys"),
                "must be between 1 and 1,000,000",
            ));
        }
        for (j, c) in w.requires.iter().enumerate() {
            if !t.companions.iter().any(|x| &x.name == c) {
                return Err(SpecError::new(
                    format!("{f}.requires[{j}]"),
                    format!("no companion named '{c}'"),
                ));
            }
        }
        v.writers.push((site, stream));
    }
    if t.writers.len() > usize::from(u16::MAX) {
        return Err(SpecError::new("topology.writers", "too many writers"));
    }
    dup_check("topology.readers", t.readers.iter().map(|r| r.id.as_str()))?;
    for (i, r) in t.readers.iter().enumerate() {
        let f = format!("topology.readers[{i}]");
        let site = site_of(format!("{f}.site"), &r.site)?;
        let stream = v.stream(site, &r.stream).ok_or_else(|| {
            SpecError::new(
                format!("{f}.stream"),
                format!("no stream '{}' on site '{}'", r.stream, r.site),
            )
        })?;
        rate(format!("{f}.rate_per_sec"), r.rate_per_sec)?;
        positive(format!("{f}.interval_ms"), r.interval_ms)?;
        v.readers.push((site, stream));
    }
    dup_check(
        "topology.companions",
        t.companions.iter().map(|c| c.name.as_str()),
    )?;
    for (i, c) in t.companions.iter().enumerate() {
        let f = format!("topology.companions[{i}]");
        if c.sites.is_empty() {
            return Err(SpecError::new(
                format!("{f}.sites"),
                "at least one site runs an instance",
            ));
        }
        let mut idx = Vec::new();
        for (j, s) in c.sites.iter().enumerate() {
            idx.push(site_of(format!("{f}.sites[{j}]"), s)?);
        }
        v.companions.push(idx);
    }
    for (i, tc) in spec.timeline.iter().enumerate() {
        check_command(&v, spec, &tc.command)
            .map_err(|p| SpecError::new(format!("timeline[{i}].command"), p))?;
    }
    Ok(v)
}

/// Checks that a command's names exist in a validated spec; the error is the problem in words.
pub fn check_command(v: &Validated, spec: &ScenarioSpec, c: &Command) -> Result<(), String> {
    let t = &spec.topology;
    let site = |s: &str| v.site(s).map(|_| ()).ok_or(format!("no site named '{s}'"));
    let hop = |h: &str| {
        t.hops
            .iter()
            .any(|x| x.id == h)
            .then_some(())
            .ok_or(format!("no hop named '{h}'"))
    };
    let writer = |w: &str| {
        t.writers
            .iter()
            .any(|x| x.id == w)
            .then_some(())
            .ok_or(format!("no writer named '{w}'"))
    };
    let companion = |n: &str| {
        t.companions
            .iter()
            .any(|x| x.name == n)
            .then_some(())
            .ok_or(format!("no companion named '{n}'"))
    };
    match c {
        Command::LoseSite { site: s }
        | Command::CutSite { site: s }
        | Command::RestoreSite { site: s }
        | Command::TakeBackup { site: s } => site(s),
        Command::StallHop { hop: h }
        | Command::ResumeHop { hop: h }
        | Command::RestartHop { hop: h }
        | Command::CutLink { hop: h }
        | Command::HealLink { hop: h }
        | Command::StartHop { hop: h } => hop(h),
        Command::Promote { hop: h } => {
            hop(h)?;
            let mirror = t
                .hops
                .iter()
                .any(|x| x.id == *h && x.options.kind == super::HopKind::Mirror);
            if !mirror {
                return Err(format!(
                    "hop '{h}' is not a mirror: only a mirror's target can be promoted"
                ));
            }
            Ok(())
        }
        Command::MoveReader {
            reader, site: s, ..
        } => {
            if !t.readers.iter().any(|x| &x.id == reader) {
                return Err(format!("no reader group named '{reader}'"));
            }
            site(s)
        }
        Command::MoveWriter { writer: w, site: s } => writer(w).and_then(|_| site(s)),
        Command::SetWriterRate {
            writer: w,
            rate_per_sec,
        } => {
            writer(w)?;
            if !rate_per_sec.is_finite() || *rate_per_sec < 0.0 {
                return Err("rate_per_sec must be a finite, non-negative number".into());
            }
            Ok(())
        }
        Command::StopWriter { writer: w } => writer(w),
        Command::CompanionDown { name, site: s } | Command::CompanionUp { name, site: s } => {
            companion(name).and_then(|_| site(s))
        }
    }
}
