//! Kubernetes' `resource.Quantity`, reproduced from upstream
//! `k8s.io/apimachinery/pkg/api/resource` (`quantity.go`, `amount.go`, `math.go`, `suffix.go`,
//! `scale_int.go`) and the `gopkg.in/inf.v0` decimal it falls back to.
//!
//! Upstream holds a value either as an `int64` times a power of ten (`int64Amount`) or, when
//! that cannot hold it, as an `inf.Dec` (a big integer times a power of ten). Some results
//! depend on which form and which exponent a value has (`AsApproximateFloat64` multiplies the
//! stored digits by `math.Pow10(exponent)`; `Value()` of a negative `inf.Dec` that is not whole
//! comes out one too high), so [`Quantity`] keeps the same two forms and every operation chooses
//! between them as upstream does.
//!
//! Where podlife differs, on purpose:
//! - A parsed number may have at most [`MAX_DIGITS`] digits, an exponent suffix of at most
//!   ±[`MAX_EXPONENT`], and a magnitude below 10^[`MAX_EXPONENT`]; beyond that parsing fails
//!   with [`QuantityError::OutOfRange`]. Upstream accepts them, then builds numbers of up to
//!   10^(2^31) digits when comparing or adding (it hangs). Constructors and [`Quantity::round_up`]
//!   clamp their scale to ±[`MAX_EXPONENT`] for the same reason.
//! - Upstream's `Cmp` converts its receiver to the `inf.Dec` form when the other side has it;
//!   comparing here never changes either side.
//! - JSON numbers reach serde as `f64`, so they are written back the way Go's `encoding/json`
//!   writes a float64 before parsing (upstream parses the raw token text: `1e3` stays
//!   `DecimalExponent` there, and becomes `1000` here).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use self::bigint::BigInt;

/// Most digits a parsed number may have (podlife's limit; upstream has none).
pub const MAX_DIGITS: usize = 2000;
/// Largest exponent suffix a parsed number may have, and the parsed value must be below
/// 10^`MAX_EXPONENT` in magnitude (podlife's limit; upstream has none).
pub const MAX_EXPONENT: i32 = 1000;

/// A power of ten, as upstream's `resource.Scale` (`amount.go`).
pub type Scale = i32;
pub const NANO: Scale = -9;
pub const MICRO: Scale = -6;
pub const MILLI: Scale = -3;
pub const KILO: Scale = 3;
pub const MEGA: Scale = 6;
pub const GIGA: Scale = 9;
pub const TERA: Scale = 12;
pub const PETA: Scale = 15;
pub const EXA: Scale = 18;

/// How a quantity is written (`quantity.go` `Format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `12e6`
    DecimalExponent,
    /// `12Mi` (12 × 2^20)
    BinarySI,
    /// `12M` (12 × 10^6)
    DecimalSI,
}

/// Why a string is not a quantity. Display is upstream's message (`quantity.go`), except for
/// [`QuantityError::OutOfRange`], which upstream has no counterpart for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// `ErrFormatWrong`
    #[error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")]
    FormatWrong,
    /// `ErrNumeric`
    #[error("unable to parse numeric part of quantity")]
    Numeric,
    /// `ErrSuffix`
    #[error("unable to parse quantity's suffix")]
    Suffix,
    /// Beyond [`MAX_DIGITS`] or [`MAX_EXPONENT`] (podlife only).
    #[error(
        "quantity is outside podlife's range (more than 2000 digits, an exponent beyond ±1000, or 10^1000 or more)"
    )]
    OutOfRange,
}

/// A fixed-point number with the format it was written in (`quantity.go` `Quantity`).
///
/// Equality, ordering and hashing go by value: `1` == `1000m`.
#[derive(Clone)]
pub struct Quantity {
    amount: Amount,
    format: Format,
    /// Upstream's `s`: the input text, kept when `ParseQuantity` judged it canonical. It is
    /// printed verbatim (so `+1` prints as `+1`) until an operation changes the value.
    cached: Option<Box<str>>,
}

impl Default for Quantity {
    /// Upstream's zero `Quantity{}`. Its format is empty there; that cannot show, since a zero
    /// prints as `0` and takes the other side's format in `Add` and `Sub`.
    fn default() -> Self {
        Self::from_amount(Amount::Int(Int64Amount::ZERO), Format::DecimalSI)
    }
}

impl Quantity {
    /// `ParseQuantity`.
    pub fn parse(text: &str) -> Result<Self, QuantityError> {
        parse(text)
    }

    /// `NewQuantity`: `value` in `format`.
    pub fn new(value: i64, format: Format) -> Self {
        Self::from_amount(Amount::Int(Int64Amount { value, scale: 0 }), format)
    }

    /// `NewMilliQuantity`: `value` / 1000 in `format`.
    pub fn new_milli(value: i64, format: Format) -> Self {
        Self::from_amount(Amount::Int(Int64Amount { value, scale: MILLI }), format)
    }

    /// `NewScaledQuantity`: `value` × 10^`scale`, `DecimalSI` (scale clamped to ±[`MAX_EXPONENT`]).
    pub fn new_scaled(value: i64, scale: Scale) -> Self {
        let scale = clamp_scale(scale);
        Self::from_amount(Amount::Int(Int64Amount { value, scale }), Format::DecimalSI)
    }

