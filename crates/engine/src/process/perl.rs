//! `perl` one-liners as teaching manifests use them: `perl -Mbignum=bpi -wle 'print bpi(2000)'`
//! (the kubernetes.io Job example) and small `perl -e 'print "…"'` prints. Anything else is
//! not understood (the caller then says so).
//!
//! `bpi(N)` is pi to N significant digits, rounded half to even (Math::BigFloat's default
//! round mode), computed here (Machin's formula in fixed point), not stored. Under perl 5.36,
//! `bignum`'s `bpi` dies in Math::BigInt::Calc (seen on the `perl` image as `Can't use an
//! undefined value as an ARRAY reference at /usr/local/lib/perl5/5.36.0/Math/BigInt/Calc.pm
//! line 1049.`), which is why the kubernetes.io example pins `perl:5.34.0`; 5.38 fixed it.

/// What a one-liner does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
    /// CPU time, ms (one core).
    pub cpu_ms: u64,
}

/// The most digits `bpi` computes in podlife (the work grows with the square of it).
pub const MAX_BPI_DIGITS: u64 = 20_000;

/// Runs `argv` (`perl` or `perl5.34.0` first) as perl `version` (`5.34.0`; empty when not
/// known) would; None when podlife does not understand the program.
#[inline(never)]
pub fn run(argv: &[String], version: &str) -> Option<Run> {
    let mut args = argv.iter().skip(1);
    let (mut newline, mut bignum_bpi, mut code) = (false, false, None);
    while let Some(a) = args.next() {
        let switches = a.strip_prefix('-')?;
        let chars = switches.char_indices();
        for (i, c) in chars {
            match c {
                'w' => {}
                'l' => newline = true,
                'M' | 'm' => {
                    let module = &switches[i + 1..];
                    match module {
                        "bignum=bpi" | "bigrat=bpi" => bignum_bpi = true,
                        "strict" | "warnings" | "bignum" => {}
                        _ => return None,
                    }
                    break;
                }
                'e' | 'E' => {
                    let rest = &switches[i + 1..];
                    code = Some(if rest.is_empty() { args.next()?.clone() } else { rest.to_string() });
                    break;
                }
                _ => return None,
            }
        }
        if code.is_some() {
            break;
        }
    }
    let code = code?;
    if args.next().is_some() {
        return None;
    }
    let mut out = Run { stdout: String::new(), stderr: String::new(), code: 0, cpu_ms: 8 };
    for statement in code.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let list = statement.strip_prefix("print")?.trim();
        let list = list.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(list);
        let mut text = String::new();
        for item in split_list(list)? {
            if let Some(n) = item.strip_prefix("bpi(").and_then(|r| r.strip_suffix(')')) {
                let digits: u64 = n.trim().parse().ok()?;
                if !bignum_bpi || digits > MAX_BPI_DIGITS {
                    return None;
                }
                out.cpu_ms += bpi_cpu_ms(digits);
                if version.starts_with("5.36.") || version.starts_with("5.35.") {
                    out.stderr.push_str(&format!("Can't use an undefined value as an ARRAY reference at /usr/local/lib/perl5/{version}/Math/BigInt/Calc.pm line 1049.\n"));
                    out.code = 255;
                    return Some(out);
                }
                text.push_str(&pi(digits as usize));
            } else {
                text.push_str(&literal(item)?);
            }
        }
        out.stdout.push_str(&text);
        if newline {
            out.stdout.push('\n');
        }
    }
    Some(out)
}

/// The CPU `bpi(n)` takes: about 4 s for 2,000 digits on a node's core, growing with n².
fn bpi_cpu_ms(n: u64) -> u64 {
    (4_000 * n * n / (2_000 * 2_000)).max(1)
}

/// Splits a print list at top-level commas.
fn split_list(list: &str) -> Option<Vec<&str>> {
    let (mut items, mut depth, mut quote, mut start) = (vec![], 0i32, None, 0);
    for (i, c) in list.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                items.push(list[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if quote.is_some() || depth != 0 {
        return None;
    }
    items.push(list[start..].trim());
    Some(items.into_iter().filter(|i| !i.is_empty()).collect())
}

/// A string or number literal's value (`"a\n"`, `'a'`, `42`); None for anything else.
fn literal(item: &str) -> Option<String> {
    if let Some(s) = item.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')) {
        return Some(s.replace("\\'", "'").replace("\\\\", "\\"));
    }
    if let Some(s) = item.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        if s.contains(['$', '@']) {
            return None;
        }
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                other => out.push(other),
            }
        }
        return Some(out);
    }
    item.parse::<i64>().ok().map(|n| n.to_string())
}

/// Pi to `n` significant digits, rounded half to even, as Math::BigFloat prints it (`3.14`
/// for 3; `3` for 1).
pub fn pi(n: usize) -> String {
    let n = n.max(1);
    // Digits of pi (after the leading 3) with guard digits, in base 10^9 limbs.
    let guard = 12;
    let limbs = (n + guard).div_ceil(9) + 1;
    let digits = machin(limbs);
    let mut all: Vec<u8> = vec![3];
    for limb in &digits[1..] {
        let s = format!("{limb:09}");
        all.extend(s.bytes().map(|b| b - b'0'));
    }
    // Round to n significant digits, half to even (the guard digits decide "half").
    let (kept, rest) = all.split_at(n.min(all.len()));
    let mut kept = kept.to_vec();
    let first = rest.first().copied().unwrap_or(0);
    let tail_nonzero = rest.iter().skip(1).any(|d| *d != 0);
    let round_up = first > 5 || (first == 5 && (tail_nonzero || kept.last().is_some_and(|d| d % 2 == 1)));
    if round_up {
        for d in kept.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                break;
            }
        }
    }
    let mut out = String::with_capacity(n + 1);
    out.push((b'0' + kept[0]) as char);
    if kept.len() > 1 {
        out.push('.');
        out.extend(kept[1..].iter().map(|d| (b'0' + d) as char));
    }
    out
}

