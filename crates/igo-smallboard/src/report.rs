//! A small-board result for people and for files: the values `l_min` and `l_max` (seed paper 001,
//! section 3) with komi, the best first moves and the principal variation as the JSON object of
//! `igo smallboard` ([`Report`]), its text, the SGF of the start position with the line, and the
//! retrograde oracle's answer as a [`Solution`] ([`retrograde_solution`]).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use igo_core::{Komi, Move, Position};
use igo_sgf::GoGame;
use serde::Serialize;

use crate::{LineEnd, Retrograde, RuleSet, Solution, SolveError, Stats, StopReason, ValueBounds};

/// A margin with komi: a whole number when it is one, else a half.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Margin {
    /// A whole number of points.
    Whole(i32),
    /// A number of points and a half.
    Half(f64),
}

impl Margin {
    /// Black's area margin `v` less `komi`.
    pub fn with_komi(v: i32, komi: Komi) -> Margin {
        let halves = 2 * v - komi.halves();
        if halves % 2 == 0 {
            Margin::Whole(halves / 2)
        } else {
            Margin::Half(f64::from(halves) / 2.0)
        }
    }
}

impl std::fmt::Display for Margin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Margin::Whole(v) => write!(f, "{v}"),
            Margin::Half(v) => write!(f, "{v}"),
        }
    }
}

/// How a result was found.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The values, line and counters.
    pub solution: Solution,
    /// Why the search stopped early, if it did (the values are then bounds).
    pub stopped: Option<StopReason>,
    /// `"threshold"`, `"retrograde"` or `"superko"`.
    pub method: &'static str,
    /// Table entries read from a checkpoint at the start (0 when none was read).
    pub resumed_nodes: usize,
}

/// A result as data, komi applied: the JSON object of `igo smallboard`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// `"B"` or `"W"`.
    pub to_play: String,
    /// Komi in points.
    pub komi: f64,
    /// The rules' name.
    pub rules: &'static str,
    /// How the result was found.
    pub method: &'static str,
    /// `l_min` less komi, when known exactly.
    pub l_min: Option<Margin>,
    /// `l_max` less komi, when known exactly.
    pub l_max: Option<Margin>,
    /// The best first moves, when known.
    pub best_moves: Option<Vec<String>>,
    /// The principal variation (empty when there is none).
    pub line: Vec<String>,
    /// Where the line stops: `"game over"` or `"unconditional life"`.
    pub line_end: Option<&'static str>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per CPU-second.
    pub nodes_per_cpu_second: f64,
    /// Positions evaluated.
    pub expansions: u64,
    /// Threshold searches.
    pub thresholds: u32,
    /// Iterations.
    pub phases: u32,
    /// Table entries replaced.
    pub collections: u64,
    /// Table entries held.
    pub table_entries: u64,
    /// Table size in MiB.
    pub table_mib: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// CPU seconds.
    pub cpu_seconds: f64,
    /// Whether both values are exact.
    pub solved: bool,
    /// Why the search stopped early, if it did.
    pub stopped: Option<String>,
    /// Whether Ctrl-C stopped it.
    pub interrupted: bool,
    /// Table entries read from a checkpoint.
    pub resumed_nodes: usize,
    /// Bounds on `l_min` less komi.
    pub l_min_bounds: [Margin; 2],
    /// Bounds on `l_max` less komi.
    pub l_max_bounds: [Margin; 2],
}

/// `v` or `lo..hi`: a value as the progress line shows it.
pub fn interval(b: ValueBounds) -> String {
    match b.exact() {
        Some(v) => v.to_string(),
        None => format!("{}..{}", b.lower, b.upper),
    }
}

/// Where a principal variation stops, in words.
pub fn line_end_text(end: LineEnd) -> &'static str {
    match end {
        LineEnd::GameOver => "the passes end the game",
        LineEnd::UnconditionalLife => "then settled by unconditionally alive groups",
    }
}

