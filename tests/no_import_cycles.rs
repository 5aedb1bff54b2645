//! No two source files depend on each other through imports: every file under `src/` is
//! read, its `use` paths and its `crate::…` / `super::…` / `self::…` paths in code are
//! resolved to the file that defines what they name, and the test fails listing every
//! circle (each group of files that reach each other) with the imports inside it.
//! `mod` declarations are not edges (a parent declaring a child does not use it). A parent's
//! `pub use child::X` is followed: `super::X` in a sibling names the child's file, so a
//! re-export does not make a circle of its own. Native: `cargo test -p hoplab --test
//! no_import_cycles`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Module = Vec<String>;

struct Source {
    file: String,
    module: Module,
    text: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code without comments (doc links are not imports) and without string literals.
fn code_only(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut block = 0;
    while let Some(c) = chars.next() {
        if block > 0 {
            if c == '*' && chars.peek() == Some(&'/') {
                chars.next();
                block -= 1;
            } else if c == '/' && chars.peek() == Some(&'*') {
                chars.next();
                block += 1;
            }
            continue;
        }
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                block = 1;
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        break;
                    }
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

/// The code before an inline `mod tests { … }` (whose `super` is the file itself; tests
/// come last).
fn without_inline_tests(code: String) -> String {
    match code.find("#[cfg(test)]\nmod tests {") {
        Some(at) => code[..at].to_string(),
        None => code,
    }
}

/// The module a file defines by where it is (`src/a/b.rs` and `src/a/b/mod.rs`: `a::b`).
fn module_of(rel: &Path) -> Module {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// `#[path = "x.rs"] mod name;` in `src`: the file `x.rs` is the module `src::name`.
fn path_modules(src: &Source, dir: &Path) -> Vec<(PathBuf, Module)> {
    let mut found = Vec::new();
    let mut pending: Option<String> = None;
    for line in src.text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("#[path = \"") {
            pending = rest.split('"').next().map(str::to_string);
        } else if let (Some(file), Some(name)) = (
            pending.as_ref(),
            line.split_whitespace()
                .skip_while(|w| *w != "mod")
                .nth(1)
                .map(|n| n.trim_end_matches(';')),
        ) {
            let base = Path::new(&src.file).parent().unwrap();
            let mut module = src.module.clone();
            module.push(name.to_string());
            found.push((dir.join(base).join(file), module));
            pending = None;
        } else if !line.starts_with("#[") {
            pending = None;
        }
    }
    found
}

/// The paths a `use` tree names, with braces expanded (`a::{b, c::d}` → `a::b`, `a::c::d`).
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    expand_into("", &tree, &mut out);
    out
}

fn expand_into(prefix: &str, tree: &str, out: &mut Vec<(Vec<String>, String)>) {
    if let Some(open) = tree.find('{') {
        let head = format!("{prefix}{}", tree[..open].replace(' ', ""));
        let inner = &tree[open + 1..tree.rfind('}').unwrap()];
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_into(&head, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand_into(&head, &inner[start..], out);
    } else if !tree.trim().is_empty() {
        let full = format!("{prefix}{}", tree.trim());
        let (path, alias) = match full.split_once(" as ") {
            Some((p, a)) => (p.trim().to_string(), Some(a.trim().to_string())),
            None => (full, None),
        };
        let segments: Vec<String> = path
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let name = alias.unwrap_or_else(|| segments.last().cloned().unwrap_or_default());
        out.push((segments, name));
    }
}

/// The `use` items of a file's code: (is it `pub use`, its tree).
fn use_items(code: &str) -> Vec<(bool, String)> {
    let mut items = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        items.push((public, after[..end].to_string()));
        rest = &after[end..];
    }
    items
}

/// Where `word` stands as a whole word at the start of a statement.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}');
        if starts && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `crate::…`, `super::…` and `self::…` paths written in code (in `use` items too, where
/// they repeat what `expand` finds).
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let prev_ok = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if prev_ok {
            for head in ["crate::", "super::", "self::"] {
                let h: Vec<char> = head.chars().collect();
                if bytes[i..].starts_with(&h) {
                    let mut j = i;
                    while j < bytes.len()
                        && (bytes[j].is_alphanumeric() || bytes[j] == '_' || bytes[j] == ':')
                    {
                        j += 1;
                    }
                    let path: String = bytes[i..j].iter().collect();
                    // `super::{A, B}` and `super::*` are a `use` tree's head, not a path:
                    // `expand` resolves each name under it (through re-exports).
                    if !path.ends_with("::") {
                        out.push(
                            path.split("::")
                                .filter(|s| !s.is_empty())
                                .map(str::to_string)
                                .collect(),
                        );
                    }
                    i = j;
                    break;
                }
            }
        }
        i += 1;
    }
    out
}