const BASE: u64 = 1_000_000_000;

/// pi = 16·atan(1/5) − 4·atan(1/239), in fixed point: limb 0 is the integer part, then
/// `limbs - 1` limbs of nine decimals.
fn machin(limbs: usize) -> Vec<u64> {
    let a = arctan_inverse(5, limbs);
    let b = arctan_inverse(239, limbs);
    let mut pi = mul_small(&a, 16);
    sub(&mut pi, &mul_small(&b, 4));
    pi
}

/// atan(1/x) = Σ (−1)^k / ((2k+1)·x^(2k+1)).
fn arctan_inverse(x: u64, limbs: usize) -> Vec<u64> {
    let mut power = vec![0u64; limbs];
    power[0] = 1;
    div_small(&mut power, x);
    let mut sum = power.clone();
    let x2 = x * x;
    let mut k = 1u64;
    loop {
        div_small(&mut power, x2);
        if power.iter().all(|l| *l == 0) {
            return sum;
        }
        let mut term = power.clone();
        div_small(&mut term, 2 * k + 1);
        if k % 2 == 1 {
            sub(&mut sum, &term);
        } else {
            add(&mut sum, &term);
        }
        k += 1;
    }
}

fn div_small(n: &mut [u64], d: u64) {
    let mut rem = 0u64;
    for limb in n.iter_mut() {
        let cur = rem * BASE + *limb;
        *limb = cur / d;
        rem = cur % d;
    }
}

fn mul_small(n: &[u64], m: u64) -> Vec<u64> {
    let mut out = n.to_vec();
    let mut carry = 0u64;
    for limb in out.iter_mut().rev() {
        let cur = *limb * m + carry;
        *limb = cur % BASE;
        carry = cur / BASE;
    }
    out[0] += carry * BASE;
    out
}

fn add(a: &mut [u64], b: &[u64]) {
    let mut carry = 0;
    for i in (0..a.len()).rev() {
        let cur = a[i] + b[i] + carry;
        a[i] = if i == 0 { cur } else { cur % BASE };
        carry = if i == 0 { 0 } else { cur / BASE };
    }
}

fn sub(a: &mut [u64], b: &[u64]) {
    let mut borrow = 0u64;
    for i in (0..a.len()).rev() {
        let need = b[i] + borrow;
        if a[i] >= need || i == 0 {
            a[i] = a[i].wrapping_sub(need);
            borrow = 0;
        } else {
            a[i] = a[i] + BASE - need;
            borrow = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn pi_digits() {
        assert_eq!(pi(1), "3");
        assert_eq!(pi(3), "3.14");
        assert_eq!(pi(5), "3.1416", "rounded, not cut");
        assert_eq!(pi(20), "3.1415926535897932385");
        let p = pi(2000);
        assert_eq!(p.len(), 2001);
        // The kubernetes.io Job page's output ends so.
        assert!(p.ends_with("958133904780275901"), "{}", &p[1950..]);
        assert!(p.starts_with("3.14159265358979323846264338327950288419716939937510"));
    }

    #[test]
    fn the_job_example() {
        let job = argv(&["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]);
        let run = run(&job, "5.34.0").unwrap_or_else(|| panic!("understood"));
        assert_eq!((run.code, run.stderr.as_str()), (0, ""));
        assert_eq!(run.stdout, format!("{}\n", pi(2000)));
        assert!(run.cpu_ms > 1_000);
        let broken = super::run(&job, "5.36.0").unwrap_or_else(|| panic!("understood"));
        assert_eq!(broken.code, 255);
        assert_eq!(broken.stderr, "Can't use an undefined value as an ARRAY reference at /usr/local/lib/perl5/5.36.0/Math/BigInt/Calc.pm line 1049.\n");
        assert_eq!(broken.stdout, "");
    }

    #[test]
    fn small_prints() {
        let out = |v: &[&str]| run(&argv(v), "5.42.0").map(|r| r.stdout);
        assert_eq!(out(&["perl", "-e", "print \"hello\\n\""]).as_deref(), Some("hello\n"));
        assert_eq!(out(&["perl", "-le", "print 'a', 'b'; print 42"]).as_deref(), Some("ab\n42\n"));
        assert_eq!(out(&["perl", "-e", "print(\"x\")"]).as_deref(), Some("x"));
        // Not understood: podlife says so instead of guessing.
        assert_eq!(out(&["perl", "-e", "while (1) { sleep 1 }"]), None);
        assert_eq!(out(&["perl", "-e", "print \"$ENV{HOME}\""]), None);
        assert_eq!(out(&["perl", "script.pl"]), None);
        assert_eq!(out(&["perl", "-wle", "print bpi(10)"]), None, "bpi without bignum");
        assert_eq!(out(&["perl", "-Mbignum=bpi", "-le", "print bpi(99999999)"]), None);
        assert_eq!(out(&["perl", "-e"]), None);
    }
}