impl Finding {
    /// The result as data, with komi, the rules' name, and the time (wall and CPU) it took.
    pub fn report(
        &self,
        start: &Position,
        komi: Komi,
        rules: RuleSet,
        seconds: f64,
        cpu: f64,
    ) -> Report {
        let s = &self.solution;
        let size = start.size();
        let moves =
            |m: &[Move]| -> Vec<String> { m.iter().map(|&m| size.format_move(m)).collect() };
        let line: Vec<Move> = s
            .line
            .as_ref()
            .map(|l| l.moves.iter().map(|&(_, m)| m).collect())
            .unwrap_or_default();
        let value = |b: ValueBounds| b.exact().map(|v| Margin::with_komi(v, komi));
        let bounds = |b: ValueBounds| {
            [
                Margin::with_komi(b.lower, komi),
                Margin::with_komi(b.upper, komi),
            ]
        };
        let st = &s.stats;
        Report {
            width: size.width(),
            height: size.height(),
            to_play: start.to_play().letter().to_string(),
            komi: komi.points(),
            rules: rules.name(),
            method: self.method,
            l_min: value(s.l_min),
            l_max: value(s.l_max),
            best_moves: s.best_moves.as_deref().map(moves),
            line: moves(&line),
            line_end: s.line.as_ref().map(|l| match l.end {
                LineEnd::GameOver => "game over",
                LineEnd::UnconditionalLife => "unconditional life",
            }),
            nodes: st.nodes,
            nodes_per_cpu_second: st.nodes as f64 / cpu.max(1e-9),
            expansions: st.evaluations,
            thresholds: st.thresholds,
            phases: st.iterations,
            collections: st.replaced,
            table_entries: st.table_entries,
            table_mib: st.table_bytes as f64 / f64::from(1 << 20),
            seconds,
            cpu_seconds: cpu,
            solved: s.is_solved(),
            stopped: self.stopped.map(|r| r.to_string()),
            interrupted: self.stopped == Some(StopReason::Interrupted),
            resumed_nodes: self.resumed_nodes,
            l_min_bounds: bounds(s.l_min),
            l_max_bounds: bounds(s.l_max),
        }
    }

    /// The result as text, one item a line: the question, the values and what they mean, the
    /// best first moves, the line and the counters.
    pub fn text(
        &self,
        start: &Position,
        komi: Komi,
        rules: RuleSet,
        seconds: f64,
        cpu: f64,
    ) -> String {
        let s = &self.solution;
        let size = start.size();
        let r = self.report(start, komi, rules, seconds, cpu);
        let show = |b: ValueBounds| match b.exact() {
            Some(v) => Margin::with_komi(v, komi).to_string(),
            None => format!(
                "between {} and {}",
                Margin::with_komi(b.lower, komi),
                Margin::with_komi(b.upper, komi)
            ),
        };
        let mut t = String::new();
        let _ = writeln!(
            t,
            "{size}, {} to play, komi {}, {} rules",
            start.to_play(),
            komi.points(),
            rules.name()
        );
        if let Some(reason) = self.stopped {
            let _ = writeln!(t, "stopped ({reason}) before the end: values known so far");
        }
        let _ = writeln!(
            t,
            "l_min = {}  (the best result Black can guarantee)",
            show(s.l_min)
        );
        let _ = writeln!(
            t,
            "l_max = {}  (the best result White can hold Black to)",
            show(s.l_max)
        );
        match (s.l_min.exact(), s.l_max.exact()) {
            (Some(a), Some(b)) if a == b => {
                let _ = writeln!(
                    t,
                    "value: {} (Black's area margin less komi; negative: White wins)",
                    Margin::with_komi(a, komi)
                );
            }
            (Some(_), Some(_)) => {
                let _ = writeln!(
                    t,
                    "best play never ends: the game is void for any result in between"
                );
            }
            _ => {}
        }
        if let Some(best) = &r.best_moves {
            let _ = writeln!(t, "best first moves: {}", best.join(" "));
        }
        if let Some(pv) = &s.line {
            let text = if r.line.is_empty() {
                "(none)".to_string()
            } else {
                r.line.join(" ")
            };
            let _ = writeln!(t, "line: {text}  [{}]", line_end_text(pv.end));
        }
        let _ = writeln!(
            t,
            "nodes {} ({:.0} per CPU-s), thresholds {}, table {} entries, {seconds:.2} s, {cpu:.2} CPU s",
            s.stats.nodes,
            s.stats.nodes as f64 / cpu.max(1e-9),
            s.stats.thresholds,
            s.stats.table_entries
        );
        t
    }

