//! Writes the analysis picture of a diagram to an SVG file:
//! `cargo run -p igo-analysis --example picture -- OUT.svg < diagram.txt`.

use std::io::Read;

use igo_analysis::report::{Analysis, Overlays};
use igo_core::Position;

fn main() {
    let out = std::env::args()
        .nth(1)
        .expect("usage: picture OUT.svg < diagram");
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("stdin");
    let pos = match Position::from_diagram(&text) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("picture: {e}");
            std::process::exit(2);
        }
    };
    let analysis = Analysis::new(pos.board());
    let svg = analysis
        .diagram(None, Overlays::default())
        .title("analysis")
        .to_svg();
    std::fs::write(&out, svg).expect("write the SVG");
    print!("{}", analysis.text(None));
}
