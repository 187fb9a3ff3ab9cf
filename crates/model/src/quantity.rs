//! `resource.Quantity` (being written).
