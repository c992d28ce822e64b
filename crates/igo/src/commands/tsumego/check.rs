//! `igo tsumego check`: the independent checker (igo-check) on solution trees. A file whose root
//! states a local game (`IGR`, ...) is checked as a proof, every tree of it; a problem file with
//! its source's tree is framed by the Monte-Carlo solver's inference and its correct lines are
//! walked under the same rules, to list where the book is incomplete or wrong.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use igo_check::{BookVerdict, CheckError, Game, Life, Threats};
use igo_core::PointSet;
use igo_sgf::GoGame;
use igo_tsumego::uct::Budget;
use igo_tsumego::{solve, Patterns, Problem, Request, SolverConfig};
use serde_json::{json, Value};

use crate::error::bad_input;
use crate::util::{interrupted, print, print_json, progress_bar};

/// Arguments of `igo tsumego check`.
#[derive(Args)]
pub struct CheckArgs {
    /// SGF files or folders (searched recursively): proofs written by `solve --sgf-out` or
    /// `bench --proofs-out`, or problems with their source's solution tree.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Positions checked at most per tree (references re-checked count again).
    #[arg(long, default_value_t = 50_000_000)]
    max_positions: u64,
    /// Playouts of the inference that frames a book tree (region, attacker, target).
    #[arg(long, default_value_t = 10_000)]
    playouts: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// List every book tree's verdict, not only the wrong ones.
    #[arg(long)]
    verbose: bool,
    /// Exit with code 0, not 3, when some proof tree has unread lines (and none is rejected).
    #[arg(long)]
    allow_incomplete: bool,
}

