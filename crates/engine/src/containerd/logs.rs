//! A container's log file as the node keeps it: the shim appends CRI log lines
//! (`TIMESTAMP STREAM F TEXT`), and the kubelet's container log manager
//! (`pkg/kubelet/logs/container_log_manager.go`) checks running containers every
//! `logMonitorPeriod` (10 s): a file over `containerLogMaxSize` (10Mi) is rotated, and at most
//! `containerLogMaxFiles` (5) files are kept. `kubectl logs` (the CRI's `ReadLogs` on the
//! container's log path) reads the current file only, so a chatty container's older lines
//! vanish from it at each rotation.
//!
//! The checks are not scheduled: whether one found the file over its size is decided at the
//! next append or read, from the times of the last append and of the check.

use crate::clock::Time;

/// `containerLogMaxSize`.
pub const MAX_SIZE: u64 = 10 * 1024 * 1024;
/// `containerLogMaxFiles`.
pub const MAX_FILES: usize = 5;
/// `logMonitorPeriod`.
pub const MONITOR_PERIOD_MS: u64 = 10_000;
/// A CRI log line's bytes around its text: an RFC 3339 timestamp with nanoseconds, the
/// stream, the `F` (full line) tag, the spaces and the newline.
const LINE_OVERHEAD: u64 = 30 + 1 + 6 + 1 + 1 + 1 + 1;

/// One line: when it was written, the stream, the text.
pub type LogLine = (Time, &'static str, String);

/// The container's log files.
#[derive(Debug, Clone, Default)]
pub struct LogFile {
    /// The current file's lines.
    lines: Vec<LogLine>,
    /// Its size in bytes.
    bytes: u64,
    /// The sizes of the rotated files kept beside it, oldest first.
    rotated: Vec<u64>,
    last_append: Time,
}

/// The last rotation check at or before `t`.
fn check_before(t: Time) -> Time {
    Time(t.0 / MONITOR_PERIOD_MS * MONITOR_PERIOD_MS)
}

impl LogFile {
    /// Whether a check since the last append found the file over its size (checks run while
    /// the container runs, up to `until`).
    fn rotation_due(&self, until: Time) -> bool {
        self.bytes > MAX_SIZE && self.last_append < check_before(until)
    }

    fn rotate(&mut self) {
        self.rotated.push(self.bytes);
        if self.rotated.len() > MAX_FILES - 1 {
            self.rotated.remove(0);
        }
        self.lines.clear();
        self.bytes = 0;
    }

    /// Every line, written `ms` later (a container's run replayed later). Only for a file that
    /// never reached its rotation size: the size checks are on the clock.
    pub fn shift(&mut self, ms: u64) {
        for (t, _, _) in &mut self.lines {
            *t = t.plus_millis(ms);
        }
        if !self.lines.is_empty() {
            self.last_append = self.last_append.plus_millis(ms);
        }
    }

    /// Whether the file never rotated nor reached its rotation size.
    pub fn small(&self) -> bool {
        self.rotated.is_empty() && self.bytes <= MAX_SIZE
    }

    /// Every line of the current file.
    pub fn lines(&self) -> &[LogLine] {
        &self.lines
    }

    /// The shim writes a line at `now`.
    pub fn append(&mut self, now: Time, stream: &'static str, text: String) {
        if self.rotation_due(now) {
            self.rotate();
        }
        self.bytes += LINE_OVERHEAD + text.len() as u64;
        self.lines.push((now, stream, text));
        self.last_append = now;
    }

    /// The bytes the container's log files hold on the node's disk at `until` (the current
    /// file and the rotated ones kept; a rotation due by then has happened).
    pub fn disk_bytes(&self, until: Time) -> u64 {
        let all = self.bytes + self.rotated.iter().sum::<u64>();
        // A due rotation keeps the current file and drops the oldest one past the count.
        match self.rotated.first() {
            Some(oldest) if self.rotation_due(until) && self.rotated.len() + 1 > MAX_FILES - 1 => all - oldest,
            _ => all,
        }
    }

    /// The current file's lines as a reader sees them at `until` (now, or when the container
    /// stopped: checks only look at running containers).
    pub fn current(&self, until: Time) -> &[LogLine] {
        if self.rotation_due(until) { &[] } else { &self.lines }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_at_the_first_check_past_the_size() {
        let mut f = LogFile::default();
        let line = "x".repeat(1000);
        // 11,000 lines of ~1 KB in the first 9 s: over 10Mi, not yet checked.
        for i in 0..11_000u64 {
            f.append(Time(i * 9_000 / 11_000), "stdout", line.clone());
        }
        assert_eq!(f.current(Time(9_999)).len(), 11_000);
        // The check at 10 s rotates; a read after it sees an empty file.
        assert!(f.current(Time(10_000)).is_empty());
        f.append(Time(10_500), "stdout", "after".into());
        assert_eq!(f.current(Time(10_500)).len(), 1);
        assert_eq!(f.rotated.len(), 1);
    }

    #[test]
    fn keeps_at_most_four_rotated_files() {
        let mut f = LogFile::default();
        let line = "y".repeat(2048);
        for i in 0..60_000u64 {
            f.append(Time(i), "stdout", line.clone());
        }
        assert_eq!(f.rotated.len(), MAX_FILES - 1);
    }
}
