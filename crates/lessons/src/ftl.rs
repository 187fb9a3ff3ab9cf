//! The part of Fluent's syntax that lesson texts use, resolved without the Fluent crates:
//! messages whose values are text over one or more lines, with string literals in
//! placeables to quote what Fluent would read as syntax (`{"{"}`, `{"*"}`). Lessons are
//! resolved without arguments, so variables, selectors and functions could only ever print
//! an error; terms, attributes and references are not used by the course or the builder.
//! Anything outside the subset is reported, with its line, instead of being half read.
//!
//! Why not `fluent-bundle`: the engine worker would carry its parser, resolver and language
//! tags (9 KB brotli) for this subset. The rules below follow Fluent Syntax 1.0
//! (projectfluent/fluent `spec/fluent.ebnf`): a continuation line is indented by spaces and
//! does not start with `[`, `*` or `.`; the common indent of a value's continuation lines is
//! removed (a line that starts with a placeable loses all of its indent); blank lines inside a value are kept (with their spaces beyond that indent); a message defined twice keeps the first
//! (fluent-bundle's `Overriding`). A test compares every course file with fluent-bundle.

/// The messages of one Fluent file in order, and what could not be read.
#[derive(Debug, Default)]
pub struct Resource {
    pub messages: Vec<(String, String)>,
    pub errors: Vec<String>,
}

/// Reads a Fluent file's messages (each value trimmed, as lessons show them).
pub fn parse(source: &str) -> Resource {
    let source = source.replace("\r\n", "\n");
    let lines: Vec<&str> = source.split('\n').collect();
    let mut out = Resource::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let number = i + 1;
        i += 1;
        if line.trim_matches(' ').is_empty() {
            continue;
        }
        if line.starts_with('#') {
            let hashes = line.len() - line.trim_start_matches('#').len();
            if hashes > 3 || !(line.len() == hashes || line[hashes..].starts_with(' ')) {
                out.errors.push(format!("line {number}: a comment is `#`, `##` or `###` and a space"));
            }
            continue;
        }
        let Some((id, rest)) = message_start(line) else {
            out.errors.push(format!("line {number}: expected a message (`id = text`)"));
            while i < lines.len() && !starts_entry(lines[i]) {
                i += 1;
            }
            continue;
        };
        // The value's continuation lines: indented, or blank between indented ones.
        let mut end = i;
        let mut last = i;
        while end < lines.len() && (lines[end].trim_matches(' ').is_empty() || lines[end].starts_with(' ')) {
            if !lines[end].trim_matches(' ').is_empty() {
                last = end + 1;
            }
            end += 1;
        }
        let block = &lines[i..last];
        i = last;
        match value(rest, block) {
            Ok(text) if text.is_empty() && block.is_empty() && rest.trim_matches(' ').is_empty() => {
                out.errors.push(format!("line {number}: message {id} has no value"));
            }
            Ok(text) => {
                if out.messages.iter().any(|(m, _)| m == id) {
                    out.errors.push(format!("line {number}: message {id} is defined twice (the first is kept)"));
                } else {
                    out.messages.push((id.to_string(), text));
                }
            }
            Err(e) => out.errors.push(format!("line {number}: message {id}: {e}")),
        }
    }
    out
}

/// A line that begins an entry (a message, a term or a comment): where reading resumes
/// after a line that is not one.
fn starts_entry(line: &str) -> bool {
    line.starts_with(|c: char| c.is_ascii_alphabetic() || c == '#' || c == '-')
}

/// `id = rest`: the identifier (`[a-zA-Z][a-zA-Z0-9_-]*`) and the text after `=`.
fn message_start(line: &str) -> Option<(&str, &str)> {
    if !line.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let len = line.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(line.len());
    let rest = line[len..].trim_start_matches(' ').strip_prefix('=')?;
    Some((&line[..len], rest.trim_start_matches(' ')))
}

