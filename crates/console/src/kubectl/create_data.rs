//! `kubectl create secret generic|tls|docker-registry NAME …` and `kubectl create configmap
//! NAME …`: data from `--from-literal`, `--from-file`, `--from-env-file` (and a TLS pair or
//! registry credentials), checked and named as kubectl does, then a POST with
//! `fieldManager=kubectl-create` (upstream: `kubectl/pkg/cmd/create/create_secret.go`,
//! `create_secret_tls.go`, `create_secret_docker.go`, `create_configmap.go`,
//! `pkg/util/util.go` `ParseFileSource`/`ParseLiteralSource`, `pkg/cmd/util/env_file.go`,
//! `pkg/util/hash/hash.go`; apimachinery `util/validation` `IsConfigMapKey`/`IsEnvVarName`).

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::flags::{self, Kind, Spec};
use super::{Context, DryRun, dry_run, impersonation, namespace_of, print_result};
use crate::Output;
use crate::base64;
use podlife_engine::json;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

/// The flags every `create secret …` / `create configmap` has (PrintFlags, dry run,
/// apply annotation, validation, field manager).
const COMMON: &[Spec] = &[
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "validate", short: None, kind: Kind::OptionalValue("strict") },
    Spec { long: "field-manager", short: None, kind: Kind::Value },
    Spec { long: "show-managed-fields", short: None, kind: Kind::Bool },
    Spec { long: "allow-missing-template-keys", short: None, kind: Kind::Bool },
    Spec { long: "template", short: None, kind: Kind::Value },
    Spec { long: "append-hash", short: None, kind: Kind::Bool },
];

const SOURCES: &[Spec] = &[
    // StringSlice flags split on commas; --from-literal is a StringArray (values may hold them).
    Spec { long: "from-file", short: None, kind: Kind::Multi },
    Spec { long: "from-literal", short: None, kind: Kind::Multi },
    Spec { long: "from-env-file", short: None, kind: Kind::Multi },
];

const SECRET_HELP: &str = "Create a secret with specified type.

 A docker-registry type secret is for accessing a container registry.

 A generic type secret indicate an Opaque secret type.

 A tls type secret holds TLS certificate and its associated key.

Available Commands:
  docker-registry   Create a secret for use with a Docker registry
  generic           Create a secret from a local file, directory, or literal value
  tls               Create a TLS secret

Usage:
  kubectl create secret (docker-registry | generic | tls) [options]

Use \"kubectl create secret <command> --help\" for more information about a given command.
Use \"kubectl options\" for a list of global command-line options (applies to all commands).
";

/// `create secret SUBCOMMAND …`.
pub fn secret(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let (sub, rest) = match args.split_first() {
        Some((sub, rest)) if !sub.starts_with('-') => (sub.as_str(), rest),
        // cobra's DefaultSubCommandRun: the help, then exit 1.
        _ => return out.err(SECRET_HELP),
    };
    let kind = match sub {
        "generic" => SecretKind::Generic,
        "tls" => SecretKind::Tls,
        "docker-registry" => SecretKind::DockerRegistry,
        other => return out.err(&format!("error: unknown command \"{other}\"\nSee 'kubectl create secret -h' for help and examples\n")),
    };
    let command = format!("create secret {sub}");
    let Some(p) = parse_flags(rest, kind.flags(), &command, out) else { return };
    let Some((name, dry)) = name_and_dry_run(&p, &command, out) else { return };
    let built = match kind {
        SecretKind::Generic => generic_data(ctx, &p).map(|data| (p.get("type").unwrap_or_default().to_string(), data)),
        SecretKind::Tls => tls_data(ctx, &p).map(|data| ("kubernetes.io/tls".to_string(), data)),
        SecretKind::DockerRegistry => docker_data(ctx, &p).map(|data| ("kubernetes.io/dockerconfigjson".to_string(), data)),
    };
    let (secret_type, data) = match built {
        Ok(b) => b,
        Err(e) => return out.err(&format!("error: {e}\n")),
    };
    let mut name = name;
    if p.flag("append-hash") {
        name = format!("{name}-{}", secret_hash(&name, &secret_type, &data));
    }
    let mut obj = json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name}});
    let encoded: Map<String, Value> = podlife_engine::sort::collect_object(data.iter().map(|(k, v)| (k.clone(), Value::String(base64::encode(v.as_bytes())))));
    if !encoded.is_empty() {
        obj["data"] = Value::Object(encoded);
    }
    if !secret_type.is_empty() {
        obj["type"] = json!(secret_type);
    }
    submit(ctx, &p, out, "secrets", &name, obj, dry, |e| format!("error: failed to create secret {}\n", e.message));
}

