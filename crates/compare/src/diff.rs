//! A line diff: Myers' O((N+M)·D) algorithm in its linear-space form (E. Myers, "An O(ND)
//! Difference Algorithm and Its Variations", 1986, §4b: the middle snake, then each half
//! again), after the common prefix and suffix are set aside. Hand-written rather than a
//! crate: it is ~150 lines, the web worker links only what it needs (the `similar` crate
//! brings three algorithms, inline and Unicode word diffs and their tables), and the work
//! can be bounded (below).
//!
//! The edit script is a shortest one (its equal lines are a longest common subsequence, as
//! the tests check against the dynamic-programming answer); within each run of changes, A's
//! lines come before B's, as `diff -u` prints them.
//!
//! **Bound.** Myers is fast when the two sides are alike (D small) and quadratic when they
//! are not: a pair of 16 MiB transcripts with nothing in common would take hours. The
//! snakes followed are counted; past [`MAX_WORK`] the part still being split is given up as
//! one block (all its lines of A deleted, all of B's inserted) and [`Diff::approximate`] says
//! so. The result is still a correct edit script, only not the shortest.

/// One line of the edit script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Line `a` of A is line `b` of B.
    Equal { a: usize, b: usize },
    /// Line `a` of A is not in B.
    Delete { a: usize },
    /// Line `b` of B is not in A.
    Insert { b: usize },
}

/// An edit script from A to B.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diff {
    /// Every line of both sides once, in order (A's lines and B's lines each ascending).
    pub edits: Vec<Edit>,
    /// The work bound was reached: some changed block may be larger than it needs to be.
    pub approximate: bool,
}

/// How many diagonal steps (forward and backward, summed over every middle-snake search)
/// one diff may take before it gives up on finding the shortest script.
pub const MAX_WORK: u64 = 50_000_000;

/// The edit script between two sequences of lines.
pub fn diff<T: PartialEq>(a: &[T], b: &[T]) -> Diff {
    let mut d = Differ { a, b, work: 0, approximate: false, out: Vec::with_capacity(a.len().max(b.len())) };
    d.compare(0, a.len(), 0, b.len());
    let mut edits = d.out;
    // Within each run of changes, A's lines first, then B's (the halves of a split can
    // alternate them); both sides stay in order, so the script is the same length.
    let mut start = 0;
    while start < edits.len() {
        if matches!(edits[start], Edit::Equal { .. }) {
            start += 1;
            continue;
        }
        let end = edits[start..].iter().position(|e| matches!(e, Edit::Equal { .. })).map_or(edits.len(), |p| start + p);
        edits[start..end].sort_by_key(|e| match *e {
            Edit::Delete { a } => (0, a),
            Edit::Insert { b } => (1, b),
            Edit::Equal { .. } => (2, 0),
        });
        start = end;
    }
    Diff { edits, approximate: d.approximate }
}

impl Diff {
    /// How many lines differ on each side (deleted from A, inserted from B).
    pub fn changed(&self) -> (usize, usize) {
        let del = self.edits.iter().filter(|e| matches!(e, Edit::Delete { .. })).count();
        let ins = self.edits.iter().filter(|e| matches!(e, Edit::Insert { .. })).count();
        (del, ins)
    }

    /// The runs of changed lines (maximal stretches without an `Equal`), as ranges of
    /// `edits`.
    pub fn hunks(&self) -> Vec<std::ops::Range<usize>> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, e) in self.edits.iter().enumerate() {
            match (e, start) {
                (Edit::Equal { .. }, Some(s)) => {
                    out.push(s..i);
                    start = None;
                }
                (Edit::Equal { .. }, None) => {}
                (_, None) => start = Some(i),
                (_, Some(_)) => {}
            }
        }
        if let Some(s) = start {
            out.push(s..self.edits.len());
        }
        out
    }
}

struct Differ<'s, T> {
    a: &'s [T],
    b: &'s [T],
    work: u64,
    approximate: bool,
    out: Vec<Edit>,
}

