//! `podlife traffic TARGET --rps N --for DURATION`: starts the engine's traffic clients in the
//! background; when a run ends, its per-second table and one summary line
//! (`traffic svc/web: 3000 requests, 2970 ok, 30 failed (30 502, 0 reset, 0 timeout)`).

use podlife_engine::traffic::{Outcome, TrafficReport, TrafficSpec};

use crate::printers::table;

/// Parses `svc/NAME [--rps N] [--for D] [-n NS] [--port P] [--path /p]`.
#[inline(never)]
pub fn parse(args: &[&str]) -> Result<TrafficSpec, String> {
    let mut spec = TrafficSpec { namespace: "default".into(), service: String::new(), port: None, path: "/".into(), rps: 10, duration_ms: 30_000 };
    let mut i = 0;
    while i < args.len() {
        let (flag, inline) = match args[i].split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v)),
            _ => (args[i], None),
        };
        let mut value = || -> Result<&str, String> {
            if let Some(v) = inline {
                return Ok(v);
            }
            i += 1;
            args.get(i).copied().ok_or_else(|| format!("flag needs an argument: {flag}"))
        };
        match flag {
            "--rps" => spec.rps = value()?.parse().map_err(|_| "--rps takes a whole number of requests per second".to_string())?,
            "--for" => spec.duration_ms = duration_ms(value()?)?,
            "-n" | "--namespace" => spec.namespace = value()?.to_string(),
            "--port" => spec.port = Some(value()?.parse().map_err(|_| "--port takes a port number".to_string())?),
            "--path" => {
                let p = value()?;
                if !p.starts_with('/') {
                    return Err(format!("--path must start with /: {p:?}"));
                }
                spec.path = p.to_string();
            }
            f if f.starts_with('-') => return Err(format!("unknown flag: {f}")),
            target => {
                if !spec.service.is_empty() {
                    return Err(format!("one target only (got {target:?} after svc/{})", spec.service));
                }
                let (kind, name) = target.split_once('/').ok_or_else(|| format!("the target is a Service, as svc/NAME (got {target:?})"))?;
                if !matches!(kind, "svc" | "service" | "services") || name.is_empty() {
                    return Err(format!("the target is a Service, as svc/NAME (got {target:?})"));
                }
                spec.service = name.to_string();
            }
        }
        i += 1;
    }
    if spec.service.is_empty() {
        return Err("usage: podlife traffic svc/NAME [--rps N] [--for DURATION] [--path /PATH] [--port PORT] [-n NAMESPACE]".into());
    }
    Ok(spec)
}

/// `50ms`, `1.5s`, `2m`, `1h` (a bare number is seconds) → milliseconds.
pub fn duration_ms(text: &str) -> Result<u64, String> {
    let (num, factor) = if let Some(n) = text.strip_suffix("ms") { (n, 1.0) } else { (text, 1000.0) };
    let secs = if factor == 1.0 { podlife_engine::parse_f64(num).ok_or_else(|| format!("invalid time interval '{text}'"))? / 1000.0 } else { crate::script::parse_duration(num)? };
    if !secs.is_finite() || !(0.0..=86_400.0).contains(&secs) {
        return Err(format!("invalid time interval '{text}'"));
    }
    Ok((secs * 1000.0).round() as u64)
}

/// `D` or `MIN-MAX` (each as `duration_ms` reads it) → (min, max) ms.
pub fn range_ms(flag: &str, value: &str) -> Result<(u64, u64), String> {
    let (lo, hi) = value.split_once('-').unwrap_or((value, value));
    let (lo, hi) = (duration_ms(lo)?, duration_ms(hi)?);
    if lo > hi {
        return Err(format!("{flag}: {lo} ms is more than {hi} ms"));
    }
    Ok((lo, hi))
}

/// The per-second table, then the summary line.
pub fn render(report: &TrafficReport) -> String {
    let codes = report.app_codes();
    let mut header: Vec<String> = vec!["SECOND".into(), "OK".into(), "502".into()];
    header.extend(codes.iter().map(u16::to_string));
    header.extend(["RESET".into(), "TIMEOUT".into(), "FAILED FROM".into()]);
    let mut rows = vec![header];
    for (i, s) in report.seconds.iter().enumerate() {
        let n = |o: Outcome| s.counts.get(&o).copied().unwrap_or(0).to_string();
        let mut row = vec![format!("{i}s"), n(Outcome::Ok), n(Outcome::BadGateway)];
        row.extend(codes.iter().map(|c| n(Outcome::App(*c))));
        let from: Vec<String> = s.failed_by_node.iter().map(|(node, k)| format!("{node} ({k})")).collect();
        row.extend([n(Outcome::Reset), n(Outcome::Timeout), from.join(", ")]);
        rows.push(row);
    }
    // A row with no failures ends at TIMEOUT, without trailing blanks.
    let mut out: String = table::render(&rows).lines().map(|l| format!("{}\n", l.trim_end())).collect();
    out.push_str(&summary(report));
    out.push('\n');
    out
}

/// `traffic svc/web: 3000 requests, 2970 ok, 30 failed (30 502, 0 reset, 0 timeout)`; an
/// app's own 5xx answers are listed after the 502s when there are any.
pub fn summary(report: &TrafficReport) -> String {
    let total = report.requests();
    let ok = report.total(Outcome::Ok);
    let mut parts = vec![format!("{} 502", report.total(Outcome::BadGateway))];
    parts.extend(report.app_codes().iter().map(|c| format!("{} {c}", report.total(Outcome::App(*c)))));
    parts.push(format!("{} reset", report.total(Outcome::Reset)));
    parts.push(format!("{} timeout", report.total(Outcome::Timeout)));
    format!("traffic {}: {total} requests, {ok} ok, {} failed ({})", report.target, total - ok, parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_brief_form() {
        let spec = parse(&["svc/web", "--rps", "50", "--for", "60s"]).unwrap();
        assert_eq!((spec.service.as_str(), spec.rps, spec.duration_ms), ("web", 50, 60_000));
        let spec = parse(&["service/api", "--rps=5", "--for=1m", "-n", "shop", "--path", "/ready"]).unwrap();
        assert_eq!((spec.namespace.as_str(), spec.rps, spec.duration_ms, spec.path.as_str()), ("shop", 5, 60_000, "/ready"));
        assert!(parse(&["pod/web"]).is_err());
        assert!(parse(&["svc/web", "--rps"]).is_err());
        assert!(parse(&["svc/web", "--for", "soon"]).is_err());
        assert_eq!(duration_ms("250ms"), Ok(250));
        assert_eq!(duration_ms("1.5s"), Ok(1_500));
    }
}