/// `create configmap NAME [--from-file=…] [--from-literal=…] [--from-env-file=…]`.
pub fn configmap(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let command = "create configmap";
    let Some(p) = parse_flags(args, SOURCES, command, out) else { return };
    let Some((name, dry)) = name_and_dry_run(&p, command, out) else { return };
    let data = match configmap_data(ctx, &p, &name) {
        Ok(d) => d,
        Err(e) => return out.err(&format!("error: {e}\n")),
    };
    let mut name = name;
    if p.flag("append-hash") {
        name = format!("{name}-{}", configmap_hash(&name, &data));
    }
    let mut obj = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}});
    if !data.is_empty() {
        obj["data"] = Value::Object(podlife_engine::sort::collect_object(data.into_iter().map(|(k, v)| (k, Value::String(v)))));
    }
    submit(ctx, &p, out, "configmaps", &name, obj, dry, |e| format!("error: failed to create configmap: {}\n", e.message));
}

#[derive(Clone, Copy)]
enum SecretKind {
    Generic,
    Tls,
    DockerRegistry,
}

impl SecretKind {
    fn flags(self) -> &'static [Spec] {
        match self {
            SecretKind::Generic => &[
                Spec { long: "from-file", short: None, kind: Kind::Multi },
                Spec { long: "from-literal", short: None, kind: Kind::Multi },
                Spec { long: "from-env-file", short: None, kind: Kind::Multi },
                Spec { long: "type", short: None, kind: Kind::Value },
            ],
            SecretKind::Tls => &[Spec { long: "cert", short: None, kind: Kind::Value }, Spec { long: "key", short: None, kind: Kind::Value }],
            SecretKind::DockerRegistry => &[
                Spec { long: "docker-username", short: None, kind: Kind::Value },
                Spec { long: "docker-password", short: None, kind: Kind::Value },
                Spec { long: "docker-email", short: None, kind: Kind::Value },
                Spec { long: "docker-server", short: None, kind: Kind::Value },
                Spec { long: "from-file", short: None, kind: Kind::Multi },
            ],
        }
    }
}

/// `NameFromCommandArgs`: exactly one NAME.
/// A generator's arguments: its flags after the common ones, or kubectl's error printed.
pub(super) fn parse_flags(args: &[String], own: &[Spec], command: &str, out: &mut Output) -> Option<flags::Parsed> {
    let specs: Vec<Spec> = COMMON.iter().chain(own).copied().collect();
    match flags::parse(args, &specs, command) {
        Ok(p) => Some(p),
        Err(e) => {
            out.err(&format!("{e}\n"));
            None
        }
    }
}

/// `NameFromCommandArgs` and `GetDryRunStrategy`: the one NAME and the dry-run mode, or the
/// error printed.
pub(super) fn name_and_dry_run(p: &flags::Parsed, command: &str, out: &mut Output) -> Option<(String, DryRun)> {
    let name = one_name(p, command, out)?;
    match dry_run(p, command) {
        Ok(d) => Some((name, d)),
        Err(e) => {
            out.err(&e);
            None
        }
    }
}

fn one_name(p: &flags::Parsed, command: &str, out: &mut Output) -> Option<String> {
    match p.args.as_slice() {
        [name] => Some(name.clone()),
        args => {
            out.err(&format!("error: exactly one NAME is required, got {}\nSee 'kubectl {command} -h' for help and examples\n", args.len()));
            None
        }
    }
}

/// A StringSlice flag's values: each occurrence split on commas.
pub(super) fn slice(p: &flags::Parsed, flag: &str) -> Vec<String> {
    p.all(flag).iter().flat_map(|v| v.split(',').map(str::to_string).collect::<Vec<_>>()).filter(|v| !v.is_empty()).collect()
}

/// The keys and values in insertion order (duplicates refused as they arrive).
type Data = Vec<(String, String)>;

