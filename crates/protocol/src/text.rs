//! Words as data: the languages the app speaks and a message (a Fluent id and its arguments)
//! that the page words in the learner's language.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The languages the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Lang {
    En,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Ko, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    /// `ko`, `ko-KR`, `en-US` … → the language; None for one the app does not speak.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        match primary.as_str() {
            "ko" => Some(Lang::Ko),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The first of the browser's preferred languages the app speaks, else English.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred.into_iter().find_map(Lang::from_tag).unwrap_or(Lang::En)
    }
}

/// A message argument.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Arg {
    Text(String),
    Number(f64),
}

/// A message id and its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub id: Cow<'static, str>,
    pub args: Vec<(String, Arg)>,
}

impl Message {
    pub fn new(id: &'static str) -> Message {
        Message { id: Cow::Borrowed(id), args: Vec::new() }
    }

    /// A message with text arguments.
    pub fn with(id: &'static str, args: &[(&str, String)]) -> Message {
        Message { id: Cow::Borrowed(id), args: args.iter().map(|(k, v)| (k.to_string(), Arg::Text(v.clone()))).collect() }
    }
}
