//! Small line charts of the model's sampled series: the charts a run view asks for, and
//! their SVG paths. Pure; the component only draws the strings.

use hoplab_model::{fmt_n, Sample};

use super::show::ChartKind;

/// Chart coordinate space.
pub const CHART_W: f64 = 240.0;
pub const CHART_H: f64 = 64.0;
/// Points per line at most (the series is downsampled to fit).
const MAX_POINTS: usize = 120;

#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub label: String,
    /// "l0".."l2" (site colours) or "fallacy".
    pub class: String,
    pub path: String,
    pub last: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub id: &'static str,
    pub title: &'static str,
    pub lines: Vec<Line>,
    pub y_min: f64,
    pub y_max: f64,
    pub x_max_ms: u64,
    /// The chart in words, for screen readers.
    pub summary: String,
}

/// Names of what the series' vectors follow, in the topology's order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Names {
    pub hops: Vec<String>,
    pub sites: Vec<String>,
    pub readers: Vec<String>,
}

/// A chart's number for people: whole values with thousands separators and a real minus
/// sign, others to two decimals. Used by the charts' summaries and their labels on the page.
pub fn format_value(v: f64) -> String {
    if v.fract().abs() < 1e-9 && v.abs() < 1e15 {
        if v < 0.0 {
            format!("−{}", fmt_n((-v) as u64))
        } else {
            fmt_n(v as u64)
        }
    } else {
        format!("{v:.2}")
    }
}

/// One series of values to an SVG path in chart space.
pub fn path(points: &[(u64, f64)], x_max: u64, y_min: f64, y_max: f64) -> String {
    let stride = points.len().div_ceil(MAX_POINTS).max(1);
    let span = (y_max - y_min).max(1e-9);
    let mut d = String::with_capacity(points.len() / stride * 14 + 8);
    let last = points.len().saturating_sub(1);
    for (i, &(t, v)) in points.iter().enumerate() {
        if i % stride != 0 && i != last {
            continue;
        }
        let x = t as f64 / x_max.max(1) as f64 * CHART_W;
        let y = CHART_H - (v - y_min) / span * CHART_H;
        d.push(if d.is_empty() { 'M' } else { 'L' });
        d.push_str(&format!("{x:.1} {y:.1}"));
    }
    d
}

type Pick = fn(&Sample, usize) -> f64;

fn chart(
    id: &'static str,
    title: &'static str,
    samples: &[Sample],
    x_max: u64,
    series: Vec<(String, String, usize, Pick)>,
    unit: &str,
) -> Chart {
    let values: Vec<Vec<(u64, f64)>> = series
        .iter()
        .map(|(_, _, i, pick)| samples.iter().map(|s| (s.at_ms, pick(s, *i))).collect())
        .collect();
    let all = values.iter().flatten().map(|p| p.1);
    let y_max = all.clone().fold(0.0f64, f64::max).max(1.0);
    let y_min = all.fold(0.0f64, f64::min);
    let mut parts = Vec::new();
    let lines = series
        .into_iter()
        .zip(&values)
        .map(|((label, class, _, _), pts)| {
            let last = pts.last().map_or(0.0, |p| p.1);
            let peak = pts.iter().map(|p| p.1).fold(f64::MIN, f64::max);
            parts.push(if pts.is_empty() {
                format!("{label}: no data yet")
            } else {
                format!(
                    "{label}: now {} {unit}, peak {}",
                    format_value(last),
                    format_value(peak)
                )
            });
            Line {
                label,
                class,
                path: path(pts, x_max, y_min, y_max),
                last,
            }
        })
        .collect();
    Chart {
        id,
        title,
        lines,
        y_min,
        y_max,
        x_max_ms: x_max,
        summary: format!("{title}. {}.", parts.join("; ")),
    }
}

fn per(names: &[String], pick: Pick) -> Vec<(String, String, usize, Pick)> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), format!("l{}", i.min(2)), i, pick))
        .collect()
}

