//! Printing on stdout that reports a closed pipe as an error (which `main` turns into a quiet
//! exit) instead of panicking as `println!` does: text as it is, and JSON as one line.

use std::io::Write;

use anyhow::Result;
use serde::Serialize;

/// Writes `text` to stdout as it is. A reader that closed the pipe (`igo show F | head -1`)
/// gives an error of kind `BrokenPipe`, which `main` turns into a quiet exit, as Unix tools do;
/// `println!` would panic instead.
pub fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Prints a value as one line of JSON on stdout (see [`print()`] for a closed pipe).
pub fn print_json<T: Serialize + ?Sized>(value: &T) -> Result<()> {
    let mut line = serde_json::to_string(value)?;
    line.push('\n');
    print(&line)
}
