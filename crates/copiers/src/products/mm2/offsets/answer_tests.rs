//! Answers worked by hand from Kafka's rules. The dumps are written in the printed forms
//! quoted in `dumps.rs`: syncs every 100 records from 0 to 1,000 with the target 10
//! ahead (ten records were on it before the copy started). Kafka 3.6's store keeps, of
//! those eleven, the syncs at 0, 400, 800, 900 and 1,000 (spaced out as they age: the
//! store's invariants B and C in the model's `posmap/store.rs`), and a commit `c`
//! translates to the kept sync at or before it, `+10`, plus one when `c` is past it.

use super::*;
use crate::resume::dumps::UNNAMED_GROUP;
use crate::resume::Gathered;

fn syncs() -> String {
    (0..=1_000)
        .step_by(100)
        .map(|up| {
            format!(
                "OffsetSync{{topicPartition=orders-0, upstreamOffset={up}, downstreamOffset={}}}\n",
                up + 10
            )
        })
        .collect()
}

const CHECKPOINTS: &str = "\
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=900, downstreamOffset=910, metadata=}
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=950, downstreamOffset=911, metatadata=}
";

const GROUPS: &str = "\
Consumer group 'audit' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
audit           orders          0          450             1040            590             -               -               -

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
billing         orders          0          1020            1040            20              consumer-1-ab   /10.0.0.1       consumer-1
";

fn gathered() -> Gathered {
    let mut g = Gathered::default();
    g.read_text("syncs.txt", &syncs()).unwrap();
    g.read_text("checkpoints.txt", CHECKPOINTS).unwrap();
    g.read_text("groups.txt", GROUPS).unwrap();
    g
}

fn part<'a>(a: &'a Answer, group: &str) -> &'a PartitionAnswer {
    a.partitions.iter().find(|p| p.group == group).unwrap()
}

#[test]
fn a_checkpointed_group_resumes_at_its_checkpoint_and_re_reads_at_most_from_the_sync_under_it() {
    let a = answer(&gathered(), &Options::default());
    let billing = part(&a, "billing");
    // The later checkpoint record replaces the earlier (the topic is compacted).
    assert_eq!(
        billing.checkpoint,
        Some(CheckpointAt {
            upstream: 950,
            downstream: 911
        })
    );
    assert_eq!(billing.resume_at, Some(911));
    assert_eq!(billing.source_committed, Some(1_020));
    // Newest sync at or before 1,020 is (1000, 1010): 1,011.
    assert_eq!(billing.translated_now, Some(1_011));
    // Target 911 sits one past sync (900, 910): the record there is at least source 901,
    // so resuming there re-reads at most 1,020 - 901 = 119.
    assert_eq!(billing.replay_at_most, Some(119));
    assert!(
        billing.notes.iter().any(|n| n.code == "committed-since"),
        "{:?}",
        billing.notes
    );
    assert!(
        a.groups
            .iter()
            .any(|g| g.text == "billing re-reads at most 119 records across 1 partition"),
        "{:?}",
        a.groups
    );
}

#[test]
fn a_group_without_a_checkpoint_starts_at_the_end_and_skips_what_it_had_not_read() {
    let a = answer(&gathered(), &Options::default());
    let audit = part(&a, "audit");
    assert_eq!(audit.checkpoint, None);
    assert_eq!(audit.translated_now, Some(411));
    assert_eq!(audit.skipped, Some(590));
    assert!(
        audit.notes.iter().any(|n| n.code == "no-checkpoint"),
        "{:?}",
        audit.notes
    );
    assert!(
        a.groups.iter().any(|g| g
            .text
            .starts_with("audit has no checkpoint: it would start from latest and skip 590")),
        "{:?}",
        a.groups
    );
    let earliest = answer(
        &gathered(),
        &Options {
            reset: Reset::Earliest,
            ..Options::default()
        },
    );
    assert_eq!(part(&earliest, "audit").skipped, None);
}

