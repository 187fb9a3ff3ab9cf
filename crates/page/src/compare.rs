//! The compare view's own logic (issue 21): one time axis for both runs' lanes, and the
//! outcome table's values written compactly.
//!
//! **The axis.** Both lanes are drawn on one scale of simulated time, so that a reaction at
//! 12.3 s sits at the same x on A's lane and on B's. Long quiet stretches (no reaction on
//! either side for more than [`IDLE_MS`]) are drawn as [`GAP_MS`] would be, as the single
//! run's timeline compresses its pauses; since both lanes share the compression, alignment
//! holds everywhere. [`Axis::x`] and [`Axis::ms_at`] map both ways (a click seeks to a time).

/// A quiet stretch longer than this (no reaction on either side) is drawn compressed.
pub const IDLE_MS: u64 = 2_500;
/// The width a compressed stretch is drawn with, in ms of the linear scale.
pub const GAP_MS: u64 = 1_200;

/// One piece of the axis: `ms` from `ms0` to `ms1` drawn from `x0` to `x1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub ms0: u64,
    pub ms1: u64,
    pub x0: f64,
    pub x1: f64,
    /// A quiet stretch drawn compressed.
    pub compressed: bool,
}

/// A piecewise-linear map from simulated time to x, shared by both lanes.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    segments: Vec<Segment>,
    left: f64,
    right: f64,
}

impl Axis {
    /// The axis from 0 to `end_ms` (at least the last time) drawn from `left` to `right`,
    /// for reactions at `times` (both runs', in any order).
    pub fn new(times: impl IntoIterator<Item = u64>, end_ms: u64, left: f64, right: f64) -> Axis {
        let mut points: Vec<u64> = times.into_iter().collect();
        points.push(0);
        points.push(end_ms);
        points.sort_unstable();
        points.dedup();
        let end = *points.last().unwrap_or(&0);
        // (ms0, ms1, drawn length, compressed), linear pieces merged.
        let mut pieces: Vec<(u64, u64, u64, bool)> = Vec::new();
        for w in points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let compressed = b - a > IDLE_MS;
            let drawn = if compressed { GAP_MS } else { b - a };
            match pieces.last_mut() {
                Some(last) if !compressed && !last.3 => {
                    last.1 = b;
                    last.2 += drawn;
                }
                _ => pieces.push((a, b, drawn, compressed)),
            }
        }
        let total: u64 = pieces.iter().map(|p| p.2).sum();
        let scale = if total == 0 { 0.0 } else { (right - left) / total as f64 };
        let mut x = left;
        let mut segments = Vec::with_capacity(pieces.len());
        for (ms0, ms1, drawn, compressed) in pieces {
            let x1 = x + drawn as f64 * scale;
            segments.push(Segment { ms0, ms1, x0: x, x1, compressed });
            x = x1;
        }
        match segments.last_mut() {
            // The end exactly at the right edge (the sum of the pieces may round past it).
            Some(last) if total > 0 => last.x1 = right,
            Some(_) => {}
            None => segments.push(Segment { ms0: 0, ms1: end, x0: left, x1: left, compressed: false }),
        }
        Axis { segments, left, right }
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The last time the axis draws.
    pub fn end_ms(&self) -> u64 {
        self.segments.last().map_or(0, |s| s.ms1)
    }

    /// Where `ms` is drawn (times past the end at the right edge).
    pub fn x(&self, ms: u64) -> f64 {
        let i = self.segments.partition_point(|s| s.ms1 < ms);
        let Some(s) = self.segments.get(i) else { return self.segments.last().map_or(self.left, |s| s.x1) };
        if s.ms1 == s.ms0 {
            return s.x0;
        }
        let f = (ms.max(s.ms0) - s.ms0) as f64 / (s.ms1 - s.ms0) as f64;
        s.x0 + f * (s.x1 - s.x0)
    }

    /// The time drawn at `x` (clamped to the axis), to the millisecond.
    pub fn ms_at(&self, x: f64) -> u64 {
        if x <= self.left {
            return 0;
        }
        if x >= self.right {
            return self.end_ms();
        }
        let i = self.segments.partition_point(|s| s.x1 < x);
        let Some(s) = self.segments.get(i) else { return self.end_ms() };
        if s.x1 <= s.x0 {
            return s.ms0;
        }
        let f = ((x - s.x0) / (s.x1 - s.x0)).clamp(0.0, 1.0);
        s.ms0 + (f * (s.ms1 - s.ms0) as f64).round() as u64
    }
}

/// A duration in seconds to a tenth: `1.2 s`, `0.0 s`, `75.4 s`.
pub fn tenths(ms: u64) -> String {
    // Rounded to the nearest tenth, as the table's `differs` compares them.
    let t = (ms + 50) / 100;
    format!("{}.{} s", t / 10, t % 10)
}

