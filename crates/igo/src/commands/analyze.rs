//! `igo analyze FILE.sgf [--move N] [--json] [--svg OUT.svg]`: static analysis of the position
//! after N moves of an SGF game's main line (default: the end): blocks, diagonal-link and
//! statically recognisable groups with their enclosed regions and the paper's two-eye heuristic
//! (paper 002), Benson's unconditional life for both colours and paper 001's bound 2a - n; with
//! `--json`, also every dragon's status by igo-reading's owl (GNU Go's `dragon_status`: the df-pn
//! proof in the dragon's fight region where it finishes, the heuristic owl search otherwise).
//!
//! The game is read as `igo show` reads it (`igo_sgf::read_sgf`, main line replayed under simple ko
//! with suicide forbidden).

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use igo_analysis::report::{Analysis, Overlays, Report};
use igo_core::{BoardSize, Move, Position};
use igo_reading::owl::{dragons, DragonStatus, Owl, OwlConfig};
use igo_reading::{Code, Reading};
use serde::Serialize;

use crate::error::InputContext;
use crate::util::interrupt::{interrupted, stopped};
use crate::util::{print, print_json, progress_bar, read_sgf, OutputFile};

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
    /// "bound":{"B","W"},"dragons":[{"name","color","stones","status","attack","attack_code",
    /// "defense","defense_code","proven"}]}. A dragon's status is GNU Go's `dragon_status`
    /// (`alive`, `dead`, `critical`, `unknown`); `attack` is the owl attack's move when it works,
    /// `defense` the owl defence's move when the attack works and so does a defence (read only
    /// then), with GNU Go's codes (1 unconditional, 2 ko taken first, 3 ko needing a threat
    /// first); `proven`: every answer is a df-pn proof in the fight region.
    #[arg(long)]
    json: bool,
    /// Leave the dragons' statuses out of the JSON (the owl reading takes up to seconds per
    /// dragon).
    #[arg(long)]
    no_dragons: bool,
    /// Positions the owl's heuristic search reads per question.
    #[arg(long, value_name = "N", default_value_t = OwlConfig::default().node_limit)]
    owl_nodes: u64,
    /// Positions the df-pn prover may generate per owl question in the dragon's fight region (0:
    /// no proofs).
    #[arg(long, value_name = "N", default_value_t = OwlConfig::default().proof_nodes)]
    proof_nodes: u64,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    dragons: Option<Vec<DragonJson>>,
}

/// One dragon's owl status in the JSON.
#[derive(Serialize)]
struct DragonJson {
    /// Its first stone in GNU Go's order (top row first, left to right).
    name: String,
    color: char,
    stones: Vec<String>,
    status: &'static str,
    attack: Option<String>,
    attack_code: u8,
    defense: Option<String>,
    defense_code: Option<u8>,
    proven: bool,
}

/// The owl statuses of every dragon in name order, and whether Ctrl-C stopped the reading (the
/// list then holds the dragons read so far).
fn dragon_statuses(pos: &Position, config: OwlConfig) -> (Vec<DragonJson>, bool) {
    let size = pos.size();
    let all = dragons(pos.board());
    let bar = progress_bar(all.len() as u64, "owl");
    let mut owl = Owl::new(config);
    let mut out = Vec::with_capacity(all.len());
    for (name, stones) in all {
        if interrupted() {
            bar.abandon();
            return (out, true);
        }
        let attack = owl.attack(pos, name).expect("a dragon's stone");
        let defense =
            (attack.code != Code::Fails).then(|| owl.defend(pos, name).expect("a dragon's stone"));
        let status = DragonStatus::from_readings(&attack, defense.as_ref());
        let mv = |r: &Reading| match (r.code, r.mv) {
            (Code::Fails, _) | (_, None) => None,
            (_, Some(m)) => Some(size.format_move(m)),
        };
        out.push(DragonJson {
            name: size.format_point(name),
            color: pos.board().color_at(name).expect("a stone").letter(),
            stones: points(size, stones),
            status: match status {
                DragonStatus::Alive => "alive",
                DragonStatus::Dead => "dead",
                DragonStatus::Critical { .. } => "critical",
                DragonStatus::Unknown => "unknown",
            },
            attack: mv(&attack),
            attack_code: attack.code.gtp_number(),
            defense: defense.as_ref().and_then(mv),
            defense_code: defense.as_ref().map(|d| d.code.gtp_number()),
            proven: attack.proven && defense.as_ref().is_none_or(|d| d.proven),
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    (out, false)
}

fn points(size: BoardSize, set: igo_core::PointSet) -> Vec<String> {
    set.iter().map(|p| size.format_point(p)).collect()
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
        let mut json = AnalyzeJson {
            file: name,
            move_number: n,
            to_play: pos.to_play().letter(),
            report: analysis.report(),
            dragons: None,
        };
        if !args.no_dragons {
            let config = OwlConfig {
                node_limit: args.owl_nodes,
                proof_nodes: args.proof_nodes,
                ..OwlConfig::default()
            };
            let (list, stopped_early) = dragon_statuses(&pos, config);
            json.dragons = Some(list);
            if stopped_early {
                return Err(stopped(Some(&json), "the dragons' statuses"));
            }
        }
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
