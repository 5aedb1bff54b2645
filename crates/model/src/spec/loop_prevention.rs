//! Which way a hop keeps a record from going round a loop, named as the products that
//! work that way. The copy rules themselves are in the simulation (`sim/copy_append.rs`)
//! and the lint (`lint/loops.rs`); this names them for a person.

use super::{HopOptions, OriginStamp, PresetId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopPrevention {
    /// Nothing: every record a hop can read, it copies.
    None,
    /// A header on every copy, and copies are never copied again (Lenses K2K's
    /// bidirectional mode; this model's "forward only local").
    CopiesNeverForwarded,
    /// A header naming the site a record was first written at: never copied back there,
    /// but a copy goes on round a ring (Confluent Replicator's provenance header).
    Provenance,
    /// The copy's name says where it came from and a name that already says the target
    /// is not copied (MirrorMaker 2's DefaultReplicationPolicy).
    OriginQualifiedNames,
    /// A count of hops and the list of sites already visited (RabbitMQ federation's
    /// `max-hops` and `x-received-from`).
    HopBudgetAndVisitedSites(u8),
    /// A header naming only the last stream a message came from (JetStream's
    /// `Nats-Stream-Source`): it stops no loop through another domain.
    LastStreamOnly,
}

impl LoopPrevention {
    pub fn of(o: &HopOptions) -> LoopPrevention {
        match o.stamp {
            OriginStamp::Marker if o.forward_only_local => LoopPrevention::CopiesNeverForwarded,
            OriginStamp::Marker => LoopPrevention::Provenance,
            OriginStamp::QualifiedName => LoopPrevention::OriginQualifiedNames,
            OriginStamp::HopBudget(n) => LoopPrevention::HopBudgetAndVisitedSites(n),
            OriginStamp::None => match o.product {
                Some(PresetId::JetstreamSource | PresetId::JetstreamMirror) => {
                    LoopPrevention::LastStreamOnly
                }
                _ => LoopPrevention::None,
            },
        }
    }

    /// In a sentence, with the product that works this way.
    pub fn describe(self) -> String {
        match self {
            LoopPrevention::None => "none: every record it reads is copied, so a cycle of such hops echoes without end".into(),
            LoopPrevention::CopiesNeverForwarded => "a header on every copy, and copies are never copied again (as Lenses K2K's bidirectional mode): any cycle it is on stops".into(),
            LoopPrevention::Provenance => "a header naming the site each record was first written at, never sent back there (as Confluent Replicator's provenance header): a plain ring stops, but records copied in from outside it, or a second way round, go on without end".into(),
            LoopPrevention::OriginQualifiedNames => "copies named after the site they came from, and a name that already names the target is not copied (as MirrorMaker 2's DefaultReplicationPolicy)".into(),
            LoopPrevention::HopBudgetAndVisitedSites(n) => format!("at most {n} hops, and never to a site the record has already been stored at (as RabbitMQ federation's max-hops and x-received-from)"),
            LoopPrevention::LastStreamOnly => "a header naming only the last stream a message came from (JetStream's Nats-Stream-Source): it stops no loop; nats-server refuses a cycle only inside one domain".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn every_preset_names_its_product_s_kind() {
        let kind = |id| LoopPrevention::of(&presets::get(id).options);
        assert_eq!(
            kind(PresetId::Mm2Default),
            LoopPrevention::OriginQualifiedNames
        );
        assert_eq!(kind(PresetId::Mm2Identity), LoopPrevention::None);
        assert_eq!(
            kind(PresetId::RabbitmqFederationMaxHops),
            LoopPrevention::HopBudgetAndVisitedSites(1)
        );
        assert_eq!(
            kind(PresetId::JetstreamSource),
            LoopPrevention::LastStreamOnly
        );
        let provenance = HopOptions {
            stamp: OriginStamp::Marker,
            forward_only_local: false,
            ..HopOptions::default()
        };
        assert_eq!(LoopPrevention::of(&provenance), LoopPrevention::Provenance);
        assert!(LoopPrevention::of(&provenance)
            .describe()
            .contains("Replicator"));
    }
}
