//! Decimal text to `f64`, correctly rounded, as `str::parse::<f64>` does — without the
//! standard library's Eisel-Lemire table of 128-bit powers of five (11 KB of nearly
//! incompressible data, 10.8 KB brotli of the web worker). Every number podlife reads from
//! text goes through here: YAML and JSON scalars, durations, awk's and Python's literals,
//! `sort -n`, `seq`, kubectl's flags.
//!
//! Short inputs take Clinger's fast path (an exact significand of at most 53 bits and a power
//! of ten of at most 22 are both exact `f64`s, and IEEE division and multiplication round
//! correctly); the rest is done exactly on big integers: the quotient of the decimal value by
//! a power of two, with a sticky bit, rounded half to even — subnormals included.

/// `s.parse::<f64>()`: the same grammar (`[+-]`, digits with an optional `.` and fraction,
/// an optional exponent; `inf`, `infinity`, `nan` in any case) and the same value.
pub fn parse_f64(s: &str) -> Option<f64> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let sign = |v: f64| if negative { -v } else { v };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(sign(f64::INFINITY));
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    let b = body.as_bytes();
    let mut i = 0;
    // Significant digits (leading zeros dropped), at most MAX_DIGITS of them; a non-zero
    // digit beyond is remembered as a trailing 1, which keeps every rounding decision.
    let mut digits: Vec<u8> = Vec::new();
    let mut exp10: i64 = 0;
    let mut seen_digit = false;
    let mut dropped_nonzero = false;
    let mut push = |d: u8, fraction: bool| {
        if digits.is_empty() && d == 0 {
            exp10 -= i64::from(fraction);
        } else if digits.len() < MAX_DIGITS {
            digits.push(d);
            exp10 -= i64::from(fraction);
        } else {
            dropped_nonzero |= d != 0;
            exp10 += i64::from(!fraction);
        }
        seen_digit = true;
    };
    while i < b.len() && b[i].is_ascii_digit() {
        push(b[i] - b'0', false);
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            push(b[i] - b'0', true);
            i += 1;
        }
    }
    if !seen_digit {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let exp_negative = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut e: i64 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            e = (e * 10 + i64::from(b[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if exp_negative { -e } else { e };
    }
    if i != b.len() {
        return None;
    }
    if dropped_nonzero {
        digits.push(1);
        exp10 -= 1;
    }
    Some(sign(decimal_to_f64(&digits, exp10)))
}

/// Enough digits for every halfway case of `f64` (they need at most 767).
const MAX_DIGITS: usize = 800;

/// The value `digits × 10^exp10` (no leading zeros in `digits`), correctly rounded.
fn decimal_to_f64(digits: &[u8], exp10: i64) -> f64 {
    if digits.is_empty() {
        return 0.0;
    }
    let magnitude = digits.len() as i64 + exp10; // the value is below 10^magnitude
    if magnitude > 310 {
        return f64::INFINITY;
    }
    if magnitude < -330 {
        return 0.0;
    }
    // Clinger's fast path.
    if digits.len() <= 15 && (-22..=22).contains(&exp10) {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d)) as f64;
        let p = POW10[exp10.unsigned_abs() as usize];
        return if exp10 < 0 { m / p } else { m * p };
    }
    // value = a / b exactly.
    let mut a = Big::from_digits(digits);
    let mut b = Big::from(1);
    if exp10 >= 0 {
        a.mul_pow10(exp10 as u32);
    } else {
        b.mul_pow10(exp10.unsigned_abs() as u32);
    }
    // The value lies in [2^(k-1), 2^(k+1)); take the quotient by 2^t with at least 55 bits
    // (two below the last kept one), or in units of 2^-1076 for subnormals.
    let k = a.bits() as i64 - b.bits() as i64;
    let t = (k - 56).max(-1076);
    if t < 0 {
        a.shl((-t) as u32);
    } else {
        b.shl(t as u32);
    }
    let (q, sticky) = a.div_small_quotient(&b);
    let bits = 64 - i64::from(q.leading_zeros());
    let drop = (bits - 53).max(-1074 - t).max(0) as u32;
    let mut mantissa = q >> drop;
    if drop > 0 {
        let rem = q & ((1u64 << drop) - 1);
        let half = 1u64 << (drop - 1);
        if rem > half || (rem == half && (sticky || mantissa & 1 == 1)) {
            mantissa += 1;
        }
    }
    ldexp(mantissa as f64, t + i64::from(drop))
}

/// `x × 2^n` for an integer `x` below 2^54 whose product is representable (or overflows to
/// infinity): exact, in steps that never leave the normal range before the last.
fn ldexp(mut x: f64, mut n: i64) -> f64 {
    let pow2 = |e: i64| f64::from_bits(((e + 1023) as u64) << 52);
    while n > 1023 {
        x *= pow2(1023);
        n -= 1023;
    }
    while n < -1022 {
        x *= pow2(-1022);
        n += 1022;
    }
    x * pow2(n)
}

