//! The localizer (podlife-ftl's subset) against Fluent's own parser and resolver
//! (fluent-bundle 0.16, as the page used it: the language's plural rules, no isolation marks):
//! every message of every file in both languages, with argument sets that reach every variant
//! of every select expression, text and numbers in every variable, and arguments missing.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast;
use podlife_i18n::{Arg, Lang, Localizer};

fn sources(lang: Lang) -> Vec<(String, String)> {
    ["ui", "reactions", "scenarios"]
        .iter()
        .map(|file| {
            let path = format!("{}/../../static/i18n/{}/{file}.ftl", env!("CARGO_MANIFEST_DIR"), lang.code());
            let text = std::fs::read_to_string(&path).expect("a translation file");
            (path, text)
        })
        .collect()
}

/// What one message needs to be tried with: its variables, and for every select expression
/// the assignments of the selectors around it that reach it, with each value worth trying.
#[derive(Default)]
struct Reach {
    variables: BTreeSet<String>,
    sets: Vec<Vec<(String, Arg)>>,
}

fn number(literal: &str) -> f64 {
    literal.parse().expect("a number literal")
}

fn walk_pattern(pattern: &ast::Pattern<&str>, path: &[(String, Arg)], reach: &mut Reach) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            walk_expression(expression, path, reach);
        }
    }
}

fn walk_inline(inline: &ast::InlineExpression<&str>, path: &[(String, Arg)], reach: &mut Reach) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            reach.variables.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, path, reach),
        ast::InlineExpression::StringLiteral { .. } => {}
        other => panic!("outside the subset: {other:?}"),
    }
}

fn walk_expression(expression: &ast::Expression<&str>, path: &[(String, Arg)], reach: &mut Reach) {
    match expression {
        ast::Expression::Inline(inline) => walk_inline(inline, path, reach),
        ast::Expression::Select { selector, variants } => {
            walk_inline(selector, path, reach);
            let ast::InlineExpression::VariableReference { id } = selector else { panic!("a selector that is not a variable") };
            let name = id.name.to_string();
            let mut values = vec![Arg::Number(0.0), Arg::Number(1.0), Arg::Number(2.0), Arg::Number(1.5), Arg::Text("no-such-key".into())];
            for variant in variants {
                let key = match variant.key {
                    ast::VariantKey::Identifier { name } => Arg::Text(name.to_string()),
                    ast::VariantKey::NumberLiteral { value } => {
                        values.push(Arg::Text(value.to_string()));
                        Arg::Number(number(value))
                    }
                };
                values.push(key.clone());
                let mut inner = path.to_vec();
                inner.push((name.clone(), key));
                walk_pattern(&variant.value, &inner, reach);
            }
            for value in values {
                let mut set = path.to_vec();
                set.push((name.clone(), value));
                reach.sets.push(set);
            }
        }
    }
}

/// Every argument set to try for one message.
fn argument_sets(message: &ast::Message<&str>) -> Vec<Vec<(String, Arg)>> {
    let mut reach = Reach::default();
    let value = message.value.as_ref().expect("a value");
    walk_pattern(value, &[], &mut reach);
    reach.sets.push(Vec::new());
    let mut out: Vec<Vec<(String, Arg)>> = vec![Vec::new()];
    let mut seen = BTreeSet::new();
    for set in &reach.sets {
        // Only what the path sets (others missing); every other variable a text; a number.
        let bases: [Option<Arg>; 3] = [None, Some(Arg::Text("‹v›".into())), Some(Arg::Number(1234.5))];
        for base in bases {
            let mut args: BTreeMap<String, Arg> = BTreeMap::new();
            if let Some(base) = base {
                for v in &reach.variables {
                    args.insert(v.clone(), base.clone());
                }
            }
            for (k, v) in set {
                args.insert(k.clone(), v.clone());
            }
            let args: Vec<(String, Arg)> = args.into_iter().collect();
            if seen.insert(format!("{args:?}")) {
                out.push(args);
            }
        }
    }
    out
}

#[test]
fn every_message_renders_as_fluent_bundle_renders_it() {
    let mut total = 0;
    for lang in Lang::ALL {
        let ours = Localizer::new(lang);
        assert_eq!(ours.load_errors, Vec::<String>::new(), "{lang:?}");
        let mut bundle = FluentBundle::new(vec![lang.code().parse::<unic_langid::LanguageIdentifier>().unwrap()]);
        bundle.set_use_isolating(false);
        let mut messages = Vec::new();
        let sources = sources(lang);
        for (path, text) in &sources {
            let resource = FluentResource::try_new(text.clone()).unwrap_or_else(|(_, e)| panic!("{path}: {e:?}"));
            bundle.add_resource(resource).unwrap_or_else(|e| panic!("{path}: {e:?}"));
            let ast = fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(_, e)| panic!("{path}: {e:?}"));
            for entry in ast.body {
                match entry {
                    ast::Entry::Message(m) => messages.push((m.id.name.to_string(), argument_sets(&m))),
                    ast::Entry::Term(t) => panic!("{path}: a term {}", t.id.name),
                    _ => {}
                }
            }
        }
        assert!(messages.len() > 200, "{lang:?}: only {} messages", messages.len());
        for (id, sets) in &messages {
            assert!(ours.has(id), "{lang:?} {id}");
            let pattern = bundle.get_message(id).and_then(|m| m.value()).expect("a value");
            for args in sets {
                let mut fluent_args = FluentArgs::new();
                for (name, value) in args {
                    match value {
                        Arg::Text(t) => fluent_args.set(name.as_str(), FluentValue::from(t.as_str())),
                        Arg::Number(n) => fluent_args.set(name.as_str(), FluentValue::from(*n)),
                    }
                }
                let mut errors = Vec::new();
                let expected = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).to_string();
                let (text, our_errors) = ours.format(id, args);
                assert_eq!(text, expected, "{lang:?} {id} {args:?}");
                assert_eq!(our_errors.is_empty(), errors.is_empty(), "{lang:?} {id} {args:?}: {our_errors:?} / {errors:?}");
                assert!(our_errors.iter().all(|e| !e.is_empty()));
                total += 1;
            }
        }
        // A missing message: its id, and an error.
        let (text, errors) = ours.format("no-such-message", &[]);
        assert!(!bundle.has_message("no-such-message") && !ours.has("no-such-message"));
        assert_eq!((text.as_str(), errors.len()), ("no-such-message", 1));
    }
    assert!(total > 4_000, "only {total} renderings");
}

