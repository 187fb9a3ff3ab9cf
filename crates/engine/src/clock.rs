//! The virtual clock: milliseconds since the cluster was created (`kind create cluster`), and
//! the wall-clock instant that moment stands for (so timestamps look like a real cluster's).
//!
//! A script starts at `SCRIPT_START`, 70 minutes after the cluster's creation: the nodes and
//! system pods are that old when the learner arrives, so the events of the cluster's start-up
//! have expired (kube-apiserver's `--event-ttl` is 1 h). Traces print times from the script's
//! start (`Time::since_start`).

use serde::Serialize;

/// Milliseconds of virtual time since the cluster was created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize)]
pub struct Time(pub u64);

/// When a script (or the web app's timeline) begins: 70 minutes after the cluster's creation.
pub const SCRIPT_START: Time = Time(70 * 60 * 1000);

impl Time {
    pub const ZERO: Time = Time(0);

    /// Milliseconds since the script began (0 for the cluster's earlier history).
    pub fn since_start(self) -> u64 {
        self.0.saturating_sub(SCRIPT_START.0)
    }

    pub fn millis(self) -> u64 {
        self.0
    }

    pub fn plus_millis(self, ms: u64) -> Time {
        Time(self.0.saturating_add(ms))
    }

    /// RFC 3339 at second precision, as `metav1.Time` serializes (`2026-03-02T09:00:05Z`).
    pub fn rfc3339(self) -> String {
        self.rfc3339_with(None)
    }

    /// RFC 3339 with microseconds, as `metav1.MicroTime` serializes (events' `eventTime`).
    pub fn rfc3339_micros(self) -> String {
        self.rfc3339_with(Some((self.0 % 1000 * 1000, 6)))
    }

    /// RFC 3339 with nanoseconds, as container log timestamps print (`--timestamps`).
    pub fn rfc3339_nanos(self) -> String {
        self.rfc3339_with(Some((self.0 % 1000 * 1_000_000, 9)))
    }

    /// `YYYY-MM-DDThh:mm:ss[.fraction]Z` (`podlife_model::timestamp::format_utc`).
    fn rfc3339_with(self, fraction: Option<(u64, usize)>) -> String {
        podlife_model::timestamp::format_utc(EPOCH_UNIX_SECONDS + (self.0 / 1000) as i64, fraction)
    }

    /// Parses what `rfc3339` printed back into virtual time (None before the epoch).
    pub fn from_rfc3339(text: &str) -> Option<Time> {
        let b = text.as_bytes();
        if b.len() < 20 {
            return None;
        }
        let num = |r: std::ops::Range<usize>| text.get(r)?.parse::<i64>().ok();
        let days = days_from_civil(num(0..4)?, num(5..7)? as u32, num(8..10)? as u32);
        let secs = days * 86_400 + num(11..13)? * 3600 + num(14..16)? * 60 + num(17..19)?;
        let millis = match text.get(19..20) {
            Some(".") => text.get(20..23).and_then(|s| s.parse::<i64>().ok()).unwrap_or(0),
            _ => 0,
        };
        let since = (secs - EPOCH_UNIX_SECONDS) * 1000 + millis;
        u64::try_from(since).ok().map(Time)
    }
}

/// The instant virtual time zero stands for: 2026-03-02T07:50:00Z, the cluster's creation, so a
/// script starts at 09:00:00Z. Fixed, so every run prints the same timestamps.
pub const EPOCH_UNIX_SECONDS: i64 = 1_772_442_000 - (SCRIPT_START.0 / 1000) as i64;

/// Days since 1970-01-01 → (year, month, day). Howard Hinnant's `civil_from_days`.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// (year, month, day) → days since 1970-01-01 (`days_from_civil`).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `Mon`…`Sun` for days since 1970-01-01 (a Thursday).
pub fn weekday_name(days: i64) -> &'static str {
    ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][days.rem_euclid(7) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_prints_and_parses_back() {
        assert_eq!(Time::ZERO.rfc3339(), "2026-03-02T07:50:00Z");
        assert_eq!(SCRIPT_START.rfc3339(), "2026-03-02T09:00:00Z");
        let t = SCRIPT_START.plus_millis(65_500);
        assert_eq!(t.rfc3339(), "2026-03-02T09:01:05Z");
        assert_eq!(t.rfc3339_micros(), "2026-03-02T09:01:05.500000Z");
        assert_eq!(t.since_start(), 65_500);
        assert_eq!(Time::from_rfc3339("2026-03-02T09:01:05Z"), Some(SCRIPT_START.plus_millis(65_000)));
        assert_eq!(Time::from_rfc3339("2026-03-02T09:01:05.500000Z"), Some(t));
        assert_eq!(Time::from_rfc3339("2026-03-02T07:49:59Z"), None);
        assert_eq!(SCRIPT_START.plus_millis(86_400_000 * 365).rfc3339(), "2027-03-02T09:00:00Z");
    }

    /// The digit-by-digit forms against `format!` over leap days, year ends, the last
    /// millisecond of a day and a far future (a year of five digits).
    #[test]
    fn written_digits_match_format() {
        let by_format = |t: Time| {
            let secs = EPOCH_UNIX_SECONDS + (t.0 / 1000) as i64;
            let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
            let rem = secs.rem_euclid(86_400);
            let base = format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", rem / 3600, rem % 3600 / 60, rem % 60);
            (format!("{base}Z"), format!("{base}.{:06}Z", (t.0 % 1000) * 1000), format!("{base}.{:09}Z", (t.0 % 1000) * 1_000_000))
        };
        let day = 86_400_000u64;
        let mut times: Vec<Time> = (0..3000u64).map(|i| Time(i * (day / 3 + 7_919))).collect();
        times.extend([Time(day - 1), Time(1_000 * day * 365 + 999), Time(day * 365 * 8_000 + 12_345)]);
        for t in times {
            let (plain, micros, nanos) = by_format(t);
            assert_eq!((t.rfc3339(), t.rfc3339_micros(), t.rfc3339_nanos()), (plain, micros, nanos), "{}", t.0);
        }
    }
}
