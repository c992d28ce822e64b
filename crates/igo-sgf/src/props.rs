//! Properties and property values: raw SGF text kept as written, with decoding of the FF\[4\]
//! value types Text, SimpleText and Compose on demand.
//!
//! A value is stored raw (between its brackets, escapes untouched) so that unknown properties and
//! odd but valid text come back byte for byte when written. The one invariant is that a raw value
//! can be written between `[` and `]` and read back unchanged: no unescaped `]` and no trailing
//! lone `\`.

use std::fmt;

use crate::error::TextPos;

/// One property value as written between `[` and `]`, escapes untouched.
///
/// ```
/// use igo_sgf::PropValue;
/// let v = PropValue::from_text("a ] and a \\");
/// assert_eq!(v.as_raw(), r"a \] and a \\");
/// assert_eq!(v.text(), "a ] and a \\");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PropValue(String);

impl PropValue {
    /// A value from raw SGF text (what stands between the brackets), if it is one: it must not
    /// hold an unescaped `]` nor end in an unescaped `\`.
    ///
    /// ```
    /// use igo_sgf::PropValue;
    /// assert!(PropValue::from_raw(r"aa\]").is_some());
    /// assert!(PropValue::from_raw("a]").is_none());
    /// assert!(PropValue::from_raw("a\\").is_none());
    /// ```
    pub fn from_raw(raw: &str) -> Option<PropValue> {
        let mut escaped = false;
        for c in raw.chars() {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => return None,
                (false, _) => {}
            }
        }
        (!escaped).then(|| PropValue(raw.to_string()))
    }

    /// Raw text the lexer has checked already.
    pub(crate) fn from_lexer(raw: String) -> PropValue {
        PropValue(raw)
    }

    /// A Text or SimpleText value: `\` and `]` are escaped, everything else is kept (line breaks
    /// included, so a comment keeps its lines).
    pub fn from_text(text: &str) -> PropValue {
        PropValue(escape(text, false))
    }

    /// A Compose value `first:second` (as in `LB[aa:label]`, `AP[name:version]`, `SZ[9:7]`):
    /// both halves are escaped as text, and a `:` in the first half as well so that the split
    /// point stays the first unescaped colon.
    ///
    /// ```
    /// use igo_sgf::PropValue;
    /// let v = PropValue::compose("a:b", "c:d");
    /// assert_eq!(v.as_raw(), r"a\:b:c:d");
    /// let (x, y) = v.split_compose().unwrap();
    /// assert_eq!((x.text(), y.text()), ("a:b".to_string(), "c:d".to_string()));
    /// ```
    pub fn compose(first: &str, second: &str) -> PropValue {
        let mut raw = escape(first, true);
        raw.push(':');
        raw.push_str(&escape(second, false));
        PropValue(raw)
    }

    /// The value as written in the file, escapes untouched.
    pub fn as_raw(&self) -> &str {
        &self.0
    }

    /// Whether the value is `[]` (an empty list, a pass, or an empty text).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value decoded as FF\[4\] Text: escapes resolved, soft line breaks (`\` before a line
    /// break) removed, line breaks (`\n`, `\r\n`, `\n\r`, `\r`) made `\n`, other white space
    /// made a space.
    pub fn text(&self) -> String {
        decode(&self.0, true)
    }

    /// The value decoded as FF\[4\] SimpleText: like [`PropValue::text`] but hard line breaks
    /// become spaces too.
    pub fn simple_text(&self) -> String {
        decode(&self.0, false)
    }

    /// The two raw halves of a Compose value, split at the first unescaped `:`; `None` if there
    /// is no such colon.
    pub fn split_compose(&self) -> Option<(PropValue, PropValue)> {
        let mut escaped = false;
        for (i, c) in self.0.char_indices() {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ':') => {
                    return Some((
                        PropValue(self.0[..i].to_string()),
                        PropValue(self.0[i + 1..].to_string()),
                    ))
                }
                (false, _) => {}
            }
        }
        None
    }
}

impl From<&str> for PropValue {
    /// The same as [`PropValue::from_text`].
    fn from(text: &str) -> PropValue {
        PropValue::from_text(text)
    }
}

impl From<String> for PropValue {
    /// The same as [`PropValue::from_text`].
    fn from(text: String) -> PropValue {
        PropValue::from_text(&text)
    }
}

