//! Copy loops: hops that carry a record back to where it already is.
//!
//! Two kinds. Hops with no working origin stamp form a graph over streams; every strongly
//! connected part of it with a hop inside is an echo loop (one finding per component,
//! naming one example cycle, so a dense mesh costs O(hops), not one finding per cycle).
//! And a qualified-name hop whose source stream's name already carries the target site is
//! a loop by name, which MirrorMaker 2 refuses to copy.

use super::{Code, Finding, Subject};
use crate::spec::{HopOptions, HopSpec, OriginStamp, Topology};
use std::collections::{BTreeMap, VecDeque};

/// Whether a hop keeps a record that came from elsewhere from going round again.
fn stops_loop(o: &HopOptions) -> bool {
    match o.stamp {
        OriginStamp::None => false,
        // Copies never forwarded (Lenses K2K) stop any cycle they are on; a provenance
        // header (never back to the origin) stops only a plain ring: see
        // [`ring_ended_by_provenance`].
        OriginStamp::Marker => o.forward_only_local,
        OriginStamp::QualifiedName => true,
        // A record that has spent its hop budget is not forwarded.
        OriginStamp::HopBudget(_) => true,
    }
}

/// The streams open hops join, as graph nodes, and each open hop as an edge.
struct StreamGraph {
    nodes: usize,
    /// (hop index, from node, to node) per open hop, in hop order.
    edges: Vec<(usize, usize, usize)>,
    /// Edge indices leaving each node.
    out: Vec<Vec<usize>>,
}

impl StreamGraph {
    fn of_open_hops(t: &Topology) -> StreamGraph {
        let mut index: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        let mut edges = Vec::new();
        for (i, h) in t.hops.iter().enumerate() {
            if stops_loop(&h.options) {
                continue;
            }
            let mut node = |site, stream| {
                let next = index.len();
                *index.entry((site, stream)).or_insert(next)
            };
            let from = node(h.from.site.as_str(), h.from.stream.as_str());
            let to = node(h.to.site.as_str(), h.to.stream.as_str());
            edges.push((i, from, to));
        }
        let nodes = index.len();
        let mut out = vec![Vec::new(); nodes];
        for (e, &(_, from, _)) in edges.iter().enumerate() {
            out[from].push(e);
        }
        StreamGraph { nodes, edges, out }
    }

