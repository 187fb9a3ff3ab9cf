//! The Kubernetes API objects podlife plays with, and the value types they use.

pub mod quantity;
