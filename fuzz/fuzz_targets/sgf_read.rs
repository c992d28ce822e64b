//! Fuzz target for the SGF reader: any bytes (read as UTF-8 with bad bytes replaced, as
//! `igo show` reads files) must parse to `Ok` or to an error inside the text, never panic or hang;
//! whatever parses must write and read back to the same trees, and whatever reads as Go must
//! answer every accessor, replay, and write back to the same main line. The property is the one
//! the stable test `crates/igo-sgf/tests/robustness.rs` checks.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/igo-sgf/tests/robust/mod.rs"]
mod robust;

fuzz_target!(|data: &[u8]| {
    robust::check(&String::from_utf8_lossy(data));
});
