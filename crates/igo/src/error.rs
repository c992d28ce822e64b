//! Exit codes: 2 for bad input (arguments, files, SGF), 130 for a command stopped by Ctrl-C
//! ([`crate::util::interrupt`]), 3 for `igo tsumego check` finding proof trees with unread
//! lines and none rejected ([`Incomplete`]), 1 for anything else that went wrong.

use std::fmt;

/// Marks an error as the user's input being wrong, so that `igo` exits with code 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: i32 = 130;

/// The error of a command that Ctrl-C stopped: `main` exits with [`EXIT_INTERRUPTED`]
/// (see [`crate::util::interrupt`]).
#[derive(Debug)]
pub struct Interrupted(pub String);

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "interrupted: {}", self.0)
    }
}

impl std::error::Error for Interrupted {}

/// Exit code of `igo tsumego check` when no tree is rejected but some has unread lines: valid
/// where written, not a whole proof.
pub const EXIT_INCOMPLETE: i32 = 3;

/// The error of a check that found incomplete proofs (and no rejected one): `main` exits with
/// [`EXIT_INCOMPLETE`].
#[derive(Debug)]
pub struct Incomplete(pub String);

impl fmt::Display for Incomplete {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Incomplete {}

/// An error that exits with code 2.
pub fn bad_input(msg: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(BadInput(msg.into()))
}

/// The exit code for an error: 130 when Ctrl-C stopped the command, 2 when any cause in its
/// chain is bad input, 3 for incomplete proofs, else 1.
pub fn exit_code(err: &anyhow::Error) -> i32 {
    if err.chain().any(|e| e.is::<Interrupted>()) {
        EXIT_INTERRUPTED
    } else if err.chain().any(|e| e.is::<Incomplete>()) {
        EXIT_INCOMPLETE
    } else if err.chain().any(|e| e.is::<BadInput>()) {
        2
    } else {
        1
    }
}

/// Extension to mark results' errors as bad input with a context message.
pub trait InputContext<T> {
    /// On error, wraps it as bad input with `what` in front of the cause.
    fn input_context(self, what: impl FnOnce() -> String) -> anyhow::Result<T>;
}

impl<T, E: fmt::Display> InputContext<T> for Result<T, E> {
    fn input_context(self, what: impl FnOnce() -> String) -> anyhow::Result<T> {
        self.map_err(|e| bad_input(format!("{}: {e}", what())))
    }
}
