//! Go's `strings` functions where Rust's differ, and Go's ways of printing values.

/// Go's `strings.ToLower`: rune by rune, one rune out for one in (Rust's `str::to_lowercase`
/// expands U+0130 to two code points, where Go maps it to `i`, and lowercases a word-final
/// capital sigma to `ς`, where Go writes `σ`).
pub fn to_lower(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\u{130}' {
            out.push('i');
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
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
