//! The page's own logic, with no web dependencies (tested natively): the editor's YAML
//! highlighting, the console's tab completion, the course progress record, the JSON of the
//! page's localStorage, and the compare view's shared time axis and outcome values. It runs
//! in the UI module; nothing here needs the engine.

pub mod compare;
pub mod complete;
pub mod highlight;
pub mod json;
pub mod progress;