    fn from_amount(amount: Amount, format: Format) -> Self {
        Self { amount, format, cached: None }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Like assigning upstream's public `Format` field: text kept from parsing still prints.
    pub fn set_format(&mut self, format: Format) {
        self.format = format;
    }

    /// `ToDec`: switch to the big-decimal form, as upstream code (and its tests) can.
    pub fn to_dec(&mut self) -> &mut Self {
        if let Amount::Int(a) = self.amount {
            self.amount = Amount::Dec(Dec::from_int(a));
        }
        self
    }

    /// `AsInt64`: the value if it is an integer held in the int64 form.
    pub fn as_i64(&self) -> Option<i64> {
        match &self.amount {
            Amount::Int(a) => a.as_int64(),
            Amount::Dec(_) => None,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.amount.sign() == 0
    }

    /// -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        self.amount.sign()
    }

    /// `CmpInt64`.
    pub fn cmp_i64(&self, y: i64) -> Ordering {
        self.amount.cmp(&Amount::Int(Int64Amount { value: y, scale: 0 }))
    }

    /// `Value`: rounded up to an integer (see [`Quantity::scaled_value`] for how).
    pub fn value(&self) -> i64 {
        self.scaled_value(0)
    }

    /// `MilliValue`: `ceil(q × 1000)`; may overflow like upstream.
    pub fn milli_value(&self) -> i64 {
        self.scaled_value(MILLI)
    }

    /// `ScaledValue`: the value in units of 10^`scale`, rounded up, with upstream's quirks. The
    /// int64 form rounds away from zero and gives a wrapped product or 0 on overflow; the big
    /// form (`scale_int.go`) adds one to any inexact truncated quotient, so a negative comes
    /// out one too high, and keeps the low 64 bits of what does not fit.
    pub fn scaled_value(&self, scale: Scale) -> i64 {
        match &self.amount {
            Amount::Int(a) => a.as_scaled_int64(scale).value,
            Amount::Dec(d) => d.scaled_value(scale),
        }
    }

    /// `AsApproximateFloat64`: stored digits × `math.Pow10(exponent)`.
    pub fn as_approximate_f64(&self) -> f64 {
        let (base, exponent) = match &self.amount {
            Amount::Int(a) => (a.value as f64, a.scale),
            Amount::Dec(d) => (d.unscaled.to_f64(), d.exp),
        };
        if exponent == 0 { base } else { base * go_pow10(i64::from(exponent)) }
    }

    /// `RoundUp`: round away from zero to a multiple of 10^`scale`; false if that lost precision.
    pub fn round_up(&mut self, scale: Scale) -> bool {
        let scale = clamp_scale(scale);
        match &self.amount {
            Amount::Dec(d) => {
                let rounded = d.round_up_to(scale);
                let exact = rounded.cmp(d) == Ordering::Equal;
                self.cached = None;
                self.amount = Amount::Dec(rounded);
                exact
            }
            Amount::Int(a) if a.scale >= scale => true,
            Amount::Int(a) => {
                let (rounded, exact) = a.as_scale(scale);
                self.cached = None;
                self.amount = Amount::Int(rounded);
                exact
            }
        }
    }

    /// `Mul`: multiply by `y`; false when the result's digits no longer fit an int64.
    pub fn mul_i64(&mut self, y: i64) -> bool {
        self.cached = None;
        if let Amount::Int(a) = self.amount
            && let Some(product) = a.checked_mul(y)
        {
            self.amount = Amount::Int(product);
            return true;
        }
        let d = self.amount.to_dec();
        let product = Dec { unscaled: d.unscaled.mul_i64(y), exp: d.exp };
        let fits = product.unscaled.to_i64().is_some();
        self.amount = Amount::Dec(product);
        fits
    }

    /// `CanonicalizeBytes`: the canonical text (see the `Quantity` doc upstream).
    fn canonical(&self) -> String {
        if self.is_zero() {
            return "0".into();
        }
        let mut format = self.format;
        if format == Format::BinarySI {
            if self.cmp_i64(-1024) == Ordering::Greater && self.cmp_i64(1024) == Ordering::Less {
                // Avoids rounding (and confusion).
                format = Format::DecimalSI;
            } else {
                let (rounded, exact) = self.amount.as_scale(0);
                if exact {
                    let (number, exponent) = rounded.canonical_base1024();
                    return number + binary_si_suffix(exponent.wrapping_mul(10));
                }
                // Don't lose precision: show as DecimalSI.
                format = Format::DecimalSI;
            }
        }
        let (number, exponent) = self.amount.canonical_base10();
        match format {
            Format::DecimalExponent if exponent != 0 => format!("{number}e{exponent}"),
            Format::DecimalExponent => number,
            _ => number + decimal_si_suffix(exponent),
        }
    }
}

fn clamp_scale(scale: Scale) -> Scale {
    scale.clamp(-MAX_EXPONENT, MAX_EXPONENT)
}

impl FromStr for Quantity {
    type Err = QuantityError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

impl fmt::Display for Quantity {
    /// `String()`: the kept input text, or the canonical form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cached {
            Some(text) => f.write_str(text),
            None => f.write_str(&self.canonical()),
        }
    }
}

impl fmt::Debug for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Quantity({}, {:?})", self, self.format)
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Quantity {}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    /// `Cmp`, without upstream's side effect of converting the receiver.
    fn cmp(&self, other: &Self) -> Ordering {
        self.amount.cmp(&other.amount)
    }
}

impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The canonical digits and exponent are unique per value.
        if !self.is_zero() {
            self.amount.canonical_base10().hash(state);
        }
    }
}

impl AddAssign<&Quantity> for Quantity {
    /// `Add`: a zero receiver takes `y`'s format.
    fn add_assign(&mut self, y: &Quantity) {
        self.cached = None;
        if let (Amount::Int(a), Amount::Int(b)) = (&self.amount, &y.amount) {
            let (a, b) = (*a, *b);
            if a.value == 0 {
                self.format = y.format;
            }
            if let Some(sum) = a.checked_add(b) {
                self.amount = Amount::Int(sum);
                return;
            }
        } else if self.is_zero() {
            self.format = y.format;
        }
        self.amount = Amount::Dec(self.amount.to_dec().add(&y.amount.to_dec()));
    }
}

impl SubAssign<&Quantity> for Quantity {
    /// `Sub`: a zero receiver takes `y`'s format.
    fn sub_assign(&mut self, y: &Quantity) {
        self.cached = None;
        if self.is_zero() {
            self.format = y.format;
        }
        if let (Amount::Int(a), Amount::Int(b)) = (&self.amount, &y.amount)
            && let Some(difference) = a.checked_sub(*b)
        {
            self.amount = Amount::Int(difference);
            return;
        }
        self.amount = Amount::Dec(self.amount.to_dec().sub(&y.amount.to_dec()));
    }
}

