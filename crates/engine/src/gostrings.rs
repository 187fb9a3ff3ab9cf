//! Go's `strings` functions where Rust's differ, and Go's ways of printing values.

/// Go's `strings.ToLower`: rune by rune, one rune out for one in (Rust's `str::to_lowercase`
/// expands U+0130 to two code points, where Go maps it to `i`, and lowercases a word-final
/// capital sigma to `ς`, where Go writes `σ`).
pub fn to_lower(s: &str) -> String {
    s.chars().map(lower_char).collect()
}

/// Go's `strings.ToUpper`, rune by rune.
pub fn to_upper(s: &str) -> String {
    s.chars().map(upper_char).collect()
}

/// Go's `unicode.ToLower` (Unicode's simple case mapping) for the cased scripts a learner
/// types — ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic and fullwidth Latin; other
/// characters (Hangul and the CJK scripts have no case) stay as they are. Written out as
/// ranges because the standard library's `char::to_lowercase`/`to_uppercase` bring ~24 KB
/// of tables (8 KB brotli) into the wasm bundle for every script of Unicode.
pub fn lower_char(c: char) -> char {
    let u = c as u32;
    let lower = match u {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x391..=0x3A1 | 0x3A3..=0x3AB | 0x410..=0x42F | 0xFF21..=0xFF3A => u + 32,
        0x400..=0x40F => u + 80,
        0x100..=0x12F | 0x132..=0x137 | 0x14A..=0x177 | 0x460..=0x481 | 0x48A..=0x4BF | 0x4D0..=0x52F if u % 2 == 0 => u + 1,
        0x139..=0x148 | 0x179..=0x17E | 0x4C1..=0x4CE if u % 2 == 1 => u + 1,
        0x130 => 0x69,
        0x178 => 0xFF,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 37,
        0x38C => 0x3CC,
        0x38E..=0x38F => u + 63,
        0x4C0 => 0x4CF,
        _ => u,
    };
    char::from_u32(lower).unwrap_or(c)
}

/// Go's `unicode.ToUpper` for the scripts of [`lower_char`].
pub fn upper_char(c: char) -> char {
    let u = c as u32;
    let upper = match u {
        0x61..=0x7A | 0xE0..=0xF6 | 0xF8..=0xFE | 0x3B1..=0x3C1 | 0x3C3..=0x3CB | 0x430..=0x44F | 0xFF41..=0xFF5A => u - 32,
        0x450..=0x45F => u - 80,
        0x101..=0x12F | 0x133..=0x137 | 0x14B..=0x177 | 0x461..=0x481 | 0x48B..=0x4BF | 0x4D1..=0x52F if u % 2 == 1 => u - 1,
        0x13A..=0x148 | 0x17A..=0x17E | 0x4C2..=0x4CE if u % 2 == 0 => u - 1,
        0xB5 => 0x39C,
        0xFF => 0x178,
        0x131 => 0x49,
        0x17F => 0x53,
        0x3C2 => 0x3A3,
        0x3AC => 0x386,
        0x3AD..=0x3AF => u - 37,
        0x3CC => 0x38C,
        0x3CD..=0x3CE => u - 63,
        0x4CF => 0x4C0,
        _ => u,
    };
    char::from_u32(upper).unwrap_or(c)
}

