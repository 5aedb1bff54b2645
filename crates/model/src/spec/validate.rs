//! Semantic checks on a parsed scenario, in named steps: the header, then each list of
//! the topology in the order later ones refer to earlier ones, the timeline, and last the
//! projected cost. Names must be unique and resolve, numbers stay within [`super::limits`].
//! Produces the index-resolved form the simulation starts from.

use super::limits::{self, check, Limit};
use super::{
    qualified_target, HopSpec, OriginStamp, ScenarioSpec, SpecError, StreamSpec, Topology,
    WriterSpec, FORMAT_VERSION,
};

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

    fn site_named(&self, field: &str, name: &str) -> Result<usize, SpecError> {
        self.site(name)
            .ok_or_else(|| SpecError::new(field, format!("no site named '{name}'")))
    }

    /// (site, stream) named by `{f}.site` and `{f}.stream`.
    fn stream_named(&self, f: &str, site: &str, stream: &str) -> Result<(usize, usize), SpecError> {
        let s = self.site_named(&format!("{f}.site"), site)?;
        let st = self.stream(s, stream).ok_or_else(|| {
            SpecError::new(
                format!("{f}.stream"),
                format!("no stream '{stream}' on site '{site}'"),
            )
        })?;
        Ok((s, st))
    }
}

