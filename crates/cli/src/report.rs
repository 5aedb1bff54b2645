//! The report of a run's measures: plain text, or JSON.

use hoplab_model::{fmt_n, Coverage, Egress, Measures, ScenarioSpec, Sim};
use std::fmt::Write;

/// The measures as JSON, each hop with its egress (when given) and, beside them, the
/// coverage of every origin stream.
pub fn json(sim: &Sim, m: &Measures, egress: &[Egress]) -> String {
    let mut v = serde_json::to_value(m).expect("measures serialise");
    if let Some(hops) = v["hops"].as_array_mut() {
        for (h, e) in hops.iter_mut().zip(egress) {
            h["egress"] = serde_json::to_value(e).expect("egress serialises");
        }
    }
    v["coverage"] = serde_json::to_value(sim.coverage()).expect("coverage serialises");
    serde_json::to_string_pretty(&v).expect("measures serialise")
}

/// `egress`: per hop in `m.hops`' order, or empty (no record size given).
pub fn text(spec: &ScenarioSpec, sim: &Sim, m: &Measures, egress: &[Egress]) -> String {
    let mut o = String::new();
    if let Some(stop) = &m.stopped {
        let _ = writeln!(o, "PARTIAL RESULT: {}", stop.note);
    }
    let _ = writeln!(
        o,
        "scenario {} at {:.1} s ({} events)",
        spec.name,
        m.at_ms as f64 / 1000.0,
        fmt_n(sim.events_processed())
    );
    for s in &m.sites {
        let c = &s.census;
        let _ = writeln!(
            o,
            "site {}: {:?}; stored {} (own {}, first copies of others {}, own echoes {}, others' echoes {}, duplicates {})",
            s.name, s.status, fmt_n(c.stored), fmt_n(c.own), fmt_n(c.others), fmt_n(c.own_echoes), fmt_n(c.others_echoes), fmt_n(c.duplicates)
        );
    }
    for (i, h) in m.hops.iter().enumerate() {
        let _ = writeln!(
            o,
            "hop {} [{:?}]: lag {} records / {} ms oldest uncopied; newest copied {} old{}; uncopied tail {} acknowledged (+{} not yet acknowledged); target-minus-source {} (meaningless)",
            h.id, h.status, fmt_n(h.lag_records), h.oldest_uncopied_age_ms,
            age(h.newest_copied_age_ms),
            h.heartbeat_age_ms.map(|a| format!(", heartbeat {a} ms old")).unwrap_or_default(),
            fmt_n(h.uncopied_tail), fmt_n(h.unacknowledged), h.subtraction
        );
        let _ = writeln!(
            o,
            "    copied {}, filtered {}, aged out before copy {}, duplicates {}, lost with site {} (+{} unacknowledged), before start {}; latency min {:?} max {} ms (floor {} ms); map pairs kept {} of {} written",
            fmt_n(h.copied), fmt_n(h.filtered), fmt_n(h.aged_out_before_copy), fmt_n(h.duplicates), fmt_n(h.lost_with_site), fmt_n(h.lost_unacknowledged), fmt_n(h.before_start),
            h.latency_min_ms, h.latency_max_ms, h.floor_ms, h.map_pairs, fmt_n(h.map_written)
        );
        for c in &h.drift_causes {
            let _ = writeln!(o, "    drift cause: {c}");
        }
        if let Some(e) = egress.get(i) {
            let _ = writeln!(o, "    egress: {}", e.detail());
        }
    }
    for w in &m.writers {
        let _ = writeln!(
            o,
            "writer {} on {}: appended {}, acknowledged {}, refused {}, survived {}, acknowledged but missing {}, max ack delay {} ms",
            w.id, w.site, fmt_n(w.appended), fmt_n(w.acknowledged), fmt_n(w.refused), fmt_n(w.survived), fmt_n(w.missing), w.max_ack_delay_ms
        );
    }
    for r in &m.readers {
        let _ = writeln!(
            o,
            "reader group {} on {}/{}: processed {}, replayed {}, gap {}, lag {}",
            r.id,
            r.site,
            r.stream,
            fmt_n(r.processed),
            fmt_n(r.replayed),
            fmt_n(r.gap),
            fmt_n(r.lag_records)
        );
        if let Some(mv) = &r.last_move {
            let _ = writeln!(
                o,
                "    moved {} -> {} by {}: replay {}, gap {}{}",
                mv.from_site,
                mv.to_site,
                mv.rule,
                fmt_n(mv.replay),
                fmt_n(mv.gap),
                mv.note
                    .as_deref()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default()
            );
        }
    }
    for s in m
        .streams
        .iter()
        .filter(|s| s.keys_split > 0 || s.order_inversions > 0)
    {
        let _ = writeln!(
            o,
            "order on {}/{}: {} keys split across parts, {} inversions",
            s.site, s.stream, s.keys_split, s.order_inversions
        );
    }
    for b in &m.backups {
        let _ = writeln!(
            o,
            "backup of {} at {:.1} s: {} records",
            b.site,
            b.taken_at_ms as f64 / 1000.0,
            fmt_n(b.records)
        );
    }
    for c in sim.coverage() {
        let _ = writeln!(o, "{}", coverage_line(&c));
    }
    // Copies count every site a record reached; echoes only the repeats.
    let _ = writeln!(
        o,
        "copies per original: {:.2}; echoes per original: {:.2} ({} echoes stored)",
        m.echo.copies_per_original,
        m.echo.echoes_per_original,
        fmt_n(m.echo.echoes_stored)
    );
    if let Some(mg) = &m.merge {
        let _ = writeln!(
            o,
            "merge of {} by {} over {} records: {}",
            mg.stream,
            mg.chosen,
            mg.records,
            mg.chosen_head.join(" ")
        );
        for d in &mg.disagreements {
            let _ = writeln!(
                o,
                "    {} vs {}: {} pairs in opposite order",
                d.a,
                d.b,
                fmt_n(d.pairs)
            );
        }
    }
    o
}

/// `coverage of A/orders: A 1,000; B 1,000 in 2,000 copies (orders, A.orders); C none`: each site's distinct records, its copies when some came twice, and the
/// streams holding them when they are not the origin's name.
fn coverage_line(c: &Coverage) -> String {
    let sites: Vec<String> = c
        .sites
        .iter()
        .map(|s| {
            if s.records == 0 {
                return format!("{} none", s.site);
            }
            let mut t = format!("{} {}", s.site, fmt_n(s.records));
            if s.repeats() > 0 {
                t.push_str(&format!(" in {} copies", fmt_n(s.copies)));
            }
            if s.streams != [c.stream.as_str()] {
                t.push_str(&format!(" ({})", s.streams.join(", ")));
            }
            t
        })
        .collect();
    format!(
        "coverage of {}/{}: {}",
        c.origin,
        c.stream,
        sites.join("; ")
    )
}

fn age(ms: Option<u64>) -> String {
    ms.map_or_else(|| "-".to_string(), |a| format!("{a} ms"))
}
