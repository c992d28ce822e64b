//! The integration tests of the `igo` binary: one test binary (so one link, not one per command),
//! one module per command, helpers shared in [`common`].
//!
//! Where a new test goes: a test of command `igo foo` goes in `foo.rs` beside this file (create it
//! and add `mod foo;` below when the command is new). Run `igo` through `common` (`igo`,
//! `igo_text`, `igo_command`, `igo_with_stdin`, `json`, `assert_bad_input`) and find data through
//! it (`tsumego_data` fails loudly when `../shared/data` is missing, never passes silently). GNU Go
//! is driven through the crate `igo-gtp-client`.

mod common;

// The seeded random-game generator of igo-sgf's tests, shared rather than copied.
#[path = "../../../igo-sgf/tests/common/mod.rs"]
mod random_game;

mod analyze;
mod analyze_dragons;
mod analyze_unconditional;
mod contract;
mod count_legal;
mod gtp;
mod gtp_match;
mod msp;
mod regress;
mod sgf_files;
mod show;
mod smallboard;
mod tsumego;
