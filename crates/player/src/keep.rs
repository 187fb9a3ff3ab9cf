//! Keeping work: the autosave record (localStorage) and share links (the URL fragment). Both
//! are versioned: whatever a release wrote, later releases read. A value that does not decode
//! is reported, never trusted half-way.

use serde::{Deserialize, Serialize};

use crate::player::Logged;

/// One editor tab.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EditorFile {
    pub name: String,
    pub text: String,
}

/// Everything a reload restores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Saved {
    pub scenario: String,
    pub files: Vec<EditorFile>,
    pub active_file: usize,
    /// The inputs that built the timeline, replayed on reload.
    pub log: Vec<Logged>,
    pub position: usize,
    pub lang: Option<String>,
}

/// What a share link carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shared {
    pub scenario: String,
    pub files: Vec<EditorFile>,
}

/// The autosave format's version; `decode_saved` reads every version up to this one.
pub const SAVED_VERSION: u32 = 1;

/// The share link format's version (the fragment starts with `s1.`).
pub const SHARE_VERSION: u32 = 1;

/// The most characters a share fragment may have (browsers keep far longer URLs, but a link
/// pasted into chat should stay usable); longer work is refused with a message.
pub const MAX_SHARE_CHARS: usize = 16_000;

/// The most bytes an autosave record may have (localStorage holds about 5 MB per origin).
pub const MAX_SAVED_BYTES: usize = 1_000_000;

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    v: u32,
    #[serde(flatten)]
    body: T,
}

/// The autosave record as JSON.
pub fn encode_saved(saved: &Saved) -> Result<String, String> {
    let text = serde_json::to_string(&Envelope { v: SAVED_VERSION, body: saved }).map_err(|e| e.to_string())?;
    if text.len() > MAX_SAVED_BYTES {
        return Err(format!("the work is too large to keep ({} bytes; at most {MAX_SAVED_BYTES})", text.len()));
    }
    Ok(text)
}

/// Reads an autosave record; an error says why it was ignored.
pub fn decode_saved(text: &str) -> Result<Saved, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    match value.get("v").and_then(serde_json::Value::as_u64) {
        Some(1) => serde_json::from_value::<Envelope<Saved>>(value).map(|e| e.body).map_err(|e| format!("version 1 record: {e}")),
        Some(v) => Err(format!("written by a newer podlife (format {v})")),
        None => Err("no format version".to_string()),
    }
}

/// The fragment of a share link (without `#`): `s1.` and the compressed JSON.
pub fn encode_share(shared: &Shared) -> Result<String, String> {
    let json = serde_json::to_string(shared).map_err(|e| e.to_string())?;
    let packed = lz_str::compress_to_encoded_uri_component(&json);
    let fragment = format!("s{SHARE_VERSION}.{packed}");
    if fragment.len() > MAX_SHARE_CHARS {
        return Err(format!("the files are too large for a link ({} characters; at most {MAX_SHARE_CHARS})", fragment.len()));
    }
    Ok(fragment)
}

/// Reads a share fragment (with or without `#`).
pub fn decode_share(fragment: &str) -> Result<Shared, String> {
    let fragment = fragment.trim_start_matches('#');
    let Some((version, packed)) = fragment.split_once('.') else { return Err("not a podlife share link".to_string()) };
    match version {
        "s1" => {
            let json = lz_str::decompress_from_encoded_uri_component(packed).ok_or("the link is damaged (it does not decompress)")?;
            let json = String::from_utf16(&json).map_err(|_| "the link is damaged (not text)")?;
            serde_json::from_str(&json).map_err(|e| format!("the link is damaged: {e}"))
        }
        v if v.starts_with('s') && v[1..].parse::<u32>().is_ok() => Err(format!("the link was made by a newer podlife (format {})", &v[1..])),
        _ => Err("not a podlife share link".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Input;
    use proptest::prelude::*;

    fn sample() -> Shared {
        Shared { scenario: "nginx".into(), files: vec![EditorFile { name: "pod.yaml".into(), text: "apiVersion: v1\nkind: Pod\n# 한글 주석\n".into() }] }
    }

    #[test]
    fn share_links_round_trip_and_are_url_safe() {
        let fragment = encode_share(&sample()).unwrap();
        assert!(fragment.starts_with("s1."));
        assert!(fragment.chars().all(|c| c.is_ascii_alphanumeric() || "+-$._".contains(c)), "{fragment}");
        assert_eq!(decode_share(&format!("#{fragment}")).unwrap(), sample());
    }

    /// A link made by the first release: every later release must keep opening it.
    #[test]
    fn a_version_1_link_still_opens() {
        let pinned = "s1.N4IgzgxgpgdghgJwJYHsQC4QwOZJgDxABoQAzJAGyjAwG0BdAXyA";
        assert_eq!(decode_share(pinned).unwrap(), Shared { scenario: "nginx".into(), files: vec![] });
        assert_eq!(encode_share(&Shared { scenario: "nginx".into(), files: vec![] }).unwrap(), pinned);
    }

    #[test]
    fn damaged_and_future_links_are_refused_with_a_reason() {
        assert!(decode_share("s1.!!!").is_err());
        assert_eq!(decode_share("s9.abc").unwrap_err(), "the link was made by a newer podlife (format 9)");
        assert_eq!(decode_share("hello").unwrap_err(), "not a podlife share link");
    }

    #[test]
    fn saved_records_round_trip_and_bad_ones_are_explained() {
        let saved = Saved {
            scenario: "nginx".into(),
            files: sample().files,
            active_file: 0,
            log: vec![Logged { at: 0, input: Input::Command { line: "kubectl get pods".into() } }],
            position: 3,
            lang: Some("ko".into()),
        };
        let text = encode_saved(&saved).unwrap();
        assert_eq!(decode_saved(&text).unwrap(), saved);
        assert!(decode_saved("{").unwrap_err().starts_with("not JSON"));
        assert_eq!(decode_saved(r#"{"v":7}"#).unwrap_err(), "written by a newer podlife (format 7)");
        assert!(decode_saved(r#"{"v":1,"scenario":3}"#).is_err());
    }

    proptest! {
        #[test]
        fn any_text_never_panics_the_decoders(s in ".{0,200}") {
            let _ = decode_share(&s);
            let _ = decode_saved(&s);
        }

        #[test]
        fn any_files_round_trip(name in "[a-z.]{1,12}", text in ".{0,300}") {
            let shared = Shared { scenario: "x".into(), files: vec![EditorFile { name, text }] };
            let fragment = encode_share(&shared).unwrap();
            prop_assert_eq!(decode_share(&fragment).unwrap(), shared);
        }
    }
}