impl<T: PartialEq> Differ<'_, T> {
    /// Appends the script for `a[a0..a1]` against `b[b0..b1]`.
    fn compare(&mut self, mut a0: usize, mut a1: usize, mut b0: usize, mut b1: usize) {
        // The common prefix and suffix.
        let start = (a0, b0);
        while a0 < a1 && b0 < b1 && self.a[a0] == self.b[b0] {
            a0 += 1;
            b0 += 1;
        }
        for k in 0..a0 - start.0 {
            self.out.push(Edit::Equal { a: start.0 + k, b: start.1 + k });
        }
        let end = (a1, b1);
        while a1 > a0 && b1 > b0 && self.a[a1 - 1] == self.b[b1 - 1] {
            a1 -= 1;
            b1 -= 1;
        }
        if a0 == a1 || b0 == b1 {
            self.out.extend((a0..a1).map(|a| Edit::Delete { a }));
            self.out.extend((b0..b1).map(|b| Edit::Insert { b }));
        } else {
            // Both sides non-empty, first and last lines different: D ≥ 2, so each half
            // below has a shorter script than this part and the recursion ends (its depth
            // is about log2 D).
            match self.middle_snake(a0, a1, b0, b1) {
                Some((x, y, u, v)) => {
                    self.compare(a0, x, b0, y);
                    for k in 0..u - x {
                        self.out.push(Edit::Equal { a: x + k, b: y + k });
                    }
                    self.compare(u, a1, v, b1);
                }
                None => {
                    self.approximate = true;
                    self.out.extend((a0..a1).map(|a| Edit::Delete { a }));
                    self.out.extend((b0..b1).map(|b| Edit::Insert { b }));
                }
            }
        }
        for k in 0..end.0 - a1 {
            self.out.push(Edit::Equal { a: a1 + k, b: b1 + k });
        }
    }

    /// The middle snake of a shortest script for `a[a0..a1]` against `b[b0..b1]`, as the
    /// absolute points it runs from and to; None when the work bound is reached.
    fn middle_snake(&mut self, a0: usize, a1: usize, b0: usize, b1: usize) -> Option<(usize, usize, usize, usize)> {
        let (n, m) = ((a1 - a0) as isize, (b1 - b0) as isize);
        let delta = n - m;
        let odd = delta & 1 != 0;
        let max = (n + m + 1) / 2;
        let offset = max + 1;
        let size = (2 * max + 3) as usize;
        // vf[k]: the furthest x on diagonal k = x − y going forward from (0, 0); vb[k]: the
        // furthest x' on diagonal k' = x' − y' going backward from (n, m), in reversed
        // coordinates (x' = n − x, y' = m − y). Diagonal k forward is k' = delta − k back.
        let mut vf = vec![0isize; size];
        let mut vb = vec![0isize; size];
        let (sa, sb) = (self.a, self.b);
        let a = |x: isize| &sa[a0 + x as usize];
        let b = |y: isize| &sb[b0 + y as usize];
        let ra = |x: isize| &sa[a1 - 1 - x as usize];
        let rb = |y: isize| &sb[b1 - 1 - y as usize];
        for d in 0..=max {
            let mut k = -d;
            while k <= d {
                let i = (k + offset) as usize;
                let mut x = if k == -d || (k != d && vf[i - 1] < vf[i + 1]) { vf[i + 1] } else { vf[i - 1] + 1 };
                let mut y = x - k;
                let (x0, y0) = (x, y);
                while x < n && y < m && a(x) == b(y) {
                    x += 1;
                    y += 1;
                }
                self.work += (x - x0) as u64 + 1;
                vf[i] = x;
                let back = delta - k;
                if odd && -d < back && back < d && x + vb[(back + offset) as usize] >= n {
                    return Some((a0 + x0 as usize, b0 + y0 as usize, a0 + x as usize, b0 + y as usize));
                }
                k += 2;
            }
            let mut k = -d;
            while k <= d {
                let i = (k + offset) as usize;
                let mut x = if k == -d || (k != d && vb[i - 1] < vb[i + 1]) { vb[i + 1] } else { vb[i - 1] + 1 };
                let mut y = x - k;
                let (x0, y0) = (x, y);
                while x < n && y < m && ra(x) == rb(y) {
                    x += 1;
                    y += 1;
                }
                self.work += (x - x0) as u64 + 1;
                vb[i] = x;
                let fwd = delta - k;
                if !odd && fwd >= -d && fwd <= d && x + vf[(fwd + offset) as usize] >= n {
                    // Back in forward coordinates, the snake runs from (n − x, m − y) to
                    // (n − x0, m − y0).
                    return Some((a0 + (n - x) as usize, b0 + (m - y) as usize, a0 + (n - x0) as usize, b0 + (m - y0) as usize));
                }
                k += 2;
            }
            if self.work > MAX_WORK {
                return None;
            }
        }
        // Unreachable for non-empty sides (the paths meet by d = ⌈(n + m) / 2⌉); a whole
        // block is still a correct script.
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The script turns A into B: A's lines are the Equal and Delete ones in order, B's the
    /// Equal and Insert ones, and an Equal pairs equal lines.
    fn check_script<T: PartialEq + std::fmt::Debug>(a: &[T], b: &[T], d: &Diff) {
        let (mut na, mut nb) = (0, 0);
        for e in &d.edits {
            match *e {
                Edit::Equal { a: i, b: j } => {
                    assert_eq!((i, j), (na, nb), "{:?}", d.edits);
                    assert_eq!(a[i], b[j]);
                    na += 1;
                    nb += 1;
                }
                Edit::Delete { a: i } => {
                    assert_eq!(i, na);
                    na += 1;
                }
                Edit::Insert { b: j } => {
                    assert_eq!(j, nb);
                    nb += 1;
                }
            }
        }
        assert_eq!((na, nb), (a.len(), b.len()));
    }

    fn lcs_len<T: PartialEq>(a: &[T], b: &[T]) -> usize {
        let mut row = vec![0usize; b.len() + 1];
        for x in a {
            let mut prev = 0;
            for (j, y) in b.iter().enumerate() {
                let keep = row[j + 1];
                row[j + 1] = if x == y { prev + 1 } else { row[j + 1].max(row[j]) };
                prev = keep;
            }
        }
        row[b.len()]
    }

    fn equal_count(d: &Diff) -> usize {
        d.edits.iter().filter(|e| matches!(e, Edit::Equal { .. })).count()
    }

    #[test]
    fn a_changed_line_is_a_delete_then_an_insert() {
        let a = ["$ sleep 5", "traffic: 21 failed", "$ kubectl get pods"];
        let b = ["$ sleep 5", "traffic: 0 failed", "$ kubectl get pods"];
        let d = diff(&a, &b);
        assert_eq!(d.edits, vec![Edit::Equal { a: 0, b: 0 }, Edit::Delete { a: 1 }, Edit::Insert { b: 1 }, Edit::Equal { a: 2, b: 2 }]);
        assert_eq!(d.hunks(), vec![1..3]);
        assert_eq!(d.changed(), (1, 1));
        assert!(!d.approximate);
    }

    #[test]
    fn identical_and_empty_sides() {
        let a = ["x", "y"];
        assert_eq!(diff(&a, &a).edits, vec![Edit::Equal { a: 0, b: 0 }, Edit::Equal { a: 1, b: 1 }]);
        assert!(diff(&a, &a).hunks().is_empty());
        let none: [&str; 0] = [];
        assert_eq!(diff(&none, &a).edits, vec![Edit::Insert { b: 0 }, Edit::Insert { b: 1 }]);
        assert_eq!(diff(&a, &none).edits, vec![Edit::Delete { a: 0 }, Edit::Delete { a: 1 }]);
        assert_eq!(diff(&none, &none).edits, vec![]);
    }

    #[test]
    fn the_paper_example_has_five_edits() {
        // Myers' example: ABCABBA → CBABAC, D = 5, an LCS of length 4.
        let a: Vec<char> = "ABCABBA".chars().collect();
        let b: Vec<char> = "CBABAC".chars().collect();
        let d = diff(&a, &b);
        check_script(&a, &b, &d);
        assert_eq!(equal_count(&d), 4);
        assert_eq!(d.edits.len() - equal_count(&d), 5);
    }

    #[test]
    fn shortest_scripts_on_random_inputs() {
        // SplitMix64, as the engine's RNG, so the cases are the same on every run.
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for case in 0..3_000 {
            let alphabet = 1 + next() % 4;
            let (n, m) = ((next() % 25) as usize, (next() % 25) as usize);
            let a: Vec<u64> = (0..n).map(|_| next() % alphabet).collect();
            // Half the cases: B is A with a few edits, as two transcripts usually are.
            let b: Vec<u64> = if case % 2 == 0 {
                (0..m).map(|_| next() % alphabet).collect()
            } else {
                let mut b = a.clone();
                for _ in 0..next() % 4 {
                    let at = (next() as usize) % (b.len() + 1);
                    if next() % 2 == 0 && at < b.len() {
                        b.remove(at);
                    } else {
                        b.insert(at, next() % (alphabet + 1));
                    }
                }
                b
            };
            let d = diff(&a, &b);
            check_script(&a, &b, &d);
            assert_eq!(equal_count(&d), lcs_len(&a, &b), "case {case}: {a:?} → {b:?}: {:?}", d.edits);
            for h in d.hunks() {
                let first_insert = d.edits[h.clone()].iter().position(|e| matches!(e, Edit::Insert { .. })).unwrap_or(h.len());
                assert!(d.edits[h.start + first_insert..h.end].iter().all(|e| matches!(e, Edit::Insert { .. })), "case {case}: a delete after an insert: {:?}", d.edits);
            }
            assert!(!d.approximate);
        }
    }

    #[test]
    fn past_the_work_bound_a_block_is_given_up_whole_and_still_correct() {
        // Two long sides with nothing in common but scattered lines: D is large.
        let a: Vec<u32> = (0..12_000).map(|i| if i % 97 == 0 { i } else { 1_000_000 + i }).collect();
        let b: Vec<u32> = (0..12_000).map(|i| if i % 89 == 0 { i } else { 2_000_000 + i }).collect();
        let d = diff(&a, &b);
        check_script(&a, &b, &d);
        assert!(d.approximate, "12,000 × 12,000 lines with D ≈ 24,000 exceeds {MAX_WORK}");
    }
}
