//! The built-in comparisons (`podlife_stories::comparisons`) and their words.

pub use podlife_stories::comparisons::{Comparison as Builtin, MESSAGES, Words, all, by_id};

/// The words of `builtin` in `lang` (`podlife_stories::comparisons::texts`).
pub fn words(builtin: &Builtin, lang: &str) -> Result<Words, String> {
    podlife_stories::comparisons::texts(builtin, lang)
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
