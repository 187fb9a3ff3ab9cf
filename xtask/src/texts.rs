//! `cargo xtask texts-bundle [DIR]`: each language's translation files as the web page fetches
//! them, one text per language in `DIR/i18n/<lang>.ftl` (default: trunk's staging directory,
//! from `TRUNK_STAGING_DIR`). Trunk runs it as a post-build hook (Trunk.toml): the page fetches
//! the language it shows and the other only when the learner switches (web/src/texts.rs).

use std::path::{Path, PathBuf};

use podlife_i18n::{Lang, served_path};

use crate::Result;

pub fn write(dir: &Path) -> Result {
    for lang in [Lang::En, Lang::Ko] {
        let out = dir.join(served_path(lang));
        if let Some(parent) = out.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("creating {}: {e}", parent.display()))?;
        }
        std::fs::write(&out, podlife_i18n::served_text(lang)).map_err(|e| format!("writing {}: {e}", out.display()))?;
    }
    Ok(())
}

pub fn bundle(args: &[String]) -> Result {
    let dir = match args.first() {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var("TRUNK_STAGING_DIR").map_err(|_| "texts-bundle: give a directory (or run it as trunk's hook)".to_string())?),
    };
    write(&dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the hook writes is what the page reads: one file a language, each the served text.
    #[test]
    fn writes_one_text_per_language() {
        let dir = std::env::temp_dir().join(format!("podlife-texts-{}", std::process::id()));
        write(&dir).expect("written");
        for lang in [Lang::En, Lang::Ko] {
            let text = std::fs::read_to_string(dir.join(served_path(lang))).expect("read back");
            assert_eq!(text, podlife_i18n::served_text(lang));
            assert!(podlife_i18n::Localizer::from_text(lang, "t", &text).load_errors.is_empty());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
