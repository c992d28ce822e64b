//! Errors repeat the offending input cut to a readable length (issue 8's battery: a 50 MB property
//! value gave a 100 MB error line). Each case puts a megabyte where an error quotes input and
//! checks that the message is short, still names the place, and still shows the start of it.

use igo_sgf::GoGame;

const MEGA: usize = 1 << 20;

fn error_of(text: &str) -> String {
    GoGame::from_sgf(text).expect_err("bad input").to_string()
}

#[test]
fn a_megabyte_in_a_property_value_or_identifier_gives_a_short_error() {
    let digits = "7".repeat(MEGA);
    let letters = "Q".repeat(MEGA);
    let cases = [
        // Go layer: values that do not read.
        (format!("(;SZ[x{digits}])"), "SZ[x777"),
        (format!("(;GM[{digits}])"), "GM[777"),
        (format!("(;SZ[9];B[{letters}])"), "\"QQQ"),
        (format!("(;SZ[9]AB[aa:{letters}])"), "\"QQQ"),
        (format!("(;SZ[9]PL[{letters}])"), "PL[QQQ"),
        // SGF grammar: identifiers.
        (format!("(;{letters})"), "property QQQ"),
        (format!("({letters}[a];B[aa])"), "property QQQ"),
        (format!("(;a{}[x])", "q".repeat(MEGA)), "\"aqqq"),
    ];
    for (text, shown) in cases {
        let e = error_of(&text);
        assert!(e.len() < 700, "{} bytes: {}", e.len(), &e[..700]);
        assert!(e.contains(shown), "{e}");
        assert!(e.contains("line 1, column"), "{e}");
        assert!(
            e.contains(" bytes)"),
            "the length of what was cut is given: {e}"
        );
    }
}