impl AddAssign for Quantity {
    fn add_assign(&mut self, y: Quantity) {
        *self += &y;
    }
}

impl SubAssign for Quantity {
    fn sub_assign(&mut self, y: Quantity) {
        *self -= &y;
    }
}

impl Add for Quantity {
    type Output = Quantity;

    fn add(mut self, y: Quantity) -> Quantity {
        self += &y;
        self
    }
}

impl Add<&Quantity> for Quantity {
    type Output = Quantity;

    fn add(mut self, y: &Quantity) -> Quantity {
        self += y;
        self
    }
}

impl Sub for Quantity {
    type Output = Quantity;

    fn sub(mut self, y: Quantity) -> Quantity {
        self -= &y;
        self
    }
}

impl Sub<&Quantity> for Quantity {
    type Output = Quantity;

    fn sub(mut self, y: &Quantity) -> Quantity {
        self -= y;
        self
    }
}

impl Neg for Quantity {
    type Output = Quantity;

    /// `Neg` (the int64 form wraps at `i64::MIN`, as upstream).
    fn neg(mut self) -> Quantity {
        self.cached = None;
        self.amount = match self.amount {
            Amount::Int(a) => Amount::Int(Int64Amount { value: a.value.wrapping_neg(), scale: a.scale }),
            Amount::Dec(d) => Amount::Dec(Dec { unscaled: d.unscaled.negated(), exp: d.exp }),
        };
        self
    }
}

impl Sum for Quantity {
    fn sum<I: Iterator<Item = Quantity>>(iter: I) -> Self {
        iter.fold(Quantity::default(), |total, q| total + q)
    }
}

impl<'a> Sum<&'a Quantity> for Quantity {
    fn sum<I: Iterator<Item = &'a Quantity>>(iter: I) -> Self {
        iter.fold(Quantity::default(), |total, q| total + q)
    }
}

impl Serialize for Quantity {
    /// `MarshalJSON`: always a string.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Quantity {
    /// `UnmarshalJSON`: a string (surrounding whitespace trimmed), a number, or null (zero).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(QuantityVisitor)
    }
}

struct QuantityVisitor;

