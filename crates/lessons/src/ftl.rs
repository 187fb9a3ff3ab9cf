//! Lesson texts in Fluent's syntax, read by the shared subset reader (podlife-ftl, also the
//! page's localizer): messages whose values are text over one or more lines, with string
//! literals in placeables to quote what Fluent would read as syntax (`{"{"}`, `{"*"}`).
//! Lessons are resolved without arguments, so a variable or a selector is reported as an
//! error; anything outside the subset is reported, with its line, instead of being half read.
//! Each value is trimmed, as lessons show them. crates/ftl's tests compare every course file
//! with fluent-bundle.

/// The messages of one Fluent file in order, and what could not be read.
#[derive(Debug, Default)]
pub struct Resource {
    pub messages: Vec<(String, String)>,
    pub errors: Vec<String>,
}

/// Reads a Fluent file's messages (each value resolved without arguments and trimmed).
pub fn parse(source: &str) -> Resource {
    let resource = podlife_ftl::parse(source);
    let mut errors = resource.errors;
    let mut out = Resource::default();
    for m in resource.messages {
        let mut problems = Vec::new();
        let text = m.value.format(&|_| None, |_| "other", &mut problems);
        if problems.is_empty() {
            out.messages.push((m.id, text.trim().to_string()));
        } else {
            errors.push(podlife_ftl::Error { line: m.line, message: format!("message {}: {} (lesson texts have no arguments)", m.id, problems.join("; ")) });
        }
    }
    // The engine's shared stable sort: `slice::sort_by_key` brought a driftsort instance.
    podlife_engine::sort::sort_by_key(&mut errors, |e| e.line);
    out.errors = errors.iter().map(ToString::to_string).collect();
    out
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
        assert!(r.errors[0].starts_with("line 2: message b:"), "{:?}", r.errors);
        assert!(r.errors[2].starts_with("line 5:"), "{:?}", r.errors);
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
