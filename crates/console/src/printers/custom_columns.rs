//! `-o custom-columns=HEADER:PATH,…` and `-o custom-columns-file=FILE` (upstream:
//! `kubectl/pkg/cmd/get/customcolumn.go`, `customcolumn_flags.go`): one column per JSONPath
//! (`RelaxedJSONPathExpression` accepts `.a.b`, `a.b`, `{.a.b}`), a header row, and each
//! cell the values found, printed as Go's `fmt.Sprint` prints them and joined with commas
//! (`<none>` when nothing is found), through kubectl's tabwriter.

use serde_json::Value;

use super::{jsonpath, table};

/// One column: its header and its JSONPath template (`{.metadata.name}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub header: String,
    pub field: String,
}

/// `RelaxedJSONPathExpression`: `^\{\.?([^{}]+)\}$` or `^\.?([^{}]+)$` → `{.…}`.
pub(crate) fn relaxed(expr: &str) -> Result<String, String> {
    if expr.is_empty() {
        return Ok(String::new());
    }
    let inner = match expr.strip_prefix('{').and_then(|e| e.strip_suffix('}')) {
        Some(inner) => inner,
        None => expr,
    };
    let inner = inner.strip_prefix('.').unwrap_or(inner);
    if inner.is_empty() || inner.contains(['{', '}']) {
        return Err("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'".into());
    }
    Ok(format!("{{.{inner}}}"))
}

/// `NewCustomColumnsPrinterFromSpec`: `HEADER:PATH` pairs separated by commas.
pub fn parse_spec(spec: &str) -> Result<Vec<Column>, String> {
    if spec.is_empty() {
        return Err("custom-columns format specified but no custom columns given".into());
    }
    spec.split(',')
        .map(|part| match part.split_once(':') {
            Some((header, path)) => Ok(Column { header: header.to_string(), field: relaxed(path)? }),
            None => Err(format!("unexpected custom-columns spec: {part}, expected <header>:<json-path-expr>")),
        })
        .collect()
}

/// `NewCustomColumnsPrinterFromTemplate`: a line of headers, then a line of paths, split on
/// white space.
pub fn parse_template(text: &str) -> Result<Vec<Column>, String> {
    let mut lines = text.lines();
    let headers: Vec<&str> = lines
        .next()
        .ok_or("invalid template, missing header line. Expected format is one line of space separated headers, one line of space separated column specs.")?
        .split_whitespace()
        .collect();
    let specs: Vec<&str> = lines
        .next()
        .ok_or("invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.")?
        .split_whitespace()
        .collect();
    if headers.len() != specs.len() {
        return Err(format!("number of headers ({}) and field specifications ({}) don't match", headers.len(), specs.len()));
    }
    headers.iter().zip(specs).map(|(h, s)| Ok(Column { header: h.to_string(), field: relaxed(s)? })).collect()
}

/// Go's `fmt.Sprint` of a decoded JSON value (`map[k:v …]` sorted by key, `[a b]`).
pub fn go_sprint(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => format!("[{}]", items.iter().map(go_sprint).collect::<Vec<_>>().join(" ")),
        Value::Object(m) => format!("map[{}]", m.iter().map(|(k, v)| format!("{k}:{}", go_sprint(v))).collect::<Vec<_>>().join(" ")),
    }
}

/// The table for `items`: the header row (unless `no_headers`), then one row per object.
pub fn render(columns: &[Column], items: &[Value], no_headers: bool) -> Result<String, String> {
    let mut rows = Vec::new();
    if !no_headers {
        rows.push(columns.iter().map(|c| c.header.clone()).collect::<Vec<_>>());
    }
    for item in items {
        let mut row = Vec::new();
        for c in columns {
            let values = jsonpath::find_results(&c.field, item)?;
            row.push(if values.is_empty() { "<none>".to_string() } else { values.iter().map(go_sprint).collect::<Vec<_>>().join(",") });
        }
        rows.push(row);
    }
    Ok(table::render(&rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_engine::json;

    #[test]
    fn specs_as_kubectl_reads_them() {
        assert_eq!(parse_spec("NAME:.metadata.name,IP:{.status.podIP},X:spec.x").map(|c| c.into_iter().map(|c| c.field).collect::<Vec<_>>()), Ok(vec!["{.metadata.name}".to_string(), "{.status.podIP}".into(), "{.spec.x}".into()]));
        assert_eq!(parse_spec("NAME").unwrap_err(), "unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>");
        assert_eq!(parse_spec("").unwrap_err(), "custom-columns format specified but no custom columns given");
        assert!(parse_spec("A:{.a}{.b}").is_err());
        assert_eq!(parse_template("A B\n.a").unwrap_err(), "number of headers (2) and field specifications (1) don't match");
    }

    #[test]
    fn cells_print_as_go_prints_them() {
        let pod = json!({"metadata": {"name": "p", "labels": {"b": "2", "a": "1"}}, "spec": {"containers": [{"name": "a", "ports": [{"containerPort": 80}]}, {"name": "b"}]}});
        let cols = parse_spec("NAME:.metadata.name,CONTAINERS:.spec.containers[*].name,LABELS:.metadata.labels,PORTS:.spec.containers[*].ports,NODE:.spec.nodeName").expect("valid");
        assert_eq!(render(&cols, &[pod], false), Ok("NAME   CONTAINERS   LABELS         PORTS                     NODE\np      a,b          map[a:1 b:2]   [map[containerPort:80]]   <none>\n".to_string()));
    }
}
