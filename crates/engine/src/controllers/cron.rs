//! Cron schedules as the CronJob controller reads them: `github.com/robfig/cron/v3`'s
//! `ParseStandard` (5 fields — minute, hour, day of month, month, day of week — or a
//! `@descriptor`; names `jan`…`dec` / `sun`…`sat`; `*`, `?`, ranges, steps, lists; an optional
//! `TZ=`/`CRON_TZ=` prefix) and `SpecSchedule.Next` (the dom/dow rule: when either field is
//! `*` both must match, otherwise either may). Error texts are the library's, which
//! kube-apiserver's validation and the controller's events repeat.
//!
//! Time zones: a schedule is evaluated in a fixed UTC offset. Supported: `UTC` and `Etc/UTC`
//! (and the other IANA aliases of UTC), `Etc/GMT±N`, and zones without daylight saving time
//! whose offset has not changed since 2015 (a small table, `ZONES`). Zones with daylight
//! saving time (`America/New_York`, `Europe/Berlin`, …) are not modelled: kube-apiserver in
//! podlife refuses them with Go's `unknown time zone` text, which a real cluster would not.

/// A parsed schedule: one bit per allowed value, plus the `*` marker for dom/dow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    minute: u64,
    hour: u64,
    dom: u64,
    month: u64,
    dow: u64,
    /// `@every`: a fixed period in seconds instead of fields.
    every: Option<i64>,
    /// The schedule's own zone (`TZ=` prefix), as an offset in seconds east of UTC.
    offset: Option<i64>,
}

const STAR: u64 = 1 << 63;

struct Bounds {
    min: u32,
    max: u32,
    names: &'static [&'static str],
}

const MINUTES: Bounds = Bounds { min: 0, max: 59, names: &[] };
const HOURS: Bounds = Bounds { min: 0, max: 23, names: &[] };
const DOM: Bounds = Bounds { min: 1, max: 31, names: &[] };
const MONTHS: Bounds = Bounds { min: 1, max: 12, names: &["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] };
const DOW: Bounds = Bounds { min: 0, max: 6, names: &["sun", "mon", "tue", "wed", "thu", "fri", "sat"] };

/// Zones podlife evaluates: name → offset east of UTC in seconds (no daylight saving time).
const ZONES: &[(&str, i64)] = &[
    ("UTC", 0), ("Etc/UTC", 0), ("Etc/UCT", 0), ("Etc/Universal", 0), ("Etc/Zulu", 0), ("UCT", 0), ("Universal", 0), ("Zulu", 0),
    ("GMT", 0), ("Etc/GMT", 0), ("Etc/Greenwich", 0), ("Greenwich", 0),
    ("Asia/Seoul", 9 * 3600), ("Asia/Tokyo", 9 * 3600), ("Asia/Shanghai", 8 * 3600), ("Asia/Singapore", 8 * 3600),
    ("Asia/Hong_Kong", 8 * 3600), ("Asia/Taipei", 8 * 3600), ("Asia/Kolkata", 5 * 3600 + 1800), ("Asia/Dubai", 4 * 3600),
    ("Asia/Jakarta", 7 * 3600), ("Asia/Bangkok", 7 * 3600), ("Asia/Manila", 8 * 3600), ("Europe/Moscow", 3 * 3600),
    ("Europe/Istanbul", 3 * 3600), ("Africa/Nairobi", 3 * 3600), ("Africa/Lagos", 3600), ("America/Sao_Paulo", -3 * 3600),
    ("America/Argentina/Buenos_Aires", -3 * 3600), ("America/Bogota", -5 * 3600), ("America/Lima", -5 * 3600),
    ("America/Phoenix", -7 * 3600), ("Pacific/Honolulu", -10 * 3600), ("Australia/Brisbane", 10 * 3600),
];

/// Go's `time.LoadLocation`: the zone's offset, or its error text.
pub fn load_location(name: &str) -> Result<i64, String> {
    if name.is_empty() || name == "UTC" {
        return Ok(0);
    }
    if let Some((_, off)) = ZONES.iter().find(|(n, _)| *n == name) {
        return Ok(*off);
    }
    // `Etc/GMT+5` is five hours *west* of Greenwich (POSIX signs).
    if let Some(rest) = name.strip_prefix("Etc/GMT")
        && let Some(sign) = rest.chars().next().filter(|c| *c == '+' || *c == '-')
        && let Ok(h) = rest[1..].parse::<i64>()
        && !rest[1..].starts_with('0')
        && ((sign == '+' && h <= 12) || (sign == '-' && h <= 14))
    {
        return Ok(if sign == '+' { -h * 3600 } else { h * 3600 });
    }
    Err(format!("unknown time zone {name}"))
}

fn parse_int(s: &str) -> Result<u32, String> {
    // strconv.Atoi's texts.
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("failed to parse int from {s}: strconv.Atoi: parsing {}: invalid syntax", go_quote(s)));
    }
    if s.starts_with('-') {
        let n: i64 = s.parse().unwrap_or(i64::MIN);
        return Err(format!("negative number ({n}) not allowed: {s}"));
    }
    digits.parse::<u32>().map_err(|_| format!("failed to parse int from {s}: strconv.Atoi: parsing {}: value out of range", go_quote(s)))
}