fn generic_data(ctx: &Context<'_>, p: &flags::Parsed) -> Result<Data, String> {
    let (files, literals, env_files) = (slice(p, "from-file"), p.all("from-literal"), slice(p, "from-env-file"));
    if !env_files.is_empty() && (!files.is_empty() || !literals.is_empty()) {
        return Err("from-env-file cannot be combined with from-file or from-literal".into());
    }
    let mut data = Data::new();
    // createSecret: literals, then files, then env files.
    for source in &literals {
        let (key, value) = parse_literal_source(source)?;
        add_secret_key(&mut data, key, value)?;
    }
    for source in &files {
        let (key, path) = parse_file_source(source)?;
        let text = read(ctx, &path)?;
        add_secret_key(&mut data, key, text)?;
    }
    for path in &env_files {
        for (key, value) in env_file(ctx, path)? {
            add_secret_key(&mut data, key, value)?;
        }
    }
    Ok(data)
}

fn configmap_data(ctx: &Context<'_>, p: &flags::Parsed, name: &str) -> Result<Data, String> {
    let (files, literals, env_files) = (slice(p, "from-file"), p.all("from-literal"), slice(p, "from-env-file"));
    if !env_files.is_empty() && (!files.is_empty() || !literals.is_empty()) {
        return Err("from-env-file cannot be combined with from-file or from-literal".into());
    }
    let mut data = Data::new();
    // createConfigMap: files, then literals, then env files.
    for source in &files {
        let (key, path) = parse_file_source(source)?;
        let text = read(ctx, &path)?;
        add_configmap_key(&mut data, name, key, text)?;
    }
    for source in &literals {
        let (key, value) = parse_literal_source(source)?;
        add_configmap_key(&mut data, name, key, value)?;
    }
    for path in &env_files {
        for (key, value) in env_file(ctx, path)? {
            add_configmap_key(&mut data, name, key, value)?;
        }
    }
    Ok(data)
}

/// `ParseLiteralSource`: `key=value`, split at the first `=`.
fn parse_literal_source(source: &str) -> Result<(String, String), String> {
    match source.split_once('=') {
        Some((key, value)) if !key.is_empty() => Ok((key.to_string(), value.to_string())),
        _ => Err(format!("invalid literal source {source}, expected key=value")),
    }
}

/// `ParseFileSource`: `path` (the key is its base name) or `key=path`.
fn parse_file_source(source: &str) -> Result<(String, String), String> {
    match source.matches('=').count() {
        0 => Ok((source.trim_end_matches('/').rsplit('/').next().unwrap_or(source).to_string(), source.to_string())),
        1 if source.starts_with('=') => Err(format!("key name for file path {} missing", &source[1..])),
        1 if source.ends_with('=') => Err(format!("file path for key name {} missing", &source[..source.len() - 1])),
        1 => {
            let (key, path) = source.split_once('=').unwrap_or_default();
            Ok((key.to_string(), path.to_string()))
        }
        _ => Err("key names or file paths cannot contain '='".into()),
    }
}

/// A file's text; the error is `os.Stat`'s, as kubectl wraps it.
fn read(ctx: &Context<'_>, path: &str) -> Result<String, String> {
    (ctx.read_file)(path).ok_or_else(|| format!("error reading {path}: no such file or directory"))
}

/// `AddFromEnvFile`: `KEY=value` lines; blank lines and `#` comments skipped, a leading UTF-8
/// BOM dropped, leading whitespace trimmed; a line without `=` takes the variable from
/// kubectl's own environment (empty here: podlife's kubectl has none).
fn env_file(ctx: &Context<'_>, path: &str) -> Result<Data, String> {
    let text = read(ctx, path)?;
    let mut pairs = Data::new();
    for (i, line) in text.lines().enumerate() {
        let line = if i == 0 { line.trim_start_matches('\u{feff}') } else { line };
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once('=').unwrap_or((line, ""));
        let errs = is_env_var_name(key);
        if !errs.is_empty() {
            return Err(format!("{} is not a valid key name: {}", go_quote(key), errs.join(";")));
        }
        pairs.push((key.to_string(), value.to_string()));
    }
    Ok(pairs)
}