impl fmt::Display for PropValue {
    /// The raw value, as written between brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn escape(text: &str, colon: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' || (colon && c == ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn decode(raw: &str, keep_line_breaks: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // A soft line break: the break and the backslash vanish.
                Some(b @ ('\n' | '\r')) => skip_pair(&mut chars, b),
                Some(e) if e.is_whitespace() => out.push(' '),
                Some(e) => out.push(e),
                None => {}
            },
            '\n' | '\r' => {
                skip_pair(&mut chars, c);
                out.push(if keep_line_breaks { '\n' } else { ' ' });
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// After a line-break character `first`, consumes its partner of a two-character break
/// (`\r\n` or `\n\r`).
fn skip_pair(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, first: char) {
    let partner = if first == '\n' { '\r' } else { '\n' };
    if chars.peek() == Some(&partner) {
        chars.next();
    }
}

/// A property: an identifier (capital letters) and one or more values, in the order written.
///
/// Equality ignores where the property was read from.
#[derive(Clone, Debug)]
pub struct Property {
    id: String,
    values: Vec<PropValue>,
    pos: Option<TextPos>,
}

impl PartialEq for Property {
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Eq for Property {}

/// Whether `id` is a valid FF\[4\] property identifier: one or more capital letters A-Z.
pub fn is_valid_identifier(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase())
}

impl Property {
    /// A property with these values. An empty list of values is written `[]`, the FF\[4\] empty
    /// list, so it is stored as one empty value.
    ///
    /// # Panics
    /// If `id` is not one or more capital letters A-Z (identifiers in code are literals; text
    /// from files goes through the parser, which reports bad identifiers as errors).
    pub fn new(id: &str, values: Vec<PropValue>) -> Property {
        assert!(
            is_valid_identifier(id),
            "SGF property identifier {id:?} must be capital letters A-Z"
        );
        let values = if values.is_empty() {
            vec![PropValue::default()]
        } else {
            values
        };
        Property {
            id: id.to_string(),
            values,
            pos: None,
        }
    }

    pub(crate) fn parsed(id: String, values: Vec<PropValue>, pos: TextPos) -> Property {
        debug_assert!(is_valid_identifier(&id) && !values.is_empty());
        Property {
            id,
            values,
            pos: Some(pos),
        }
    }

    /// The identifier, e.g. `"AB"`.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The values, at least one.
    pub fn values(&self) -> &[PropValue] {
        &self.values
    }

    /// The first value (most properties have exactly one).
    pub fn value(&self) -> &PropValue {
        &self.values[0]
    }

    /// Where the identifier was read, for a property read from text.
    pub fn pos(&self) -> Option<TextPos> {
        self.pos
    }

    pub(crate) fn values_mut(&mut self) -> &mut Vec<PropValue> {
        &mut self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn text_decoding_follows_ff4() {
        let v = PropValue::from_raw("a\\]b\\\\c\\:d").unwrap();
        assert_eq!(v.text(), "a]b\\c:d");
        // Soft line breaks vanish in every form; hard ones become \n (Text) or space (SimpleText).
        let v = PropValue::from_raw("one\\\ntwo\\\r\nthree\r\nfour\n\rfive\rsix\tseven").unwrap();
        assert_eq!(v.text(), "onetwothree\nfour\nfive\nsix seven");
        assert_eq!(v.simple_text(), "onetwothree four five six seven");
        // An escaped space is still a space; an escaped letter is the letter.
        assert_eq!(PropValue::from_raw("a\\\tb\\n").unwrap().text(), "a bn");
    }

    #[test]
    fn compose_splits_at_first_unescaped_colon() {
        let v = PropValue::from_raw("9:7").unwrap();
        let (a, b) = v.split_compose().unwrap();
        assert_eq!((a.as_raw(), b.as_raw()), ("9", "7"));
        let v = PropValue::from_raw("a\\:b:c").unwrap();
        let (a, b) = v.split_compose().unwrap();
        assert_eq!((a.text(), b.text()), ("a:b".to_string(), "c".to_string()));
        assert!(PropValue::from_raw("a\\:b")
            .unwrap()
            .split_compose()
            .is_none());
    }

    #[test]
    fn empty_list_is_one_empty_value() {
        let p = Property::new("AE", vec![]);
        assert_eq!(p.values(), &[PropValue::default()]);
    }

    #[test]
    #[should_panic(expected = "capital letters")]
    fn lower_case_identifier_in_code_panics() {
        Property::new("Ab", vec![]);
    }

    proptest! {
        #[test]
        fn text_survives_escaping(s in "[a-z \\]\\\\:\n\\[]{0,20}") {
            let v = PropValue::from_text(&s);
            prop_assert!(PropValue::from_raw(v.as_raw()).is_some());
            prop_assert_eq!(v.text(), s);
        }

        #[test]
        fn composed_halves_survive(a in "[a-z:\\]\\\\]{0,8}", b in "[a-z:\\]\\\\]{0,8}") {
            let v = PropValue::compose(&a, &b);
            let (x, y) = v.split_compose().unwrap();
            prop_assert_eq!(x.text(), a);
            prop_assert_eq!(y.text(), b);
        }
    }
}
