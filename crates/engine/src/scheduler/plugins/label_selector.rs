//! `metav1.LabelSelector` matching for the pod affinity and topology spread plugins (the one
//! implementation lives in `crate::labels`).

pub use crate::labels::selector_matches as matches;
