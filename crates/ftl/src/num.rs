//! `f64` as text, byte for byte as std's `{}` and `{:.N}`, without core's float formatting
//! (`flt2dec`'s Grisu/Dragon, its bignum and power tables: about 7 KB brotli of the page).
//! Shortest digits come from zmij (a small, exact shortest-round-trip printer); fixed precision
//! is exact integer arithmetic, rounding half to even on the binary value, as std does.

use std::fmt;

/// `{}` of an `f64`: [`push_shortest`] as a `Display`.
#[derive(Clone, Copy)]
pub struct Num(pub f64);

/// `{:.N}` of an `f64` (N ≤ 19): [`push_fixed`] as a `Display`.
#[derive(Clone, Copy)]
pub struct Fixed(pub f64, pub usize);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        push_shortest(&mut s, self.0);
        f.write_str(&s)
    }
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        push_fixed(&mut s, self.0, self.1);
        f.write_str(&s)
    }
}

/// Appends `v` as `format!("{v}")` would: the shortest digits that read back as `v`, in plain
/// decimal (no exponent), `-` for every negative including -0, `NaN`, `inf`.
pub fn push_shortest(out: &mut String, v: f64) {
    if push_special(out, v) {
        return;
    }
    if v.is_sign_negative() {
        out.push('-');
    }
    let v = v.abs();
    // Whole numbers below 2^53 are their own shortest digits.
    if v.fract() == 0.0 && v < 9_007_199_254_740_992.0 {
        push_digits(out, v as u64, 0);
        return;
    }
    // zmij writes digits with an optional `.`, then `e[+-]N` or nothing: read them as
    // v = 0.DIGITS × 10^point, DIGITS without leading or trailing zeros.
    let mut buffer = zmij::Buffer::new();
    let (mut digits, mut point, mut exp) = (0u64, 0i32, 0i32);
    let (mut fraction, mut in_exp, mut exp_negative) = (false, false, false);
    for &c in buffer.format_finite(v).as_bytes() {
        match c {
            b'.' => fraction = true,
            b'e' | b'E' => in_exp = true,
            b'-' => exp_negative = true,
            b'0'..=b'9' if in_exp => exp = exp * 10 + i32::from(c - b'0'),
            b'0'..=b'9' if digits == 0 && c == b'0' => point -= i32::from(fraction),
            b'0'..=b'9' => {
                digits = digits * 10 + u64::from(c - b'0');
                point += i32::from(!fraction);
            }
            _ => {}
        }
    }
    point += if exp_negative { -exp } else { exp };
    // A tie between two shortest candidates: zmij takes the even one, std the larger.
    if let Some((exact, exact_point)) = exact_digits(v) {
        let lower = exact / 10;
        if exact % 10 == 5 && lower % 10 != 0 && exact_point == point && strip(digits) == lower {
            digits = lower + 1;
            point += i32::from(len(digits) > len(lower));
        }
    }
    let digits = strip(digits);
    let n = len(digits) as i32;
    let mut text = String::new();
    push_digits(&mut text, digits, 0);
    if point <= 0 {
        out.push_str("0.");
        push_zeros(out, -point);
        out.push_str(&text);
    } else if point < n {
        out.push_str(&text[..point as usize]);
        out.push('.');
        out.push_str(&text[point as usize..]);
    } else {
        out.push_str(&text);
        push_zeros(out, point - n);
    }
}

