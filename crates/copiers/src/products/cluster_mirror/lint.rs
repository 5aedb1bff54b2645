//! Cluster mirroring's own rules, from its set-up script.

use crate::estate::{Estate, Product};
use crate::lint::ImportFinding;

/// A `--stop` (the failover) truncates each mirror partition to its last stable offset:
/// records of transactions still open at the source when mirroring stopped are gone from
/// the destination, though the source may yet commit them.
pub fn stop_truncates_open_transactions(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in e
        .flows
        .iter()
        .filter(|f| f.product == Product::ClusterMirror && !f.selector.exclude.is_empty())
    {
        let stopped = f.selector.exclude.join(", ");
        out.push(ImportFinding::for_flow(
            "cluster-mirror-stop-truncates",
            f,
            format!(
                "the mirror from {} to {} is stopped for {stopped}: a stop truncates each mirror partition to its last stable offset (the KIP as discussed in March 2026), so records of transactions still open at {} are not on {}, even if {} commits them later; a transactional producer moved to {} must write them again from its own state",
                f.source, f.target, f.source, f.target, f.source, f.target
            ),
        ));
    }
}
