//! Reading SGF files from disk: the one way igo reads them (`igo show`, `analyze`, `tsumego`,
//! `smallboard`, GTP `loadsgf`).
//!
//! **Encoding.** SGF's structure, points and moves are ASCII; only text values (comments, names)
//! depend on the encoding, which FF\[4\] gives in the root's `CA` property (default ISO-8859-1).
//! Files in the wild are mostly UTF-8, with or without `CA[UTF-8]`, and some are in Latin-1,
//! GB2312, Big5, Shift_JIS or EUC-KR with or without a `CA` saying so. [`decode`] follows sgfmill,
//! which decodes with `CA` and else ISO-8859-1, with one exception for the common case:
//! - valid UTF-8 is read as UTF-8. If `CA` names another encoding and the text has non-ASCII
//!   bytes, a warning says `CA` was not followed (real text in Latin-1 or GB2312 is almost never
//!   valid UTF-8, so such a `CA` is wrong); a 7-bit encoding such as ISO-2022-JP named by `CA` is
//!   followed when the bytes are all ASCII;
//! - other bytes are decoded with the encoding `CA` names (the WHATWG labels of `encoding_rs`, so
//!   `GB2312` reads as GBK and `ISO-8859-1` as windows-1252, their supersets) and else as
//!   ISO-8859-1, the SGF default, with a warning either way; sequences invalid in that encoding
//!   become U+FFFD with a warning. GNU Go reads the bytes as they are and sgfmill refuses an
//!   unknown `CA`; here an unknown `CA` gives a warning and the default.
//!
//! **Structure.** The text is read by [`parse_with_warnings`]: text after a game tree (a game
//! followed by `---`) is skipped and game trees open at the end are closed, with warnings, as
//! GNU Go and sgfmill read such files. Errors name the file, then the line and column.

use std::fmt;
use std::path::{Path, PathBuf};

use encoding_rs::{Encoding, UTF_8};

use crate::error::{SgfWarning, SgfWarningKind};
use crate::go::{GoError, GoGame};
use crate::parser::parse_with_warnings;
use crate::tree::GameTree;

/// An SGF file as read by [`read_sgf`]: its first game tree as Go, any further game trees, and
/// what the reading passed over.
#[derive(Clone, Debug)]
pub struct SgfFile {
    /// The first game tree of the file, as Go.
    pub game: GoGame,
    /// The game trees after the first (a collection), not checked as Go.
    pub more_trees: Vec<GameTree>,
    /// What the reading passed over or guessed, for the caller to show (a library does not print).
    pub warnings: Vec<SgfWarning>,
}

/// Why a file could not be read: the file, then the cause.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read from disk.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not SGF, or its first game tree is not Go.
    Sgf {
        /// The file.
        path: PathBuf,
        /// What and where.
        source: GoError,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            ReadError::Sgf { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io { source, .. } => Some(source),
            ReadError::Sgf { source, .. } => Some(source),
        }
    }
}

/// Reads an SGF file: decoded as the module documentation says, its first game tree checked as
/// Go. Errors name the file.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("game.sgf");
/// std::fs::write(&path, "(;SZ[9]AB[cc];W[ee])\n---\n").unwrap();
/// let file = igo_sgf::read_sgf(&path).unwrap();
/// assert_eq!(file.game.main_line().len(), 1);
/// assert_eq!(file.warnings[0].to_string(), "line 2, column 1: text after the game tree is ignored");
/// std::fs::write(&path, "(;SZ[9]AB[zz])").unwrap();
/// let e = igo_sgf::read_sgf(&path).unwrap_err().to_string();
/// assert!(e.starts_with(&format!("{}: line 1, column 8: AB[zz]", path.display())), "{e}");
/// ```
pub fn read_sgf(path: &Path) -> Result<SgfFile, ReadError> {
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    read_sgf_bytes(&bytes).map_err(|source| ReadError::Sgf {
        path: path.to_path_buf(),
        source,
    })
}

/// [`read_sgf`] on the bytes of a file.
pub fn read_sgf_bytes(bytes: &[u8]) -> Result<SgfFile, GoError> {
    let (text, mut warnings) = decode(bytes);
    let (trees, structure) = parse_with_warnings(&text)?;
    warnings.extend(structure);
    let mut trees = trees.into_iter();
    let first = trees.next().expect("a collection has a game tree");
    Ok(SgfFile {
        game: GoGame::from_tree(first)?,
        more_trees: trees.collect(),
        warnings,
    })
}