fn add_secret_key(data: &mut Data, key: String, value: String) -> Result<(), String> {
    let errs = is_config_map_key(&key);
    if !errs.is_empty() {
        return Err(format!("{} is not valid key name for a Secret {}", go_quote(&key), errs.join(";")));
    }
    if data.iter().any(|(k, _)| *k == key) {
        return Err(format!("cannot add key {key}, another key by that name already exists"));
    }
    data.push((key, value));
    Ok(())
}

fn add_configmap_key(data: &mut Data, name: &str, key: String, value: String) -> Result<(), String> {
    let errs = is_config_map_key(&key);
    if !errs.is_empty() {
        return Err(format!("{} is not a valid key name for a ConfigMap: {}", go_quote(&key), errs.join(",")));
    }
    if data.iter().any(|(k, _)| *k == key) {
        return Err(format!("cannot add key {}, another key by that name already exists in Data for ConfigMap {}", go_quote(&key), go_quote(name)));
    }
    data.push((key, value));
    Ok(())
}

/// Go's `%q` for the keys kubectl quotes.
fn go_quote(s: &str) -> String {
    podlife_model::json::quote(s)
}

/// apimachinery's `RegexError` text.
fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    let examples: Vec<String> = examples.iter().map(|e| format!("'{e}', ")).collect();
    format!("{msg} (e.g. {}regex used for validation is '{fmt}')", examples.join(" or "))
}

/// `hasChDirPrefix`.
fn ch_dir_prefix(value: &str) -> Option<&'static str> {
    match value {
        "." => Some("must not be '.'"),
        ".." => Some("must not be '..'"),
        v if v.starts_with("..") => Some("must not start with '..'"),
        _ => None,
    }
}

/// `IsConfigMapKey`: at most 253 characters of `[-._a-zA-Z0-9]`, not `.`/`..`/`..x`.
pub(super) fn is_config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push("must be no more than 253 characters".to_string());
    }
    if value.is_empty() || !value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')) {
        errs.push(regex_error("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", "[-._a-zA-Z0-9]+", &["key.name", "KEY_NAME", "key-name"]));
    }
    errs.extend(ch_dir_prefix(value).map(str::to_string));
    errs
}

/// `IsEnvVarName`: `[-._a-zA-Z][-._a-zA-Z0-9]*`, not `.`/`..`/`..x`.
pub(super) fn is_env_var_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let mut chars = value.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, '-' | '.' | '_'));
    if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')) {
        errs.push(regex_error(
            "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
            "[-._a-zA-Z][-._a-zA-Z0-9]*",
            &["my.env-name", "MY_ENV.NAME", "MyEnvName1"],
        ));
    }
    errs.extend(ch_dir_prefix(value).map(str::to_string));
    errs
}

/// `createSecretTLS`: the two files, checked as `tls.X509KeyPair` checks their PEM framing.
fn tls_data(ctx: &Context<'_>, p: &flags::Parsed) -> Result<Data, String> {
    let (cert, key) = (p.get("cert").unwrap_or_default(), p.get("key").unwrap_or_default());
    if cert.is_empty() || key.is_empty() {
        return Err("key and cert must be specified".into());
    }
    let read_tls = |file: &str| (ctx.read_file)(file).ok_or_else(|| format!("Cannot read file {file}, open {file}: no such file or directory"));
    let (cert_text, key_text) = (read_tls(cert)?, read_tls(key)?);
    check_key_pair(&cert_text, &key_text)?;
    Ok(vec![("tls.crt".to_string(), cert_text), ("tls.key".to_string(), key_text)])
}

/// The PEM blocks' types in a text, as `pem.Decode` finds them one after another (a block
/// whose body is not base64 is not a block).
fn pem_types(text: &str) -> Vec<String> {
    let mut types = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("-----BEGIN ") {
        let after = &rest[start + 11..];
        let Some(end_type) = after.find("-----") else { break };
        let kind = after[..end_type].to_string();
        let body_start = &after[end_type + 5..];
        let end_marker = format!("-----END {kind}-----");
        let Some(end) = body_start.find(&end_marker) else { break };
        let body: String = body_start[..end].lines().filter(|l| !l.contains(':')).collect();
        if base64::decode(body.trim()).is_some() {
            types.push(kind);
        }
        rest = &body_start[end + end_marker.len()..];
    }
    types
}

