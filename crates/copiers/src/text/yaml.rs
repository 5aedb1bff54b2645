//! YAML documents as a small tree with line numbers, built from saphyr-parser's events.
//! An alias is copied where it is used, and every copy counts at its full size against
//! [`MAX_YAML_NODES`]: a billion-laughs file is refused after a few thousand nodes
//! instead of expanding to a billion.

use crate::limits::{MAX_DEPTH, MAX_YAML_NODES};
use saphyr_parser::{Event, Parser, ScalarStyle};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    /// A plain scalar as written (`1`, `true`, `a`); the readers convert.
    Scalar(String),
    /// A quoted scalar (`"false"`, `'1'`): a string whatever it looks like. Kept apart
    /// so a file written back gives Kubernetes the same types it was given.
    Quoted(String),
    Seq(Vec<Node>),
    /// Keys in file order.
    Map(Vec<(String, Node)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// 1-based line where the node starts.
    pub line: u32,
    pub value: Value,
}

/// Why a YAML text was refused, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    pub line: Option<u32>,
    pub message: String,
}

impl Node {
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        match &mut self.value {
            Value::Map(m) => m.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Sets `key` in a map, where it stands or at the end; nothing for a node that is not one.
    pub fn set(&mut self, key: &str, value: Value) {
        let line = self.line;
        if let Value::Map(m) = &mut self.value {
            match m.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => v.value = value,
                None => m.push((key.to_string(), Node { line, value })),
            }
        }
    }

    /// Removes `key` from a map.
    pub fn remove(&mut self, key: &str) {
        if let Value::Map(m) = &mut self.value {
            m.retain(|(k, _)| k != key);
        }
    }

    pub fn str(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(s) | Value::Quoted(s) => Some(s),
            _ => None,
        }
    }

    pub fn seq(&self) -> &[Node] {
        match &self.value {
            Value::Seq(s) => s,
            _ => &[],
        }
    }

    pub fn entries(&self) -> &[(String, Node)] {
        match &self.value {
            Value::Map(m) => m,
            _ => &[],
        }
    }

    /// Nodes in this subtree, itself included.
    fn size(&self) -> usize {
        1 + match &self.value {
            Value::Seq(s) => s.iter().map(Node::size).sum(),
            Value::Map(m) => m.iter().map(|(_, v)| 1 + v.size()).sum(),
            _ => 0,
        }
    }
}

enum Frame {
    Seq {
        line: u32,
        anchor: usize,
        items: Vec<Node>,
    },
    Map {
        line: u32,
        anchor: usize,
        entries: Vec<(String, Node)>,
        key: Option<String>,
    },
}

struct TreeBuilder {
    stack: Vec<Frame>,
    anchors: BTreeMap<usize, Node>,
    nodes: usize,
    docs: Vec<Node>,
}

fn line_of(line: usize) -> u32 {
    u32::try_from(line).unwrap_or(u32::MAX)
}

impl TreeBuilder {
    fn count(&mut self, n: usize, line: u32) -> Result<(), YamlError> {
        self.nodes += n;
        if self.nodes > MAX_YAML_NODES {
            return Err(YamlError {
                line: Some(line),
                message: format!(
                    "the document expands to more than {MAX_YAML_NODES} nodes (aliases counted where they are used): refused"
                ),
            });
        }
        Ok(())
    }

    /// Puts a finished node into its parent (or ends a document).
    fn place(&mut self, node: Node, anchor: usize) -> Result<(), YamlError> {
        if anchor != 0 {
            self.anchors.insert(anchor, node.clone());
        }
        match self.stack.last_mut() {
            None => self.docs.push(node),
            Some(Frame::Seq { items, .. }) => items.push(node),
            Some(Frame::Map { entries, key, .. }) => match key.take() {
                None => match node.value {
                    Value::Scalar(s) | Value::Quoted(s) => *key = Some(s),
                    Value::Null => *key = Some(String::new()),
                    _ => {
                        return Err(YamlError {
                            line: Some(node.line),
                            message: "a mapping key must be a plain value".into(),
                        })
                    }
                },
                Some(k) => entries.push((k, node)),
            },
        }
        Ok(())
    }

