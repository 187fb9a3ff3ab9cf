//! The lessons' Fluent subset (`podlife_lessons::ftl`) against Fluent's own parser and
//! resolver (fluent-bundle, as the app formats its own messages): every course file, and
//! values over several lines with the quoting the lesson builder writes.

use fluent_bundle::{FluentBundle, FluentResource};

/// What fluent-bundle makes of a file, resolved without arguments and trimmed as lessons are;
/// `None` when it reports an error.
fn fluent(source: &str) -> Option<Vec<(String, String)>> {
    let resource = FluentResource::try_new(source.to_string()).ok()?;
    let ids: Vec<String> = resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    let mut bundle = FluentBundle::new(vec!["en".parse::<unic_langid::LanguageIdentifier>().unwrap()]);
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).ok()?;
    let mut out = Vec::new();
    for id in ids {
        let pattern = bundle.get_message(&id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, None, &mut errors).trim().to_string();
        if !errors.is_empty() {
            return None;
        }
        out.push((id, text));
    }
    Some(out)
}

fn ours(source: &str) -> Option<Vec<(String, String)>> {
    let r = podlife_lessons::ftl::parse(source);
    r.errors.is_empty().then_some(r.messages)
}

#[test]
fn every_course_file_reads_as_fluent_reads_it() {
    let mut files = 0;
    for (path, text) in podlife_lessons::course_files().iter().filter(|(p, _)| p.ends_with(".ftl")) {
        let expected = fluent(text).unwrap_or_else(|| panic!("{path}: fluent-bundle reports an error"));
        assert_eq!(ours(text).as_ref(), Some(&expected), "{path}");
        files += 1;
    }
    assert!(files > 100, "only {files} files");
}

#[test]
fn values_over_lines_read_as_fluent_reads_them() {
    let cases = [
        "a = one\n",
        "a =\n    one\n    two\n",
        "a = one\n    two\n      three\n",
        "a =\n      deep\n    shallow\n\n\n    after blanks\n\nb = next\n",
        "a =\n    x   \n    y\n",
        "a = {\"{\"}b{\"}\"} {\"*\"} {\"[\"}x] {\"\"}\n",
        "a =\n    {\"*\"} star\n    {\"}\"}\n",
        "# comment\n## group\n### file\na = 1\n\n\nb = 2\n",
        "a = {  \"spaced\"  } tail\n",
        "a = x\r\n    y\r\n",
        "a = {\"\\u00E9\\\\\\\"\"}\n",
        "a =\n    \n    one\n     \n    two\n",
        "a = 1\nb =\n    {\"\"}\n",
        "a =\n    one\n  \n    two\n",
        "a =\n    one\n      \n    two\n",
        "a = x\n     \n    two\n",
        "a = x\n  \n\n    two   \n\n",
        "a =\n    one\n\n  \nb = 2\n",
        "a =\n      {\"x\"}\n    b\n",
        "a =\n  {\"x\"}\n    b\n",
        "a =\n    a\n     {\"x\"}y\n",
        "a = q\n  {\"x\"}\n    b\n",
        "a =\n    a\n     {\"x\"}\n      c\n",
        "a =\n    a\n     x {\"y\"}\n",
        "a = 한국어 {\"{\"}파드{\"}\"}\n    둘째 줄\n",
    ];
    for case in cases {
        let expected = fluent(case).unwrap_or_else(|| panic!("{case:?}: fluent-bundle reports an error"));
        assert_eq!(ours(case).as_ref(), Some(&expected), "{case:?}");
    }
}

#[test]
fn what_fluent_refuses_is_refused() {
    for case in ["a = {\n", "a = }\n", "a = {\"open}\n", "a = {\"\\q\"}\n", "  a = 1\n", "a\n"] {
        assert!(fluent(case).is_none(), "fluent-bundle reads {case:?}");
        assert!(ours(case).is_none(), "{case:?} read");
    }
}