/// Go's `crypto/tls.X509KeyPair` up to its PEM checks (podlife does not parse the X.509
/// certificate or compare it with the key).
fn check_key_pair(cert: &str, key: &str) -> Result<(), String> {
    let cert_types = pem_types(cert);
    if !cert_types.iter().any(|t| t == "CERTIFICATE") {
        let skipped: Vec<&String> = cert_types.iter().collect();
        return Err(match skipped.as_slice() {
            [] => "tls: failed to find any PEM data in certificate input".into(),
            [one] if one.ends_with("PRIVATE KEY") => "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched".into(),
            _ => format!("tls: failed to find \"CERTIFICATE\" PEM block in certificate input after skipping PEM blocks of the following types: [{}]", cert_types.join(" ")),
        });
    }
    let key_types = pem_types(key);
    let is_key = |t: &String| t == "PRIVATE KEY" || t.ends_with(" PRIVATE KEY");
    match key_types.iter().position(is_key) {
        Some(_) => Ok(()),
        None => Err(match key_types.as_slice() {
            [] => "tls: failed to find any PEM data in key input".into(),
            [one] if one == "CERTIFICATE" => "tls: found a certificate rather than a key in the PEM for the private key".into(),
            _ => format!("tls: failed to find PEM block with type ending in \"PRIVATE KEY\" in key input after skipping PEM blocks of the following types: [{}]", key_types.join(" ")),
        }),
    }
}

/// `createSecretDockerRegistry`: `--from-file` (key `.dockerconfigjson` unless named) or the
/// credentials as `~/.docker/config.json` holds them.
fn docker_data(ctx: &Context<'_>, p: &flags::Parsed) -> Result<Data, String> {
    let files: Vec<String> = slice(p, "from-file").into_iter().map(|f| if f.contains('=') { f } else { format!(".dockerconfigjson={f}") }).collect();
    let (user, password, email) = (p.get("docker-username").unwrap_or_default(), p.get("docker-password").unwrap_or_default(), p.get("docker-email").unwrap_or_default());
    let server = p.get("docker-server").unwrap_or("https://index.docker.io/v1/");
    if files.is_empty() && (user.is_empty() || password.is_empty() || server.is_empty()) {
        return Err("either --from-file or the combination of --docker-username, --docker-password and --docker-server is required".into());
    }
    let mut data = Data::new();
    if !files.is_empty() {
        for source in &files {
            let (key, path) = parse_file_source(source)?;
            let text = read(ctx, &path)?;
            add_secret_key(&mut data, key, text)?;
        }
        return Ok(data);
    }
    // json.Marshal of DockerConfigJSON: struct fields in order, empty ones left out.
    let q = |s: &str| podlife_model::json::to_string(&Value::String(s.to_string()));
    let auth = base64::encode(format!("{user}:{password}").as_bytes());
    let mut entry = vec![format!("\"username\":{}", q(user)), format!("\"password\":{}", q(password))];
    if !email.is_empty() {
        entry.push(format!("\"email\":{}", q(email)));
    }
    entry.push(format!("\"auth\":{}", q(&auth)));
    data.push((".dockerconfigjson".into(), format!("{{\"auths\":{{{}:{{{}}}}}}}", q(server), entry.join(","))));
    Ok(data)
}

/// `hash.SecretHash`: sha256 of `{"data":…,"kind":"Secret","name":…,"type":…}`, its first ten
/// hex digits with vowel-like ones replaced.
fn secret_hash(name: &str, secret_type: &str, data: &Data) -> String {
    let data: Map<String, Value> = podlife_engine::sort::collect_object(data.iter().map(|(k, v)| (k.clone(), Value::String(base64::encode(v.as_bytes())))));
    encode_hash(&json!({"data": data, "kind": "Secret", "name": name, "type": secret_type}))
}

/// `hash.ConfigMapHash`: sha256 of `{"data":…,"kind":"ConfigMap","name":…}`.
fn configmap_hash(name: &str, data: &Data) -> String {
    let data: Map<String, Value> = podlife_engine::sort::collect_object(data.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))));
    encode_hash(&json!({"data": data, "kind": "ConfigMap", "name": name}))
}