const POW10: [f64; 23] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/// A non-negative big integer, little-endian 32-bit limbs.
#[derive(Clone)]
struct Big(Vec<u32>);

impl From<u32> for Big {
    fn from(v: u32) -> Big {
        Big(vec![v])
    }
}

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut n = Big(vec![0]);
        for chunk in digits.chunks(9) {
            let v = chunk.iter().fold(0u32, |v, &d| v * 10 + u32::from(d));
            n.mul_add(10u32.pow(chunk.len() as u32), v);
        }
        n
    }

    fn mul_add(&mut self, m: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut e: u32) {
        while e >= 9 {
            self.mul_add(1_000_000_000, 0);
            e -= 9;
        }
        self.mul_add(10u32.pow(e), 0);
    }

    fn bits(&self) -> u32 {
        let top = self.0.iter().rposition(|&l| l != 0).unwrap_or(0);
        top as u32 * 32 + (32 - self.0[top].leading_zeros())
    }

    fn shl(&mut self, n: u32) {
        let (limbs, bits) = ((n / 32) as usize, n % 32);
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn shr1(&mut self) {
        let mut carry = 0;
        for limb in self.0.iter_mut().rev() {
            let v = (*limb >> 1) | carry;
            carry = *limb << 31;
            *limb = v;
        }
    }

    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        let len = self.0.len().max(other.0.len());
        for i in (0..len).rev() {
            let (x, y) = (self.0.get(i).copied().unwrap_or(0), other.0.get(i).copied().unwrap_or(0));
            if x != y {
                return x.cmp(&y);
            }
        }
        std::cmp::Ordering::Equal
    }

    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
    }

    /// `(self / d, self % d != 0)` for a quotient below 2^58, by shift and subtract.
    fn div_small_quotient(mut self, d: &Big) -> (u64, bool) {
        let mut shifted = d.clone();
        shifted.shl(58);
        let mut q = 0u64;
        for bit in (0..=58).rev() {
            if self.cmp(&shifted) != std::cmp::Ordering::Less {
                self.sub(&shifted);
                q |= 1 << bit;
            }
            shifted.shr1();
        }
        (q, self.0.iter().any(|&l| l != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_f64;

    fn same(s: &str) {
        let want = s.parse::<f64>().ok();
        let got = parse_f64(s);
        match (want, got) {
            (Some(w), Some(g)) => assert!(w.to_bits() == g.to_bits() || (w.is_nan() && g.is_nan()), "{s:?}: std {w:e} ({:#x}), ours {g:e} ({:#x})", w.to_bits(), g.to_bits()),
            (w, g) => assert_eq!(w.is_some(), g.is_some(), "{s:?}: std {w:?}, ours {g:?}"),
        }
    }

    #[test]
    fn agrees_with_std_on_edges() {
        for s in [
            "0", "-0", "+1", "1.", ".5", ".", "", "e5", "1e", "1e+", "1e-5", "1E5", " 1", "1 ", "1_0", "0x10", "inf", "-Infinity", "NaN", "nan", "infinit", "--1",
            "0.1", "0.2", "0.3", "3.141592653589793", "2.718281828459045235360287", "9007199254740993", "9007199254740992.5", "123456789012345678901234567890",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e309", "2.2250738585072011e-308", "2.2250738585072014e-308",
            "4.9e-324", "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "0.000000000000000000000000000001", "1e22", "1e23", "8.98846567431158e307",
            "0000000000000000000000001.5", "1.00000000000000011102230246251565404236316680908203125", "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126", "7.2057594037927933e16", "1e-1000000", "1e1000000", "0e999999999", "1.5e-4", "100", "0.000123",
        ] {
            same(s);
        }
        // A halfway case whose deciding digit is far beyond the 800 kept.
        let mut long = String::from("1.00000000000000011102230246251565404236316680908203125");
        long.push_str(&"0".repeat(900));
        same(&long);
        long.push('1');
        same(&long);
    }

    #[test]
    fn agrees_with_std_on_random_decimals() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200_000 {
            let r = next();
            let int_len = (r % 25) as usize;
            let frac_len = ((r >> 8) % 25) as usize;
            let mut s = String::new();
            if r >> 60 & 1 == 1 {
                s.push('-');
            }
            for _ in 0..int_len {
                s.push((b'0' + (next() % 10) as u8) as char);
            }
            if frac_len > 0 || int_len == 0 {
                s.push('.');
                for _ in 0..frac_len.max(1) {
                    s.push((b'0' + (next() % 10) as u8) as char);
                }
            }
            if r >> 20 & 3 != 0 {
                let e = (next() % 700) as i64 - 350;
                s.push_str(&format!("e{e}"));
            }
            same(&s);
        }
        // Exact binary values and their neighbours printed at full precision.
        for _ in 0..50_000 {
            let v = f64::from_bits(next() & 0x7fff_ffff_ffff_ffff);
            if v.is_finite() {
                same(&format!("{v:e}"));
                same(&format!("{v:.25e}"));
                same(&format!("{v:.16e}"));
            }
        }
    }
}
