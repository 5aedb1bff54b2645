//! MirrorMaker 2's internal topics as kcat prints them: `kcat -C -f '%k %s\n'` with the
//! value unpacked by `-s` (see [`read_formatted`]), or `kcat -C -J`, one JSON envelope a record
//! (`{"topic":…,"partition":…,"offset":…,"tstype":…,"ts":…,"broker":…,"key":…,"payload":…}`,
//! edenhill/kcat 1.7.1, json.c), the key and value as JSON strings of the record's raw
//! bytes. The bytes are Kafka's `Struct` serialisation (apache/kafka 3.9,
//! `OffsetSync.java`, `Checkpoint.java`, `Heartbeat.java`): a STRING is an int16 length and
//! its bytes, numbers big-endian.
//! - offset-syncs: key topic STRING, partition INT32; value upstream INT64, downstream INT64;
//! - checkpoints: key group STRING, topic STRING, partition INT32; value version INT16, then
//!   upstream INT64, downstream INT64, metadata STRING;
//! - heartbeats: key source alias STRING, target alias STRING; value version INT16,
//!   timestamp INT64.
//!
//! yajl escapes the bytes under 0x20 (`\u0006`) but writes the bytes from 0x80 raw, so a
//! text reader gets them back only where they happen to make UTF-8; where they do not
//! (a U+FFFD in their place) the record cannot be read, and is refused saying so.

use super::dumps::{Checkpoint, Sync, TopicPart};

/// What one kcat envelope held.
#[derive(Debug, PartialEq, Eq)]
pub enum Record {
    Sync(Sync),
    Checkpoint(Checkpoint),
    /// A heartbeat: the source and target aliases.
    Heartbeat(String, String),
    /// A record with no value (a tombstone).
    Empty,
}

/// Whether a line is a kcat `-J` envelope.
pub fn is_envelope(text: &str) -> bool {
    text.starts_with("{\"topic\":") && text.contains("\"payload\":")
}

/// The bytes of a JSON string kcat wrote from raw bytes, or the reason they are lost.
fn bytes(text: &str, what: &str) -> Result<Vec<u8>, String> {
    if text.contains('\u{fffd}') {
        return Err(format!("kcat -J wrote the record's {what} as raw bytes, and one of them (0x80 or over) did not survive being read as text: dump this topic with kafka-console-consumer.sh and MirrorMaker 2's formatter (--formatter org.apache.kafka.connect.mirror.formatters.OffsetSyncFormatter or CheckpointFormatter) instead"));
    }
    Ok(text.as_bytes().to_vec())
}

/// Reads Kafka's `Struct` fields off the front of some bytes.
struct Fields<'b>(&'b [u8]);

impl Fields<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }

    fn int16(&mut self) -> Option<i16> {
        self.take::<2>().map(i16::from_be_bytes)
    }

    fn int32(&mut self) -> Option<i32> {
        self.take::<4>().map(i32::from_be_bytes)
    }

    fn int64(&mut self) -> Option<i64> {
        self.take::<8>().map(i64::from_be_bytes)
    }

    fn string(&mut self) -> Option<String> {
        let len = usize::try_from(self.int16()?).ok()?;
        let (text, rest) = self.0.split_at_checked(len)?;
        self.0 = rest;
        String::from_utf8(text.to_vec()).ok()
    }

    fn done(&self) -> bool {
        self.0.is_empty()
    }
}

fn offset(n: i64) -> Option<u64> {
    u64::try_from(n).ok()
}

/// A heartbeat's key: the source and target aliases, and nothing after them.
fn heartbeat(key: &[u8]) -> Option<Record> {
    let mut k = Fields(key);
    let (from, to) = (k.string()?, k.string()?);
    k.done().then_some(Record::Heartbeat(from, to))
}

