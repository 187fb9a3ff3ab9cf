//! Standard base64 (RFC 4648 §4, with padding): Secret data as kubectl writes it, and the
//! console's `base64` program with GNU coreutils' options (`-d`, `-w COLS`, `-i`) and texts.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes, or None at the first character that is not base64 (newlines are skipped, as
/// GNU `base64 -d` does; padding only at the end).
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| ALPHABET.iter().position(|a| *a == c).map(|p| p as u32);
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut n, mut k, mut padding) = (0u32, 0usize, 0usize);
    for c in text.bytes().filter(|c| *c != b'\n' && *c != b'\r') {
        if c == b'=' {
            padding += 1;
            if k + padding > 4 || k < 2 {
                return None;
            }
            continue;
        }
        if padding > 0 {
            return None;
        }
        n = n << 6 | value(c)?;
        k += 1;
        if k == 4 {
            out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
            (n, k) = (0, 0);
        }
    }
    match (k, padding) {
        (0, 0) => {}
        (2, _) => out.push((n >> 4) as u8),
        (3, _) => out.extend_from_slice(&[(n >> 10) as u8, (n >> 2) as u8]),
        _ => return None,
    }
    Some(out)
}

/// `base64 [-d] [-i] [-w COLS] [FILE]` over `input` (FILE already read by the caller):
/// (stdout, stderr, status).
#[inline(never)]
pub fn program(args: &[String], input: &str) -> (String, String, i32) {
    let mut decode_mode = false;
    let mut ignore_garbage = false;
    let mut wrap = 76usize;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-d" | "--decode" | "-D" => decode_mode = true,
            "-i" | "--ignore-garbage" => ignore_garbage = true,
            "-di" | "-id" => (decode_mode, ignore_garbage) = (true, true),
            "-w" | "--wrap" => {
                i += 1;
                match args.get(i).and_then(|v| v.parse().ok()) {
                    Some(w) => wrap = w,
                    None => return (String::new(), format!("base64: invalid wrap size: '{}'\n", args.get(i).map_or("", String::as_str)), 1),
                }
            }
            _ if a.starts_with("--wrap=") || (a.starts_with("-w") && a.len() > 2) => {
                let v = a.trim_start_matches("--wrap=").trim_start_matches("-w");
                match v.parse() {
                    Ok(w) => wrap = w,
                    Err(_) => return (String::new(), format!("base64: invalid wrap size: '{v}'\n"), 1),
                }
            }
            _ if a.starts_with('-') && a.len() > 1 => return (String::new(), format!("base64: invalid option -- '{}'\nTry 'base64 --help' for more information.\n", a.trim_start_matches('-')), 1),
            _ => {}
        }
        i += 1;
    }
    if decode_mode {
        let text: String = if ignore_garbage { input.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')).collect() } else { input.to_string() };
        return match decode(&text) {
            Some(bytes) => (String::from_utf8_lossy(&bytes).into_owned(), String::new(), 0),
            None => (String::new(), "base64: invalid input\n".into(), 1),
        };
    }
    let encoded = encode(input.as_bytes());
    if encoded.is_empty() {
        return (String::new(), String::new(), 0);
    }
    let mut out = String::new();
    if wrap == 0 {
        out.push_str(&encoded);
    } else {
        for line in encoded.as_bytes().chunks(wrap) {
            out.push_str(std::str::from_utf8(line).unwrap_or_default());
            out.push('\n');
        }
        out.pop();
    }
    out.push('\n');
    if wrap == 0 {
        out.pop();
    }
    (out, String::new(), 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 §10's test vectors.
    #[test]
    fn rfc_vectors() {
        for (plain, coded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).as_deref(), Some(plain.as_bytes()));
        }
        assert_eq!(decode("Zm9v!"), None);
        assert_eq!(decode("Z==="), None);
    }

    #[test]
    fn gnu_program() {
        let args = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(program(&[], "hello\n").0, "aGVsbG8K\n");
        assert_eq!(program(&args("-w 0"), "hello").0, "aGVsbG8=");
        assert_eq!(program(&args("-d"), "aGVsbG8K\n").0, "hello\n");
        assert_eq!(program(&args("-d"), "a*").1, "base64: invalid input\n");
        assert_eq!(program(&[], &"x".repeat(60)).0.lines().map(str::len).collect::<Vec<_>>(), [76, 4]);
    }
}
