//! What a run view shows beside the stage: a title, which charts, which measures to draw
//! the eye to, which buttons, and hints for the narration. A scenario page derives it from
//! its scenario ([`RunShow::for_scenario`]); anything else (the designer, a course) can
//! derive one from its topology ([`RunShow::for_spec`]) and adjust it. Pure.

use hoplab_model::scenarios::Highlight;
use hoplab_model::spec::Topology;
use hoplab_model::{Command, ResumeRule, Scenario, ScenarioSpec};

/// A chart the run view may draw. Some draw only once they have something to show
/// (duplicates after a restart, replay and gap after a move, copies with two hops or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChartKind {
    LagRecords,
    LagSeconds,
    Tail,
    /// Target end minus source end beside the true lag of the first hop.
    Subtraction,
    Stored,
    CopiesPerOriginal,
    Duplicates,
    AfterMove,
    ReaderLag,
}

impl ChartKind {
    /// The charts any topology gets, in the order they are drawn.
    pub const GENERAL: [ChartKind; 8] = [
        ChartKind::LagRecords,
        ChartKind::LagSeconds,
        ChartKind::Tail,
        ChartKind::Stored,
        ChartKind::CopiesPerOriginal,
        ChartKind::Duplicates,
        ChartKind::AfterMove,
        ChartKind::ReaderLag,
    ];
}

/// Extra measures a run lists because its story is about them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Emphasis {
    /// "Target end − source end" beside each hop's lag (a meaningless figure, on purpose).
    pub subtraction: bool,
    /// Why each hop's positions drift from the source's.
    pub drift: bool,
    /// Keys split across parts and order inversions per stream.
    pub order: bool,
}

/// A button the run view offers: pressing it applies `command` now.
#[derive(Clone, Debug, PartialEq)]
pub struct RunButton {
    /// Unique within the run; a scenario's link names presses by it.
    pub id: String,
    pub label: String,
    pub command: Command,
    /// Buttons about one thing ("Site A", "Copier a-to-b") are drawn together.
    pub group: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RunShow {
    /// What the run is, for the stage's label.
    pub title: String,
    pub charts: Vec<ChartKind>,
    pub emphasis: Emphasis,
    pub buttons: Vec<RunButton>,
    /// What to watch for, under the narration.
    pub watch_for: Vec<String>,
    /// Slug of the card the run demonstrates, linked under the narration.
    pub card: Option<String>,
    /// Space plays and pauses and → steps anywhere on the page (for a page that holds
    /// one run view and little else to type into).
    pub page_keys: bool,
}

impl RunShow {
    /// What a built-in scenario shows: its own buttons and story, and the measures it
    /// highlights.
    pub fn for_scenario(s: &Scenario) -> RunShow {
        let highlights = |h: Highlight| s.highlights.contains(&h);
        let subtraction = highlights(Highlight::Subtraction);
        let mut charts = ChartKind::GENERAL.to_vec();
        if subtraction {
            charts.insert(3, ChartKind::Subtraction);
        }
        RunShow {
            title: s.title.to_string(),
            charts,
            emphasis: Emphasis {
                subtraction,
                drift: highlights(Highlight::Drift),
                order: highlights(Highlight::Order),
            },
            buttons: s
                .buttons
                .iter()
                .map(|b| RunButton {
                    id: b.id.to_string(),
                    label: b.label.to_string(),
                    command: b.command.clone(),
                    group: None,
                })
                .collect(),
            watch_for: s.watch_for.iter().map(|w| w.to_string()).collect(),
            card: Some(s.card.to_string()),
            page_keys: true,
        }
    }

    /// Sensible defaults for any valid spec: every general chart, and a button for each
    /// site fault, each copier fault and each move of a reader group to another site
    /// (resuming by its planned rule, else by the position map).
    pub fn for_spec(spec: &ScenarioSpec) -> RunShow {
        let t = &spec.topology;
        let mut buttons = Vec::new();
        site_buttons(&mut buttons, t);
        hop_buttons(&mut buttons, t);
        reader_buttons(&mut buttons, t);
        RunShow {
            title: if spec.name.is_empty() {
                "Your topology".into()
            } else {
                spec.name.clone()
            },
            charts: ChartKind::GENERAL.to_vec(),
            emphasis: Emphasis::default(),
            buttons,
            watch_for: Vec::new(),
            card: None,
            page_keys: false,
        }
    }