/// The text of an SGF file's bytes, with warnings when it was not plain UTF-8 (see the module
/// documentation).
///
/// ```
/// use igo_sgf::decode;
/// // Latin-1 without CA: the SGF default.
/// let (text, w) = decode(b"(;C[caf\xe9])");
/// assert_eq!(text, "(;C[caf\u{e9}])");
/// assert_eq!(w[0].to_string(), "the file is not UTF-8; read as ISO-8859-1 (the SGF default)");
/// // GB2312 named by CA.
/// let (text, w) = decode(b"(;CA[gb2312]C[\xc6\xe5])");
/// assert_eq!(text, "(;CA[gb2312]C[\u{68cb}])");
/// assert_eq!(w[0].to_string(), "the file is not UTF-8; read as GBK (CA[gb2312])");
/// // UTF-8 is read as it is.
/// assert_eq!(decode("(;C[棋])".as_bytes()), ("(;C[棋])".to_string(), vec![]));
/// ```
pub fn decode(bytes: &[u8]) -> (String, Vec<SgfWarning>) {
    let mut warnings = Vec::new();
    let utf8 = std::str::from_utf8(bytes).ok();
    // SGF's structure is ASCII, so a byte-per-character view finds CA in any ASCII-compatible
    // encoding.
    let view = match utf8 {
        Some(t) => std::borrow::Cow::Borrowed(t),
        None => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    };
    let charset = root_charset(&view);
    let named = charset
        .as_deref()
        .map(|c| (c, Encoding::for_label(c.trim().as_bytes())));
    if let Some((c, None)) = named {
        warnings.push(SgfWarning::whole(SgfWarningKind::UnknownCharset {
            charset: c.to_string(),
        }));
    }
    let named = named.and_then(|(c, e)| Some((c, e?)));
    if let Some(text) = utf8 {
        match named {
            Some((c, enc)) if enc != UTF_8 => {
                if !text.is_ascii() {
                    warnings.push(SgfWarning::whole(SgfWarningKind::CharsetIgnored {
                        charset: c.to_string(),
                    }));
                } else if !enc.is_ascii_compatible() {
                    return decode_with(bytes, enc, None, warnings);
                }
            }
            _ => {}
        }
        return (text.to_string(), warnings);
    }
    match named {
        Some((c, enc)) => {
            let why = format!("CA[{}]", igo_core::text::shorten(c));
            decode_with(bytes, enc, Some(why), warnings)
        }
        None => {
            warnings.push(SgfWarning::whole(SgfWarningKind::NotUtf8 {
                encoding: "ISO-8859-1".into(),
                why: "the SGF default".into(),
            }));
            (view.into_owned(), warnings)
        }
    }
}

/// Decodes with `enc`, noting why (`CA[...]`) when the bytes are not UTF-8 and any replacement.
fn decode_with(
    bytes: &[u8],
    enc: &'static Encoding,
    why: Option<String>,
    mut warnings: Vec<SgfWarning>,
) -> (String, Vec<SgfWarning>) {
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    if let Some(why) = why.filter(|_| enc != UTF_8) {
        warnings.push(SgfWarning::whole(SgfWarningKind::NotUtf8 {
            encoding: enc.name().to_string(),
            why,
        }));
    }
    if had_errors {
        warnings.push(SgfWarning::whole(SgfWarningKind::Replaced {
            encoding: enc.name().to_string(),
            count: text.matches('\u{fffd}').count(),
        }));
    }
    (text.into_owned(), warnings)
}

/// The root's `CA` value of the first game tree. When the text does not read in this view (a
/// multi-byte encoding whose second bytes include `]` or `\\`, such as Shift_JIS), the first
/// `CA[...]` in the text.
fn root_charset(text: &str) -> Option<String> {
    let ca = match parse_with_warnings(text) {
        Ok((trees, _)) => trees.first()?.root().get("CA")?.simple_text(),
        Err(_) => {
            let at = text
                .match_indices("CA[")
                .find(|&(i, _)| !text[..i].ends_with(|c: char| c.is_ascii_uppercase()))?
                .0;
            let value = &text[at + 3..];
            value[..value.find(']')?].to_string()
        }
    };
    Some(ca.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warning_kinds(bytes: &[u8]) -> Vec<SgfWarningKind> {
        decode(bytes).1.into_iter().map(|w| w.kind).collect()
    }

    #[test]
    fn utf8_is_read_as_it_is_and_a_contradicting_ca_is_noted() {
        assert_eq!(warning_kinds("(;CA[UTF-8]C[é])".as_bytes()), []);
        assert_eq!(warning_kinds(b"(;CA[ISO-8859-1]C[plain])"), []);
        assert_eq!(
            warning_kinds("(;CA[ISO-8859-1]C[é])".as_bytes()),
            [SgfWarningKind::CharsetIgnored {
                charset: "ISO-8859-1".into()
            }]
        );
        assert_eq!(
            warning_kinds(b"(;CA[klingon]C[x])"),
            [SgfWarningKind::UnknownCharset {
                charset: "klingon".into()
            }]
        );
    }

    #[test]
    fn bad_bytes_in_the_named_encoding_are_replaced_and_counted() {
        let (text, w) = decode(b"(;CA[UTF-8]C[a\xffb\xfe])");
        assert_eq!(text, "(;CA[UTF-8]C[a\u{fffd}b\u{fffd}])");
        assert_eq!(
            w.into_iter().map(|w| w.kind).collect::<Vec<_>>(),
            [SgfWarningKind::Replaced {
                encoding: "UTF-8".into(),
                count: 2
            }]
        );
    }

    #[test]
    fn shift_jis_is_decoded_before_parsing() {
        // 表 in Shift_JIS is 0x95 0x5C: its second byte is a backslash, which a byte-wise reader
        // would take for an escape. Decoding first keeps the value whole.
        let (text, _) = decode(b"(;CA[Shift_JIS]C[\x95\x5c]GN[x])");
        assert_eq!(text, "(;CA[Shift_JIS]C[\u{8868}]GN[x])");
        let file = read_sgf_bytes(b"(;CA[Shift_JIS]C[\x95\x5c]GN[x])").unwrap();
        assert_eq!(file.game.root().comment().as_deref(), Some("\u{8868}"));
        assert_eq!(file.game.game_name().as_deref(), Some("x"));
    }
}
