//! `duration.HumanDuration` and `ShortHumanDuration` (upstream:
//! `apimachinery/pkg/util/duration/duration.go`), used by every AGE column.

/// kubectl's AGE: `5s`, `2m30s`, `45m`, `3h`, `5d`, `2y10d`.
pub fn human_duration(millis: i64) -> String {
    let seconds = millis.div_euclid(1000);
    if seconds < -1 {
        return "<invalid>".into();
    }
    if seconds < 0 {
        return "0s".into();
    }
    if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 { format!("{minutes}m") } else { format!("{minutes}m{s}s") };
    }
    if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = seconds / 3600;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 { format!("{hours}h") } else { format!("{hours}h{m}m") };
    }
    if hours < 48 {
        return format!("{hours}h");
    }
    if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 { format!("{}d", hours / 24) } else { format!("{}d{h}h", hours / 24) };
    }
    if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    }
    if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        return if dy == 0 { format!("{}y", hours / 24 / 365) } else { format!("{}y{dy}d", hours / 24 / 365) };
    }
    format!("{}y", hours / 24 / 365)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upstream `TestHumanDuration` vectors.
    #[test]
    fn upstream_vectors() {
        let s = 1000i64;
        let m = 60 * s;
        let h = 60 * m;
        let d = 24 * h;
        for (ms, want) in [
            (s, "1s"),
            (70 * s, "70s"),
            (190 * s, "3m10s"),
            (70 * m, "70m"),
            (47 * h, "47h"),
            (49 * h, "2d1h"),
            (8 * d + h, "8d"),
            (367 * d, "367d"),
            (365 * 2 * d + 3 * d, "2y3d"),
            (365 * 8 * d + 3 * d, "8y"),
            (2 * m, "2m"),
            (10 * m, "10m"),
            (3 * h, "3h"),
            (3 * h + 30 * m, "3h30m"),
            (8 * h, "8h"),
            (-2 * s, "<invalid>"),
            (-s, "0s"),
        ] {
            assert_eq!(human_duration(ms), want, "{ms}");
        }
    }
}