#[test]
fn each_release_translates_the_same_commit_by_its_own_rule() {
    let g = gathered();
    let at = |v: &str| {
        let o = Options {
            kafka: KafkaVersion::parse(v).unwrap(),
            ..Options::default()
        };
        answer(&g, &o)
    };
    let codes = |p: &PartitionAnswer| p.notes.iter().map(|n| n.code).collect::<Vec<_>>();
    // 3.4.0 keeps only (1000, 1010) and adds the distance: 1,020 -> 1,030; 450 is older.
    let old = at("3.4.0");
    assert_eq!(part(&old, "billing").translated_now, Some(1_030));
    assert!(codes(part(&old, "billing")).contains(&"distance-added"));
    assert_eq!(part(&old, "audit").translated_now, None);
    let audit = codes(part(&old, "audit"));
    assert!(
        audit.contains(&"before-oldest-sync")
            && audit.contains(&"one-sync-kept")
            && audit.contains(&"restart-forgets"),
        "{audit:?}"
    );
    // 3.4.1: the 64-slot store, plus one: 1,011; 450 translates (to 411).
    let fixed = at("3.4.1");
    assert_eq!(
        (
            part(&fixed, "billing").translated_now,
            part(&fixed, "audit").translated_now
        ),
        (Some(1_011), Some(411))
    );
    assert!(codes(part(&fixed, "billing")).contains(&"store-drops-syncs"));
    assert!(!codes(part(&at("3.6.0"), "billing")).contains(&"store-drops-syncs"));
}

#[test]
fn a_partition_with_no_syncs_and_a_group_the_configuration_filters_out_are_said() {
    let mut g = gathered();
    g.read_text(
        "more-groups.txt",
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\nreports payments 0 5 9 4 - - -\n",
    )
    .unwrap();
    g.read_text("mm2.properties", "clusters = primary, backup\nprimary->backup.enabled = true\nprimary->backup.groups = billing, audit\nprimary->backup.topics = orders\nemit.checkpoints.interval.seconds = 30\n").unwrap();
    let a = answer(&g, &Options::default());
    let reports = part(&a, "reports");
    let codes: Vec<&str> = reports.notes.iter().map(|n| n.code).collect();
    assert!(
        codes.contains(&"no-syncs") && codes.contains(&"filtered-out"),
        "{codes:?}"
    );
    assert!(
        g.read
            .iter()
            .any(|r| r.contains("a MirrorMaker 2 configuration")),
        "{:?}",
        g.read
    );
}

#[test]
fn a_file_that_is_none_of_the_dumps_is_refused_by_name() {
    let mut g = Gathered::default();
    let e = g.read_text("notes.txt", "hello\nworld\n").unwrap_err();
    assert_eq!(e.file, "notes.txt");
    assert!(e.message.contains("none of what this page reads"), "{e}");
}

/// `kafka-consumer-groups.sh --bootstrap-server localhost:9092 --describe --all-groups` on
/// Kafka 3.9 in a terminal (stdout and stderr together), laid out as
/// `tools/src/main/java/org/apache/kafka/tools/consumer/group/ConsumerGroupCommand.java`
/// (3.9.0) prints it, groups in name order (a `TreeMap`):
/// - `shouldPrintMemberState`, before each group's table:
///   `System.err.println("\nConsumer group '" + group + "' has no active members.");`,
///   `System.err.println("\nWarning: Consumer group '" + group + "' is rebalancing.");`, and
///   for a group gone since it was listed `printError("Consumer group '" + group + "' does
///   not exist.", ...)`, which is `System.out.println("\nError: " + msg);`;
/// - `printOffsets`: the header and each row by `System.out.printf(format, ...)` with
///   `printOffsetFormat`'s `"\n%" + (-maxGroupLen) + "s %" + (-maxTopicLen) + "s %-10s
///   %-15s %-15s %-15s %" + (-maxConsumerIdLen) + "s %" + (-maxHostLen) + "s %s"`: every
///   line starts with its newline, so no blank line comes between two tables, a sentence
///   on stderr ends the row before it, and the last row has no newline.
///
/// A rebalancing group's members show no partitions (the coordinator describes members
/// with their assignment only when the group is Stable: `GroupMetadata.summary`), so its
/// rows print `-` for them, as for a group with no members. Its groups are named like what the tools print beside their output (`$shipping`,
/// `WARN-alerts`, `[eu]-payments`, `kafka-mirror`), and a log line and the command precede.
const KAFKA_3_9_ALL_GROUPS: &str = include_str!("kafka-3.9-describe-all-groups.txt");

