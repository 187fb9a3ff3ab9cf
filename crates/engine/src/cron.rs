//! Cron schedules as the CronJob controller reads them: `github.com/robfig/cron/v3`'s
//! `ParseStandard` (5 fields — minute, hour, day of month, month, day of week — or a
//! `@descriptor`; names `jan`…`dec` / `sun`…`sat`; `*`, `?`, ranges, steps, lists; an optional
//! `TZ=`/`CRON_TZ=` prefix) and `SpecSchedule.Next` (the dom/dow rule: when either field is
//! `*` both must match, otherwise either may). Error texts are the library's, which
//! kube-apiserver's validation and the controller's events repeat.
//!
//! Time zones: Go's `time.LoadLocation` over a small table of IANA names, each with the POSIX
//! TZ rule of its tzdata (the footer of the zoneinfo file: `EST5EDT,M3.2.0,M11.1.0`), which is
//! what Go's `tzset` applies to the years after the file's last listed transition — and, for
//! these zones, what the listed transitions of the simulated years say too. Daylight saving
//! time is evaluated as Go does: `time.Date` of a wall time in a spring-forward gap normalizes
//! with the offset before the gap, a repeated fall-back hour exists twice, and robfig/cron's
//! `Next` walks hours by adding absolute hours (a schedule inside the gap is skipped that day;
//! one inside the repeated hour runs twice). A real zone missing from the table is refused with
//! Go's `unknown time zone` text, which a real cluster would accept.

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
    /// The schedule's own zone (`TZ=` prefix).
    zone: Option<Zone>,
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

/// A zone as Go's `time.Location` reads it here: the standard offset east of UTC (seconds)
/// and, for zones with daylight saving time, the DST offset with the rules that start and end it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone {
    std: i64,
    dst: Option<(i64, Rule, Rule)>,
}

/// A POSIX `Mm.w.d/time` rule: month, week (5 = last), weekday (0 = Sunday), local seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rule {
    month: u32,
    week: u32,
    day: u32,
    secs: i64,
}

pub const UTC: Zone = Zone { std: 0, dst: None };

