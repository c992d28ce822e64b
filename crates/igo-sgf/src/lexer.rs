//! The SGF lexer: text to tokens `(` `)` `;`, property identifiers and raw property values, each
//! with its line and column.
//!
//! Values are kept raw (escapes and line breaks untouched) so that writing them back gives the
//! same bytes; [`crate::PropValue`] decodes them on demand. The lexer is a single forward pass with
//! no recursion and no backtracking, so its time is linear in the input on any bytes.

use crate::error::{SgfError, SgfErrorKind, TextPos};

/// One token of SGF text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `(`: a game tree starts.
    Open,
    /// `)`: a game tree ends.
    Close,
    /// `;`: a node starts.
    Semicolon,
    /// A property identifier with lower-case letters removed (FF\[3\] `AddBlack` reads as `AB`).
    Ident(String),
    /// A property value without its brackets, escapes untouched.
    Value(String),
}

/// A forward-only tokenizer over SGF text.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    pos: TextPos,
    /// The previous character was `\r` (so a following `\n` belongs to the same line break).
    after_cr: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            pos: TextPos { line: 1, column: 1 },
            after_cr: false,
        }
    }

    /// The place of the next character.
    pub(crate) fn pos(&self) -> TextPos {
        self.pos
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// Consumes one character, keeping line and column.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        match c {
            '\n' if self.after_cr => {
                // `\r\n` is one line break, already counted at the `\r`.
                self.after_cr = false;
            }
            '\n' | '\r' => {
                self.pos.line += 1;
                self.pos.column = 1;
                self.after_cr = c == '\r';
            }
            _ => {
                self.pos.column += 1;
                self.after_cr = false;
            }
        }
        Some(c)
    }

    /// Skips text before the first game tree, as most readers do (mail headers, notes): moves to
    /// the first `(` that is followed, after optional white space, by `;`. If there is none, moves
    /// to the first `(` (so that the parser reports what is wrong after it); returns false when the
    /// text has no `(` at all.
    pub(crate) fn skip_to_game_tree(&mut self) -> bool {
        let bytes = self.text.as_bytes();
        let start = (self.at..bytes.len()).find(|&i| {
            bytes[i] == b'('
                && bytes[i + 1..]
                    .iter()
                    .find(|b| !b.is_ascii_whitespace())
                    .is_some_and(|&b| b == b';')
        });
        let start = start.or_else(|| {
            bytes[self.at..]
                .iter()
                .position(|&b| b == b'(')
                .map(|k| k + self.at)
        });
        match start {
            Some(target) => {
                while self.at < target {
                    self.bump();
                }
                true
            }
            None => false,
        }
    }

    /// Whether a game tree starts here: `(` and, after optional white space, `;`.
    pub(crate) fn at_game_tree(&self) -> bool {
        let rest = &self.text.as_bytes()[self.at..];
        rest.first() == Some(&b'(')
            && rest[1..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b';')
    }

    /// Skips past the current character to the next `(` that starts a game tree (see
    /// [`Lexer::at_game_tree`]); returns false, at the end of the text, if there is none.
    pub(crate) fn skip_to_next_game_tree(&mut self) -> bool {
        self.bump();
        while self.peek().is_some() {
            if self.at_game_tree() {
                return true;
            }
            self.bump();
        }
        false
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The next character after white space and where it is, without consuming it.
    pub(crate) fn peek_significant(&mut self) -> Option<(char, TextPos)> {
        self.skip_whitespace();
        self.peek().map(|c| (c, self.pos))
    }

    /// Whether the next token (after white space) is a property value.
    pub(crate) fn value_follows(&mut self) -> bool {
        self.skip_whitespace();
        self.peek() == Some('[')
    }

    /// The next token and where it starts, or `None` at the end of the text.
    pub(crate) fn next_token(&mut self) -> Result<Option<(Token, TextPos)>, SgfError> {
        self.skip_whitespace();
        let pos = self.pos;
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let token = match c {
            '(' => {
                self.bump();
                Token::Open
            }
            ')' => {
                self.bump();
                Token::Close
            }
            ';' => {
                self.bump();
                Token::Semicolon
            }
            '[' => {
                self.bump();
                Token::Value(self.raw_value(pos)?)
            }
            c if c.is_ascii_alphabetic() => {
                let start = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    self.bump();
                }
                let written = &self.text[start..self.at];
                let ident: String = written.chars().filter(char::is_ascii_uppercase).collect();
                if ident.is_empty() {
                    return Err(SgfError::new(
                        pos,
                        SgfErrorKind::NoCapitalLetter(written.to_string()),
                    ));
                }
                Token::Ident(ident)
            }
            found => {
                return Err(SgfError::new(
                    pos,
                    SgfErrorKind::UnexpectedChar {
                        found,
                        expected: "'(', ')', ';', a property identifier or '['",
                    },
                ))
            }
        };
        Ok(Some((token, pos)))
    }

    /// Reads up to the `]` that closes a value opened at `open`; a backslash escapes the next
    /// character, whatever it is.
    fn raw_value(&mut self, open: TextPos) -> Result<String, SgfError> {
        let start = self.at;
        loop {
            match self.bump() {
                None => return Err(SgfError::new(open, SgfErrorKind::UnterminatedValue)),
                Some(']') => return Ok(self.text[start..self.at - 1].to_string()),
                Some('\\') => {
                    if self.bump().is_none() {
                        return Err(SgfError::new(open, SgfErrorKind::UnterminatedValue));
                    }
                }
                Some(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tokens with (line, column).
    type Located = Vec<(Token, (usize, usize))>;

    fn tokens(text: &str) -> Result<Located, SgfError> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        while let Some((t, p)) = lexer.next_token()? {
            out.push((t, (p.line, p.column)));
        }
        Ok(out)
    }

    #[test]
    fn tokens_carry_line_and_column() {
        let t = tokens("(;GM[1]\n  SZ[9])").unwrap();
        assert_eq!(
            t,
            vec![
                (Token::Open, (1, 1)),
                (Token::Semicolon, (1, 2)),
                (Token::Ident("GM".into()), (1, 3)),
                (Token::Value("1".into()), (1, 5)),
                (Token::Ident("SZ".into()), (2, 3)),
                (Token::Value("9".into()), (2, 5)),
                (Token::Close, (2, 8)),
            ]
        );
    }

    #[test]
    fn crlf_and_lone_cr_are_one_line_break_each() {
        let t = tokens("(\r\n;\r;\n\r;").unwrap();
        let lines: Vec<usize> = t.iter().map(|(_, (l, _))| *l).collect();
        // "\n\r" is two breaks under this rule (a `\n`, then a lone `\r`).
        assert_eq!(lines, vec![1, 2, 3, 5]);
    }

    #[test]
    fn values_stay_raw_with_escapes() {
        let t = tokens(
            r"C[a\]b\\]C[x\
y]",
        )
        .unwrap();
        assert_eq!(t[1].0, Token::Value(r"a\]b\\".into()));
        assert_eq!(t[3].0, Token::Value("x\\\ny".into()));
    }

    #[test]
    fn lower_case_letters_are_dropped_from_identifiers() {
        let t = tokens("AddBlack[aa]").unwrap();
        assert_eq!(t[0].0, Token::Ident("AB".into()));
        assert_eq!(
            tokens("(;add[aa])").unwrap_err().kind,
            SgfErrorKind::NoCapitalLetter("add".into())
        );
    }

    #[test]
    fn unterminated_value_is_reported_at_its_bracket() {
        let e = tokens("(;B[aa]\nC[abc\\]").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        assert_eq!(e.kind, SgfErrorKind::UnterminatedValue);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let e = tokens("C[é]ü").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
    }
}
