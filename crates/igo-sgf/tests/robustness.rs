//! The reader on hostile input, on stable Rust (the cargo-fuzz target in `fuzz/` runs the same
//! property under libFuzzer on nightly): arbitrary bytes, token soup built from SGF's own pieces,
//! and real files with random mutations must read to `Ok` or to an error inside the text, never
//! panic or hang; whatever reads round-trips (see `robust/mod.rs`).

use std::path::Path;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};

mod robust;

/// Pieces SGF is made of, so that random sequences reach deep into the parser and the Go layer.
const PIECES: &[&str] = &[
    "(", ")", ";", "(;", "[", "]", "\\", "\\]", ":", "\n", " ", "B", "W", "AB", "AW", "AE", "PL",
    "SZ", "KM", "GM", "LB", "TR", "TE", "BM", "C", "Add", "[aa]", "[]", "[tt]", "[ss]", "[aa:cc]",
    "[cc:aa]", "[9]", "[19]", "[9:7]", "[52]", "[0]", "[1]", "[2]", "[B]", "[W]", "[7.5]",
    "[2.75]", "[ee]", "[dd]", "[ab]", "[ba]", "[bb]", "[zz]", "[aa:x]", "é", "\r\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        robust::check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn token_soup_never_panics(pieces in prop::collection::vec(prop::sample::select(PIECES), 0..80)) {
        robust::check(&pieces.concat());
    }
}

/// Real files to mutate: the public-domain Gokyo Shumyo problems of the shared collection (the
/// copyrighted ones are read in place, never copied), plus a composed game with every kind of
/// property.
fn seeds() -> Vec<String> {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tsumego/gokyo-shumyo");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the tsumego data is missing at {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    // The folder holds 195 problems; an empty or truncated copy must fail, not shrink the test.
    assert!(
        files.len() >= 190,
        "the tsumego data at {} holds only {} files",
        dir.display(),
        files.len()
    );
    let mut out: Vec<String> = files
        .iter()
        .step_by(10)
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    out.push(
        "(;GM[1]FF[4]CA[UTF-8]SZ[9:7]KM[6.5]RU[Japanese]RE[B+R]GN[x]PL[W]AB[aa:cb][ee]AW[gg]\
         C[a \\] b\\\nc];W[fe]LB[ee:A][dd:b\\:c]TR[aa]SQ[bb:cc](;B[]TE[2];W[tt]BM[1])(;B[ff]DO[];AE[ee]PL[B];B[ee]))"
            .to_string(),
    );
    out
}

fn mutate(text: &str, rng: &mut impl Rng) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = b.len();
        let at = rng.random_range(0..=len);
        match rng.random_range(0..5) {
            0 if len > 0 => {
                let end = (at + rng.random_range(1..=8)).min(len);
                b.drain(at.min(len)..end);
            }
            1 if at < len => b[at] = rng.random(),
            2 => {
                let piece = PIECES[rng.random_range(0..PIECES.len())].as_bytes();
                b.splice(at..at, piece.iter().copied());
            }
            3 if len > 0 => {
                let start = rng.random_range(0..len);
                let end = (start + rng.random_range(1..=40)).min(len);
                let chunk: Vec<u8> = b[start..end].to_vec();
                b.splice(at..at, chunk);
            }
            _ => b.truncate(at),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn mutated_real_files_never_panic() {
    let seeds = seeds();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2024);
    let mut read_ok = 0;
    for _ in 0..6000 {
        let base = &seeds[rng.random_range(0..seeds.len())];
        let text = mutate(base, &mut rng);
        robust::check(&text);
        read_ok += igo_sgf::parse(&text).is_ok() as usize;
    }
    // The mutations must leave many files readable, or the Go layer would go untested.
    assert!(read_ok > 1000, "only {read_ok} mutated files read");
}