fn go_quote(s: &str) -> String {
    crate::apiserver::status::quote(s)
}

fn parse_int_or_name(s: &str, names: &[&str]) -> Result<u32, String> {
    let lower = s.to_ascii_lowercase();
    if let Some(i) = names.iter().position(|n| *n == lower) {
        // Months are 1-based, weekdays 0-based.
        return Ok(if names.len() == 12 { i as u32 + 1 } else { i as u32 });
    }
    parse_int(s)
}

/// `getRange`: one list element (`*`, `?`, `a`, `a-b`, each optionally `/step`).
fn get_range(expr: &str, b: &Bounds) -> Result<u64, String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let single_digit = low_and_high.len() == 1;
    let (start, mut end, mut extra);
    if low_and_high[0] == "*" || low_and_high[0] == "?" {
        start = b.min;
        end = b.max;
        extra = STAR;
    } else {
        start = parse_int_or_name(low_and_high[0], b.names)?;
        extra = 0;
        match low_and_high.len() {
            1 => end = start,
            2 => end = parse_int_or_name(low_and_high[1], b.names)?,
            _ => return Err(format!("too many hyphens: {expr}")),
        }
    }
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            let step = parse_int(range_and_step[1])?;
            // "N/step" means "N-max/step".
            if single_digit {
                end = b.max;
            }
            if step > 1 {
                extra = 0;
            }
            step
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < b.min {
        return Err(format!("beginning of range ({start}) below minimum ({}): {expr}", b.min));
    }
    if end > b.max {
        return Err(format!("end of range ({end}) above maximum ({}): {expr}", b.max));
    }
    if start > end {
        return Err(format!("beginning of range ({start}) beyond end of range ({end}): {expr}"));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    let mut bits = 0u64;
    let mut i = start;
    while i <= end {
        bits |= 1 << i;
        i += step;
    }
    Ok(bits | extra)
}

fn get_field(field: &str, b: &Bounds) -> Result<u64, String> {
    let mut bits = 0;
    for expr in field.split(',') {
        bits |= get_range(expr, b)?;
    }
    Ok(bits)
}

/// Go's `time.ParseDuration` for the `@every` descriptor (whole seconds are enough here).
fn parse_duration(s: &str) -> Result<i64, String> {
    let err = || format!("time: invalid duration {}", go_quote(s));
    let mut rest = s;
    let mut total = 0f64;
    if rest.is_empty() {
        return Err(err());
    }
    while !rest.is_empty() {
        let n = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).ok_or_else(err)?;
        let value: f64 = rest[..n].parse().map_err(|_| err())?;
        rest = &rest[n..];
        let u = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let unit = match &rest[..u] {
            "ns" => 1e-9,
            "us" | "µs" => 1e-6,
            "ms" => 1e-3,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            "" => return Err(format!("time: missing unit in duration {}", go_quote(s))),
            other => return Err(format!("time: unknown unit {} in duration {}", go_quote(other), go_quote(s))),
        };
        total += value * unit;
        rest = &rest[u..];
    }
    Ok(total as i64)
}

/// `cron.ParseStandard`.
pub fn parse_standard(spec: &str) -> Result<Schedule, String> {
    if spec.is_empty() {
        return Err("empty spec string".into());
    }
    let mut spec = spec;
    let mut offset = None;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let i = spec.find(' ').unwrap_or(spec.len());
        let eq = spec.find('=').unwrap_or(0);
        let name = &spec[eq + 1..i];
        offset = Some(load_location(name).map_err(|e| format!("provided bad location {name}: {e}"))?);
        spec = spec[i..].trim();
    }
    if let Some(d) = spec.strip_prefix('@') {
        let fields = |m: &str| parse_standard(m).map(|s| Schedule { offset, ..s });
        return match d {
            "yearly" | "annually" => fields("0 0 1 1 *"),
            "monthly" => fields("0 0 1 * *"),
            "weekly" => fields("0 0 * * 0"),
            "daily" | "midnight" => fields("0 0 * * *"),
            "hourly" => fields("0 * * * *"),
            _ => match d.strip_prefix("every ") {
                Some(dur) => {
                    let secs = parse_duration(dur).map_err(|e| format!("failed to parse duration {spec}: {e}"))?;
                    Ok(Schedule { minute: 0, hour: 0, dom: 0, month: 0, dow: 0, every: Some(secs.max(1)), offset })
                }
                None => Err(format!("unrecognized descriptor: {spec}")),
            },
        };
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!("expected exactly 5 fields, found {}: [{}]", fields.len(), fields.join(" ")));
    }
    Ok(Schedule {
        minute: get_field(fields[0], &MINUTES)?,
        hour: get_field(fields[1], &HOURS)?,
        dom: get_field(fields[2], &DOM)?,
        month: get_field(fields[3], &MONTHS)?,
        dow: get_field(fields[4], &DOW)?,
        every: None,
        offset,
    })
}

