//! Markup for the stage's slow-changing layers (sites, stream labels, copier lanes),
//! written as a string and replaced only when it changes.

use crate::lab::layout::Scene;

/// Escapes text for HTML or SVG markup.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

pub fn sites_markup(s: &Scene) -> String {
    s.sites
        .iter()
        .map(|b| {
            let status = if b.status == "up" { String::new() } else { format!(" — {}", b.status.to_uppercase()) };
            format!(
                "<g class=\"site s{} site--{}\"><rect class=\"site-box\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"8\"/>\
                 <text class=\"site-label\" x=\"{:.1}\" y=\"{:.1}\">{}{}</text></g>",
                b.colour,
                b.status.replace(' ', "-"),
                b.x,
                b.y,
                b.w,
                b.h,
                b.x + 10.0,
                b.y + 20.0,
                esc(&b.label),
                esc(&status)
            )
        })
        .collect()
}

pub fn labels_markup(s: &Scene) -> String {
    s.streams
        .iter()
        .map(|l| {
            format!(
                "<text class=\"stream-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                l.x,
                l.y,
                esc(&l.text)
            )
        })
        .collect()
}

pub fn hops_markup(s: &Scene) -> String {
    s.hops
        .iter()
        .map(|h| {
            let d: String = h
                .connectors
                .iter()
                .map(|(x1, y, x2)| format!("M{x1:.1} {y:.1}H{x2:.1}"))
                .collect();
            let mid = (h.y1 + h.y2) / 2.0;
            format!(
                "<g class=\"hop hop--{}\"><title>{} · {}</title><path class=\"hop-connector\" d=\"{d}\"/>\
                 <line class=\"hop-lane\" x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\"/>\
                 <text class=\"hop-label\" transform=\"translate({:.1} {mid:.1}) rotate(-90)\">{} · {}</text></g>",
                h.status.replace(' ', "-"),
                esc(&h.label),
                esc(h.status),
                h.y1,
                h.y2,
                h.x + 13.0,
                esc(&h.key),
                esc(h.status),
                x = h.x,
            )
        })
        .collect()
}
