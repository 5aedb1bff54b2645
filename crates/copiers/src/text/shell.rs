//! The little of a shell script a set-up script uses (KIP-1279's `kafka-cluster-mirrors.sh`): commands (a trailing `\`
//! joins lines; `'…'` and `"…"` quote), `#` comments, and here-documents that write a
//! file (`cat > a-to-b.properties <<'EOF'` … `EOF`). Nothing is run or expanded: `$VAR`
//! stays as written.

/// One command: its words, unquoted, and the lines it spans (1-based, continuations
/// included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub words: Vec<String>,
    pub line: u32,
    pub end: u32,
}

/// A file a here-document writes: its name as written, its text and its first line;
/// `lines` spans the whole here-document, from `cat` to its end tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub name: String,
    pub text: String,
    pub line: u32,
    pub lines: (u32, u32),
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Script {
    pub commands: Vec<Command>,
    pub files: Vec<Written>,
}

fn line_no(i: usize) -> u32 {
    u32::try_from(i + 1).unwrap_or(u32::MAX)
}

/// The words of a command line: white space splits, quotes group (and are dropped), a
/// backslash keeps the next character outside single quotes; a `#` starting a word ends
/// the line.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                word.extend(chars.by_ref().take_while(|&q| q != '\''));
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        out.push(word);
    }
    out
}

/// `(file, end tag)` of a here-document header: `cat > FILE <<TAG`, `cat <<TAG > FILE`,
/// `<<-`, `>FILE` and a quoted tag all read.
fn heredoc(words: &[String]) -> Option<(String, String)> {
    if words.first().map(String::as_str) != Some("cat") {
        return None;
    }
    let (mut file, mut tag) = (None, None);
    let mut rest = words[1..].iter();
    while let Some(w) = rest.next() {
        if let Some(t) = w.strip_prefix("<<") {
            let t = t.trim_start_matches('-');
            tag = if t.is_empty() {
                rest.next().cloned()
            } else {
                Some(t.to_string())
            };
        } else if let Some(f) = w.strip_prefix('>') {
            file = if f.is_empty() {
                rest.next().cloned()
            } else {
                Some(f.to_string())
            };
        }
    }
    Some((file?, tag?))
}

/// Reads the script's commands and here-documents, in order.
pub fn read(text: &str) -> Script {
    let mut script = Script::default();
    let mut lines = text.lines().enumerate();
    while let Some((i, raw)) = lines.next() {
        let mut logical = raw.trim().to_string();
        let mut last = i;
        while logical.ends_with('\\') {
            logical.pop();
            match lines.next() {
                Some((j, next)) => {
                    logical.push(' ');
                    logical.push_str(next.trim());
                    last = j;
                }
                None => break,
            }
        }
        let words = words(&logical);
        if words.is_empty() {
            continue;
        }
        if let Some((name, tag)) = heredoc(&words) {
            let mut end = last;
            let mut body: Vec<&str> = Vec::new();
            for (j, l) in lines.by_ref() {
                end = j;
                if l.trim() == tag {
                    break;
                }
                body.push(l);
            }
            script.files.push(Written {
                name,
                text: body.join("\n"),
                line: line_no(i + 1),
                lines: (line_no(i), line_no(end)),
            });
            continue;
        }
        script.commands.push(Command {
            words,
            line: line_no(i),
            end: line_no(last),
        });
    }
    script
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_group_and_comments_end_the_line() {
        assert_eq!(
            words(r#"a --topics 'orders|pay.*' "two words" x\ y # note"#),
            ["a", "--topics", "orders|pay.*", "two words", "x y"]
        );
        assert_eq!(words("# all comment"), Vec::<String>::new());
        assert_eq!(words("a#b"), ["a#b"]);
    }

    #[test]
    fn here_documents_become_files_and_continuations_join() {
        let s = read(
            "#!/bin/sh\ncat > m.properties <<'EOF'\nbootstrap.servers=a:9092\nEOF\n\
             kafka-cluster-mirrors.sh --create \\\n  --mirror m\ncat <<-END >n.txt\nx\nEND\n",
        );
        assert_eq!(
            s.files,
            [
                Written {
                    name: "m.properties".into(),
                    text: "bootstrap.servers=a:9092".into(),
                    line: 3,
                    lines: (2, 4)
                },
                Written {
                    name: "n.txt".into(),
                    text: "x".into(),
                    line: 8,
                    lines: (7, 9)
                }
            ]
        );
        assert_eq!(s.commands.len(), 1);
        assert_eq!(
            s.commands[0].words,
            ["kafka-cluster-mirrors.sh", "--create", "--mirror", "m"]
        );
        assert_eq!((s.commands[0].line, s.commands[0].end), (5, 6));
    }
}