impl<'de> Visitor<'de> for QuantityVisitor {
    type Value = Quantity;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Quantity")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Quantity, E> {
        parse(v.trim()).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Quantity, E> {
        self.visit_str(&go_json_float(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Quantity, E> {
        Ok(Quantity::default())
    }

    fn visit_none<E: de::Error>(self) -> Result<Quantity, E> {
        Ok(Quantity::default())
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Quantity, D::Error> {
        Quantity::deserialize(deserializer)
    }
}

/// A float64 as Go's `encoding/json` writes it: shortest digits, exponent form below 1e-6 and
/// from 1e21 (`1e+21`, `1e-7`).
fn go_json_float(f: f64) -> String {
    let abs = f.abs();
    // podlife_ftl::num for std's `{:e}` and `{}`: keeps core's float formatting out of the worker.
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let text = podlife_ftl::num::Exp(f).to_string();
        match text.split_once('e') {
            Some((mantissa, exponent)) if !exponent.starts_with('-') => format!("{mantissa}e+{exponent}"),
            _ => text,
        }
    } else {
        podlife_ftl::num::Num(f).to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing (quantity.go `parseQuantityString`, `ParseQuantity`; suffix.go)

/// The pieces `parseQuantityString` cuts a quantity into.
struct Pieces<'a> {
    positive: bool,
    /// Sign and number as written (what upstream hands `inf.Dec.SetString`).
    value: &'a [u8],
    /// Integer digits without leading zeros ("0" if none).
    num: &'a [u8],
    /// Fraction digits.
    denom: &'a [u8],
    suffix: &'a [u8],
}

/// `parseQuantityString`, a byte-for-byte port: permissive, the suffix is checked later.
fn split(s: &[u8]) -> Result<Pieces<'_>, QuantityError> {
    let end = s.len();
    let mut pieces = Pieces { positive: true, value: b"", num: b"", denom: b"", suffix: b"" };
    let mut pos = 0;
    match s.first() {
        Some(b'-') => {
            pieces.positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    // Leading zeros; all zeros is zero.
    while pos < end && s[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        pieces.num = b"0";
        pieces.value = b"0";
        return Ok(pieces);
    }
    let num_end = digits_end(s, pos);
    if num_end >= end {
        pieces.num = &s[pos..];
        pieces.value = s;
        return Ok(pieces);
    }
    pieces.num = if num_end == pos { b"0" } else { &s[pos..num_end] };
    pos = num_end;
    if s[pos] == b'.' {
        let denom_end = digits_end(s, pos + 1);
        pieces.denom = &s[pos + 1..denom_end];
        if denom_end >= end {
            pieces.value = s;
            return Ok(pieces);
        }
        pos = denom_end;
    }
    pieces.value = &s[..pos];
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&s[pos]) {
        pos += 1;
    }
    if pos < end && (s[pos] == b'-' || s[pos] == b'+') {
        pos += 1;
    }
    if digits_end(s, pos) >= end {
        pieces.suffix = &s[suffix_start..];
        return Ok(pieces);
    }
    Err(QuantityError::FormatWrong)
}

fn digits_end(s: &[u8], from: usize) -> usize {
    from + s.get(from..).unwrap_or_default().iter().take_while(|b| b.is_ascii_digit()).count()
}

/// suffix.go `interpret`: the power (of 2 for `BinarySI`, else of 10) and format.
fn interpret_suffix(suffix: &[u8]) -> Option<(i32, Format)> {
    let decimal = |e| Some((e, Format::DecimalSI));
    let binary = |e| Some((e, Format::BinarySI));
    match suffix {
        b"" => decimal(0),
        b"n" => decimal(-9),
        b"u" => decimal(-6),
        b"m" => decimal(-3),
        b"k" => decimal(3),
        b"M" => decimal(6),
        b"G" => decimal(9),
        b"T" => decimal(12),
        b"P" => decimal(15),
        b"E" => decimal(18),
        b"Ki" => binary(10),
        b"Mi" => binary(20),
        b"Gi" => binary(30),
        b"Ti" => binary(40),
        b"Pi" => binary(50),
        b"Ei" => binary(60),
        // strconv.ParseInt(s, 10, 64), then truncated to int32 as upstream does.
        [b'e' | b'E', rest @ ..] if !rest.is_empty() => {
            let exponent: i64 = std::str::from_utf8(rest).ok()?.parse().ok()?;
            Some((exponent as i32, Format::DecimalExponent))
        }
        _ => None,
    }
}

/// suffix.go `construct` for DecimalSI; upstream prints no suffix when there is none.
fn decimal_si_suffix(exponent: i32) -> &'static str {
    match exponent {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => "",
    }
}

/// suffix.go `construct` for BinarySI; upstream prints no suffix when there is none.
fn binary_si_suffix(exponent: i32) -> &'static str {
    match exponent {
        10 => "Ki",
        20 => "Mi",
        30 => "Gi",
        40 => "Ti",
        50 => "Pi",
        60 => "Ei",
        _ => "",
    }
}

/// quantity.go `ParseQuantity`.
fn parse(text: &str) -> Result<Quantity, QuantityError> {
    if text.is_empty() {
        return Err(QuantityError::FormatWrong);
    }
    if text == "0" {
        return Ok(Quantity { cached: Some(text.into()), ..Quantity::default() });
    }
    let pieces = split(text.as_bytes())?;
    let (exponent, format) = interpret_suffix(pieces.suffix).ok_or(QuantityError::Suffix)?;
    if pieces.num.len() + pieces.denom.len() > MAX_DIGITS || exponent.unsigned_abs() > MAX_EXPONENT.unsigned_abs() {
        return Err(QuantityError::OutOfRange);
    }
    let quantity = match parse_int64(text, &pieces, exponent, format) {
        Some(q) => q,
        None => parse_dec(&pieces, exponent, format)?,
    };
    if quantity.amount.integer_digits() > i64::from(MAX_EXPONENT) {
        return Err(QuantityError::OutOfRange);
    }
    Ok(quantity)
}

/// `ParseQuantity`'s fast path: the value as an int64 times 10^scale, when it has few enough
/// digits and no more precision than 1n.
fn parse_int64(text: &str, p: &Pieces<'_>, exponent: i32, format: Format) -> Option<Quantity> {
    let (scale, precision, multiplier) = match format {
        // Only whole binary numbers; 1Mi (2^20) has ~6 digits, so exponent*3/10 is its digits.
        Format::BinarySI if p.denom.is_empty() => {
            (0, 15 - p.num.len() as i32 - exponent * 3 / 10 - 1, 1i64 << exponent)
        }
        Format::BinarySI => return None,
        _ => (exponent, 18 - (p.num.len() + p.denom.len()) as i32, 1),
    };
    if precision < 0 {
        return None;
    }
    let scale = scale.wrapping_sub(p.denom.len() as i32);
    if scale < NANO {
        return None;
    }
    let shifted = [p.num, p.denom].concat();
    // At most 18 digits: fits an i64.
    let digits = shifted.iter().fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'));
    let magnitude = digits.checked_mul(multiplier)?;
    let value = if p.positive { magnitude } else { -magnitude };
    // Upstream reuses the input as the string form when it looks canonical.
    let canonical = match format {
        Format::BinarySI => exponent % 10 == 0 && digits & 0x07 != 0,
        _ => scale % 3 == 0 && !shifted.ends_with(b"000") && shifted[0] != b'0',
    };
    let mut q = Quantity::from_amount(Amount::Int(Int64Amount { value, scale }), format);
    q.cached = canonical.then(|| text.into());
    Some(q)
}

/// `ParseQuantity`'s `inf.Dec` path: exact, then rounded up (away from zero) to a multiple of
/// 1n so that asking for a tiny amount still gets some; BinarySI is capped at 2^63-1.
fn parse_dec(p: &Pieces<'_>, exponent: i32, mut format: Format) -> Result<Quantity, QuantityError> {
    // inf.Dec.SetString rejects a number without digits, such as ".e-10".
    if !p.value.iter().any(u8::is_ascii_digit) {
        return Err(QuantityError::Numeric);
    }
    let mut unscaled = BigInt::from_digits(!p.positive, &[p.num, p.denom].concat());
    let mut exp = -(p.denom.len() as i32);
    if format == Format::BinarySI {
        unscaled.shl(exponent as u32);
    } else {
        exp += exponent;
    }
    let mut amount = Dec { unscaled, exp };
    if !amount.is_zero() {
        amount = amount.round_up_to(NANO);
    }
    if format == Format::BinarySI {
        let max = Dec::from_int(Int64Amount { value: i64::MAX, scale: 0 });
        if amount.abs().cmp(&max) == Ordering::Greater {
            amount = if amount.unscaled.is_negative() { Dec { unscaled: max.unscaled.negated(), exp: 0 } } else { max };
        }
        let one = Dec::from_int(Int64Amount { value: 1, scale: 0 });
        if !amount.is_zero() && amount.abs().cmp(&one) == Ordering::Less {
            format = Format::DecimalSI;
        }
    }
    Ok(Quantity::from_amount(Amount::Dec(amount), format))
}

// ---------------------------------------------------------------------------------------------
// The two forms of a value

#[derive(Clone, Debug)]
enum Amount {
    Int(Int64Amount),
    Dec(Dec),
}

impl Amount {
    fn to_dec(&self) -> Dec {
        match self {
            Amount::Int(a) => Dec::from_int(*a),
            Amount::Dec(d) => d.clone(),
        }
    }

    fn sign(&self) -> i32 {
        match self {
            Amount::Int(a) => a.value.signum() as i32,
            Amount::Dec(d) => d.unscaled.signum(),
        }
    }

    /// Exact comparison (upstream's `Cmp` is exact in both forms).
    fn cmp(&self, other: &Amount) -> Ordering {
        if let (Amount::Int(a), Amount::Int(b)) = (self, other)
            && let Some(ordering) = a.cmp_close(*b)
        {
            return ordering;
        }
        self.to_dec().cmp(&other.to_dec())
    }

    /// `AsScale`: rounded up to a multiple of 10^scale, and whether that was exact.
    fn as_scale(&self, scale: Scale) -> (Amount, bool) {
        match self {
            Amount::Int(a) => {
                let (rounded, exact) = a.as_scale(scale);
                (Amount::Int(rounded), exact)
            }
            Amount::Dec(d) => {
                let rounded = d.round_up_to(scale);
                let exact = rounded.cmp(d) == Ordering::Equal;
                (Amount::Dec(rounded), exact)
            }
        }
    }

    /// `AsCanonicalBytes` (both forms give the same result): digits and a power of ten that is
    /// a multiple of 3, with all other factors of ten in the digits. Not for zero.
    fn canonical_base10(&self) -> (String, i32) {
        match self {
            Amount::Int(a) => {
                let (mut digits, mut exponent) = (i128::from(a.value), a.scale);
                while digits != 0 && digits % 10 == 0 {
                    digits /= 10;
                    exponent += 1;
                }
                let down = exponent.rem_euclid(3);
                ((digits * 10i128.pow(down as u32)).to_string(), exponent - down)
            }
            Amount::Dec(d) => {
                let mut digits = d.unscaled.clone();
                let exponent = d.exp + digits.remove_factors(10);
                let down = exponent.rem_euclid(3);
                digits.mul_pow10(down as u32);
                (digits.to_string(), exponent - down)
            }
        }
    }

    /// `AsCanonicalBase1024Bytes` of an integral amount: digits and a power of 1024.
    fn canonical_base1024(&self) -> (String, i32) {
        if let Amount::Int(a) = self
            && let Some(value) = a.as_scaled_int64(0).ok()
        {
            let (digits, times) = remove_int64_factors(value, 1024);
            return (digits.to_string(), times);
        }
        let mut digits = self.to_dec().round_up_to(0).unscaled;
        let times = digits.remove_factors(1024);
        (digits.to_string(), times)
    }

    /// How many digits the integer part has (0 for zero or values below 1).
    fn integer_digits(&self) -> i64 {
        match self {
            Amount::Int(a) if a.value == 0 => 0,
            Amount::Int(a) => a.value.unsigned_abs().to_string().len() as i64 + i64::from(a.scale),
            Amount::Dec(d) if d.is_zero() => 0,
            Amount::Dec(d) => d.unscaled.decimal_len() as i64 + i64::from(d.exp),
        }
    }
}

/// amount.go `int64Amount`: `value` × 10^`scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Int64Amount {
    value: i64,
    scale: Scale,
}

impl Int64Amount {
    const ZERO: Self = Self { value: 0, scale: 0 };