/// The sync or checkpoint an envelope holds, told by the shapes of its key and value.
fn decode(key: &[u8], value: &[u8]) -> Option<Record> {
    let at = |topic: String, partition: i32| -> Option<TopicPart> {
        Some(TopicPart {
            topic,
            partition: u32::try_from(partition).ok()?,
        })
    };
    let mut k = Fields(key);
    let mut v = Fields(value);
    if value.len() == 16 {
        let (topic, partition) = (k.string()?, k.int32()?);
        let (up, down) = (v.int64()?, v.int64()?);
        return k.done().then_some(Record::Sync(Sync {
            at: at(topic, partition)?,
            upstream: offset(up)?,
            downstream: offset(down)?,
        }));
    }
    let _version = v.int16()?;
    let (group, topic, partition) = (k.string()?, k.string()?, k.int32()?);
    let (up, down, _metadata) = (v.int64()?, v.int64()?, v.string()?);
    (k.done() && v.done()).then_some(Record::Checkpoint(Checkpoint {
        group,
        at: at(topic, partition)?,
        upstream: offset(up)?,
        downstream: offset(down)?,
    }))
}

/// Whether a line is a record as `kcat -f '%k %s\n'` prints it: the key's raw bytes
/// first, and every key MirrorMaker 2 writes starts with a STRING whose int16 length's
/// high byte is 0 (topic names hold at most 249 characters).
pub fn is_formatted(raw: &str) -> bool {
    raw.starts_with('\0')
}

/// Reads one line of `kcat -C -f '%k %s\n'` with the value unpacked by kcat's `-s`:
/// `-s value='>q q'` for the offset-syncs topic (upstream, downstream), `-s value='>h q q'`
/// for the checkpoints topic (version, upstream, downstream; kcat's unpack ignores the
/// metadata bytes left over). kcat 1.7.1, format.c `unpack`: `q` prints a big-endian
/// int64 in decimal, ` ` a space.
pub fn read_formatted(raw: &str) -> Result<Record, String> {
    let cut = "this kcat -f line does not end with the numbers -s value='>q q' (offset syncs) or -s value='>h q q' (checkpoints) prints: a key byte 0x0A (a name of 10 characters, or partition 10) breaks kcat's line; use -J instead";
    let number = |t: &str| t.parse::<i64>().ok();
    let mut last = raw.trim_end_matches(['\r', '\n']).rsplitn(4, ' ');
    let (Some(down), Some(up)) = (last.next().and_then(number), last.next()) else {
        return Err(cut.to_string());
    };
    let (version, key_and_version) = (last.next(), raw.trim_end_matches(['\r', '\n']));
    let sync_key = key_and_version
        .rsplitn(3, ' ')
        .nth(2)
        .map(|k| bytes(k, "key"))
        .transpose()?;
    if let (Some(up), Some(key)) = (number(up), sync_key) {
        if let Some(r) = decode(&key, &offsets_value(up, down)) {
            return Ok(r);
        }
    }
    let (Some(_), Some(up), Some(key)) = (version.and_then(number), number(up), last.next()) else {
        return Err(cut.to_string());
    };
    let mut value = vec![0, 0];
    value.extend(offsets_value(up, down));
    value.extend([0, 0]);
    decode(&bytes(key, "key")?, &value).ok_or_else(|| {
        "this kcat -f line's key is neither an offset sync's nor a checkpoint's as MirrorMaker 2 writes them".to_string()
    })
}

/// Two offsets as Kafka's INT64s.
fn offsets_value(up: i64, down: i64) -> Vec<u8> {
    let mut v = up.to_be_bytes().to_vec();
    v.extend(down.to_be_bytes());
    v
}

