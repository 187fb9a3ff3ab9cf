//! `resource.Quantity` against upstream's tables: `k8s.io/apimachinery/pkg/api/resource`
//! `quantity_test.go`, `amount_test.go` and `quantity_example_test.go` (test names in comments).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use podlife_model::quantity::{Format, MICRO, MILLI, NANO, Quantity, QuantityError, Scale};
use proptest::prelude::*;

const DSI: Format = Format::DecimalSI;
const BSI: Format = Format::BinarySI;
const DE: Format = Format::DecimalExponent;
const MOST_POSITIVE: i64 = i64::MAX;
const MOST_NEGATIVE: i64 = i64::MIN;

fn q(text: &str) -> Quantity {
    Quantity::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Upstream's `intQuantity`: the int64 form, `value` × 10^`exp`.
fn int_q(value: i64, exp: Scale, format: Format) -> Quantity {
    let mut q = Quantity::new_scaled(value, exp);
    q.set_format(format);
    q
}

/// Upstream's `decQuantity`: the `inf.Dec` form, `value` × 10^`exp`.
fn dec_q(value: i64, exp: Scale, format: Format) -> Quantity {
    let mut q = int_q(value, exp, format);
    q.to_dec();
    q
}

fn hash_of(q: &Quantity) -> u64 {
    let mut h = DefaultHasher::new();
    q.hash(&mut h);
    h.finish()
}

/// A fixed pseudo-random sequence (splitmix64) standing in for Go's `rand.Int63`.
struct Rng(u64);

impl Rng {
    fn int63(&mut self) -> i64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 1) as i64
    }
}

// upstream: TestQuantityParseZero
#[test]
fn parse_zero() {
    assert_eq!(q("0").to_string(), "0");
}

// upstream: TestQuantityParseNonNumericPanic
#[test]
fn parse_non_numeric() {
    assert_eq!(Quantity::parse("Non-Numeric"), Err(QuantityError::FormatWrong));
}

// upstream: TestQuantityAddZeroPreservesSuffix
#[test]
fn add_zero_preserves_suffix() {
    for text in ["100m", "1Gi"] {
        let value = q(text);
        assert_eq!((value.clone() + q("0")).to_string(), text);
        assert_eq!((q("0") + value).to_string(), text);
    }
}

// upstream: TestQuantitySubZeroPreservesSuffix
#[test]
fn sub_zero_preserves_suffix() {
    for text in ["100m", "1Gi"] {
        let value = q(text);
        assert_eq!((value.clone() - q("0")).to_string(), text);
        assert_eq!((q("0") - value.clone()).to_string(), (-value).to_string());
    }
}

// upstream: TestQuantityCanocicalizeZero
#[test]
fn canonicalize_zero() {
    let zero = q("1000m") - Quantity::new(1, DSI);
    assert!(zero.is_zero());
    assert_eq!(zero.to_string(), "0");
}

// upstream: TestQuantityCmp
#[test]
fn cmp() {
    let table = [("0", "0", 0), ("100m", "50m", 1), ("50m", "100m", -1), ("10000T", "100Gi", 1)];
    for (x, y, expect) in table {
        assert_eq!(q(x).cmp(&q(y)) as i32, expect, "{x} vs {y}");
    }
    let none = Quantity::default;
    let table2 = [
        (dec_q(0, 0, DSI), dec_q(0, 0, DSI), 0),
        (none(), dec_q(0, 0, DSI), 0),
        (dec_q(0, 0, DSI), none(), 0),
        (none(), none(), 0),
        (none(), dec_q(10, 0, DSI), -1),
        (none(), dec_q(-10, 0, DSI), 1),
        (dec_q(10, 0, DSI), none(), 1),
        (dec_q(-10, 0, DSI), none(), -1),
    ];
    for (x, y, expect) in table2 {
        assert_eq!(x.cmp(&y) as i32, expect, "{x:?} vs {y:?}");
    }
}

// upstream: TestParseQuantityString (the pieces themselves are private; their values show)
#[test]
fn parse_quantity_string() {
    assert_eq!(q("0.025Ti"), int_q(274_877_906_944, -1, BSI));
    assert_eq!(q("1.025Ti"), q("1126999418470.4"));
    assert_eq!(q("-1.025Ti"), q("-1126999418470.4"));
    assert!(q(".").is_zero());
    assert!(q("-.").is_zero());
    assert_eq!((q("1E-3"), q("1E-3").format()), (q("1m"), DE));
}