    fn open(&mut self, frame: Frame, line: u32) -> Result<(), YamlError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(YamlError {
                line: Some(line),
                message: format!("nested deeper than {MAX_DEPTH} levels"),
            });
        }
        self.count(1, line)?;
        self.stack.push(frame);
        Ok(())
    }

    fn event(&mut self, ev: Event<'_>, line: u32) -> Result<(), YamlError> {
        match ev {
            Event::Scalar(text, style, anchor, _tag) => {
                self.count(1, line)?;
                let plain_null = style == ScalarStyle::Plain
                    && matches!(text.as_ref(), "" | "~" | "null" | "Null" | "NULL");
                let value = if plain_null {
                    Value::Null
                } else if style == ScalarStyle::Plain {
                    Value::Scalar(text.into_owned())
                } else {
                    Value::Quoted(text.into_owned())
                };
                self.place(Node { line, value }, anchor)
            }
            Event::SequenceStart(anchor, _) => self.open(
                Frame::Seq {
                    line,
                    anchor,
                    items: Vec::new(),
                },
                line,
            ),
            Event::MappingStart(anchor, _) => self.open(
                Frame::Map {
                    line,
                    anchor,
                    entries: Vec::new(),
                    key: None,
                },
                line,
            ),
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, anchor) = match self.stack.pop() {
                    Some(Frame::Seq {
                        line,
                        anchor,
                        items,
                    }) => (
                        Node {
                            line,
                            value: Value::Seq(items),
                        },
                        anchor,
                    ),
                    Some(Frame::Map {
                        line,
                        anchor,
                        entries,
                        ..
                    }) => (
                        Node {
                            line,
                            value: Value::Map(entries),
                        },
                        anchor,
                    ),
                    None => return Ok(()),
                };
                self.place(node, anchor)
            }
            Event::Alias(id) => {
                let Some(size) = self.anchors.get(&id).map(Node::size) else {
                    return Err(YamlError {
                        line: Some(line),
                        message: "an alias names no anchor defined before it".into(),
                    });
                };
                // Counted before the copy is made, so a huge expansion is never built.
                self.count(size, line)?;
                let copy = self.anchors[&id].clone();
                self.place(copy, 0)
            }
            _ => Ok(()),
        }
    }
}

/// Every document in the text.
pub fn parse(text: &str) -> Result<Vec<Node>, YamlError> {
    let mut b = TreeBuilder {
        stack: Vec::new(),
        anchors: BTreeMap::new(),
        nodes: 0,
        docs: Vec::new(),
    };
    for item in Parser::new_from_str(text) {
        let (ev, span) = item.map_err(|e| YamlError {
            line: Some(line_of(e.marker().line())),
            message: e.info().to_string(),
        })?;
        b.event(ev, line_of(span.start.line()))?;
    }
    Ok(b.docs)
}

/// Writes a scalar so a YAML reader reads back the same string.
pub fn quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
        && !matches!(
            s,
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "~"
        )
        && !s.starts_with(['-', '.'])
        && s.parse::<f64>().is_err();
    if plain {
        s.to_string()
    } else {
        serde_json::to_string(s).expect("a string serialises")
    }
}

/// Documents written back in block style, two spaces a level, sequences at their key's
/// indent (as Strimzi's and Kubernetes' examples are). Plain scalars stay plain where
/// YAML reads them back the same (numbers and `true` keep their type); quoted ones stay
/// quoted. Comments are not kept: the tree holds none.
pub fn write(docs: &[Node]) -> String {
    let mut out = String::new();
    for doc in docs {
        out.push_str("---\n");
        match &doc.value {
            Value::Map(m) => write_map(&mut out, m, 0),
            Value::Seq(s) => write_seq(&mut out, s, 0),
            _ => {
                out.push_str(&scalar(doc));
                out.push('\n');
            }
        }
    }
    out
}