#[test]
fn kafka_3_9_describe_all_groups_answers_every_group_past_the_sentences_around_its_tables() {
    let mut g = Gathered::default();
    g.read_text("all-groups.txt", KAFKA_3_9_ALL_GROUPS).unwrap();
    let a = answer(&g, &Options::default());
    let mut groups: Vec<&str> = a.partitions.iter().map(|p| p.group.as_str()).collect();
    groups.dedup();
    assert_eq!(
        groups,
        [
            "$shipping",
            "WARN-alerts",
            "[eu]-payments",
            "audit",
            "billing",
            "kafka-mirror"
        ]
    );
    assert_eq!(a.partitions.len(), 11);
    assert_eq!(g.inactive.iter().collect::<Vec<_>>(), ["audit"]);
    assert_eq!(
        a.read,
        ["all-groups.txt: the source cluster's consumer groups (kafka-consumer-groups.sh --describe), 11 rows of 6 groups; kafka-consumer-groups.sh also printed \"Warning: Consumer group 'billing' is rebalancing.\", \"Error: Consumer group 'gone' does not exist.\""]
    );
    let mirror = part(&a, "kafka-mirror");
    assert_eq!(
        (mirror.source_committed, mirror.topic.as_str()),
        (None, "orders")
    );
}

/// The table of Kafka's operations docs (`docs/ops.html`, "Checking consumer position",
/// still in 3.9), as Kafka 2.0 to 2.2 print it: no GROUP column, one `--group` a run.
const DOCS_ONE_GROUP: &str = "\
$ bin/kafka-consumer-groups.sh --bootstrap-server localhost:9092 --describe --group my-group
TOPIC                          PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG        CONSUMER-ID                                       HOST                           CLIENT-ID
my-topic                       0          2               4               2          consumer-1-029af89c-873c-4751-a720-cefd41a669d6   /127.0.0.1                     consumer-1
my-topic                       1          2               3               1          consumer-1-029af89c-873c-4751-a720-cefd41a669d6   /127.0.0.1                     consumer-1
my-topic                       2          2               3               1          consumer-2-42c1abd4-e3b2-425d-a8bb-e1ea49b29bb2   /127.0.0.1                     consumer-2
";

#[test]
fn a_table_without_a_group_column_is_of_the_pasted_commands_group_or_the_callers_or_unnamed() {
    let mut g = Gathered::default();
    g.read_text("docs.txt", DOCS_ONE_GROUP).unwrap();
    assert_eq!(g.rows.len(), 3);
    assert!(g.rows.iter().all(|r| r.group == "my-group"), "{:?}", g.rows);

    // Without the command line, and the caller knowing nothing: said, not guessed.
    let table = DOCS_ONE_GROUP.split_once('\n').unwrap().1;
    let mut g = Gathered::default();
    g.read_text("table.txt", table).unwrap();
    let a = answer(&g, &Options::default());
    let unnamed = part(&a, UNNAMED_GROUP);
    assert_eq!((unnamed.skipped, unnamed.checkpoint.as_ref()), (None, None));
    let codes: Vec<&str> = unnamed.notes.iter().map(|n| n.code).collect();
    assert!(
        codes.contains(&"unnamed-group") && !codes.contains(&"no-checkpoint"),
        "{codes:?}"
    );
    assert!(
        a.read[0].contains("3 rows of 1 group; the table has no GROUP column"),
        "{:?}",
        a.read
    );
    assert_eq!(
        a.groups[0].text,
        "(unnamed group): the table names no group, so none of its 3 partitions is matched to a checkpoint"
    );

    // A caller that knows the group names it.
    let mut g = Gathered::default();
    let mut reading = g.file("table.txt").of_group("billing");
    for line in table.lines() {
        reading.line(line).unwrap();
    }
    reading.finish(None).unwrap();
    assert!(g.rows.iter().all(|r| r.group == "billing"), "{:?}", g.rows);
}

