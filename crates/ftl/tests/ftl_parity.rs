//! The subset reader against Fluent's own parser and resolver (fluent-bundle), resolving
//! without arguments and trimming as lessons do: every course file, and values over several
//! lines with the quoting the lesson builder writes. (The page's files, with arguments, are
//! compared in crates/i18n/tests/parity.rs.)

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
    let r = podlife_ftl::parse(source);
    if !r.errors.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for m in r.messages {
        let mut errors = Vec::new();
        let text = m.value.format(&|_| None, |_| "other", &mut errors);
        if !errors.is_empty() {
            return None;
        }
        out.push((m.id, text.trim().to_string()));
    }
    Some(out)
}

/// The .ftl files under a folder, recursively.
fn ftl_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            ftl_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ftl") {
            out.push(path);
        }
    }
}

#[test]
fn every_course_file_reads_as_fluent_reads_it() {
    let mut files = Vec::new();
    ftl_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons/course"), &mut files);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a course file");
        let expected = fluent(&text).unwrap_or_else(|| panic!("{path:?}: fluent-bundle reports an error"));
        assert_eq!(ours(&text).as_ref(), Some(&expected), "{path:?}");
    }
    assert!(files.len() > 100, "only {} files", files.len());
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
    for case in ["a = {\n", "a = }\n", "a = {\"open}\n", "a = {\"\\q\"}\n", "  a = 1\n", "a\n", "a =\n    [x] y\n", "a = x\n *[y] z\n", "a = { $x ->\n    [a] b\n}\n", "a = { $x ->\n   *[a] b\n   *[c] d\n}\n", "a = { $x -> [a] b }\n", "a = { $x ->\n   *[a]\n}\n", "a = x }\n"] {
        assert!(fluent(case).is_none(), "fluent-bundle reads {case:?}");
        assert!(ours(case).is_none(), "{case:?} read");
    }
}



