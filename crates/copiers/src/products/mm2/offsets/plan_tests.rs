//! The reset plans worked by hand. Syncs as `kafka-console-consumer.sh` prints them with
//! `OffsetSyncFormatter`: `orders-0` every 100 records from 0 to 1,000 with the target 10
//! ahead (Kafka 3.6 and later keep, of those eleven, the syncs at 0, 400, 800, 900 and
//! 1,000), `orders-1` every 500 from 0 to 2,000, the target even (all five kept). A commit
//! `c` translates to the kept sync at or before it, its downstream offset plus one when
//! `c` is past it.

use super::*;
use crate::resume::{answer, Gathered, Options};

fn syncs() -> String {
    let zero = (0..=1_000).step_by(100).map(|up| (0, up, up + 10));
    let one = (0..=2_000).step_by(500).map(|up| (1, up, up));
    zero.chain(one)
        .map(|(p, up, down)| {
            format!("OffsetSync{{topicPartition=orders-{p}, upstreamOffset={up}, downstreamOffset={down}}}\n")
        })
        .collect()
}

/// `CheckpointFormatter`'s lines on the target's `primary.checkpoints.internal`.
const CHECKPOINTS: &str = "\
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=950, downstreamOffset=911, metadata=}
Checkpoint{consumerGroupId=billing, topicPartition=primary.orders-1, upstreamOffset=1700, downstreamOffset=1501, metadata=}
Checkpoint{consumerGroupId=fraud, topicPartition=primary.orders-0, upstreamOffset=1000, downstreamOffset=1010, metadata=}
Checkpoint{consumerGroupId=shipping, topicPartition=primary.orders-0, upstreamOffset=980, downstreamOffset=911, metadata=}
Processed a total of 4 messages
";

/// Kafka 3.9's `kafka-consumer-groups.sh --describe --all-groups` on the source: every
/// group empty, no blank line between groups, groups in name order. billing was reset
/// back to 1,200 on orders-1 after its checkpoint there (1,700 -> 1,501); fraud has no
/// checkpoint on orders-1.
const SOURCE: &str = "
Consumer group 'billing' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
billing         orders          0          1020            1040            20              -               -               -
billing         orders          1          1200            2040            840             -               -               -
Consumer group 'fraud' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
fraud           orders          0          1000            1040            40              -               -               -
fraud           orders          1          300             2040            1740            -               -               -
Consumer group 'shipping' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
shipping        orders          0          990             1040            50              -               -               -";

/// The same command on the target: billing holds 1,000 on primary.orders-0, shipping an
/// old 500, fraud 250 on primary.orders-1.
const TARGET: &str = "
Consumer group 'billing' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
billing         primary.orders  0          1000            1050            50              -               -               -
Consumer group 'fraud' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
fraud           primary.orders  1          250             2040            1790            -               -               -
Consumer group 'shipping' has no active members.

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID
shipping        primary.orders  0          500             1050            550             -               -               -";

const CONFIG: &str = "clusters = primary, backup\nprimary.bootstrap.servers = p1:9092\nbackup.bootstrap.servers = b1:9092,b2:9092\nprimary->backup.enabled = true\nprimary->backup.topics = orders\n";

fn answered(with_syncs: bool, config: bool) -> Answer {
    answered_with(with_syncs, config, TARGET)
}

fn answered_with(with_syncs: bool, config: bool, target: &str) -> Answer {
    let mut g = Gathered::default();
    if with_syncs {
        g.read_text("syncs.txt", &syncs()).unwrap();
    }
    g.read_text("checkpoints.txt", CHECKPOINTS).unwrap();
    g.read_text("source-groups.txt", SOURCE).unwrap();
    g.read_text("target-groups.txt", target).unwrap();
    if config {
        g.read_text("mm2.properties", CONFIG).unwrap();
    }
    answer(&g, &Options::default())
}

fn plans(a: &Answer, group: &str, partition: u32) -> Option<RowPlans> {
    let p = a
        .partitions
        .iter()
        .find(|p| p.group == group && p.partition == partition);
    p.unwrap().plans.clone()
}

