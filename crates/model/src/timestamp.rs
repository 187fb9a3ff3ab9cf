//! `metav1.Time` / `metav1.MicroTime` values: parsed as k8s-openapi parsed them (jiff's
//! Temporal/RFC 3339 timestamp grammar: `YYYY-MM-DD` or `YYYYMMDD` (or a signed six-digit
//! year), `T`/`t`/space, `HH[:MM[:SS[.fraction]]]` or the basic form, then a required offset
//! `Z`/`z` or `±HH[:MM[:SS[.fraction]]]`; a leap second 60 reads as 59), and formatted in UTC
//! (`%Y-%m-%dT%H:%M:%SZ`, MicroTime with six fraction digits, truncated).
//! RFC 9557 annotations (`[America/New_York]`, `[+01:00]`, `[u-ca=iso8601]`) are checked for
//! form and ignored, as jiff does for a timestamp.

/// A point in time: seconds since the Unix epoch and nanoseconds within the second.
pub(crate) struct Timestamp {
    secs: i64,
    nanos: u32,
}

const MIN_SECS: i64 = -377_705_023_201;
const MAX_SECS: i64 = 253_402_207_200;

/// Parses a timestamp. On error, the text stands for jiff's message where it matters: `decode`
/// reads a Go type from the first word after "expected ", which for jiff's messages is
/// lower-case (→ `string`) except for a bad first character of a time zone annotation
/// ("expected ASCII alphabetic byte …" → `v1.ASCII`).
pub(crate) fn parse(s: &str) -> Result<Timestamp, String> {
    match parse_bytes(s.as_bytes()) {
        Ok(Some(ts)) => Ok(ts),
        Ok(None) => Err("failed to parse timestamp".into()),
        Err(Ascii) => Err("failed to parse timestamp annotation: expected ASCII alphabetic byte".into()),
    }
}

/// A time zone annotation's name started with a character that cannot start one.
struct Ascii;

