//! Offending input in error messages, cut to a readable length.
//!
//! Errors name what was wrong ("bad point \"Z99\"", "SZ\[abc\]: expected a number"), but input can
//! be any size: a 50 MB SGF property value or a megabyte-long GTP argument must not become an
//! error line of the same size. Every error of igo that repeats input passes it through
//! [`shorten`] or [`quote`], which keep the first [`SHOWN`] bytes (cut on a character boundary)
//! and say how long the whole was.

use std::borrow::Cow;

/// The most bytes of offending input an error message repeats.
pub const SHOWN: usize = 200;

/// The longest prefix of `text` of at most `limit` bytes that ends on a character boundary.
fn head(text: &str, limit: usize) -> &str {
    let mut end = limit.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// `text` itself when it has at most [`SHOWN`] bytes, else its first [`SHOWN`] bytes (on a
/// character boundary) followed by `... (N bytes)`.
///
/// ```
/// use igo_core::text::shorten;
/// assert_eq!(shorten("D4"), "D4");
/// let long = "x".repeat(1_000_000);
/// assert_eq!(shorten(&long), format!("{}... (1000000 bytes)", "x".repeat(200)));
/// ```
pub fn shorten(text: &str) -> Cow<'_, str> {
    if text.len() <= SHOWN {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(format!("{}... ({} bytes)", head(text, SHOWN), text.len()))
    }
}

/// `text` in double quotes with Rust's escapes (control characters visible), cut as
/// [`shorten`] cuts it: the ellipsis and the length follow the closing quote.
///
/// ```
/// use igo_core::text::quote;
/// assert_eq!(quote("play b D4"), "\"play b D4\"");
/// assert_eq!(quote("a\tb"), "\"a\\tb\"");
/// let long = "é".repeat(1000); // 2000 bytes
/// assert_eq!(quote(&long), format!("\"{}\"... (2000 bytes)", "é".repeat(100)));
/// ```
pub fn quote(text: &str) -> String {
    if text.len() <= SHOWN {
        format!("{text:?}")
    } else {
        format!("{:?}... ({} bytes)", head(text, SHOWN), text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_unchanged_and_long_text_is_cut_on_a_character_boundary() {
        let exact = "a".repeat(SHOWN);
        assert_eq!(shorten(&exact), exact);
        assert_eq!(quote(&exact), format!("\"{exact}\""));
        // 199 ASCII bytes then a 3-byte character straddling the limit: the cut falls before it.
        let straddle = format!("{}€tail", "a".repeat(SHOWN - 1));
        let cut = shorten(&straddle);
        assert_eq!(
            cut,
            format!("{}... ({} bytes)", "a".repeat(SHOWN - 1), straddle.len())
        );
        let q = quote(&straddle);
        assert!(
            q.starts_with(&format!("\"{}\"", "a".repeat(SHOWN - 1))),
            "{q}"
        );
    }

    #[test]
    fn a_megabyte_gives_a_line_of_bounded_length() {
        let mega = "\u{1}".repeat(1 << 20);
        // Each control character is escaped as \u{1} (6 bytes): still bounded by the cut.
        assert!(quote(&mega).len() < 6 * SHOWN + 40);
        assert!(shorten(&mega).len() < SHOWN + 40);
    }
}