/// upstream: TestQuantityParse's table: input, expected `decQuantity(value, exp, format)`.
const PARSE_TABLE: &[(&str, i64, Scale, Format)] = &[
    ("0", 0, 0, DSI),
    ("0n", 0, 0, DSI),
    ("0u", 0, 0, DSI),
    ("0m", 0, 0, DSI),
    ("0Ki", 0, 0, BSI),
    ("0k", 0, 0, DSI),
    ("0Mi", 0, 0, BSI),
    ("0M", 0, 0, DSI),
    ("0Gi", 0, 0, BSI),
    ("0G", 0, 0, DSI),
    ("0Ti", 0, 0, BSI),
    ("0T", 0, 0, DSI),
    // Quantity less numbers are allowed
    ("1", 1, 0, DSI),
    // Binary suffixes
    ("1Ki", 1024, 0, BSI),
    ("8Ki", 8 * 1024, 0, BSI),
    ("7Mi", 7 * 1024 * 1024, 0, BSI),
    ("6Gi", 6 * 1024 * 1024 * 1024, 0, BSI),
    ("5Ti", 5 * 1024 * 1024 * 1024 * 1024, 0, BSI),
    ("4Pi", 4 * 1024 * 1024 * 1024 * 1024 * 1024, 0, BSI),
    ("3Ei", 3 * 1024 * 1024 * 1024 * 1024 * 1024 * 1024, 0, BSI),
    ("10Ti", 10 * 1024 * 1024 * 1024 * 1024, 0, BSI),
    ("100Ti", 100 * 1024 * 1024 * 1024 * 1024, 0, BSI),
    // Decimal suffixes
    ("5n", 5, -9, DSI),
    ("4u", 4, -6, DSI),
    ("3m", 3, -3, DSI),
    ("9", 9, 0, DSI),
    ("8k", 8, 3, DSI),
    ("50k", 5, 4, DSI),
    ("7M", 7, 6, DSI),
    ("6G", 6, 9, DSI),
    ("5T", 5, 12, DSI),
    ("40T", 4, 13, DSI),
    ("300T", 3, 14, DSI),
    ("2P", 2, 15, DSI),
    ("1E", 1, 18, DSI),
    // Decimal exponents
    ("1E-3", 1, -3, DE),
    ("1e3", 1, 3, DE),
    ("1E6", 1, 6, DE),
    ("1e9", 1, 9, DE),
    ("1E12", 1, 12, DE),
    ("1e15", 1, 15, DE),
    ("1E18", 1, 18, DE),
    // Nonstandard but still parsable
    ("1e14", 1, 14, DE),
    ("1e13", 1, 13, DE),
    ("1e3", 1, 3, DE),
    ("100.035k", 100035, 0, DSI),
    // Things that look like floating point
    ("0.001", 1, -3, DSI),
    ("0.0005k", 5, -1, DSI),
    ("0.005", 5, -3, DSI),
    ("0.05", 5, -2, DSI),
    ("0.5", 5, -1, DSI),
    ("0.00050k", 5, -1, DSI),
    ("0.00500", 5, -3, DSI),
    ("0.05000", 5, -2, DSI),
    ("0.50000", 5, -1, DSI),
    ("0.5e0", 5, -1, DE),
    ("0.5e-1", 5, -2, DE),
    ("0.5e-2", 5, -3, DE),
    ("0.5e0", 5, -1, DE),
    ("10.035M", 10035, 3, DSI),
    ("1.2e3", 12, 2, DE),
    ("1.3E+6", 13, 5, DE),
    ("1.40e9", 14, 8, DE),
    ("1.53E12", 153, 10, DE),
    ("1.6e15", 16, 14, DE),
    ("1.7E18", 17, 17, DE),
    ("9.01", 901, -2, DSI),
    ("8.1k", 81, 2, DSI),
    ("7.123456M", 7123456, 0, DSI),
    ("6.987654321G", 6987654321, 0, DSI),
    ("5.444T", 5444, 9, DSI),
    ("40.1T", 401, 11, DSI),
    ("300.2T", 3002, 11, DSI),
    ("2.5P", 25, 14, DSI),
    ("1.01E", 101, 16, DSI),
    // Things that saturate/round
    ("3.001n", 4, -9, DSI),
    ("1.1E-9", 2, -9, DE),
    ("0.0000000001", 1, -9, DSI),
    ("0.0000000005", 1, -9, DSI),
    ("0.00000000050", 1, -9, DSI),
    ("0.5e-9", 1, -9, DE),
    ("0.9n", 1, -9, DSI),
    ("0.00000012345", 124, -9, DSI),
    ("0.00000012354", 124, -9, DSI),
    ("9Ei", MOST_POSITIVE, 0, BSI),
    ("9223372036854775807Ki", MOST_POSITIVE, 0, BSI),
    ("12E", 12, 18, DSI),
    // We'll accept fractional binary stuff, too.
    ("100.035Ki", 10243584, -2, BSI),
    ("0.5Mi", 512 * 1024, 0, BSI),
    ("0.05Gi", 536870912, -1, BSI),
    ("0.025Ti", 274877906944, -1, BSI),
    // Things written by trolls
    ("0.000000000001Ki", 2, -9, DSI), // rounds up, changes format
    (".001", 1, -3, DSI),
    (".0001k", 100, -3, DSI),
    ("1.", 1, 0, DSI),
    ("1.G", 1, 9, DSI),
];

// upstream: TestQuantityParse
#[test]
fn parse_table() {
    assert_eq!(Quantity::parse(""), Err(QuantityError::FormatWrong));
    for &(input, value, exp, format) in PARSE_TABLE {
        let expect = dec_q(value, exp, format);
        for as_dec in [false, true] {
            let mut got = q(input);
            if as_dec {
                got.to_dec();
                assert_eq!(got.as_i64(), None, "{input}: the inf.Dec form has no AsInt64");
            }
            assert_eq!(got, expect, "{input}");
            assert_eq!(got.format(), format, "{input}");
            for f in [DSI, BSI, DE] {
                let mut copied = got.clone();
                copied.set_format(f);
                copied.to_dec();
                assert_eq!(copied, got, "{input}: round trip from decimal");
            }
        }
        // The negative and the explicitly positive version of everything.
        let negative = q(&format!("-{input}"));
        assert_eq!(negative, -expect.clone(), "-{input}");
        assert_eq!(negative.format(), format, "-{input}");
        let positive = q(&format!("+{input}"));
        assert_eq!(positive, expect, "+{input}");
        assert_eq!(positive.format(), format, "+{input}");
    }
}

// upstream: TestQuantityParse (invalid), with the error each one gets upstream
#[test]
fn parse_invalid() {
    use QuantityError::{FormatWrong, Suffix};
    let table = [
        ("1.1.M", FormatWrong),
        ("1+1.0M", FormatWrong),
        ("0.1mi", Suffix),
        ("0.1am", FormatWrong),
        ("aoeu", FormatWrong),
        (".5i", Suffix),
        ("1i", Suffix),
        ("-3.01i", Suffix),
        ("-3.01e-", Suffix),
        // trailing whitespace is forbidden
        (" 1", FormatWrong),
        ("1 ", FormatWrong),
    ];
    for (input, err) in table {
        assert_eq!(Quantity::parse(input), Err(err), "{input:?}");
    }
}

// upstream: TestQuantityRoundUp
#[test]
fn round_up() {
    let table = [
        ("9.01", -3, dec_q(901, -2, DSI), true),
        ("9.01", -2, dec_q(901, -2, DSI), true),
        ("9.01", -1, dec_q(91, -1, DSI), false),
        ("9.01", 0, dec_q(10, 0, DSI), false),
        ("9.01", 1, dec_q(10, 0, DSI), false),
        ("9.01", 2, dec_q(100, 0, DSI), false),
        ("-9.01", -3, dec_q(-901, -2, DSI), true),
        ("-9.01", -2, dec_q(-901, -2, DSI), true),
        ("-9.01", -1, dec_q(-91, -1, DSI), false),
        ("-9.01", 0, dec_q(-10, 0, DSI), false),
        ("-9.01", 1, dec_q(-10, 0, DSI), false),
        ("-9.01", 2, dec_q(-100, 0, DSI), false),
    ];
    for as_dec in [false, true] {
        for (input, scale, expect, ok) in &table {
            let mut got = q(input);
            if as_dec {
                got.to_dec();
            }
            assert_eq!(got.round_up(*scale), *ok, "{input} {scale} {as_dec}");
            assert_eq!(got, *expect, "{input} {scale} {as_dec}");
        }
    }
}

// upstream: TestQuantityCmpInt64AndDec
#[test]
fn cmp_int64_and_dec() {
    const E18: i64 = 1_000_000_000_000_000_000;
    let table = [
        ((901, -2), (901, -2), 0),
        ((90, -1), (901, -2), -1),
        ((901, -2), (900, -2), 1),
        ((0, 0), (0, 0), 0),
        ((0, 1), (0, -1), 0),
        ((0, -1), (0, 1), 0),
        ((800, -3), (1, 0), -1),
        ((800, -3), (79, -2), 1),
        ((MOST_POSITIVE, 0), (1, -1), 1),
        ((MOST_POSITIVE, 1), (1, 0), 1),
        ((MOST_POSITIVE, 1), (1, 1), 1),
        ((MOST_POSITIVE, 1), (0, 1), 1),
        ((MOST_POSITIVE, -16), (1, 3), -1),
        ((MOST_NEGATIVE, 0), (0, 0), -1),
        ((MOST_NEGATIVE, -18), (-1, 0), -1),
        ((MOST_NEGATIVE, -19), (-1, 0), 1),
        ((E18, -17), (1, 1), 0),
        ((E18, -17), (-10, 0), 1),
        ((-E18, -17), (-10, 0), 0),
        ((E18, -17), (1, 0), 1),
        ((E18 + 1, -17), (1, 1), 1),
        ((E18 - 1, -17), (1, 1), -1),
    ];
    for ((av, ae), (bv, be), expect) in table {
        for (a_dec, b_dec) in [(false, false), (true, false), (false, true), (true, true)] {
            let a = if a_dec { dec_q(av, ae, DSI) } else { int_q(av, ae, DSI) };
            let b = if b_dec { dec_q(bv, be, DSI) } else { int_q(bv, be, DSI) };
            assert_eq!(a.cmp(&b) as i32, expect, "{a:?} vs {b:?}");
            assert_eq!(b.cmp(&a) as i32, -expect, "{b:?} vs {a:?}");
        }
    }
}