fn encode_hash(value: &Value) -> String {
    let digest = Sha256::digest(podlife_model::json::to_string(value).as_bytes());
    let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    hex.chars()
        .map(|c| match c {
            '0' => 'g',
            '1' => 'h',
            '3' => 'k',
            'a' => 'm',
            'e' => 't',
            c => c,
        })
        .collect()
}

/// The apply annotation, a client dry run printed as built, or the POST and its answer
/// (`wrap` words a refusal as the generator returns it).
#[allow(clippy::too_many_arguments)]
pub(super) fn submit(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, resource: &str, name: &str, mut obj: Value, dry: DryRun, wrap: impl Fn(&podlife_engine::Status) -> String) {
    let Some(rt) = ResourceType::resolve(resource) else { return };
    if p.has("namespace") && rt.namespaced {
        obj["metadata"]["namespace"] = json!(namespace_of(p));
    }
    if p.flag("save-config") {
        super::save_config(&mut obj);
    }
    if dry == DryRun::Client {
        return print_result(out, p.get("output"), rt, name, &obj, "created", dry);
    }
    let mut create = Request::new(Verb::Create, rt);
    create.namespace = rt.namespaced.then(|| namespace_of(p));
    create.body = Some(obj);
    create.impersonate = impersonation(p);
    create.dry_run = dry == DryRun::Server;
    create.field_manager = p.get("field-manager").unwrap_or("kubectl-create").to_string();
    match super::send(ctx, out, create) {
        Ok(Response::Object(created)) => print_result(out, p.get("output"), rt, name, &created, "created", dry),
        Ok(_) => {}
        Err(s) => out.err(&wrap(&s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_parse_as_kubectl_parses_them() {
        assert_eq!(parse_file_source("dir/id_rsa"), Ok(("id_rsa".into(), "dir/id_rsa".into())));
        assert_eq!(parse_file_source("key=dir/f"), Ok(("key".into(), "dir/f".into())));
        assert_eq!(parse_file_source("=f").unwrap_err(), "key name for file path f missing");
        assert_eq!(parse_file_source("k=").unwrap_err(), "file path for key name k missing");
        assert_eq!(parse_file_source("a=b=c").unwrap_err(), "key names or file paths cannot contain '='");
        assert_eq!(parse_literal_source("a=b=c"), Ok(("a".into(), "b=c".into())));
        assert_eq!(parse_literal_source("=a").unwrap_err(), "invalid literal source =a, expected key=value");
    }

    #[test]
    fn key_validation_texts() {
        assert!(is_config_map_key("tls.crt").is_empty());
        assert_eq!(is_config_map_key("..x"), ["must not start with '..'"]);
        assert_eq!(
            is_config_map_key("a b"),
            ["a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"]
        );
        assert_eq!(is_env_var_name("1A").len(), 1);
        assert!(is_env_var_name("MY_ENV.NAME").is_empty());
    }

    /// kubectl's own test vectors (`pkg/util/hash/hash_test.go`).
    #[test]
    fn hashes_match_kubectl() {
        let three = |v: &str| vec![("two".to_string(), "2".to_string()), ("one".into(), String::new()), ("three".into(), v.to_string())];
        assert_eq!(secret_hash("", "my-type", &vec![]), "t75bgf6ctb");
        assert_eq!(secret_hash("", "my-type", &vec![("one".into(), String::new())]), "74bd68bm66");
        assert_eq!(secret_hash("", "my-type", &three("3")), "dgcb6h9tmk");
        assert_eq!(configmap_hash("", &vec![]), "42745tchd9");
        assert_eq!(configmap_hash("", &vec![("one".into(), String::new())]), "9g67k2htb6");
        assert_eq!(configmap_hash("", &three("3")), "f5h7t85m9b");
    }

    #[test]
    fn tls_pem_checks() {
        let cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
        let key = "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n";
        assert_eq!(check_key_pair(cert, key), Ok(()));
        assert_eq!(check_key_pair("junk", key).unwrap_err(), "tls: failed to find any PEM data in certificate input");
        assert_eq!(check_key_pair(key, cert).unwrap_err(), "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched");
        assert_eq!(check_key_pair(cert, cert).unwrap_err(), "tls: found a certificate rather than a key in the PEM for the private key");
    }
}