/// Appends `v` as `format!("{v:.prec$}")` would (`prec` ≤ 19): the exact binary value rounded
/// to `prec` decimals, half to even.
pub fn push_fixed(out: &mut String, v: f64, prec: usize) {
    debug_assert!(prec <= 19);
    if push_special(out, v) {
        return;
    }
    if v.is_sign_negative() {
        out.push('-');
    }
    let (m, e) = parts(v);
    let scale = 10u64.pow(prec as u32);
    let mut decimals = 0;
    if e >= 0 {
        push_big(out, m, e as u32);
    } else {
        let k = (-e) as u32;
        let (mut int, rest) = if k < 64 { (m >> k, m & ((1 << k) - 1)) } else { (0, m) };
        // rest × 10^prec < 2^117: when k > 117 it is below half a unit and rounds to 0.
        if k <= 117 {
            let n = u128::from(rest) * u128::from(scale);
            let (q, r, half) = ((n >> k) as u64, n & ((1u128 << k) - 1), 1u128 << (k - 1));
            decimals = q + u64::from(r > half || (r == half && int.wrapping_mul(scale).wrapping_add(q) % 2 == 1));
        }
        if decimals == scale {
            (int, decimals) = (int + 1, 0);
        }
        push_digits(out, int, 0);
    }
    if prec > 0 {
        out.push('.');
        push_digits(out, decimals, prec);
    }
}

/// |v|'s exact decimal digits without trailing zeros, when they are at most 19, and where
/// the point goes (|v| = 0.DIGITS × 10^point); `None` for 0 and longer expansions.
fn exact_digits(v: f64) -> Option<(u64, i32)> {
    let (mut m, mut e) = parts(v);
    if m == 0 {
        return None;
    }
    if e < 0 {
        let shift = m.trailing_zeros().min(e.unsigned_abs());
        m >>= shift;
        e += shift as i32;
    }
    let (digits, zeros) = if e < 0 {
        // m × 2^e = m × 5^-e / 10^-e, and m × 5^-e is odd: no trailing zeros.
        let mut digits = m;
        for _ in e..0 {
            digits = digits.checked_mul(5).filter(|&d| d < 10_000_000_000_000_000_000)?;
        }
        (digits, e)
    } else {
        // A whole number: its factors of ten become zeros.
        let mut zeros = 0;
        while m % 5 == 0 && (e > 0 || m % 2 == 0) {
            m /= 5;
            if e > 0 { e -= 1 } else { m /= 2 }
            zeros += 1;
        }
        if e >= 64 || m.leading_zeros() < e as u32 || m << e >= 10_000_000_000_000_000_000 {
            return None;
        }
        (m << e, zeros)
    };
    Some((digits, len(digits) as i32 + zeros))
}

/// v = ±m × 2^e exactly.
fn parts(v: f64) -> (u64, i32) {
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if biased == 0 { (fraction, -1074) } else { (fraction | 1 << 52, biased - 1075) }
}

/// `NaN`, `inf`, `-inf` as std writes them; false for a finite `v`.
fn push_special(out: &mut String, v: f64) -> bool {
    let text = if v.is_nan() {
        "NaN"
    } else if v == f64::INFINITY {
        "inf"
    } else if v == f64::NEG_INFINITY {
        "-inf"
    } else {
        return false;
    };
    out.push_str(text);
    true
}

fn strip(mut n: u64) -> u64 {
    while n != 0 && n.is_multiple_of(10) {
        n /= 10;
    }
    n
}

fn len(mut n: u64) -> usize {
    let mut len = 1;
    while n >= 10 {
        n /= 10;
        len += 1;
    }
    len
}

fn push_zeros(out: &mut String, n: i32) {
    for _ in 0..n {
        out.push('0');
    }
}

/// Appends `n` in decimal, without the formatting machinery (the timeline writes tens of
/// thousands of tick coordinates).
pub fn push_uint(out: &mut String, n: u64) {
    push_digits(out, n, 0);
}

/// `n` in decimal, zero-padded to `width`.
fn push_digits(out: &mut String, n: u64, width: usize) {
    push_zeros(out, width as i32 - len(n) as i32);
    let mut digits = [0u8; 20];
    let (mut i, mut n) = (digits.len(), n);
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| d as char));
}

