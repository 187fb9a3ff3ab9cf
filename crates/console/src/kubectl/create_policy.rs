//! `kubectl create poddisruptionbudget NAME` (`kubectl/pkg/cmd/create/create_pdb.go`) and
//! `kubectl create priorityclass NAME` (`create_priorityclass.go`): the budgets and priorities a
//! learner sets for eviction and preemption, built as the generators build them and sent
//! through `create_sub::send_generated`.

use podlife_engine::json;
use podlife_engine::labels::Selector;
use podlife_model::ResourceType;
use serde_json::Value;

use super::Context;
use super::flags::{self, Kind, Spec};
use crate::Output;

/// The flags and the one NAME of a generator; None once the error is printed.
fn parse(args: &[String], own: &[Spec], command: &str, out: &mut Output) -> Option<(flags::Parsed, String)> {
    let p = super::create_sub::generator_flags(args, own, command, out)?;
    let name = super::create_sub::one_name(&p, command, out)?;
    Some((p, name))
}

/// `create poddisruptionbudget NAME --selector=SELECTOR (--min-available=N | --max-unavailable=N)`.
pub fn pod_disruption_budget(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    const OWN: &[Spec] = &[
        Spec { long: "selector", short: None, kind: Kind::Value },
        Spec { long: "min-available", short: None, kind: Kind::Value },
        Spec { long: "max-unavailable", short: None, kind: Kind::Value },
    ];
    let Some((p, name)) = parse(args, OWN, "create poddisruptionbudget", out) else { return };
    let (selector, min, max) = (p.get("selector").unwrap_or_default(), p.get("min-available").unwrap_or_default(), p.get("max-unavailable").unwrap_or_default());
    // `Validate`.
    let error = if selector.is_empty() {
        Some("a selector must be specified")
    } else if min.is_empty() && max.is_empty() {
        Some("one of min-available or max-unavailable must be specified")
    } else if !min.is_empty() && !max.is_empty() {
        Some("min-available and max-unavailable cannot be both specified")
    } else if !min.is_empty() && !count_or_percent(min) {
        Some("invalid format specified for min-available")
    } else if !max.is_empty() && !count_or_percent(max) {
        Some("invalid format specified for max-unavailable")
    } else {
        None
    };
    if let Some(e) = error {
        return out.err(&format!("error: {e}\n"));
    }
    // `metav1.ParseToLabelSelector`.
    let label_selector = match Selector::parse(selector).map_err(|e| format!("couldn't parse the selector string \"{selector}\": {e}")).and_then(|s| s.to_label_selector()) {
        Ok(s) => s,
        Err(e) => return out.err(&format!("error: {e}\n")),
    };
    let mut spec = json!({"selector": label_selector});
    // `intstr.Parse`: a number is an int, anything else (`50%`) a string.
    let value = |v: &str| v.parse::<i64>().map_or_else(|_| json!(v), |n| json!(n));
    if !min.is_empty() {
        spec["minAvailable"] = value(min);
    } else {
        spec["maxUnavailable"] = value(max);
    }
    let obj = json!({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": name}, "spec": spec, "status": {"currentHealthy": 0, "desiredHealthy": 0, "disruptionsAllowed": 0, "expectedPods": 0}});
    let Some(rt) = ResourceType::resolve("poddisruptionbudgets") else { return };
    super::create_sub::send_wrapped(ctx, out, &p, rt, &name, obj, "poddisruptionbudgets");
}

/// `^[0-9]+%?$`: a count or a percentage.
fn count_or_percent(v: &str) -> bool {
    let digits = v.strip_suffix('%').unwrap_or(v);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `create priorityclass NAME --value=N [--global-default] [--description=…] [--preemption-policy=…]`.
pub fn priority_class(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    const OWN: &[Spec] = &[
        Spec { long: "value", short: None, kind: Kind::Value },
        Spec { long: "global-default", short: None, kind: Kind::Bool },
        Spec { long: "description", short: None, kind: Kind::Value },
        Spec { long: "preemption-policy", short: None, kind: Kind::Value },
    ];
    let Some((p, name)) = parse(args, OWN, "create priorityclass", out) else { return };
    let value = match p.get("value").map(str::parse::<i32>) {
        None => 0,
        Some(Ok(v)) => v,
        Some(Err(_)) => {
            let v = p.get("value").unwrap_or_default();
            return out.err(&format!("error: invalid argument \"{v}\" for \"--value\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax\nSee 'kubectl create priorityclass --help' for usage.\n"));
        }
    };
    let mut obj = json!({"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name}, "value": value, "preemptionPolicy": p.get("preemption-policy").unwrap_or("PreemptLowerPriority")});
    if p.flag("global-default") {
        obj["globalDefault"] = Value::Bool(true);
    }
    if let Some(d) = p.get("description").filter(|d| !d.is_empty()) {
        obj["description"] = json!(d);
    }
    let Some(rt) = ResourceType::resolve("priorityclasses") else { return };
    super::create_sub::send_wrapped(ctx, out, &p, rt, &name, obj, "priorityclass");
}
