//! Helpers shared by the subcommands: JSON output, atomic file writes, Ctrl-C, CPU time, progress.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use anyhow::Context;

/// Prints a value as one line of JSON on stdout.
pub fn print_json(value: &serde_json::Value) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename, so a
/// reader never sees half a file and an interrupted run leaves the old file whole.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    tmp.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    tmp.as_file().sync_all().ok();
    tmp.persist(path)
        .with_context(|| format!("renaming the temporary file to {}", path.display()))?;
    Ok(())
}

/// The flag that Ctrl-C sets. The first call installs the handler.
pub fn interrupt_flag() -> &'static AtomicBool {
    static FLAG: OnceLock<&'static AtomicBool> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        // If a handler cannot be installed (already set), Ctrl-C simply kills the process.
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
        flag
    })
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    interrupt_flag().load(Ordering::Relaxed)
}

/// CPU seconds (user + system) used by this process so far, from getrusage: the machine is shared,
/// so rates are per CPU-second.
pub fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct we pass and reads nothing else.
    #[allow(unsafe_code)]
    let usage = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        u
    };
    let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
    t(usage.ru_utime) + t(usage.ru_stime)
}

/// A progress bar on stderr when it is a terminal, hidden otherwise.
pub fn progress_bar(total: u64, message: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
        )
        .expect("valid template"),
    );
    bar.set_message(message.to_string());
    bar
}
