//! The Kubernetes API objects podlife plays with, and the value types they use.
//!
//! Objects are the upstream types from `k8s-openapi` (feature `v1_36`); podlife stores them as
//! JSON values and decodes them into these types where a component needs typed access.

pub mod decode;
pub mod kinds;
mod path_de;
pub mod quantity;

pub use k8s_openapi;
pub use kinds::{ResourceType, RESOURCES};
