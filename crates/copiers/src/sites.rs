//! Which site each file of a one-file-per-broker estate stands for, where the file does
//! not say: RabbitMQ definitions without a `cluster_name`, JetStream streams without a
//! domain. A file stands for the broker or domain the other files point at and it does
//! not, when exactly one fits (or exactly one of those fitting is in the file's name).

use crate::Format;
use serde_json::Value;

/// What one file says of itself and of the others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pointers {
    /// The name the file gives itself (a `cluster_name`, a stream's domain metadata).
    pub own: Option<String>,
    /// Brokers or domains its links point at.
    pub points_at: Vec<String>,
}

/// Adds `name` to `list` once (an empty name is none).
pub(crate) fn push(list: &mut Vec<String>, name: String) {
    if !name.is_empty() && !list.contains(&name) {
        list.push(name);
    }
}

/// What a file of `format` says of itself and the others; None for formats that name
/// both ends of every link themselves.
pub fn pointers(text: &str, format: Format) -> Option<Pointers> {
    let per_site = crate::products::files(format).per_site?;
    let doc: Value = serde_json::from_str(text).ok()?;
    Some((per_site.pointers)(&doc))
}

/// The site each file stands for: `named` where the person or the file said; otherwise
/// the one name the others point at that no other file is, and that this file does not
/// point at itself. A file that points at two or more names is left for the person to
/// name. Files of one format are matched among themselves.
pub fn infer(files: &[(&str, Option<Pointers>)], named: &[Option<String>]) -> Vec<Option<String>> {
    let mut sites: Vec<Option<String>> = files
        .iter()
        .zip(named)
        .map(|((_, p), n)| n.clone().or_else(|| p.as_ref()?.own.clone()))
        .collect();
    // Each pass may settle a file, which narrows what is left for the others.
    loop {
        let mut settled = false;
        for i in 0..files.len() {
            let (name, Some(mine)) = &files[i] else {
                continue;
            };
            // A file whose links name two or more brokers may name its own among them (a
            // shovel's source and destination): exclusion cannot tell which it is.
            if sites[i].is_some() || mine.points_at.len() > 1 {
                continue;
            }
            let mut fits: Vec<String> = Vec::new();
            for (j, (_, other)) in files.iter().enumerate() {
                let Some(other) = other.as_ref().filter(|_| j != i) else {
                    continue;
                };
                for n in &other.points_at {
                    let taken = sites.iter().any(|s| s.as_deref() == Some(n));
                    if !taken && !mine.points_at.contains(n) && !fits.contains(n) {
                        fits.push(n.clone());
                    }
                }
            }
            let in_name: Vec<&String> = fits
                .iter()
                .filter(|f| name.to_lowercase().contains(&f.to_lowercase()))
                .collect();
            let pick = match (fits.len(), in_name.len()) {
                (1, _) => Some(fits[0].clone()),
                (_, 1) => Some(in_name[0].clone()),
                _ => None,
            };
            if pick.is_some() {
                sites[i] = pick;
                settled = true;
            }
        }
        if !settled {
            return sites;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(at: &[&str]) -> Option<Pointers> {
        Some(Pointers {
            own: None,
            points_at: at.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn two_domains_sourcing_each_other_are_each_the_one_the_other_names() {
        let files = [("a.json", points(&["west"])), ("b.json", points(&["east"]))];
        assert_eq!(
            infer(&files, &[None, None]),
            vec![Some("east".into()), Some("west".into())]
        );
    }

    #[test]
    fn a_ring_without_names_is_ambiguous_unless_the_file_names_say() {
        let ring = [
            ("one.json", points(&["rabbit-c"])),
            ("two.json", points(&["rabbit-a"])),
            ("three.json", points(&["rabbit-b"])),
        ];
        assert_eq!(infer(&ring, &[None, None, None]), vec![None, None, None]);
        let named = [
            ("rabbit-a.json", points(&["rabbit-c"])),
            ("rabbit-b.json", points(&["rabbit-a"])),
            ("rabbit-c.json", points(&["rabbit-b"])),
        ];
        assert_eq!(
            infer(&named, &[None, None, None]),
            vec![
                Some("rabbit-a".into()),
                Some("rabbit-b".into()),
                Some("rabbit-c".into())
            ]
        );
        // One name given settles the rest.
        assert_eq!(
            infer(&ring, &[Some("rabbit-a".into()), None, None]),
            vec![
                Some("rabbit-a".into()),
                Some("rabbit-b".into()),
                Some("rabbit-c".into())
            ]
        );
    }

    #[test]
    fn a_file_naming_both_ends_of_its_links_is_left_to_be_named() {
        // Shovels naming their source and destination: a at [a, b], b at [b, c], c at [c, a].
        let files = [
            ("one.json", points(&["a", "b"])),
            ("two.json", points(&["b", "c"])),
            ("three.json", points(&["c", "a"])),
        ];
        assert_eq!(infer(&files, &[None, None, None]), vec![None, None, None]);
    }

    #[test]
    fn a_file_that_names_itself_keeps_its_name() {
        let files = [
            (
                "x.json",
                Some(Pointers {
                    own: Some("hub".into()),
                    points_at: vec!["edge".into()],
                }),
            ),
            ("y.json", points(&["hub"])),
        ];
        assert_eq!(
            infer(&files, &[None, None]),
            vec![Some("hub".into()), Some("edge".into())]
        );
    }
}
