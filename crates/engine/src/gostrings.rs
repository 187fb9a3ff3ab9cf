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
}
