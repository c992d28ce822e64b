//! The CPU time this process has used, for GNU Go's `cputime`.
//!
//! This crate forbids `unsafe`, so the time is read from `/proc/self/stat` (fields 14 and 15,
//! `utime` and `stime`, which cover every thread of the process) rather than by `getrusage`.
//! Linux reports them in USER_HZ ticks, which is 100 on every architecture it runs on (the
//! kernel converts from its own tick rate, so the 10 ms resolution is the interface's).

/// Clock ticks a second in `/proc` (Linux's USER_HZ).
const USER_HZ: f64 = 100.0;

/// CPU seconds (user + system, all threads) used by this process so far, or `None` where
/// `/proc/self/stat` cannot be read (not Linux).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    process_seconds(&stat)
}

/// `utime + stime` of a `/proc/PID/stat` line, in seconds.
fn process_seconds(stat: &str) -> Option<f64> {
    // The command name (field 2) is in parentheses and may hold spaces or ')': the fields
    // after the last ')' start with field 3.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime + stime) as f64 / USER_HZ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stat_line_is_read_past_a_command_name_with_spaces() {
        let line = "31476 (a (b) c) R 31473 31473 26936 0 -1 4194304 128 0 0 0 250 37 0 0 20 0";
        assert_eq!(process_seconds(line), Some(2.87));
        assert_eq!(process_seconds("garbage"), None);
    }

    #[test]
    fn cpu_time_grows_while_this_process_computes() {
        let Some(before) = cpu_seconds() else {
            panic!("/proc/self/stat is unreadable");
        };
        let wall = std::time::Instant::now();
        let mut x = 0u64;
        while wall.elapsed().as_secs_f64() < 0.3 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        assert!(cpu_seconds().unwrap() > before);
    }
}