    pub fn button(&self, id: &str) -> Option<&RunButton> {
        self.buttons.iter().find(|b| b.id == id)
    }
}

fn button(id: String, label: String, command: Command, group: &str) -> RunButton {
    RunButton {
        id,
        label,
        command,
        group: Some(group.to_string()),
    }
}

/// Lose, cut off and restore each site.
fn site_buttons(out: &mut Vec<RunButton>, t: &Topology) {
    for (i, site) in t.sites.iter().enumerate() {
        let group = format!("Site {}", site.name);
        let site = || site.name.clone();
        for (id, label, command) in [
            ("lose-site", "Lose", Command::LoseSite { site: site() }),
            ("cut-site", "Cut off", Command::CutSite { site: site() }),
            (
                "restore-site",
                "Restore",
                Command::RestoreSite { site: site() },
            ),
        ] {
            out.push(button(format!("{id}-{i}"), label.into(), command, &group));
        }
    }
}

/// Stall, resume and restart each copier; cut and heal its link.
fn hop_buttons(out: &mut Vec<RunButton>, t: &Topology) {
    for (i, hop) in t.hops.iter().enumerate() {
        let group = format!("Copier {}", hop.id);
        let hop = || hop.id.clone();
        for (id, label, command) in [
            ("stall-hop", "Stall", Command::StallHop { hop: hop() }),
            ("resume-hop", "Resume", Command::ResumeHop { hop: hop() }),
            ("restart-hop", "Restart", Command::RestartHop { hop: hop() }),
            ("cut-link", "Cut link", Command::CutLink { hop: hop() }),
            ("heal-link", "Heal link", Command::HealLink { hop: hop() }),
        ] {
            out.push(button(format!("{id}-{i}"), label.into(), command, &group));
        }
    }
}

/// Restart each reader group from its last commit, and move it to a site its stream is
/// copied to, by its planned rule.
fn reader_buttons(out: &mut Vec<RunButton>, t: &Topology) {
    for (i, reader) in t.readers.iter().enumerate() {
        let group = format!("Reader group {}", reader.id);
        out.push(button(
            format!("restart-reader-{i}"),
            "Restart".into(),
            Command::RestartReader {
                reader: reader.id.clone(),
            },
            &group,
        ));
        let rule = reader.planned_resume.unwrap_or(ResumeRule::PositionMap);
        // Only where a copier writes the group's stream: elsewhere there is nothing to read.
        let copied_to = |site: &str| {
            t.hops.iter().any(|h| {
                h.from.site == reader.site && h.from.stream == reader.stream && h.to.site == site
            })
        };
        for (j, site) in t.sites.iter().enumerate() {
            if site.name == reader.site || !copied_to(&site.name) {
                continue;
            }
            out.push(button(
                format!("move-reader-{i}-{j}"),
                format!("Move to {} ({})", site.name, rule.id()),
                Command::MoveReader {
                    reader: reader.id.clone(),
                    site: site.name.clone(),
                    rule,
                },
                &group,
            ));
        }
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests {
    use super::*;
    use hoplab_model::scenarios;

    #[test]
    fn a_scenario_keeps_its_buttons_and_only_story_scenarios_emphasise() {
        let echo = RunShow::for_scenario(&scenarios::get("echo-loop").unwrap());
        assert_eq!(
            echo.buttons.len(),
            scenarios::get("echo-loop").unwrap().buttons.len()
        );
        assert_eq!(echo.emphasis, Emphasis::default());
        assert!(!echo.charts.contains(&ChartKind::Subtraction));
        let fallacy = RunShow::for_scenario(&scenarios::get("subtraction-fallacy").unwrap());
        assert!(fallacy.emphasis.subtraction && fallacy.charts.contains(&ChartKind::Subtraction));
        assert_eq!(fallacy.card.as_deref(), Some("lag-by-subtraction"));
    }

    #[test]
    fn a_scenario_emphasises_exactly_the_measures_it_highlights() {
        for s in scenarios::all() {
            let e = RunShow::for_scenario(&s).emphasis;
            for (shown, highlight) in [
                (e.subtraction, Highlight::Subtraction),
                (e.drift, Highlight::Drift),
                (e.order, Highlight::Order),
            ] {
                assert_eq!(
                    shown,
                    s.highlights.contains(&highlight),
                    "{} {highlight:?}",
                    s.id
                );
            }
        }
    }

    #[test]
    fn any_spec_gets_a_button_per_fault_with_unique_ids_that_the_model_accepts() {
        for s in scenarios::all() {
            let spec = s.build_default().unwrap();
            let show = RunShow::for_spec(&spec);
            let t = &spec.topology;
            let moves = show
                .buttons
                .iter()
                .filter(|b| b.id.starts_with("move-reader"))
                .count();
            assert!(moves <= t.readers.len() * (t.sites.len() - 1), "{}", s.id);
            assert_eq!(
                show.buttons.len(),
                t.sites.len() * 3 + t.hops.len() * 5 + t.readers.len() + moves,
                "{}",
                s.id
            );
            let mut ids: Vec<&str> = show.buttons.iter().map(|b| b.id.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), show.buttons.len(), "{}", s.id);
            for b in &show.buttons {
                let mut sim = hoplab_model::Sim::new(&spec, 1).unwrap();
                sim.advance_to(1_000);
                assert!(sim.apply(b.command.clone()).is_ok(), "{} {}", s.id, b.id);
            }
        }
    }

    #[test]
    fn button_ids_never_carry_a_name() {
        let mut spec = scenarios::get("failover-resume")
            .unwrap()
            .build_default()
            .unwrap();
        spec.name = String::new();
        let show = RunShow::for_spec(&spec);
        assert_eq!(show.title, "Your topology");
        assert!(show
            .buttons
            .iter()
            .all(|b| b.id.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')));
        let mv = show
            .buttons
            .iter()
            .find(|b| b.id.starts_with("move-reader"))
            .expect("billing can move to B, where a-to-b copies its stream");
        assert!(mv.label.starts_with("Move to B"), "{}", mv.label);
    }
}