/// Failures per second, compactly: `3 s: 12, 4 s: 40` — at most `keep` seconds, then
/// `… +N s` for the rest; `—` when there are none.
pub fn per_second(seconds: &[(u64, u64)], keep: usize) -> String {
    if seconds.is_empty() {
        return "—".to_string();
    }
    let mut out: Vec<String> = seconds.iter().take(keep).map(|(s, n)| format!("{s} s: {n}")).collect();
    if seconds.len() > keep {
        out.push(format!("… +{} s", seconds.len() - keep));
    }
    out.join(", ")
}

/// Terminated containers: `app: 137 (Error)`, one per container, joined by `; `.
pub fn exits(exits: &[(String, i64, String)]) -> String {
    if exits.is_empty() {
        return "—".to_string();
    }
    exits.iter().map(|(c, code, reason)| if reason.is_empty() { format!("{c}: {code}") } else { format!("{c}: {code} ({reason})") }).collect::<Vec<_>>().join("; ")
}

/// A Fluent message id for a trace action id (`kubelet.kill` → `action-kubelet-kill`).
pub fn action_message(action: &str) -> String {
    let mut id = String::from("action-");
    id.extend(action.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }));
    id
}

/// A Fluent message id for an outcome measure id (`pod.timeToReady` → `measure-pod-timetoready`).
pub fn measure_message(measure: &str) -> String {
    let mut id = String::from("measure-");
    id.extend(measure.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }));
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_lanes_share_one_scale_and_quiet_stretches_are_compressed() {
        // A at 0.5 s and 1 s; B at 1.2 s and 41.2 s (a 40 s pause): the pause is drawn as
        // GAP_MS, the rest linearly.
        let axis = Axis::new([500, 1_000, 1_200, 41_200], 41_200, 100.0, 100.0 + 2_400.0);
        let segs = axis.segments();
        assert_eq!(segs.len(), 2, "{segs:?}");
        assert_eq!((segs[0].ms0, segs[0].ms1, segs[0].compressed), (0, 1_200, false));
        assert_eq!((segs[1].ms0, segs[1].ms1, segs[1].compressed), (1_200, 41_200, true));
        // 1,200 ms linear + 1,200 ms compressed = 2,400 px: one pixel per ms.
        assert_eq!(axis.x(0), 100.0);
        assert_eq!(axis.x(500), 600.0);
        assert_eq!(axis.x(1_200), 1_300.0);
        assert_eq!(axis.x(41_200), 2_500.0);
        assert_eq!(axis.x(21_200), 1_900.0, "inside the pause, proportionally");
        assert_eq!(axis.x(99_999), 2_500.0, "past the end: the right edge");
        // The same time maps to the same x whichever side it came from: x is a function of ms.
        for ms in [0, 1, 499, 500, 1_199, 1_200, 5_000, 41_200] {
            let x = axis.x(ms);
            assert_eq!(axis.ms_at(x), ms, "round trip at {ms}");
        }
        assert_eq!(axis.ms_at(0.0), 0);
        assert_eq!(axis.ms_at(1e9), 41_200);
    }

    #[test]
    fn x_never_goes_back_and_an_empty_run_is_one_point() {
        let axis = Axis::new([3, 3, 10_000, 10_001, 2_000], 12_000, 0.0, 1_000.0);
        let mut last = -1.0;
        for ms in (0..=12_000).step_by(7) {
            let x = axis.x(ms);
            assert!(x >= last, "x({ms}) = {x} < {last}");
            last = x;
        }
        assert_eq!(axis.x(12_000), 1_000.0);
        let empty = Axis::new([], 0, 10.0, 500.0);
        assert_eq!(empty.x(0), 10.0);
        assert_eq!(empty.ms_at(200.0), 0);
        assert_eq!(empty.end_ms(), 0);
    }

    #[test]
    fn values_are_written_compactly() {
        assert_eq!(tenths(0), "0.0 s");
        assert_eq!(tenths(1_234), "1.2 s");
        assert_eq!(tenths(1_250), "1.3 s");
        assert_eq!(tenths(75_449), "75.4 s");
        assert_eq!(per_second(&[], 4), "—");
        assert_eq!(per_second(&[(3, 12), (4, 40)], 4), "3 s: 12, 4 s: 40");
        assert_eq!(per_second(&[(1, 1), (2, 2), (3, 3)], 2), "1 s: 1, 2 s: 2, … +1 s");
        assert_eq!(exits(&[("app".into(), 137, "Error".into()), ("side".into(), 0, String::new())]), "app: 137 (Error); side: 0");
        assert_eq!(exits(&[]), "—");
        assert_eq!(action_message("kubelet.kill"), "action-kubelet-kill");
        assert_eq!(action_message("admission.webhook"), "action-admission-webhook");
        assert_eq!(measure_message("pod.timeToReady"), "measure-pod-timetoready");
        assert_eq!(measure_message("traffic.failedBySecond"), "measure-traffic-failedbysecond");
    }
}
