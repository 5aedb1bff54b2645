//! A design as a cluster-mirroring set-up script: per (source, destination) pair, the
//! mirror's config written by a here-document, then `--create` and `--start` against the
//! destination. What [`super::read`] reads back as the same topology.

use crate::export::{address, by_pair, patterns};
use hoplab_model::spec::Topology;

/// `'…'` for the shell: nothing inside is expanded.
fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The tag ending a here-document: one the text never holds as a line.
fn end_tag(body: &str) -> String {
    let mut tag = "EOF".to_string();
    while body.lines().any(|l| l.trim() == tag) {
        tag.push('_');
    }
    tag
}

pub fn script(t: &Topology) -> String {
    let mut out = String::from(
        "#!/bin/sh\n\
         # Kafka cluster mirroring, as KIP-1279 proposes it (under discussion, in no Kafka\n\
         # release yet): the tool and keys follow the KIP's discussion and prototype.\n\
         # Written by Hoplab. Run against each destination cluster.\nset -e\n",
    );
    for ((source, target), hops) in by_pair(t) {
        let name = format!("{source}-to-{target}");
        let config = quoted(&format!("{name}.properties"));
        let body = format!("bootstrap.servers={}", address(&source));
        let tag = end_tag(&body);
        let (dest, name) = (quoted(&address(&target)), quoted(&name));
        out.push_str(&format!(
            "\n# {source} -> {target}\ncat > {config} <<'{tag}'\n{body}\n{tag}\n\
             kafka-cluster-mirrors.sh --bootstrap-server {dest} --create --mirror {name} --mirror-config {config}\n"
        ));
        // One --start per pattern: each is a topic name or a regex of its own.
        for topics in patterns(t, &hops) {
            out.push_str(&format!(
                "kafka-cluster-mirrors.sh --bootstrap-server {dest} --start --mirror {name} --topics {}\n",
                quoted(&topics)
            ));
        }
    }
    out
}