fn dup_check<'a>(what: &str, names: impl Iterator<Item = &'a str>) -> Result<(), SpecError> {
    let mut seen: Vec<&str> = Vec::new();
    for (i, n) in names.enumerate() {
        limits::name(&format!("{what}[{i}]"), n)?;
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

fn optional(field: &str, v: Option<u64>, limit: Limit) -> Result<(), SpecError> {
    v.map_or(Ok(()), |v| check(field, v, limit))
}

pub(crate) fn validate(spec: &ScenarioSpec) -> Result<Validated, SpecError> {
    check_header(spec)?;
    check_list_sizes(&spec.topology)?;
    // Selector hops are checked as the plain hops they become, errors said of the file's.
    let expanded = super::selector::expand(spec)?;
    let spec = expanded.spec.as_ref();
    let v = resolve_topology::<true>(&spec.topology).map_err(|e| expanded.in_file_terms(e))?;
    super::timeline_checks::check_timeline(&v, spec)?;
    super::cost::check_projected_work(spec, &v)?;
    Ok(v)
}

/// The names of a spec that was validated before (or that the scenario library built: its
/// tests validate every build) resolved to indices, with none of the checks: the same
/// result as [`validate`] for such a spec, without the checks' code.
pub(crate) fn resolve(spec: &ScenarioSpec) -> Result<Validated, SpecError> {
    resolve_topology::<false>(&super::selector::expand(spec)?.spec.topology)
}

/// Resolves every list in the order later ones refer to earlier ones; with `CHECK`, each
/// entry is checked where it is resolved (so the first problem in file order is reported).
fn resolve_topology<const CHECK: bool>(t: &Topology) -> Result<Validated, SpecError> {
    let mut v = resolve_sites::<CHECK>(t)?;
    resolve_streams::<CHECK>(&mut v, t)?;
    resolve_hops::<CHECK>(&mut v, t)?;
    resolve_writers::<CHECK>(&mut v, t)?;
    resolve_readers::<CHECK>(&mut v, t)?;
    resolve_companions::<CHECK>(&mut v, t)?;
    Ok(v)
}

fn check_header(spec: &ScenarioSpec) -> Result<(), SpecError> {
    if spec.version != FORMAT_VERSION {
        return Err(SpecError::new(
            "version",
            format!("unsupported version {}", spec.version),
        ));
    }
    check("duration_ms", spec.duration_ms, limits::TIME)?;
    check("sample_every_ms", spec.sample_every_ms, limits::INTERVAL)
}

/// Before anything is resolved, so no step below walks an absurdly long list.
fn check_list_sizes(t: &Topology) -> Result<(), SpecError> {
    limits::count("topology.sites", t.sites.len(), limits::MAX_SITES)?;
    limits::count("topology.streams", t.streams.len(), limits::MAX_STREAMS)?;
    limits::count("topology.hops", t.hops.len(), limits::MAX_HOPS)?;
    limits::count("topology.writers", t.writers.len(), limits::MAX_WRITERS)?;
    limits::count("topology.readers", t.readers.len(), limits::MAX_READERS)?;
    limits::count(
        "topology.companions",
        t.companions.len(),
        limits::MAX_COMPANIONS,
    )
}

fn resolve_sites<const CHECK: bool>(t: &Topology) -> Result<Validated, SpecError> {
    if CHECK {
        if t.sites.is_empty() {
            return Err(SpecError::new(
                "topology.sites",
                "at least one site is needed",
            ));
        }
        dup_check("topology.sites", t.sites.iter().map(|s| s.name.as_str()))?;
    }
    Ok(Validated {
        sites: t.sites.iter().map(|s| s.name.clone()).collect(),
        streams: Vec::new(),
        hops: Vec::new(),
        writers: Vec::new(),
        readers: Vec::new(),
        companions: Vec::new(),
    })
}

fn resolve_streams<const CHECK: bool>(v: &mut Validated, t: &Topology) -> Result<(), SpecError> {
    for (i, s) in t.streams.iter().enumerate() {
        let f = format!("topology.streams[{i}]");
        let site = v.site_named(&format!("{f}.site"), &s.site)?;
        if CHECK {
            check_stream(v, site, s, &f)?;
        }
        v.streams.push((site, s.clone()));
    }
    Ok(())
}

fn check_stream(v: &Validated, site: usize, s: &StreamSpec, f: &str) -> Result<(), SpecError> {
    limits::name(&format!("{f}.name"), &s.name)?;
    if v.stream(site, &s.name).is_some() {
        return Err(SpecError::new(
            format!("{f}.name"),
            format!("stream '{}' is declared twice on site '{}'", s.name, s.site),
        ));
    }
    check(&format!("{f}.parts"), u64::from(s.parts), limits::PARTS)?;
    check(
        &format!("{f}.start_position"),
        s.start_position,
        limits::POSITION,
    )?;
    optional(
        &format!("{f}.retention.max_age_ms"),
        s.retention.max_age_ms,
        limits::INTERVAL,
    )?;
    optional(
        &format!("{f}.retention.max_records"),
        s.retention.max_records,
        limits::RECORDS,
    )?;
    Ok(())
}

fn resolve_hops<const CHECK: bool>(v: &mut Validated, t: &Topology) -> Result<(), SpecError> {
    if CHECK {
        dup_check("topology.hops", t.hops.iter().map(|h| h.id.as_str()))?;
    }
    for (i, h) in t.hops.iter().enumerate() {
        let f = format!("topology.hops[{i}]");
        let (src, dst) = resolve_hop_ends::<CHECK>(v, h, &f)?;
        if CHECK {
            super::hop_checks::check(&f, h, &v.streams[src].1, &v.streams[dst].1)?;
            check_hop_options(h, t, &f)?;
            let synchronous = |h: &HopSpec| h.options.ack == super::Ack::FarCopyDurable;
            if synchronous(h)
                && t.hops[..i]
                    .iter()
                    .zip(&v.hops)
                    .any(|(o, &(s, _))| s == src && synchronous(o))
            {
                return Err(SpecError::new(
                    format!("{f}.options.ack"),
                    "another hop from this stream already acknowledges its writers only \
                     once its far copy is durable: at most one such hop per stream",
                ));
            }
        }
        v.hops.push((src, dst));
    }
    if CHECK {
        limits::count("topology.streams", v.streams.len(), limits::MAX_STREAMS)?;
    }
    Ok(())
}

/// The source and target stream of a hop; an origin-qualified target is created on the
/// target site if the file does not declare it.
fn resolve_hop_ends<const CHECK: bool>(
    v: &mut Validated,
    h: &HopSpec,
    f: &str,
) -> Result<(usize, usize), SpecError> {
    let from_site = v.site_named(&format!("{f}.from.site"), &h.from.site)?;
    let to_site = v.site_named(&format!("{f}.to.site"), &h.to.site)?;
    let src = v.stream(from_site, &h.from.stream).ok_or_else(|| {
        let problem = if h.from.stream.is_empty() {
            "missing: name the stream, or select streams with options.streams".to_string()
        } else {
            format!("no stream '{}' on site '{}'", h.from.stream, h.from.site)
        };
        SpecError::new(format!("{f}.from.stream"), problem)
    })?;
    let target = qualified_target(h);
    if CHECK && h.options.stamp == OriginStamp::QualifiedName && h.to.stream != target.stream {
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
    if CHECK && src == dst {
        return Err(SpecError::new(
            format!("{f}.to"),
            "a hop cannot copy a stream onto itself",
        ));
    }
    Ok((src, dst))
}

fn check_hop_options(h: &HopSpec, t: &Topology, f: &str) -> Result<(), SpecError> {
    let o = &h.options;
    let field = |name: &str| format!("{f}.options.{name}");
    // Each numeric option within its limit, as its descriptor states it.
    for d in super::hop_option_table::HOP_OPTIONS {
        d.check(&field(d.id), &(d.get)(o))?;
    }
    for (j, w) in o.filter.drop_writers.iter().enumerate() {
        if !t.writers.iter().any(|x| &x.id == w) {
            return Err(SpecError::new(
                field(&format!("filter.drop_writers[{j}]")),
                format!("no writer named '{w}'"),
            ));
        }
    }
    Ok(())
}

fn resolve_writers<const CHECK: bool>(v: &mut Validated, t: &Topology) -> Result<(), SpecError> {
    if CHECK {
        dup_check("topology.writers", t.writers.iter().map(|w| w.id.as_str()))?;
    }
    for (i, w) in t.writers.iter().enumerate() {
        let f = format!("topology.writers[{i}]");
        let (site, stream) = v.stream_named(&f, &w.site, &w.stream)?;
        if CHECK {
            check_writer(w, t, &f)?;
        }
        v.writers.push((site, stream));
    }
    Ok(())
}

fn check_writer(w: &WriterSpec, t: &Topology, f: &str) -> Result<(), SpecError> {
    limits::rate(&format!("{f}.rate_per_sec"), w.rate_per_sec)?;
    check(&format!("{f}.interval_ms"), w.interval_ms, limits::INTERVAL)?;
    check(&format!("{f}.durability_ms"), w.durability_ms, limits::TIME)?;
    check(&format!("{f}.keys"), u64::from(w.keys), limits::KEYS)?;
    check(&format!("{f}.start_at_ms"), w.start_at_ms, limits::TIME)?;
    optional(&format!("{f}.stop_at_ms"), w.stop_at_ms, limits::TIME)?;
    for (j, c) in w.requires.iter().enumerate() {
        if !t.companions.iter().any(|x| &x.name == c) {
            return Err(SpecError::new(
                format!("{f}.requires[{j}]"),
                format!("no companion named '{c}'"),
            ));
        }
    }
    Ok(())
}

fn resolve_readers<const CHECK: bool>(v: &mut Validated, t: &Topology) -> Result<(), SpecError> {
    if CHECK {
        dup_check("topology.readers", t.readers.iter().map(|r| r.id.as_str()))?;
    }
    for (i, r) in t.readers.iter().enumerate() {
        let f = format!("topology.readers[{i}]");
        let (site, stream) = v.stream_named(&f, &r.site, &r.stream)?;
        if CHECK {
            limits::rate(&format!("{f}.rate_per_sec"), r.rate_per_sec)?;
            check(&format!("{f}.interval_ms"), r.interval_ms, limits::INTERVAL)?;
            check(
                &format!("{f}.commit_every_ms"),
                r.commit_every_ms,
                limits::INTERVAL,
            )?;
        }
        v.readers.push((site, stream));
    }
    Ok(())
}

fn resolve_companions<const CHECK: bool>(v: &mut Validated, t: &Topology) -> Result<(), SpecError> {
    if CHECK {
        dup_check(
            "topology.companions",
            t.companions.iter().map(|c| c.name.as_str()),
        )?;
    }
    for (i, c) in t.companions.iter().enumerate() {
        let f = format!("topology.companions[{i}]");
        if CHECK && c.sites.is_empty() {
            return Err(SpecError::new(
                format!("{f}.sites"),
                "at least one site runs an instance",
            ));
        }
        if CHECK {
            limits::count(&format!("{f}.sites"), c.sites.len(), limits::MAX_SITES)?;
        }
        let mut idx = Vec::new();
        for (j, s) in c.sites.iter().enumerate() {
            idx.push(v.site_named(&format!("{f}.sites[{j}]"), s)?);
        }
        v.companions.push(idx);
    }
    Ok(())
}
