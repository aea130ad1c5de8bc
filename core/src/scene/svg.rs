//! A scene as SVG (`skald render`, the gallery in docs/pictures/): the map at its own
//! scale, then a panel below it with the status, the legend, the prompt, the buttons,
//! the odds of the ready action and the latest events. Text is set in Noto Sans, which
//! the PNG renderer embeds, so that a picture looks the same on every machine.

use super::compose::{capitalised, Scene};
use super::recent::ArrowKind;
use crate::engine::scene::{palette, Board, HandCard, Point, Rgb};
use crate::engine::Target;
use std::fmt::Write;

/// Space around the map and between the panel's parts, in map units.
const MARGIN: f32 = 16.0;
/// The panel's text size and line height.
const TEXT: f32 = 22.0;
const LINE: f32 = 30.0;
const FONT: &str = "Noto Sans, sans-serif";

/// A part of the map drawn larger, as a person zooms in on a phone: the region
/// `1 / factor` of the map's width around `centre` (kept on the map), 5 high for 4 wide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub centre: Point,
    pub factor: f32,
}

/// The map region a zoom shows, as (left, top, width, height) in map units.
fn region(board: &Board, zoom: Zoom) -> (f32, f32, f32, f32) {
    let factor = zoom.factor.max(1.0);
    let w = board.width / factor;
    let h = (w * 1.25).min(board.height);
    let left = (zoom.centre.x - w / 2.0).clamp(0.0, (board.width - w).max(0.0));
    let top = (zoom.centre.y - h / 2.0).clamp(0.0, (board.height - h).max(0.0));
    (left, top, w, h)
}

/// The whole scene as an SVG document.
pub fn svg(scene: &Scene) -> String {
    svg_zoomed(scene, None)
}

