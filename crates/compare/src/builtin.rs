//! The built-in comparisons (`podlife_stories::comparisons`) and their words.

pub use podlife_stories::comparisons::{Comparison as Builtin, MESSAGES, all, by_id};

/// A comparison's words in one language, each trimmed (`comparisons/<id>/<lang>.ftl`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    pub title: String,
    /// What happens in the two variants and why.
    pub intro: String,
    /// Variant A's label.
    pub a: String,
    /// Variant B's label.
    pub b: String,
    /// The outcome the comparison shows.
    pub expect: String,
}

/// The words of `builtin` in `lang` (`en` or `ko`); an error names what is missing or
/// unreadable.
pub fn words(builtin: &Builtin, lang: &str) -> Result<Words, String> {
    let source = builtin.words(lang).ok_or_else(|| format!("no words in {lang:?} (en or ko)"))?;
    let resource = podlife_ftl::parse(source);
    if let Some(e) = resource.errors.first() {
        return Err(format!("{}/{lang}.ftl: {e}", builtin.id));
    }
    let get = |id: &str| -> Result<String, String> {
        let m = resource.messages.iter().find(|m| m.id == id).ok_or_else(|| format!("{}/{lang}.ftl has no message {id}", builtin.id))?;
        let mut problems = Vec::new();
        let text = m.value.format(&|_| None, |_| "other", &mut problems);
        match problems.first() {
            Some(p) => Err(format!("{}/{lang}.ftl: message {id}: {p}", builtin.id)),
            None => Ok(text.trim().to_string()),
        }
    };
    Ok(Words { title: get("title")?, intro: get("intro")?, a: get("a")?, b: get("b")?, expect: get("expect")? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_has_every_message_in_both_languages() {
        for c in all() {
            for lang in ["en", "ko"] {
                let w = words(c, lang).unwrap_or_else(|e| panic!("{e}"));
                for (m, text) in MESSAGES.iter().zip([&w.title, &w.intro, &w.a, &w.b, &w.expect]) {
                    assert!(!text.is_empty(), "{}/{lang}: {m} is empty", c.id);
                }
            }
            assert_ne!(words(c, "en").map(|w| w.title), words(c, "ko").map(|w| w.title), "{}: the Korean title is the English one", c.id);
        }
        assert!(words(&all()[0], "fr").is_err());
    }
}
