//! Korean and English through Fluent translation files (`static/i18n/<lang>/*.ftl`), compiled
//! into the bundle so that no request leaves the page.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

pub use podlife_protocol::{Arg, Lang, Message};

/// The translation files of one language, compiled in.
fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::En => &[
            ("en/ui.ftl", include_str!("../../../static/i18n/en/ui.ftl")),
            ("en/reactions.ftl", include_str!("../../../static/i18n/en/reactions.ftl")),
            ("en/scenarios.ftl", include_str!("../../../static/i18n/en/scenarios.ftl")),
        ],
        Lang::Ko => &[
            ("ko/ui.ftl", include_str!("../../../static/i18n/ko/ui.ftl")),
            ("ko/reactions.ftl", include_str!("../../../static/i18n/ko/reactions.ftl")),
            ("ko/scenarios.ftl", include_str!("../../../static/i18n/ko/scenarios.ftl")),
        ],
    }
}

/// One language's messages.
pub struct Localizer {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    /// Syntax errors and duplicate ids found while loading (tests require none).
    pub load_errors: Vec<String>,
}

impl Localizer {
    pub fn new(lang: Lang) -> Localizer {
        let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a valid language tag");
        let mut bundle = FluentBundle::new(vec![id]);
        // Unicode isolation marks around arguments would show up in `<pre>` text and copies.
        bundle.set_use_isolating(false);
        let mut load_errors = Vec::new();
        for (file, source) in sources(lang) {
            let resource = match FluentResource::try_new(source.to_string()) {
                Ok(r) => r,
                Err((r, errors)) => {
                    load_errors.extend(errors.iter().map(|e| format!("{file}: {e:?}")));
                    r
                }
            };
            if let Err(errors) = bundle.add_resource(resource) {
                load_errors.extend(errors.iter().map(|e| format!("{file}: {e:?}")));
            }
        }
        Localizer { lang, bundle, load_errors }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// A message without arguments; its id when missing (visible, never a blank).
    pub fn text(&self, id: &str) -> String {
        self.format(id, &[]).0
    }

    /// A message with arguments, and the errors Fluent reported (missing ids or arguments).
    pub fn format(&self, id: &str, args: &[(String, Arg)]) -> (String, Vec<String>) {
        let Some(message) = self.bundle.get_message(id) else { return (id.to_string(), vec![format!("missing message {id}")]) };
        let Some(pattern) = message.value() else { return (id.to_string(), vec![format!("message {id} has no value")]) };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(t) => fluent_args.set(name.as_str(), FluentValue::from(t.as_str())),
                Arg::Number(n) => fluent_args.set(name.as_str(), FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        (text.into_owned(), errors.iter().map(|e| format!("{id}: {e:?}")).collect())
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
