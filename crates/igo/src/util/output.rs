//! Output files named on the command line (`--svg F`, `--sgf F`, checkpoints): checked before the
//! work starts, written atomically, with the mode a user expects.
//!
//! - **Checked up front** ([`OutputFile::check`]): the path is not a folder, its folder exists
//!   and a file can be created in it (a probe file is made and removed). A command checks its
//!   outputs before a long solve, so a typo fails at once with exit 2, not after an hour.
//! - **Atomic** ([`OutputFile::write`]): the bytes go to a temporary file in the same folder,
//!   which is then renamed over the path; a reader sees the old file or the new one, never half
//!   of one. On an error the temporary file is removed (tempfile's drop).
//! - **Killed runs**: a process killed by SIGKILL (or by SIGINT in a command that does not catch
//!   it) runs no code, so it cannot remove its temporary file. The name says whose it is,
//!   `.NAME.igo-tmp-PID-XXXXXX`, and every later check or write of NAME removes such files whose
//!   process no longer exists (`/proc/PID` is gone). Long commands catch Ctrl-C and return
//!   normally, so their temporary files are removed at once.
//! - **Mode**: a file that replaces another keeps the old one's permission bits; a new file gets
//!   0666 less the umask (0644 under the usual 022), as `>` in a shell would, not tempfile's 0600.
//! - **Special files**: a path that is not a regular file (a FIFO, `/dev/null`) or that lies under
//!   `/dev/` or `/proc/` (`/dev/stdout`) is written in place, since renaming over it would replace
//!   the device or the terminal's file. A symbolic link is followed: its target is replaced.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::error::bad_input;

/// The part of a temporary file's name after `.NAME`.
const TMP_MARK: &str = ".igo-tmp-";

/// An output path that passed the up-front checks.
#[derive(Clone, Debug)]
pub struct OutputFile {
    /// The path as given (for messages).
    given: PathBuf,
    /// Where the bytes go: the path, or the target of a symbolic link.
    target: PathBuf,
    /// Written in place rather than renamed over (devices, FIFOs, `/dev/stdout`).
    in_place: bool,
}

impl OutputFile {
    /// Checks that `path` can be written: exit 2 (bad input) naming the path and the problem
    /// if it is a folder, its folder is missing or not a folder, or no file can be created in
    /// that folder. Also removes temporary files that killed runs left for this path.
    pub fn check(path: &Path) -> Result<OutputFile> {
        let shown = path.display();
        let fail = |why: String| bad_input(format!("cannot write {shown}: {why}"));
        if path.as_os_str().is_empty() {
            return Err(fail("the file name is empty".into()));
        }
        let special = path.starts_with("/dev") || path.starts_with("/proc");
        match fs::metadata(path) {
            Ok(m) if m.is_dir() => return Err(fail("it is a folder".into())),
            Ok(m) if !m.is_file() || special => {
                // Open it now, as the write will: a device or FIFO that cannot be opened for
                // writing fails here rather than after the work. (A FIFO with no reader would
                // block; only open those when writing.)
                if !m.file_type().is_fifo() {
                    fs::OpenOptions::new()
                        .write(true)
                        .open(path)
                        .map_err(|e| fail(e.to_string()))?;
                }
                return Ok(OutputFile {
                    given: path.to_path_buf(),
                    target: path.to_path_buf(),
                    in_place: true,
                });
            }
            _ => {}
        }
        // Follow a symbolic link to the file it names (a dangling link is replaced itself).
        let target = match fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => {
                fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
            }
            _ => path.to_path_buf(),
        };
        let dir = folder_of(&target);
        match fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(fail(format!("{} is not a folder", dir.display()))),
            Err(e) => return Err(fail(format!("folder {}: {e}", dir.display()))),
        }
        let name = file_name(&target).ok_or_else(|| fail("it names no file".into()))?;
        remove_stale_temporaries(dir, &name);
        // A probe in the folder: permission bits alone do not tell (read-only mounts, ACLs, root).
        create_temp(dir, &name)
            .map_err(|e| fail(format!("cannot create a file in {}: {e}", dir.display())))?;
        Ok(OutputFile {
            given: path.to_path_buf(),
            target,
            in_place: false,
        })
    }

    /// Writes `bytes` atomically (see the module documentation).
    pub fn write(&self, bytes: &[u8]) -> Result<()> {
        self.write_with(&|w| w.write_all(bytes))
    }

    /// Writes what `fill` writes, atomically, streamed through a buffer (a large checkpoint is
    /// never held in memory whole).
    pub fn write_with(&self, fill: &dyn Fn(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
        let shown = self.given.display();
        if self.in_place {
            let file = fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(&self.target)
                .with_context(|| format!("writing {shown}"))?;
            let mut out = std::io::BufWriter::new(file);
            return fill(&mut out)
                .and_then(|()| out.flush())
                .with_context(|| format!("writing {shown}"));
        }
        let dir = folder_of(&self.target);
        let name = file_name(&self.target).context("no file name")?;
        remove_stale_temporaries(dir, &name);
        let old_mode = fs::metadata(&self.target)
            .ok()
            .filter(fs::Metadata::is_file)
            .map(|m| m.permissions().mode());
        let mut tmp = create_temp(dir, &name)
            .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
        if let Some(mode) = old_mode {
            tmp.as_file()
                .set_permissions(fs::Permissions::from_mode(mode))
                .with_context(|| format!("setting the mode of {shown}"))?;
        }
        {
            let mut out = std::io::BufWriter::with_capacity(1 << 20, tmp.as_file_mut());
            fill(&mut out)
                .and_then(|()| out.flush())
                .with_context(|| format!("writing {shown}"))?;
        }
        tmp.as_file()
            .sync_all()
            .with_context(|| format!("writing {shown}"))?;
        tmp.persist(&self.target)
            .with_context(|| format!("renaming the temporary file to {shown}"))?;
        Ok(())
    }
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

fn file_name(path: &Path) -> Option<String> {
    path.file_name().map(|n| n.to_string_lossy().into_owned())
}

/// A temporary file for NAME in `dir`: `.NAME.igo-tmp-PID-XXXXXX`, created 0666 less the umask.
fn create_temp(dir: &Path, name: &str) -> std::io::Result<tempfile::NamedTempFile> {
    let prefix = format!(".{name}{TMP_MARK}{}-", std::process::id());
    tempfile::Builder::new()
        .prefix(&prefix)
        .rand_bytes(6)
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)
}

/// Removes `.NAME.igo-tmp-PID-*` files in `dir` whose process is gone. Best effort: a file that
/// cannot be removed stays, and without `/proc` nothing is removed.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = format!(".{name}{TMP_MARK}");
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}