/// Runs the check. Exit code 1 when some proof is rejected; 3 when none is but some tree has
/// lines the prover did not read out (`IGU`: valid where written, not a whole proof), unless
/// `--allow-incomplete`.
pub fn run(args: CheckArgs) -> Result<()> {
    let mut files = Vec::new();
    for p in &args.paths {
        files.extend(super::files::sgf_files(p)?);
    }
    if files.is_empty() {
        return Err(bad_input("no SGF files among the inputs"));
    }
    let bar = progress_bar(files.len() as u64, "check");
    let mut proofs_ok = 0u64;
    let mut proofs_incomplete = 0u64;
    let mut unread_lines = 0u64;
    let mut proofs_rejected: Vec<Value> = Vec::new();
    let mut books: std::collections::BTreeMap<&'static str, u64> = Default::default();
    let mut book_list: Vec<Value> = Vec::new();
    let mut lines_out: Vec<String> = Vec::new();
    let mut leaves: std::collections::BTreeMap<&'static str, u64> = Default::default();
    let mut interrupted_early = false;
    for file in &files {
        if interrupted() {
            interrupted_early = true;
            break;
        }
        bar.set_message(
            file.file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        );
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("reading {}", file.display()))
            .map_err(|e| bad_input(format!("{e:#}")))?;
        let trees =
            igo_sgf::parse(&text).map_err(|e| bad_input(format!("{}: {e}", file.display())))?;
        let is_proof = trees.first().is_some_and(|t| t.root().get("IGR").is_some());
        if is_proof {
            for (i, r) in igo_check::check_sgf(&text, args.max_positions)
                .into_iter()
                .enumerate()
            {
                match r {
                    Ok(rep) => {
                        for (end, n) in &rep.leaves {
                            *leaves.entry(end.name()).or_default() += n;
                        }
                        let what = if rep.is_complete() {
                            proofs_ok += 1;
                            "valid proof".to_string()
                        } else {
                            proofs_incomplete += 1;
                            unread_lines += rep.unread;
                            format!(
                                "INCOMPLETE proof ({} lines not read out by the prover, IGU, \
                                 not checked; the rest valid)",
                                rep.unread
                            )
                        };
                        lines_out.push(format!(
                            "{} tree {}: {what} that {} wins ({} nodes, {} positions checked, {} references, {} checked again)",
                            file.display(),
                            i + 1,
                            igo_check::rules::name(rep.prover),
                            rep.tree_nodes,
                            rep.checked,
                            rep.references,
                            rep.rechecked
                        ));
                    }
                    Err(e) => {
                        if matches!(e, CheckError::Sgf(_)) {
                            return Err(bad_input(format!("{}: {e}", file.display())));
                        }
                        lines_out.push(format!("{} tree {}: REJECTED: {e}", file.display(), i + 1));
                        proofs_rejected.push(json!({
                            "file": file.display().to_string(),
                            "tree": i + 1,
                            "error": e.to_string(),
                        }));
                    }
                }
            }
        } else {
            let stem = file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let problem = Problem::from_sgf(&text, &stem)
                .map_err(|e| bad_input(format!("{}: {e}", file.display())))?;
            let (verdict, detail) = check_book(&problem, &text, args.playouts)?;
            *books.entry(verdict.name()).or_default() += 1;
            if verdict == BookVerdict::Wrong || args.verbose {
                lines_out.push(format!(
                    "{}: book tree {}: {}",
                    file.display(),
                    verdict.name(),
                    detail["summary"].as_str().unwrap_or("")
                ));
                for f in detail["faults"].as_array().into_iter().flatten() {
                    lines_out.push(format!("    {}", f.as_str().unwrap_or("")));
                }
            }
            let mut d = detail;
            d["file"] = json!(file.display().to_string());
            d["verdict"] = json!(verdict.name());
            book_list.push(d);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if args.json {
        print_json(&json!({
            "files": files.len(),
            "proofs_valid": proofs_ok,
            "proofs_incomplete": proofs_incomplete,
            "all_complete": proofs_incomplete == 0 && proofs_rejected.is_empty(),
            "unread_lines": unread_lines,
            "proofs_rejected": proofs_rejected.len(),
            "rejected": proofs_rejected,
            "proof_leaves": leaves,
            "book_trees": books,
            "books": book_list,
            "interrupted": interrupted_early,
        }))?;
    } else {
        let mut text = String::new();
        for l in &lines_out {
            text += l;
            text.push('\n');
        }
        let book_counts = if books.is_empty() {
            "none".to_string()
        } else {
            books
                .iter()
                .map(|(k, v)| format!("{v} {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        text += &format!(
            "proof trees: {} valid, {} incomplete ({unread_lines} unread lines), {} rejected; \
             book trees: {book_counts}\n",
            proofs_ok,
            proofs_incomplete,
            proofs_rejected.len(),
        );
        if interrupted_early {
            text += "interrupted: the figures cover the files checked so far\n";
        }
        print(&text)?;
    }
    if !proofs_rejected.is_empty() {
        anyhow::bail!("{} proof trees rejected", proofs_rejected.len());
    }
    if proofs_incomplete > 0 && !args.allow_incomplete {
        return Err(anyhow::Error::new(crate::error::Incomplete(format!(
            "{proofs_incomplete} proof trees incomplete ({unread_lines} lines not read out by the \
             prover, not checked): not whole proofs"
        ))));
    }
    Ok(())
}

/// Frames a problem by the solver's inference and walks its book tree.
fn check_book(problem: &Problem, text: &str, playouts: u64) -> Result<(BookVerdict, Value)> {
    let config = SolverConfig {
        budget: Budget::Playouts(playouts.max(1)),
        patterns: Some(std::sync::Arc::new(Patterns::shipped())),
        ..SolverConfig::default()
    };
    let answer = solve(problem, &Request::default(), &config, None)
        .map_err(|e| bad_input(format!("{}: {e}", problem.name)))?;
    let go = GoGame::from_sgf(text).map_err(|e| bad_input(format!("{}: {e}", problem.name)))?;
    let region: PointSet = answer.region.points();
    let game = match Game::new(
        &problem.position,
        region,
        answer.attacker,
        answer.target,
        Threats::None,
        Life::Standing,
    ) {
        Ok(g) => g,
        Err(e) => {
            return Ok((
                BookVerdict::Incomplete,
                json!({"summary": format!("not framed: {e}"), "faults": []}),
            ))
        }
    };
    let rep = igo_check::check_book(&go, &game, problem.to_play());
    let verdict = rep.verdict();
    let summary = format!(
        "{} correct lines ({} won by the rules, {} still open), {} of the opponent's legal replies left out at {} positions",
        rep.lines, rep.won, rep.open, rep.missing_replies, rep.opponent_nodes
    );
    let faults: Vec<String> = rep
        .faults
        .iter()
        .map(|(line, why)| format!("after {line}: {why}"))
        .collect();
    Ok((
        verdict,
        json!({
            "summary": summary,
            "lines": rep.lines,
            "won": rep.won,
            "open": rep.open,
            "missing_replies": rep.missing_replies,
            "faults": faults,
            "attacker": answer.attacker.letter().to_string(),
        }),
    ))
}
