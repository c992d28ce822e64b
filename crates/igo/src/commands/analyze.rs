//! `igo analyze FILE.sgf [--move N] [--json] [--svg OUT.svg]`: static analysis of the position
//! after N moves of an SGF game's main line (default: the end): blocks, diagonal-link and
//! statically recognisable groups with their enclosed regions and the paper's two-eye heuristic
//! (paper 002), Benson's unconditional life for both colours and paper 001's bound 2a - n.
//!
//! The game is read as `igo show` reads it (`igo_sgf::read_sgf`, main line replayed under simple ko
//! with suicide forbidden).

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use igo_analysis::report::{Analysis, Overlays, Report};
use igo_core::Move;
use serde::Serialize;

use crate::error::InputContext;
use crate::util::{print, print_json, read_sgf, OutputFile};

/// Arguments of `igo analyze`.
#[derive(Args)]
pub struct AnalyzeArgs {
    /// The SGF file; the main line of its first game tree is replayed.
    file: PathBuf,
    /// Analyse the position after this many moves of the main line (0: the setup; default: all).
    #[arg(long = "move", value_name = "N")]
    move_number: Option<usize>,
    /// Print one JSON object: {"file","move_number","to_play","size","blocks":[{"color","stones",
    /// "liberties","atari"}],"groups":[{"color","stones","blocks","links","diagonal_links",
    /// "earth_links","triangles","squares","earth","regions","enclosed":[{"points",
    /// "closing_joins","eye"}],"two_eyes_heuristic"}],"static_groups":[{"color","stones"}],
    /// "unconditional":{"B":{"alive","territory","vital_regions","dead"},"W":{..}},
    /// "bound":{"B","W"}}.
    #[arg(long)]
    json: bool,
    /// Also write an SVG diagram with overlays (group links, enclosed regions, Benson's alive
    /// stones and safe territory) to this file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Leave the group links out of the SVG.
    #[arg(long)]
    no_links: bool,
    /// Leave the enclosed regions out of the SVG.
    #[arg(long)]
    no_regions: bool,
    /// Leave Benson's alive stones and territory out of the SVG.
    #[arg(long)]
    no_benson: bool,
}

/// The JSON form: where the position comes from, then the analysis report.
#[derive(Serialize)]
struct AnalyzeJson {
    file: String,
    move_number: usize,
    to_play: char,
    #[serde(flatten)]
    report: Report,
}

/// Analyses the position.
pub fn run(args: AnalyzeArgs) -> Result<()> {
    let svg_out = args.svg.as_deref().map(OutputFile::check).transpose()?;
    let name = args.file.display().to_string();
    let game = read_sgf(&args.file)?.game;
    let main_line = game.main_line();
    let n = args.move_number.unwrap_or(main_line.len());
    let pos = game
        .position_after(Some(n))
        .input_context(|| name.clone())?;
    let last_point =
        n.checked_sub(1)
            .and_then(|k| main_line.get(k))
            .and_then(|&(_, mv)| match mv {
                Move::Play(p) => Some(p),
                Move::Pass => None,
            });
    let analysis = Analysis::new(pos.board()).with_ko(pos.ko_point());
    if let Some(out) = &svg_out {
        let overlays = Overlays {
            groups: !args.no_links,
            regions: !args.no_regions,
            benson: !args.no_benson,
        };
        let title = format!(
            "{} after move {n} of {}",
            file_name(&args.file),
            main_line.len()
        );
        let svg = analysis.diagram(last_point, overlays).title(title).to_svg();
        out.write(svg.as_bytes())?;
    }
    if args.json {
        let json = AnalyzeJson {
            file: name,
            move_number: n,
            to_play: pos.to_play().letter(),
            report: analysis.report(),
        };
        print_json(&json)
    } else {
        print(&format!(
            "{name}: {} board, after move {n} of {}; {} to play\n{}",
            pos.size(),
            main_line.len(),
            pos.to_play(),
            analysis.text(last_point)
        ))
    }
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}