    /// `AsInt64`.
    fn as_int64(self) -> Option<i64> {
        match self.scale {
            0 => Some(self.value),
            s if s < 0 => None,
            s => positive_scale_int64(self.value, s).ok(),
        }
    }

    /// `AsScaledInt64`: the value in units of 10^scale, rounded away from zero, and false on
    /// overflow (with upstream's value then, which `ScaledValue` returns regardless).
    fn as_scaled_int64(self, scale: Scale) -> Scaled {
        if self.scale < scale {
            Scaled { value: negative_scale_int64(self.value, scale.wrapping_sub(self.scale)).0, ok: true }
        } else {
            positive_scale_int64(self.value, self.scale.wrapping_sub(scale))
        }
    }

    /// `AsScale`.
    fn as_scale(self, scale: Scale) -> (Self, bool) {
        if self.scale >= scale {
            return (self, true);
        }
        let (value, exact) = negative_scale_int64(self.value, scale.wrapping_sub(self.scale));
        (Self { value, scale }, exact)
    }

    /// `Add`: None when the int64 form cannot hold the sum.
    fn checked_add(self, b: Self) -> Option<Self> {
        if b.value == 0 {
            return Some(self);
        }
        if self.value == 0 {
            return Some(b);
        }
        match self.scale.cmp(&b.scale) {
            Ordering::Equal => Some(Self { value: self.value.checked_add(b.value)?, scale: self.scale }),
            Ordering::Greater => {
                let a = positive_scale_int64(self.value, self.scale.wrapping_sub(b.scale)).ok()?;
                Some(Self { value: a.checked_add(b.value)?, scale: b.scale })
            }
            Ordering::Less => {
                let b = positive_scale_int64(b.value, b.scale.wrapping_sub(self.scale)).ok()?;
                Some(Self { value: self.value.checked_add(b)?, scale: self.scale })
            }
        }
    }

    /// `Sub`: adds the negation, which wraps at `i64::MIN` as upstream's does.
    fn checked_sub(self, b: Self) -> Option<Self> {
        self.checked_add(Self { value: b.value.wrapping_neg(), scale: b.scale })
    }

    /// `Mul`: None when the int64 form cannot hold the product (or, for a negative scale, when
    /// the product is not a multiple of 10^-scale, as upstream checks).
    fn checked_mul(self, b: i64) -> Option<Self> {
        if self.value == 0 {
            return Some(self);
        }
        if b == 0 {
            return Some(Self::ZERO);
        }
        let value = self.value.checked_mul(b)?;
        match self.scale.cmp(&0) {
            Ordering::Equal => {}
            Ordering::Greater => {
                positive_scale_int64(value, self.scale).ok()?;
            }
            Ordering::Less => {
                if !negative_scale_int64(value, self.scale.wrapping_neg()).1 {
                    return None;
                }
            }
        }
        Some(Self { value, scale: self.scale })
    }