/// billing orders-0: checkpoint 911; 1,020 translates through (1000, 1010) to 1,011; the
/// target holds 1,000. Never skip: 911. Skip-free up to max(1,011, 911) = 1,011: re-read
/// least 1,011, 100 records later. billing orders-1: rewound to 1,200 behind its
/// checkpoint's 1,700, so 1,501 skips; 1,200 translates through (1000, 1000) to 1,001:
/// both plans 1,001. shipping: checkpoint 911; 990 translates through (900, 910) to 911;
/// the target holds 500: never skip 500, re-read least 911 (the checkpoint, first of
/// the two 911s), 411 apart. fraud orders-0: 1,000 is on sync (1000, 1010): 1,010 both.
#[test]
fn never_skip_takes_the_earliest_and_re_read_least_the_latest_that_skips_nothing() {
    use PlanFrom::*;
    let a = answered(true, false);
    let of = |g, p| {
        let r = plans(&a, g, p).unwrap();
        (
            r.never_skip,
            r.never_skip_from,
            r.re_read_least,
            r.re_read_least_from,
        )
    };
    assert_eq!(of("billing", 0), (911, Checkpoint, 1_011, TranslatedNow));
    assert_eq!(
        of("billing", 1),
        (1_001, TranslatedNow, 1_001, TranslatedNow)
    );
    assert_eq!(of("shipping", 0), (500, TargetCommitted, 911, Checkpoint));
    assert_eq!(of("fraud", 0), (1_010, Checkpoint, 1_010, Checkpoint));
    assert_eq!(plans(&a, "fraud", 1), None);
    assert_eq!(
        group_plan(&a, "billing", Plan::NeverSkip).unwrap(),
        "primary.orders,0,911\nprimary.orders,1,1001\n"
    );
    assert_eq!(
        group_plan(&a, "billing", Plan::ReReadLeast).unwrap(),
        "primary.orders,0,1011\nprimary.orders,1,1001\n"
    );
    // The translated commit is earlier than the flagged checkpoint: no plan skips.
    assert!(plan_warnings_for(&a, "billing", Plan::NeverSkip).is_empty());
    assert_eq!(
        plan_differences(&a, "billing"),
        ["billing orders-0: never skip 911 (the checkpoint), re-read least 1011 (the commit translated now), 100 records apart"]
    );
    assert_eq!(
        plan_differences(&a, "shipping"),
        ["shipping orders-0: never skip 500 (the target's own offset), re-read least 911 (the checkpoint), 411 records apart"]
    );
    assert!(plan_differences(&a, "fraud").is_empty());
}

/// Without the offset syncs nothing translates: billing orders-1's only offsets are its
/// checkpoint's 1,501, which skips up to 1,700 - 1,200 = 500 records (the group rewound
/// behind it), and no target offset. Both plans are 1,501, re-read least not known to
/// skip nothing, and both warn. billing orders-0: 911 or the target's 1,000, which is past
/// every offset known to skip nothing (the checkpoint's 911): both plans 911.
#[test]
fn without_syncs_a_rewound_checkpoint_is_both_plans_and_warned() {
    let a = answered(false, false);
    let r = plans(&a, "billing", 1).unwrap();
    assert_eq!((r.never_skip, r.re_read_least), (1_501, 1_501));
    assert!(!r.re_read_least_skips_nothing);
    for plan in [Plan::NeverSkip, Plan::ReReadLeast] {
        assert_eq!(
            plan_warnings_for(&a, "billing", plan),
            ["billing orders-1: resetting to the checkpoint's 1501 skips up to 500 records (the group rewound after it)"]
        );
    }
    let r = plans(&a, "billing", 0).unwrap();
    assert_eq!((r.never_skip, r.re_read_least), (911, 911));
}

/// fraud orders-1 has no checkpoint: it is in no plan, and named with where it starts (the
/// 250 it holds on the target). The four-column form lists every planned row in the
/// answer's order (the source table's): billing 0 and 1, fraud 0, shipping 0.
#[test]
fn partitions_without_a_checkpoint_are_named_and_all_groups_take_four_columns() {
    let a = answered(true, false);
    let missing = unplanned(&a, "fraud");
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert_eq!(
        missing,
        ["fraud orders-1 has no checkpoint, so no plan line sets it: the group keeps the 250 it holds on the target"]
    );
    assert!(unplanned(&a, "billing").is_empty());
    assert_eq!(
        all_groups_plan(&a, Plan::NeverSkip).unwrap(),
        "billing,primary.orders,0,911\nbilling,primary.orders,1,1001\nfraud,primary.orders,0,1010\nshipping,primary.orders,0,500\n"
    );
    assert_eq!(
        all_groups_plan(&a, Plan::ReReadLeast).unwrap(),
        "billing,primary.orders,0,1011\nbilling,primary.orders,1,1001\nfraud,primary.orders,0,1010\nshipping,primary.orders,0,911\n"
    );
    assert_eq!(planned_groups(&a), ["billing", "fraud", "shipping"]);
}

