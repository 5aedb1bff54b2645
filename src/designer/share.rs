//! Share links: the design (with its layout) deflated and base64url-encoded into the URL's
//! fragment, which never reaches a server. A design too large for a link says so.

use super::design::Design;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};

/// The fragment's prefix: `#d1=` (format 1).
pub const PREFIX: &str = "d1=";
/// Longest fragment offered as a link; browsers and chat tools cut longer ones.
pub const MAX_FRAGMENT: usize = 8_000;
/// Largest design a link may inflate to (a guard against a crafted link).
const MAX_INFLATED: usize = 2_000_000;

#[derive(Serialize, Deserialize)]
struct Shared {
    spec: hoplab_model::ScenarioSpec,
    places: Vec<super::design::SitePlace>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum ShareError {
    /// The link would be this many characters long.
    TooLarge(usize),
}

impl std::fmt::Display for ShareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShareError::TooLarge(n) => write!(
                f,
                "This design needs a link of {n} characters, more than the {MAX_FRAGMENT} a link can safely carry. Download the file and share that instead."
            ),
        }
    }
}

/// The fragment (without `#`) that carries `d`.
pub fn encode(d: &Design) -> Result<String, ShareError> {
    let shared = Shared {
        spec: d.spec.clone(),
        places: d.places.clone(),
    };
    let json = serde_json::to_vec(&shared).expect("a design serialises");
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    let fragment = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed));
    if fragment.len() > MAX_FRAGMENT {
        return Err(ShareError::TooLarge(fragment.len()));
    }
    Ok(fragment)
}

/// The design in a fragment (with or without `#`): `Ok(None)` when it carries none.
pub fn decode(fragment: &str) -> Result<Option<Design>, String> {
    let fragment = fragment.trim_start_matches('#');
    let Some(data) = fragment.strip_prefix(PREFIX) else {
        return Ok(None);
    };
    let bad = |why: &str| format!("The shared link is damaged ({why}); nothing was loaded.");
    let packed = URL_SAFE_NO_PAD
        .decode(data)
        .map_err(|_| bad("not base64"))?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED)
        .map_err(|_| bad("cannot be unpacked"))?;
    let shared: Shared = serde_json::from_slice(&json).map_err(|e| bad(&e.to_string()))?;
    let text = shared.spec.to_json();
    let mut d = super::import::import_model_file(&text)
        .map_err(|e| format!("The shared design is not valid: {e}"))?;
    // Keep the sender's layout for the sites it names; anything else stays auto-placed.
    for p in shared.places {
        if d.place(&p.site).is_some() && p.at.x.is_finite() && p.at.y.is_finite() {
            d.set_place(&p.site, p.at);
        }
    }
    Ok(Some(d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::design::Pos;
    use crate::designer::templates;

    #[test]
    fn a_link_round_trips_the_design_and_its_layout() {
        let mut d = templates::build("fan-in").unwrap();
        d.set_place("east", Pos { x: 1234.0, y: 56.0 });
        let f = encode(&d).unwrap();
        assert!(
            f.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_=".contains(c)),
            "URL-safe"
        );
        assert_eq!(decode(&format!("#{f}")).unwrap().unwrap(), d);
    }

    #[test]
    fn a_design_too_large_for_a_link_says_so() {
        let mut d = crate::designer::mesh::mesh(20, 60);
        // Names that do not compress: the link grows with them.
        let mut seed = 7u64;
        let mut noise = |n: usize| -> String {
            (0..n)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    char::from(b'a' + ((seed >> 33) % 26) as u8)
                })
                .collect()
        };
        for h in d.spec.topology.hops.iter_mut() {
            h.id = noise(190);
        }
        let e = encode(&d).unwrap_err();
        assert!(e.to_string().contains("Download the file"));
    }

    #[test]
    fn a_damaged_link_is_refused_and_other_fragments_are_ignored() {
        assert_eq!(decode("#main").unwrap(), None);
        assert!(decode("#d1=!!!").unwrap_err().contains("damaged"));
        assert!(decode("#d1=AAAA").unwrap_err().contains("damaged"));
    }
}