    /// Compares without big numbers when the scales are at most 18 apart.
    fn cmp_close(self, b: Self) -> Option<Ordering> {
        let (coarse, fine, flipped) = if self.scale >= b.scale { (self, b, false) } else { (b, self, true) };
        let gap = i64::from(coarse.scale) - i64::from(fine.scale);
        if gap > 18 {
            return None;
        }
        let ordering = (i128::from(coarse.value) * 10i128.pow(gap as u32)).cmp(&i128::from(fine.value));
        Some(if flipped { ordering.reverse() } else { ordering })
    }
}

/// An int64 result with upstream's overflow flag.
#[derive(Clone, Copy)]
struct Scaled {
    value: i64,
    ok: bool,
}

impl Scaled {
    fn ok(self) -> Option<i64> {
        self.ok.then_some(self.value)
    }
}

/// math.go `positiveScaleInt64`: base × 10^scale. On overflow upstream still hands back the
/// wrapped product for scales 1, 2, 3, 6 and 9, and 0 for others; a negative scale leaves
/// `base` as its loop does.
fn positive_scale_int64(base: i64, scale: Scale) -> Scaled {
    match scale {
        1 | 2 | 3 | 6 | 9 => int64_multiply_scale(base, 10i64.pow(scale as u32)),
        _ if scale <= 0 || base == 0 => Scaled { value: base, ok: true },
        _ => {
            let mut value = base;
            for _ in 0..scale {
                let step = int64_multiply_scale(value, 10);
                if !step.ok {
                    return Scaled { value: 0, ok: false };
                }
                value = step.value;
            }
            Scaled { value, ok: true }
        }
    }
}

/// math.go `int64MultiplyScale` (b > 1): the wrapped product and whether it is right.
fn int64_multiply_scale(a: i64, b: i64) -> Scaled {
    match a {
        0 | 1 => Scaled { value: a * b, ok: true },
        i64::MIN => Scaled { value: 0, ok: false },
        _ => {
            let value = a.wrapping_mul(b);
            Scaled { value, ok: value.wrapping_div(b) == a }
        }
    }
}

/// math.go `negativeScaleInt64`: base / 10^scale rounded away from zero, and whether exact.
fn negative_scale_int64(base: i64, scale: Scale) -> (i64, bool) {
    let mut value = base;
    let mut fraction = false;
    for _ in 0..scale.max(0) {
        fraction |= value % 10 != 0;
        value /= 10;
        if value == 0 {
            return match (fraction, base > 0) {
                (false, _) => (0, true),
                (true, true) => (1, false),
                (true, false) => (-1, false),
            };
        }
    }
    if fraction {
        value += if base > 0 { 1 } else { -1 };
    }
    (value, !fraction)
}

/// math.go `removeInt64Factors`: `value` = result × base^times. Like upstream, `i64::MIN`
/// (which cannot be negated) keeps all its factors.
fn remove_int64_factors(value: i64, base: i64) -> (i64, i32) {
    let negative = value < 0;
    let mut result = if negative { value.wrapping_neg() } else { value };
    let mut times = 0;
    while result >= base && result % base == 0 {
        times += 1;
        result /= base;
    }
    (if negative { result.wrapping_neg() } else { result }, times)
}

/// An `inf.Dec`: `unscaled` × 10^`exp` (`exp` is inf's `Scale` negated).
#[derive(Clone, Debug)]
struct Dec {
    unscaled: BigInt,
    exp: i32,
}

impl Dec {
    fn from_int(a: Int64Amount) -> Self {
        Self { unscaled: BigInt::from_i64(a.value), exp: a.scale }
    }

    fn is_zero(&self) -> bool {
        self.unscaled.is_zero()
    }

    fn abs(&self) -> Self {
        Self { unscaled: self.unscaled.abs(), exp: self.exp }
    }

    /// The digits at a smaller (or equal) exponent (inf's `rescale`).
    fn unscaled_at(&self, exp: i32) -> BigInt {
        let mut unscaled = self.unscaled.clone();
        unscaled.mul_pow10(gap(self.exp, exp));
        unscaled
    }

    /// inf `Add`: the result has the finer of the two exponents.
    fn add(&self, other: &Dec) -> Dec {
        let exp = self.exp.min(other.exp);
        Dec { unscaled: self.unscaled_at(exp).add(&other.unscaled_at(exp)), exp }
    }

    fn sub(&self, other: &Dec) -> Dec {
        self.add(&Dec { unscaled: other.unscaled.clone().negated(), exp: other.exp })
    }

    fn cmp(&self, other: &Dec) -> Ordering {
        let by_sign = self.unscaled.signum().cmp(&other.unscaled.signum());
        if by_sign != Ordering::Equal || self.is_zero() {
            return by_sign;
        }
        let exp = self.exp.min(other.exp);
        self.unscaled_at(exp).cmp(&other.unscaled_at(exp))
    }

    /// inf `Round(x, -exp, RoundUp)`: the value at exactly `exp`, rounded away from zero.
    fn round_up_to(&self, exp: i32) -> Dec {
        if exp <= self.exp {
            return Dec { unscaled: self.unscaled_at(exp), exp };
        }
        let mut magnitude = self.unscaled.abs();
        if magnitude.div_pow10(gap(exp, self.exp)) {
            magnitude.increment();
        }
        let unscaled = if self.unscaled.is_negative() { magnitude.negated() } else { magnitude };
        Dec { unscaled, exp }
    }