/// One message rendered by fluent-bundle (English plural rules, no isolation marks): the
/// text and whether it reported an error.
fn fluent_with(source: &str, args: &[(&str, podlife_ftl::Value<'_>)]) -> (String, bool) {
    use fluent_bundle::{FluentArgs, FluentValue};
    let resource = FluentResource::try_new(source.to_string()).expect("fluent-bundle reads it");
    let mut bundle = FluentBundle::new(vec!["en".parse::<unic_langid::LanguageIdentifier>().unwrap()]);
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).expect("no duplicates");
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            podlife_ftl::Value::Text(t) => fluent_args.set(*name, FluentValue::from(*t)),
            podlife_ftl::Value::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(bundle.get_message("m").unwrap().value().unwrap(), Some(&fluent_args), &mut errors).to_string();
    (text, !errors.is_empty())
}

fn ours_with(source: &str, args: &[(&str, podlife_ftl::Value<'_>)]) -> (String, bool) {
    let r = podlife_ftl::parse(source);
    assert!(r.errors.is_empty(), "{source:?}: {:?}", r.errors);
    let mut errors = Vec::new();
    let english = |n: f64| if n.abs() == 1.0 { "one" } else { "other" };
    let text = r.messages[0].value.format(&|name| args.iter().rev().find(|(k, _)| *k == name).map(|(_, v)| *v), english, &mut errors);
    (text, !errors.is_empty())
}

#[test]
fn variables_and_selects_resolve_as_fluent_resolves_them() {
    use podlife_ftl::Value::{Number, Text};
    let cases = [
        "m = { $x }\n",
        "m = a { $x } b {\"\\{\"}\n",
        "m = { $x ->\n    [yes] Y { $y }\n   *[no] N\n}\n",
        "m =\n    { $x } said { $x ->\n        [yes] {\" \"}yes{ $y ->\n            [0] zero\n            [one] one\n           *[other] { $y } others\n        }\n       *[no] {\"\"}\n    } end.\n",
        "m = { $x ->\n    [0] zero\n    [1] one exactly\n    [-1] minus one\n    [1.0] never\n    [one] one\n    [two] two\n   *[other] other\n}\n",
        "m = { $x ->\n   *[other] a\n    [yes] b\n}\n",
        "m = { $x ->\n    [yes]\n        over\n          lines\n\n        kept\n   *[no] x\n    } tail   \n",
        "m = {$x   ->  \n  [a]   a  \n *[b]b\n}{ $y }\n",
        "m = { $x ->\n    [502] five-oh-two\n   *[other] { $x }\n}\n",
    ];
    let values = [None, Some(Text("yes")), Some(Text("no")), Some(Text("a")), Some(Text("502")), Some(Text("zzz")), Some(Number(0.0)), Some(Number(1.0)), Some(Number(-1.0)), Some(Number(2.0)), Some(Number(1.5)), Some(Number(502.0)), Some(Number(1e21)), Some(Number(0.1 + 0.2))];
    for case in cases {
        for x in values {
            for y in [None, Some(Text("why")), Some(Number(1.0)), Some(Number(0.0)), Some(Number(7.25))] {
                let args: Vec<(&str, podlife_ftl::Value<'_>)> = [x.map(|v| ("x", v)), y.map(|v| ("y", v))].into_iter().flatten().collect();
                assert_eq!(ours_with(case, &args), fluent_with(case, &args), "{case:?} {args:?}");
            }
        }
    }
}

/// Random files made of Fluent's syntax characters: what the subset reads without an error,
/// fluent-bundle reads the same (ids, texts, errors while resolving); what fluent-bundle
/// refuses, the subset refuses too.
#[test]
fn random_files_read_as_fluent_reads_them() {
    use fluent_bundle::{FluentArgs, FluentValue};
    use podlife_ftl::Value;
    let pieces = ["a", "b", " ", "  ", "\n", "\n    ", "\n\n", "{", "}", "{ $x }", "{ $x ->\n", "$x", "->", "[a]", "[1]", "*[b]", "[", "]", "*", "\"", "{\"", "\"}", "\\", "=", "m = ", "\nn =", "#", "# c\n", ".", "-", "1", "é"];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut read, mut refused) = (0, 0);
    for _ in 0..100_000 {
        let len = 1 + next(24);
        let mut text = String::from("m = ");
        for _ in 0..len {
            text.push_str(pieces[next(pieces.len())]);
        }
        let ours = podlife_ftl::parse(&text);
        let resource = FluentResource::try_new(text.clone());
        let Ok(resource) = resource else {
            assert!(!ours.errors.is_empty(), "{text:?}: fluent-bundle refuses it, the subset reads it");
            refused += 1;
            continue;
        };
        if !ours.errors.is_empty() {
            continue; // outside the subset (references, numbers in placeables, terms, …)
        }
        let ids: Vec<String> = resource.entries().filter_map(|e| match e { fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()), _ => None }).collect();
        let mut bundle = FluentBundle::new(vec!["en".parse::<unic_langid::LanguageIdentifier>().unwrap()]);
        bundle.set_use_isolating(false);
        let added = bundle.add_resource(resource);
        let mut unique = ids.clone();
        unique.dedup();
        let ours_ids: Vec<&str> = ours.messages.iter().map(|m| m.id.as_str()).collect();
        assert!(added.is_ok(), "{text:?}");
        assert_eq!(ours_ids, ids.iter().map(String::as_str).collect::<Vec<_>>(), "{text:?}");
        for m in &ours.messages {
            let pattern = bundle.get_message(&m.id).and_then(|f| f.value()).expect("a value");
            for arg in [None, Some(Value::Text("a")), Some(Value::Number(1.0)), Some(Value::Number(2.5))] {
                let mut fluent_args = FluentArgs::new();
                match arg {
                    Some(Value::Text(t)) => fluent_args.set("x", FluentValue::from(t)),
                    Some(Value::Number(n)) => fluent_args.set("x", FluentValue::from(n)),
                    None => {}
                }
                let mut errors = Vec::new();
                let expected = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).to_string();
                let mut our_errors = Vec::new();
                let english = |n: f64| if n.abs() == 1.0 { "one" } else { "other" };
                let got = m.value.format(&|name| if name == "x" { arg } else { None }, english, &mut our_errors);
                assert_eq!((got, our_errors.is_empty()), (expected, errors.is_empty()), "{text:?} {arg:?}");
            }
        }
        read += 1;
    }
    assert!(read > 1_000 && refused > 1_000, "read {read}, refused {refused}");
}
