//! Korean and English through Fluent translation files (`static/i18n/<lang>/*.ftl`), read and
//! resolved by podlife-ftl, the Fluent subset they use (variables and select expressions over
//! text and numbers); tests/parity.rs renders every message as fluent-bundle does.
//!
//! Native code (the tests, the CLI) has both languages compiled in (`Localizer::new`). The web
//! page carries neither: it fetches one language's files as one text (`served_text`, written to
//! `dist/i18n/<lang>.ftl` by `cargo xtask texts-bundle`) and reads it with
//! `Localizer::from_text`, so its first load holds only the language it shows.

use podlife_ftl::{Pattern, Value};

pub use podlife_protocol::{Arg, Lang, Message};

/// The translation files of one language, compiled in (comments cut by build.rs).
fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::En => &[
            ("en/ui.ftl", include_str!(concat!(env!("OUT_DIR"), "/en/ui.ftl"))),
            ("en/reactions.ftl", include_str!(concat!(env!("OUT_DIR"), "/en/reactions.ftl"))),
            ("en/scenarios.ftl", include_str!(concat!(env!("OUT_DIR"), "/en/scenarios.ftl"))),
        ],
        Lang::Ko => &[
            ("ko/ui.ftl", include_str!(concat!(env!("OUT_DIR"), "/ko/ui.ftl"))),
            ("ko/reactions.ftl", include_str!(concat!(env!("OUT_DIR"), "/ko/reactions.ftl"))),
            ("ko/scenarios.ftl", include_str!(concat!(env!("OUT_DIR"), "/ko/scenarios.ftl"))),
        ],
    }
}

/// The folder of the site that holds the served texts.
pub const SERVED_DIR: &str = "i18n";

/// Where the page fetches a language's text, relative to the site's root.
pub fn served_path(lang: Lang) -> String {
    format!("{SERVED_DIR}/{}.ftl", lang.code())
}

/// One language's files as the web page fetches them: the compiled-in files (comments cut to
/// their `#`) one after another, each ending with a line break.
pub fn served_text(lang: Lang) -> String {
    let mut out = String::new();
    for (_, source) in sources(lang) {
        out.push_str(source);
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// One language's messages.
pub struct Localizer {
    lang: Lang,
    /// Sorted by id: every render looks its words up.
    messages: Vec<(String, Pattern)>,
    /// Syntax errors and duplicate ids found while loading (tests require none).
    pub load_errors: Vec<String>,
}

/// A number's CLDR cardinal plural category: English has `one` (1, without fraction digits;
/// a number argument never has them) and `other`; Korean only `other`.
fn english(n: f64) -> &'static str {
    if n.abs() == 1.0 { "one" } else { "other" }
}

fn korean(_: f64) -> &'static str {
    "other"
}

impl Localizer {
    /// One language's messages from the files compiled in.
    pub fn new(lang: Lang) -> Localizer {
        Localizer::from_sources(lang, sources(lang))
    }

    /// One language's messages from the text the page fetched (`served_text`); `name` labels
    /// load errors.
    pub fn from_text(lang: Lang, name: &str, text: &str) -> Localizer {
        Localizer::from_sources(lang, &[(name, text)])
    }

    fn from_sources(lang: Lang, sources: &[(&str, &str)]) -> Localizer {
        let mut messages: Vec<(String, Pattern)> = Vec::new();
        let mut load_errors = Vec::new();
        for (file, source) in sources {
            let resource = podlife_ftl::parse(source);
            load_errors.extend(resource.errors.iter().map(|e| format!("{file}: {e}")));
            for m in resource.messages {
                match messages.binary_search_by(|(id, _)| id.as_str().cmp(&m.id)) {
                    // fluent-bundle keeps the first (its `Overriding` error).
                    Ok(_) => load_errors.push(format!("{file}: line {}: message {} is already defined", m.line, m.id)),
                    Err(at) => messages.insert(at, (m.id, m.value)),
                }
            }
        }
        Localizer { lang, messages, load_errors }
    }

    fn find(&self, id: &str) -> Option<&Pattern> {
        self.messages.binary_search_by(|(m, _)| m.as_str().cmp(id)).ok().map(|at| &self.messages[at].1)
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Every message id, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.messages.iter().map(|(id, _)| id.as_str())
    }

    pub fn has(&self, id: &str) -> bool {
        self.find(id).is_some()
    }

    /// A message without arguments; its id when missing (visible, never a blank).
    pub fn text(&self, id: &str) -> String {
        self.format(id, &[]).0
    }

    /// A message with arguments, and the errors Fluent would report (missing ids or arguments).
    pub fn format(&self, id: &str, args: &[(String, Arg)]) -> (String, Vec<String>) {
        let Some(pattern) = self.find(id) else { return (id.to_string(), vec![format!("missing message {id}")]) };
        // The last of two arguments with one name wins, as in `FluentArgs::set`.
        let arg = |name: &str| {
            args.iter().rev().find(|(n, _)| n == name).map(|(_, value)| match value {
                Arg::Text(t) => Value::Text(t),
                Arg::Number(n) => Value::Number(*n),
            })
        };
        let mut errors = Vec::new();
        let text = pattern.format(&arg, if self.lang == Lang::Ko { korean } else { english }, &mut errors);
        (text, errors.into_iter().map(|e| format!("{id}: {e}")).collect())
    }

    /// A message with text arguments.
    pub fn text_with(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(String, Arg)> = args.iter().map(|(k, v)| (k.to_string(), Arg::Text(v.to_string()))).collect();
        self.format(id, &args).0
    }

    /// A reaction's explanation.
    pub fn message(&self, m: &Message) -> String {
        self.format(&m.id, &m.args).0
    }
}
