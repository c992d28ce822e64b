//! The pattern file: a small versioned binary format, little-endian.
//!
//! ```text
//! magic      8 bytes  "IGOTSPAT"
//! version    u32      1
//! sources    u32 n, then n times: u16 length + UTF-8 name of a problem learned from
//! 3x3        u32 n, then n times: u32 canonical code, u32 played, u32 seen
//! 5x5        u32 n, then n times: u64 canonical code, u32 played, u32 seen
//! ```
//!
//! Hand-written rather than a serialisation crate: the format is five fields, and a fixed layout
//! is what a versioned file other tools may read needs.

use thiserror::Error;

use super::table::{Patterns, ShapeCount};

/// The first bytes of a pattern file.
pub const MAGIC: &[u8; 8] = b"IGOTSPAT";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// A pattern file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PatternFileError {
    /// The file does not start with the magic bytes.
    #[error("not an igo pattern file (bad magic bytes)")]
    BadMagic,
    /// A version this code does not read.
    #[error("pattern file version {0} is not supported (this igo reads version {FORMAT_VERSION})")]
    Version(u32),
    /// The file ends early.
    #[error("pattern file is truncated at byte {0}")]
    Truncated(usize),
    /// A code out of range or a name that is not UTF-8.
    #[error("pattern file is corrupt at byte {0}: {1}")]
    Corrupt(usize, &'static str),
}

impl Patterns {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.sources().len() as u32).to_le_bytes());
        for s in self.sources() {
            let b = s.as_bytes();
            let n = b.len().min(u16::MAX as usize);
            out.extend_from_slice(&(n as u16).to_le_bytes());
            out.extend_from_slice(&b[..n]);
        }
        out.extend_from_slice(&(self.counts3().len() as u32).to_le_bytes());
        for &(c, n) in self.counts3() {
            out.extend_from_slice(&c.to_le_bytes());
            out.extend_from_slice(&n.played.to_le_bytes());
            out.extend_from_slice(&n.seen.to_le_bytes());
        }
        out.extend_from_slice(&(self.counts5().len() as u32).to_le_bytes());
        for &(c, n) in self.counts5() {
            out.extend_from_slice(&c.to_le_bytes());
            out.extend_from_slice(&n.played.to_le_bytes());
            out.extend_from_slice(&n.seen.to_le_bytes());
        }
        out
    }

    /// Reads a pattern file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns, PatternFileError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err(PatternFileError::BadMagic);
        }
        let version = r.u32()?;
        if version != FORMAT_VERSION {
            return Err(PatternFileError::Version(version));
        }
        let n = r.u32()? as usize;
        let mut sources = Vec::with_capacity(n.min(1 << 16));
        for _ in 0..n {
            let len = r.u16()? as usize;
            let at = r.at;
            let s = std::str::from_utf8(r.take(len)?)
                .map_err(|_| PatternFileError::Corrupt(at, "name is not UTF-8"))?;
            sources.push(s.to_string());
        }
        let n3 = r.u32()? as usize;
        let mut c3 = Vec::with_capacity(n3.min(1 << 18));
        for _ in 0..n3 {
            let at = r.at;
            let code = r.u32()?;
            if code >= 1 << 18 {
                return Err(PatternFileError::Corrupt(at, "3x3 code above 18 bits"));
            }
            c3.push((
                code,
                ShapeCount {
                    played: r.u32()?,
                    seen: r.u32()?,
                },
            ));
        }
        let n5 = r.u32()? as usize;
        let mut c5 = Vec::with_capacity(n5.min(1 << 20));
        for _ in 0..n5 {
            let at = r.at;
            let code = r.u64()?;
            if code >= 1 << 50 {
                return Err(PatternFileError::Corrupt(at, "5x5 code above 50 bits"));
            }
            c5.push((
                code,
                ShapeCount {
                    played: r.u32()?,
                    seen: r.u32()?,
                },
            ));
        }
        if r.at != bytes.len() {
            return Err(PatternFileError::Corrupt(r.at, "bytes after the end"));
        }
        Ok(Patterns::from_counts(c3, c5, sources))
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], PatternFileError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(PatternFileError::Truncated(self.bytes.len()))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u16(&mut self) -> Result<u16, PatternFileError> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().expect("2 bytes"),
        ))
    }
    fn u32(&mut self) -> Result<u32, PatternFileError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> Result<u64, PatternFileError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::learn::PatternLearner;
    use igo_core::Position;

    fn sample() -> Patterns {
        let pos = Position::from_diagram(
            "
            . . . . .
            . X O . .
            . . O X .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let mut l = PatternLearner::new();
        l.add_source("composed-1");
        let size = pos.size();
        for p in ["B3", "D4", "C2"] {
            l.add_move(
                &pos,
                &pos.board().empty_points(),
                size.parse_point(p).unwrap(),
            );
        }
        l.finish()
    }

    #[test]
    fn files_round_trip() {
        let p = sample();
        let bytes = p.to_bytes();
        let q = Patterns::from_bytes(&bytes).unwrap();
        assert_eq!(q.counts3(), p.counts3());
        assert_eq!(q.counts5(), p.counts5());
        assert_eq!(q.sources(), ["composed-1".to_string()]);
        assert_eq!(q.to_bytes(), bytes);
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let bytes = sample().to_bytes();
        assert_eq!(
            Patterns::from_bytes(b"NOTAFILE....").unwrap_err(),
            PatternFileError::BadMagic
        );
        let mut v2 = bytes.clone();
        v2[8] = 2;
        assert_eq!(
            Patterns::from_bytes(&v2).unwrap_err(),
            PatternFileError::Version(2)
        );
        for cut in [3, 12, bytes.len() - 1] {
            assert!(
                matches!(
                    Patterns::from_bytes(&bytes[..cut]),
                    Err(PatternFileError::Truncated(_))
                ),
                "cut {cut}"
            );
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(matches!(
            Patterns::from_bytes(&extra),
            Err(PatternFileError::Corrupt(..))
        ));
    }
}
