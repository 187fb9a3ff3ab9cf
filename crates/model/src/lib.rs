//! The Kubernetes API objects podlife plays with, and the value types they use.
//!
//! podlife stores objects as JSON values. Strict decoding walks a schema generated from the
//! upstream types of `k8s-openapi` (feature `v1_36`, a dev-dependency: the generator and the
//! differential tests use it).

pub mod decode;
pub mod json;
pub mod kinds;
pub mod obj;
pub mod quantity;
mod schema;
mod schema_table;
mod timestamp;

pub use kinds::{ResourceType, RESOURCES, SECONDARY};