#[test]
fn a_refusal_quotes_its_line_and_a_paste_with_no_group_says_so() {
    let mut g = Gathered::default();
    let bad =
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\n\
        billing orders 0 12 40 28 - - -\n\
        billing orders zero 12 40 28 - - -\n";
    let e = g.read_text("groups.txt", bad).unwrap_err();
    assert_eq!(e.line, Some(3));
    assert!(
        e.message
            .contains("PARTITION \"zero\" is not a partition number")
            && e.message
                .contains("(the line: \"billing orders zero 12 40 28 - - -\")"),
        "{e}"
    );

    // A group that does not exist, and one with no members and nothing committed: Kafka
    // prints no table for either.
    let gone = "\nError: Consumer group 'gone' does not exist.\n\nConsumer group 'idle' has no active members.\n";
    let e = g.read_text("gone.txt", gone).unwrap_err();
    assert_eq!(
        e.message,
        "no group's table is in it: kafka-consumer-groups.sh printed only that idle has no active members (a group with no members and no committed offset gets no table), and \"Error: Consumer group 'gone' does not exist.\""
    );

    let header_only =
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\n";
    let e = g.read_text("cut.txt", header_only).unwrap_err();
    assert!(e.message.contains("no group's row"), "{e}");

    let e = g.read_text("notes.txt", "hello\nworld\n").unwrap_err();
    assert!(
        e.message
            .contains("its first line that is none of them: \"hello\""),
        "{e}"
    );
}

/// `kafka-consumer-groups.sh --describe --group billing` on Kafka 3.9 after `--reset-offsets
/// --group billing --topic orders:0 --to-offset 600 --execute` (which needs the group
/// empty) moved billing back from 1,020 to 600, before MirrorMaker 2's next checkpoint.
/// Laid out as `ConsumerGroupCommand.java` prints it: `shouldPrintMemberState`'s
/// `System.err.println("\nConsumer group '" + group + "' has no active members.")`, then
/// `printOffsetFormat`'s lines, each starting with its newline, columns at least 15 wide
/// (PARTITION 10), `-` for the members an empty group does not have.
const REWOUND_3_9: &str = "
Consumer group 'billing' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
billing         orders          0          600             1040            440             -               -               -";

#[test]
fn a_group_rewound_after_its_checkpoint_skips_and_is_flagged_not_re_reads_at_most_0() {
    let mut g = Gathered::default();
    g.read_text("syncs.txt", &syncs()).unwrap();
    g.read_text("checkpoints.txt", CHECKPOINTS).unwrap();
    g.read_text("groups.txt", REWOUND_3_9).unwrap();
    let a = answer(&g, &Options::default());
    let billing = part(&a, "billing");
    // The checkpoint (950 → 911) was written for a commit at 950; the group is now at 600.
    // The record at 911 is a copy of a source record at or before 950 (the store's
    // `translateDownstream` gives the kept sync under 950, (900, 910), plus one) and at or
    // after 901 (one past that sync): resuming there skips at most 950 - 600 = 350 of the
    // records from 600 the reset asked to read again, and at least 901 - 600 = 301.
    assert_eq!(billing.resume_at, Some(911));
    assert_eq!(
        (billing.skipped, billing.replay_at_most, billing.flagged),
        (Some(350), None, true)
    );
    // 600 translates through the newest kept sync at or before it, (400, 410): 411.
    assert_eq!(billing.translated_now, Some(411));
    let codes: Vec<&str> = billing.notes.iter().map(|n| n.code).collect();
    assert!(
        codes.contains(&"rewound-since-checkpoint")
            && !codes.contains(&"would-go-backwards")
            && !codes.contains(&"committed-since"),
        "{codes:?}"
    );
    let rewound = billing
        .notes
        .iter()
        .find(|n| n.code == "rewound-since-checkpoint")
        .unwrap();
    assert!(
        rewound.text.contains("at most 350, at least 301")
            && rewound
                .text
                .contains("translating the commit now gives 411"),
        "{}",
        rewound.text
    );
    assert_eq!(
        a.groups[0].text,
        "billing skips up to 350 records on 1 partition where it rewound after its checkpoint (reset it there to the translated commit, not the checkpoint)"
    );
    assert!(!a.groups[0].text.contains("re-reads at most 0"));
}