/// The checkpoints name `primary.orders` for the source's `orders`: the source's alias is
/// `primary`, and its checkpoints topic, on the target, `primary.checkpoints.internal`.
/// The configuration's `primary->backup` flow names the target, `backup`, and its
/// `backup.bootstrap.servers`.
#[test]
fn the_command_names_the_target_from_the_checkpoints_and_the_configuration() {
    let a = answered(true, false);
    assert_eq!(a.target.source_alias.as_deref(), Some("primary"));
    assert_eq!(
        apply_command(&a, "reset-billing.csv", Some("billing")),
        "kafka-consumer-groups.sh --bootstrap-server <bootstrap servers of the cluster holding primary.checkpoints.internal> --group billing --reset-offsets --from-file reset-billing.csv --execute"
    );
    let a = answered(true, true);
    assert_eq!(a.target.alias.as_deref(), Some("backup"));
    assert_eq!(
        apply_command(&a, "reset-plan.csv", None),
        "kafka-consumer-groups.sh --bootstrap-server b1:9092,b2:9092 --group billing --group fraud --group shipping --reset-offsets --from-file reset-plan.csv --execute"
    );
    assert_eq!(target_named(&a), "on the target, backup");
}

/// The page saves the ticked groups in one file: shipping alone, re-read least, is its
/// checkpoint's 911 (see above). One group in a four-column file is applied with
/// `--all-groups`: one `--group` would make Kafka's `parseResetPlan` try the three-column
/// form first.
#[test]
fn the_ticked_groups_in_one_file_and_its_command() {
    let a = answered(true, false);
    let shipping = ["shipping".to_string()];
    assert_eq!(
        groups_plan(&a, &shipping, Plan::ReReadLeast).unwrap(),
        "shipping,primary.orders,0,911\n"
    );
    assert!(groups_command(&a, "reset-plan.csv", &shipping)
        .contains(" --all-groups --reset-offsets --from-file reset-plan.csv --execute"));
    assert!(groups_plan(&a, &[], Plan::NeverSkip).is_err());
}

/// billing also holds 1,400 on the target's primary.orders-1. With the syncs, 1,200
/// translates to 1,001, the earliest, and the latest offset at or before it: both plans
/// 1,001, no warning. Without them, the offsets are the rewound checkpoint's 1,501 and the
/// target's 1,400: never skip 1,400; none is known to skip nothing, so re-read least is
/// 1,400 too, and both plans say it is not known whether it skips.
#[test]
fn a_target_offset_before_a_rewound_checkpoint_is_taken_but_not_vouched_for() {
    let target = TARGET.replace(
        "billing         primary.orders  0          1000            1050            50              -               -               -",
        "billing         primary.orders  0          1000            1050            50              -               -               -\nbilling         primary.orders  1          1400            2040            640             -               -               -",
    );
    let a = answered_with(true, false, &target);
    let r = plans(&a, "billing", 1).unwrap();
    assert_eq!((r.never_skip, r.re_read_least), (1_001, 1_001));
    assert!(plan_warnings_for(&a, "billing", Plan::NeverSkip).is_empty());
    let a = answered_with(false, false, &target);
    let r = plans(&a, "billing", 1).unwrap();
    assert_eq!(
        (r.never_skip, r.never_skip_from, r.re_read_least),
        (1_400, PlanFrom::TargetCommitted, 1_400)
    );
    assert!(!r.re_read_least_skips_nothing);
    assert_eq!(
        plan_warnings_for(&a, "billing", Plan::ReReadLeast),
        ["billing orders-1: the target's own 1400 is before the checkpoint the group rewound behind, but whether it skips is not known (no offset sync translates the commit)"]
    );
}
