//! The text the web page fetches for a language (`served_text`, `dist/i18n/<lang>.ftl`) reads
//! as the compiled-in files do: the same messages, rendering the same words.

use podlife_i18n::{Arg, Lang, Localizer, served_text};

#[test]
fn the_served_text_holds_the_same_messages_as_the_compiled_files() {
    for lang in [Lang::En, Lang::Ko] {
        let compiled = Localizer::new(lang);
        let served = Localizer::from_text(lang, "served.ftl", &served_text(lang));
        assert!(served.load_errors.is_empty(), "{lang:?}: {:?}", served.load_errors);
        let ids: Vec<&str> = compiled.ids().collect();
        assert!(ids.len() > 300, "{lang:?}: only {} messages", ids.len());
        assert_eq!(ids, served.ids().collect::<Vec<_>>(), "{lang:?}");
        // Every message with a text and a number argument of every name it might use.
        let args: Vec<(String, Arg)> = ["name", "count", "n", "error", "id"].iter().map(|n| (n.to_string(), Arg::Number(2.0))).collect();
        for id in ids {
            assert_eq!(compiled.format(id, &args), served.format(id, &args), "{lang:?} {id}");
        }
    }
}

#[test]
fn the_served_text_keeps_no_translator_notes() {
    for lang in [Lang::En, Lang::Ko] {
        let text = served_text(lang);
        assert!(text.lines().filter(|l| l.starts_with('#')).all(|l| l == "#"), "{lang:?}: a comment kept its words");
        assert!(text.ends_with('\n'));
    }
}
