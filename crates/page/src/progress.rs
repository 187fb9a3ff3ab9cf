//! What the learner has done across visits: lessons whose goals all held, and their
//! predictions. The page keeps it in localStorage as versioned JSON.

use std::collections::{BTreeMap, BTreeSet};

use crate::json::{self, Value};

/// A prediction the learner made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub choice: String,
    pub right: bool,
}

/// What the learner has done across visits: lessons whose goals all held, and predictions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: BTreeSet<String>,
    /// Keyed `lesson/question`.
    pub answers: BTreeMap<String, Answer>,
}

/// The version of the stored progress record.
pub const PROGRESS_VERSION: u64 = 1;

impl Progress {
    /// `{"answers":{KEY:{"choice":…,"right":…}…},"done":[…],"version":1}`: keys in the
    /// order serde_json's map wrote them, so the text is the same as earlier releases'.
    pub fn encode(&self) -> String {
        let text = |t: &str| Value::String(t.to_string());
        let answers = self
            .answers
            .iter()
            .map(|(key, a)| (key.clone(), Value::Object(vec![("choice".into(), text(&a.choice)), ("right".into(), Value::Bool(a.right))])))
            .collect();
        Value::Object(vec![
            ("answers".into(), Value::Object(answers)),
            ("done".into(), Value::Array(self.done.iter().map(|id| text(id)).collect())),
            ("version".into(), Value::Number(PROGRESS_VERSION.to_string())),
        ])
        .to_json()
    }

    /// The stored record, or why it cannot be used (the page then starts afresh and says so).
    pub fn decode(text: &str) -> Result<Progress, String> {
        let v = json::parse(text).map_err(|e| format!("not JSON: {e}"))?;
        match v.get("version").and_then(Value::as_u64) {
            Some(PROGRESS_VERSION) => {}
            Some(other) => return Err(format!("version {other} is not {PROGRESS_VERSION}")),
            None => return Err("no version".into()),
        }
        let mut progress = Progress::default();
        for id in v.get("done").and_then(Value::as_array).ok_or("\"done\" is not a list")? {
            progress.done.insert(id.as_str().ok_or("a done lesson is not a string")?.to_string());
        }
        // A repeated key: the last one counts, as in serde_json's map.
        for (key, a) in v.get("answers").and_then(Value::as_object).ok_or("\"answers\" is not an object")? {
            let choice = a.get("choice").and_then(Value::as_str).ok_or("an answer has no choice")?.to_string();
            let right = a.get("right").and_then(Value::as_bool).ok_or("an answer has no \"right\"")?;
            progress.answers.insert(key.clone(), Answer { choice, right });
        }
        Ok(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_refuses_what_it_cannot_read() {
        let mut p = Progress::default();
        p.done.insert("first-pod".into());
        p.answers.insert("first-pod/sandbox-or-pull".into(), Answer { choice: "pull-first".into(), right: false });
        assert_eq!(Progress::decode(&p.encode()), Ok(p));
        assert!(Progress::decode("{").is_err());
        assert!(Progress::decode("{\"version\":2,\"done\":[],\"answers\":{}}").unwrap_err().contains("version 2"));
        assert!(Progress::decode("{\"version\":1,\"done\":[1],\"answers\":{}}").is_err());
    }

    /// What releases up to this one wrote (serde_json's `json!`, keys sorted).
    fn serde_json_encode(p: &Progress) -> String {
        use serde_json::json;
        let answers: serde_json::Map<String, serde_json::Value> = p.answers.iter().map(|(k, a)| (k.clone(), json!({"choice": a.choice, "right": a.right}))).collect();
        json!({"version": PROGRESS_VERSION, "done": p.done, "answers": answers}).to_string()
    }

    #[test]
    fn earlier_records_still_read_and_bad_ones_are_explained() {
        let stored = r#"{"answers":{"first-pod/sandbox-or-pull":{"choice":"pull-first","right":false},"b/q\u00e9":{"choice":"x\"y","right":true}},"done":["first-pod","한"],"version":1}"#;
        let p = Progress::decode(stored).unwrap();
        assert_eq!(p.done.iter().collect::<Vec<_>>(), ["first-pod", "한"]);
        assert_eq!(p.answers["b/qé"], Answer { choice: "x\"y".into(), right: true });
        assert_eq!(p.encode(), serde_json_encode(&p));
        // Whitespace, any key order, unknown keys.
        let spaced = "{ \"version\" : 1 ,\n \"extra\": [null], \"done\": [ ], \"answers\": { } }\n";
        assert_eq!(Progress::decode(spaced), Ok(Progress::default()));
        let err = |t: &str| Progress::decode(t).unwrap_err();
        assert_eq!(err("{\"version\":1,"), "not JSON: the text ends too soon at line 1 column 14");
        assert_eq!(err("[]"), "no version");
        assert_eq!(err("{\"version\":\"1\"}"), "no version");
        assert_eq!(err("{\"version\":1}"), "\"done\" is not a list");
        assert_eq!(err("{\"version\":1,\"done\":[]}"), "\"answers\" is not an object");
        assert_eq!(err("{\"version\":1,\"done\":[],\"answers\":{\"a\":{\"right\":true}}}"), "an answer has no choice");
        assert_eq!(err("{\"version\":1,\"done\":[],\"answers\":{\"a\":{\"choice\":\"c\"}}}"), "an answer has no \"right\"");
    }

    proptest::proptest! {
        #[test]
        fn written_as_earlier_releases_wrote_and_read_back(
            done in proptest::collection::btree_set("\\PC{0,8}", 0..5),
            answers in proptest::collection::btree_map("\\PC{0,8}", ("\\PC{0,8}", proptest::bool::ANY), 0..5),
        ) {
            let p = Progress { done, answers: answers.into_iter().map(|(k, (choice, right))| (k, Answer { choice, right })).collect() };
            let text = p.encode();
            proptest::prop_assert_eq!(&text, &serde_json_encode(&p));
            proptest::prop_assert_eq!(Progress::decode(&text), Ok(p));
        }

        #[test]
        fn any_text_never_panics_the_decoder(t in ".{0,80}") {
            let _ = Progress::decode(&t);
        }
    }

}
