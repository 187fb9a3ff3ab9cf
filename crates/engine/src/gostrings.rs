//! Go's `strings` functions where Rust's differ.

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

#[cfg(test)]
mod tests {
    use super::to_lower;

    /// `strings.ToLower` as Go computes these (`unicode.ToLower` per rune).
    #[test]
    fn lowers_rune_by_rune_as_go() {
        assert_eq!(to_lower("TCP"), "tcp");
        assert_eq!(to_lower("HTTPS"), "https");
        assert_eq!(to_lower("İSTANBUL"), "istanbul");
        assert_eq!(to_lower("ΟΔΟΣ"), "οδοσ");
        assert_eq!(to_lower("ÀÉ한"), "àé한");
    }
}