    /// The strongly connected component of every node (Tarjan's algorithm, iterative so a
    /// long chain of hops cannot overflow the stack).
    fn components(&self) -> Vec<usize> {
        const UNSEEN: usize = usize::MAX;
        let n = self.nodes;
        let (mut index, mut low, mut comp) = (vec![UNSEEN; n], vec![0; n], vec![UNSEEN; n]);
        let mut on_stack = vec![false; n];
        let (mut stack, mut next, mut count) = (Vec::new(), 0, 0);
        for root in 0..n {
            if index[root] != UNSEEN {
                continue;
            }
            // (node, next outgoing edge to look at)
            let mut calls = vec![(root, 0usize)];
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&(v, i)) = calls.last() {
                if let Some(&e) = self.out[v].get(i) {
                    calls.last_mut().expect("not empty").1 += 1;
                    let w = self.edges[e].2;
                    if index[w] == UNSEEN {
                        index[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        calls.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = count;
                        if w == v {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
        comp
    }

    /// The shortest cycle through edge `first` inside its component (breadth-first from
    /// its target back to its source), as edge indices starting with `first`.
    fn example_cycle(&self, first: usize, comp: &[usize]) -> Vec<usize> {
        let (_, start, goal) = self.edges[first];
        let inside = comp[start];
        let mut came_by = vec![usize::MAX; self.nodes];
        let mut queue = VecDeque::from([goal]);
        let mut seen = vec![false; self.nodes];
        seen[goal] = true;
        while let Some(v) = queue.pop_front() {
            if v == start {
                break;
            }
            for &e in &self.out[v] {
                let w = self.edges[e].2;
                if comp[w] == inside && !seen[w] {
                    seen[w] = true;
                    came_by[w] = e;
                    queue.push_back(w);
                }
            }
        }
        let mut back = Vec::new();
        let mut v = start;
        while v != goal {
            let e = came_by[v];
            back.push(e);
            v = self.edges[e].1;
        }
        back.push(first);
        back.reverse();
        back
    }
}

/// One finding per strongly connected group of hops with no stamp that stops a record
/// coming back, in the order of each group's first hop.
pub(super) fn echo_loops(t: &Topology, out: &mut Vec<Finding>) {
    let g = StreamGraph::of_open_hops(t);
    let comp = g.components();
    let mut reported = vec![false; g.nodes];
    for (e, &(_, from, to)) in g.edges.iter().enumerate() {
        let c = comp[from];
        if comp[to] != c || reported[c] {
            continue;
        }
        reported[c] = true;
        if ring_ended_by_provenance(t, &g, &comp, c) {
            continue;
        }
        let cycle = g.example_cycle(e, &comp);
        let ids: Vec<&str> = cycle
            .iter()
            .map(|&e| t.hops[g.edges[e].0].id.as_str())
            .collect();
        let hops_inside = g
            .edges
            .iter()
            .filter(|&&(_, a, b)| comp[a] == c && comp[b] == c)
            .count();
        let streams_inside = comp.iter().filter(|&&x| x == c).count();
        let extent = if hops_inside > cycle.len() {
            format!(
                " This is one of several cycles among {hops_inside} hops over {streams_inside} streams; with more than one way round, every pass multiplies the copies."
            )
        } else {
            String::new()
        };
        out.push(Finding {
            code: Code::EchoLoop,
            message: format!(
                "hops {} form a cycle and none carries an origin stamp that stops it: every record comes back and is copied again, without end.{extent}",
                ids.join(" -> ")
            ),
            subjects: Subject::hops(&ids),
            card: "echo-loop",
        });
    }
}

/// Whether component `c` is one plain ring of hops that each carry a provenance header
/// (a marker naming the origin, copies still forwarded: Confluent Replicator), fed by no
/// hop from outside: every record then stops at the hop that would take it home. A
/// second way round, or records copied in from elsewhere, go round without end, since a
/// provenance header stops a record only at its own origin.
fn ring_ended_by_provenance(t: &Topology, g: &StreamGraph, comp: &[usize], c: usize) -> bool {
    let inside: Vec<usize> = (0..g.edges.len())
        .filter(|&e| comp[g.edges[e].1] == c && comp[g.edges[e].2] == c)
        .collect();
    let nodes = comp.iter().filter(|&&x| x == c).count();
    let provenance =
        |h: &HopSpec| h.options.stamp == OriginStamp::Marker && !h.options.forward_only_local;
    if inside.len() != nodes || !inside.iter().all(|&e| provenance(&t.hops[g.edges[e].0])) {
        return false;
    }
    let streams: Vec<(&str, &str)> = inside
        .iter()
        .map(|&e| {
            let h = &t.hops[g.edges[e].0];
            (h.to.site.as_str(), h.to.stream.as_str())
        })
        .collect();
    let in_ring = |site: &str, stream: &str| streams.contains(&(site, stream));
    !t.hops
        .iter()
        .any(|h| in_ring(&h.to.site, &h.to.stream) && !in_ring(&h.from.site, &h.from.stream))
}

/// MirrorMaker 2's `DefaultReplicationPolicy.topicSource`: the part of a name before the
/// first separator, if there is a rest (`A.orders` came from A; `orders` is local).
/// apache/kafka, connect/mirror-client/.../DefaultReplicationPolicy.java.
fn name_source(name: &str) -> Option<(&str, &str)> {
    name.split_once('.').filter(|(_, rest)| !rest.is_empty())
}

/// The site in `stream`'s chain of qualified names that is `target`, if any. This is
/// MirrorMaker 2's `MirrorSourceConnector.isCycle`: walk `topicSource` / `upstreamTopic`
/// and refuse a topic whose chain already names the target cluster (apache/kafka,
/// connect/mirror/.../MirrorSourceConnector.java). MM2 also stops where the upstream name
/// equals the name (identity-style policies); with this policy the name always shortens.
fn names_target<'a>(stream: &'a str, target: &str) -> Option<&'a str> {
    let mut name = stream;
    while let Some((source, upstream)) = name_source(name) {
        if source == target {
            return Some(source);
        }
        name = upstream;
    }
    None
}

/// A qualified-name hop that copies a stream back to a site its name already carries
/// (`A.orders` on B copied to A would become `B.A.orders` on A).
pub(super) fn qualified_name_loops(t: &Topology, out: &mut Vec<Finding>) {
    for h in &t.hops {
        if h.options.stamp != OriginStamp::QualifiedName {
            continue;
        }
        if let Some(site) = names_target(&h.from.stream, &h.to.site) {
            out.push(qualified_loop_finding(h, site));
        }
    }
}

fn qualified_loop_finding(h: &HopSpec, site: &str) -> Finding {
    Finding {
        code: Code::QualifiedNameLoop,
        message: format!(
            "hop {} copies {}/{} to {}, but that stream's name says its records came from {site}: the copy ({}.{}) would carry them back where they were written, a loop; MirrorMaker 2 refuses to copy such a stream",
            h.id, h.from.site, h.from.stream, h.to.site, h.from.site, h.from.stream
        ),
        subjects: vec![Subject::Hop(h.id.clone())],
        card: "echo-loop",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_walked_upstream_as_mm2_does() {
        assert_eq!(names_target("A.orders", "A"), Some("A"));
        assert_eq!(names_target("B.A.orders", "A"), Some("A"));
        assert_eq!(names_target("B.A.orders", "C"), None);
        assert_eq!(names_target("orders", "orders"), None);
        assert_eq!(names_target("orders.", "orders"), None);
    }
}