/// The charts `picks` asks for, from the samples so far; `x_max` is the time axis' end.
/// A chart with nothing to follow (no hops, no readers) or nothing to show yet (no
/// duplicates, no move) is left out.
pub fn charts(picks: &[ChartKind], samples: &[Sample], names: &Names, x_max: u64) -> Vec<Chart> {
    picks
        .iter()
        .filter_map(|kind| {
            hop_chart(*kind, samples, &names.hops, x_max)
                .or_else(|| site_or_reader_chart(*kind, samples, names, x_max))
        })
        .collect()
}

/// The charts drawn per hop; none for a design without hops.
fn hop_chart(kind: ChartKind, samples: &[Sample], hops: &[String], x_max: u64) -> Option<Chart> {
    let last = samples.last();
    match kind {
        ChartKind::LagRecords if !hops.is_empty() => Some(chart(
            "lag-records",
            "Copy lag (records)",
            samples,
            x_max,
            per(hops, |s, i| {
                s.hop_lag_records.get(i).copied().unwrap_or(0) as f64
            }),
            "records",
        )),
        ChartKind::LagSeconds if !hops.is_empty() => Some(chart(
            "lag-seconds",
            "Copy lag (seconds)",
            samples,
            x_max,
            per(hops, |s, i| {
                s.hop_lag_age_ms.get(i).copied().unwrap_or(0) as f64 / 1000.0
            }),
            "s",
        )),
        ChartKind::Tail if !hops.is_empty() => Some(chart(
            "tail",
            "Uncopied tail (records)",
            samples,
            x_max,
            per(hops, |s, i| s.hop_tail.get(i).copied().unwrap_or(0) as f64),
            "records",
        )),
        ChartKind::Subtraction if !hops.is_empty() => Some(chart(
            "subtraction",
            "Target end − source end, beside the true lag",
            samples,
            x_max,
            vec![
                ("true lag".into(), "l0".into(), 0, |s, i| {
                    s.hop_lag_records.get(i).copied().unwrap_or(0) as f64
                }),
                (
                    "subtraction (meaningless)".into(),
                    "fallacy".into(),
                    0,
                    |s, i| s.hop_subtraction.get(i).copied().unwrap_or(0) as f64,
                ),
            ],
            "records",
        )),
        ChartKind::Duplicates if last.is_some_and(|s| s.hop_duplicates.iter().any(|&d| d > 0)) => {
            Some(chart(
                "duplicates",
                "Duplicates written after restarts",
                samples,
                x_max,
                per(hops, |s, i| {
                    s.hop_duplicates.get(i).copied().unwrap_or(0) as f64
                }),
                "records",
            ))
        }
        _ => None,
    }
}

