//! What the learner has done across visits: lessons whose goals all held, and their
//! predictions. The page keeps it in localStorage as versioned JSON.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

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
    pub fn encode(&self) -> String {
        let answers: serde_json::Map<String, Value> = self.answers.iter().map(|(k, a)| (k.clone(), json!({"choice": a.choice, "right": a.right}))).collect();
        json!({"version": PROGRESS_VERSION, "done": self.done, "answers": answers}).to_string()
    }

    /// The stored record, or why it cannot be used (the page then starts afresh and says so).
    pub fn decode(text: &str) -> Result<Progress, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        match v["version"].as_u64() {
            Some(PROGRESS_VERSION) => {}
            Some(other) => return Err(format!("version {other} is not {PROGRESS_VERSION}")),
            None => return Err("no version".into()),
        }
        let mut progress = Progress::default();
        for id in v["done"].as_array().ok_or("\"done\" is not a list")? {
            progress.done.insert(id.as_str().ok_or("a done lesson is not a string")?.to_string());
        }
        for (key, a) in v["answers"].as_object().ok_or("\"answers\" is not an object")? {
            let choice = a["choice"].as_str().ok_or("an answer has no choice")?.to_string();
            let right = a["right"].as_bool().ok_or("an answer has no \"right\"")?;
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

}
