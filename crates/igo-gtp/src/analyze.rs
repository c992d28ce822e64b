//! Live analysis for GUIs: `lz-analyze` (Leela Zero's format, read by Sabaki and Lizzie),
//! `kata-analyze` (KataGo's, read by Sabaki, Lizzie and KaTrain) and the `genmove_analyze`
//! variants, as KataGo's `docs/GTP_Extensions.md` describes them.
//!
//! `lz-analyze [COLOR] [INTERVAL] [interval N] [minmoves N] [maxmoves N] [ownership true]`
//! answers `=` at once, then a line of `info move ... pv ...` entries every INTERVAL centiseconds
//! while the search runs, until the next line of input; then an empty line ends the answer.
//! The `genmove_analyze` commands stream the same lines while they think and end with
//! `play VERTEX` (or `play pass`, `play resign`) and the empty line; they are not interrupted.

use igo_core::{BoardSize, Color, Move};

use crate::protocol::color_arg;
use crate::search::Report;

/// The streaming commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamKind {
    /// `lz-analyze`.
    LzAnalyze,
    /// `kata-analyze`.
    KataAnalyze,
    /// `lz-genmove_analyze` and `genmove_analyze`.
    LzGenmove,
    /// `kata-genmove_analyze`.
    KataGenmove,
}

impl StreamKind {
    pub(crate) fn kata(self) -> bool {
        matches!(self, StreamKind::KataAnalyze | StreamKind::KataGenmove)
    }

    pub(crate) fn genmove(self) -> bool {
        matches!(self, StreamKind::LzGenmove | StreamKind::KataGenmove)
    }
}

/// The arguments of an analysis command.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeRequest {
    /// The player to analyse for (the player to move if not given).
    pub color: Option<Color>,
    /// Centiseconds between reports (0: only at the end).
    pub interval_cs: u64,
    /// Report at least this many moves (moves without visits are added by prior).
    pub min_moves: usize,
    /// Report at most this many moves.
    pub max_moves: usize,
    /// Whether to add the ownership of every point (kata-analyze).
    pub ownership: bool,
}

/// Reads `[COLOR] [INTERVAL] KEY VALUE...` as KataGo does.
pub fn parse_request(args: &[String]) -> Result<AnalyzeRequest, String> {
    let mut r = AnalyzeRequest {
        color: None,
        interval_cs: 100,
        min_moves: 0,
        max_moves: 64,
        ownership: false,
    };
    let mut k = 0;
    if let Some(c) = args.get(k).and_then(|s| Color::from_name(s)) {
        r.color = Some(c);
        k += 1;
    }
    if let Some(n) = args.get(k).and_then(|s| s.parse::<u64>().ok()) {
        r.interval_cs = n;
        k += 1;
    }
    let number = |s: Option<&String>| -> Result<u64, String> {
        s.and_then(|v| v.parse().ok())
            .ok_or_else(|| "syntax error".to_string())
    };
    while k < args.len() {
        let key = args[k].as_str();
        match key {
            "interval" => r.interval_cs = number(args.get(k + 1))?,
            "minmoves" => r.min_moves = number(args.get(k + 1))? as usize,
            "maxmoves" => r.max_moves = number(args.get(k + 1))? as usize,
            "ownership" => {
                r.ownership = match args.get(k + 1).map(String::as_str) {
                    Some("true") => true,
                    Some("false") => false,
                    _ => return Err("syntax error".into()),
                }
            }
            // KataGo's keys igo does not use; their values are skipped.
            "ownershipStdev" | "movesOwnership" | "rootInfo" | "pvVisits" | "pvEdgeVisits" => {
                if args.get(k + 1).is_none() {
                    return Err("syntax error".into());
                }
            }
            // `allow`/`avoid COLOR VERTICES UNTILDEPTH`: accepted, not applied.
            "allow" | "avoid" => {
                if args.len() < k + 4 {
                    return Err("syntax error".into());
                }
                k += 2;
            }
            _ => return Err("syntax error".into()),
        }
        k += 2;
    }
    Ok(r)
}

fn vertex(size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => size.format_point(p),
    }
}

/// One line of analysis output for `report`.
pub fn format_report(
    kind: StreamKind,
    size: BoardSize,
    report: &Report,
    req: &AnalyzeRequest,
) -> String {
    let mut parts = Vec::new();
    let mut cands: Vec<_> = report.candidates.iter().filter(|c| c.visits > 0).collect();
    if cands.len() < req.min_moves {
        // Add unvisited moves by prior.
        let mut rest: Vec<_> = report.candidates.iter().filter(|c| c.visits == 0).collect();
        rest.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        cands.extend(rest.into_iter().take(req.min_moves - cands.len()));
    }
    cands.truncate(req.max_moves.max(1));
    for (order, c) in cands.iter().enumerate() {
        let pv: Vec<String> = c.pv.iter().map(|&m| vertex(size, m)).collect();
        if kind.kata() {
            let utility = 2.0 * c.win_rate - 1.0;
            parts.push(format!(
                "info move {} visits {} utility {:.6} winrate {:.6} scoreMean {:.6} \
                 scoreStdev 0 scoreLead {:.6} scoreSelfplay {:.6} prior {:.6} lcb {:.6} \
                 utilityLcb {:.6} order {} pv {}",
                vertex(size, c.mv),
                c.visits,
                utility,
                c.win_rate,
                c.score_lead,
                c.score_lead,
                c.score_lead,
                c.prior,
                c.lcb,
                2.0 * c.lcb - 1.0,
                order,
                pv.join(" ")
            ));
        } else {
            let scale = |v: f32| (10000.0 * v).round().clamp(0.0, 10000.0) as u32;
            parts.push(format!(
                "info move {} visits {} winrate {} prior {} lcb {} order {} pv {}",
                vertex(size, c.mv),
                c.visits,
                scale(c.win_rate),
                scale(c.prior),
                scale(c.lcb),
                order,
                pv.join(" ")
            ));
        }
    }
    let mut line = parts.join(" ");
    if kind.kata() && req.ownership {
        if let Some(own) = &report.ownership {
            let values: Vec<String> = size
                .points()
                .map(|p| format!("{:.4}", own[p.index()]))
                .collect();
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str("ownership ");
            line.push_str(&values.join(" "));
        }
    }
    line
}

/// The color argument of the analysis commands, for `known` checks in tests.
pub fn request_color(args: &[String]) -> Option<Color> {
    color_arg(args, 0).ok()
}