/// Reads one `kcat -J` line.
pub fn read(text: &str) -> Result<Record, String> {
    let json: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("this kcat -J line is not whole JSON ({e}): it is cut short"))?;
    let field = |name: &str| json.get(name).and_then(serde_json::Value::as_str);
    let (Some(key), Some(payload)) = (field("key"), field("payload")) else {
        return if json.get("payload").is_some_and(serde_json::Value::is_null) {
            Ok(Record::Empty)
        } else {
            Err("this kcat -J record has no key or no payload string".to_string())
        };
    };
    let key = bytes(key, "key")?;
    if let Some(heartbeat) = heartbeat(&key) {
        return Ok(heartbeat);
    }
    let value = bytes(payload, "value")?;
    decode(&key, &value).ok_or_else(|| {
        let topic = field("topic").unwrap_or("?");
        format!("this kcat -J record of {topic} is not an offset sync, a checkpoint or a heartbeat as MirrorMaker 2 writes them ({} key bytes, {} value bytes)", key.len(), value.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Lines as kcat 1.7.1 prints `kcat -C -b backup:9092 -t <topic> -J -e`: yajl escapes
    // bytes under 0x20 as \u00XX. The sync (orders-0, 120, 118): key 00 06 "orders"
    // 00 00 00 00, value 0x78 and 0x76 as the last bytes of two int64s. The checkpoint
    // (billing, primary.orders-1, 95, 93, ""): value version 0, 95 = 0x5f, 93 = 0x5d,
    // then the empty metadata 00 00. The heartbeat's timestamp holds bytes of 0x80 and over,
    // written raw and read back as U+FFFD: its key alone names it.
    const SYNC: &str = r#"{"topic":"mm2-offset-syncs.backup.internal","partition":0,"offset":41,"tstype":"create","ts":1730710364153,"broker":1,"key":"\u0000\u0006orders\u0000\u0000\u0000\u0000","payload":"\u0000\u0000\u0000\u0000\u0000\u0000\u0000x\u0000\u0000\u0000\u0000\u0000\u0000\u0000v"}"#;
    const CHECKPOINT: &str = r#"{"topic":"primary.checkpoints.internal","partition":0,"offset":7,"tstype":"create","ts":1730710364153,"broker":1,"key":"\u0000\u0007billing\u0000\u000eprimary.orders\u0000\u0000\u0000\u0001","payload":"\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000_\u0000\u0000\u0000\u0000\u0000\u0000\u0000]\u0000\u0000"}"#;
    const HEARTBEAT: &str = r#"{"topic":"heartbeats","partition":0,"offset":3,"tstype":"create","ts":1730710364153,"broker":1,"key":"\u0000\u0007primary\u0000\u0006backup","payload":"\u0000\u0000\u0000\u0000\u0001��\u00124V"}"#;

    #[test]
    fn kcat_json_of_the_three_topics_decodes_by_kafkas_struct_layout() {
        assert!(is_envelope(SYNC));
        assert_eq!(
            read(SYNC),
            Ok(Record::Sync(Sync {
                at: TopicPart {
                    topic: "orders".into(),
                    partition: 0
                },
                upstream: 120,
                downstream: 118
            }))
        );
        let Ok(Record::Checkpoint(c)) = read(CHECKPOINT) else {
            panic!("{:?}", read(CHECKPOINT))
        };
        assert_eq!(
            (
                c.group.as_str(),
                c.at.topic.as_str(),
                c.at.partition,
                c.upstream,
                c.downstream
            ),
            ("billing", "primary.orders", 1, 95, 93)
        );
        assert_eq!(
            read(HEARTBEAT).map_err(|e| e.to_string()),
            Ok(Record::Heartbeat("primary".into(), "backup".into()))
        );
    }

    // `kcat -C -t mm2-offset-syncs.backup.internal -s value='>q q' -f '%k %s\n'` and
    // `kcat -C -t primary.checkpoints.internal -s value='>h q q' -f '%k %s\n'`: the key's
    // raw bytes, a space, the unpacked numbers.
    #[test]
    fn kcat_f_lines_with_the_values_unpacked_read() {
        let sync = "\0\u{6}orders\0\0\0\u{2} 120 118";
        assert!(is_formatted(sync));
        assert_eq!(
            read_formatted(sync),
            Ok(Record::Sync(Sync {
                at: TopicPart {
                    topic: "orders".into(),
                    partition: 2
                },
                upstream: 120,
                downstream: 118
            }))
        );
        // Partition 32: a space inside the key.
        let checkpoint = "\0\u{7}billing\0\u{e}primary.orders\0\0\0  0 95 93";
        let Ok(Record::Checkpoint(c)) = read_formatted(checkpoint) else {
            panic!("{:?}", read_formatted(checkpoint))
        };
        assert_eq!(
            (c.group.as_str(), c.at.partition, c.upstream, c.downstream),
            ("billing", 32, 95, 93)
        );
        assert!(read_formatted("\0").unwrap_err().contains("use -J"));
    }

    #[test]
    fn a_byte_lost_to_text_and_a_cut_line_are_said() {
        // 200 = 0xc8: written raw by yajl, read back as U+FFFD.
        let lost = SYNC.replace("x\\u0000", "\u{fffd}\\u0000");
        assert!(read(&lost).unwrap_err().contains("did not survive"));
        assert!(read(&SYNC[..60]).unwrap_err().contains("cut short"));
    }
}