/// The night the source is gone: the checkpoints topic (on the target) as the console
/// consumer prints it with `CheckpointFormatter` (`Checkpoint.toString()`, then the tool's
/// "Processed a total of 2 messages" on stderr), and the group table saved earlier from
/// Kafka 3.9's `kafka-consumer-groups.sh --describe --group billing` (a stable group:
/// `printOffsetFormat` widens CONSUMER-ID to the longest member id, every line starts with
/// its newline). No offset-syncs dump: the syncs topic was on the source.
const CHECKPOINTS_ONLY: &str = "\
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=950, downstreamOffset=911, metadata=}
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-1, upstreamOffset=1700, downstreamOffset=1501, metadata=}
Processed a total of 2 messages
";
const STABLE_BILLING_3_9: &str = "
GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID                                             HOST            CLIENT-ID
billing         orders          0          1020            1040            20              consumer-billing-1-0f6c3e2a-5d4b-4b8e-9a7c-2e1d3f4a5b6c /10.0.0.1       consumer-billing-1
billing         orders          1          1900            2040            140             consumer-billing-1-0f6c3e2a-5d4b-4b8e-9a7c-2e1d3f4a5b6c /10.0.0.1       consumer-billing-1";

#[test]
fn without_the_offset_syncs_the_re_read_bound_is_unknown_and_the_checkpoint_says_where_and_how_old()
{
    let mut g = Gathered::default();
    g.read_text("checkpoints.txt", CHECKPOINTS_ONLY).unwrap();
    g.read_text("groups.txt", STABLE_BILLING_3_9).unwrap();
    // 3.4.0: the release whose defect notes (one sync kept, a restart forgets) would
    // otherwise explain a missing translation that here is only missing syncs.
    for kafka in ["4.1.0", "3.4.0"] {
        let o = Options {
            kafka: KafkaVersion::parse(kafka).unwrap(),
            ..Options::default()
        };
        let a = answer(&g, &o);
        for (partition, resume, since) in [(0, 911, 1_020 - 950), (1, 1_501, 1_900 - 1_700)] {
            let p = a
                .partitions
                .iter()
                .find(|p| p.partition == partition)
                .unwrap();
            assert_eq!(
                (p.resume_at, p.translated_now, p.replay_at_most, p.skipped),
                (Some(resume), None, None, None)
            );
            let codes: Vec<&str> = p.notes.iter().map(|n| n.code).collect();
            assert!(
                codes.contains(&"no-syncs-given")
                    && !codes.contains(&"no-syncs")
                    && !codes.contains(&"one-sync-kept")
                    && !codes.contains(&"restart-forgets"),
                "{kafka}: {codes:?}"
            );
            let alone = p.notes.iter().find(|n| n.code == "no-syncs-given").unwrap();
            assert!(
                alone
                    .text
                    .contains(&format!("it resumes at {resume} on primary.orders"))
                    && alone
                        .text
                        .contains(&format!("committed {since} records at the source since")),
                "{}",
                alone.text
            );
        }
        assert_eq!(
            a.groups[0].text,
            "billing re-reads an unknown number of records on 2 partitions (no offset-syncs dump was given to bound it)"
        );
        assert_eq!(a.sync_every, None);
    }
}

/// Three groups' checkpoints on `primary.orders-0` (`CheckpointFormatter`): each commit
/// translated by Kafka 3.6's store through the kept syncs (900, 910) and (1000, 1010):
/// 950 and 980 to 911, 1000 (on a sync) to 1010.
const THREE_CHECKPOINTS: &str = "\
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=950, downstreamOffset=911, metadata=}
Checkpoint{consumerGroupId=fraud, topicPartition=primary.orders-0, upstreamOffset=1000, downstreamOffset=1010, metadata=}
Checkpoint{consumerGroupId=shipping, topicPartition=primary.orders-0, upstreamOffset=980, downstreamOffset=911, metadata=}
Processed a total of 3 messages
";

/// `kafka-consumer-groups.sh --describe --all-groups` on Kafka 3.9, on the source, every
/// group empty (`shouldPrintMemberState`'s sentence on stderr before each table, each line
/// of `printOffsetFormat` starting with its newline, groups in name order).
const SOURCE_THREE_3_9: &str = "
Consumer group 'billing' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
billing         orders          0          1020            1040            20              -               -               -
Consumer group 'fraud' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
fraud           orders          0          1000            1040            40              -               -               -
Consumer group 'shipping' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
shipping        orders          0          990             1040            50              -               -               -";