/// `[…]` annotations: an optional time zone first (`[!]` then `±HH[:MM]` or an IANA-style
/// name), then `key=value-value` ones. `Err` for the one error that reads differently,
/// `Ok(None)` for the others.
fn annotations(mut input: &[u8]) -> Result<Option<&[u8]>, Ascii> {
    let tz_lead = |c: u8| matches!(c, b'_' | b'.' | b'A'..=b'Z' | b'a'..=b'z');
    let tz_char = |c: u8| matches!(c, b'_' | b'.' | b'+' | b'-' | b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z');
    // Time zone annotation.
    if let Some(rest) = input.strip_prefix(b"[") {
        let rest = rest.strip_prefix(b"!").unwrap_or(rest);
        match rest.first() {
            Some(&sign @ (b'+' | b'-')) => {
                let Some((_, r)) = numeric_offset(&rest[1..], sign, false) else { return Ok(None) };
                let Some(r) = r.strip_prefix(b"]") else { return Ok(None) };
                input = r;
            }
            None => return Ok(None),
            Some(&c) if !tz_lead(c) => return Err(Ascii),
            Some(_) => {
                let mut r = rest;
                loop {
                    match r.first() {
                        None => return Ok(None),
                        Some(&c) if !tz_lead(c) => return Err(Ascii),
                        Some(_) => {}
                    }
                    let n = r.iter().take_while(|&&c| tz_char(c)).count();
                    r = &r[n..];
                    match r.first() {
                        Some(b'/') => r = &r[1..],
                        _ => break,
                    }
                }
                if r.first() == Some(&b'=') && !rest[..rest.len() - r.len()].contains(&b'/') {
                    // `[key=value]`: not a time zone after all; parsed below.
                } else {
                    let Some(r) = r.strip_prefix(b"]") else { return Ok(None) };
                    input = r;
                }
            }
        }
    }
    // Other annotations.
    while let Some(rest) = input.strip_prefix(b"[") {
        let (critical, rest) = match rest.strip_prefix(b"!") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        if !rest.first().is_some_and(|c| matches!(c, b'_' | b'a'..=b'z')) {
            return Ok(None);
        }
        let n = rest.iter().take_while(|c| matches!(c, b'_' | b'-' | b'0'..=b'9' | b'a'..=b'z')).count();
        let Some(mut r) = rest[n..].strip_prefix(b"=") else { return Ok(None) };
        loop {
            let n = r.iter().take_while(|c| c.is_ascii_alphanumeric()).count();
            if n == 0 {
                return Ok(None);
            }
            r = &r[n..];
            match r.strip_prefix(b"-") {
                Some(t) => r = t,
                None => break,
            }
        }
        let Some(r) = r.strip_prefix(b"]") else { return Ok(None) };
        if critical {
            return Ok(None);
        }
        input = r;
    }
    Ok(Some(input))
}

fn digits(input: &[u8], n: usize) -> Option<(i64, &[u8])> {
    if input.len() < n || !input[..n].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = input[..n].iter().fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'));
    Some((v, &input[n..]))
}

/// `.123` / `,123`: up to nine digits (more are left for the caller to trip over).
fn fraction(input: &[u8]) -> Option<(Option<u32>, &[u8])> {
    match input.first() {
        Some(b'.' | b',') => {
            let rest = &input[1..];
            let n = rest.iter().take(9).take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return None;
            }
            let mut v = rest[..n].iter().fold(0u32, |acc, d| acc * 10 + u32::from(d - b'0'));
            for _ in n..9 {
                v *= 10;
            }
            Some((Some(v), &rest[n..]))
        }
        _ => Some((None, input)),
    }
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `-` between date parts in the extended form, nothing in the basic one.
fn date_separator(input: &[u8], extended: bool) -> Option<&[u8]> {
    match (extended, input.first()) {
        (true, Some(b'-')) => Some(&input[1..]),
        (true, _) | (false, Some(b'-')) => None,
        (false, _) => Some(input),
    }
}

/// Whether another time part follows: after `:` in the extended form, when two digits come
/// in the basic one.
fn time_separator(input: &[u8], extended: bool) -> (bool, &[u8]) {
    if extended {
        match input.first() {
            Some(b':') => (true, &input[1..]),
            _ => (false, input),
        }
    } else {
        (input.len() >= 2 && input[..2].iter().all(u8::is_ascii_digit), input)
    }
}

fn parse_bytes(input: &[u8]) -> Result<Option<Timestamp>, Ascii> {
    let Some((civil, offset, rest)) = parse_datetime(input) else { return Ok(None) };
    let rest = if rest.first() == Some(&b'[') {
        match annotations(rest)? {
            Some(r) => r,
            None => return Ok(None),
        }
    } else {
        rest
    };
    Ok(finish(civil, offset, rest))
}

/// Date and time as seconds and nanoseconds of the civil time, the offset if any, and what
/// follows.
type Civil = (Option<(i64, u32)>, i64);


fn parse_datetime(input: &[u8]) -> Option<(Civil, Option<i64>, &[u8])> {
    // Date.
    let (year, input) = match input.first() {
        Some(&sign @ (b'+' | b'-')) => {
            let (y, rest) = digits(&input[1..], 6)?;
            if y > 9999 || (y == 0 && sign == b'-') {
                return None;
            }
            (if sign == b'-' { -y } else { y }, rest)
        }
        _ => {
            let (y, rest) = digits(input, 4)?;
            (y, rest)
        }
    };
    let extended = input.first() == Some(&b'-');
    let input = date_separator(input, extended)?;
    let (month, input) = digits(input, 2)?;
    let input = date_separator(input, extended)?;
    let (day, input) = digits(input, 2)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    // A time only after a separator; only a time may carry an offset.
    let input = match input.first() {
        Some(b' ' | b'T' | b't') => &input[1..],
        _ => return Some(((None, days), None, input)),
    };
    let (hour, input) = digits(input, 2)?;
    if hour > 23 {
        return None;
    }
    let extended = input.first() == Some(&b':');
    let (mut minute, mut second, mut nanos) = (0, 0, 0);
    let (has_minute, mut input) = time_separator(input, extended);
    if has_minute {
        let (m, rest) = digits(input, 2)?;
        if m > 59 {
            return None;
        }
        minute = m;
        input = rest;
        let (has_second, rest) = time_separator(input, extended);
        input = rest;
        if has_second {
            let (s, rest) = digits(input, 2)?;
            if s > 60 {
                return None;
            }
            second = s.min(59);
            let (frac, rest) = fraction(rest)?;
            nanos = frac.unwrap_or(0);
            input = rest;
        }
    }
    let time = Some((hour * 3600 + minute * 60 + second, nanos));
    match input.first() {
        Some(b'Z' | b'z') => Some(((time, days), Some(0), &input[1..])),
        Some(&sign @ (b'+' | b'-')) => {
            let (offset, rest) = numeric_offset(&input[1..], sign, true)?;
            Some(((time, days), Some(offset), rest))
        }
        _ => Some(((time, days), None, input)),
    }
}

/// `HH[:MM[:SS[.fff]]]` or `HH[MM[SS[.fff]]]` after the sign, in seconds (a fraction of a
/// second rounds half up); without `subminute`, no seconds part.
fn numeric_offset(input: &[u8], sign: u8, subminute: bool) -> Option<(i64, &[u8])> {
    let (h, rest) = digits(input, 2)?;
    if h > 25 {
        return None;
    }
    let extended = rest.first() == Some(&b':');
    let mut secs = h * 3600;
    let (has_minute, mut rest) = time_separator(rest, extended);
    if has_minute {
        let (m, r) = digits(rest, 2)?;
        if m > 59 {
            return None;
        }
        secs += m * 60;
        rest = r;
        if !subminute {
            if rest.first() == Some(&b':') {
                return None;
            }
        } else {
            let (has_second, r) = time_separator(rest, extended);
            rest = r;
            if has_second {
                let (s, r) = digits(rest, 2)?;
                if s > 59 {
                    return None;
                }
                secs += s;
                let (frac, r) = fraction(r)?;
                if frac.is_some_and(|f| f >= 500_000_000) {
                    secs += 1;
                }
                rest = r;
            }
        }
    }
    Some((if sign == b'-' { -secs } else { secs }, rest))
}

/// Nothing may be left over; a timestamp needs a time and an offset, and must be in jiff's
/// range.
fn finish(civil: Civil, offset: Option<i64>, rest: &[u8]) -> Option<Timestamp> {
    if !rest.is_empty() {
        return None;
    }
    let (Some((time, nanos)), days) = civil else { return None };
    let secs = days * 86_400 + time - offset?;
    if !(MIN_SECS..=MAX_SECS).contains(&secs) {
        return None;
    }
    Some(Timestamp { secs, nanos })
}

impl Timestamp {
    /// `2026-03-02T09:00:00Z`, or with `micro` `2026-03-02T09:00:00.000000Z`.
    pub(crate) fn format(&self, micro: bool) -> String {
        format_utc(self.secs, micro.then_some((u64::from(self.nanos / 1000), 6)))
    }
}

/// `YYYY-MM-DDThh:mm:ss[.fraction]Z` for `secs` since the Unix epoch, in UTC, with `fraction`'s
/// value in that many digits: the form of `metav1.Time`, `MicroTime` and log timestamps (the
/// engine's clock prints with it too). Digit by digit: every stored time is re-encoded at each
/// write, and `format!` cost several times as much. A year past 0..=9999 keeps `{:04}`'s form.
pub fn format_utc(secs: i64, fraction: Option<(u64, usize)>) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400) as u64;
    let mut out = String::with_capacity(30);
    match u64::try_from(y) {
        Ok(y) if y <= 9999 => push_digits(&mut out, y, 4),
        _ => out.push_str(&format!("{y:04}")),
    }
    for (sep, value) in [('-', m as u64), ('-', d as u64), ('T', s / 3600), (':', s / 60 % 60), (':', s % 60)] {
        out.push(sep);
        push_digits(&mut out, value, 2);
    }
    if let Some((value, width)) = fraction {
        out.push('.');
        push_digits(&mut out, value, width);
    }
    out.push('Z');
    out
}

