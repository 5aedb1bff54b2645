//! The current state in plain words: the measures panel's rows and one paragraph for
//! screen readers (a polite live region). Pure.

use hoplab_model::{fmt_n, HopMeasure, Measures, ReaderMeasure, WriterMeasure};

use super::layout::{fmt_time, hop_status, site_status};
use super::show::Emphasis;

#[derive(Clone, Debug, PartialEq)]
pub struct MeasureRow {
    /// Stable id, e.g. "lag:a-to-b" (the e2e tests read `data-measure`).
    pub id: String,
    pub label: String,
    pub value: String,
    /// The number behind the value, for tests and charts.
    pub number: f64,
    /// Worth drawing the eye to (a loss, a gap, a meaningless figure).
    pub alert: bool,
}

fn row(id: String, label: String, value: String, number: f64, alert: bool) -> MeasureRow {
    MeasureRow {
        id,
        label,
        value,
        number,
        alert,
    }
}

fn secs(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

/// Lag measure 2: what a dashboard on the target sees, now minus the source time of the
/// newest copy. On a quiet stream it grows though nothing is late; heartbeats, when the
/// hop sends them, give the honest figure, so both are shown.
fn freshness_row(h: &hoplab_model::HopMeasure) -> MeasureRow {
    let newest = match h.newest_copied_age_ms {
        Some(ms) => secs(ms),
        None => "nothing copied yet".to_string(),
    };
    let value = match h.heartbeat_age_ms {
        Some(ms) => format!("{newest} · heartbeat {}", secs(ms)),
        None => format!("{newest} (grows on a quiet stream)"),
    };
    let number = h.heartbeat_age_ms.or(h.newest_copied_age_ms).unwrap_or(0) as f64;
    row(
        format!("freshness:{}", h.id),
        format!("Age of the newest copy on the target, {}", h.id),
        value,
        number,
        false,
    )
}

/// The measures a run view lists beside the stage, with the extras `emphasis` asks for.
pub fn measure_rows(emphasis: Emphasis, m: &Measures) -> Vec<MeasureRow> {
    let mut out = Vec::new();
    for h in &m.hops {
        hop_rows(&mut out, emphasis, h);
    }
    site_rows(&mut out, m);
    for w in &m.writers {
        writer_rows(&mut out, w);
    }
    for r in &m.readers {
        reader_rows(&mut out, r);
    }
    order_merge_companion_backup_rows(&mut out, emphasis, m);
    out
}

/// A hop's lag, freshness, tail and what it copied, lost or duplicated.
fn hop_rows(out: &mut Vec<MeasureRow>, emphasis: Emphasis, h: &HopMeasure) {
    let fallacy = emphasis.subtraction;
    let id = &h.id;
    out.push(row(
        format!("lag:{id}"),
        format!("Copy lag, {id}"),
        format!(
            "{} records · {}",
            fmt_n(h.lag_records),
            secs(h.oldest_uncopied_age_ms)
        ),
        h.lag_records as f64,
        false,
    ));
    out.push(freshness_row(h));
    if fallacy {
        out.push(row(
            format!("subtraction:{id}"),
            format!("Target end − source end, {id} (means nothing)"),
            h.subtraction.to_string(),
            h.subtraction as f64,
            true,
        ));
    }
    out.push(row(
        format!("tail:{id}"),
        format!("Uncopied tail, {id}"),
        format!("{} records", fmt_n(h.uncopied_tail)),
        h.uncopied_tail as f64,
        h.uncopied_tail > 0 && h.status != hoplab_model::HopStatus::Running,
    ));
    out.push(row(
        format!("copied:{id}"),
        format!("Copied by {id} ({})", hop_status(h.status)),
        fmt_n(h.copied),
        h.copied as f64,
        false,
    ));
    if h.duplicates > 0 {
        out.push(row(
            format!("duplicates:{id}"),
            format!("Duplicates written by {id}"),
            fmt_n(h.duplicates),
            h.duplicates as f64,
            true,
        ));
    }
    if h.lost_with_site > 0 {
        out.push(row(
            format!("lost:{id}"),
            format!("Lost with the site before {id} copied them"),
            format!("{} records", fmt_n(h.lost_with_site)),
            h.lost_with_site as f64,
            true,
        ));
    }
    if !h.drift_causes.is_empty() && emphasis.drift {
        out.push(row(
            format!("drift:{id}"),
            format!("Why {id}'s numbers drift"),
            h.drift_causes.join("; "),
            h.drift_causes.len() as f64,
            false,
        ));
    }
}

/// What each site stores, and (with more than one hop) how many copies an original has.
fn site_rows(out: &mut Vec<MeasureRow>, m: &Measures) {
    for s in &m.sites {
        out.push(row(
            format!("stored:{}", s.name),
            format!("Stored on {} ({})", s.name, site_status(s.status)),
            format!("{} records", fmt_n(s.census.stored)),
            s.census.stored as f64,
            s.status != hoplab_model::SiteStatus::Up,
        ));
    }
    if m.hops.len() > 1 {
        // A record copied to two sites has two copies and no echo: only repeats stand out.
        out.push(row(
            "copies-per-original".into(),
            "Copies per original".into(),
            format!(
                "{:.2} ({})",
                m.echo.copies_per_original,
                echoes_text(m.echo.echoes_per_original)
            ),
            m.echo.copies_per_original,
            m.echo.echoes_stored > 0,
        ));
    }
}

/// What a writer was promised, and (behind a synchronous hop) what it still waits for.
fn writer_rows(out: &mut Vec<MeasureRow>, w: &WriterMeasure) {
    out.push(row(
        format!("acked:{}", w.id),
        format!("Acknowledged to writer {}", w.id),
        fmt_n(w.acknowledged),
        w.acknowledged as f64,
        false,
    ));
    // A synchronous hop's writer: what each write waits for, and what still waits.
    if let Some(least) = w.min_far_ack_delay_ms {
        out.push(row(
            format!("ack-delay:{}", w.id),
            format!("Acknowledgement delay, {} (far copy durable)", w.id),
            format!("{}–{} ms", fmt_n(least), fmt_n(w.max_ack_delay_ms)),
            w.max_ack_delay_ms as f64,
            false,
        ));
    }
    if w.awaiting_far_copy > 0 {
        out.push(row(
            format!("awaiting:{}", w.id),
            format!("Written by {}, waiting for the far copy", w.id),
            format!("{} records", fmt_n(w.awaiting_far_copy)),
            w.awaiting_far_copy as f64,
            false,
        ));
    }
    if w.missing > 0 || w.unacknowledged_lost > 0 {
        out.push(row(
            format!("missing:{}", w.id),
            format!("Acknowledged to {}, now stored nowhere", w.id),
            format!("{} records", fmt_n(w.missing)),
            w.missing as f64,
            true,
        ));
    }
}

/// A reader group's progress, and what a move made it read twice or skip.
fn reader_rows(out: &mut Vec<MeasureRow>, r: &ReaderMeasure) {
    out.push(row(
        format!("reader:{}", r.id),
        format!("Reader group {} on {}", r.id, r.site),
        format!(
            "{} processed · {} behind",
            fmt_n(r.processed),
            fmt_n(r.lag_records)
        ),
        r.processed as f64,
        false,
    ));
    if r.last_move.is_some() || r.replayed > 0 || r.gap > 0 {
        out.push(row(
            format!("replayed:{}", r.id),
            format!("Read twice after the move ({})", r.id),
            fmt_n(r.replayed),
            r.replayed as f64,
            r.replayed > 0,
        ));
        out.push(row(
            format!("gap:{}", r.id),
            format!("Never read after the move ({})", r.id),
            fmt_n(r.gap),
            r.gap as f64,
            r.gap > 0,
        ));
        // Why a move fell back (no map pairs yet, older than every kept pair, ...).
        if let Some(note) = r.last_move.as_ref().and_then(|mv| mv.note.clone()) {
            out.push(row(
                format!("move-note:{}", r.id),
                format!("How the move landed ({})", r.id),
                note,
                0.0,
                true,
            ));
        }
    }
}

/// Order per stream, the merge rule, companions and backups.
fn order_merge_companion_backup_rows(out: &mut Vec<MeasureRow>, emphasis: Emphasis, m: &Measures) {
    for st in &m.streams {
        if emphasis.order {
            out.push(row(
                format!("order:{}/{}", st.site, st.stream),
                format!("Order on {}/{}", st.site, st.stream),
                format!(
                    "{} keys split across parts · {} inversions",
                    fmt_n(st.keys_split),
                    fmt_n(st.order_inversions)
                ),
                st.order_inversions as f64,
                st.order_inversions > 0,
            ));
        }
    }
    if let Some(mm) = &m.merge {
        let worst = mm.disagreements.iter().map(|d| d.pairs).max().unwrap_or(0);
        out.push(row(
            "merge".into(),
            format!("Merge rule {} on {}", mm.chosen, mm.stream),
            format!("rules disagree on up to {} pairs", fmt_n(worst)),
            worst as f64,
            worst > 0,
        ));
    }
    for c in &m.companions {
        let down: Vec<&str> = c
            .instances
            .iter()
            .filter(|(_, up)| !up)
            .map(|(s, _)| s.as_str())
            .collect();
        out.push(row(
            format!("companion:{}", c.name),
            format!("{} ({})", c.name, c.kind),
            if down.is_empty() {
                "answering everywhere".into()
            } else {
                format!("not answering at {}", down.join(", "))
            },
            down.len() as f64,
            !down.is_empty(),
        ));
    }
    for b in &m.backups {
        out.push(row(
            format!("backup:{}", b.taken_at_ms),
            format!("Backup of {} at {}", b.site, fmt_time(b.taken_at_ms)),
            format!("{} records", fmt_n(b.records)),
            b.records as f64,
            false,
        ));
    }
}

/// One paragraph describing the state now, for the live region.
pub fn describe(m: &Measures, playing: bool) -> String {
    let mut s = format!(
        "{} at {}.",
        if playing { "Playing" } else { "Paused" },
        fmt_time(m.at_ms)
    );
    for site in &m.sites {
        s.push_str(&format!(
            " Site {} is {} and stores {} records.",
            site.name,
            site_status(site.status),
            fmt_n(site.census.stored)
        ));
    }
    for h in &m.hops {
        s.push_str(&format!(
            " Copier {} is {}: {} records behind ({} for the oldest), {} not yet copied.",
            h.id,
            hop_status(h.status),
            fmt_n(h.lag_records),
            secs(h.oldest_uncopied_age_ms),
            fmt_n(h.uncopied_tail)
        ));
    }
    for r in &m.readers {
        s.push_str(&format!(
            " Reader group {} on {} has processed {}",
            r.id,
            r.site,
            fmt_n(r.processed)
        ));
        if r.replayed > 0 || r.gap > 0 {
            s.push_str(&format!(
                ", read {} twice and skipped {}",
                fmt_n(r.replayed),
                fmt_n(r.gap)
            ));
        }
        s.push('.');
    }
    if m.hops.len() > 1 {
        s.push_str(&format!(
            " Copies per original: {:.2} ({}).",
            m.echo.copies_per_original,
            echoes_text(m.echo.echoes_per_original)
        ));
    }
    s
}

/// Echoes per original in words: repeats of a record a site already holds, or come back.
fn echoes_text(per_original: f64) -> String {
    if per_original == 0.0 {
        "no echoes".to_string()
    } else {
        format!("{per_original:.2} of them echoes")
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests {
    use super::*;
    use hoplab_model::{scenarios, Sim};

    fn plain() -> Emphasis {
        Emphasis::default()
    }

    fn measures(id: &str, pairs: &[(&str, &str)], t: u64) -> Measures {
        let s = scenarios::get(id).unwrap();
        let v = s.values_from_pairs(pairs.iter().copied()).unwrap();
        let mut sim = Sim::new(&s.build(&v).unwrap(), 1).unwrap();
        sim.advance_to(t);
        sim.measures()
    }

    fn value(rows: &[MeasureRow], id: &str) -> f64 {
        rows.iter()
            .find(|r| r.id == id)
            .unwrap_or_else(|| panic!("no {id} in {rows:?}"))
            .number
    }

    #[test]
    fn the_echo_grows_without_a_stamp_and_settles_with_one() {
        let none = measure_rows(plain(), &measures("echo-loop", &[], 30_000));
        let marker = measure_rows(
            plain(),
            &measures("echo-loop", &[("stamp", "marker")], 30_000),
        );
        assert!(value(&none, "copies-per-original") > 2.0);
        let m = value(&marker, "copies-per-original");
        assert!(m <= 1.05, "{m}");
        fn alert(rows: &[MeasureRow]) -> bool {
            rows.iter()
                .any(|r| r.id == "copies-per-original" && r.alert)
        }
        assert!(alert(&none), "the echoes stand out");
        assert!(!alert(&marker));
    }

    #[test]
    fn copies_at_two_sites_are_not_called_echoes() {
        // One source copied to B and to C: more than one copy per original, no echo.
        let m = measures("mirror-vs-translate", &[], 45_000);
        assert!(m.echo.copies_per_original > 1.05);
        let rows = measure_rows(plain(), &m);
        let copies = rows.iter().find(|r| r.id == "copies-per-original").unwrap();
        assert!(!copies.alert, "{copies:?}");
        assert!(copies.value.ends_with("(no echoes)"), "{}", copies.value);
    }

    #[test]
    fn map_resume_replays_less_than_the_start_and_raw_number_skips() {
        let at_40 = |rule| measures("failover-resume", &[("resume", rule)], 40_000);
        let (map, start, raw) = (at_40("position-map"), at_40("start"), at_40("raw-number"));
        let (map_rows, raw) = (measure_rows(plain(), &map), measure_rows(plain(), &raw));
        assert_eq!(value(&map_rows, "gap:billing"), 0.0);
        assert!(value(&map_rows, "replayed:billing") > 0.0);
        // The move over the map lands early by a margin, short of starting over; the raw
        // number is the one that skips.
        let cost = |m: &Measures| m.readers[0].last_move.as_ref().unwrap().replay;
        assert!(
            cost(&map) < cost(&start),
            "{} vs {}",
            cost(&map),
            cost(&start)
        );
        assert!(value(&raw, "gap:billing") > 0.0);
    }

    #[test]
    fn a_move_without_a_map_says_why_it_fell_back() {
        let rows = measure_rows(
            plain(),
            &measures("sampled-map", &[("map_on", "off")], 45_000),
        );
        let note = rows.iter().find(|r| r.id == "move-note:billing");
        let note = note.unwrap_or_else(|| panic!("no move note in {rows:?}"));
        assert!(note.value.contains("no position map"), "{}", note.value);
        // With a map the group resumes from the copier's last checkpoint, and says so.
        let with_map = measure_rows(plain(), &measures("sampled-map", &[], 45_000));
        let note = with_map
            .iter()
            .find(|r| r.id == "move-note:billing")
            .unwrap();
        assert!(note.value.contains("last checkpoint"), "{}", note.value);
    }

    #[test]
    fn freshness_on_the_target_grows_while_the_copier_stalls() {
        let age = |t| {
            let m = measures("stall-and-backlog", &[], t);
            let h = &m.hops[0].id;
            value(&measure_rows(plain(), &m), &format!("freshness:{h}"))
        };
        let (before, during) = (age(18_000), age(30_000));
        assert!(during > before + 3_000.0, "{before} then {during}");
    }

    #[test]
    fn a_synchronous_writer_shows_its_wait_and_loses_nothing() {
        let rows = measure_rows(plain(), &measures("synchronous-copy", &[], 40_000));
        // Payments waited at least the 60 ms round trip and B's 5 ms write.
        assert!(value(&rows, "ack-delay:pay") >= 65.0);
        assert!(rows.iter().all(|r| r.id != "ack-delay:shop"));
        // Its unacknowledged writes went with A; nothing acknowledged did.
        assert_eq!(value(&rows, "missing:pay"), 0.0);
        assert!(value(&rows, "missing:shop") > 0.0);
    }

    #[test]
    fn the_description_names_every_site_and_copier() {
        let m = measures("stall-and-backlog", &[], 30_000);
        let d = describe(&m, false);
        assert!(d.starts_with("Paused at 30.0 s."));
        assert!(
            d.contains("Site A") && d.contains("Site B") && d.contains("stalled"),
            "{d}"
        );
    }
}