/// The same command on the target (`backup:9092`): billing has read the copy itself up to
/// 1,000, shipping holds an old 500, fraud has no offset there at all.
const TARGET_TWO_3_9: &str = "
Consumer group 'billing' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
billing         primary.orders  0          1000            1050            50              -               -               -
Consumer group 'shipping' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
shipping        primary.orders  0          500             1050            550             -               -               -";

fn three_groups(target: bool, config: Option<&str>) -> Answer {
    let mut g = Gathered::default();
    g.read_text("syncs.txt", &syncs()).unwrap();
    g.read_text("checkpoints.txt", THREE_CHECKPOINTS).unwrap();
    g.read_text("source-groups.txt", SOURCE_THREE_3_9).unwrap();
    if target {
        g.read_text("target-groups.txt", TARGET_TWO_3_9).unwrap();
    }
    if let Some(text) = config {
        g.read_text("mm2.properties", text).unwrap();
    }
    answer(&g, &Options::default())
}

/// (checkpoint says, target holds, starts at, from) per group.
fn starts_of(a: &Answer, group: &str) -> (Option<u64>, Option<u64>, Option<u64>, StartFrom) {
    let p = part(a, group);
    (p.resume_at, p.target_committed, p.starts_at, p.start_from)
}

const SYNC_ON: &str = "clusters = primary, backup\nprimary->backup.enabled = true\nprimary->backup.topics = orders\nsync.group.offsets.enabled = true\n";

#[test]
fn the_consumer_starts_at_the_targets_own_later_offset_or_where_the_sync_or_a_reset_puts_it() {
    // With the target's table and no configuration (sync.group.offsets.enabled is off by
    // default): each starts at what the target holds, or by auto.offset.reset.
    let a = three_groups(true, None);
    assert_eq!(a.partitions.len(), 3, "{:?}", a.partitions);
    use StartFrom::*;
    assert_eq!(
        starts_of(&a, "billing"),
        (Some(911), Some(1_000), Some(1_000), TargetCommitted)
    );
    assert_eq!(
        starts_of(&a, "shipping"),
        (Some(911), Some(500), Some(500), TargetCommitted)
    );
    assert_eq!(
        starts_of(&a, "fraud"),
        (Some(1_010), None, None, AutoOffsetReset)
    );
    assert!(part(&a, "billing")
        .start_why
        .contains("89 records past the checkpoint's 911"));
    assert!(
        part(&a, "shipping")
            .start_why
            .contains("411 records before the checkpoint's 911")
            && part(&a, "shipping").start_why.contains("off by default"),
        "{}",
        part(&a, "shipping").start_why
    );

    // With the sync on: syncGroupOffset writes a later checkpoint into an empty group
    // (shipping 500 -> 911) and a partition it holds nothing for (fraud), but skips one
    // whose target offset is already at or past it (billing keeps 1,000).
    let a = three_groups(true, Some(SYNC_ON));
    assert_eq!(
        starts_of(&a, "billing"),
        (Some(911), Some(1_000), Some(1_000), TargetCommitted)
    );
    assert_eq!(
        starts_of(&a, "shipping"),
        (Some(911), Some(500), Some(911), Synced)
    );
    assert_eq!(
        starts_of(&a, "fraud"),
        (Some(1_010), None, Some(1_010), Synced)
    );

    // Without the target's table: where the checkpoint says, once reset there.
    let a = three_groups(false, None);
    assert_eq!(
        starts_of(&a, "billing"),
        (Some(911), None, Some(911), Checkpoint)
    );
    assert!(part(&a, "billing")
        .start_why
        .contains("give the target's group table"));
}

#[test]
fn a_groups_summary_says_when_its_consumer_starts_elsewhere_than_its_checkpoint() {
    let a = three_groups(true, None);
    let shipping = a.groups.iter().find(|g| g.group == "shipping").unwrap();
    assert!(
        shipping
            .text
            .ends_with("; on 1 partition the consumer actually starts elsewhere than its checkpoint (see where it starts)"),
        "{}",
        shipping.text
    );
    let a = three_groups(false, None);
    assert!(
        a.groups.iter().all(|g| !g.text.contains("elsewhere")),
        "{:?}",
        a.groups
    );
}