/// The scene as an SVG document, its map whole or (with `zoom`) only a region of it,
/// drawn as wide as the whole map would be; the panel below is the same.
pub fn svg_zoomed(scene: &Scene, zoom: Option<Zoom>) -> String {
    let board = &scene.board;
    let width = board.width + 2.0 * MARGIN;
    let panel = wrapped(
        &panel_lines(scene),
        ((width - 2.0 * MARGIN) / (TEXT * 0.55)) as usize,
    );
    let shown = zoom.map(|z| region(board, z));
    let map_height = match shown {
        Some((_, _, w, h)) => board.width * h / w,
        None => board.height,
    };
    let panel_top = map_height + 2.0 * MARGIN;
    let height = panel_top + panel.len() as f32 * LINE + MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(
        out,
        r#"<rect width="{}" height="{}" fill="{}"/>"#,
        num(width),
        num(height),
        Rgb(0xfa, 0xfa, 0xf7).css()
    );
    match shown {
        Some((x, y, w, h)) => {
            let _ = writeln!(
                out,
                r#"<svg x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" viewBox="{} {} {} {}"><g>"#,
                num(board.width),
                num(map_height),
                num(x),
                num(y),
                num(w),
                num(h)
            );
        }
        None => {
            let _ = writeln!(out, r#"<g transform="translate({MARGIN} {MARGIN})">"#);
        }
    }
    cells(scene, &mut out);
    for line in &board.lines {
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"#,
            points(&line.points),
            line.colour.css(),
            num(line.width)
        );
    }
    highlights_on_cells(scene, &mut out);
    labels(scene, &mut out);
    for c in &board.captions {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" fill="black">{}</text>"#,
            num(c.at.x),
            num(c.at.y),
            num(c.size),
            escape(&c.text)
        );
    }
    // A ring for an attack fought inside a cell, under the counters so that it shows
    // around the stack without hiding any value.
    for arrow in &scene.arrows {
        if let [at] = arrow.points[..] {
            let _ = writeln!(
                out,
                r#"<circle cx="{x}" cy="{y}" r="30" fill="none" stroke="white" stroke-width="9"/><circle cx="{x}" cy="{y}" r="30" fill="none" stroke="{}" stroke-width="5"/>"#,
                palette::VERMILLION.css(),
                x = num(at.x),
                y = num(at.y),
            );
        }
    }
    pieces(scene, &mut out);
    // Markers over the counters: they sit at a hex's edge, clear of the values.
    for m in &board.markers {
        let (w, h) = (m.size * 1.8, m.size * 0.8);
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="{}"/><text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text>"#,
            num(m.at.x - w / 2.0),
            num(m.at.y - h / 2.0),
            num(w),
            num(h),
            m.fill.css(),
            palette::BLACK.css(),
            num(m.at.x),
            num(m.at.y + m.size * 0.18),
            num(m.size * 0.5),
            ink_on(m.fill).css(),
            escape(&m.text)
        );
    }
    // The last move in purple, the last attack in vermillion, each with a white casing
    // so that it reads over any terrain; the ready action's path, dashed, over them.
    for arrow in scene.arrows.iter().filter(|a| a.points.len() >= 2) {
        let (colour, head) = match arrow.kind {
            ArrowKind::Move => (palette::REDDISH_PURPLE, "moved"),
            ArrowKind::Attack => (palette::VERMILLION, "attacked"),
        };
        let _ = writeln!(
            out,
            r#"<polyline points="{p}" fill="none" stroke="white" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/><polyline points="{p}" fill="none" stroke="{}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" marker-end="url(#{head})"/>"#,
            colour.css(),
            p = points(&arrow.points),
        );
    }
    if scene.path.len() >= 2 {
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="5" stroke-dasharray="10 6" marker-end="url(#arrow)"/>"#,
            points(&scene.path),
            palette::BLACK.css()
        );
    }
    out.push_str(if shown.is_some() {
        "</g></svg>\n"
    } else {
        "</g>\n"
    });
    out.push_str(
        r#"<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="black"/></marker>"#,
    );
    for (id, colour) in [
        ("moved", palette::REDDISH_PURPLE),
        ("attacked", palette::VERMILLION),
    ] {
        let _ = write!(
            out,
            r#"<marker id="{id}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="{}" stroke="white" stroke-width="1"/></marker>"#,
            colour.css()
        );
    }
    out.push_str("</defs>");
    out.push('\n');
    for (i, line) in panel.iter().enumerate() {
        let y = panel_top + (i as f32 + 0.75) * LINE;
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-size="{TEXT}" fill="black">{}</text>"#,
            num(y),
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn cells(scene: &Scene, out: &mut String) {
    for c in &scene.board.cells {
        for polygon in std::iter::once(&c.outline).chain(&c.parts) {
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="{}" stroke="#6b6b6b" stroke-width="1"/>"##,
                points(polygon),
                c.fill.css()
            );
        }
    }
}

/// Labels and captions after every polygon and the highlights' outlines, so that no
/// neighbour or outline covers them.
fn labels(scene: &Scene, out: &mut String) {
    for c in &scene.board.cells {
        let label_at = c.label_at.unwrap_or(c.centre);
        if !scene.board.show_labels {
            if let Some(caption) = &c.caption {
                caption_at(out, label_at, caption);
            }
            continue;
        }
        let top = c.outline.iter().map(|p| p.y).fold(c.centre.y, f32::min);
        // Grey on light terrain, light on dark (Woods), so every label reads.
        let ink = match ink_on(c.fill) {
            palette::WHITE => "#f0f0f0",
            _ => "#555555",
        };
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="10" text-anchor="middle" fill="{ink}">{}</text>"#,
            num(c.centre.x),
            num(top + 11.0),
            escape(&c.label)
        );
        if let Some(caption) = &c.caption {
            caption_at(out, label_at, caption);
        }
    }
}

fn caption_at(out: &mut String, at: Point, caption: &str) {
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="11" font-weight="bold" text-anchor="middle" fill="#3b2a1a">{}</text>"##,
        num(at.x),
        num(at.y + 4.0),
        escape(caption)
    );
}

