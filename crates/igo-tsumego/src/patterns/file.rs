//! The pattern file: a small versioned binary format, little-endian.
//!
//! ```text
//! magic      8 bytes  "IGOTSPAT"
//! version    u32      3 with playout gammas, else 2 (1: the same up to the 5x5 counts, nothing
//!                     after them)
//! sources    u32 n, then n times: u16 length + UTF-8 name of a problem learned from
//! 3x3        u32 n, then n times: u32 canonical code, u32 played, u32 seen
//! 5x5        u32 n, then n times: u64 canonical code, u32 played, u32 seen
//! gammas     u8 0 (none) or 1, then:
//!              f32 gamma of an unseen 3x3 class
//!              u32 n (7 or 13), then n times: f32 gamma of a tactical flag
//!              u32 n, then n times: u32 canonical 3x3 code, f32 gamma
//!              u32 n, then n times: u64 canonical 5x5 code, f32 gamma
//! playout    (version 3) the playouts' gammas, laid out as the gammas above: those of the
//!            pattern rule balanced apart from the tree's ([`super::balance`])
//! checksum   u64 FNV-1a of all the bytes before it (version 2 on)
//! ```
//!
//! Hand-written rather than a serialisation crate: the format is five fields, and a fixed layout
//! is what a versioned file other tools may read needs.

use thiserror::Error;

use super::gamma::{GammaSet, FIRST_FLAGS, FLAGS};
use super::table::{Patterns, ShapeCount};

/// The first bytes of a pattern file.
pub const MAGIC: &[u8; 8] = b"IGOTSPAT";
/// The newest format version this code writes and reads (it writes version 2 for a file
/// without playout gammas, so the files before them are written byte for byte as they were).
pub const FORMAT_VERSION: u32 = 3;

/// A pattern file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PatternFileError {
    /// The file does not start with the magic bytes.
    #[error("not an igo pattern file (bad magic bytes)")]
    BadMagic,
    /// A version this code does not read.
    #[error(
        "pattern file version {0} is not supported (this igo reads versions 1 to {FORMAT_VERSION})"
    )]
    Version(u32),
    /// The file ends early.
    #[error("pattern file is truncated at byte {0}")]
    Truncated(usize),
    /// The checksum does not match the bytes (version 2 on).
    #[error("pattern file checksum mismatch (the file is damaged)")]
    Checksum,
    /// A code out of range or a name that is not UTF-8.
    #[error("pattern file is corrupt at byte {0}: {1}")]
    Corrupt(usize, &'static str),
}

impl Patterns {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        let version = if self.own_playout_gammas().is_some() {
            FORMAT_VERSION
        } else {
            2
        };
        out.extend_from_slice(&version.to_le_bytes());
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
        write_gammas(&mut out, self.gammas().map(|g| g.set()));
        if let Some(g) = self.own_playout_gammas() {
            write_gammas(&mut out, Some(g.set()));
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a pattern file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns, PatternFileError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err(PatternFileError::BadMagic);
        }
        let version = r.u32()?;
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(PatternFileError::Version(version));
        }
        if version >= 2 {
            // The checksum first, so a damaged file is named as such rather than by whatever
            // field the damage happens to break.
            let body = bytes.len().checked_sub(8).filter(|&b| b >= 12);
            let Some(body) = body else {
                return Err(PatternFileError::Truncated(bytes.len()));
            };
            let sum = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
            if fnv1a(&bytes[..body]) != sum {
                return Err(PatternFileError::Checksum);
            }
            r.bytes = &bytes[..body];
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
        let gammas = if version >= 2 {
            read_gammas(&mut r)?
        } else {
            None
        };
        let playout = if version >= 3 {
            read_gammas(&mut r)?
        } else {
            None
        };
        if r.at != r.bytes.len() {
            return Err(PatternFileError::Corrupt(r.at, "bytes after the end"));
        }
        Ok(Patterns::from_counts(c3, c5, sources)
            .with_gammas(gammas)
            .with_playout_gammas(playout))
    }
}

