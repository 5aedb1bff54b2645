//! Running a reader group's ticks (the group's own rules are in `reader.rs`).

use super::{Event, Sim};
use crate::log::LogEvent;

impl Sim {
    pub(crate) fn reader_tick(&mut self, r: usize) {
        let now = self.now;
        let serves = self.serves_local(self.readers[r].site);
        let reader = &mut self.readers[r];
        self.queue
            .push(now + reader.interval, Event::ReaderTick(r as u32));
        if !serves {
            reader.outage.down(now);
            return;
        }
        let parts = &self.streams[reader.stream].parts;
        let (read, batches) = reader.tick(parts, now);
        self.batches += batches;
        if reader.outage.is_down() && reader.caught_up(parts, now) {
            reader.outage.up(now);
        }
        if read > 0 && self.log.on() {
            let reader = &self.readers[r];
            let event = LogEvent::ReaderRead {
                reader: reader.id.clone(),
                count: read,
                stream: self.streams[reader.stream].name.clone(),
                site: self.site_name(reader.site).to_string(),
            };
            self.log.push(now, event);
        }
    }
}
