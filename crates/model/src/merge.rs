//! No single order: put the records two sites wrote into one sequence under each merge
//! rule and count how often two rules disagree about which of two records came first.

use crate::sim::Sim;
use crate::spec::MergeRule;
use crate::store::PayloadId;
use serde::Serialize;
use std::collections::BTreeMap;

/// Records compared per site at most (a record-level measure, so it is capped).
pub const MERGE_CAP: usize = 4000;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MergeMeasure {
    pub stream: String,
    pub chosen: String,
    /// Records held at both sites, the ones every rule can place.
    pub records: u64,
    /// The chosen rule's order, first records, as "site:seq" labels.
    pub chosen_head: Vec<String>,
    /// Pairs of records two rules put in opposite orders.
    pub disagreements: Vec<RuleDisagreement>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleDisagreement {
    pub a: String,
    pub b: String,
    pub pairs: u64,
}

#[derive(Clone, Copy)]
struct Rec {
    id: PayloadId,
    origin: u8,
    created: u64,
}

/// Counts pairs out of order (merge sort), O(n log n).
fn inversions(v: &mut [usize]) -> u64 {
    if v.len() < 2 {
        return 0;
    }
    let mid = v.len() / 2;
    let mut n = inversions(&mut v[..mid]) + inversions(&mut v[mid..]);
    let mut merged = Vec::with_capacity(v.len());
    let (mut i, mut j) = (0, mid);
    while i < mid && j < v.len() {
        if v[i] <= v[j] {
            merged.push(v[i]);
            i += 1;
        } else {
            merged.push(v[j]);
            n += (mid - i) as u64;
            j += 1;
        }
    }
    merged.extend_from_slice(&v[i..mid]);
    merged.extend_from_slice(&v[j..]);
    v.copy_from_slice(&merged);
    n
}

impl Sim {
    /// Records of `stream` at `site` in stored order (first copies only, capped).
    fn stored_order(&self, site: usize, stream: &str) -> Vec<Rec> {
        let mut out = Vec::new();
        let Some(s) = self.resolved().stream(site, stream) else {
            return out;
        };
        for r in self.streams()[s].parts.iter().flat_map(|p| p.blocks.iter()) {
            if r.dup > 0 || r.hops > 1 {
                continue;
            }
            for i in 0..r.len {
                if out.len() >= MERGE_CAP {
                    return out;
                }
                let mut id = r.payload;
                id.seq += i;
                out.push(Rec {
                    id,
                    origin: r.origin,
                    created: r.created_ms,
                });
            }
        }
        out
    }

    pub(crate) fn merge_measure(&self) -> Option<MergeMeasure> {
        let spec = self.spec().merge.as_ref()?;
        let sites: Vec<usize> = (0..self.sites().len())
            .filter(|&s| self.resolved().stream(s, &spec.stream).is_some())
            .take(2)
            .collect();
        if sites.len() < 2 {
            return None;
        }
        let first = self.stored_order(sites[0], &spec.stream);
        let second = self.stored_order(sites[1], &spec.stream);
        let in_second: BTreeMap<PayloadId, usize> =
            second.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
        // Records both sites hold, indexed 0..n in the first site's order.
        let common: Vec<Rec> = first
            .iter()
            .copied()
            .filter(|r| in_second.contains_key(&r.id))
            .collect();
        let n = common.len();
        let order = |rule: MergeRule| -> Vec<usize> {
            let mut idx: Vec<usize> = (0..n).collect();
            match rule {
                MergeRule::ArrivalAtFirst => {}
                MergeRule::ArrivalAtSecond => {
                    let key = |i: usize| in_second[&common[i].id];
                    sort_indices(&mut idx, &|a, b| key(*a).cmp(&key(*b)));
                }
                MergeRule::Timestamp => {
                    let key = |i: usize| {
                        let r = &common[i];
                        (r.created, self.site_name(usize::from(r.origin)), r.id)
                    };
                    sort_indices(&mut idx, &|a, b| key(*a).cmp(&key(*b)));
                }
                MergeRule::SitePriority => {
                    let key = |i: usize| {
                        let r = &common[i];
                        (r.created / 1000, r.origin, r.created, r.id)
                    };
                    sort_indices(&mut idx, &|a, b| key(*a).cmp(&key(*b)));
                }
            }
            idx
        };
        let orders: Vec<(MergeRule, Vec<usize>)> =
            MergeRule::ALL.iter().map(|&r| (r, order(r))).collect();
        let mut disagreements = Vec::new();
        for (i, (ra, oa)) in orders.iter().enumerate() {
            let mut rank = vec![0usize; n];
            for (k, &x) in oa.iter().enumerate() {
                rank[x] = k;
            }
            for (rb, ob) in &orders[i + 1..] {
                let mut seq: Vec<usize> = ob.iter().map(|&x| rank[x]).collect();
                disagreements.push(RuleDisagreement {
                    a: ra.id().into(),
                    b: rb.id().into(),
                    pairs: inversions(&mut seq),
                });
            }
        }
        let chosen = &orders.iter().find(|(r, _)| *r == spec.rule)?.1;
        let chosen_head = chosen
            .iter()
            .take(12)
            .map(|&i| {
                let r = &common[i];
                format!("{}:{}", self.site_name(usize::from(r.origin)), r.id.seq)
            })
            .collect();
        Some(MergeMeasure {
            stream: spec.stream.clone(),
            chosen: spec.rule.id().into(),
            records: n as u64,
            chosen_head,
            disagreements,
        })
    }
}

/// A stable sort of indices. Every order sorts through this one comparator type, so the
/// sort's code is in the wasm once rather than once per order (a few KB each).
fn sort_indices(idx: &mut [usize], cmp: &dyn Fn(&usize, &usize) -> std::cmp::Ordering) {
    idx.sort_by(cmp);
}

#[cfg(test)]
mod tests {
    use super::inversions;

    #[test]
    fn counts_inversions() {
        assert_eq!(inversions(&mut [0, 1, 2, 3]), 0);
        assert_eq!(inversions(&mut [3, 2, 1, 0]), 6);
        assert_eq!(inversions(&mut [1, 0, 3, 2]), 2);
    }
}
