//! The engine worker's model, with no web dependencies (so it is tested natively): the player
//! that drives the engine one input at a time and travels back in time, reactions grouped
//! from the trace, their explanations as message ids, the views drawn at each moment, the
//! formats of autosave and share links, and the host that answers the page's requests
//! (`host`, speaking `podlife-protocol`).

pub mod builder;
pub mod compare;
pub mod decision;
pub mod explain;
pub mod history;
pub mod host;
pub mod inspect;
pub mod keep;
pub mod lesson;
pub mod player;
pub mod reaction;
pub mod view;

pub use player::{ConsoleEntry, FileResult, Input, Logged, Player};
