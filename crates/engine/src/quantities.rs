//! Quantity fields: checked when decoding (a bad one fails the decode, as
//! `Quantity.UnmarshalJSON` does) and stored in canonical form, rounded up to milli-units
//! (`SetDefaults_ResourceList`, upstream `pkg/apis/core/v1/defaults.go`).

use serde_json::Value;

use podlife_model::quantity::Quantity;

/// Calls `f` on every quantity-valued field of an object, with its path.
fn for_each_quantity(kind: &str, obj: &mut Value, f: &mut dyn FnMut(&str, &mut Value)) {
    fn resource_lists(v: &mut Value, path: &str, f: &mut dyn FnMut(&str, &mut Value)) {
        for list in ["requests", "limits"] {
            if let Some(m) = v.get_mut(list).and_then(Value::as_object_mut) {
                for (k, q) in m.iter_mut() {
                    f(&format!("{path}.{list}.{k}"), q);
                }
            }
        }
    }
    fn pod_spec(spec: &mut Value, path: &str, f: &mut dyn FnMut(&str, &mut Value)) {
        for list in ["initContainers", "containers", "ephemeralContainers"] {
            if let Some(cs) = spec.get_mut(list).and_then(Value::as_array_mut) {
                for (i, c) in cs.iter_mut().enumerate() {
                    if let Some(r) = c.get_mut("resources") {
                        resource_lists(r, &format!("{path}.{list}[{i}].resources"), f);
                    }
                }
            }
        }
        if let Some(r) = spec.get_mut("resources") {
            resource_lists(r, &format!("{path}.resources"), f);
        }
        if let Some(m) = spec.get_mut("overhead").and_then(Value::as_object_mut) {
            for (k, q) in m.iter_mut() {
                f(&format!("{path}.overhead.{k}"), q);
            }
        }
    }
    match kind {
        "Pod" => {
            if let Some(spec) = obj.get_mut("spec") {
                pod_spec(spec, "spec", f);
            }
        }
        "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" => {
            if let Some(spec) = obj.pointer_mut("/spec/template/spec") {
                pod_spec(spec, "spec.template.spec", f);
            }
        }
        "Node" => {
            for list in ["capacity", "allocatable"] {
                if let Some(m) = obj.pointer_mut(&format!("/status/{list}")).and_then(Value::as_object_mut) {
                    for (k, q) in m.iter_mut() {
                        f(&format!("status.{list}.{k}"), q);
                    }
                }
            }
        }
        "LimitRange" => {
            for (i, item) in obj.pointer_mut("/spec/limits").and_then(Value::as_array_mut).into_iter().flatten().enumerate() {
                for field in ["default", "defaultRequest", "max", "maxLimitRequestRatio", "min"] {
                    for (k, q) in item.get_mut(field).and_then(Value::as_object_mut).into_iter().flatten() {
                        f(&format!("spec.limits[{i}].{field}.{k}"), q);
                    }
                }
            }
        }
        "PersistentVolumeClaim" => {
            if let Some(r) = obj.pointer_mut("/spec/resources") {
                resource_lists(r, "spec.resources", f);
            }
        }
        _ => {}
    }
}

/// The first quantity that does not parse: its path and upstream's error text.
/// (Takes the object mutably only to share `for_each_quantity`'s walk; it is not changed.)
pub fn check(kind: &str, obj: &mut Value) -> Result<(), (String, String)> {
    let mut first = None;
    for_each_quantity(kind, obj, &mut |path, q| {
        if first.is_some() {
            return;
        }
        let text = match q {
            Value::String(s) => s.trim().to_string(),
            // The raw JSON Go's `Quantity.UnmarshalJSON` gets: a YAML float as `json.Marshal`
            // wrote it.
            Value::Number(n) => podlife_model::json::number(n),
            Value::Null => return,
            other => podlife_model::json::to_string(other),
        };
        if let Err(e) = text.parse::<Quantity>() {
            first = Some((path.to_string(), e.to_string()));
        }
    });
    first.map_or(Ok(()), Err)
}

/// Rewrites every quantity in canonical form (`0.5` → `500m`, `1024Mi` → `1Gi`).
pub fn canonicalize(kind: &str, obj: &mut Value) {
    for_each_quantity(kind, obj, &mut |_, q| {
        if let Some(mut parsed) = q.as_str().and_then(|s| s.trim().parse::<Quantity>().ok()) {
            parsed.round_up(podlife_model::quantity::MILLI);
            *q = Value::String(parsed.to_string());
        }
    });
}

/// Go's `%#v` of the `resource.Quantity` that `ParseQuantity` makes of `text` on its fast path
/// (an int64 times a power of ten; the string kept when it is already in canonical form):
/// `resource.Quantity{i:resource.int64Amount{value:2147483648, scale:0},
/// d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2Gi", Format:"BinarySI"}`.
pub fn go_quantity(text: &str) -> String {
    let (value, scale, cached, format) = fast_parse(text).unwrap_or((0, 0, false, "DecimalSI"));
    let s = if cached { text } else { "" };
    format!("resource.Quantity{{i:resource.int64Amount{{value:{value}, scale:{scale}}}, d:resource.infDecAmount{{Dec:(*inf.Dec)(nil)}}, s:\"{s}\", Format:\"{format}\"}}")
}

/// `ParseQuantity`'s fast path: (value, scale, whether `s` is kept, format).
fn fast_parse(text: &str) -> Option<(i64, i32, bool, &'static str)> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let digits_end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let num = if digits_end == 0 { "0" } else { &rest[..digits_end] };
    let mut tail = &rest[digits_end..];
    let mut denom = "";
    if let Some(after) = tail.strip_prefix('.') {
        let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        denom = &after[..end];
        tail = &after[end..];
    }
    let (format, exponent): (&'static str, i32) = match tail {
        "" => ("DecimalSI", 0),
        "n" => ("DecimalSI", -9),
        "u" => ("DecimalSI", -6),
        "m" => ("DecimalSI", -3),
        "k" => ("DecimalSI", 3),
        "M" => ("DecimalSI", 6),
        "G" => ("DecimalSI", 9),
        "T" => ("DecimalSI", 12),
        "P" => ("DecimalSI", 15),
        "E" => ("DecimalSI", 18),
        "Ki" => ("BinarySI", 10),
        "Mi" => ("BinarySI", 20),
        "Gi" => ("BinarySI", 30),
        "Ti" => ("BinarySI", 40),
        "Pi" => ("BinarySI", 50),
        "Ei" => ("BinarySI", 60),
        e if e.starts_with(['e', 'E']) => ("DecimalExponent", e[1..].parse().ok()?),
        _ => return None,
    };
    let digits = (num.len() + denom.len()) as i32;
    let (mut scale, mantissa, precision) = if format == "BinarySI" {
        if denom.is_empty() { (0, 1i64.checked_shl(exponent as u32)?, 15 - num.len() as i32 - (exponent as f32 * 3.0 / 10.0) as i32 - 1) } else { (0, 1, -1) }
    } else {
        (exponent, 1, 18 - digits)
    };
    if precision < 0 {
        return None;
    }
    scale -= denom.len() as i32;
    if scale < -9 {
        return None;
    }
    let shifted = format!("{num}{denom}");
    let value: i64 = shifted.parse().ok()?;
    let mut result = value.checked_mul(mantissa)?;
    if negative {
        result = -result;
    }
    let cached = if format == "BinarySI" { exponent % 10 == 0 && value & 0x07 != 0 } else { scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0') };
    Some((result, scale, cached, format))
}
