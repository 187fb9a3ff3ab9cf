//! Every string the page shows, in one place (a Korean table joins this one later).

/// The texts of one language.
pub struct Strings {
    pub title: &'static str,
    pub tagline: &'static str,
    pub manifest_label: &'static str,
    pub manifest_hint: &'static str,
    pub apply: &'static str,
    pub apply_shortcut: &'static str,
    pub diagnostics_label: &'static str,
    pub diagnostic_at: fn(u32, u32, &str) -> String,
    pub output_label: &'static str,
    pub output_empty: &'static str,
    pub pods_label: &'static str,
    pub pods_empty: &'static str,
    pub trace_label: &'static str,
    pub trace_empty: &'static str,
    pub footer: &'static str,
}

fn diagnostic_at_en(line: u32, column: u32, message: &str) -> String {
    format!("line {line}, column {column}: {message}")
}

pub const EN: Strings = Strings {
    title: "podlife",
    tagline: "How a Kubernetes 1.36 pod is born and dies, step by step, in your browser.",
    manifest_label: "Manifest (YAML)",
    manifest_hint: "Edit the manifest, then press Apply (or Ctrl+Enter).",
    apply: "Apply",
    apply_shortcut: "Control+Enter",
    diagnostics_label: "Problems in the manifest",
    diagnostic_at: diagnostic_at_en,
    output_label: "kubectl apply -f -",
    output_empty: "Press Apply to send the manifest to the API server.",
    pods_label: "kubectl get pods -o wide",
    pods_empty: "No pods yet.",
    trace_label: "Trace",
    trace_empty: "Each component's reaction appears here, one line per step.",
    footer: "Everything runs in this page: a deterministic simulation, no real cluster.",
};

/// The strings for the page's language.
pub fn strings() -> &'static Strings {
    &EN
}

/// The manifest the editor starts with.
pub const DEFAULT_MANIFEST: &str = "\
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
    resources:
      requests: {cpu: 250m, memory: 128Mi}
";