fn scalar(node: &Node) -> String {
    match &node.value {
        Value::Null => "null".into(),
        Value::Quoted(s) => serde_json::to_string(s).expect("a string serialises"),
        // Plain in the file and read back the same written plain: its type is kept
        // (`1`, `True`, `on`, `0x1F`), whatever YAML version reads it.
        Value::Scalar(s) if !s.is_empty() => s.clone(),
        Value::Scalar(s) => quote(s),
        Value::Map(m) if m.is_empty() => "{}".into(),
        Value::Seq(q) if q.is_empty() => "[]".into(),
        _ => String::new(),
    }
}

fn is_leaf(node: &Node) -> bool {
    match &node.value {
        Value::Map(m) => m.is_empty(),
        Value::Seq(q) => q.is_empty(),
        _ => true,
    }
}

fn write_map(out: &mut String, entries: &[(String, Node)], indent: usize) {
    let pad = " ".repeat(indent);
    for (key, value) in entries {
        let key = quote(key);
        if is_leaf(value) {
            out.push_str(&format!("{pad}{key}: {}\n", scalar(value)));
            continue;
        }
        out.push_str(&format!("{pad}{key}:\n"));
        match &value.value {
            Value::Map(m) => write_map(out, m, indent + 2),
            Value::Seq(q) => write_seq(out, q, indent),
            _ => {}
        }
    }
}

fn write_seq(out: &mut String, items: &[Node], indent: usize) {
    let pad = " ".repeat(indent);
    for item in items {
        if is_leaf(item) {
            out.push_str(&format!("{pad}- {}\n", scalar(item)));
            continue;
        }
        // The item's first line follows the dash; the rest line up under it.
        let mut inner = String::new();
        match &item.value {
            Value::Map(m) => write_map(&mut inner, m, indent + 2),
            Value::Seq(q) => write_seq(&mut inner, q, indent + 2),
            _ => {}
        }
        out.push_str(&format!("{pad}- {}", &inner[indent + 2..]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_written_back_reads_the_same_with_its_types() {
        let text = "a: 1\nb: \"false\"\nc:\n- x: -1\n  y: \".*\"\n  z:\n    k: v\n- plain\nd: {}\ne: null\nf: True\ng: on\n";
        let docs = parse(text).unwrap();
        let written = write(&docs);
        let again = parse(&written).unwrap();
        // The same tree but for the lines each node starts on.
        fn without_lines(n: &Node) -> Node {
            let value = match &n.value {
                Value::Map(m) => Value::Map(
                    m.iter()
                        .map(|(k, v)| (k.clone(), without_lines(v)))
                        .collect(),
                ),
                Value::Seq(q) => Value::Seq(q.iter().map(without_lines).collect()),
                other => other.clone(),
            };
            Node { line: 0, value }
        }
        assert_eq!(
            without_lines(&docs[0]),
            without_lines(&again[0]),
            "{written}"
        );
        assert!(
            written.contains("a: 1\n") && written.contains("b: \"false\""),
            "{written}"
        );
        assert!(written.contains("- x: -1\n  y: \".*\"\n"), "{written}");
    }

    #[test]
    fn maps_sequences_and_lines_are_kept() {
        let docs = parse("a: 1\nb:\n  - x\n  - y: z\n").unwrap();
        let d = &docs[0];
        assert_eq!(d.get("a").unwrap().str(), Some("1"));
        let b = d.get("b").unwrap();
        assert_eq!(b.seq().len(), 2);
        assert_eq!(b.seq()[1].get("y").unwrap().line, 4);
    }

    #[test]
    fn aliases_copy_their_anchor_and_a_bad_file_names_its_line() {
        let d = &parse("base: &b {x: 1}\ncopy: *b\n").unwrap()[0];
        assert_eq!(d.get("copy").unwrap().get("x").unwrap().str(), Some("1"));
        let e = parse("a: [1, 2\nb: 3\n").unwrap_err();
        assert!(e.line.is_some(), "{e:?}");
    }

    #[test]
    fn quoted_scalars_read_back_unchanged() {
        for s in ["plain", "true", "1.5", "a: b", "", "-x", "*", "*.orders"] {
            let d = &parse(&format!("k: {}\n", quote(s))).unwrap()[0];
            assert_eq!(d.get("k").unwrap().str(), Some(s), "{s}");
        }
    }
}
