//! GTP framing (GTP 2, section 2): reading a command line into an optional id, a name and
//! arguments, and writing `=id result` / `?id message` responses ended by a blank line.
//!
//! Lines are read as bytes: a line that is not valid UTF-8 is decoded with replacement
//! characters, so its id is still answered (GTP 2 section 2.1 asks only for ASCII, but a
//! controller that sends a stray byte must still get its answer matched to its command).

use std::fmt::Write as _;

use igo_core::text::quote;
use igo_core::Color;

/// One command as sent by the controller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The numeric id, echoed in the response.
    pub id: Option<u64>,
    /// The command name.
    pub name: String,
    /// The arguments, split on white space.
    pub args: Vec<String>,
}

/// Reads one line of input as GTP 2 says (section 2.2): control characters other than tab and
/// newline are removed, tabs become spaces, `#` starts a comment; a line with nothing left is
/// not a command (`None`). A leading number is the id.
///
/// ```
/// use igo_gtp::protocol::parse_line;
/// let c = parse_line("12 play b D4 # comment").unwrap();
/// assert_eq!(c.id, Some(12));
/// assert_eq!(c.name, "play");
/// assert_eq!(c.args, ["b", "D4"]);
/// assert!(parse_line("   # only a comment").is_none());
/// ```
pub fn parse_line(line: &str) -> Option<Command> {
    let mut clean = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '#' => break,
            '\t' => clean.push(' '),
            c if c.is_control() => {}
            c => clean.push(c),
        }
    }
    let mut words = clean.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or("").to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// [`parse_line`] on raw bytes: invalid UTF-8 becomes replacement characters, which are not a
/// command's or a number's characters, so the id and the rest of the line still read.
///
/// ```
/// use igo_gtp::protocol::parse_bytes;
/// let c = parse_bytes(b"7 name \xff\xfe").unwrap();
/// assert_eq!(c.id, Some(7));
/// assert_eq!(c.name, "name");
/// ```
pub fn parse_bytes(line: &[u8]) -> Option<Command> {
    parse_line(&String::from_utf8_lossy(line))
}

/// The response text for a command: `=id result` on success, `?id message` on failure, each
/// ended by an empty line. Empty lines inside a result are not allowed by GTP; they are dropped.
pub fn format_response(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, body) = match result {
        Ok(s) => ('=', s.as_str()),
        Err(s) => ('?', s.as_str()),
    };
    let mut out = String::new();
    out.push(mark);
    if let Some(id) = id {
        let _ = write!(out, "{id}");
    }
    // A body that starts with a line break (a board diagram) starts on the line after the mark.
    let separator = if body.starts_with('\n') { '\n' } else { ' ' };
    let body: Vec<&str> = body.lines().filter(|l| !l.trim().is_empty()).collect();
    if !body.is_empty() {
        out.push(separator);
        out.push_str(&body.join("\n"));
    }
    out.push_str("\n\n");
    out
}

/// The first line of a response with `id`, for commands that stream more lines after it
/// (`lz-analyze`): `=id` and a line break, without the blank line that ends the response.
pub fn response_head(id: Option<u64>) -> String {
    match id {
        Some(id) => format!("={id}\n"),
        None => "=\n".to_string(),
    }
}

/// The colour argument `k` (`syntax error` if missing or unreadable).
pub(crate) fn color_arg(args: &[String], k: usize) -> Result<Color, String> {
    let s = args.get(k).ok_or("syntax error")?;
    // The spec's words first, then the argument (cut if long, igo_core::text::quote).
    Color::from_name(s).ok_or_else(|| format!("syntax error: invalid color {}", quote(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_tabs_are_cleaned() {
        let c = parse_line("\u{1}boardsize\t9\r").unwrap();
        assert_eq!(c.name, "boardsize");
        assert_eq!(c.args, ["9"]);
        assert_eq!(c.id, None);
        assert!(parse_line("").is_none());
        assert!(parse_line("\t  \r").is_none());
    }

    #[test]
    fn a_line_with_bad_bytes_keeps_its_id() {
        let c = parse_bytes(b"42 pl\xc3ay b D4").unwrap();
        assert_eq!(c.id, Some(42));
        assert_eq!(c.args, ["b", "D4"]);
        let c = parse_bytes(b"9 \x80\x81").unwrap();
        assert_eq!(c.id, Some(9));
        assert_ne!(c.name, "");
    }

    #[test]
    fn responses_carry_the_id_and_end_with_a_blank_line() {
        assert_eq!(format_response(Some(3), &Ok(String::new())), "=3\n\n");
        assert_eq!(format_response(None, &Ok("D4".into())), "= D4\n\n");
        assert_eq!(
            format_response(Some(1), &Err("illegal move".into())),
            "?1 illegal move\n\n"
        );
        assert_eq!(format_response(None, &Ok("a\n\nb".into())), "= a\nb\n\n");
        assert_eq!(format_response(None, &Ok("\n x\n".into())), "=\n x\n\n");
        assert_eq!(response_head(Some(5)), "=5\n");
    }
}