/// IANA names → the POSIX TZ string of their tzdata (2025 releases).
const ZONES: &[(&str, &str)] = &[
    ("UTC", "UTC0"), ("Etc/UTC", "UTC0"), ("Etc/UCT", "UTC0"), ("Etc/Universal", "UTC0"), ("Etc/Zulu", "UTC0"), ("UCT", "UTC0"), ("Universal", "UTC0"), ("Zulu", "UTC0"),
    ("GMT", "GMT0"), ("Etc/GMT", "GMT0"), ("Etc/Greenwich", "GMT0"), ("Greenwich", "GMT0"),
    ("Asia/Seoul", "KST-9"), ("Asia/Tokyo", "JST-9"), ("Asia/Shanghai", "CST-8"), ("Asia/Singapore", "<+08>-8"), ("Asia/Hong_Kong", "HKT-8"),
    ("Asia/Taipei", "CST-8"), ("Asia/Kolkata", "IST-5:30"), ("Asia/Dubai", "<+04>-4"), ("Asia/Jakarta", "WIB-7"), ("Asia/Bangkok", "<+07>-7"),
    ("Asia/Manila", "PST-8"), ("Asia/Tehran", "<+0330>-3:30"), ("Asia/Jerusalem", "IST-2IDT,M3.4.4/26,M10.5.0"),
    ("Europe/Moscow", "MSK-3"), ("Europe/Istanbul", "<+03>-3"), ("Africa/Nairobi", "EAT-3"), ("Africa/Lagos", "WAT-1"), ("Africa/Johannesburg", "SAST-2"), ("Africa/Cairo", "EET-2EEST,M4.5.5/0,M10.5.4/24"),
    ("Europe/London", "GMT0BST,M3.5.0/1,M10.5.0"), ("Europe/Dublin", "IST-1GMT0,M10.5.0,M3.5.0/1"), ("Europe/Lisbon", "WET0WEST,M3.5.0/1,M10.5.0"),
    ("Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Paris", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Madrid", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Rome", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Amsterdam", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Brussels", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Vienna", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Zurich", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Stockholm", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Oslo", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Copenhagen", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Warsaw", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Prague", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Budapest", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Europe/Athens", "EET-2EEST,M3.5.0/3,M10.5.0/4"),
    ("Europe/Helsinki", "EET-2EEST,M3.5.0/3,M10.5.0/4"), ("Europe/Bucharest", "EET-2EEST,M3.5.0/3,M10.5.0/4"), ("Europe/Kyiv", "EET-2EEST,M3.5.0/3,M10.5.0/4"),
    ("America/New_York", "EST5EDT,M3.2.0,M11.1.0"), ("America/Toronto", "EST5EDT,M3.2.0,M11.1.0"), ("America/Detroit", "EST5EDT,M3.2.0,M11.1.0"),
    ("America/Chicago", "CST6CDT,M3.2.0,M11.1.0"), ("America/Winnipeg", "CST6CDT,M3.2.0,M11.1.0"), ("America/Denver", "MST7MDT,M3.2.0,M11.1.0"),
    ("America/Edmonton", "MST7MDT,M3.2.0,M11.1.0"), ("America/Phoenix", "MST7"), ("America/Los_Angeles", "PST8PDT,M3.2.0,M11.1.0"),
    ("America/Vancouver", "PST8PDT,M3.2.0,M11.1.0"), ("America/Anchorage", "AKST9AKDT,M3.2.0,M11.1.0"), ("America/Halifax", "AST4ADT,M3.2.0,M11.1.0"),
    ("America/St_Johns", "NST3:30NDT,M3.2.0,M11.1.0"), ("America/Mexico_City", "CST6"), ("America/Sao_Paulo", "<-03>3"),
    ("America/Argentina/Buenos_Aires", "<-03>3"), ("America/Bogota", "<-05>5"), ("America/Lima", "<-05>5"), ("America/Santiago", "<-04>4<-03>,M9.1.6/24,M4.1.6/24"),
    ("Pacific/Honolulu", "HST10"), ("Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3"), ("Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Melbourne", "AEST-10AEDT,M10.1.0,M4.1.0/3"), ("Australia/Hobart", "AEST-10AEDT,M10.1.0,M4.1.0/3"), ("Australia/Adelaide", "ACST-9:30ACDT,M10.1.0,M4.1.0/3"),
    ("Australia/Brisbane", "AEST-10"), ("Australia/Darwin", "ACST-9:30"), ("Australia/Perth", "AWST-8"),
];

/// Go's `tzset`: the parts of a POSIX TZ string (only the `M` rule form, which every zone of
/// the table uses).
fn parse_posix(text: &str) -> Option<Zone> {
    fn name(s: &mut &str) -> Option<()> {
        let n = if let Some(rest) = s.strip_prefix('<') { rest.find('>')? + 2 } else { s.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(s.len()) };
        (n >= 3).then(|| *s = &s[n..])
    }
    // `[+-]hh[:mm[:ss]]`, as seconds.
    fn offset(s: &mut &str) -> Option<i64> {
        let neg = s.starts_with('-');
        *s = s.strip_prefix(['+', '-']).unwrap_or(s);
        let end = s.find(|c: char| !(c.is_ascii_digit() || c == ':')).unwrap_or(s.len());
        let mut secs = 0;
        for (i, part) in s[..end].split(':').enumerate() {
            secs += part.parse::<i64>().ok()? * [3600, 60, 1].get(i)?;
        }
        *s = &s[end..];
        Some(if neg { -secs } else { secs })
    }
    fn rule(s: &mut &str) -> Option<Rule> {
        let body = s.strip_prefix(",M")?;
        let end = body.find(',').unwrap_or(body.len());
        let (date, time) = body[..end].split_once('/').unwrap_or((&body[..end], "2"));
        let mut f = date.split('.').map(|x| x.parse::<u32>().ok());
        let (month, week, day) = (f.next()??, f.next()??, f.next()??);
        let secs = offset(&mut { time })?;
        *s = &body[end..];
        Some(Rule { month, week, day, secs })
    }
    let mut s = text;
    name(&mut s)?;
    let std = -offset(&mut s)?;
    if s.is_empty() {
        return Some(Zone { std, dst: None });
    }
    name(&mut s)?;
    let dst = if s.starts_with(',') { std + 3600 } else { -offset(&mut s)? };
    let start = rule(&mut s)?;
    let end = rule(&mut s)?;
    Some(Zone { std, dst: Some((dst, start, end)) })
}

/// Go's `time.LoadLocation`: the zone, or its error text.
pub fn load_location(name: &str) -> Result<Zone, String> {
    if name.is_empty() || name == "UTC" {
        return Ok(UTC);
    }
    if let Some(z) = ZONES.iter().find(|(n, _)| *n == name).and_then(|(_, p)| parse_posix(p)) {
        return Ok(z);
    }
    // `Etc/GMT+5` is five hours *west* of Greenwich (POSIX signs).
    if let Some(rest) = name.strip_prefix("Etc/GMT")
        && let Some(sign) = rest.chars().next().filter(|c| *c == '+' || *c == '-')
        && let Ok(h) = rest[1..].parse::<i64>()
        && !rest[1..].starts_with('0')
        && ((sign == '+' && h <= 12) || (sign == '-' && h <= 14))
    {
        return Ok(Zone { std: if sign == '+' { -h * 3600 } else { h * 3600 }, dst: None });
    }
    Err(format!("unknown time zone {name}"))
}

/// `tzruleTime`: seconds from the start of `year` (UTC) to the rule's moment, whose wall
/// time is read in `off`.
fn rule_time(year: i64, r: Rule, off: i64) -> i64 {
    let first = days_from_civil(year, r.month, 1);
    let next = if r.month == 12 { days_from_civil(year + 1, 1, 1) } else { days_from_civil(year, r.month + 1, 1) };
    let dow = (first + 4).rem_euclid(7) as u32;
    let mut d = ((r.day + 7 - dow) % 7) as i64;
    for _ in 1..r.week {
        if first + d + 7 >= next {
            break;
        }
        d += 7;
    }
    (first - days_from_civil(year, 1, 1) + d) * 86_400 + r.secs - off
}

impl Zone {
    /// `Location.lookup`: the offset in effect at `unix`, and the span it is known to hold
    /// for (`tzset`'s: exact near a transition, the year's bounds otherwise).
    fn lookup(&self, unix: i64) -> (i64, i64, i64) {
        let Some((dst, start_rule, end_rule)) = self.dst else { return (self.std, i64::MIN, i64::MAX) };
        let (year, _, _) = civil_from_days(unix.div_euclid(86_400));
        let year_start = days_from_civil(year, 1, 1) * 86_400;
        let ysec = unix - year_start;
        let (mut start, mut end) = (rule_time(year, start_rule, self.std), rule_time(year, end_rule, dst));
        let (mut std, mut dst) = (self.std, dst);
        if end < start {
            (start, end) = (end, start);
            (std, dst) = (dst, std);
        }
        if ysec < start {
            (std, year_start, year_start + start)
        } else if ysec >= end {
            (std, year_start + end, year_start + 365 * 86_400)
        } else {
            (dst, year_start + start, year_start + end)
        }
    }

    /// The offset east of UTC at `unix`.
    pub fn offset_at(&self, unix: i64) -> i64 {
        self.lookup(unix).0
    }

    /// `time.Date` in this zone (fields may overflow; a wall time in a gap or a repeated hour
    /// is resolved as Go resolves it).
    fn date(&self, year: i64, month: i64, day: i64, hour: i64, min: i64, sec: i64) -> i64 {
        let (year, month) = (year + (month - 1).div_euclid(12), (month - 1).rem_euclid(12) as u32 + 1);
        let unix = (days_from_civil(year, month, 1) + day - 1) * 86_400 + hour * 3600 + min * 60 + sec;
        let (mut offset, start, end) = self.lookup(unix);
        if offset != 0 {
            let utc = unix - offset;
            if utc < start || utc >= end {
                offset = self.lookup(utc).0;
            }
        }
        unix - offset
    }

    /// `t.AddDate(0, months, days)`.
    fn add_date(&self, t: i64, months: i64, days: i64) -> i64 {
        let (y, mo, d, h, mi, s, _) = self.civil(t);
        self.date(y, mo as i64 + months, d as i64 + days, h, mi, s)
    }

    /// (year, month, day, hour, minute, second, weekday) of `unix` in this zone.
    fn civil(&self, unix: i64) -> (i64, u32, u32, i64, i64, i64, u32) {
        let local = unix + self.offset_at(unix);
        let days = local.div_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        let secs = local.rem_euclid(86_400);
        (y, m, d, secs / 3600, secs % 3600 / 60, secs % 60, (days + 4).rem_euclid(7) as u32)
    }
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

/// `cron.ParseStandard`.
pub fn parse_standard(spec: &str) -> Result<Schedule, String> {
    if spec.is_empty() {
        return Err("empty spec string".into());
    }
    let mut spec = spec;
    let mut zone = None;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let i = spec.find(' ').unwrap_or(spec.len());
        let eq = spec.find('=').unwrap_or(0);
        let name = &spec[eq + 1..i];
        zone = Some(load_location(name).map_err(|e| format!("provided bad location {name}: {e}"))?);
        spec = spec[i..].trim();
    }
    if let Some(d) = spec.strip_prefix('@') {
        let fields = |m: &str| parse_standard(m).map(|s| Schedule { zone, ..s });
        return match d {
            "yearly" | "annually" => fields("0 0 1 1 *"),
            "monthly" => fields("0 0 1 * *"),
            "weekly" => fields("0 0 * * 0"),
            "daily" | "midnight" => fields("0 0 * * *"),
            "hourly" => fields("0 * * * *"),
            _ => match d.strip_prefix("every ") {
                Some(dur) => {
                    let ns = crate::gostrings::parse_go_duration(dur).map_err(|e| format!("failed to parse duration {spec}: {e}"))?;
                    // `cron.Every`: at least a second, in whole seconds (a negative period too).
                    let secs = (ns / 1_000_000_000).max(1);
                    Ok(Schedule { minute: 0, hour: 0, dom: 0, month: 0, dow: 0, every: Some(secs), zone })
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
        zone,
    })
}

pub use crate::clock::{civil_from_days, days_from_civil};

impl Schedule {
    /// `SpecSchedule.Next`: the first matching time strictly after `t` (unix seconds), read in
    /// `zone` (the schedule's own `TZ=` wins). None when nothing matches within five years
    /// (`0 0 30 2 *`), where the library returns the zero time. Step by step as the library
    /// walks, so that daylight saving time comes out as it does there.
    pub fn next(&self, t: i64, zone: Zone) -> Option<i64> {
        if let Some(every) = self.every {
            // `ConstantDelaySchedule`: rounded down to the second, plus the delay.
            return Some(t + every);
        }
        let z = self.zone.unwrap_or(zone);
        // The upcoming second; robfig's standard parser fixes the seconds field at 0.
        let mut t = t + 1;
        let mut added = false;
        let year_limit = z.civil(t).0 + 5;
        'wrap: loop {
            if z.civil(t).0 > year_limit {
                return None;
            }
            while self.month & (1 << z.civil(t).1) == 0 {
                if !added {
                    added = true;
                    let (y, mo, ..) = z.civil(t);
                    t = z.date(y, mo as i64, 1, 0, 0, 0);
                }
                t = z.add_date(t, 1, 0);
                if z.civil(t).1 == 1 {
                    continue 'wrap;
                }
            }
            while !self.day_matches(z.civil(t).2, z.civil(t).6) {
                if !added {
                    added = true;
                    let (y, mo, d, ..) = z.civil(t);
                    t = z.date(y, mo as i64, d as i64, 0, 0, 0);
                }
                t = z.add_date(t, 0, 1);
                // "Notice if the hour is no longer midnight due to DST."
                let h = z.civil(t).3;
                if h != 0 {
                    t += if h > 12 { (24 - h) * 3600 } else { -h * 3600 };
                }
                if z.civil(t).2 == 1 {
                    continue 'wrap;
                }
            }
            while self.hour & (1 << z.civil(t).3) == 0 {
                if !added {
                    added = true;
                    let (y, mo, d, h, ..) = z.civil(t);
                    t = z.date(y, mo as i64, d as i64, h, 0, 0);
                }
                t += 3600;
                if z.civil(t).3 == 0 {
                    continue 'wrap;
                }
            }
            while self.minute & (1 << z.civil(t).4) == 0 {
                if !added {
                    added = true;
                    t -= t.rem_euclid(60);
                }
                t += 60;
                if z.civil(t).4 == 0 {
                    continue 'wrap;
                }
            }
            // The seconds field is {0}.
            while z.civil(t).5 != 0 {
                added = true;
                t += 1;
                if z.civil(t).5 == 0 {
                    continue 'wrap;
                }
            }
            return Some(t);
        }
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
        parse_standard(spec).unwrap().next(at(from), UTC)
    }

    #[test]
    fn civil_round_trip() {
        for days in [-1000, 0, 1, 59, 365, 10_957, 20_514, 100_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(at("2026-03-02T09:00:00Z"), crate::clock::EPOCH_UNIX_SECONDS + (crate::clock::SCRIPT_START.millis() / 1000) as i64);
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
        // `cron.Every`: whole seconds, at least one — a sub-second or negative period too.
        assert_eq!(next("@every 2.9s", "2026-03-02T09:00:00Z"), Some(at("2026-03-02T09:00:02Z")));
        assert_eq!(next("@every 500ms", "2026-03-02T09:00:00Z"), Some(at("2026-03-02T09:00:01Z")));
        assert_eq!(next("@every -1m", "2026-03-02T09:00:00Z"), Some(at("2026-03-02T09:00:01Z")));
        // `time.ParseDuration`'s errors, in robfig/cron's words.
        assert_eq!(parse_standard("@every 1d").unwrap_err(), "failed to parse duration @every 1d: time: unknown unit \"d\" in duration \"1d\"");
        assert_eq!(parse_standard("@every 30").unwrap_err(), "failed to parse duration @every 30: time: missing unit in duration \"30\"");
        assert_eq!(parse_standard("@every x").unwrap_err(), "failed to parse duration @every x: time: invalid duration \"x\"");
        // 03:00 in Seoul is 18:00 UTC the day before.
        let s = parse_standard("0 3 * * *").unwrap();
        let seoul = load_location("Asia/Seoul").unwrap();
        assert_eq!(s.next(at("2026-03-02T09:00:00Z"), seoul), Some(at("2026-03-02T18:00:00Z")));
        let tz = parse_standard("TZ=Asia/Seoul 0 3 * * *").unwrap();
        assert_eq!(tz.next(at("2026-03-02T09:00:00Z"), UTC), Some(at("2026-03-02T18:00:00Z")));
        assert_eq!(load_location("Etc/GMT+5").map(|z| z.offset_at(0)), Ok(-5 * 3600));
        assert_eq!(load_location("Asia/Kolkata").map(|z| z.offset_at(0)), Ok(5 * 3600 + 1800));
        assert_eq!(load_location("Mars/Olympus"), Err("unknown time zone Mars/Olympus".into()));
    }

    /// `2012-03-11T01:00:00-0500` → unix seconds.
    fn at_offset(s: &str) -> i64 {
        let (local, off) = s.split_at(19);
        let sign = if off.starts_with('-') { -1 } else { 1 };
        at(&format!("{local}Z")) - sign * (off[1..3].parse::<i64>().unwrap() * 3600 + off[3..5].parse::<i64>().unwrap() * 60)
    }

    /// robfig/cron v3 `TestNext`'s daylight-saving vectors (America/New_York, 2012; the
    /// 6-field specs without their seconds field).
    #[test]
    fn next_across_dst_as_robfig() {
        let cases = [
            // 2am EST (-5) -> 3am EDT (-4).
            ("2012-03-11T00:00:00-0500", "30 2 11 Mar ?", "2013-03-11T02:30:00-0400"),
            ("2012-03-11T00:00:00-0500", "0 * * * ?", "2012-03-11T01:00:00-0500"),
            ("2012-03-11T01:00:00-0500", "0 * * * ?", "2012-03-11T03:00:00-0400"),
            ("2012-03-11T03:00:00-0400", "0 * * * ?", "2012-03-11T04:00:00-0400"),
            ("2012-03-11T04:00:00-0400", "0 * * * ?", "2012-03-11T05:00:00-0400"),
            ("2012-03-11T00:00:00-0500", "0 1 * * ?", "2012-03-11T01:00:00-0500"),
            ("2012-03-11T01:00:00-0500", "0 1 * * ?", "2012-03-12T01:00:00-0400"),
            ("2012-03-11T00:00:00-0500", "0 2 * * ?", "2012-03-12T02:00:00-0400"),
            // 2am EDT (-4) -> 1am EST (-5).
            ("2012-11-04T00:00:00-0400", "30 2 04 Nov ?", "2012-11-04T02:30:00-0500"),
            ("2012-11-04T01:45:00-0400", "30 1 04 Nov ?", "2012-11-04T01:30:00-0500"),
            ("2012-11-04T00:00:00-0400", "0 * * * ?", "2012-11-04T01:00:00-0400"),
            ("2012-11-04T01:00:00-0400", "0 * * * ?", "2012-11-04T01:00:00-0500"),
            ("2012-11-04T01:00:00-0500", "0 * * * ?", "2012-11-04T02:00:00-0500"),
            ("2012-11-04T00:00:00-0400", "0 1 * * ?", "2012-11-04T01:00:00-0400"),
            ("2012-11-04T01:00:00-0400", "0 1 * * ?", "2012-11-04T01:00:00-0500"),
            ("2012-11-04T01:00:00-0500", "0 1 * * ?", "2012-11-05T01:00:00-0500"),
            ("2012-11-04T00:00:00-0400", "0 2 * * ?", "2012-11-04T02:00:00-0500"),
            ("2012-11-04T02:00:00-0500", "0 2 * * ?", "2012-11-05T02:00:00-0500"),
            ("2012-11-04T00:00:00-0400", "0 3 * * ?", "2012-11-04T03:00:00-0500"),
            ("2012-11-04T03:00:00-0500", "0 3 * * ?", "2012-11-05T03:00:00-0500"),
        ];
        for (from, spec, want) in cases {
            for prefix in ["TZ", "CRON_TZ"] {
                let s = parse_standard(&format!("{prefix}=America/New_York {spec}")).unwrap();
                assert_eq!(s.next(at_offset(from), UTC), Some(at_offset(want)), "{spec} after {from}");
            }
        }
    }

    /// Offsets around 2026's transitions (tzdata's, as `zdump -v` lists them).
    #[test]
    fn offsets_around_transitions() {
        let zone = |n: &str| load_location(n).unwrap();
        let cases = [
            ("America/New_York", "2026-03-08T06:59:59Z", -5), ("America/New_York", "2026-03-08T07:00:00Z", -4),
            ("America/New_York", "2026-11-01T05:59:59Z", -4), ("America/New_York", "2026-11-01T06:00:00Z", -5),
            ("Europe/Berlin", "2026-03-29T00:59:59Z", 1), ("Europe/Berlin", "2026-03-29T01:00:00Z", 2),
            ("Europe/Berlin", "2026-10-25T00:59:59Z", 2), ("Europe/Berlin", "2026-10-25T01:00:00Z", 1),
            ("Europe/London", "2026-03-29T01:00:00Z", 1), ("Europe/Dublin", "2026-01-15T12:00:00Z", 0), ("Europe/Dublin", "2026-07-15T12:00:00Z", 1),
            ("Australia/Sydney", "2026-04-04T15:59:59Z", 11), ("Australia/Sydney", "2026-04-04T16:00:00Z", 10),
            ("Australia/Sydney", "2026-10-03T15:59:59Z", 10), ("Australia/Sydney", "2026-10-03T16:00:00Z", 11),
            ("Australia/Sydney", "2026-12-31T20:00:00Z", 11), ("Pacific/Auckland", "2026-09-26T14:00:00Z", 13),
            ("Asia/Jerusalem", "2026-03-26T23:59:59Z", 2), ("Asia/Jerusalem", "2026-03-27T00:00:00Z", 3),
        ];
        for (name, t, hours) in cases {
            assert_eq!(zone(name).offset_at(at(t)), hours * 3600, "{name} at {t}");
        }
        // A wall time in the gap resolves with the offset before it (`time.Date`).
        let ny = zone("America/New_York");
        assert_eq!(ny.date(2026, 3, 8, 2, 30, 0), at("2026-03-08T06:30:00Z"));
        // The repeated hour: the first occurrence.
        assert_eq!(ny.date(2026, 11, 1, 1, 30, 0), at("2026-11-01T05:30:00Z"));
        let berlin = zone("Europe/Berlin");
        assert_eq!(berlin.date(2026, 3, 29, 2, 30, 0), at("2026-03-29T01:30:00Z"));
        // East of UTC, Go's first lookup lands after the transition: the second occurrence.
        assert_eq!(berlin.date(2026, 10, 25, 2, 30, 0), at("2026-10-25T01:30:00Z"));
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
