//! Renders `content/` into the JSON the site fetches: `<out>/cards/index.json` (the tree),
//! `<out>/cards/search-index.json` (the tree with every card's text, for the list's
//! search) and one `<out>/cards/<slug>.json` per card; `<out>/course/index.json` and one
//! `<out>/course/<slug>.json` per lesson. Run by Trunk's pre-build hook.
//!
//! Usage: export-content <content-dir> <out-dir>

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hoplab_content::course_source::{read_course, render_course};
use hoplab_content::render::render_content;
use hoplab_content::source::read_content;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [content_dir, out_dir] = args.as_slice() else {
        eprintln!("usage: export-content <content-dir> <out-dir>");
        return ExitCode::from(2);
    };
    match export(Path::new(content_dir), Path::new(out_dir)) {
        Ok((cards, lessons)) => {
            println!("export-content: {cards} cards and {lessons} lessons written to {out_dir}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("export-content: {message}");
            ExitCode::FAILURE
        }
    }
}

fn export(content_dir: &Path, out_dir: &Path) -> Result<(usize, usize), String> {
    let cards = export_cards(content_dir, out_dir)?;
    let lessons = export_course(content_dir, out_dir)?;
    Ok((cards, lessons))
}

fn export_course(content_dir: &Path, out_dir: &Path) -> Result<usize, String> {
    let course = read_course(content_dir).map_err(|e| e.to_string())?;
    let (index, lessons) = render_course(&course);
    let dir = out_dir.join("course");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write_json(&dir.join("index.json"), &index)?;
    for lesson in &lessons {
        write_json(&dir.join(format!("{}.json", lesson.slug)), lesson)?;
    }
    Ok(lessons.len())
}

fn export_cards(content_dir: &Path, out_dir: &Path) -> Result<usize, String> {
    let content = read_content(content_dir).map_err(|e| e.to_string())?;
    let (index, cards) = render_content(&content);
    let cards_dir: PathBuf = out_dir.join("cards");
    std::fs::create_dir_all(&cards_dir).map_err(|e| format!("{}: {e}", cards_dir.display()))?;
    // Card and lab pages only link cards: they get the index without the full text.
    write_json(&cards_dir.join("index.json"), &index.without_search_text())?;
    write_json(&cards_dir.join("search-index.json"), &index)?;
    for card in &cards {
        write_json(&cards_dir.join(format!("{}.json", card.slug)), card)?;
    }
    Ok(cards.len())
}

fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), String> {
    let json = serde_json::to_string(value).map_err(|e| e.to_string())?;
    std::fs::write(path, json).map_err(|e| format!("{}: {e}", path.display()))
}