/// Writes a gamma section: the byte 0 for none, else 1 and the gammas.
fn write_gammas(out: &mut Vec<u8>, set: Option<&GammaSet>) {
    let Some(g) = set else {
        out.push(0);
        return;
    };
    out.push(1);
    out.extend_from_slice(&g.unseen3.to_le_bytes());
    // Seven flags when the later ones are all 1, which older readers take too.
    let n = if g.flags[FIRST_FLAGS..].iter().all(|&x| x == 1.0) {
        FIRST_FLAGS
    } else {
        FLAGS
    };
    out.extend_from_slice(&(n as u32).to_le_bytes());
    for &f in &g.flags[..n] {
        out.extend_from_slice(&f.to_le_bytes());
    }
    out.extend_from_slice(&(g.shapes3.len() as u32).to_le_bytes());
    for &(c, x) in &g.shapes3 {
        out.extend_from_slice(&c.to_le_bytes());
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.extend_from_slice(&(g.shapes5.len() as u32).to_le_bytes());
    for &(c, x) in &g.shapes5 {
        out.extend_from_slice(&c.to_le_bytes());
        out.extend_from_slice(&x.to_le_bytes());
    }
}

fn read_gammas(r: &mut Reader<'_>) -> Result<Option<GammaSet>, PatternFileError> {
    let at = r.at;
    match r.take(1)?[0] {
        0 => return Ok(None),
        1 => {}
        _ => return Err(PatternFileError::Corrupt(at, "gamma flag not 0 or 1")),
    }
    let unseen3 = r.f32()?;
    let at = r.at;
    let n = r.u32()? as usize;
    if n != FIRST_FLAGS && n != FLAGS {
        return Err(PatternFileError::Corrupt(at, "tactical flag count"));
    }
    // A file of the first seven flags gives the later ones gamma 1 (no effect).
    let mut flags = [1f32; FLAGS];
    for f in &mut flags[..n] {
        *f = r.f32()?;
    }
    let n3 = r.u32()? as usize;
    let mut shapes3 = Vec::with_capacity(n3.min(1 << 18));
    for _ in 0..n3 {
        let at = r.at;
        let code = r.u32()?;
        if code >= 1 << 18 {
            return Err(PatternFileError::Corrupt(at, "3x3 code above 18 bits"));
        }
        shapes3.push((code, r.f32()?));
    }
    let n5 = r.u32()? as usize;
    let mut shapes5 = Vec::with_capacity(n5.min(1 << 20));
    for _ in 0..n5 {
        let at = r.at;
        let code = r.u64()?;
        if code >= 1 << 50 {
            return Err(PatternFileError::Corrupt(at, "5x5 code above 50 bits"));
        }
        shapes5.push((code, r.f32()?));
    }
    Ok(Some(GammaSet {
        shapes3,
        unseen3,
        shapes5,
        flags,
    }))
}

/// 64-bit FNV-1a: a checksum against damage (not against tampering).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
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
    fn f32(&mut self) -> Result<f32, PatternFileError> {
        Ok(f32::from_le_bytes(
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
    use crate::patterns::learn::{FitConfig, PatternLearner};
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
        l.finish_with(Some(&FitConfig::default()))
    }

    #[test]
    fn files_round_trip() {
        let p = sample();
        assert!(p.gammas().is_some());
        let bytes = p.to_bytes();
        let q = Patterns::from_bytes(&bytes).unwrap();
        assert_eq!(q.counts3(), p.counts3());
        assert_eq!(q.counts5(), p.counts5());
        assert_eq!(q.sources(), ["composed-1".to_string()]);
        assert_eq!(q.gammas().unwrap().set(), p.gammas().unwrap().set());
        assert_eq!(q.to_bytes(), bytes);
        // Without gammas too.
        let plain = Patterns::from_counts(p.counts3().to_vec(), p.counts5().to_vec(), vec![]);
        let back = Patterns::from_bytes(&plain.to_bytes()).unwrap();
        assert!(back.gammas().is_none());
        assert_eq!(back.counts5(), p.counts5());
    }

    /// Playout gammas are written as version 3 and read back apart from the tree's; a file
    /// without them is still version 2, byte for byte as before (the shipped file), and a
    /// version-2 reader's file gives the playouts the tree's gammas.
    #[test]
    fn playout_gammas_round_trip_as_version_3() {
        let p = sample();
        let tree = p.gammas().unwrap().set().clone();
        let mut balanced = tree.clone();
        balanced.flags[crate::patterns::gamma::NEXT_TO_LAST as usize] = 7.5;
        balanced.unseen3 = 0.25;
        let q = p.clone().with_playout_gammas(Some(balanced.clone()));
        let bytes = q.to_bytes();
        assert_eq!(bytes[8..12], 3u32.to_le_bytes());
        let back = Patterns::from_bytes(&bytes).unwrap();
        assert_eq!(back.gammas().unwrap().set(), &tree);
        assert_eq!(back.playout_gammas().unwrap().set(), &balanced);
        assert_eq!(back.to_bytes(), bytes);
        let v2 = p.to_bytes();
        assert_eq!(v2[8..12], 2u32.to_le_bytes());
        let back = Patterns::from_bytes(&v2).unwrap();
        assert!(back.own_playout_gammas().is_none());
        assert_eq!(back.playout_gammas().unwrap().set(), &tree);
        let shipped = include_bytes!("../../data/patterns.igopat");
        assert_eq!(Patterns::shipped().to_bytes(), shipped.to_vec());
    }

    /// A set whose later flags (after the first seven) are all 1 is written with seven flags,
    /// as the files before them were, and such a file loads with the later flags at 1; a set
    /// with later flags is written with all thirteen.
    #[test]
    fn seven_flag_files_still_load() {
        let p = sample();
        let mut set = p.gammas().unwrap().set().clone();
        set.flags[FIRST_FLAGS..].copy_from_slice(&[2.0; FLAGS - FIRST_FLAGS]);
        let all = p.clone().with_gammas(Some(set.clone())).to_bytes();
        set.flags[FIRST_FLAGS..].copy_from_slice(&[1.0; FLAGS - FIRST_FLAGS]);
        let seven = p.clone().with_gammas(Some(set.clone())).to_bytes();
        assert_eq!(all.len() - seven.len(), 4 * (FLAGS - FIRST_FLAGS));
        let back = Patterns::from_bytes(&seven).unwrap();
        assert_eq!(back.gammas().unwrap().set(), &set);
        let back = Patterns::from_bytes(&all).unwrap();
        assert_eq!(back.gammas().unwrap().set().flags[FLAGS - 1], 2.0);
    }

    /// A version 1 file (the same counts, no gamma byte, no checksum) still loads.
    #[test]
    fn version_1_files_still_load() {
        let p = sample();
        let plain = Patterns::from_counts(p.counts3().to_vec(), p.counts5().to_vec(), vec![]);
        let mut v1 = plain.to_bytes();
        v1.truncate(v1.len() - 9); // the checksum and the gamma byte
        v1[8..12].copy_from_slice(&1u32.to_le_bytes());
        let q = Patterns::from_bytes(&v1).unwrap();
        assert_eq!(q.counts3(), p.counts3());
        assert_eq!(q.counts5(), p.counts5());
        assert!(q.gammas().is_none());
        assert!(Patterns::shipped().counts3().len() > 100);
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let bytes = sample().to_bytes();
        assert_eq!(
            Patterns::from_bytes(b"NOTAFILE....").unwrap_err(),
            PatternFileError::BadMagic
        );
        let mut v3 = bytes.clone();
        v3[8] = 4;
        assert_eq!(
            Patterns::from_bytes(&v3).unwrap_err(),
            PatternFileError::Version(4)
        );
        for cut in [3, 12] {
            assert!(
                matches!(
                    Patterns::from_bytes(&bytes[..cut]),
                    Err(PatternFileError::Truncated(_))
                ),
                "cut {cut}"
            );
        }
        // Any byte changed, cut or added after the version is caught by the checksum.
        for at in [12, bytes.len() / 2, bytes.len() - 20, bytes.len() - 1] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert_eq!(
                Patterns::from_bytes(&bad).unwrap_err(),
                PatternFileError::Checksum,
                "byte {at}"
            );
        }
        assert_eq!(
            Patterns::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            PatternFileError::Checksum
        );
        let mut extra = bytes.clone();
        extra.push(0);
        assert_eq!(
            Patterns::from_bytes(&extra).unwrap_err(),
            PatternFileError::Checksum
        );
        // A file whose checksum is right but whose fields are not is still refused by field.
        let mut body = bytes[..bytes.len() - 8].to_vec();
        body.push(0);
        let sum = fnv1a(&body);
        body.extend_from_slice(&sum.to_le_bytes());
        assert!(matches!(
            Patterns::from_bytes(&body),
            Err(PatternFileError::Corrupt(..))
        ));
    }
}