struct Crate {
    sources: Vec<Source>,
    by_module: BTreeMap<Module, usize>,
    /// Each file's `pub use` names: what name, which absolute path.
    reexports: Vec<BTreeMap<String, Module>>,
}

impl Crate {
    /// `path` as written in the module `at`, made absolute (`None`: another crate).
    fn absolute(&self, at: &Module, path: &[String]) -> Option<Module> {
        let mut module = at.clone();
        let mut segments = path.iter().peekable();
        match segments.peek().map(|s| s.as_str()) {
            Some("crate") => {
                module.clear();
                segments.next();
            }
            Some("self") => {
                segments.next();
            }
            Some("super") => {
                while segments.peek().map(|s| s.as_str()) == Some("super") {
                    module.pop()?;
                    segments.next();
                }
            }
            Some(first) => {
                let mut child = at.clone();
                child.push(first.to_string());
                if !self.by_module.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        module.extend(segments.cloned());
        Some(module)
    }

    /// The file that defines what the absolute `path` names, following `pub use`.
    fn file_of(&self, path: &Module, depth: usize) -> Option<usize> {
        let mut len = path.len();
        while len > 0 && !self.by_module.contains_key(&path[..len]) {
            len -= 1;
        }
        let file = *self.by_module.get(&path[..len])?;
        if depth < 8 {
            if let Some(next) = path.get(len) {
                if let Some(target) = self.reexports[file].get(next) {
                    let mut followed = target.clone();
                    followed.extend(path[len + 1..].iter().cloned());
                    if followed != *path {
                        return self.file_of(&followed, depth + 1).or(Some(file));
                    }
                }
            }
        }
        Some(file)
    }
}

fn read_crate(dir: &Path) -> Crate {
    let src = dir.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut sources: Vec<Source> = files
        .iter()
        .filter(|f| !f.ends_with("main.rs"))
        .map(|f| {
            let rel = f.strip_prefix(&src).unwrap();
            Source {
                file: rel.to_string_lossy().into_owned(),
                module: module_of(rel),
                text: without_inline_tests(code_only(&fs::read_to_string(f).unwrap())),
            }
        })
        .collect();
    let mut renamed = Vec::new();
    for s in &sources {
        renamed.extend(path_modules(s, &src));
    }
    for (file, module) in renamed {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if let Some(s) = sources.iter_mut().find(|s| s.file == rel) {
            s.module = module;
        }
    }
    let by_module = sources
        .iter()
        .enumerate()
        .map(|(i, s)| (s.module.clone(), i))
        .collect();
    let mut krate = Crate {
        sources,
        by_module,
        reexports: Vec::new(),
    };
    krate.reexports = krate
        .sources
        .iter()
        .map(|s| {
            use_items(&s.text)
                .into_iter()
                .filter(|(public, _)| *public)
                .flat_map(|(_, tree)| expand(&tree))
                .filter_map(|(path, name)| Some((name, krate.absolute(&s.module, &path)?)))
                .collect()
        })
        .collect();
    krate
}

/// Which files each file imports from.
fn edges(krate: &Crate) -> Vec<BTreeSet<usize>> {
    krate
        .sources
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut paths: Vec<Vec<String>> = use_items(&s.text)
                .into_iter()
                .flat_map(|(_, tree)| expand(&tree))
                .map(|(p, _)| p)
                .collect();
            paths.extend(code_paths(&s.text));
            paths
                .iter()
                .filter_map(|p| krate.absolute(&s.module, p))
                .filter_map(|p| krate.file_of(&p, 0))
                .filter(|&to| to != i)
                .collect()
        })
        .collect()
}

