//! The gallery in docs/pictures/ is what the code draws now (issue 11): each SVG of
//! gallery.txt drawn again by `skald render` must equal the committed one, and its PNG
//! must be there. After a change to how boards look, run scripts/gallery.sh and commit.
//! Also: `skald render` draws a PNG, and refuses what it cannot draw without a panic.

use std::path::{Path, PathBuf};
use std::process::Command;
use tempfile::TempDir;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn render(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_skald"))
        .current_dir(repo())
        .args(args)
        .output()
        .expect("skald runs")
}

#[test]
fn the_gallery_is_what_the_code_draws_now() {
    let pictures = repo().join("docs/pictures");
    let manifest = std::fs::read_to_string(pictures.join("gallery.txt")).expect("gallery.txt");
    let out = TempDir::with_prefix("skald-gallery-").expect("a temporary folder");
    let mut drawn = 0;
    for line in manifest.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let name = words.next().expect("a name");
        let svg = out.path().join(format!("{name}.svg"));
        let mut args: Vec<&str> = vec!["render"];
        args.extend(words);
        let svg_arg = svg.to_string_lossy().into_owned();
        args.extend(["--svg", &svg_arg]);
        let o = render(&args);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let now = std::fs::read_to_string(&svg).expect("the new SVG");
        let committed =
            std::fs::read_to_string(pictures.join(format!("{name}.svg"))).unwrap_or_default();
        assert!(
            now == committed,
            "docs/pictures/{name}.svg is not what the code draws now: run scripts/gallery.sh"
        );
        assert!(
            pictures.join(format!("{name}.png")).is_file(),
            "docs/pictures/{name}.png is missing: run scripts/gallery.sh"
        );
        drawn += 1;
    }
    assert!(drawn > 0, "the gallery lists no picture");
}

#[test]
fn render_draws_a_png_and_refuses_what_it_cannot_draw() {
    let out = TempDir::with_prefix("skald-render-").expect("a temporary folder");
    let png = out.path().join("fury.png");
    let png_arg = png.to_string_lossy().into_owned();
    let o = render(&[
        "render",
        "fury",
        "--scenario",
        "advanced",
        "--png",
        &png_arg,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&png).expect("the PNG");
    assert_eq!(&bytes[1..4], b"PNG");
    // An action the rules refuse, after a legal one.
    let illegal = out.path().join("illegal.actions");
    std::fs::write(&illegal, "setup default\nattack 0101\n").expect("an actions file");
    let illegal_arg = illegal.to_string_lossy().into_owned();
    for bad in [
        vec!["render", "nonesuch", "--png", &png_arg],
        vec![
            "render",
            "fury",
            "--scenario",
            "nonesuch",
            "--png",
            &png_arg,
        ],
        vec!["render", "fury", "--seat", "nobody", "--png", &png_arg],
        vec![
            "render",
            "fury",
            "--position",
            "/nonexistent",
            "--png",
            &png_arg,
        ],
        vec!["render", "fury", "--png", "/nonexistent/dir/x.png"],
        vec!["render", "fury", "--after", &illegal_arg, "--png", &png_arg],
        vec![
            "render",
            "fury",
            "--after",
            "/nonexistent",
            "--png",
            &png_arg,
        ],
    ] {
        let o = render(&bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).starts_with("skald: "),
            "{bad:?}"
        );
    }
}
