//! What `solve`, `bench`, `check` and `patterns` share: problem files read (named in errors),
//! pattern files, the SGF files of folders, output paths checked before the work, and `--goal`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use igo_tsumego::bench::problem_files;
use igo_tsumego::{Goal, Patterns, Problem, ProblemError};

use crate::error::{bad_input, InputContext};
use crate::util::OutputFile;

/// Reads the problem in `path`; errors name the file. Bytes that are not UTF-8 are read as
/// `show` and `analyze` read them (replaced, so that a Latin-1 comment does not lose the problem).
pub(super) fn read_problem(path: &Path) -> Result<Problem> {
    load_problem(path).map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// The position after `moves` moves of the main line of the file in `path`, as a problem
/// (`solve --move N`); errors name the file.
pub(super) fn read_problem_after(path: &Path, moves: usize) -> Result<Problem> {
    let (text, stem) =
        problem_text(path).map_err(|e| bad_input(format!("{}: {e}", path.display())))?;
    Problem::from_sgf_after(&text, &stem, moves)
        .map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// Reads the problem in `path`; the error says what went wrong but not the file (a bench line
/// names it once).
pub(super) fn load_problem(path: &Path) -> std::result::Result<Problem, String> {
    let (text, stem) = problem_text(path)?;
    Problem::from_sgf(&text, &stem).map_err(|e| match e {
        ProblemError::OnlyMoves(_) => {
            format!("{e}; `igo tsumego solve --move N` solves the position after N of them")
        }
        e => e.to_string(),
    })
}

/// The text of the file in `path` and its stem (the name of a problem without `GN`).
fn problem_text(path: &Path) -> std::result::Result<(String, String), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok((text, stem))
}

/// The pattern file `with` (errors name it), or the shipped one.
pub(super) fn read_patterns(with: Option<&Path>) -> Result<Patterns> {
    Ok(match with {
        Some(path) => {
            let bytes = std::fs::read(path).input_context(|| path.display().to_string())?;
            Patterns::from_bytes(&bytes).input_context(|| path.display().to_string())?
        }
        None => Patterns::shipped(),
    })
}

/// Checks an optional output path before the work.
pub(super) fn output(path: &Option<PathBuf>) -> Result<Option<OutputFile>> {
    path.as_deref().map(OutputFile::check).transpose()
}

/// The goal `--goal` names (`kill` or `live`), if given.
pub(super) fn parse_goal(goal: Option<&str>) -> Result<Option<Goal>> {
    match goal {
        Some(g) => Ok(Some(Goal::from_name(g).ok_or_else(|| {
            bad_input(format!("--goal {g:?}: expected kill or live"))
        })?)),
        None => Ok(None),
    }
}

/// The SGF files under `path` (itself if a file), sorted.
pub(super) fn sgf_files(path: &Path) -> Result<Vec<PathBuf>> {
    problem_files(path)
        .with_context(|| format!("reading folder {}", path.display()))?
        .ok_or_else(|| bad_input(format!("{}: no such file or folder", path.display())))
}