// upstream: TestQuantityNeg
#[test]
fn quantity_neg() {
    for a in [int_q(901, -2, DSI), dec_q(901, -2, DSI)] {
        let out = -a.clone();
        assert_ne!(out, a);
        assert_eq!(out.to_string(), "-9010m");
    }
}

/// upstream: TestQuantityString's table: `decQuantity(value, exp, format)`, its text, and
/// another spelling that parses to that text.
const STRING_TABLE: &[(i64, Scale, Format, &str, &str)] = &[
    (1024 * 1024 * 1024, 0, BSI, "1Gi", "1024Mi"),
    (300 * 1024 * 1024, 0, BSI, "300Mi", "307200Ki"),
    (6 * 1024, 0, BSI, "6Ki", ""),
    (1001 * 1024 * 1024 * 1024, 0, BSI, "1001Gi", "1025024Mi"),
    (1024 * 1024 * 1024 * 1024, 0, BSI, "1Ti", "1024Gi"),
    (5, 0, BSI, "5", "5000m"),
    (500, -3, BSI, "500m", "0.5"),
    (1, 9, DSI, "1G", "1000M"),
    (1000, 6, DSI, "1G", "0.001T"),
    (1000000, 3, DSI, "1G", ""),
    (1000000000, 0, DSI, "1G", ""),
    (1, -3, DSI, "1m", "1000u"),
    (80, -3, DSI, "80m", ""),
    (1080, -3, DSI, "1080m", "1.08"),
    (108, -2, DSI, "1080m", "1080000000n"),
    (10800, -4, DSI, "1080m", ""),
    (300, 6, DSI, "300M", ""),
    (1, 12, DSI, "1T", ""),
    (1234567, 6, DSI, "1234567M", ""),
    (1234567, -3, BSI, "1234567m", ""),
    (3, 3, DSI, "3k", ""),
    (1025, 0, BSI, "1025", ""),
    (0, 0, DSI, "0", ""),
    (0, 0, BSI, "0", ""),
    (1, 9, DE, "1e9", ".001e12"),
    (1, -3, DE, "1e-3", "0.001e0"),
    (1, -9, DE, "1e-9", "1000e-12"),
    (80, -3, DE, "80e-3", ""),
    (300, 6, DE, "300e6", ""),
    (1, 12, DE, "1e12", ""),
    (1, 3, DE, "1e3", ""),
    (3, 3, DE, "3e3", ""),
    (3, 3, DSI, "3k", ""),
    (0, 0, DE, "0", "00"),
    (1, -9, DSI, "1n", ""),
    (80, -9, DSI, "80n", ""),
    (1080, -9, DSI, "1080n", ""),
    (108, -8, DSI, "1080n", ""),
    (10800, -10, DSI, "1080n", ""),
    (1, -6, DSI, "1u", ""),
    (80, -6, DSI, "80u", ""),
    (1080, -6, DSI, "1080u", ""),
];

// upstream: TestQuantityString
#[test]
fn string_table() {
    for &(value, exp, format, expect, alternate) in STRING_TABLE {
        for input in [dec_q(value, exp, format), int_q(value, exp, format)] {
            assert_eq!(input.to_string(), expect, "{value}e{exp} {format:?}");
            if !input.is_zero() {
                // Never "-0".
                assert_eq!((-input).to_string(), format!("-{expect}"), "{value}e{exp} {format:?}");
            }
        }
        assert_eq!(q(expect).to_string(), expect);
        if !alternate.is_empty() {
            assert_eq!(q(alternate).to_string(), expect, "{alternate}");
        }
    }
}

// upstream: TestQuantityParseEmit
#[test]
fn parse_emit() {
    let table = [
        ("1Ki", "1Ki"),
        ("1Mi", "1Mi"),
        ("1Gi", "1Gi"),
        ("1024Mi", "1Gi"),
        ("1000M", "1G"),
        (".001Ki", "1024m"),
        (".000001Ki", "1024u"),
        (".000000001Ki", "1024n"),
        (".000000000001Ki", "2n"),
    ];
    for (input, expect) in table {
        assert_eq!(q(input).to_string(), expect, "{input}");
        assert_eq!(q(&format!("-{input}")).to_string(), format!("-{expect}"), "-{input}");
    }
}

// upstream: TestQuantityDeepCopy, TestDeepCopy
#[test]
fn deep_copy() {
    for text in ["0", "100m", "50m", "10000T"] {
        let original = q(text);
        let copy = original.clone();
        assert_eq!(copy, original);
        assert_eq!(copy.to_string(), original.to_string());
    }
    let original = Quantity::new(5, DSI);
    let mut copy = original.clone();
    copy += Quantity::new(1, DSI);
    assert_eq!(original.value(), 5);
}

/// upstream's `fuzzer` for Quantity (quantity_test.go): the shapes TestJSON round-trips.
fn fuzzed_quantity() -> impl Strategy<Value = Quantity> {
    let decimal = prop_oneof![Just(DSI), Just(DE)];
    prop_oneof![
        (0..=i64::MAX).prop_map(|v| dec_q(v, 0, BSI)),
        // Be sure to test cases like 1Mi
        (0..1024i64, 0..5u32).prop_map(|(v, k)| dec_q(v << (10 * k), 0, BSI)),
        (0..=i64::MAX, 0..4i32, decimal.clone()).prop_map(|(v, s, f)| dec_q(v, -s, f)),
        // Be sure to test cases like 1M
        (0..1000i64, 0..15i32, decimal).prop_map(|(v, k, f)| dec_q(v, k - 3, f)),
    ]
}

proptest! {
    // upstream: TestJSON
    #[test]
    fn json_round_trip(q in fuzzed_quantity()) {
        let json = serde_json::to_string(&q).expect("a quantity serializes");
        let back: Quantity = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(format!("{json}: {e}")))?;
        prop_assert_eq!(back, q);
    }
}