    /// scale_int.go `scaledValue`, with its int64 shortcuts: the fast path takes the low 64
    /// bits of big values and adds 1 to any inexact quotient, even a negative one.
    fn scaled_value(&self, scale: Scale) -> i64 {
        let dif = i64::from(scale) - i64::from(self.exp);
        let low = self.unscaled.low_i64();
        if dif == 0 {
            return low;
        }
        if dif < 0 {
            return low.wrapping_mul(go_f64_to_i64(go_pow10(-dif)));
        }
        if self.unscaled < BigInt::from_i64(i64::MAX) && dif < 19 {
            let divide = 10i64.pow(dif as u32);
            let (result, rest) = (low / divide, low % divide);
            return if rest != 0 { result + 1 } else { result };
        }
        // big.Int DivMod: Euclidean (floor) division by a positive divisor.
        let mut quotient = self.unscaled.abs();
        let inexact = quotient.div_pow10(u32::try_from(dif).unwrap_or(u32::MAX));
        if self.unscaled.is_negative() {
            if inexact {
                quotient.increment();
            }
            quotient = quotient.negated();
        }
        quotient.low_i64().wrapping_add(i64::from(inexact))
    }
}

/// `from - to` for exponents with `from >= to`, as a count of decimal digits.
fn gap(from: i32, to: i32) -> u32 {
    u32::try_from(i64::from(from) - i64::from(to)).unwrap_or(0)
}

/// Go's `math.Pow10`, bit for bit (its tables and one multiply or divide).
fn go_pow10(n: i64) -> f64 {
    const TAB: [f64; 32] = [
        1e00, 1e01, 1e02, 1e03, 1e04, 1e05, 1e06, 1e07, 1e08, 1e09, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
    ];
    const POS32: [f64; 10] = [1e00, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288];
    const NEG32: [f64; 11] = [1e-00, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320];
    match n {
        0..=308 => POS32[(n / 32) as usize] * TAB[(n % 32) as usize],
        -323..=-1 => NEG32[(-n / 32) as usize] / TAB[(-n % 32) as usize],
        n if n > 0 => f64::INFINITY,
        _ => 0.0,
    }
}

/// Go's float64 → int64 conversion as amd64 does it: out of range (or NaN) gives `i64::MIN`.
fn go_f64_to_i64(f: f64) -> i64 {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if (-TWO_63..TWO_63).contains(&f) { f as i64 } else { i64::MIN }
}

mod bigint {
    //! A signed integer of any size, with just what the `inf.Dec` paths need.

    use std::cmp::Ordering;
    use std::fmt;

    const BILLION: u32 = 1_000_000_000;

    #[derive(Clone, Debug, Default, PartialEq, Eq)]
    pub(super) struct BigInt {
        negative: bool,
        /// Magnitude, least significant 32-bit limb first, no zero limbs on top (zero is empty).
        limbs: Vec<u32>,
    }

    impl BigInt {
        pub fn from_i64(v: i64) -> Self {
            let magnitude = v.unsigned_abs();
            Self::normalized(v < 0, vec![magnitude as u32, (magnitude >> 32) as u32])
        }

        /// From ASCII digits.
        pub fn from_digits(negative: bool, digits: &[u8]) -> Self {
            let mut n = Self::default();
            for chunk in digits.chunks(9) {
                let value = chunk.iter().fold(0u32, |acc, d| acc * 10 + u32::from(d - b'0'));
                n.mul_add_small(10u32.pow(chunk.len() as u32), value);
            }
            n.negative = negative && !n.is_zero();
            n
        }

        fn normalized(negative: bool, limbs: Vec<u32>) -> Self {
            let mut n = Self { negative, limbs };
            n.trim();
            n
        }

        fn trim(&mut self) {
            while self.limbs.last() == Some(&0) {
                self.limbs.pop();
            }
            self.negative &= !self.limbs.is_empty();
        }

        pub fn is_zero(&self) -> bool {
            self.limbs.is_empty()
        }

        pub fn is_negative(&self) -> bool {
            self.negative
        }

        pub fn signum(&self) -> i32 {
            match (self.is_zero(), self.negative) {
                (true, _) => 0,
                (false, true) => -1,
                (false, false) => 1,
            }
        }

        pub fn negated(mut self) -> Self {
            self.negative = !self.negative && !self.is_zero();
            self
        }

        pub fn abs(&self) -> Self {
            Self { negative: false, limbs: self.limbs.clone() }
        }

        /// magnitude ← magnitude × m + a
        fn mul_add_small(&mut self, m: u32, a: u32) {
            let mut carry = u64::from(a);
            for limb in &mut self.limbs {
                let t = u64::from(*limb) * u64::from(m) + carry;
                *limb = t as u32;
                carry = t >> 32;
            }
            if carry != 0 {
                self.limbs.push(carry as u32);
            }
            self.trim();
        }

        /// magnitude ← magnitude / d (truncated); returns the remainder.
        fn div_rem_small(&mut self, d: u32) -> u32 {
            let mut rest = 0u64;
            for limb in self.limbs.iter_mut().rev() {
                let current = (rest << 32) | u64::from(*limb);
                *limb = (current / u64::from(d)) as u32;
                rest = current % u64::from(d);
            }
            self.trim();
            rest as u32
        }

        /// Magnitude + 1.
        pub fn increment(&mut self) {
            let negative = self.negative;
            self.mul_add_small(1, 1);
            self.negative = negative;
        }

        pub fn mul_pow10(&mut self, k: u32) {
            if self.is_zero() {
                return;
            }
            for _ in 0..k / 9 {
                self.mul_add_small(BILLION, 0);
            }
            self.mul_add_small(10u32.pow(k % 9), 0);
        }

        pub fn shl(&mut self, bits: u32) {
            let mut left = bits;
            while left > 0 {
                let step = left.min(31);
                self.mul_add_small(1 << step, 0);
                left -= step;
            }
        }

        /// Truncating division of the magnitude by 10^k; true when a non-zero part was cut off.
        pub fn div_pow10(&mut self, k: u32) -> bool {
            // 10^k > 2^(32·limbs) already: nothing is left.
            if k as usize > 10 * self.limbs.len() {
                let inexact = !self.is_zero();
                *self = Self::default();
                return inexact;
            }
            let mut inexact = false;
            for _ in 0..k / 9 {
                inexact |= self.div_rem_small(BILLION) != 0;
            }
            inexact |= self.div_rem_small(10u32.pow(k % 9)) != 0;
            inexact
        }

