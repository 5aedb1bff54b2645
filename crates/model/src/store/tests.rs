//! A part's blocks: appends, reads, retention and the durable end.
use super::*;

pub(crate) fn block(len: u64, seq: u64, ts: Millis) -> Block {
    Block {
        pos: 0,
        len,
        payload: PayloadId {
            writer: 0,
            part: 0,
            seq,
        },
        origin: 0,
        hops: 0,
        dup: 0,
        stamp: None,
        created_ms: ts,
        ts_ms: ts,
        arrived_ms: ts,
        durable_ms: ts + 5,
        src_pos: NONE,
        src_part: 0,
        via_hop: NO_HOP,
        visited: 1,
    }
}

#[test]
fn append_numbers_from_start_position() {
    let mut p = Part::new(1000);
    assert_eq!(p.append(block(10, 0, 0)), 1000);
    assert_eq!(p.append(block(5, 10, 1)), 1010);
    assert_eq!(p.end, 1015);
    assert_eq!(p.block_at(1012).unwrap().payload.seq, 10);
}

#[test]
fn read_cuts_blocks_to_range() {
    let mut p = Part::new(0);
    p.append(block(10, 0, 0));
    p.append(block(10, 10, 1));
    let mut out = Vec::new();
    p.read(5, 15, &mut out);
    assert_eq!(out.len(), 2);
    assert_eq!((out[0].pos, out[0].len, out[0].payload.seq), (5, 5, 5));
    assert_eq!((out[1].pos, out[1].len, out[1].payload.seq), (10, 5, 10));
}

/// A range inside one block is one cut of it (the fast path), the same as the walk
/// gives for a range that spans blocks.
#[test]
fn a_read_within_one_run_is_one_cut() {
    let mut p = Part::new(0);
    p.append(block(10, 0, 0));
    p.append(block(10, 10, 1));
    p.append(block(10, 20, 2));
    for (from, to, want) in [
        (12, 17, (12, 5, 12)),
        (10, 20, (10, 10, 10)),
        (0, 1, (0, 1, 0)),
        (29, 30, (29, 1, 29)),
    ] {
        let mut out = Vec::new();
        p.read(from, to, &mut out);
        assert_eq!(out.len(), 1, "{from}..{to}");
        assert_eq!((out[0].pos, out[0].len, out[0].payload.seq), want);
    }
    let mut out = Vec::new();
    p.read(15, 25, &mut out);
    let cuts: Vec<_> = out.iter().map(|r| (r.pos, r.len)).collect();
    assert_eq!(cuts, vec![(15, 5), (20, 5)]);
}

#[test]
fn retention_by_count_splits_a_block() {
    let mut p = Part::new(0);
    p.append(block(10, 0, 0));
    p.append(block(10, 10, 1));
    let removed = p.enforce_retention(
        5,
        &Retention {
            max_age_ms: None,
            max_records: Some(12),
        },
    );
    assert_eq!(removed, 8);
    assert_eq!(p.start, 8);
    assert_eq!(p.originals, 12);
    assert_eq!(p.blocks[0].payload.seq, 8);
}

#[test]
fn retention_by_age_removes_whole_old_blocks() {
    let mut p = Part::new(0);
    p.append(block(10, 0, 0));
    p.append(block(10, 10, 100));
    p.enforce_retention(
        150,
        &Retention {
            max_age_ms: Some(100),
            max_records: None,
        },
    );
    assert_eq!(p.start, 10);
}

/// The remembered answer is always the walk's, through appends of every durability
/// order, retention by count and age, and repeated asks in one millisecond.
#[test]
fn the_remembered_durable_end_matches_the_walk() {
    let mut p = Part::new(0);
    let mut x = 7u64;
    let mut next = move |m: u64| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) % m
    };
    let mut now = 0;
    for _ in 0..20_000 {
        now += next(3);
        match next(6) {
            0..=2 => {
                let mut r = block(1 + next(3), 0, now);
                r.durable_ms = now + [0, 0, 1, 5, 20][next(5) as usize];
                p.append(r);
            }
            3 => {
                let rule = Retention {
                    max_age_ms: None,
                    max_records: Some(next(40)),
                };
                p.enforce_retention(now, &rule);
            }
            4 => {
                let rule = Retention {
                    max_age_ms: Some(1 + next(30)),
                    max_records: None,
                };
                p.enforce_retention(now, &rule);
            }
            _ => {}
        }
        for _ in 0..2 {
            assert_eq!(p.durable_end(now), p.durable_end_walk(now));
        }
    }
}

#[test]
fn durable_end_hides_records_not_yet_durable() {
    let mut p = Part::new(0);
    p.append(block(10, 0, 0));
    p.append(block(10, 10, 100));
    assert_eq!(p.durable_end(50), 10);
    assert_eq!(p.durable_end(105), 20);
}

/// Once count retention starts dropping, the ring is cut to what it keeps plus a little
/// slack (doubling growth had left it 16,384 slots for 10,001 blocks), and it stays there
/// while appends and drops alternate; age retention does the same. The records are
/// unchanged by it.
#[test]
fn retention_fits_the_ring_to_what_it_keeps() {
    let rule = Retention {
        max_age_ms: None,
        max_records: Some(10_000),
    };
    let mut p = Part::new(0);
    for t in 0..30_000 {
        p.append(block(1, t, t));
        p.enforce_retention(t, &rule);
        if t == 9_999 {
            assert!(
                p.blocks.capacity() >= 16_384,
                "doubling growth before any drop"
            );
        }
    }
    assert_eq!((p.start, p.end, p.blocks.len()), (20_000, 30_000, 10_000));
    assert!(p.blocks.capacity() <= 10_001 + RING_SLACK);
    assert_eq!(p.block_at(25_000).unwrap().payload.seq, 25_000);

    let by_age = Retention {
        max_age_ms: Some(1_000),
        max_records: None,
    };
    let mut q = Part::new(0);
    for t in 0..5_000 {
        q.append(block(1, t, t));
        q.enforce_retention(t, &by_age);
    }
    assert!(q.blocks.len() <= 1_001 && q.blocks.capacity() <= 1_002 + RING_SLACK);
}

#[test]
fn a_block_stays_88_bytes_with_its_visited_sites() {
    // Every append writes one into a cold deque slot: the visited list lives in what was
    // the tail padding.
    assert_eq!(std::mem::size_of::<Block>(), 88);
}