/// Every circle: the groups of files that reach each other through imports (strongly
/// connected components of more than one file, found by Tarjan's walk), each sorted, in
/// the order of their first file. Every edge inside a group is part of a circle.
fn circles(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    let mut walk = Tarjan {
        edges,
        order: vec![None; edges.len()],
        low: vec![0; edges.len()],
        on_stack: vec![false; edges.len()],
        stack: Vec::new(),
        next: 0,
        groups: Vec::new(),
    };
    for at in 0..edges.len() {
        if walk.order[at].is_none() {
            walk.visit(at);
        }
    }
    let mut groups: Vec<Vec<usize>> = walk
        .groups
        .into_iter()
        .filter(|g| g.len() > 1)
        .map(|mut g| {
            g.sort_unstable();
            g
        })
        .collect();
    groups.sort();
    groups
}

struct Tarjan<'a> {
    edges: &'a [BTreeSet<usize>],
    /// When each file was first reached.
    order: Vec<Option<usize>>,
    /// The earliest file still on the stack that each file reaches.
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    groups: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, at: usize) {
        self.order[at] = Some(self.next);
        self.low[at] = self.next;
        self.next += 1;
        self.stack.push(at);
        self.on_stack[at] = true;
        for &to in self.edges[at].iter() {
            match self.order[to] {
                None => {
                    self.visit(to);
                    self.low[at] = self.low[at].min(self.low[to]);
                }
                Some(seen) if self.on_stack[to] => self.low[at] = self.low[at].min(seen),
                Some(_) => {}
            }
        }
        if Some(self.low[at]) == self.order[at] {
            let mut group = Vec::new();
            while let Some(top) = self.stack.pop() {
                self.on_stack[top] = false;
                group.push(top);
                if top == at {
                    break;
                }
            }
            self.groups.push(group);
        }
    }
}

/// A circle's imports, one `from -> to` a line.
fn describe(krate: &Crate, edges: &[BTreeSet<usize>], group: &[usize]) -> String {
    let name = |i: usize| krate.sources[i].file.as_str();
    let mut lines = Vec::new();
    for &from in group {
        for to in edges[from].iter().filter(|to| group.contains(to)) {
            lines.push(format!("  {} -> {}", name(from), name(*to)));
        }
    }
    lines.join("\n")
}

#[test]
fn no_source_files_import_each_other() {
    let krate = read_crate(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(krate.sources.len() > 50, "the site's sources were found");
    let edges = edges(&krate);
    let found = circles(&edges);
    let report: Vec<String> = found
        .iter()
        .map(|group| describe(&krate, &edges, group))
        .collect();
    assert!(
        found.is_empty(),
        "{} import circle(s), each with the imports inside it:\n{}",
        found.len(),
        report.join("\n\n")
    );
}

#[test]
fn a_circle_is_found() {
    let edges = vec![
        BTreeSet::from([1]),
        BTreeSet::from([2]),
        BTreeSet::from([0]),
        BTreeSet::new(),
    ];
    assert_eq!(circles(&edges), vec![vec![0, 1, 2]]);
    assert!(circles(&[BTreeSet::from([1]), BTreeSet::new()]).is_empty());
}

#[test]
fn every_circle_is_found_not_only_the_first() {
    // 0 -> 1 -> 2 -> 0 and 3 <-> 4 are circles joined by 2 -> 3 alone; 5 only imports
    // from a circle, and 6 only from itself.
    let edges = vec![
        BTreeSet::from([1]),
        BTreeSet::from([2]),
        BTreeSet::from([0, 3]),
        BTreeSet::from([4]),
        BTreeSet::from([3]),
        BTreeSet::from([0]),
        BTreeSet::from([6]),
    ];
    assert_eq!(circles(&edges), vec![vec![0, 1, 2], vec![3, 4]]);
}

#[test]
fn use_trees_expand_and_resolve_through_reexports() {
    let paths: Vec<Vec<String>> = expand("super::{a::B, c::{D, E as F}}")
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        paths,
        vec![
            vec!["super", "a", "B"],
            vec!["super", "c", "D"],
            vec!["super", "c", "E"],
        ]
    );
    assert_eq!(expand("x::E as F")[0].1, "F");
}

#[test]
fn a_use_trees_head_is_not_a_path_of_its_own() {
    let code = "use super::{a::B, C};\nuse self::*;\nfn f() { crate::m::g(); }";
    assert_eq!(code_paths(code), vec![vec!["crate", "m", "g"]]);
}