/// Cells a next tap may be get a heavy outline; waypoint cells a dotted one; a cell
/// already chosen (where a force starts) a yellow one, as a chosen counter's edge.
fn highlights_on_cells(scene: &Scene, out: &mut String) {
    let chosen: Vec<&Target> = scene
        .highlights
        .selected
        .iter()
        .filter(|t| matches!(t, Target::Cell(_)))
        .collect();
    for t in chosen.iter().copied().chain(&scene.highlights.next) {
        let (label, dash, colour) = match t {
            Target::Cell(l) if chosen.contains(&t) => (l, "", palette::YELLOW),
            Target::Cell(l) => (l, "", palette::BLACK),
            Target::Via(l) => (l, r#" stroke-dasharray="4 4""#, palette::REDDISH_PURPLE),
            _ => continue,
        };
        if let Some(c) = scene.board.cells.iter().find(|c| &c.label == label) {
            for polygon in std::iter::once(&c.outline).chain(&c.parts) {
                let _ = writeln!(
                    out,
                    r#"<polygon points="{}" fill="none" stroke="{}" stroke-width="4"{dash}/>"#,
                    points(polygon),
                    colour.css()
                );
            }
        }
    }
}

fn pieces(scene: &Scene, out: &mut String) {
    for p in &scene.board.pieces {
        let tapped = Target::Piece(p.code.clone());
        let selected = scene.highlights.selected.contains(&tapped);
        let next = scene.highlights.next.contains(&tapped);
        let half = p.size / 2.0;
        let (stroke, width) = match (selected, next) {
            (true, _) => (palette::YELLOW, 4.0),
            (false, true) => (palette::BLACK, 3.0),
            _ => (Rgb(0x33, 0x33, 0x33), 1.0),
        };
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="{}" stroke-width="{}"/>"#,
            num(p.at.x - half),
            num(p.at.y - half),
            num(p.size),
            num(p.size),
            p.fill.css(),
            stroke.css(),
            width
        );
        // A counter without values (a captive, a small tray counter) has room for its
        // title alone, centred and larger.
        let (title_y, title_size) = if p.values.is_empty() {
            let size = fitted(p.size * 0.42, p.size * 0.9, &p.title);
            (p.at.y + size * 0.36, size)
        } else {
            (
                p.at.y - p.size * 0.12,
                fitted(p.size * 0.28, p.size * 0.92, &p.title),
            )
        };
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text>"#,
            num(p.at.x),
            num(title_y),
            num(title_size),
            p.ink.css(),
            escape(&p.title)
        );
        if !p.values.is_empty() {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
                num(p.at.x),
                num(p.at.y + p.size * 0.3),
                num(fitted(p.size * 0.3, p.size * 0.92, &p.values)),
                p.ink.css(),
                escape(&p.values)
            );
        }
        // A spent unit (moved, attacked, stunned) shows a dot in its top corner.
        if p.is_spent() {
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="black"/>"#,
                num(p.at.x + half * 0.7),
                num(p.at.y - half * 0.7),
                num(p.size * 0.1),
                palette::WHITE.css()
            );
        }
        if p.is_holding() {
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="black"/>"#,
                num(p.at.x - half * 0.7),
                num(p.at.y - half * 0.7),
                num(p.size * 0.1),
                palette::YELLOW.css()
            );
        }
    }
}