pub use crate::clock::{civil_from_days, days_from_civil};

impl Schedule {
    /// `SpecSchedule.Next`: the first matching minute strictly after `t` (unix seconds), in
    /// the zone `zone_offset` (the schedule's own `TZ=` wins). None when nothing matches in
    /// five years (`0 0 30 2 *`), where the library returns the zero time.
    pub fn next(&self, t: i64, zone_offset: i64) -> Option<i64> {
        if let Some(every) = self.every {
            // `ConstantDelaySchedule`: rounded down to the second, plus the delay.
            return Some(t + every);
        }
        let off = self.offset.unwrap_or(zone_offset);
        // Local wall-clock seconds; start at the next whole minute after t.
        let mut local = t + off + 1;
        local += (60 - local.rem_euclid(60)) % 60;
        let limit = local + 5 * 366 * 86_400;
        while local <= limit {
            let days = local.div_euclid(86_400);
            let secs = local.rem_euclid(86_400);
            let (y, mo, d) = civil_from_days(days);
            if self.month & (1 << mo) == 0 {
                // First day of the next month.
                let (ny, nm) = if mo == 12 { (y + 1, 1) } else { (y, mo + 1) };
                local = days_from_civil(ny, nm, 1) * 86_400;
                continue;
            }
            let dow = (days + 4).rem_euclid(7) as u32; // 1970-01-01 was a Thursday.
            if !self.day_matches(d, dow) {
                local = (days + 1) * 86_400;
                continue;
            }
            let h = (secs / 3600) as u32;
            if self.hour & (1 << h) == 0 {
                local = days * 86_400 + (h as i64 + 1) * 3600;
                continue;
            }
            let m = ((secs % 3600) / 60) as u32;
            if self.minute & (1 << m) == 0 {
                local += 60;
                continue;
            }
            return Some(local - off);
        }
        None
    }

