//! `f64` as text, byte for byte as std's `{}`, `{:.N}`, `{:e}` and `{:.Ne}` (an `f32`'s `{}` and
//! `{:e}` too), without core's float formatting (`flt2dec`'s Grisu/Dragon, its bignum and power
//! tables: about 7 KB brotli of the page, 6 KB of the worker). Shortest digits come from zmij (a small, exact shortest-round-trip
//! printer); fixed precision is exact integer arithmetic, rounding half to even on the binary
//! value, as std does (past 19 decimals over the whole expansion: [`push_fixed_any`]). The
//! `Display` types pad to a width as a string does (`{:>9}`: say the alignment, numbers' default
//! is right) and take no precision of their own.

use std::fmt;

/// `{}` of an `f64`: [`push_shortest`] as a `Display`.
#[derive(Clone, Copy)]
pub struct Num(pub f64);

/// `{:.N}` of an `f64` (N ≤ 19): [`push_fixed`] as a `Display`.
#[derive(Clone, Copy)]
pub struct Fixed(pub f64, pub usize);

/// `{:.N}` of an `f64`, any N: [`push_fixed_any`] as a `Display`.
#[derive(Clone, Copy)]
pub struct FixedAny(pub f64, pub usize);

/// `{:e}` of an `f64`: [`push_exp`] as a `Display`.
#[derive(Clone, Copy)]
pub struct Exp(pub f64);

/// `{:.Ne}` of an `f64`: [`push_exp_fixed`] as a `Display`.
#[derive(Clone, Copy)]
pub struct ExpFixed(pub f64, pub usize);

/// What `push` writes, padded to the formatter's width as a string is (`{:>9}`).
fn pad(f: &mut fmt::Formatter<'_>, push: impl FnOnce(&mut String)) -> fmt::Result {
    let mut s = String::new();
    push(&mut s);
    f.pad(&s)
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pad(f, |s| push_shortest(s, self.0))
    }
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pad(f, |s| push_fixed(s, self.0, self.1))
    }
}

impl fmt::Display for FixedAny {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pad(f, |s| push_fixed_any(s, self.0, self.1))
    }
}

impl fmt::Display for Exp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pad(f, |s| push_exp(s, self.0))
    }
}

impl fmt::Display for ExpFixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pad(f, |s| push_exp_fixed(s, self.0, self.1))
    }
}

/// Appends `v` as `format!("{v}")` would: the shortest digits that read back as `v`, in plain
/// decimal (no exponent), `-` for every negative including -0, `NaN`, `inf`.
pub fn push_shortest(out: &mut String, v: f64) {
    if push_special_or_sign(out, v) {
        return;
    }
    let v = v.abs();
    // Whole numbers below 2^53 are their own shortest digits.
    if v.fract() == 0.0 && v < 9_007_199_254_740_992.0 {
        push_digits(out, v as u64, 0);
        return;
    }
    let (digits, point) = shortest(v, v);
    push_plain(out, digits, point);
}

/// [`push_shortest`] of an `f32` (`format!("{v}")`: the shortest digits that read back as the
/// `f32`).
pub fn push_shortest_f32(out: &mut String, v: f32) {
    push_float(out, v.abs(), f64::from(v), "0", push_plain);
}

/// Appends `v` as `format!("{v:e}")` would: the shortest digits that read back as `v`, as
/// `d.ddd` and `e` with the exponent (`1e21`, `1.5e-7`, `-2.5e3`, `0e0`).
pub fn push_exp(out: &mut String, v: f64) {
    push_float(out, v.abs(), v, "0e0", push_exp_digits);
}

/// [`push_exp`] of an `f32` (`format!("{v:e}")`).
pub fn push_exp_f32(out: &mut String, v: f32) {
    push_float(out, v.abs(), f64::from(v), "0e0", push_exp_digits);
}

/// The special values, the sign, zero as `zero`, then the shortest digits of `magnitude` (`v`'s
/// absolute value in its own type; `wide` is `v` as an `f64`) laid out by `layout`.
fn push_float<F: zmij::Float>(out: &mut String, magnitude: F, wide: f64, zero: &str, layout: fn(&mut String, u64, i32)) {
    if push_special_or_sign(out, wide) {
        return;
    }
    if wide == 0.0 {
        out.push_str(zero);
        return;
    }
    let (digits, point) = shortest(magnitude, wide.abs());
    layout(out, digits, point);
}

