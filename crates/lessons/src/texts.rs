//! A lesson's words: one Fluent file per language (`en.ftl`, `ko.ftl`) beside its data, in
//! the subset `ftl` reads. The messages are resolved once, when the lesson is read: the app
//! asks for them on every render.

use std::collections::BTreeMap;

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

fn resolve(source: &str) -> Resolved {
    let resource = crate::ftl::parse(source);
    let mut out = Resolved { errors: resource.errors, ..Resolved::default() };
    out.messages.extend(resource.messages);
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
        Texts { en: resolve(&en), ko: resolve(&ko) }
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
