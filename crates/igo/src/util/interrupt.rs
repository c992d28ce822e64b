//! Ctrl-C, the same way in every long command.
//!
//! The contract: a long command polls [`interrupted`] (or hands [`interrupt_flag`] to the library
//! as its stop flag) and, when Ctrl-C stopped it,
//! - prints what it has as partial results, the JSON form carrying `"interrupted": true`
//!   ([`stopped`] adds it),
//! - writes no output file as if it were final (a checkpoint made to be resumed is the
//!   exception: it says itself what it holds),
//! - and ends with the error [`stopped`] returns, which `main` prints as `igo: interrupted: ...`
//!   and turns into exit code 130 (128 + SIGINT, as shells report a process killed by Ctrl-C).
//!
//! A second Ctrl-C ends the process at once with code 130, for a command that does not poll.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use serde::Serialize;
use serde_json::Value;

use super::print::print_json;
pub use crate::error::{Interrupted, EXIT_INTERRUPTED};

/// The flag that Ctrl-C sets. The first call installs the handler.
pub fn interrupt_flag() -> &'static AtomicBool {
    static FLAG: OnceLock<&'static AtomicBool> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        // If a handler cannot be installed (already set), Ctrl-C simply kills the process.
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(EXIT_INTERRUPTED);
            }
        });
        flag
    })
}

/// Whether Ctrl-C was pressed (installs the handler on the first call).
pub fn interrupted() -> bool {
    interrupt_flag().load(Ordering::Relaxed)
}

/// Ends a command that Ctrl-C stopped. With `partial` (the command's JSON report of what it
/// has), prints it as one JSON line with `"interrupted": true` added; then returns the error
/// that makes `igo` say `interrupted: {what}` and exit with code 130. A text-mode command prints
/// its partial results itself and passes `None`.
pub fn stopped<T: Serialize>(partial: Option<&T>, what: impl Into<String>) -> anyhow::Error {
    let what = what.into();
    if let Some(report) = partial {
        let printed = serde_json::to_value(report)
            .map_err(anyhow::Error::from)
            .and_then(|v| print_json(&mark_interrupted(v)));
        if let Err(e) = printed {
            return e.context(Interrupted(what));
        }
    }
    anyhow::Error::new(Interrupted(what))
}

/// `value` with `"interrupted": true`: added to an object, or an object `{"result": value,
/// "interrupted": true}` around anything else.
pub fn mark_interrupted(value: Value) -> Value {
    match value {
        Value::Object(mut map) => {
            map.insert("interrupted".into(), Value::Bool(true));
            Value::Object(map)
        }
        other => serde_json::json!({"result": other, "interrupted": true}),
    }
}

/// Whether Ctrl-C stopped the command that returned `err`.
pub fn is_interrupted(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.is::<Interrupted>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_is_added_to_objects_and_wraps_the_rest() {
        let v = mark_interrupted(serde_json::json!({"a": 1}));
        assert_eq!(v, serde_json::json!({"a": 1, "interrupted": true}));
        let v = mark_interrupted(serde_json::json!([1, 2]));
        assert_eq!(
            v,
            serde_json::json!({"result": [1, 2], "interrupted": true})
        );
    }
}
