//! A lesson's words: one Fluent file per language (`en.ftl`, `ko.ftl`) beside its data. The
//! messages are resolved once, when the lesson is read: the app asks for them on every render.

use std::collections::BTreeMap;

use fluent_bundle::{FluentBundle, FluentResource};

/// The languages lessons are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lang {
    En,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ko];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// One language's messages, resolved, and what went wrong reading them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Resolved {
    messages: BTreeMap<String, String>,
    errors: Vec<String>,
}

fn resolve(lang: Lang, source: &str) -> Resolved {
    let mut out = Resolved::default();
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, errors)) => {
            out.errors.extend(errors.iter().map(|e| format!("{e:?}")));
            r
        }
    };
    let ids: Vec<String> = resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    let Ok(id) = lang.code().parse::<unic_langid::LanguageIdentifier>() else { return out };
    let mut bundle = FluentBundle::new(vec![id]);
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        out.errors.extend(errors.iter().map(|e| format!("{e:?}")));
    }
    for id in ids {
        if let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors).trim().to_string();
            out.messages.insert(id, text);
        }
    }
    out
}

/// The messages of one lesson (or of the course), per language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Texts {
    en: Resolved,
    ko: Resolved,
}

impl Texts {
    pub fn new(en: String, ko: String) -> Texts {
        Texts { en: resolve(Lang::En, &en), ko: resolve(Lang::Ko, &ko) }
    }

    fn of(&self, lang: Lang) -> &Resolved {
        match lang {
            Lang::En => &self.en,
            Lang::Ko => &self.ko,
        }
    }

    /// Syntax errors, and which of `ids` a language lacks or leaves blank.
    pub fn problems(&self, ids: &[String]) -> Vec<String> {
        let mut problems = Vec::new();
        for lang in Lang::ALL {
            let resolved = self.of(lang);
            problems.extend(resolved.errors.iter().map(|e| format!("{}.ftl: {e}", lang.code())));
            for id in ids {
                match resolved.messages.get(id) {
                    None => problems.push(format!("{}.ftl: missing message {id}", lang.code())),
                    Some(t) if t.is_empty() => problems.push(format!("{}.ftl: message {id} is empty", lang.code())),
                    Some(_) => {}
                }
            }
        }
        problems
    }

    /// Every message of one language, resolved.
    pub fn messages(&self, lang: Lang) -> &BTreeMap<String, String> {
        &self.of(lang).messages
    }

    /// A message; its id when missing (visible, never blank).
    pub fn text(&self, lang: Lang, id: &str) -> String {
        self.of(lang).messages.get(id).cloned().unwrap_or_else(|| id.to_string())
    }
}
