//! A drill run as a link: its seed and moves, deflated and base64url-encoded in the URL's
//! fragment (`#r1=<seed>.<data>`), which never reaches a server. A game day on a design of
//! one's own carries that design in the fragment too (`#d1=…;r1=…`): the parts are
//! separated by `;`, which base64url never uses.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hoplab_model::spec::TimedCommand;
use serde::{Deserialize, Serialize};

/// The fragment's prefix: `#r1=` (format 1).
pub const PREFIX: &str = "r1=";
/// More moves than a drill could use: a guard against a crafted link.
const MAX_MOVES: usize = 200;
/// Largest move list a link may inflate to.
const MAX_INFLATED: usize = 200_000;

/// One played drill: the seed that chose the fault's moment and the moves made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedRun {
    pub seed: u64,
    /// Each `at_ms` after the fault.
    pub moves: Vec<TimedCommand>,
}

/// The fragment (without `#`) that carries `run`.
pub fn encode(run: &PlayedRun) -> String {
    let json = serde_json::to_vec(&run.moves).expect("moves serialise");
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("{PREFIX}{}.{}", run.seed, URL_SAFE_NO_PAD.encode(packed))
}

/// `fragment`'s parts (without `#`), separated by `;`.
pub fn parts(fragment: &str) -> impl Iterator<Item = &str> {
    fragment
        .trim_start_matches('#')
        .split(';')
        .filter(|p| !p.is_empty())
}

/// `fragment` with `run` as its run part, its other parts kept.
pub fn with_run(fragment: &str, run: &PlayedRun) -> String {
    let mut kept: Vec<String> = parts(fragment)
        .filter(|p| !p.starts_with(PREFIX))
        .map(str::to_string)
        .collect();
    kept.push(encode(run));
    kept.join(";")
}

/// The run in a fragment (with or without `#`): `Ok(None)` when it carries none; an error
/// in words when it is damaged.
pub fn decode(fragment: &str) -> Result<Option<PlayedRun>, String> {
    let Some(data) = parts(fragment).find_map(|p| p.strip_prefix(PREFIX)) else {
        return Ok(None);
    };
    let bad = |why: &str| {
        format!("The link to this drill run is damaged ({why}); start a new run instead.")
    };
    let (seed, data) = data.split_once('.').ok_or_else(|| bad("no seed"))?;
    let seed: u64 = seed.parse().map_err(|_| bad("the seed is not a number"))?;
    let packed = URL_SAFE_NO_PAD
        .decode(data)
        .map_err(|_| bad("not base64"))?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED)
        .map_err(|_| bad("cannot be unpacked"))?;
    let moves: Vec<TimedCommand> =
        serde_json::from_slice(&json).map_err(|e| bad(&format!("its moves do not read: {e}")))?;
    if moves.len() > MAX_MOVES {
        return Err(bad(&format!(
            "{} moves, more than {MAX_MOVES}",
            moves.len()
        )));
    }
    Ok(Some(PlayedRun { seed, moves }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoplab_model::spec::{Command, ResumeRule};

    fn run() -> PlayedRun {
        PlayedRun {
            seed: 3,
            moves: vec![
                TimedCommand {
                    at_ms: 4_200,
                    command: Command::Promote { hop: "dr".into() },
                },
                TimedCommand {
                    at_ms: 5_000,
                    command: Command::MoveReader {
                        reader: "settle".into(),
                        site: "standby".into(),
                        rule: ResumeRule::RawNumber,
                    },
                },
            ],
        }
    }

    #[test]
    fn a_run_comes_back_from_its_link() {
        let fragment = encode(&run());
        assert!(fragment.starts_with("r1=3."), "{fragment}");
        assert_eq!(decode(&format!("#{fragment}")).unwrap(), Some(run()));
    }

    #[test]
    fn a_run_sits_beside_a_design_in_one_fragment() {
        let both = with_run("#d1=abc", &run());
        assert!(both.starts_with("d1=abc;r1=3."), "{both}");
        assert_eq!(decode(&both).unwrap(), Some(run()));
        let again = with_run(
            &both,
            &PlayedRun {
                seed: 5,
                moves: vec![],
            },
        );
        assert!(
            again.starts_with("d1=abc;r1=5.") && !again.contains("r1=3."),
            "{again}"
        );
    }

    #[test]
    fn a_damaged_or_foreign_fragment_says_so_or_is_ignored() {
        assert_eq!(decode("#main").unwrap(), None);
        assert!(decode("#r1=x.abc").unwrap_err().contains("seed"));
        assert!(decode("#r1=3.!!!").unwrap_err().contains("damaged"));
        let not_moves =
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"{\"a\":1}", 9));
        assert!(decode(&format!("#r1=3.{not_moves}"))
            .unwrap_err()
            .contains("moves do not read"));
    }
}
