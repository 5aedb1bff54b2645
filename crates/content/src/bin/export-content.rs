//! Renders `content/` into the JSON the site fetches: `<out>/index.json` (the tree),
//! `<out>/search-index.json` (the tree with every card's text, for the list's search),
//! `<out>/practice.json` (what practice mode reads of every card), one
//! `<out>/cards/<slug>.json` per card (what practice reads), one `<out>/card-pages/<slug>.json`
//! per card (what its page reads: `page::render_page`, the fixed parts as finished HTML), `<out>/copiers.json` (the copier comparison,
//! checked first: a broken table stops the build) with `<out>/copiers.html` (what `/copiers`
//! shows of it, as finished HTML: `copiers_page`), `<out>/course/index.json` and one
//! `<out>/course/<slug>.json` per lesson of the guided course. Run by Trunk's pre-build hook; the build
//! serves the folder as `data/` (a name no page of the site uses) with a hash in each
//! file's name.
//!
//! Usage: export-content <content-dir> <out-dir>   (the out-dir is emptied first)

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hoplab_content::copiers;
use hoplab_content::copiers_page::render_comparison;
use hoplab_content::course_source::{read_course, render_course};
use hoplab_content::page::render_page;
use hoplab_content::practice::PracticeDeck;
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
    // A card removed since the last export must not linger in the build.
    if out_dir.exists() {
        std::fs::remove_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    }
    let cards_dir: PathBuf = out_dir.join("cards");
    std::fs::create_dir_all(&cards_dir).map_err(|e| format!("{}: {e}", cards_dir.display()))?;
    // Card and lab pages only link cards: they get the index without the full text.
    write_json(&out_dir.join("index.json"), &index.without_search_text())?;
    write_json(&out_dir.join("search-index.json"), &index)?;
    // Practice mode's level path and red-flag quiz read every card's depth tabs and red flags.
    // The level path links each card's failover drills.
    let mut deck = PracticeDeck::from_cards(&cards);
    for card in &mut deck.cards {
        card.drills = hoplab_content::page::drills_on(&card.slug);
    }
    write_json(&out_dir.join("practice.json"), &deck)?;
    let pages_dir: PathBuf = out_dir.join("card-pages");
    std::fs::create_dir_all(&pages_dir).map_err(|e| format!("{}: {e}", pages_dir.display()))?;
    for card in &cards {
        let file = format!("{}.json", card.slug);
        write_json(&cards_dir.join(&file), card)?;
        write_json(&pages_dir.join(&file), &render_page(card, &index))?;
    }
    export_copiers(content_dir, out_dir, &index)?;
    Ok(cards.len())
}

fn export_copiers(
    content_dir: &Path,
    out_dir: &Path,
    index: &hoplab_content::CardIndex,
) -> Result<(), String> {
    let path = content_dir.join("copiers.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut table = copiers::parse(&text)?;
    let real = content_dir.join("real-copiers.json");
    if let Ok(json) = std::fs::read_to_string(&real) {
        copiers::attach_real_runs(&mut table, &json)?;
    }
    let slugs: Vec<&str> = index.cards().map(|card| card.slug.as_str()).collect();
    let problems = copiers::validate(&table, &slugs);
    if !problems.is_empty() {
        return Err(format!("copiers.toml:\n{}", problems.join("\n")));
    }
    write_json(&out_dir.join("copiers.json"), &table)?;
    // What `/copiers` reads: the page body as finished HTML (`copiers_page`).
    let html = render_comparison(&table, index);
    let path = out_dir.join("copiers.html");
    std::fs::write(&path, html).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), String> {
    let json = serde_json::to_string(value).map_err(|e| e.to_string())?;
    std::fs::write(path, json).map_err(|e| format!("{}: {e}", path.display()))
}