/// `value`'s last `width` decimal digits, zero-padded (`{:0width$}` for values that fit).
fn push_digits(out: &mut String, value: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut rest = value;
    for slot in digits.iter_mut().take(width).rev() {
        *slot = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    out.extend(digits.iter().take(width).map(|&b| char::from(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digit-by-digit form against `format!` over the whole range: negative and
    /// five-digit-free years, leap days, the last second of a day, micro fractions.
    #[test]
    fn formats_as_format_would() {
        let by_format = |t: &Timestamp, micro: bool| {
            let (y, m, d) = civil_from_days(t.secs.div_euclid(86_400));
            let s = t.secs.rem_euclid(86_400);
            let mut out = format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
            if micro {
                out.push_str(&format!(".{:06}", t.nanos / 1000));
            }
            out.push('Z');
            out
        };
        let step = (MAX_SECS - MIN_SECS) / 5_000;
        let mut all: Vec<i64> = (0..=5_000).map(|i| MIN_SECS + i * step).collect();
        all.extend([0, -1, 86_399, 951_782_400, 1_772_442_000, MAX_SECS]);
        for (i, secs) in all.into_iter().enumerate() {
            let t = Timestamp { secs, nanos: (i as u64 * 7_654_321 % 1_000_000_000) as u32 };
            for micro in [false, true] {
                assert_eq!(t.format(micro), by_format(&t, micro), "{secs}");
            }
        }
    }
}