#[test]
fn under_the_identity_policy_a_source_table_is_never_read_as_the_targets_offsets() {
    // IdentityReplicationPolicy: the checkpoints name `orders` itself, as the source's
    // table does; with no syncs to say which topic is the source's, nothing tells the
    // tables apart, so the source's commits must not be taken for what the target holds.
    let mut g = Gathered::default();
    g.read_text(
        "checkpoints.txt",
        &THREE_CHECKPOINTS.replace("primary.orders", "orders"),
    )
    .unwrap();
    g.read_text("source-groups.txt", SOURCE_THREE_3_9).unwrap();
    let a = answer(&g, &Options::default());
    for p in &a.partitions {
        assert_eq!(
            (p.target_committed, p.start_from),
            (None, StartFrom::Checkpoint),
            "{p:?}"
        );
    }
}

#[test]
fn the_targets_group_table_is_said_to_be_the_targets() {
    let a = three_groups(true, None);
    assert!(
        a.read.iter().any(|r| r.starts_with(
            "target-groups.txt: the target cluster's consumer groups (kafka-consumer-groups.sh --describe), 2 rows of 2 groups"
        )),
        "{:?}",
        a.read
    );
    assert!(
        a.read
            .iter()
            .any(|r| r.starts_with("source-groups.txt: the source cluster's consumer groups")),
        "{:?}",
        a.read
    );
}

fn at(kafka: &str) -> Options {
    Options {
        kafka: crate::resume::KafkaVersion::parse(kafka).unwrap(),
        ..Options::default()
    }
}

// Kafka 3.4.1 to 3.7.0 (apache/kafka 3.7.0, OffsetSyncStore.updateSyncArray: every sync
// read before readToEnd clears the array) keep only the newest sync, (1000, 1010), after a
// restart. audit committed 450: with the whole store 3.6.2 translates by the kept (400,
// 410) to 411; restarted, 450 is behind 1,000, so no checkpoint is written and, having
// none, audit falls to auto.offset.reset. billing's 1,020 is past the newest sync either
// way (1,011), so it has one answer. 3.7.1 reads the syncs back whole (KAFKA-15905).
#[test]
fn from_3_4_1_to_3_7_0_a_restart_keeps_the_newest_sync_and_both_answers_are_shown() {
    let a = answer(&gathered(), &at("3.6.2"));
    let audit = part(&a, "audit");
    assert_eq!(audit.translated_now, Some(411));
    assert_eq!(
        audit.after_restart,
        Some(AfterRestart {
            newest_sync: CheckpointAt {
                upstream: 1_000,
                downstream: 1_010
            },
            translated: None
        })
    );
    let n = audit
        .notes
        .iter()
        .find(|n| n.code == "restart-keeps-newest")
        .unwrap();
    assert!(
        n.text.contains("gives 411")
            && n.text
                .contains("if groups changed since these syncs, the second answer holds"),
        "{}",
        n.text
    );
    assert_eq!(part(&a, "billing").after_restart, None);
    for kafka in ["3.4.0", "3.7.1", "3.9.0"] {
        assert_eq!(
            part(&answer(&gathered(), &at(kafka)), "audit").after_restart,
            None,
            "{kafka}"
        );
    }
}

// Up to 3.2 a partition with no sync translates to the commit unchanged (apache/kafka
// 3.2.3, OffsetSyncStore.latestOffsetSync's default (-1, -1): -1 + (500 - -1) = 500);
// 3.3.0 writes no checkpoint for it (KAFKA-12635).
#[test]
fn up_to_3_2_a_partition_without_syncs_translates_to_the_source_offset() {
    let mut g = Gathered::default();
    g.read_text("syncs.txt", &syncs()).unwrap();
    g.read_text(
        "groups.txt",
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\n\
         billing orders 1 500 600 100 - - -\n",
    )
    .unwrap();
    let old = answer(&g, &at("3.2.3"));
    let p = part(&old, "billing");
    let codes: Vec<&str> = p.notes.iter().map(|n| n.code).collect();
    assert_eq!(p.translated_now, Some(500));
    assert!(
        codes.contains(&"source-offset-copied") && !codes.contains(&"no-syncs"),
        "{codes:?}"
    );
    // No plan takes it: with a checkpoint (as 3.2 writes one, the source offset again),
    // both plans are the checkpoint's.
    assert!(p.translated_is_source_offset);
    g.read_text("checkpoints.txt", "Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-1, upstreamOffset=480, downstreamOffset=480, metatadata=}\n").unwrap();
    let with_cp = answer(&g, &at("3.2.3"));
    let plans = part(&with_cp, "billing").plans.clone().unwrap();
    assert_eq!(
        (
            plans.never_skip,
            plans.re_read_least,
            plans.re_read_least_from
        ),
        (480, 480, crate::resume::PlanFrom::Checkpoint)
    );
    let new = answer(&g, &at("3.3.0"));
    assert_eq!(part(&new, "billing").translated_now, None);
}

