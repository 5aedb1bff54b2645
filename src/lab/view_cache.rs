//! Keeps the stage's records between frames so each frame asks the model only for the
//! few records that arrived since the last one. A part's records never change once
//! stored (a part only grows at its end and loses records at its start), so a record
//! seen once can be kept; anything that does not line up (a wiped site, a seek, a big
//! jump) falls back to asking for the whole window.

use hoplab_model::{RecordView, View};

#[derive(Clone, Debug, Default)]
pub struct ViewCache {
    view: Option<View>,
    /// Records to ask for next time: a little more than arrived last frame.
    ask: usize,
}

/// Whether `records` hold exactly positions `from..end`, in order.
fn covers(records: &[RecordView], from: u64, end: u64) -> bool {
    records.len() as u64 == end - from
        && records.first().is_none_or(|r| r.position == from)
        && records.last().is_none_or(|r| r.position + 1 == end)
}

impl ViewCache {
    /// Forgets everything (after a rebuild or a seek backwards).
    pub fn clear(&mut self) {
        self.view = None;
    }

    pub fn view(&self) -> Option<&View> {
        self.view.as_ref()
    }

    /// The view with the last `window` records of each part, from `fetch(n)` (the
    /// model's `view(n)`) called with as small an `n` as will do.
    #[inline(never)]
    pub fn next(&mut self, window: usize, mut fetch: impl FnMut(usize) -> View) -> &View {
        let ask = self.ask.clamp(4, window.max(4));
        let merged = self.view.take().and_then(|old| {
            if ask >= window {
                return None;
            }
            let mut fresh = fetch(ask);
            // More arrived than asked for: ask again for exactly that many.
            let need = Self::arrived(&old, &fresh)?;
            if need > ask {
                if need >= window {
                    return None;
                }
                fresh = fetch(need);
            }
            Self::merge(old, fresh, window)
        });
        // Next frame, ask for twice what the busiest part brought this time.
        let (view, ask) = match merged {
            Some((view, arrived)) => (view, arrived * 2 + 4),
            None => (fetch(window), window / 4),
        };
        self.ask = ask;
        self.view = Some(view);
        self.view.as_ref().expect("just set")
    }

    /// The most records any part gained since `old`, or `None` if the two do not
    /// describe the same streams or a part was wiped.
    fn arrived(old: &View, fresh: &View) -> Option<usize> {
        if old.streams.len() != fresh.streams.len() {
            return None;
        }
        let mut most = 0;
        for (os, fs) in old.streams.iter().zip(&fresh.streams) {
            if os.parts.len() != fs.parts.len() {
                return None;
            }
            for (op, fp) in os.parts.iter().zip(&fs.parts) {
                most = most.max(fp.end.checked_sub(op.end)? as usize);
            }
        }
        Some(most)
    }

    /// Old records plus the fresh ones and the most any part brought, or `None` if
    /// they do not join up.
    fn merge(mut old: View, mut fresh: View, window: usize) -> Option<(View, usize)> {
        let mut arrived = 0;
        if old.streams.len() != fresh.streams.len() {
            return None;
        }
        for (os, fs) in old.streams.iter_mut().zip(&mut fresh.streams) {
            if os.parts.len() != fs.parts.len() {
                return None;
            }
            for (op, fp) in os.parts.iter_mut().zip(&mut fs.parts) {
                if fp.end < op.end {
                    return None; // Numbering went back: the part was wiped.
                }
                let from = fp.end.saturating_sub(window as u64).max(fp.start);
                let mut records = std::mem::take(&mut op.records);
                records.retain(|r| r.position >= from && r.position < op.end);
                let fresh_records = std::mem::take(&mut fp.records);
                let new_from = op.end.max(from);
                arrived = arrived.max((fp.end - new_from) as usize);
                records.extend(fresh_records.into_iter().filter(|r| r.position >= new_from));
                if !covers(&records, from, fp.end) {
                    return None;
                }
                fp.records = records;
            }
        }
        Some((fresh, arrived))
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests {
    use super::*;
    use hoplab_model::{scenarios, Command, Sim};

    fn positions(v: &View) -> Vec<Vec<(u64, String)>> {
        v.streams
            .iter()
            .flat_map(|s| &s.parts)
            .map(|p| p.records.iter().map(|r| (r.position, r.id.key())).collect())
            .collect()
    }

    fn check(id: &str, window: usize, frames: u64, step_ms: u64, at: &[(u64, Command)]) {
        let spec = scenarios::get(id).unwrap().build_default().unwrap();
        let mut sim = Sim::new(&spec, 2).unwrap();
        let mut cache = ViewCache::default();
        let mut full_asks = 0;
        for f in 1..=frames {
            let t = f * step_ms;
            for (when, cmd) in at {
                if *when == t {
                    sim.advance_to(t);
                    sim.apply(cmd.clone()).unwrap();
                }
            }
            sim.advance_to(t);
            let got = positions(cache.next(window, |n| {
                if n >= window {
                    full_asks += 1;
                }
                sim.view(n)
            }));
            assert_eq!(got, positions(&sim.view(window)), "{id} frame {f}");
        }
        // Copiers deliver in batches: a batch bigger than the window needs a full ask.
        assert!(
            full_asks * 4 <= frames,
            "{id}: the whole window is rarely asked for ({full_asks} of {frames})"
        );
    }

    #[test]
    fn the_cache_shows_what_a_full_view_shows() {
        check("lag-components", 150, 300, 16, &[]);
        check("follow-one-record", 40, 300, 33, &[]);
        check("echo-loop", 40, 200, 16, &[]);
    }

    #[test]
    fn wiped_and_restarted_parts_fall_back_to_a_full_view() {
        check(
            "site-loss-tail",
            40,
            400,
            100,
            &[
                (30_000, Command::LoseSite { site: "A".into() }),
                (33_000, Command::RestoreSite { site: "A".into() }),
            ],
        );
        check(
            "drift-causes",
            40,
            300,
            100,
            &[(
                12_000,
                Command::RestartHop {
                    hop: "a-to-b".into(),
                },
            )],
        );
    }

    #[test]
    fn long_jumps_fetch_the_whole_window() {
        let spec = scenarios::get("lag-components")
            .unwrap()
            .build_default()
            .unwrap();
        let mut sim = Sim::new(&spec, 2).unwrap();
        let mut cache = ViewCache::default();
        sim.advance_to(1_000);
        cache.next(40, |n| sim.view(n));
        sim.advance_to(20_000);
        let got = positions(cache.next(40, |n| sim.view(n)));
        assert_eq!(got, positions(&sim.view(40)));
    }
}