/// Go's `time.Duration.String()` for whole milliseconds (`10s`, `1m20s`, `189ms`, `1.234s`).
pub fn go_duration(ms: u64) -> String {
    if ms == 0 {
        return "0s".into();
    }
    if ms < 1000 {
        return format!("{ms}ms");
    }
    let (h, m, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let secs = if frac == 0 { format!("{s}s") } else { format!("{s}.{}s", format!("{frac:03}").trim_end_matches('0')) };
    if h > 0 {
        format!("{h}h{m}m{secs}")
    } else if m > 0 {
        format!("{m}m{secs}")
    } else {
        secs
    }
}

/// Go's `time.ParseDuration` (`time/format.go`), in nanoseconds, with its errors: `30s`,
/// `1h2m3.5s`, `-1m`, `0`; `30` is "missing unit", `1d` an "unknown unit", past ±292 years
/// "invalid duration".
pub fn parse_go_duration(text: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(text));
    let (neg, mut s) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    const LIMIT: u64 = 1 << 63;
    let mut total: u64 = 0;
    while !s.is_empty() {
        let first = s.as_bytes()[0];
        if !(first == b'.' || first.is_ascii_digit()) {
            return Err(invalid());
        }
        // leadingInt: [0-9]*, overflowing past 2^63.
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        let mut v: u64 = 0;
        for c in s[..digits].bytes() {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(c - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
        }
        let pre = digits > 0;
        s = &s[digits..];
        // leadingFraction: (\.[0-9]*)?, digits past overflow ignored.
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if let Some(rest) = s.strip_prefix('.') {
            let n = rest.bytes().take_while(u8::is_ascii_digit).count();
            let mut overflow = false;
            for c in rest[..n].bytes() {
                if overflow {
                    continue;
                }
                if f > (LIMIT - 1) / 10 {
                    overflow = true;
                    continue;
                }
                let y = f * 10 + u64::from(c - b'0');
                if y > LIMIT {
                    overflow = true;
                    continue;
                }
                f = y;
                scale *= 10.0;
            }
            post = n > 0;
            s = &rest[n..];
        }
        if !pre && !post {
            return Err(invalid());
        }
        let unit_len = s.find(|c: char| c == '.' || c.is_ascii_digit()).unwrap_or(s.len());
        if unit_len == 0 {
            return Err(format!("time: missing unit in duration {}", time_quote(text)));
        }
        let unit_text = &s[..unit_len];
        s = &s[unit_len..];
        let unit: u64 = match unit_text {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return Err(format!("time: unknown unit {} in duration {}", time_quote(unit_text), time_quote(text))),
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        // Go adds in uint64 and wraps (two components of 2^63 ns sum to 0): the same here,
        // never a panic on what a learner types.
        total = total.wrapping_add(v);
        if total > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((total as i128).wrapping_neg() as i64);
    }
    i64::try_from(total).map_err(|_| invalid())
}

/// The time package's `quote`: `"…"`, with bytes of non-ASCII or control characters as `\xNN`.
fn time_quote(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        if !c.is_ascii() || (c as u32) < 0x20 {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn case_mapping_is_unicode_simple_mapping_over_its_scripts() {
        let blocks = [0..0x180u32, 0x380..0x3CF, 0x400..0x530, 0xFF00..0xFF60];
        for c in blocks.into_iter().flatten().filter_map(char::from_u32) {
            let one = |mut m: std::iter::Peekable<std::char::ToLowercase>| (m.next(), m.peek().is_none());
            if let (Some(l), true) = one(c.to_lowercase().peekable()) {
                assert_eq!(super::lower_char(c), l, "lower {c:?} U+{:04X}", c as u32);
            }
            let mut up = c.to_uppercase();
            if let (Some(u), None) = (up.next(), up.next()) {
                assert_eq!(super::upper_char(c), u, "upper {c:?} U+{:04X}", c as u32);
            }
        }
        assert_eq!(super::lower_char('\u{130}'), 'i');
        assert_eq!(super::to_upper("한글 abc"), "한글 ABC");
    }

    use super::{go_duration, to_lower};

    /// `strings.ToLower` as Go computes these (`unicode.ToLower` per rune).
    #[test]
    fn lowers_rune_by_rune_as_go() {
        assert_eq!(to_lower("TCP"), "tcp");
        assert_eq!(to_lower("HTTPS"), "https");
        assert_eq!(to_lower("İSTANBUL"), "istanbul");
        assert_eq!(to_lower("ΟΔΟΣ"), "οδοσ");
        assert_eq!(to_lower("ÀÉ한"), "àé한");
    }

    #[test]
    fn go_durations() {
        assert_eq!(go_duration(10_000), "10s");
        assert_eq!(go_duration(80_000), "1m20s");
        assert_eq!(go_duration(160_000), "2m40s");
        assert_eq!(go_duration(300_000), "5m0s");
        assert_eq!(go_duration(189), "189ms");
        assert_eq!(go_duration(1_234), "1.234s");
        assert_eq!(go_duration(1_500), "1.5s");
    }

    /// `time_test.go`'s `parseDurationTests` and `parseDurationErrorTests` (a selection).
    #[test]
    fn parses_durations_as_go() {
        use super::parse_go_duration as p;
        let ok = [
            ("0", 0i64),
            ("5s", 5_000_000_000),
            ("1478s", 1_478_000_000_000),
            ("-5s", -5_000_000_000),
            ("+5s", 5_000_000_000),
            ("-0", 0),
            ("5.0s", 5_000_000_000),
            ("5.6s", 5_600_000_000),
            ("5.s", 5_000_000_000),
            (".5s", 500_000_000),
            ("1.004s", 1_004_000_000),
            ("100.00100s", 100_001_000_000),
            ("10ns", 10),
            ("11us", 11_000),
            ("12\u{b5}s", 12_000),
            ("12\u{3bc}s", 12_000),
            ("13ms", 13_000_000),
            ("15m", 900_000_000_000),
            ("16h", 57_600_000_000_000),
            ("3h30m", 12_600_000_000_000),
            ("10.5s4m", 250_500_000_000),
            ("-2m3.4s", -123_400_000_000),
            ("1h2m3s4ms5us6ns", 3_723_004_005_006),
            ("39h9m14.425s", 140_954_425_000_000),
            ("52763797000ns", 52_763_797_000),
            ("0.3333333333333333333h", 1_200_000_000_000),
            ("9223372036854775807ns", i64::MAX),
            ("9223372036854775.807us", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
            ("-2562047h47m16.854775808s", i64::MIN),
            ("0.100000000000000000000h", 360_000_000_000),
            ("0.830103483285477580700h", 2_988_372_539_827),
            // Go's uint64 sum wraps: 2^63 ns twice is 0.
            ("9223372036854775808ns9223372036854775808ns", 0),
        ];
        for (text, ns) in ok {
            assert_eq!(p(text), Ok(ns), "{text}");
        }
        let errors = [
            ("", r#"time: invalid duration """#),
            ("3", r#"time: missing unit in duration "3""#),
            ("-", r#"time: invalid duration "-""#),
            ("s", r#"time: invalid duration "s""#),
            (".", r#"time: invalid duration ".""#),
            (".s", r#"time: invalid duration ".s""#),
            ("1d", r#"time: unknown unit "d" in duration "1d""#),
            ("10y", r#"time: unknown unit "y" in duration "10y""#),
            ("1e400s", r#"time: unknown unit "e" in duration "1e400s""#),
            ("9223372036854775808ns", r#"time: invalid duration "9223372036854775808ns""#),
            ("9223372036854775.808us", r#"time: invalid duration "9223372036854775.808us""#),
            ("3000000h", r#"time: invalid duration "3000000h""#),
            ("\u{85}", r#"time: invalid duration "\xc2\x85""#),
        ];
        for (text, message) in errors {
            assert_eq!(p(text), Err(message.to_string()), "{text:?}");
        }
    }
}
