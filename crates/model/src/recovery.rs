//! When each writer and reader group stopped working and when it worked again: what a
//! failover drill's measured recovery time (RTO) is made of.

use crate::time::Millis;
use serde::Serialize;

/// One actor's outage, kept as it happens: the last time it went down and, once it has
/// worked again since, when.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outage {
    /// Down since then, not yet working again.
    since: Option<Millis>,
    /// When it first went down.
    first_down: Option<Millis>,
    /// When it last came back after being down.
    back_at: Option<Millis>,
}

impl Outage {
    /// It could not work at `now` (a refused write; a reader group's site not answering).
    #[inline]
    pub fn down(&mut self, now: Millis) {
        if self.since.is_none() {
            self.since = Some(now);
            self.first_down.get_or_insert(now);
        }
    }

    /// Whether it is down now.
    #[inline]
    pub fn is_down(&self) -> bool {
        self.since.is_some()
    }

    /// It worked at `now`.
    #[inline]
    pub fn up(&mut self, now: Millis) {
        if self.since.take().is_some() {
            self.back_at = Some(now);
        }
    }

    pub fn report(&self, kind: ActorKind, id: &str) -> ActorRecovery {
        ActorRecovery {
            kind,
            id: id.to_string(),
            down_at: self.first_down,
            back_at: if self.is_down() { None } else { self.back_at },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActorKind {
    Writer,
    ReaderGroup,
}

/// One writer's or reader group's outage over the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActorRecovery {
    pub kind: ActorKind,
    pub id: String,
    /// When it first stopped working (None: it never did).
    pub down_at: Option<Millis>,
    /// When it worked again, for good: a writer's first acknowledged-bound write, a
    /// reader group's first tick within a second of its own rate of the end (None while
    /// still down, or if it never was).
    pub back_at: Option<Millis>,
}

impl ActorRecovery {
    /// Working at the end of the run.
    pub fn working(&self) -> bool {
        self.down_at.is_none() || self.back_at.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outage_counts_from_the_first_refusal_to_the_first_work_after_it() {
        let mut o = Outage::default();
        o.up(100);
        assert_eq!(o.report(ActorKind::Writer, "w").down_at, None);
        o.down(1_000);
        o.down(1_100);
        assert!(o.is_down());
        let r = o.report(ActorKind::Writer, "w");
        assert_eq!(
            (r.down_at, r.back_at, r.working()),
            (Some(1_000), None, false)
        );
        o.up(4_000);
        o.up(4_100);
        let r = o.report(ActorKind::Writer, "w");
        assert_eq!(
            (r.down_at, r.back_at, r.working()),
            (Some(1_000), Some(4_000), true)
        );
    }
}
