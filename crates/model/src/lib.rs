//! The Kubernetes API objects podlife plays with, and the value types they use.
//!
//! podlife's store, watch events and informer caches hold objects as [`obj::Obj`]: compact
//! trees indexed by a schema generated from the upstream types of `k8s-openapi` (feature
//! `v1_36`, a dev-dependency: the generator and the differential tests use it). JSON
//! (`serde_json::Value`) is the edge form: request bodies, responses, printers, diffs. Strict
//! decoding walks the same schema.

pub mod decode;
pub mod json;
pub mod kinds;
pub mod obj;
pub mod quantity;
mod schema;
mod schema_table;
pub mod timestamp;

pub use kinds::{ResourceType, RESOURCES, SECONDARY};
