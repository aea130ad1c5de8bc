//! The scene's colours stay apart for people with the common colour-vision deficiencies
//! (issue 11): every board's side colours, and its terrains, compared as seen with
//! normal vision, protanopia and deuteranopia (simulated with the full-severity matrices
//! of Machado, Oliveira and Fernandes 2009, in linear RGB), by CIE76 colour difference.

use skald_core::engine::scene::{Board, Rgb};
use skald_core::games::registry;

/// A side's colour against another side's, or against a terrain it stands on. The
/// Okabe-Ito palette's own nearest pairs under deuteranopia are about 17-18 apart here
/// (orange against vermillion 18.3, against yellow 17.0), so the bar sits below them.
const SIDES_APART: f64 = 15.0;
/// Two different terrains. Fury's are at least 11 apart, and so are 878's kingdom tints
/// (re-tinted for this: under protanopia and deuteranopia the kingdoms differ only in
/// lightness and along blue-yellow, and ten light tints that every counter still stands
/// out on fit only about 11-12 apart there; they are at least 11, so the bar is 10).
const TERRAINS_APART: f64 = 10.0;

const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const NORMAL: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

fn linear(c: u8) -> f64 {
    let v = f64::from(c) / 255.0;
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// The colour as seen through `vision`, in CIELAB (D65).
fn lab(c: Rgb, vision: &[[f64; 3]; 3]) -> [f64; 3] {
    let rgb = [linear(c.0), linear(c.1), linear(c.2)];
    let seen: Vec<f64> = vision
        .iter()
        .map(|row| (0..3).map(|i| row[i] * rgb[i]).sum::<f64>().clamp(0.0, 1.0))
        .collect();
    let (r, g, b) = (seen[0], seen[1], seen[2]);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

fn apart(a: Rgb, b: Rgb, vision: &[[f64; 3]; 3]) -> f64 {
    let (p, q) = (lab(a, vision), lab(b, vision));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

/// The boards to check: every scenario's start, as its first seat sees it.
fn boards() -> Vec<(String, Board)> {
    let mut out = Vec::new();
    for kind in registry::games() {
        for scenario in kind.scenarios() {
            let game = kind.new_game(scenario.id, 1).expect("scenario");
            let board = game.board(&[skald_core::engine::Seat(0)]);
            out.push((format!("{} {}", kind.id(), scenario.id), board));
        }
    }
    out
}

#[test]
fn sides_and_terrains_stay_apart_under_protanopia_and_deuteranopia() {
    let visions = [
        ("normal vision", &NORMAL),
        ("protanopia", &PROTANOPIA),
        ("deuteranopia", &DEUTERANOPIA),
    ];
    let mut checked = 0;
    for (label, board) in boards() {
        let mut terrains: Vec<(String, Rgb)> = Vec::new();
        for c in &board.cells {
            if !terrains.iter().any(|(_, f)| *f == c.fill) {
                terrains.push((c.terrain.clone(), c.fill));
            }
        }
        for (vision, matrix) in visions {
            for (i, a) in board.sides.iter().enumerate() {
                for b in &board.sides[i + 1..] {
                    let d = apart(a.fill, b.fill, matrix);
                    assert!(
                        d >= SIDES_APART,
                        "{label}, {vision}: {} and {} are {d:.1} apart",
                        a.name,
                        b.name
                    );
                    checked += 1;
                }
                for (terrain, fill) in &terrains {
                    let d = apart(a.fill, *fill, matrix);
                    assert!(
                        d >= SIDES_APART,
                        "{label}, {vision}: {} on {terrain} is {d:.1} apart",
                        a.name
                    );
                    checked += 1;
                }
            }
            for (i, (ta, fa)) in terrains.iter().enumerate() {
                for (tb, fb) in &terrains[i + 1..] {
                    let d = apart(*fa, *fb, matrix);
                    assert!(
                        d >= TERRAINS_APART,
                        "{label}, {vision}: terrains {ta} and {tb} are {d:.1} apart"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no board has any colour to compare");
}

#[test]
fn the_simulation_merges_what_those_people_confuse() {
    // Pure red and a green of the same lightness are far apart to normal vision and
    // close under both deficiencies: the check can fail.
    let (red, green) = (Rgb(0xd0, 0x30, 0x30), Rgb(0x70, 0x80, 0x30));
    assert!(apart(red, green, &NORMAL) > 50.0);
    assert!(apart(red, green, &PROTANOPIA) < 25.0);
    assert!(apart(red, green, &DEUTERANOPIA) < 25.0);
}
