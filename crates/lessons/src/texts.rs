//! A lesson's words: one Fluent file per language (`en.ftl`, `ko.ftl`) beside its data.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

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

/// The Fluent sources of one lesson (or of the course), per language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Texts {
    en: String,
    ko: String,
}

impl Texts {
    pub fn new(en: String, ko: String) -> Texts {
        Texts { en, ko }
    }

    pub fn source(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Ko => &self.ko,
        }
    }

    fn bundle(&self, lang: Lang) -> Result<FluentBundle<FluentResource>, Vec<String>> {
        let id: unic_langid::LanguageIdentifier = lang.code().parse().map_err(|e| vec![format!("{e:?}")])?;
        let mut bundle = FluentBundle::new(vec![id]);
        bundle.set_use_isolating(false);
        let resource = FluentResource::try_new(self.source(lang).to_string()).map_err(|(_, errors)| errors.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>())?;
        bundle.add_resource(resource).map_err(|errors| errors.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>())?;
        Ok(bundle)
    }

    /// Syntax errors, and which of `ids` a language lacks or leaves blank.
    pub fn problems(&self, ids: &[String]) -> Vec<String> {
        let mut problems = Vec::new();
        for lang in Lang::ALL {
            match self.bundle(lang) {
                Err(errors) => problems.extend(errors.into_iter().map(|e| format!("{}.ftl: {e}", lang.code()))),
                Ok(bundle) => {
                    for id in ids {
                        let text = bundle.get_message(id).and_then(|m| m.value()).map(|p| {
                            let mut errors = Vec::new();
                            bundle.format_pattern(p, None, &mut errors).trim().to_string()
                        });
                        match text {
                            None => problems.push(format!("{}.ftl: missing message {id}", lang.code())),
                            Some(t) if t.is_empty() => problems.push(format!("{}.ftl: message {id} is empty", lang.code())),
                            Some(_) => {}
                        }
                    }
                }
            }
        }
        problems
    }

    /// A message; its id when missing (visible, never blank).
    pub fn text(&self, lang: Lang, id: &str) -> String {
        self.text_with(lang, id, &[])
    }

    /// A message with text arguments.
    pub fn text_with(&self, lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
        let Ok(bundle) = self.bundle(lang) else { return id.to_string() };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else { return id.to_string() };
        let mut fluent_args = FluentArgs::new();
        for (k, v) in args {
            fluent_args.set(*k, FluentValue::from(*v));
        }
        let mut errors = Vec::new();
        bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).trim().to_string()
    }
}