    /// The start position with the principal variation as SGF, the value in a comment on the
    /// line's last node; `None` when there is no line.
    pub fn to_sgf(&self, start: &Position, komi: Komi, rules: RuleSet) -> Option<String> {
        let line = self.solution.line.as_ref()?;
        let mut game = GoGame::from_position(start);
        game.set_komi(komi);
        let root = game.root().id();
        let last = game.add_line(root, &line.moves);
        let note = format!(
            "l_min = l_max = {} ({} rules); {}",
            self.solution.l_min.lower,
            rules.name(),
            line_end_text(line.end)
        );
        game.node_mut(last).set("C", note);
        Some(game.to_sgf())
    }
}

/// The retrograde oracle's answer for `start` as a [`Finding`]: exact values (no line), or, when
/// `deadline` passes first, the whole range of margins with [`StopReason::TimeLimit`]. At most
/// `max_states` positions are enumerated. Raising `interrupt` (Ctrl-C) gives
/// [`SolveError::Stopped`]; both are watched by a thread that ends with the analysis.
pub fn retrograde_solution(
    start: &Position,
    rules: RuleSet,
    max_states: usize,
    interrupt: &AtomicBool,
    deadline: Option<Instant>,
) -> Result<Finding, SolveError> {
    let t = Instant::now();
    // The enumeration and the fixed points read one flag: raised on `interrupt` or at the
    // deadline.
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if interrupt.load(Ordering::Relaxed)
                    || deadline.is_some_and(|d| Instant::now() >= d)
                {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let r = Retrograde::from_position_with_stop(start, rules, max_states, &stop);
        done.store(true, Ordering::Relaxed);
        r
    });
    let finding = |l_min, l_max, nodes, stopped| Finding {
        solution: Solution {
            size: start.size(),
            l_min,
            l_max,
            line: None,
            best_moves: None,
            stats: Stats {
                nodes,
                ..Default::default()
            },
            elapsed: t.elapsed(),
        },
        stopped,
        method: "retrograde",
        resumed_nodes: 0,
    };
    match result {
        Err(SolveError::Stopped(_)) if !interrupt.load(Ordering::Relaxed) => {
            // The deadline: nothing is known beyond the range of margins.
            let n = start.size().point_count() as i32;
            let all = ValueBounds {
                lower: -n,
                upper: n,
            };
            Ok(finding(all, all, 0, Some(StopReason::TimeLimit)))
        }
        Err(SolveError::Stopped(_)) => Err(SolveError::Stopped(StopReason::Interrupted)),
        Err(e) => Err(e),
        Ok(r) => {
            let (lo, hi) = r.root_value();
            let exact = |v| ValueBounds { lower: v, upper: v };
            Ok(finding(exact(lo), exact(hi), r.state_count() as u64, None))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_with_komi_are_whole_or_half() {
        let komi = |p: f64| Komi::from_points(p).unwrap();
        assert_eq!(Margin::with_komi(9, komi(0.0)), Margin::Whole(9));
        assert_eq!(Margin::with_komi(9, komi(7.5)), Margin::Half(1.5));
        assert_eq!(Margin::with_komi(-3, komi(0.5)).to_string(), "-3.5");
        assert_eq!(
            serde_json::to_string(&Margin::with_komi(4, komi(2.0))).unwrap(),
            "2"
        );
    }

    #[test]
    fn the_oracle_agrees_with_the_threshold_solver_on_2x2() {
        // The oracle and the threshold solver are independent codes: they agree on 2x2.
        let start = Position::new(igo_core::BoardSize::new(2, 2).unwrap());
        let f = retrograde_solution(
            &start,
            RuleSet::Paper,
            1_000_000,
            &AtomicBool::new(false),
            None,
        )
        .unwrap();
        let mut solver = crate::Solver::new(&start, crate::SolverConfig::default()).unwrap();
        let stop = AtomicBool::new(false);
        solver.solve(&stop, &mut |_| {}).unwrap();
        let exact = solver.solution();
        assert_eq!(
            (f.solution.l_min, f.solution.l_max),
            (exact.l_min, exact.l_max)
        );
        assert_eq!(f.stopped, None);
        assert!(f.solution.stats.nodes > 0);
    }
}
