//! YAML highlighting for the editor's overlay: each line split into classed spans. It only
//! colours; the manifest parser decides what the YAML means.

/// The class of a span (a CSS class `tok-<name>` in the app).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    Plain,
    Key,
    String,
    Number,
    Literal,
    Comment,
    Punct,
}

impl Token {
    pub fn class(self) -> &'static str {
        match self {
            Token::Plain => "tok-plain",
            Token::Key => "tok-key",
            Token::String => "tok-string",
            Token::Number => "tok-number",
            Token::Literal => "tok-literal",
            Token::Comment => "tok-comment",
            Token::Punct => "tok-punct",
        }
    }
}

/// One line's spans; their texts concatenate back to the line exactly.
pub fn line(text: &str) -> Vec<(Token, &str)> {
    let mut out = Vec::new();
    let body_start = text.len() - text.trim_start().len();
    let (indent, mut rest) = text.split_at(body_start);
    if !indent.is_empty() {
        out.push((Token::Plain, indent));
    }
    if rest.starts_with('#') {
        out.push((Token::Comment, rest));
        return out;
    }
    if rest == "---" || rest == "..." {
        out.push((Token::Punct, rest));
        return out;
    }
    // List markers.
    while let Some(after) = rest.strip_prefix("- ").or_else(|| (rest == "-").then_some("")) {
        out.push((Token::Punct, &rest[..rest.len() - after.len()]));
        rest = after;
    }
    // `key:` (a key ends at the first `: ` or a final `:` outside quotes).
    if let Some(colon) = key_end(rest) {
        out.push((Token::Key, &rest[..colon]));
        out.push((Token::Punct, &rest[colon..colon + 1]));
        rest = &rest[colon + 1..];
    }
    value(rest, &mut out);
    out
}

fn key_end(s: &str) -> Option<usize> {
    if s.starts_with(['"', '\'', '{', '[', '|', '>']) {
        return None;
    }
    let bytes = s.as_bytes();
    (0..bytes.len()).find(|&i| bytes[i] == b':' && (i + 1 == bytes.len() || bytes[i + 1] == b' ')).filter(|&i| !s[..i].contains(" #"))
}

fn value<'a>(s: &'a str, out: &mut Vec<(Token, &'a str)>) {
    if s.is_empty() {
        return;
    }
    let lead = s.len() - s.trim_start().len();
    if lead > 0 {
        out.push((Token::Plain, &s[..lead]));
    }
    let v = &s[lead..];
    // A trailing comment (` #` outside quotes).
    let (body, comment) = match comment_start(v) {
        Some(i) => (&v[..i], &v[i..]),
        None => (v, ""),
    };
    let trimmed = body.trim_end();
    let token = match trimmed {
        "" => Token::Plain,
        t if t.starts_with(['"', '\'']) => Token::String,
        t if t.starts_with(['{', '[', '|', '>', '&', '*']) => Token::Punct,
        "true" | "false" | "null" | "~" | "True" | "False" | "Null" => Token::Literal,
        t if is_number(t) => Token::Number,
        _ => Token::String,
    };
    if !trimmed.is_empty() {
        out.push((token, trimmed));
    }
    if trimmed.len() < body.len() {
        out.push((Token::Plain, &body[trimmed.len()..]));
    }
    if !comment.is_empty() {
        out.push((Token::Comment, comment));
    }
}

/// Whether `t` reads as a number by `str::parse::<f64>`'s grammar, without the conversion
/// (its power-of-five table is 10.8 KB brotli of the page): a sign, then `inf`, `infinity`
/// or `nan` in any case, or digits with an optional `.` (a digit on at least one side) and an
/// optional exponent (`e`, a sign, digits).
fn is_number(t: &str) -> bool {
    let t = t.strip_prefix(['+', '-']).unwrap_or(t);
    if ["inf", "infinity", "nan"].iter().any(|w| t.eq_ignore_ascii_case(w)) {
        return true;
    }
    let b = t.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let mut mantissa = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        mantissa += digits(&mut i);
    }
    if mantissa == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

fn comment_start(v: &str) -> Option<usize> {
    let mut quote = None;
    let bytes = v.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (None, b'"' | b'\'') if i == 0 => quote = Some(b),
            (Some(q), b) if b == q => quote = None,
            (None, b'#') if i == 0 || bytes[i - 1] == b' ' => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn kinds(text: &str) -> Vec<(Token, String)> {
        line(text).into_iter().map(|(t, s)| (t, s.to_string())).collect()
    }

    #[test]
    fn numbers_are_what_str_parse_f64_reads() {
        let alphabet = ["", "0", "7", ".", "e", "E", "+", "-", "x", "_", " "];
        let mut cases: Vec<String> = vec!["inf".into(), "-Infinity".into(), "+NaN".into(), "nan ".into(), "infinit".into(), "1_000".into(), "0x1F".into(), "1e400".into(), "١".into()];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in alphabet {
                        for e in alphabet {
                            cases.push(format!("{a}{b}{c}{d}{e}"));
                        }
                    }
                }
            }
        }
        for case in cases {
            assert_eq!(is_number(&case), case.parse::<f64>().is_ok(), "{case:?}");
        }
    }

    #[test]
    fn keys_values_lists_and_comments() {
        assert_eq!(kinds("  name: nginx # web"), vec![
            (Token::Plain, "  ".into()),
            (Token::Key, "name".into()),
            (Token::Punct, ":".into()),
            (Token::Plain, " ".into()),
            (Token::String, "nginx".into()),
            (Token::Plain, " ".into()),
            (Token::Comment, "# web".into()),
        ]);
        assert_eq!(kinds("- containerPort: 80").last().unwrap(), &(Token::Number, "80".into()));
        assert_eq!(kinds("    - name: c")[1], (Token::Punct, "- ".into()));
        assert_eq!(kinds("image: \"nginx:1.27\"").last().unwrap(), &(Token::String, "\"nginx:1.27\"".into()));
        assert_eq!(kinds("# all comment"), vec![(Token::Comment, "# all comment".into())]);
        assert_eq!(kinds("hostNetwork: true").last().unwrap().0, Token::Literal);
        assert_eq!(kinds("url: http://x:80/a#b").last().unwrap(), &(Token::String, "http://x:80/a#b".into()));
    }

    proptest! {
        #[test]
        fn spans_always_rebuild_the_line(text in "[ -~가-힣]{0,60}") {
            let joined: String = line(&text).into_iter().map(|(_, s)| s).collect();
            prop_assert_eq!(joined, text);
        }
    }
}
