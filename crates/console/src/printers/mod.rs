//! kubectl's output formats.

pub mod batch;
pub mod columns;
pub mod custom_columns;
pub mod duration;
pub mod go_template;
pub mod json;
pub mod jsonpath;
pub mod table;
pub mod tabwriter;
pub mod yaml;