/// A message's value: the text after `=` and its continuation lines, dedented, placeables
/// resolved, trimmed.
fn value(first: &str, block: &[&str]) -> Result<String, String> {
    // A line that starts with a placeable loses its indent and does not count in the common
    // one (Fluent's block placeable).
    let placeable = |l: &str| l.trim_start_matches(' ').starts_with('{');
    let indent = block.iter().filter(|l| !l.trim_matches(' ').is_empty() && !placeable(l)).map(|l| l.len() - l.trim_start_matches(' ').len()).min().unwrap_or(0);
    let mut text = inline(first)?;
    for line in block {
        text.push('\n');
        if line.trim_matches(' ').is_empty() {
            // A blank line keeps the spaces beyond the common indent (fluent-syntax does).
            text.push_str(line.get(indent..).unwrap_or_default());
            continue;
        }
        let body = if placeable(line) { line.trim_start_matches(' ') } else { &line[indent..] };
        if let Some(c) = body.trim_start_matches(' ').chars().next().filter(|c| matches!(c, '[' | '*' | '.')) {
            return Err(format!("a line starting with `{c}` (attributes and variants are not used in lesson texts; quote it as {{\"{c}\"}})"));
        }
        text.push_str(&inline(body)?);
    }
    Ok(text.trim().to_string())
}

/// One line of text with its placeables (string literals only) resolved.
fn inline(line: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(['{', '}']) {
        out.push_str(&rest[..at]);
        if rest[at..].starts_with('}') {
            return Err("a `}` outside a placeable (quote it as {\"}\"})".into());
        }
        let inside = rest[at + 1..].trim_start_matches(' ');
        let (literal, after) = string_literal(inside)?;
        out.push_str(&literal);
        rest = after.trim_start_matches(' ').strip_prefix('}').ok_or("a placeable is closed by `}` on its line")?;
    }
    out.push_str(rest);
    Ok(out)
}

/// `"text"` with Fluent's escapes (`\"`, `\\`, `\uHHHH`, `\UHHHHHH`): the text and what follows.
fn string_literal(s: &str) -> Result<(String, &str), String> {
    let unsupported = || "only string literals are used in placeables of lesson texts, as {\"{\"}".to_string();
    let body = s.strip_prefix('"').ok_or_else(unsupported)?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &body[at + 1..])),
            '\\' => match chars.next() {
                Some((_, '"')) => out.push('"'),
                Some((_, '\\')) => out.push('\\'),
                Some((start, u @ ('u' | 'U'))) => {
                    let digits = if u == 'u' { 4 } else { 6 };
                    let hex = body.get(start + 1..start + 1 + digits).filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()));
                    let ch = hex.and_then(|h| u32::from_str_radix(h, 16).ok()).map(|n| char::from_u32(n).unwrap_or('\u{FFFD}'));
                    out.push(ch.ok_or_else(|| format!("an escape \\{u} needs {digits} hex digits"))?);
                    for _ in 0..digits {
                        chars.next();
                    }
                }
                _ => return Err("an unknown escape in a string literal (Fluent knows \\\", \\\\, \\u and \\U)".into()),
            },
            '\n' => break,
            c => out.push(c),
        }
    }
    Err("a string literal is closed by `\"` on its line".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(src: &str) -> Vec<(String, String)> {
        let r = parse(src);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        r.messages
    }

    #[test]
    fn values_over_lines_are_dedented_and_keep_inner_blank_lines() {
        let m = messages("a = one\nb =\n    first\n      second\n\n    third\n\n# c\nc = {\"{\"}x{\"}\"} {\"*\"}\n");
        assert_eq!(m[0], ("a".into(), "one".into()));
        assert_eq!(m[1], ("b".into(), "first\n  second\n\nthird".into()));
        assert_eq!(m[2], ("c".into(), "{x} *".into()));
    }

    #[test]
    fn what_is_outside_the_subset_is_reported_with_its_line() {
        let r = parse("a = ok\nb = { $name }\nc =\n    .attr = x\n-term = t\n");
        assert_eq!(r.messages, vec![("a".to_string(), "ok".to_string())]);
        assert_eq!(r.errors.len(), 3, "{:?}", r.errors);
        assert!(r.errors[0].starts_with("line 2: message b:"));
        assert!(r.errors[2].starts_with("line 5:"));
    }

    #[test]
    fn the_first_of_two_definitions_is_kept() {
        let r = parse("a = 1\na = 2\n");
        assert_eq!(r.messages, vec![("a".to_string(), "1".to_string())]);
        assert_eq!(r.errors.len(), 1);
    }

    #[test]
    fn escapes_in_string_literals() {
        assert_eq!(messages(r#"a = {"\"q\" \\ \u00E9 \U01F600"}"#)[0].1, "\"q\" \\ é 😀");
    }
}
