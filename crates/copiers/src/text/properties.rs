//! Java `.properties` files as `java.util.Properties.load` reads them: `key=value`,
//! `key: value` or `key value`, `#` and `!` comments, a trailing backslash continuing the
//! line, and the later of two equal keys winning.

/// One `key = value` with the line it starts on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prop {
    pub key: String,
    pub value: String,
    pub line: u32,
}

/// One logical line as written (its continuation lines included) and, where it is an
/// entry, what it says; comments and blank lines have none. A writer that keeps a file
/// as it was reads it this way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub prop: Option<Prop>,
}

/// Every line of the file in order, continuations joined as Java joins them (a comment
/// never continues).
pub fn lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut raw_lines = text.lines().enumerate();
    while let Some((i, raw)) = raw_lines.next() {
        let start = raw.trim_start();
        if start.is_empty() || start.starts_with('#') || start.starts_with('!') {
            out.push(Line {
                text: raw.to_string(),
                prop: None,
            });
            continue;
        }
        let mut written = String::from(raw);
        let mut logical = String::from(start);
        while ends_in_continuation(&logical) {
            logical.pop();
            match raw_lines.next() {
                Some((_, next)) => {
                    written.push('\n');
                    written.push_str(next);
                    logical.push_str(next.trim_start());
                }
                None => break,
            }
        }
        let (key, value) = split_entry(&logical);
        out.push(Line {
            text: written,
            prop: Some(Prop {
                key: unescape(key),
                value: unescape(value.trim_end()),
                line: u32::try_from(i + 1).unwrap_or(u32::MAX),
            }),
        });
    }
    out
}

/// Every entry in file order (a repeated key appears twice; [`last`] finds the winner).
pub fn parse(text: &str) -> Vec<Prop> {
    lines(text).into_iter().filter_map(|l| l.prop).collect()
}

/// An odd number of backslashes at the end continues the line.
fn ends_in_continuation(s: &str) -> bool {
    s.chars().rev().take_while(|&c| c == '\\').count() % 2 == 1
}

/// The key ends at the first unescaped `=`, `:` or whitespace; the separator and the
/// blanks around it are not part of the value.
fn split_entry(line: &str) -> (&str, &str) {
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        if c == '\\' {
            escaped = true;
            continue;
        }
        if c == '=' || c == ':' || c.is_whitespace() {
            let key = &line[..i];
            let mut rest = line[i..].trim_start();
            if !(c == '=' || c == ':') {
                if let Some(r) = rest.strip_prefix(['=', ':']) {
                    rest = r.trim_start();
                }
            } else {
                rest = rest[1..].trim_start();
            }
            return (key, rest);
        }
    }
    (line, "")
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// The winning entry for `key` (the last one in the file).
pub fn last<'a>(props: &'a [Prop], key: &str) -> Option<&'a Prop> {
    props.iter().rev().find(|p| p.key == key)
}

/// Writes a value so [`parse`] reads it back unchanged.
pub fn escape_value(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for (i, c) in v.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            ' ' if i == 0 => out.push_str("\\ "),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_separator_comment_and_continuation_reads_as_java_does() {
        let text = "# c\n! c\nclusters = A, B\nA.bootstrap.servers: a1:9092,\\\n    a2:9092\nA->B.enabled true\nempty=\n";
        let p = parse(text);
        assert_eq!(p[0].key, "clusters");
        assert_eq!(p[0].value, "A, B");
        assert_eq!(p[0].line, 3);
        assert_eq!(p[1].value, "a1:9092,a2:9092");
        assert_eq!(
            (p[2].key.as_str(), p[2].value.as_str()),
            ("A->B.enabled", "true")
        );
        assert_eq!(p[3].value, "");
    }

    #[test]
    fn the_later_key_wins_and_escapes_round_trip() {
        let p = parse("a=1\na=2\n");
        assert_eq!(last(&p, "a").unwrap().value, "2");
        let v = " lead\\ing";
        let back = parse(&format!("k={}", escape_value(v)));
        assert_eq!(back[0].value, v);
    }
}