/// The lines of the panel below the map.
fn panel_lines(scene: &Scene) -> Vec<String> {
    let mut lines = scene.board.status.clone();
    let sides: Vec<String> = scene
        .board
        .sides
        .iter()
        .map(|s| format!("{} {}", colour_name(s.fill), s.name))
        .collect();
    if !sides.is_empty() {
        lines.push(format!("Colours: {}", sides.join(", ")));
    }
    lines.push(scene.prompt.clone());
    if !scene.buttons.is_empty() {
        let labels: Vec<String> = scene
            .buttons
            .iter()
            .map(|b| format!("[{}]", b.label))
            .collect();
        lines.push(labels.join(" "));
    }
    let card_line = |card: &HandCard| {
        // A card the next tap may be is marked, as a highlighted cell is outlined.
        format!(
            "{}{}'s card {} {} ({}): {}",
            if card.tappable { "> " } else { "" },
            capitalised(&card.owner),
            card.code,
            card.title,
            card.kind,
            card.text
        )
    };
    lines.extend(scene.board.hand.iter().map(card_line));
    if !scene.board.offered.is_empty() {
        lines.push("To choose from:".into());
        lines.extend(scene.board.offered.iter().map(card_line));
    }
    if let Some(preview) = scene.ready.as_ref().and_then(|r| r.preview.as_ref()) {
        lines.push(format!("Odds ({}): {}", preview.rule, preview.odds));
        for o in &preview.outcomes {
            lines.push(format!("  {}: {}", o.outcome, o.probability));
        }
    }
    for line in &scene.log {
        let dice = match line.dice.len() {
            0 => String::new(),
            1 => format!(" (die: {})", line.dice[0]),
            _ => format!(" (dice: {})", line.dice.join(", ")),
        };
        lines.push(format!("[{}] {}{dice}", line.rule, line.text));
    }
    lines
}

/// The lines broken at spaces to at most `chars` characters (Noto Sans averages about
/// 0.55 em a character), so that the panel fits the picture's width.
fn wrapped(lines: &[String], chars: usize) -> Vec<String> {
    let chars = chars.max(20);
    let mut out = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > chars {
                out.push(std::mem::take(&mut current));
                current.push_str("  ");
            } else if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}

/// A word for the palette's colours, for the legend.
fn colour_name(c: Rgb) -> &'static str {
    match c {
        palette::VERMILLION => "vermillion:",
        palette::BLUE => "blue:",
        palette::YELLOW => "yellow:",
        palette::ORANGE => "orange:",
        palette::SKY_BLUE => "sky blue:",
        palette::BLUISH_GREEN => "green:",
        palette::REDDISH_PURPLE => "purple:",
        palette::BLACK => "black:",
        _ => "",
    }
}

/// Black or white, whichever reads better on `fill` (by its luminance).
fn ink_on(fill: Rgb) -> Rgb {
    let l = 0.2126 * f32::from(fill.0) + 0.7152 * f32::from(fill.1) + 0.0722 * f32::from(fill.2);
    if l > 140.0 {
        palette::BLACK
    } else {
        palette::WHITE
    }
}

/// A font size no larger than `size` at which `text` fits in `width` (Noto Sans digits
/// and letters are at most about 0.6 em wide).
fn fitted(size: f32, width: f32, text: &str) -> f32 {
    let chars = text.chars().count().max(1) as f32;
    size.min(width / (0.6 * chars))
}

fn points(ps: &[Point]) -> String {
    let mut s = String::new();
    for p in ps {
        let _ = write!(s, "{},{} ", num(p.x), num(p.y));
    }
    s.trim_end().to_string()
}

/// A number with at most one decimal, so the SVG stays short and stable.
fn num(x: f32) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(width: f32, height: f32) -> Board {
        Board {
            width,
            height,
            ..Board::default()
        }
    }

    /// A zoom shows 1/factor of the map's width, 5 high for 4 wide, kept on the map.
    #[test]
    fn scene_zoom_region_is_a_part_of_the_map_kept_on_it() {
        let b = board(1000.0, 1200.0);
        let zoom = |x, y, factor| Zoom {
            centre: Point::new(x, y),
            factor,
        };
        assert_eq!(
            region(&b, zoom(500.0, 600.0, 2.5)),
            (300.0, 350.0, 400.0, 500.0)
        );
        // Near a corner, the region moves back onto the map.
        assert_eq!(
            region(&b, zoom(10.0, 1190.0, 2.5)),
            (0.0, 700.0, 400.0, 500.0)
        );
        // No smaller than the map, and never taller than it.
        assert_eq!(
            region(&b, zoom(500.0, 600.0, 0.5)),
            (0.0, 0.0, 1000.0, 1200.0)
        );
        let wide = board(1000.0, 300.0);
        assert_eq!(
            region(&wide, zoom(500.0, 150.0, 2.0)),
            (250.0, 0.0, 500.0, 300.0)
        );
    }
}