// A source task restart shows in the syncs: source 100..=149 first copied to target
// 110..=159, then, from its last committed source offset 129, 130..=149 again from target
// 160 (the restarted task's first record syncs: (130, 160)). billing's checkpoint (101,
// 111) sits one past (100, 110), so the record there is at least source 101; committed
// 140, it reads 101..=139 again (39) and the second copies of 130..=139 (10): 49.
#[test]
fn the_re_read_bound_adds_what_a_restart_copied_again() {
    let mut g = Gathered::default();
    let syncs = [(0, 10), (100, 110), (130, 160), (200, 230)]
        .iter()
        .map(|(u, d)| {
            format!(
                "OffsetSync{{topicPartition=orders-0, upstreamOffset={u}, downstreamOffset={d}}}\n"
            )
        })
        .collect::<String>();
    g.read_text("syncs.txt", &syncs).unwrap();
    g.read_text("checkpoints.txt", "Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=101, downstreamOffset=111, metadata=}\n").unwrap();
    g.read_text(
        "groups.txt",
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\n\
         billing orders 0 140 250 110 - - -\n",
    )
    .unwrap();
    let a = answer(&g, &Options::default());
    let p = part(&a, "billing");
    assert_eq!(p.replay_at_most, Some(49));
    assert!(
        p.notes
            .iter()
            .any(|n| n.code == "copied-again" && n.text.contains("reads 10 of them")),
        "{:?}",
        p.notes
    );
}

/// A cluster alias with an underscore (`us_east`) under the default `.` separator: its
/// checkpoints (`us_east.orders-0`) join the source group's `orders` 0 row, as
/// DefaultReplicationPolicy reads the name (the alias ends at the first `.`); a copy of a
/// copy (`eu.us_east.orders`) stands for `us_east.orders`, not `orders`.
#[test]
fn an_alias_with_an_underscore_joins_its_checkpoints_to_the_source_row() {
    let shapes = Join::of(&Config::default());
    assert!(shapes.names_source("us_east.orders", "orders"));
    assert!(shapes.names_source("primary_orders", "orders"));
    assert!(!shapes.names_source("eu.us_east.orders", "orders"));
    assert!(
        !shapes.names_source("us_east_orders", "orders"),
        "ambiguous under '_': Kafka reads alias 'us'"
    );
    // A configuration's own separator is the only one used.
    let configured = Join::of(&Config {
        separator: Some("::".into()),
        ..Config::default()
    });
    assert!(configured.names_source("primary::orders", "orders"));
    assert!(!configured.names_source("primary.orders", "orders"));
    let mut g = Gathered::default();
    g.read_text("syncs.txt", &syncs()).unwrap();
    g.read_text(
        "checkpoints.txt",
        "Checkpoint{consumerGroupId=billing, topicPartition=us_east.orders-0, upstreamOffset=950, downstreamOffset=911, metadata=}\n",
    )
    .unwrap();
    g.read_text("groups.txt", GROUPS).unwrap();
    let a = answer(&g, &Options::default());
    let billing: Vec<&PartitionAnswer> = a
        .partitions
        .iter()
        .filter(|p| p.group == "billing")
        .collect();
    assert_eq!(
        billing.len(),
        1,
        "one row, not an orphan beside it: {billing:?}"
    );
    assert_eq!(billing[0].resume_at, Some(911));
    let said = |r: &String| r.contains("DefaultReplicationPolicy's shape assumed");
    assert!(a.read.iter().any(said), "{:?}", a.read);
}
