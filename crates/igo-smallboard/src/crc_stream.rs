//! The byte streams of the small-board checkpoints ([`crate::checkpoint`] for the threshold
//! solver, [`crate::superko`]'s for the superko search): little-endian fields whose CRC-32
//! (IEEE) is kept as they pass, closed by that CRC and the file's magic again. Both formats
//! share this framing so that a truncated, damaged or overlong file is refused by the same
//! checks, with the same words.

use std::io::{Read, Write};

use crate::state::StateKey;
use crate::SolveError;

/// A checkpoint error naming what is wrong with the file.
pub(crate) fn bad(msg: impl Into<String>) -> SolveError {
    SolveError::Checkpoint(msg.into())
}

/// A writer that keeps the CRC of what passes through.
pub(crate) struct CrcWriter<'a> {
    out: &'a mut dyn Write,
    crc: crc32fast::Hasher,
}

impl<'a> CrcWriter<'a> {
    /// A writer into `out`, starting with `magic`.
    pub(crate) fn start(out: &'a mut dyn Write, magic: &[u8; 8]) -> std::io::Result<Self> {
        let mut w = CrcWriter {
            out,
            crc: crc32fast::Hasher::new(),
        };
        w.bytes(magic)?;
        Ok(w)
    }

    pub(crate) fn bytes(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.crc.update(b);
        self.out.write_all(b)
    }

    /// A position's key: both colours' stones and the meta word (18 bytes).
    pub(crate) fn key(&mut self, k: &StateKey) -> std::io::Result<()> {
        let mut b = [0u8; 18];
        b[..8].copy_from_slice(&k.black.to_le_bytes());
        b[8..16].copy_from_slice(&k.white.to_le_bytes());
        b[16..].copy_from_slice(&k.meta().to_le_bytes());
        self.bytes(&b)
    }

    /// Closes the stream: the CRC of everything written, then `magic` again.
    pub(crate) fn finish(self, magic: &[u8; 8]) -> std::io::Result<()> {
        let crc = self.crc.finalize();
        self.out.write_all(&crc.to_le_bytes())?;
        self.out.write_all(magic)?;
        self.out.flush()
    }
}

/// A reader that keeps the CRC of what it read.
pub(crate) struct CrcReader<'a> {
    input: &'a mut dyn Read,
    crc: crc32fast::Hasher,
}

/// Reads exactly `b.len()` bytes, an end of file being a truncated checkpoint.
fn read_exact(input: &mut dyn Read, b: &mut [u8]) -> Result<(), SolveError> {
    input.read_exact(b).map_err(|e| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            bad("file is truncated")
        } else {
            SolveError::Io(e)
        }
    })
}

impl<'a> CrcReader<'a> {
    /// A reader of `input`, which must start with `magic` (else the error says the file is not
    /// an igo `what` checkpoint).
    pub(crate) fn start(
        input: &'a mut dyn Read,
        magic: &[u8; 8],
        what: &str,
    ) -> Result<Self, SolveError> {
        let mut r = CrcReader {
            input,
            crc: crc32fast::Hasher::new(),
        };
        if &r.array::<8>()? != magic {
            return Err(bad(format!("not an igo {what} checkpoint (bad magic)")));
        }
        Ok(r)
    }

    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], SolveError> {
        let mut b = [0u8; N];
        read_exact(self.input, &mut b)?;
        self.crc.update(&b);
        Ok(b)
    }

    pub(crate) fn i32(&mut self) -> Result<i32, SolveError> {
        Ok(i32::from_le_bytes(self.array()?))
    }

    pub(crate) fn u32(&mut self) -> Result<u32, SolveError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    pub(crate) fn u64(&mut self) -> Result<u64, SolveError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    /// A key as [`CrcWriter::key`] writes it; `None` when its bits are not a key.
    pub(crate) fn key(&mut self) -> Result<Option<StateKey>, SolveError> {
        let b: [u8; 18] = self.array()?;
        let black = u64::from_le_bytes(b[..8].try_into().expect("8"));
        let white = u64::from_le_bytes(b[8..16].try_into().expect("8"));
        let meta = u16::from_le_bytes(b[16..].try_into().expect("2"));
        Ok(StateKey::from_raw(black, white, meta))
    }

    /// Checks the end of the stream: the CRC of everything read, `magic` again, and nothing
    /// after it.
    pub(crate) fn finish(self, magic: &[u8; 8]) -> Result<(), SolveError> {
        let expected = self.crc.finalize();
        let mut tail = [0u8; 12];
        read_exact(self.input, &mut tail)?;
        if u32::from_le_bytes(tail[..4].try_into().expect("4")) != expected {
            return Err(bad("file is damaged (checksum mismatch)"));
        }
        if &tail[4..] != magic {
            return Err(bad("file is damaged (no end marker)"));
        }
        let mut extra = [0u8; 1];
        if self.input.read(&mut extra).map_err(SolveError::Io)? != 0 {
            return Err(bad("file has bytes after its end marker"));
        }
        Ok(())
    }
}