        /// math.go `removeBigIntFactors`: divides out `factor` while it divides exactly.
        pub fn remove_factors(&mut self, factor: u32) -> i32 {
            let mut times = 0;
            while !self.is_zero() {
                let mut quotient = self.clone();
                if quotient.div_rem_small(factor) != 0 {
                    break;
                }
                *self = quotient;
                times += 1;
            }
            times
        }

        pub fn add(&self, other: &Self) -> Self {
            if self.negative == other.negative {
                return Self::normalized(self.negative, add_magnitudes(&self.limbs, &other.limbs));
            }
            match self.cmp_magnitude(other) {
                Ordering::Less => Self::normalized(other.negative, sub_magnitudes(&other.limbs, &self.limbs)),
                _ => Self::normalized(self.negative, sub_magnitudes(&self.limbs, &other.limbs)),
            }
        }

        pub fn mul_i64(&self, m: i64) -> Self {
            let factor = m.unsigned_abs();
            let mut out = vec![0u32; self.limbs.len() + 2];
            for (j, part) in [factor as u32, (factor >> 32) as u32].into_iter().enumerate() {
                let mut carry = 0u64;
                for (i, &limb) in self.limbs.iter().enumerate() {
                    let t = u64::from(limb) * u64::from(part) + u64::from(out[i + j]) + carry;
                    out[i + j] = t as u32;
                    carry = t >> 32;
                }
                let mut k = self.limbs.len() + j;
                while carry != 0 && k < out.len() {
                    let t = u64::from(out[k]) + carry;
                    out[k] = t as u32;
                    carry = t >> 32;
                    k += 1;
                }
            }
            Self::normalized(self.negative != (m < 0), out)
        }

        fn cmp_magnitude(&self, other: &Self) -> Ordering {
            self.limbs.len().cmp(&other.limbs.len()).then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
        }

        fn low_u64(&self) -> u64 {
            let limb = |i| u64::from(self.limbs.get(i).copied().unwrap_or(0));
            limb(0) | limb(1) << 32
        }

        /// Go's `big.Int.Int64`: the low 64 bits of the magnitude, then the sign (wrapping).
        pub fn low_i64(&self) -> i64 {
            let low = self.low_u64() as i64;
            if self.negative { low.wrapping_neg() } else { low }
        }

        /// The value if it fits an i64 (`IsInt64`).
        pub fn to_i64(&self) -> Option<i64> {
            if self.limbs.len() > 2 {
                return None;
            }
            let magnitude = self.low_u64();
            if self.negative { 0i64.checked_sub_unsigned(magnitude) } else { i64::try_from(magnitude).ok() }
        }

        /// Nearest float64, ties to even (`big.Float.SetInt(x).Float64()`).
        pub fn to_f64(&self) -> f64 {
            let bits = match self.limbs.last() {
                None => return 0.0,
                Some(top) => 32 * self.limbs.len() as u32 - top.leading_zeros(),
            };
            let magnitude = if bits <= 64 {
                self.low_u64() as f64
            } else if bits > 1024 {
                f64::INFINITY
            } else {
                // The top 64 bits, with anything below folded into the last bit so that the
                // conversion rounds as if it saw every bit.
                let shift = bits - 64;
                let (limb, offset) = ((shift / 32) as usize, shift % 32);
                let word = |i: usize| u128::from(self.limbs.get(i).copied().unwrap_or(0));
                let window = (word(limb) | word(limb + 1) << 32 | word(limb + 2) << 64) >> offset;
                let below =
                    self.limbs[..limb].iter().any(|&l| l != 0) || self.limbs[limb] & ((1u32 << offset) - 1) != 0;
                let top = window as u64 | u64::from(below);
                top as f64 * f64::from_bits(u64::from(1023 + shift) << 52)
            };
            if self.negative { -magnitude } else { magnitude }
        }

        /// Number of decimal digits of the magnitude.
        pub fn decimal_len(&self) -> usize {
            self.abs().to_string().len()
        }
    }

    fn add_magnitudes(a: &[u32], b: &[u32]) -> Vec<u32> {
        let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        let mut out = Vec::with_capacity(long.len() + 1);
        let mut carry = 0u64;
        for (i, &limb) in long.iter().enumerate() {
            let t = u64::from(limb) + u64::from(short.get(i).copied().unwrap_or(0)) + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        out.push(carry as u32);
        out
    }

    /// a - b for magnitudes with a ≥ b.
    fn sub_magnitudes(a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut out = Vec::with_capacity(a.len());
        let mut borrow = 0i64;
        for (i, &limb) in a.iter().enumerate() {
            let mut t = i64::from(limb) - i64::from(b.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(t < 0);
            if t < 0 {
                t += 1 << 32;
            }
            out.push(t as u32);
        }
        out
    }

    impl Ord for BigInt {
        fn cmp(&self, other: &Self) -> Ordering {
            match (self.negative, other.negative) {
                (false, true) => Ordering::Greater,
                (true, false) => Ordering::Less,
                (false, false) => self.cmp_magnitude(other),
                (true, true) => other.cmp_magnitude(self),
            }
        }
    }

    impl PartialOrd for BigInt {
        fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }

    impl fmt::Display for BigInt {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let mut rest = self.abs();
            let mut chunks = Vec::new();
            while !rest.is_zero() {
                chunks.push(rest.div_rem_small(BILLION));
            }
            let Some((first, lower)) = chunks.split_last() else { return f.write_str("0") };
            if self.negative {
                f.write_str("-")?;
            }
            write!(f, "{first}")?;
            lower.iter().rev().try_for_each(|chunk| write!(f, "{chunk:09}"))
        }
    }
}
