//! The batch kinds' validation that is more than a workload's (`pkg/apis/batch/validation`):
//! a CronJob's schedule and time zone, a Job's per-index back-off and success policy. Shared
//! with the Job controller: `parse_intervals`, the `completedIndexes` / `succeededIndexes`
//! interval text.

use serde_json::Value;

use super::status::{FieldError, quote};
use crate::cron;
use crate::vecmap::VecSet;

/// `validateScheduleFormat` / `validateTimeZone` (`pkg/apis/batch/validation`): field errors
/// for a CronJob's schedule and zone.
pub fn cron_job(obj: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &obj["spec"];
    if let Some(schedule) = spec["schedule"].as_str().filter(|s| !s.is_empty()) {
        if let Err(e) = cron::parse_standard(schedule) {
            errs.push(FieldError::invalid("spec.schedule", quote(schedule), e));
        }
        if schedule.contains("TZ") {
            errs.push(FieldError::invalid("spec.schedule", quote(schedule), "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"));
            if spec["timeZone"].is_string() {
                errs.push(FieldError::invalid("spec.schedule", quote(schedule), "cannot use both timeZone field and TZ or CRON_TZ in schedule"));
            }
        }
    }
    if let Some(tz) = spec["timeZone"].as_str() {
        if tz.is_empty() {
            errs.push(FieldError::invalid("spec.timeZone", quote(tz), "timeZone must be nil or non-empty string"));
        } else if tz.eq_ignore_ascii_case("local") {
            errs.push(FieldError::invalid("spec.timeZone", quote(tz), "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"));
        } else if let Err(e) = cron::load_location(tz) {
            errs.push(FieldError::invalid("spec.timeZone", quote(tz), e));
        }
    }
    if let Some(n) = spec["startingDeadlineSeconds"].as_i64().filter(|n| *n < 0) {
        errs.push(FieldError::invalid("spec.startingDeadlineSeconds", n.to_string(), "must be greater than or equal to 0"));
    }
    for f in ["successfulJobsHistoryLimit", "failedJobsHistoryLimit"] {
        if let Some(n) = spec[f].as_i64().filter(|n| *n < 0) {
            errs.push(FieldError::invalid(format!("spec.{f}"), n.to_string(), "must be greater than or equal to 0"));
        }
    }
    errs
}

/// The parts of `ValidateJobSpec` (`pkg/apis/batch/validation`) about the per-index back-off
/// and the success policy, in upstream's order, for a Job spec at `base`. Not checked: a
/// successPolicy on a NonIndexed Job (upstream prints the policy with Go's `%#v`, pointer
/// addresses included) and the format of `succeededIndexes`.
pub fn job_policies(spec: &Value, base: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let non_negative = |v: &Value, field: &str, errs: &mut Vec<FieldError>| {
        if let Some(n) = v.as_i64().filter(|n| *n < 0) {
            errs.push(FieldError::invalid(format!("{base}.{field}"), n.to_string(), "must be greater than or equal to 0"));
        }
    };
    let per_index = &spec["backoffLimitPerIndex"];
    let max_failed = &spec["maxFailedIndexes"];
    non_negative(per_index, "backoffLimitPerIndex", &mut errs);
    if !max_failed.is_null() {
        non_negative(max_failed, "maxFailedIndexes", &mut errs);
        if per_index.is_null() {
            errs.push(FieldError::required(format!("{base}.backoffLimitPerIndex"), "when maxFailedIndexes is specified"));
        }
    }
    let completions = spec["completions"].as_i64();
    if spec["completionMode"] == "Indexed" {
        if let (Some(c), Some(m)) = (completions, max_failed.as_i64())
            && m > c
        {
            errs.push(FieldError::invalid(format!("{base}.maxFailedIndexes"), m.to_string(), "must be less than or equal to completions"));
        }
    } else {
        for (v, field) in [(per_index, "backoffLimitPerIndex"), (max_failed, "maxFailedIndexes")] {
            if let Some(n) = v.as_i64() {
                errs.push(FieldError::invalid(format!("{base}.{field}"), n.to_string(), "requires indexed completion mode"));
            }
        }
    }
    for (i, rule) in spec["podFailurePolicy"]["rules"].as_array().into_iter().flatten().enumerate() {
        if rule["action"] == "FailIndex" && per_index.is_null() {
            errs.push(FieldError::invalid(format!("{base}.podFailurePolicy.rules[{i}].action"), "\"FailIndex\"".into(), "requires the backoffLimitPerIndex to be set"));
        }
    }
    if spec["successPolicy"].is_object() && spec["completionMode"] == "Indexed" {
        let rules = spec["successPolicy"]["rules"].as_array().map(Vec::as_slice).unwrap_or_default();
        if rules.is_empty() {
            errs.push(FieldError::required(format!("{base}.successPolicy.rules"), "at least one rules must be specified when the successPolicy is specified"));
        }
        for (i, rule) in rules.iter().enumerate() {
            let path = format!("{base}.successPolicy.rules[{i}]");
            if rule["succeededCount"].is_null() && rule["succeededIndexes"].is_null() {
                errs.push(FieldError::required(path.clone(), "at least one of succeededCount or succeededIndexes must be specified"));
            }
            if let Some(n) = rule["succeededCount"].as_i64() {
                let field = format!("{path}.succeededCount");
                non_negative(&rule["succeededCount"], &format!("successPolicy.rules[{i}].succeededCount"), &mut errs);
                if let Some(c) = completions.filter(|c| n > *c) {
                    errs.push(FieldError::invalid(field.clone(), n.to_string(), format!("must be less than or equal to {c} (the number of specified completions)")));
                }
                if let Some(text) = rule["succeededIndexes"].as_str() {
                    let total = parse_intervals(text, completions.unwrap_or(0)).len() as i64;
                    if n > total {
                        errs.push(FieldError::invalid(field, n.to_string(), format!("must be less than or equal to {total} (the number of indexes in the specified succeededIndexes field)")));
                    }
                }
            }
        }
    }
    errs
}

/// `parseIndexesFromString` (indexes at or above `completions` dropped).
pub fn parse_intervals(text: &str, completions: i64) -> VecSet<i64> {
    let mut out = VecSet::new();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let (Ok(a), Ok(b)) = (a.parse::<i64>(), b.parse::<i64>()) else { continue };
        for i in a..=b.min(completions - 1) {
            out.insert(i);
        }
    }
    out
}