/// The shortest digits that read back as `v` (finite, positive, not 0; `wide` is the same value
/// as an `f64`), as std picks them, without trailing zeros, and where the point goes:
/// v = 0.DIGITS × 10^point.
fn shortest<F: zmij::Float>(v: F, wide: f64) -> (u64, i32) {
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
    if let Some((exact, exact_point)) = exact_digits(wide) {
        let lower = exact / 10;
        if exact % 10 == 5 && lower % 10 != 0 && exact_point == point && strip(digits) == lower {
            digits = lower + 1;
            point += i32::from(len(digits) > len(lower));
        }
    }
    (strip(digits), point)
}

/// 0.DIGITS × 10^point in plain decimal.
fn push_plain(out: &mut String, digits: u64, point: i32) {
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

/// 0.DIGITS × 10^point as std's `{:e}` writes it: `d.ddd`, `e`, the exponent.
fn push_exp_digits(out: &mut String, digits: u64, point: i32) {
    let mut text = String::new();
    push_digits(&mut text, digits, 0);
    out.push_str(&text[..1]);
    if text.len() > 1 {
        out.push('.');
        out.push_str(&text[1..]);
    }
    push_exponent(out, point - 1);
}

/// `e` and the exponent, `-` only when negative.
fn push_exponent(out: &mut String, exp: i32) {
    out.push('e');
    if exp < 0 {
        out.push('-');
    }
    push_digits(out, u64::from(exp.unsigned_abs()), 0);
}

/// Appends `v` as `format!("{v:.prec$}")` would (`prec` ≤ 19): the exact binary value rounded
/// to `prec` decimals, half to even.
pub fn push_fixed(out: &mut String, v: f64, prec: usize) {
    debug_assert!(prec <= 19);
    if push_special_or_sign(out, v) {
        return;
    }
    let (m, e) = parts(v);
    let mut decimals = 0;
    if e >= 0 {
        push_big(out, m, e as u32);
    } else {
        let scale = 10u64.pow(prec as u32);
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

/// [`push_fixed`] for any `prec` (a precision the user writes, as awk's or printf's): past 19
/// decimals, more than a u64 holds, it rounds the whole expansion. Kept apart so that the page,
/// whose precisions are small constants, does without that code.
pub fn push_fixed_any(out: &mut String, v: f64, prec: usize) {
    if prec <= 19 {
        return push_fixed(out, v, prec);
    }
    if push_special_or_sign(out, v) {
        return;
    }
    let keep = |point: i32| point.saturating_add(prec.min(i32::MAX as usize) as i32);
    let (mut digits, mut point) = exact(v, keep);
    let n = keep(point);
    round(&mut digits, &mut point, n);
    push_fixed_digits(out, &digits, point, prec);
}

/// Appends `v` as `format!("{v:.prec$e}")` would: the exact binary value rounded to `prec + 1`
/// significant digits, half to even, as `d.ddd` and `e` with the exponent (`1.50e-7`, `0.00e0`).
pub fn push_exp_fixed(out: &mut String, v: f64, prec: usize) {
    if push_special_or_sign(out, v) {
        return;
    }
    let keep = prec.saturating_add(1).min(i32::MAX as usize) as i32;
    let (mut digits, mut point) = exact(v, |_| keep);
    if digits.is_empty() {
        // 0 has no digits to round: `0.000e0`.
        (digits, point) = (vec![0], 1);
    }
    round(&mut digits, &mut point, keep);
    let digit = |i: usize| char::from(b'0' + digits.get(i).copied().unwrap_or(0));
    out.push(digit(0));
    if prec > 0 {
        out.push('.');
        out.extend((1..=prec).map(digit));
    }
    push_exponent(out, point - 1);
}

/// |v|'s exact decimal expansion (a binary fraction's ends: at most 767 significant digits),
/// without leading or trailing zeros: |v| = 0.DIGITS × 10^point, DIGITS as numbers 0–9, none
/// for 0. Once it holds more than `keep(point)` digits, the rest of the expansion is cut to one
/// digit 1: that it is not 0 is all [`round`] needs to know of it.
fn exact(v: f64, keep: impl Fn(i32) -> i32) -> (Vec<u8>, i32) {
    let (m, e) = parts(v);
    let k = e.min(0).unsigned_abs() as usize;
    let mut int = String::new();
    if e >= 0 {
        push_big(&mut int, m, e as u32);
    } else if k < 64 {
        push_digits(&mut int, m >> k, 0);
    }
    let mut digits: Vec<u8> = int.bytes().map(|b| b - b'0').skip_while(|&d| d == 0).collect();
    let mut point = digits.len() as i32;
    if k > 0 {
        // The fraction rest / 2^k in 32-bit limbs: each × 10^9 lifts its next nine digits
        // above bit k (into limbs q and q + 1).
        let rest = if k < 64 { m & ((1 << k) - 1) } else { m };
        let (q, r) = (k / 32, k % 32);
        let mut limbs = vec![0u32; q + 2];
        (limbs[0], limbs[1]) = (rest as u32, (rest >> 32) as u32);
        let mut low = 0;
        loop {
            while low <= q && limbs[low] == 0 {
                low += 1;
            }
            if low > q {
                break;
            }
            if digits.len() as i64 > i64::from(keep(point)) {
                digits.push(1);
                return (digits, point);
            }
            let mut carry = 0;
            for limb in &mut limbs[low..] {
                let x = u64::from(*limb) * 1_000_000_000 + carry;
                (*limb, carry) = (x as u32, x >> 32);
            }
            let mut nine = ((u64::from(limbs[q]) | u64::from(limbs[q + 1]) << 32) >> r) as u32;
            (limbs[q], limbs[q + 1]) = (limbs[q] & ((1u64 << r) - 1) as u32, 0);
            let mut group = [0u8; 9];
            for d in group.iter_mut().rev() {
                (*d, nine) = ((nine % 10) as u8, nine / 10);
            }
            for d in group {
                if digits.is_empty() && d == 0 {
                    point -= 1;
                } else {
                    digits.push(d);
                }
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
    }
    (digits, point)
}

/// Keeps the first `keep` digits of 0.DIGITS × 10^point, rounding half to even on the exact
/// value as std's Dragon does (`keep` = 0: 1 in the place before the first digit when the value
/// is above half of it, else nothing); a carry out of the first digit moves the point. The
/// kept digits may lose trailing zeros.
fn round(digits: &mut Vec<u8>, point: &mut i32, keep: i32) {
    let Ok(keep) = usize::try_from(keep) else {
        // Below a tenth of the last place kept: 0.
        digits.clear();
        return;
    };
    if digits.len() <= keep {
        return;
    }
    let next = digits[keep];
    let tie = next == 5 && digits[keep + 1..].iter().all(|&d| d == 0);
    let up = next > 5 || (next == 5 && !tie) || (tie && keep > 0 && digits[keep - 1] % 2 == 1);
    digits.truncate(keep);
    if up {
        match digits.iter().rposition(|&d| d != 9) {
            Some(i) => {
                digits[i] += 1;
                digits.truncate(i + 1);
            }
            None => {
                *digits = vec![1];
                *point += 1;
            }
        }
    }
}

/// 0.DIGITS × 10^point with `prec` decimals (digits past DIGITS are zeros).
fn push_fixed_digits(out: &mut String, digits: &[u8], point: i32, prec: usize) {
    let digit = |i: i64| char::from(b'0' + usize::try_from(i).ok().and_then(|i| digits.get(i)).copied().unwrap_or(0));
    let point = i64::from(point);
    if point <= 0 {
        out.push('0');
    } else {
        out.extend((0..point).map(digit));
    }
    if prec > 0 {
        out.push('.');
        out.extend((point..point + prec as i64).map(digit));
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

/// NaN and the infinities as std writes them (true: `v` is written); else the `-` of a
/// negative `v`, -0 included, before its digits.
fn push_special_or_sign(out: &mut String, v: f64) -> bool {
    let text = if v.is_nan() {
        "NaN"
    } else if v == f64::INFINITY {
        "inf"
    } else if v == f64::NEG_INFINITY {
        "-inf"
    } else {
        if v.is_sign_negative() {
            out.push('-');
        }
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
            0.0, -0.0, 1.0, -2.5e3, 9.5, 0.95, 9.9999e-5, 4.9e-324, 1e100, -1.0, 0.5, -0.5, 1.5, 2.5, 0.25, 0.35, 0.05, 0.15, 0.45, 1.05, 2.675, 1.005, 0.125, 0.375,
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
        // Powers of ten and two, and their neighbours.
        for i in -324..=308 {
            let x: f64 = format!("1e{i}").parse().unwrap();
            out.extend([x, f64::from_bits(x.to_bits() + 1), f64::from_bits(x.to_bits().wrapping_sub(1)), 5.0 * x, -9.5 * x]);
        }
        for i in -1074..=1023 {
            let x = 2f64.powi(i);
            out.extend([x, f64::from_bits(x.to_bits() + 1), f64::from_bits(x.to_bits().wrapping_sub(1))]);
        }
        // Subnormals.
        for i in 0..2000u64 {
            out.extend([f64::from_bits(i), f64::from_bits(i * 0x0000_1234_5678_9abc % (1 << 52))]);
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

    #[test]
    fn fixed_any_is_std_precision_past_19_decimals() {
        for (i, v) in values().into_iter().enumerate() {
            // Every value at 20 or 25 decimals; the longer ones on a sample (a subnormal's
            // expansion runs to 1,074 decimals).
            let precs: &[usize] = if i % 200 == 0 { &[20, 25, 40, 100, 330, 1100] } else { &[[20, 25][i % 2]] };
            for &prec in precs {
                let mut s = String::new();
                push_fixed_any(&mut s, v, prec);
                assert_eq!(s, format!("{v:.prec$}"), "{:#x} .{prec}", v.to_bits());
            }
            assert_eq!(FixedAny(v, 1).to_string(), format!("{v:.1}"));
        }
    }

    #[test]
    fn exp_is_std_lower_exp() {
        for v in values() {
            let mut s = String::new();
            push_exp(&mut s, v);
            assert_eq!(s, format!("{v:e}"), "{:#x}", v.to_bits());
            assert_eq!(Exp(v).to_string(), s);
        }
    }

    #[test]
    fn exp_fixed_is_std_precision_lower_exp() {
        for (i, v) in values().into_iter().enumerate() {
            // Every value at one of the usual precisions, a sample at all of them.
            let usual = [0, 1, 5, 6, 16];
            let precs: &[usize] = if i % 100 == 0 { &[0, 1, 2, 5, 6, 9, 15, 16, 17, 20, 30, 60, 800] } else { &usual[i % 5..][..1] };
            for &prec in precs {
                let mut s = String::new();
                push_exp_fixed(&mut s, v, prec);
                assert_eq!(s, format!("{v:.prec$e}"), "{:#x} .{prec}e", v.to_bits());
            }
            assert_eq!(ExpFixed(v, 3).to_string(), format!("{v:.3e}"));
        }
    }

    /// f32s: random bit patterns, every power of two and ten and their neighbours, whole numbers
    /// around 2^24, decimals of a few digits.
    fn values_f32() -> Vec<f32> {
        let mut out = vec![0.0, -0.0, 1.0, 0.1, 1.5, 16_777_216.0, 16_777_217.0, 3.4028235e38, 1e-45, 1.1754944e-38, f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
        for i in -150..=128 {
            out.push(2f32.powi(i));
        }
        for i in -46..=38 {
            out.push(format!("1e{i}").parse().unwrap());
        }
        for x in out.clone() {
            out.extend([f32::from_bits(x.to_bits().wrapping_add(1)), f32::from_bits(x.to_bits().wrapping_sub(1))]);
        }
        let mut seed = 7;
        for _ in 0..200_000 {
            let b = bits(&mut seed);
            out.push(f32::from_bits(b as u32));
            out.push(f32::from_bits((b >> 32) as u32 % 0x7f80_0000));
            out.push(((b >> 8) % 100_000) as f32 / 10f32.powi((b % 6) as i32));
            out.push((16_777_216 + (b >> 40) % 100_000_000) as f32);
        }
        out
    }

    #[test]
    fn f32_is_std_display_and_lower_exp() {
        for v in values_f32() {
            let (mut plain, mut exp) = (String::new(), String::new());
            push_shortest_f32(&mut plain, v);
            push_exp_f32(&mut exp, v);
            assert_eq!(plain, format!("{v}"), "{:#x}", v.to_bits());
            assert_eq!(exp, format!("{v:e}"), "{:#x}", v.to_bits());
        }
    }

    #[test]
    fn pads_as_a_string() {
        for v in [0.5, -12.25, 1e300, f64::NAN] {
            assert_eq!(format!("[{:>12}]", Fixed(v, 3)), format!("[{v:>12.3}]"));
            assert_eq!(format!("[{:>12}]", Num(v)), format!("[{v:>12}]"));
            assert_eq!(format!("[{:<12}]", Exp(v)), format!("[{v:<12e}]"));
        }
    }
}
