//! The engine's one source of chance: a seeded SplitMix64. Everything upstream leaves to
//! chance (jitter, tie-breaks, generated names, uids) draws from here, in a fixed order.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator's state (the reaction fingerprints of the guard-rail tests).
    #[cfg(feature = "fingerprint")]
    pub(crate) fn state(&self) -> u64 {
        self.state
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by rejection so there is no modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo { lo } else { lo + self.below(hi - lo + 1) }
    }

    /// A random (version 4) UUID, as the API server assigns to `metadata.uid`.
    pub fn uuid(&mut self) -> String {
        let a = self.next_u64();
        let b = self.next_u64();
        let a = (a & 0xFFFF_FFFF_FFFF_0FFF) | 0x4000;
        let b = (b & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000;
        format!(
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            a >> 32,
            (a >> 16) & 0xFFFF,
            a & 0xFFFF,
            b >> 48,
            b & 0xFFFF_FFFF_FFFF
        )
    }

    /// `n` lowercase hex digits (container and sandbox ids are 64).
    pub fn hex(&mut self, n: usize) -> String {
        let mut out = String::with_capacity(n + 16);
        while out.len() < n {
            out.push_str(&format!("{:016x}", self.next_u64()));
        }
        out.truncate(n);
        out
    }

    /// `n` characters from the alphabet upstream uses for generated name suffixes
    /// (`apimachinery/pkg/util/rand`: consonants and digits without look-alikes).
    pub fn name_suffix(&mut self, n: usize) -> String {
        const ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
        (0..n).map(|_| ALPHANUMS[self.below(ALPHANUMS.len() as u64) as usize] as char).collect()
    }
}

/// `n` hex digits derived from `text` alone (FNV-1a, repeated): stable ids for things that
/// are not chance, such as an unknown seeded image's id.
pub fn hex_of(text: &str, n: usize) -> String {
    let mut out = String::with_capacity(n + 16);
    let mut round: u64 = 0;
    while out.len() < n {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ round;
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        out.push_str(&format!("{h:016x}"));
        round += 1;
    }
    out.truncate(n);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        assert_eq!((a.next_u64(), a.uuid()), (b.next_u64(), b.uuid()));
        let u = Rng::new(1).uuid();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = Rng::new(3);
        assert!((0..1000).all(|_| r.below(6) < 6));
        assert!((0..1000).all(|_| (2..=5).contains(&r.between(2, 5))));
    }
}