/// m × 2^e in full (up to 309 digits), by limbs of nine decimal digits.
fn push_big(out: &mut String, m: u64, mut e: u32) {
    const BASE: u64 = 1_000_000_000;
    let mut limbs = vec![(m % BASE) as u32, (m / BASE % BASE) as u32, (m / BASE / BASE) as u32];
    while e > 0 {
        let shift = e.min(29);
        e -= shift;
        let mut carry = 0u64;
        for limb in &mut limbs {
            let x = (u64::from(*limb) << shift) + carry;
            *limb = (x % BASE) as u32;
            carry = x / BASE;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    for (i, &limb) in limbs.iter().rev().enumerate() {
        push_digits(out, u64::from(limb), if i == 0 { 0 } else { 9 });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic stream of bits (SplitMix64).
    fn bits(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Hand-picked values, the page's coordinates (halves, tenths, thirds, x.x5 cases) and
    /// random ones: every bit pattern's neighbourhood, decimals of a few digits, small ints.
    fn values() -> Vec<f64> {
        let mut out = vec![
            0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, 0.25, 0.35, 0.05, 0.15, 0.45, 1.05, 2.675, 1.005, 0.125, 0.375,
            1e-7, 1.5e-7, 1e15, 1e16, 1e21, 1e22, 1e23, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308,
            f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 9007199254740992.0, 9007199254740993.0,
            4503599627370495.5, 0.1 + 0.2, 123456.789, -0.04, -0.05, -0.06, 0.95, 0.995, 9.95, 99.95, 999.5,
        ];
        for i in 0..200 {
            out.push(i as f64 * 0.35);
            for d in [2.0, 3.0, 6.0, 7.0, 10.0, 20.0, 40.0, 100.0, 1000.0] {
                out.push(i as f64 / d);
                out.push(-(i as f64) / d);
                out.push(860.0 - i as f64 / d);
            }
        }
        // Coordinates of the stage and the timeline: sums and quotients of their constants.
        for w in [380.0f64, 500.0, 699.0, 860.0, 1234.0] {
            for cols in 1..6 {
                let node_w = (w - 16.0 - 18.0 * (cols as f64 - 1.0)) / cols as f64;
                for i in 0..6 {
                    let x = 8.0 + i as f64 * (node_w + 18.0);
                    out.extend([node_w, x, x + node_w / 2.0, x + 10.0, node_w - 34.0 - 7.2 * i as f64, x / 3.0 + 7.8 * i as f64]);
                }
            }
        }
        let mut seed = 1;
        for _ in 0..100_000 {
            let b = bits(&mut seed);
            out.push(f64::from_bits(b));
            // Decimals with few digits and their neighbours.
            let n = (b >> 12) % 2_000_000;
            let d = 10f64.powi((b % 7) as i32);
            let x = if b & 1 << 11 != 0 { -(n as f64) / d } else { n as f64 / d };
            out.extend([x, f64::from_bits(x.to_bits() + 1), f64::from_bits(x.to_bits().wrapping_sub(1)), x * 1e-10, x * 1e12]);
            // Exact binary fractions: ties for {:.N}.
            out.push((b % 100_000) as f64 / (1 << (b % 12)) as f64 - 500.0);
            // Ties between two shortest candidates: 17 digits and a binary fraction, or big
            // integers with factors of 5.
            let x = ((1u64 << 49) + (b >> 15)) as f64;
            out.extend([x + 0.125 * (b % 8) as f64, 2.0 * x + 0.25 * (b % 4) as f64]);
            let m = 5u64.pow((b % 20) as u32) * (b >> 54 | 1);
            out.push(-(m as f64) * 2f64.powi((b >> 8 & 127) as i32 - 40));
        }
        out
    }

    #[test]
    fn shortest_is_std_display() {
        for v in values() {
            let mut s = String::new();
            push_shortest(&mut s, v);
            assert_eq!(s, format!("{v}"), "{:#x}", v.to_bits());
            assert_eq!(Num(v).to_string(), s);
        }
    }

    #[test]
    fn fixed_is_std_precision() {
        for v in values() {
            for prec in [0usize, 1, 2, 3, 6, 19] {
                let mut s = String::new();
                push_fixed(&mut s, v, prec);
                assert_eq!(s, format!("{v:.prec$}"), "{:#x} .{prec}", v.to_bits());
            }
            assert_eq!(Fixed(v, 2).to_string(), format!("{v:.2}"));
        }
    }
}
