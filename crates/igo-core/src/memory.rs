//! How much memory this process may still use: the one answer every memory-bounded search of igo
//! starts from (the MSP dynamic programme, the small-board solver, transposition tables).
//!
//! Three limits apply on Linux and the smallest wins: the address-space limit (`ulimit -v`,
//! RLIMIT_AS, less the address space already mapped), the memory cgroup (v2 `memory.max`, v1
//! `memory.limit_in_bytes`, less what the cgroup already uses), and the machine's `MemAvailable`.
//! Everything is read from `/proc` and `/sys` text files, so no system call (and no `unsafe`) is
//! needed; a limit that cannot be read is taken as absent.

use std::fs;

/// Where the budget came from, for messages ("limited by ulimit -v").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemorySource {
    /// RLIMIT_AS (`ulimit -v`) less the current address space.
    AddressSpace,
    /// The memory cgroup's limit less its usage.
    Cgroup,
    /// `MemAvailable` of `/proc/meminfo`.
    MemAvailable,
    /// Nothing could be read; a fixed fallback of 16 GiB.
    Fallback,
}

/// The memory left to this process, in bytes, and which limit set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryBudget {
    /// Bytes that may still be allocated.
    pub bytes: u64,
    /// The limit that decided it.
    pub source: MemorySource,
}

impl MemoryBudget {
    /// Reads the limits now.
    pub fn now() -> MemoryBudget {
        let candidates = [
            (address_space_left(), MemorySource::AddressSpace),
            (cgroup_left(), MemorySource::Cgroup),
            (mem_available(), MemorySource::MemAvailable),
        ];
        candidates
            .into_iter()
            .filter_map(|(b, s)| b.map(|b| (b, s)))
            .min_by_key(|&(b, _)| b)
            .map_or(
                MemoryBudget {
                    bytes: 16 << 30,
                    source: MemorySource::Fallback,
                },
                |(bytes, source)| MemoryBudget { bytes, source },
            )
    }

    /// A default limit for one large structure: 80% of the budget, leaving room for the rest of
    /// the process (stacks, buffers, the allocator's slack).
    pub fn default_limit(self) -> u64 {
        self.bytes / 5 * 4
    }
}

/// The default memory limit of a long computation: 80% of [`MemoryBudget::now`].
///
/// ```
/// let limit = igo_core::default_memory_limit();
/// assert!(limit > 0);
/// ```
pub fn default_memory_limit() -> u64 {
    MemoryBudget::now().default_limit()
}

fn address_space_left() -> Option<u64> {
    let limits = fs::read_to_string("/proc/self/limits").ok()?;
    let limit = parse_limits_address_space(&limits)?;
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let used = parse_status_kb(&status, "VmSize:").unwrap_or(0);
    Some(limit.saturating_sub(used))
}

/// The soft `Max address space` of `/proc/self/limits`; `None` when unlimited.
fn parse_limits_address_space(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    soft.parse().ok()
}

/// A `kB` field of `/proc/self/status` or `/proc/meminfo`, in bytes.
fn parse_status_kb(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line[key.len()..].split_whitespace().next()?.parse().ok()?;
    Some(kb * 1024)
}

fn mem_available() -> Option<u64> {
    parse_status_kb(&fs::read_to_string("/proc/meminfo").ok()?, "MemAvailable:")
}

/// The memory cgroup's limit less its usage: v2 (`0::/path`) or v1 (`N:memory:/path`), looked up
/// both under the process's own cgroup path and at the mount's root (inside a container the
/// mount is often the cgroup itself).
fn cgroup_left() -> Option<u64> {
    let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut best: Option<u64> = None;
    for line in own.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let (root, limit_file, usage_file) = if controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        } else {
            continue;
        };
        for dir in [format!("{root}{path}"), root.to_string()] {
            let read = |f: &str| fs::read_to_string(format!("{dir}/{f}")).ok();
            let Some(limit) = read(limit_file).and_then(|s| parse_cgroup_limit(&s)) else {
                continue;
            };
            let used = read(usage_file)
                .and_then(|s| s.trim().parse::<u64>().ok())
                .unwrap_or(0);
            let left = limit.saturating_sub(used);
            best = Some(best.map_or(left, |b| b.min(left)));
        }
    }
    best
}

/// A cgroup limit: `max` (v2) or a huge v1 number (no limit) is `None`.
fn parse_cgroup_limit(text: &str) -> Option<u64> {
    let t = text.trim();
    if t == "max" {
        return None;
    }
    let v: u64 = t.parse().ok()?;
    // cgroup v1 writes "no limit" as the largest page-aligned i64.
    (v < (1 << 60)).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_address_space_line() {
        let text = "Limit                     Soft Limit           Hard Limit           Units     \n\
                    Max stack size            8388608              unlimited            bytes     \n\
                    Max address space         2048000000           unlimited            bytes     \n";
        assert_eq!(parse_limits_address_space(text), Some(2_048_000_000));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(parse_limits_address_space(unlimited), None);
    }

    #[test]
    fn reads_kb_fields_and_cgroup_limits() {
        let status = "Name:\tx\nVmPeak:\t  100 kB\nVmSize:\t    3892 kB\n";
        assert_eq!(parse_status_kb(status, "VmSize:"), Some(3892 * 1024));
        assert_eq!(parse_cgroup_limit("max\n"), None);
        assert_eq!(parse_cgroup_limit("9223372036854771712\n"), None);
        assert_eq!(parse_cgroup_limit("2147483648\n"), Some(2 << 30));
    }

    #[test]
    fn the_budget_is_at_most_what_the_machine_has() {
        let budget = MemoryBudget::now();
        if let Some(avail) = mem_available() {
            // MemAvailable moves between the two reads; allow for it.
            assert!(budget.bytes <= avail + (256 << 20), "{budget:?} vs {avail}");
        }
        assert!(budget.default_limit() < budget.bytes);
    }
}
