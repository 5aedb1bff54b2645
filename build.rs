//! Each page's style sheet, made ready for `src/page_styles.rs` to include in that page's
//! code: `styles/<name>.css` without comments and indentation, as `$OUT_DIR/<name>.css`
//! (the same lightening `scripts/bundle-styles.mjs` gives the first download's sheet).
use std::{env, fs, path::Path};

fn main() {
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=styles");
    for entry in fs::read_dir("styles").expect("styles/ is readable") {
        let path = entry.expect("styles/ is readable").path();
        if path.extension().is_some_and(|ext| ext == "css") {
            let css = fs::read_to_string(&path).expect("a style sheet is UTF-8 text");
            let name = path.file_name().expect("a file has a name");
            fs::write(Path::new(&out).join(name), lighten(&css)).expect("OUT_DIR is writable");
        }
    }
}

/// The sheet without comments, indentation and blank lines (a fifth of its bytes).
fn lighten(css: &str) -> String {
    let mut text = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push_str(&rest[..start]);
        let end = rest[start..]
            .find("*/")
            .map_or(rest.len(), |end| start + end + 2);
        rest = &rest[end..];
    }
    text.push_str(rest);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    lines.join("\n") + "\n"
}