// upstream: TestJSONWhitespace
#[test]
fn json_whitespace() {
    let table = [
        (r#"" 1""#, "1"),
        (r#""1 ""#, "1"),
        ("1", "1"),
        (" 1", "1"),
        ("1 ", "1"),
        ("10", "10"),
        ("-1", "-1"),
        (" -1", "-1"),
    ];
    for (input, expect) in table {
        let got: Quantity = serde_json::from_str(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(got.to_string(), expect);
    }
}

// upstream: TestMilliNewSet ("invalidFormatDefaultsToExponent" has no Rust spelling: an
// unknown format prints as DecimalExponent upstream, which is what it is here)
#[test]
fn milli_new_set() {
    let table = [
        (1, DSI, "1m", true),
        (1000, DSI, "1", true),
        (1234000, DSI, "1234", true),
        (1024, BSI, "1024m", false), // Format changes
        (1000000, DE, "1e3", true),
        (1024 * 1024, BSI, "1048576m", false), // Format changes
    ];
    for (value, format, expect, exact) in table {
        let got = Quantity::new_milli(value, format);
        assert_eq!(got.to_string(), expect);
        if exact {
            assert_eq!(q(&got.to_string()).milli_value(), value);
        }
    }
}

// upstream: TestNewSet
#[test]
fn new_set() {
    let table = [
        (1, DSI, "1"),
        (1000, DSI, "1k"),
        (1234000, DSI, "1234k"),
        (1024, BSI, "1Ki"),
        (1000000, DE, "1e6"),
        (1024 * 1024, BSI, "1Mi"),
    ];
    for as_dec in [false, true] {
        for (value, format, expect) in table {
            let mut got = Quantity::new(value, format);
            if as_dec {
                got.to_dec();
            }
            assert_eq!(got.to_string(), expect);
            assert_eq!(q(&got.to_string()).value(), value);
        }
    }
}

// upstream: TestNewScaledSet
#[test]
fn new_scaled_set() {
    let table = [
        (1, NANO, "1n"),
        (1000, NANO, "1u"),
        (1, MICRO, "1u"),
        (1000, MICRO, "1m"),
        (1, MILLI, "1m"),
        (1000, MILLI, "1"),
        (1, 0, "1"),
        (0, NANO, "0"),
        (0, MICRO, "0"),
        (0, MILLI, "0"),
        (0, 0, "0"),
    ];
    for (value, scale, expect) in table {
        let got = Quantity::new_scaled(value, scale);
        assert_eq!(got.to_string(), expect);
        assert_eq!(q(&got.to_string()).scaled_value(scale), value);
    }
}

// upstream: TestScaledValue
#[test]
fn scaled_value() {
    let table = [
        (NANO, NANO, 1),
        (NANO, MICRO, 1),
        (NANO, MILLI, 1),
        (NANO, 0, 1),
        (MICRO, NANO, 1000),
        (MICRO, MICRO, 1),
        (MICRO, MILLI, 1),
        (MICRO, 0, 1),
        (MILLI, NANO, 1000 * 1000),
        (MILLI, MICRO, 1000),
        (MILLI, MILLI, 1),
        (MILLI, 0, 1),
        (0, NANO, 1000 * 1000 * 1000),
        (0, MICRO, 1000 * 1000),
        (0, MILLI, 1000),
        (0, 0, 1),
        (2, -2, 100 * 100),
    ];
    for (from, to, expected) in table {
        let mut got = Quantity::new_scaled(1, from);
        assert_eq!(got.scaled_value(to), expected, "{from} to {to}");
        got.to_dec();
        assert_eq!(got.scaled_value(to), expected, "{from} to {to} (inf.Dec)");
    }
}

// upstream: scale_int_test.go TestScaledValueInternal (`scaledValue(unscaled, infScale,
// newInfScale)` is ScaledValue of the inf.Dec form: exponent -infScale, scale -newInfScale)
#[test]
fn scaled_value_internal() {
    // 10^100 × 10^-100: a zero at that exponent plus 1 aligns 1 to it.
    let googol_scaled = dec_q(0, -100, DSI) + dec_q(1, 0, DSI);
    let table = [
        // remain scale
        (dec_q(1000, 0, DSI), 0, 1000),
        // scale down
        (dec_q(1000, 0, DSI), 3, 1),
        (dec_q(1000, -3, DSI), 0, 1),
        (dec_q(0, -3, DSI), 0, 0),
        // always round up
        (dec_q(999, -3, DSI), 0, 1),
        (dec_q(500, -3, DSI), 0, 1),
        (dec_q(499, -3, DSI), 0, 1),
        (dec_q(1, -3, DSI), 0, 1),
        // large scaled value does not lose precision
        (dec_q(i64::MAX - 1, -1, DSI), 0, (i64::MAX - 1) / 10 + 1),
        // large intermediate result.
        (googol_scaled, 0, 1),
        // scale up
        (dec_q(0, 0, DSI), -3, 0),
        (dec_q(1, 0, DSI), -3, 1000),
        (dec_q(1, 3, DSI), 0, 1000),
        (dec_q(1000, 3, DSI), -2, 100000000),
        (dec_q(i64::MAX / 1000, 0, DSI), -3, (i64::MAX / 1000) * 1000),
    ];
    for (i, (q, scale, want)) in table.into_iter().enumerate() {
        assert_eq!(q.scaled_value(scale), want, "#{i}");
    }
}

// upstream: TestUninitializedNoCrash
#[test]
fn uninitialized() {
    let zero = Quantity::default();
    assert_eq!((zero.value(), zero.milli_value()), (0, 0));
    assert_eq!(zero.to_string(), "0");
    assert_eq!(serde_json::to_string(&zero).ok().as_deref(), Some(r#""0""#));
}

// upstream: TestSub
#[test]
fn sub() {
    let table = [
        (dec_q(10, 0, DSI), dec_q(1, 1, DSI), dec_q(0, 0, DSI)),
        (dec_q(10, 0, DSI), dec_q(1, 0, BSI), dec_q(9, 0, DSI)),
        (dec_q(10, 0, BSI), dec_q(1, 0, DSI), dec_q(9, 0, BSI)),
        (Quantity::default(), dec_q(50, 0, DSI), dec_q(-50, 0, DSI)),
        (dec_q(50, 0, DSI), Quantity::default(), dec_q(50, 0, DSI)),
        (Quantity::default(), Quantity::default(), dec_q(0, 0, DSI)),
    ];
    for (i, (a, b, expected)) in table.into_iter().enumerate() {
        assert_eq!(a - b, expected, "[{i}]");
    }
}

// upstream: TestNeg
#[test]
fn neg() {
    let table = [
        (int_q(0, 0, DSI), int_q(0, 0, DSI)),
        (Quantity::default(), Quantity::default()),
        (int_q(10, 0, BSI), int_q(-10, 0, BSI)),
        (int_q(-10, 0, BSI), int_q(10, 0, BSI)),
        (dec_q(0, 0, DSI), int_q(0, 0, DSI)),
        (dec_q(10, 0, BSI), int_q(-10, 0, BSI)),
        (dec_q(-10, 0, BSI), int_q(10, 0, BSI)),
    ];
    for (i, (a, expected)) in table.into_iter().enumerate() {
        assert_eq!(-a, expected, "[{i}]");
    }
}

// upstream: TestAdd
#[test]
fn add() {
    let table = [
        (dec_q(10, 0, DSI), dec_q(1, 1, DSI), dec_q(20, 0, DSI)),
        (dec_q(10, 0, DSI), dec_q(1, 0, BSI), dec_q(11, 0, DSI)),
        (dec_q(10, 0, BSI), dec_q(1, 0, DSI), dec_q(11, 0, BSI)),
        (Quantity::default(), dec_q(50, 0, DSI), dec_q(50, 0, DSI)),
        (dec_q(50, 0, DSI), Quantity::default(), dec_q(50, 0, DSI)),
        (Quantity::default(), Quantity::default(), dec_q(0, 0, DSI)),
    ];
    for (i, (a, b, expected)) in table.into_iter().enumerate() {
        assert_eq!(a + b, expected, "[{i}]");
    }
}

// upstream: TestMul (big results written out as decimal text)
#[test]
fn mul() {
    let dsi = |v| dec_q(v, 0, DSI);
    let table = [
        (dsi(10), 10, dsi(100), true),
        (dsi(10), 1, dsi(10), true),
        (dec_q(10, 0, BSI), 1, dec_q(10, 0, BSI), true),
        (Quantity::default(), 50, dsi(0), true),
        (dsi(50), 0, dsi(0), true),
        (Quantity::default(), 0, dsi(0), true),
        (dsi(10), -10, dsi(-100), true),
        (dsi(-10), 1, dsi(-10), true),
        (dec_q(10, 0, BSI), -1, dec_q(-10, 0, BSI), true),
        (dsi(-50), 0, dsi(0), true),
        (dsi(-50), -50, dsi(2500), true),
        (Quantity::default(), -50, dsi(0), true),
        (dsi(MOST_POSITIVE), 0, dec_q(0, 1, DSI), true),
        (dsi(MOST_POSITIVE), 1, dsi(MOST_POSITIVE), true),
        (dsi(MOST_POSITIVE), -1, dsi(-MOST_POSITIVE), true),
        (dsi(MOST_POSITIVE / 2), 2, dsi((MOST_POSITIVE / 2) * 2), true),
        (dsi(MOST_POSITIVE / -2), -2, dsi((MOST_POSITIVE / 2) * 2), true),
        (dsi(MOST_POSITIVE), 2, q("18446744073709551614"), false),
        (dsi(MOST_POSITIVE), 10, dec_q(MOST_POSITIVE, 1, DSI), false),
        (dsi(MOST_POSITIVE), -10, dec_q(-MOST_POSITIVE, 1, DSI), false),
        (dsi(MOST_NEGATIVE), 0, dec_q(0, 1, DSI), true),
        (dsi(MOST_NEGATIVE), 1, dsi(MOST_NEGATIVE), true),
        (dsi(MOST_NEGATIVE), -1, q("9223372036854775808"), false),
        (dsi(MOST_NEGATIVE / 2), 2, dsi(MOST_NEGATIVE), true),
        (dsi(MOST_NEGATIVE / -2), -2, dsi(MOST_NEGATIVE), true),
        (dsi(MOST_NEGATIVE), 2, q("-18446744073709551616"), false),
        (dsi(MOST_NEGATIVE), 10, dec_q(MOST_NEGATIVE, 1, DSI), false),
        (dsi(MOST_NEGATIVE), -10, q("92233720368547758080"), false),
    ];
    for (i, (mut a, b, expected, ok)) in table.into_iter().enumerate() {
        assert_eq!(a.mul_i64(b), ok, "[{i}]");
        assert_eq!(a, expected, "[{i}]");
    }
}

// upstream: TestAddSubRoundTrip
#[test]
fn add_sub_round_trip() {
    let mut rng = Rng(1);
    for k in -10..=10 {
        let mut total = Quantity::default();
        let order: Vec<i64> = (0..100).map(|_| rng.int63()).collect();
        for &j in &order {
            total += Quantity::new_scaled(j, k);
        }
        for &j in &order {
            total -= Quantity::new_scaled(j, k);
        }
        assert!(total.is_zero(), "addition and subtraction did not cancel: {total}");
    }
}

// upstream: TestAddSubRoundTripAcrossScales
#[test]
fn add_sub_round_trip_across_scales() {
    let mut rng = Rng(2);
    let mut total = Quantity::default();
    let order: Vec<i64> = (0..100).map(|_| rng.int63()).collect();
    for &j in &order {
        total += Quantity::new_scaled(j, (j % 20 - 10) as Scale);
    }
    for &j in &order {
        total -= Quantity::new_scaled(j, (j % 20 - 10) as Scale);
    }
    assert!(total.is_zero(), "addition and subtraction did not cancel: {total}");
}

// upstream: TestNegateRoundTrip
#[test]
fn negate_round_trip() {
    let mut rng = Rng(3);
    for as_dec in [false, true] {
        for k in -10..=10 {
            for _ in 0..100 {
                let mut original = Quantity::new_scaled(rng.int63(), k);
                if as_dec {
                    original.to_dec();
                }
                assert_eq!(-(-original.clone()), original);
            }
        }
    }
}

// upstream: TestQuantityAsApproximateFloat64
#[test]
fn as_approximate_f64() {
    let seven_mi = (7 * 1024 * 1024) as f64;
    let mut table =
        vec![(0, 0, DSI, 0.0), (0, 0, DE, 0.0), (0, 0, BSI, 0.0), (1, 0, DSI, 1.0), (1, 0, DE, 1.0), (1, 0, BSI, 1.0)];
    for format in [BSI, DSI, DE] {
        table.extend([
            (1024, 0, format, 1024.0),
            (8 * 1024, 0, format, 8.0 * 1024.0),
            (7 * 1024 * 1024, 0, format, seven_mi),
            (7 * 1024 * 1024, 1, format, seven_mi * 10.0),
            (7 * 1024 * 1024, 4, format, seven_mi * 10000.0),
            (7 * 1024 * 1024, 8, format, seven_mi * 100000000.0),
            // '* Pow10' and '/ float(10)' do not round the same way
            (7 * 1024 * 1024, -1, format, seven_mi * 0.1),
            (7 * 1024 * 1024, -8, format, seven_mi / 100000000.0),
        ]);
    }
    table.extend([
        // very large numbers
        (MOST_POSITIVE, 0, DSI, i64::MAX as f64),
        (MOST_POSITIVE, 0, BSI, i64::MAX as f64),
        (12, 18, DSI, 1.2e19),
        // infinities caused due to float64 overflow
        (12, 500, DSI, f64::INFINITY),
        (-12, 500, DSI, f64::NEG_INFINITY),
    ]);
    for (value, exp, format, expect) in table {
        for input in [dec_q(value, exp, format), int_q(value, exp, format)] {
            assert_eq!(input.as_approximate_f64(), expect, "{value}e{exp} {format:?}");
        }
    }
}

// upstream: TestStringQuantityAsApproximateFloat64
#[test]
fn string_as_approximate_f64() {
    let table = [("2Ki", 2048.0), ("1.1Ki", 1126.4e+0), ("1Mi", 1.048576e+06), ("2Gi", 2.147483648e+09)];
    for (input, expect) in table {
        assert_eq!(q(input).as_approximate_f64(), expect, "{input}");
    }
}

// upstream: TestQuantityValueSet
#[test]
fn value_set() {
    assert!(Quantity::parse("invalid").is_err());
    let mem = q("1Mi");
    assert_eq!(mem.value(), 1024 * 1024);
    assert_eq!(serde_json::to_string(&mem).ok().as_deref(), Some(r#""1Mi""#));
}

/// upstream: TestParseQuantity's table: input, AsInt64 (None where upstream says "should
/// be wantAsInt64" too), exact value, canonical text when it differs from the input.
const BIG_TABLE: &[(&str, Option<i64>, &str, &str)] = &[
    // min/max 18 digits
    ("-999999999999999999", Some(-999999999999999999), "-999999999999999999", ""),
    ("999999999999999999", Some(999999999999999999), "999999999999999999", ""),
    // .0
    ("-999999999999999999.0", None, "-999999999999999999", "-999999999999999999"),
    ("999999999999999999.0", None, "999999999999999999", "999999999999999999"),
    // .1
    ("-999999999999999999.1", None, "-999999999999999999.1", "-999999999999999999100m"),
    ("999999999999999999.1", None, "999999999999999999.1", "999999999999999999100m"),
    // min/max 19 digits
    ("-9999999999999999999", None, "-9999999999999999999", ""),
    ("9999999999999999999", None, "9999999999999999999", ""),
    ("-1E", Some(-1000000000000000000), "-1000000000000000000", ""),
    ("1E", Some(1000000000000000000), "1000000000000000000", ""),
    ("-1000000000000000000", None, "-1000000000000000000", "-1E"),
    ("1000000000000000000", None, "1000000000000000000", "1E"),
    // .0
    ("-9999999999999999999.0", None, "-9999999999999999999", "-9999999999999999999"),
    ("9999999999999999999.0", None, "9999999999999999999", "9999999999999999999"),
    ("-1.0E", Some(-1000000000000000000), "-1000000000000000000", "-1E"),
    ("1.0E", Some(1000000000000000000), "1000000000000000000", "1E"),
    ("-1000000000000000000.0", None, "-1000000000000000000", "-1E"),
    ("1000000000000000000.0", None, "1000000000000000000", "1E"),
    // 000m
    ("-9999999999999999999000m", None, "-9999999999999999999", "-9999999999999999999"),
    ("9999999999999999999000m", None, "9999999999999999999", "9999999999999999999"),
    // .1
    ("-9999999999999999999.1", None, "-9999999999999999999.1", "-9999999999999999999100m"),
    ("9999999999999999999.1", None, "9999999999999999999.1", "9999999999999999999100m"),
    ("-1.0000000000000000001E", None, "-1000000000000000000.1", "-1000000000000000000100m"),
    ("1.0000000000000000001E", None, "1000000000000000000.1", "1000000000000000000100m"),
    ("-1000000000000000000.1", None, "-1000000000000000000.1", "-1000000000000000000100m"),
    ("1000000000000000000.1", None, "1000000000000000000.1", "1000000000000000000100m"),
    // +1
    ("-1.000000000000000001E", None, "-1000000000000000001", "-1000000000000000001"),
    ("1.000000000000000001E", None, "1000000000000000001", "1000000000000000001"),
    ("-1000000000000000001", None, "-1000000000000000001", ""),
    ("1000000000000000001", None, "1000000000000000001", ""),
    // min/max 20 digits
    ("-10E", None, "-10000000000000000000", ""),
    ("10E", None, "10000000000000000000", ""),
    ("-10000000000000000000", None, "-10000000000000000000", "-10E"),
    ("10000000000000000000", None, "10000000000000000000", "10E"),
    // .0
    ("-10.0E", None, "-10000000000000000000", "-10E"),
    ("10.0E", None, "10000000000000000000", "10E"),
    ("-10000000000000000000.0", None, "-10000000000000000000", "-10E"),
    ("10000000000000000000.0", None, "10000000000000000000", "10E"),
    // 000m
    ("-10000000000000000000000m", None, "-10000000000000000000", "-10E"),
    ("10000000000000000000000m", None, "10000000000000000000", "10E"),
    // .1
    ("-10.0000000000000000001E", None, "-10000000000000000000.1", "-10000000000000000000100m"),
    ("10.0000000000000000001E", None, "10000000000000000000.1", "10000000000000000000100m"),
    ("-10000000000000000000.1", None, "-10000000000000000000.1", "-10000000000000000000100m"),
    ("10000000000000000000.1", None, "10000000000000000000.1", "10000000000000000000100m"),
    // +1
    ("-10.000000000000000001E", None, "-10000000000000000001", "-10000000000000000001"),
    ("10.000000000000000001E", None, "10000000000000000001", "10000000000000000001"),
    ("-10000000000000000001", None, "-10000000000000000001", ""),
    ("10000000000000000001", None, "10000000000000000001", ""),
    // min/max int64 - 1
    ("-9223372036854775809", None, "-9223372036854775809", ""),
    ("9223372036854775806", None, "9223372036854775806", ""),
    // .0
    ("-9223372036854775809.0", None, "-9223372036854775809", "-9223372036854775809"),
    ("9223372036854775806.0", None, "9223372036854775806", "9223372036854775806"),
    // 000m
    ("-9223372036854775809000m", None, "-9223372036854775809", "-9223372036854775809"),
    ("9223372036854775806000m", None, "9223372036854775806", "9223372036854775806"),
    // .1
    ("-9223372036854775809.1", None, "-9223372036854775809.1", "-9223372036854775809100m"),
    ("9223372036854775806.1", None, "9223372036854775806.1", "9223372036854775806100m"),
    // min/max int64
    ("-9223372036854775808", None, "-9223372036854775808", ""),
    ("9223372036854775807", None, "9223372036854775807", ""),
    // .0
    ("-9223372036854775808.0", None, "-9223372036854775808", "-9223372036854775808"),
    ("9223372036854775807.0", None, "9223372036854775807", "9223372036854775807"),
    // 000m
    ("-9223372036854775808000m", None, "-9223372036854775808", "-9223372036854775808"),
    ("9223372036854775807000m", None, "9223372036854775807", "9223372036854775807"),
    // .1
    ("-9223372036854775808.1", None, "-9223372036854775808.1", "-9223372036854775808100m"),
    ("9223372036854775807.1", None, "9223372036854775807.1", "9223372036854775807100m"),
    // min/max int64 + 1
    ("-9223372036854775807", None, "-9223372036854775807", ""),
    ("9223372036854775808", None, "9223372036854775808", ""),
    // .0
    ("-9223372036854775807.0", None, "-9223372036854775807", "-9223372036854775807"),
    ("9223372036854775808.0", None, "9223372036854775808", "9223372036854775808"),
    // 000m
    ("-9223372036854775807000m", None, "-9223372036854775807", "-9223372036854775807"),
    ("9223372036854775808000m", None, "9223372036854775808", "9223372036854775808"),
    // .1
    ("-9223372036854775807.1", None, "-9223372036854775807.1", "-9223372036854775807100m"),
    ("9223372036854775808.1", None, "9223372036854775808.1", "9223372036854775808100m"),
];

/// Exact decimal text as a sum of its integer part and tenths (only `.1` occurs in the table).
fn exact(text: &str) -> Quantity {
    match text.strip_suffix(".1") {
        Some(int) => q(&format!("{int}100m")),
        None => q(text),
    }
}

// upstream: TestParseQuantity
#[test]
fn big_table() {
    for &(input, as_i64, value, canonical) in BIG_TABLE {
        let got = q(input);
        assert_eq!(got.as_i64(), as_i64, "{input}: AsInt64");
        assert_eq!(got, exact(value), "{input}: value");
        let expect = if canonical.is_empty() { input } else { canonical };
        assert_eq!(got.to_string(), expect, "{input}: text");
    }
}

// upstream: amount_test.go TestInt64AmountAsInt64
#[test]
fn int64_amount_as_int64() {
    let table = [(100, 0, Some(100)), (100, 1, Some(1000)), (100, -5, None), (100, 100, None)];
    for (value, scale, expect) in table {
        assert_eq!(int_q(value, scale, DSI).as_i64(), expect, "{value}e{scale}");
    }
}

// upstream: amount_test.go TestInt64AmountAdd (the sums; on overflow upstream's Quantity.Add
// carries on in inf.Dec, so the exact sum is checked)
#[test]
fn int64_amount_add() {
    let table = [
        ((100, 1), (10, 2), q("2000")),
        ((100, 1), (1, 2), q("1100")),
        ((100, 1), (1, 100), q("1e100") + q("1000")),
        ((-5, 2), (50, 1), q("0")),
        ((-5, 2), (5, 2), q("0")),
        ((MOST_POSITIVE, -1), (1, -1), q("922337203685477580.8")),
        ((MOST_POSITIVE, -1), (0, -1), q("922337203685477580.7")),
        ((MOST_POSITIVE / 10, 1), (10, 0), q("9223372036854775810")),
    ];
    for ((av, ae), (bv, be), want) in table {
        let a = int_q(av, ae, DSI);
        let b = int_q(bv, be, DSI);
        assert_eq!(a.clone() + b.clone(), want, "{a:?} + {b:?}");
        assert_eq!(b + a, want, "commutative");
    }
}

// upstream: amount_test.go TestInt64AsCanonicalString
#[test]
fn int64_as_canonical_string() {
    let table = [(100, 0, "100"), (100, 1, "1k"), (100, -1, "10"), (10800, -10, "1080n")];
    for (value, scale, expect) in table {
        assert_eq!(int_q(value, scale, DSI).to_string(), expect);
    }
}

// upstream: amount_test.go TestAmountSign
#[test]
fn amount_sign() {
    let table = [
        (-50, 1, -1),
        (0, 1, 0),
        (300, 1, 1),
        (-50, -8, -1),
        (50, -8, 1),
        (0, -8, 0),
        (-50, 0, -1),
        (50, 0, 1),
        (0, 0, 0),
    ];
    for (value, scale, expect) in table {
        assert_eq!(int_q(value, scale, DSI).sign(), expect);
        assert_eq!(dec_q(value, scale, DSI).sign(), expect);
    }
}

// upstream: amount_test.go TestInt64AmountAsScaledInt64 (overflow shows as ScaledValue's 0)
#[test]
fn int64_amount_as_scaled_int64() {
    let table = [
        ((100, 0), 5, 1),
        ((100, 1), 1, 100),
        ((100, 5), 2, 100000),
        ((876, 30), 4, 0),
        ((93, -1), 0, 10),
        ((100, -1), 0, 10),
        ((-1932, 2), 4, -20),
        ((-1900, 2), 4, -19),
    ];
    for ((value, scale), to, expect) in table {
        assert_eq!(int_q(value, scale, DSI).scaled_value(to), expect, "{value}e{scale} at {to}");
    }
}

// upstream: quantity_example_test.go ExampleFormat, ExampleMustParse
#[test]
fn examples() {
    assert_eq!(Quantity::new(5 * 1024 * 1024 * 1024, BSI).to_string(), "5Gi");
    assert_eq!(Quantity::new(5 * 1000 * 1000 * 1000, DSI).to_string(), "5G");
    assert_eq!(Quantity::new_milli(5300, DSI).to_string(), "5300m");

    assert_eq!((q("5Gi").value(), q("5Gi").format()), (5368709120, BSI));
    assert_eq!((q("5G").value(), q("5G").format()), (5000000000, DSI));
    assert_eq!((q("5300m").milli_value(), q("5300m").format()), (5300, DSI));
    assert_eq!((q("5.4").milli_value(), q("5.4").format()), (5400, DSI));
}

// Upstream's messages (quantity.go ErrFormatWrong, ErrNumeric, ErrSuffix).
#[test]
fn error_messages() {
    let text = |input| Quantity::parse(input).map(|_| ()).unwrap_err().to_string();
    assert_eq!(
        text("x"),
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    );
    assert_eq!(text(".e-10"), "unable to parse numeric part of quantity");
    assert_eq!(
        text("1Zi"),
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    );
    assert_eq!(text("1mi"), "unable to parse quantity's suffix");
    let err = serde_json::from_str::<Quantity>(r#""1mi""#).unwrap_err().to_string();
    assert!(err.starts_with("unable to parse quantity's suffix"), "{err}");
}

// Upstream behaviour worth pinning because it surprises: each follows from quantity.go.
#[test]
fn upstream_quirks() {
    // ParseQuantity keeps the input as the text when it looks canonical to its quick check.
    for text in ["+1", "01", "1.500k", "1.100", "1E3", "1e0", "+1Ki", "1e+3", "1e4294967296"] {
        assert_eq!(q(text).to_string(), text);
    }
    assert_eq!((q("1.500k").value(), q("1.100").milli_value()), (1500, 1100));
    // The exponent is truncated to int32: 2^32 is 0.
    assert_eq!(q("1e4294967296").value(), 1);
    // Any change drops the kept text.
    assert_eq!((q("+1") + q("0")).to_string(), "1");
    // DecimalSI has no suffix past E, and upstream prints none.
    assert_eq!(q("1000E").to_string(), "1");
    assert_eq!(q("1000E"), q("1e21"));
    // BinarySI is capped at 2^63-1 in magnitude.
    assert_eq!(q("-8Ei").to_string(), "-9223372036854775807");
    // A number may have no digits at all ...
    for text in ["m", "-", "+", ".", "Ki", "e5", "0e-10"] {
        assert!(q(text).is_zero(), "{text}");
    }
    assert_eq!(q("Ki").format(), BSI);
    // ... unless it needs inf.Dec, whose parser wants one.
    for text in [".e-10", "e-10", "-e-10", "+.E-10"] {
        assert_eq!(Quantity::parse(text), Err(QuantityError::Numeric), "{text}");
    }
    // Value() rounds away from zero in the int64 form, but the inf.Dec form (here: precision
    // beyond 1n, rounded up to 1n) adds one to a truncated negative quotient.
    assert_eq!(q("-1.5").value(), -2);
    assert_eq!(q("-1.0000000000001").value(), 0);
    assert_eq!(q("-1.0000000000001").milli_value(), -999);
    assert_eq!(q("1.0000000000001").value(), 2);
    // Setting the format keeps text kept from parsing.
    let mut binary = q("1Ki");
    binary.set_format(DSI);
    assert_eq!(binary.to_string(), "1Ki");
    assert_eq!((binary + q("0")).to_string(), "1024");
}

// podlife's limits (see the module doc).
#[test]
fn out_of_range() {
    for text in ["1e1001", "1e-1001", "1e1000", "10e999", &"1".repeat(2001), &format!("0.{}1", "0".repeat(2000))] {
        assert_eq!(Quantity::parse(text), Err(QuantityError::OutOfRange), "{text}");
    }
    assert_eq!(q("1e999").to_string(), "1e999");
    assert_eq!(q(&"9".repeat(1000)).to_string(), "9".repeat(1000));
    assert_eq!(q("1e-1000").to_string(), "1e-9");
    assert_eq!(q("-1e-1000").to_string(), "-1e-9");
    assert_eq!(q("0.000000000000001").to_string(), "1n");
    assert!(q("0e-1000").is_zero());
    assert_eq!(q("12e500").as_approximate_f64(), f64::INFINITY);
    // Constructors clamp the scale.
    assert_eq!(Quantity::new_scaled(1, i32::MAX), Quantity::new_scaled(1, 1000));
    assert!(Quantity::new_scaled(1, i32::MAX) > q("9e999"));
}

// How JSON numbers are read: as Go's encoding/json writes a float64 (module doc).
#[test]
fn json_numbers() {
    let read = |json: &str| serde_json::from_str::<Quantity>(json).map(|q| (q.to_string(), q.format())).unwrap();
    assert_eq!(read("0.5"), ("500m".into(), DSI));
    assert_eq!(read("1e3"), ("1k".into(), DSI));
    assert_eq!(read("1e21"), ("1e+21".into(), DE));
    assert_eq!(read("1e-7"), ("100e-9".into(), DE));
    assert_eq!(read("-2"), ("-2".into(), DSI));
    assert_eq!(read("null"), ("0".into(), DSI));
    assert_eq!(serde_json::from_str::<Option<Quantity>>(r#""2Gi""#).unwrap(), Some(q("2Gi")));
    assert!(serde_json::from_str::<Quantity>("true").is_err());
}

#[test]
fn ordering_and_hash_by_value() {
    assert_eq!(q("1"), q("1000m"));
    assert_eq!(hash_of(&q("1")), hash_of(&q("1000m")));
    assert_eq!(hash_of(&q("1Ki")), hash_of(&dec_q(1024, 0, DSI)));
    assert_eq!(hash_of(&q("0")), hash_of(&q("0Gi")));
    assert!(q("1Gi") > q("1G"));
    assert!(q("-1") < q("0"));
    let total: Quantity = ["100m", "1", "1.5Gi"].iter().map(|t| q(t)).sum();
    assert_eq!(total.to_string(), "1610612737100m");
    assert_eq!(q("1.5Gi").to_string(), "1536Mi");
    assert_eq!(q("1.5").to_string(), "1500m");
    assert_eq!(q("0.5").to_string(), "500m");
    assert_eq!(q("1000m").to_string(), "1");
    assert_eq!(q("128Mi").to_string(), "128Mi");
    assert_eq!(q("100M").to_string(), "100M");
    assert_eq!(q("1e3").to_string(), "1e3");
    assert_eq!(q("1.5Gi").cmp_i64(1 << 30), std::cmp::Ordering::Greater);
}

/// Text in upstream's grammar (and some just outside it).
fn quantity_like() -> impl Strategy<Value = String> {
    "[+-]?[0-9]{0,24}(\\.[0-9]{0,24})?([numkMGTPE]|[KMGTPE]i|[eE][+-]?[0-9]{1,4})?"
}

/// Values upstream prints without a way back: DecimalSI past the `E` suffix.
fn prints_reversibly(q: &Quantity) -> bool {
    let limit = Quantity::parse("1e21").expect("valid");
    q.format() != DSI || (q.clone() < limit && q.clone() > -limit)
}

proptest! {
    #[test]
    fn any_text_never_panics(text in any::<String>()) {
        if let Ok(q) = Quantity::parse(&text) {
            let _ = (q.to_string(), q.value(), q.milli_value(), q.as_approximate_f64());
        }
    }

    #[test]
    fn quantity_chars_never_panic(text in "[-+0-9.eEinumkKMGTPx ]{0,40}") {
        if let Ok(q) = Quantity::parse(&text)
            && prints_reversibly(&q)
        {
            let back = Quantity::parse(&q.to_string());
            prop_assert_eq!(back, Ok(q));
        }
    }

    #[test]
    fn display_parses_back(text in quantity_like()) {
        match Quantity::parse(&text) {
            Ok(q) if prints_reversibly(&q) => {
                let shown = q.to_string();
                let back = Quantity::parse(&shown).map_err(|e| TestCaseError::fail(format!("{text} → {shown}: {e}")))?;
                prop_assert_eq!(&back, &q, "{} → {}", text, shown);
                prop_assert_eq!(back.to_string(), shown);
            }
            Ok(_) | Err(QuantityError::OutOfRange) => {}
            Err(QuantityError::FormatWrong) if text.is_empty() => {}
            // Digits are optional in the grammar, but the inf.Dec path wants some.
            Err(QuantityError::Numeric) if !text.split(['e', 'E']).next().unwrap_or("").bytes().any(|b| b.is_ascii_digit()) => {}
            Err(e) => prop_assert!(false, "{} did not parse: {}", text, e),
        }
    }

    #[test]
    fn arithmetic_is_exact_and_never_panics(a in quantity_like(), b in quantity_like(), m in any::<i64>(), s in -20i32..20) {
        let (Ok(a), Ok(b)) = (Quantity::parse(&a), Quantity::parse(&b)) else { return Ok(()) };
        let sum = a.clone() + b.clone();
        prop_assert_eq!(sum.clone() - b.clone(), a.clone());
        prop_assert_eq!(a.cmp(&b), (a.clone() - b.clone()).sign().cmp(&0));
        prop_assert_eq!(hash_of(&(sum.clone() - b.clone())), hash_of(&a));
        let mut product = a.clone();
        product.mul_i64(m);
        let mut rounded = sum.clone();
        rounded.round_up(s);
        // Away from zero.
        let away_from_zero = if sum.sign() >= 0 { rounded >= sum } else { rounded <= sum };
        prop_assert!(away_from_zero);
        for x in [&sum, &product, &rounded] {
            let _ = (x.to_string(), x.value(), x.scaled_value(s), x.as_approximate_f64(), x.as_i64());
        }
    }
}