    fn day_matches(&self, dom: u32, dow: u32) -> bool {
        let dom_match = self.dom & (1 << dom) != 0;
        let dow_match = self.dow & (1 << dow) != 0;
        if self.dom & STAR != 0 || self.dow & STAR != 0 {
            dom_match && dow_match
        } else {
            dom_match || dow_match
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3339 UTC text → unix seconds (test helper).
    fn at(s: &str) -> i64 {
        let (date, time) = s.split_once('T').unwrap();
        let d: Vec<u32> = date.split('-').map(|x| x.parse().unwrap()).collect();
        let t: Vec<i64> = time.trim_end_matches('Z').split(':').map(|x| x.parse().unwrap()).collect();
        days_from_civil(d[0] as i64, d[1], d[2]) * 86_400 + t[0] * 3600 + t[1] * 60 + t[2]
    }

    fn next(spec: &str, from: &str) -> Option<i64> {
        parse_standard(spec).unwrap().next(at(from), 0)
    }

    #[test]
    fn civil_round_trip() {
        for days in [-1000, 0, 1, 59, 365, 10_957, 20_514, 100_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(at("2026-03-02T09:00:00Z"), crate::clock::EPOCH_UNIX_SECONDS);
    }

    /// robfig/cron v3 `TestNext` vectors (the 5-field ones; seconds are always 0 here).
    #[test]
    fn next_as_robfig() {
        let cases = [
            ("2012-07-09T14:45:00Z", "0/15 * * * *", "2012-07-09T15:00:00Z"),
            ("2012-07-09T14:59:00Z", "0/15 * * * *", "2012-07-09T15:00:00Z"),
            // Wrap around hours.
            ("2012-07-09T15:45:00Z", "20-35/15 * * * *", "2012-07-09T16:20:00Z"),
            // Wrap around days.
            ("2012-07-09T23:46:00Z", "*/15 * * * *", "2012-07-10T00:00:00Z"),
            ("2012-07-09T23:45:00Z", "20-35/15 * * * *", "2012-07-10T00:20:00Z"),
            ("2012-07-09T23:35:00Z", "20-35/15 * * * *", "2012-07-10T00:20:00Z"),
            ("2012-07-09T23:35:00Z", "20-35/15 1/2 * * *", "2012-07-10T01:20:00Z"),
            ("2012-07-09T23:35:00Z", "20-35/15 10-12 * * *", "2012-07-10T10:20:00Z"),
            ("2012-07-09T23:35:00Z", "20-35/15 1/2 */2 * *", "2012-07-11T01:20:00Z"),
            ("2012-07-09T23:35:00Z", "20-35/15 * 9-20 * *", "2012-07-10T00:20:00Z"),
            ("2012-07-09T23:35:00Z", "20-35/15 * 9-20 Jul *", "2012-07-10T00:20:00Z"),
            // Wrap around months.
            ("2012-07-09T23:35:00Z", "0 0 9 Apr-Oct ?", "2012-08-09T00:00:00Z"),
            ("2012-07-09T23:35:00Z", "0 0 */5 Apr,Aug,Oct Mon", "2012-08-01T00:00:00Z"),
            ("2012-07-09T23:35:00Z", "0 0 */5 Oct Mon", "2012-10-01T00:00:00Z"),
            // Wrap around years.
            ("2012-07-09T23:35:00Z", "0 0 * Feb Mon", "2013-02-04T00:00:00Z"),
            ("2012-07-09T23:35:00Z", "0 0 * Feb Mon/2", "2013-02-01T00:00:00Z"),
            // Wrap around minute, hour, day, month, and year.
            ("2012-12-31T23:59:45Z", "* * * * *", "2013-01-01T00:00:00Z"),
            // Leap year.
            ("2012-07-09T23:35:00Z", "0 0 29 Feb ?", "2016-02-29T00:00:00Z"),
        ];
        for (from, spec, want) in cases {
            assert_eq!(next(spec, from), Some(at(want)), "{spec} after {from}");
        }
        // Unsatisfiable.
        assert_eq!(next("0 0 30 Feb ?", "2012-07-09T23:35:00Z"), None);
        assert_eq!(next("0 0 31 Apr ?", "2012-07-09T23:35:00Z"), None);
    }

    #[test]
    fn descriptors_and_zones() {
        assert_eq!(next("@hourly", "2026-03-02T09:00:00Z"), Some(at("2026-03-02T10:00:00Z")));
        assert_eq!(next("@daily", "2026-03-02T09:00:00Z"), Some(at("2026-03-03T00:00:00Z")));
        assert_eq!(next("@weekly", "2026-03-02T09:00:00Z"), Some(at("2026-03-08T00:00:00Z")));
        assert_eq!(next("@monthly", "2026-03-02T09:00:00Z"), Some(at("2026-04-01T00:00:00Z")));
        assert_eq!(next("@yearly", "2026-03-02T09:00:00Z"), Some(at("2027-01-01T00:00:00Z")));
        assert_eq!(next("@every 1h30m", "2026-03-02T09:00:00Z"), Some(at("2026-03-02T10:30:00Z")));
        // 03:00 in Seoul is 18:00 UTC the day before.
        let s = parse_standard("0 3 * * *").unwrap();
        assert_eq!(s.next(at("2026-03-02T09:00:00Z"), 9 * 3600), Some(at("2026-03-02T18:00:00Z")));
        let tz = parse_standard("TZ=Asia/Seoul 0 3 * * *").unwrap();
        assert_eq!(tz.next(at("2026-03-02T09:00:00Z"), 0), Some(at("2026-03-02T18:00:00Z")));
        assert_eq!(load_location("Etc/GMT+5"), Ok(-5 * 3600));
        assert_eq!(load_location("Mars/Olympus"), Err("unknown time zone Mars/Olympus".into()));
    }

    /// robfig/cron v3 `TestParseScheduleErrors` / `TestStandardSpecSchedule` texts.
    #[test]
    fn errors() {
        let err = |s: &str| parse_standard(s).unwrap_err();
        assert_eq!(err(""), "empty spec string");
        assert_eq!(err("* * * *"), "expected exactly 5 fields, found 4: [* * * *]");
        assert_eq!(err("* * * * * *"), "expected exactly 5 fields, found 6: [* * * * * *]");
        assert_eq!(err("@unrecognized"), "unrecognized descriptor: @unrecognized");
        assert_eq!(err("60 * * * *"), "end of range (60) above maximum (59): 60");
        assert_eq!(err("* 5-1 * * *"), "beginning of range (5) beyond end of range (1): 5-1");
        assert_eq!(err("* * 0 * *"), "beginning of range (0) below minimum (1): 0");
        assert_eq!(err("* * * * 7"), "end of range (7) above maximum (6): 7");
        assert_eq!(err("*/0 * * * *"), "step of range should be a positive number: */0");
        assert_eq!(err("1-2-3 * * * *"), "too many hyphens: 1-2-3");
        assert_eq!(err("1/2/3 * * * *"), "too many slashes: 1/2/3");
        assert_eq!(err("x * * * *"), "failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax");
        assert_eq!(err("-1 * * * *"), "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax");
        assert!(parse_standard("*/5 1,2,3 ? jan-dec MON-FRI").is_ok());
    }
}
