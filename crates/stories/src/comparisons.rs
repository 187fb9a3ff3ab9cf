//! The built-in comparisons (issue 21), as data: two variants of one story, each a complete
//! podlife script, run on the same seed and compared (`podlife compare --builtin ID`; the
//! comparison machinery is `podlife-compare`).
//!
//! Each comparison lives in `comparisons/<id>/`: `a.sh` (the variant a learner usually starts
//! from) and `b.sh` (the one the lesson argues for), each self-contained (its manifests in
//! here-documents), and its words in `en.ftl` and `ko.ftl` beside them, as a lesson's are:
//! `title`, `intro` (what happens and why), `a` and `b` (each variant's label) and `expect`
//! (the outcome the comparison shows). Fluent text, read with `podlife-ftl`.

/// One built-in comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comparison {
    /// Kebab-case, stable: links and lessons name it.
    pub id: &'static str,
    /// Variant A's script.
    pub a: &'static str,
    /// Variant B's script.
    pub b: &'static str,
    /// The English words (`en.ftl`).
    pub en: &'static str,
    /// The Korean words (`ko.ftl`).
    pub ko: &'static str,
}

impl Comparison {
    /// The words in a language (`en` or `ko`; None for another).
    pub fn words(&self, lang: &str) -> Option<&'static str> {
        match lang {
            "en" => Some(self.en),
            "ko" => Some(self.ko),
            _ => None,
        }
    }
}

/// The messages every comparison's `en.ftl` and `ko.ftl` hold.
pub const MESSAGES: [&str; 5] = ["title", "intro", "a", "b", "expect"];

/// A comparison's words in one language, each trimmed (`comparisons/<id>/<lang>.ftl`): the
/// CLI's and the page's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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

/// The words of `comparison` in `lang` (`en` or `ko`); an error names what is missing or
/// unreadable.
pub fn texts(comparison: &Comparison, lang: &str) -> Result<Words, String> {
    let source = comparison.words(lang).ok_or_else(|| format!("no words in {lang:?} (en or ko)"))?;
    let resource = podlife_ftl::parse(source);
    if let Some(e) = resource.errors.first() {
        return Err(format!("{}/{lang}.ftl: {e}", comparison.id));
    }
    let get = |id: &str| -> Result<String, String> {
        let m = resource.messages.iter().find(|m| m.id == id).ok_or_else(|| format!("{}/{lang}.ftl has no message {id}", comparison.id))?;
        let mut problems = Vec::new();
        let text = m.value.format(&|_| None, |_| "other", &mut problems);
        match problems.first() {
            Some(p) => Err(format!("{}/{lang}.ftl: message {id}: {p}", comparison.id)),
            None => Ok(text.trim().to_string()),
        }
    };
    Ok(Words { title: get("title")?, intro: get("intro")?, a: get("a")?, b: get("b")?, expect: get("expect")? })
}

macro_rules! comparisons {
    ($($id:literal),+ $(,)?) => {
        static COMPARISONS: &[Comparison] = &[$(
            Comparison {
                id: $id,
                a: include_str!(concat!("../comparisons/", $id, "/a.sh")),
                b: include_str!(concat!("../comparisons/", $id, "/b.sh")),
                en: include_str!(concat!("../comparisons/", $id, "/en.ftl")),
                ko: include_str!(concat!("../comparisons/", $id, "/ko.ftl")),
            },
        )+];
    };
}

comparisons! {
    // Deleting a pod under traffic: no preStop hook (requests fail while kube-proxy catches
    // up) against a 5 s preStop sleep (none fail).
    "prestop",
    // A rolling update with the default maxUnavailable (25 %) against maxUnavailable: 0: the
    // fewest available replicas seen, 3 against 4.
    "max-unavailable",
    // A slow start: a liveness probe's initialDelaySeconds too short (restarts, never Ready)
    // against a startup probe (Ready without a restart).
    "startup-probe",
    // Graceful termination: shell-form PID 1 (SIGKILL at the end of the grace period) against
    // exec form (SIGTERM, gone in a second).
    "pid1-form",
}

/// Every built-in comparison, in the order `podlife compare --list` shows them.
pub fn all() -> &'static [Comparison] {
    COMPARISONS
}

/// The comparison with this id.
pub fn by_id(id: &str) -> Option<&'static Comparison> {
    COMPARISONS.iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_comparison_has_two_scripts_and_both_languages() {
        let mut seen = std::collections::BTreeSet::new();
        for c in all() {
            assert!(seen.insert(c.id), "duplicate id {}", c.id);
            assert!(c.id.split('-').all(|w| !w.is_empty() && w.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit())), "not kebab-case: {}", c.id);
            assert_eq!(by_id(c.id), Some(c));
            assert_ne!(c.a, c.b, "{}: the variants are the same script", c.id);
            for (lang, words) in [("en", c.en), ("ko", c.ko)] {
                assert_eq!(c.words(lang), Some(words));
                for m in MESSAGES {
                    // Every message is defined at the start of a line (`id =`); crates/compare
                    // reads them with podlife-ftl and checks they resolve.
                    assert!(words.lines().any(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == m && !l.starts_with(' '))), "{}/{lang}.ftl has no {m}", c.id);
                }
            }
        }
        assert_eq!(all().len(), 4);
        assert_eq!(by_id("no-such-comparison"), None);
        assert_eq!(all()[0].words("fr"), None);
    }
}
