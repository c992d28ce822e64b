//! Helpers shared by the subcommands: printing (JSON, text, a closed pipe), output files
//! ([`output`]), Ctrl-C ([`interrupt`]), CPU time, progress bars.

pub mod interrupt;
pub mod output;
pub mod print;

use anyhow::Result;

pub use interrupt::{interrupt_flag, interrupted, stopped};
pub use output::OutputFile;
pub use print::{print, print_json};

/// Reads an SGF file with [`igo_sgf::read_sgf`] (the one way igo reads SGF files): an error is bad
/// input naming the file; what the reading passed over is printed on stderr as warnings.
pub fn read_sgf(path: &std::path::Path) -> Result<igo_sgf::SgfFile> {
    let file = igo_sgf::read_sgf(path).map_err(|e| crate::error::bad_input(e.to_string()))?;
    for w in &file.warnings {
        eprintln!("igo: warning: {}: {w}", path.display());
    }
    Ok(file)
}

/// Whether an error is a write to a closed pipe (the reader went away).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
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
