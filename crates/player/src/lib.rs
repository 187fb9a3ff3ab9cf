//! The web app's model, with no web dependencies (so it is tested natively): the player
//! that drives the engine one input at a time and travels back in time, reactions grouped
//! from the trace, their explanations as message ids, the views drawn at each moment, the
//! translation files, and the formats of autosave and share links.

pub mod builder;
pub mod complete;
pub mod decision;
pub mod explain;
pub mod highlight;
pub mod history;
pub mod i18n;
pub mod inspect;
pub mod keep;
pub mod lesson;
pub mod player;
pub mod reaction;
pub mod view;

pub use player::{ConsoleEntry, FileResult, Input, Logged, Player};
