//! Rules over RabbitMQ links.

use crate::estate::Estate;
use crate::lint::ImportFinding;

pub fn links_that_may_lose_messages(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        let Some(mode) = f.facts.ack_mode.as_deref() else {
            continue;
        };
        if mode == "no-ack" || mode == "on-publish" {
            out.push(ImportFinding::new(
                "link-may-lose-messages",
                format!("{}->{}", f.source, f.target),
                format!(
                    "{}: the {} {} -> {} has ack-mode {mode}: a message is taken off the source before the destination confirmed it, so a network or broker failure loses it; use on-confirm",
                    f.file,
                    f.product.title(),
                    f.source,
                    f.target
                ),
            ));
        }
    }
}
