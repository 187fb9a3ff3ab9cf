//! Deterministic mutations for the smoke test: what libFuzzer's mutators do in spirit (flip,
//! insert, delete, duplicate, splice, dictionary tokens), driven by a SplitMix64 so every run
//! tries the same inputs.

/// SplitMix64.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }
}

/// Tokens that matter to podlife's parsers (YAML, shell, jsonpath, selectors, JSON patch,
/// share links, completion), inserted whole.
pub const DICTIONARY: &[&str] = &[
    "\t", "\u{a0}", " ", "\n", "\r\n", "---\n", "- ", ": ", "&a ", "*a", "<<: *a", "!!str ", "|\n  ", ">-\n", "{", "}", "[", "]", "\"", "'", "\\",
    "$(", "${", "}", "$((", "))", "`", "|", "||", "&&", ";", "&", ">", ">>", "<<EOF\n", "\nEOF\n", "while true; do ", "; done", "for i in 1 2 3; do ", "if ", "then ", "fi",
    "${x//a/aa}", "$(seq 1 100000)", "sleep 1000000", "kubectl ", "get pods ", "-o jsonpath='{", "{range .items[*]}", "{end}", "{.metadata.name}", "[?(@.", "==", "!=", " in (", " notin (", ")",
    ",", "=", "!", "-l ", "--field-selector ", "{\"op\":\"copy\",\"from\":\"/spec\",\"path\":\"/metadata/x\"}", "{\"op\":\"add\",\"path\":\"/a/-\",\"value\":", "$patch", "$retainKeys", "s1.", "\"v\":1",
    "apiVersion: v1\n", "kind: Pod\n", "kind: List\n", "replicas: 100000\n", "0", "-1", "1e9", "9999999999999999999", "\u{0}", "é", "한", "\u{200b}",
];

/// One mutation of `input` (`other` is another seed, for splices).
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = out.len();
        match rng.below(8) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(len + 1);
                let n = 1 + rng.below(8);
                let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
                out.splice(i..i, bytes);
            }
            2 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                out.drain(i..i + n);
            }
            3 if len > 0 => {
                // Duplicate a range (repetition finds the quadratic and the exponential).
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(256));
                let copy = out[i..i + n].to_vec();
                let times = 1 + rng.below(8);
                for _ in 0..times {
                    out.splice(i..i, copy.iter().copied());
                }
            }
            4 if !other.is_empty() => {
                let i = rng.below(len + 1);
                let j = rng.below(other.len());
                let n = 1 + rng.below((other.len() - j).min(512));
                out.splice(i..i, other[j..j + n].iter().copied());
            }
            5 if len > 0 => {
                out.truncate(rng.below(len));
            }
            _ => {
                let i = rng.below(len + 1);
                let token = DICTIONARY[rng.below(DICTIONARY.len())];
                out.splice(i..i, token.bytes());
            }
        }
    }
    out.truncate(crate::budget::INPUT_BYTES);
    out
}
