//! Positions of values in the source, addressed by upstream's field-path notation
//! (`spec.containers[0].image`).

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// Where each field of a document starts: for a mapping entry, its key; for a list item,
/// the item.
///
/// In insertion order, the first position of a path winning: a list rather than a map, as
/// it is only read to report an error (a `BTreeMap<String, Position>` was the worker's only
/// B-tree of that layout, several KB of node code).
#[derive(Debug, Clone, Default)]
pub struct Spans {
    by_path: Vec<(String, Position)>,
}

impl Spans {
    pub(crate) fn insert(&mut self, path: String, position: Position) {
        self.by_path.push((path, position));
    }

    fn get(&self, path: &str) -> Option<Position> {
        self.by_path.iter().find(|(p, _)| p == path).map(|(_, position)| *position)
    }

    /// The position of `path`, or of its nearest ancestor that has one (a missing field is
    /// reported where its parent is written).
    pub fn locate(&self, path: &str) -> Option<Position> {
        let mut p = path;
        loop {
            if let Some(pos) = self.get(p) {
                return Some(pos);
            }
            match p.rfind(['.', '[']) {
                Some(i) => p = &p[..i],
                None => return self.get(""),
            }
        }
    }
}