/// The charts drawn per site, per reader group, or for the design as a whole.
fn site_or_reader_chart(
    kind: ChartKind,
    samples: &[Sample],
    names: &Names,
    x_max: u64,
) -> Option<Chart> {
    let hops = &names.hops;
    let last = samples.last();
    match kind {
        ChartKind::Stored => Some(chart(
            "stored",
            "Stored records per site",
            samples,
            x_max,
            per(&names.sites, |s, i| {
                s.site_stored.get(i).copied().unwrap_or(0) as f64
            }),
            "records",
        )),
        ChartKind::CopiesPerOriginal if hops.len() > 1 => Some(chart(
            "copies",
            "Copies per original",
            samples,
            x_max,
            vec![("copies per original".into(), "l2".into(), 0, |s, _| {
                s.copies_per_original
            })],
            "",
        )),
        ChartKind::AfterMove
            if last.is_some_and(|s| {
                s.reader_replayed
                    .iter()
                    .chain(&s.reader_gap)
                    .any(|&n| n > 0)
            }) =>
        {
            Some(chart(
                "after-move",
                "After the move: read twice, never read",
                samples,
                x_max,
                vec![
                    ("read twice".into(), "l0".into(), 0, |s, _| {
                        s.reader_replayed.iter().sum::<u64>() as f64
                    }),
                    ("never read".into(), "fallacy".into(), 0, |s, _| {
                        s.reader_gap.iter().sum::<u64>() as f64
                    }),
                ],
                "records",
            ))
        }
        ChartKind::ReaderLag if !names.readers.is_empty() => Some(chart(
            "reader-lag",
            "Reader lag (records)",
            samples,
            x_max,
            per(&names.readers, |s, i| {
                s.reader_lag.get(i).copied().unwrap_or(0) as f64
            }),
            "records",
        )),
        _ => None,
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests {
    use super::*;
    use crate::lab::show::RunShow;
    use hoplab_model::{scenarios, Sim};

    #[test]
    fn values_read_as_people_write_them() {
        assert_eq!(format_value(1_234_567.0), "1,234,567");
        assert_eq!(format_value(-1_500.0), "−1,500");
        assert_eq!(format_value(0.126), "0.13");
        assert_eq!(format_value(2e15), "2000000000000000.00");
    }

    #[test]
    fn failovers_chart_replay_and_gap_and_restarts_chart_duplicates() {
        let chart_ids = |id: &str, pairs: &[(&str, &str)], t: u64| {
            let s = scenarios::get(id).unwrap();
            let v = s.values_from_pairs(pairs.iter().copied()).unwrap();
            let spec = s.build(&v).unwrap();
            let mut sim = Sim::new(&spec, 1).unwrap();
            sim.advance_to(t);
            let v = sim.view(1);
            let names = Names {
                hops: v.hops.iter().map(|h| h.id.clone()).collect(),
                sites: v.sites.iter().map(|s| s.name.clone()).collect(),
                readers: v.readers.iter().map(|r| r.id.clone()).collect(),
            };
            let show = RunShow::for_scenario(&s);
            charts(&show.charts, sim.series(), &names, spec.duration_ms)
                .into_iter()
                .map(|c| c.id)
                .collect::<Vec<_>>()
        };
        assert!(
            chart_ids("failover-resume", &[("resume", "raw-number")], 40_000)
                .contains(&"after-move")
        );
        assert!(!chart_ids("failover-resume", &[], 20_000).contains(&"after-move"));
        assert!(chart_ids("drift-causes", &[], 30_000).contains(&"duplicates"));
    }

    #[test]
    fn paths_span_the_chart_and_are_downsampled() {
        let pts: Vec<(u64, f64)> = (0..1000).map(|i| (i * 10, i as f64)).collect();
        let d = path(&pts, 10_000, 0.0, 1000.0);
        assert!(d.starts_with("M0.0 64.0"));
        assert!(d.ends_with("L239.8 0.1"), "{}", &d[d.len() - 20..]);
        assert!(d.matches('L').count() <= MAX_POINTS + 1);
        assert_eq!(path(&[], 10, 0.0, 1.0), "");
    }

    #[test]
    fn echo_charts_copies_per_original_and_fallacy_charts_the_subtraction() {
        for (id, want, not) in [
            ("echo-loop", "copies", "subtraction"),
            ("subtraction-fallacy", "subtraction", "copies"),
            ("failover-resume", "reader-lag", "copies"),
        ] {
            let s = scenarios::get(id).unwrap();
            let spec = s.build_default().unwrap();
            let mut sim = Sim::new(&spec, 1).unwrap();
            sim.advance_to(10_000);
            let v = sim.view(1);
            let names = Names {
                hops: v.hops.iter().map(|h| h.id.clone()).collect(),
                sites: v.sites.iter().map(|s| s.name.clone()).collect(),
                readers: v.readers.iter().map(|r| r.id.clone()).collect(),
            };
            let picks = RunShow::for_scenario(&s).charts;
            let cs = charts(&picks, sim.series(), &names, spec.duration_ms);
            assert!(cs.iter().any(|c| c.id == want), "{id} has {want}");
            assert!(!cs.iter().any(|c| c.id == not), "{id} has no {not}");
            for c in &cs {
                assert!(c.summary.starts_with(c.title), "{}", c.summary);
                assert!(
                    c.lines.iter().all(|l| l.path.starts_with('M')),
                    "{id} {}",
                    c.id
                );
            }
        }
    }
}
