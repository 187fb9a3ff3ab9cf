//! `cargo xtask bench`: wall-clock cost of running the golden scripts end to end (engine,
//! API server, kubectl printers), and of the hot path `kubectl apply` of one Pod.
//! Benchmarks measure; tests never assert on time.

use std::path::Path;
use std::time::Instant;

use podlife_console::{Session, script};

fn time<F: FnMut()>(label: &str, iterations: u32, mut f: F) {
    f(); // warm-up
    let start = Instant::now();
    for _ in 0..iterations {
        f();
    }
    let per = start.elapsed() / iterations;
    println!("{label:<48} {per:>12.2?} per run ({iterations} runs)");
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scripts");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir).into_iter().flatten().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "sh")).collect();
    scripts.sort();
    for path in scripts {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        time(&format!("script {name}"), std::env::var("PODLIFE_SCRIPT_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(50), || {
            let _ = script::run(&text, Session::new(1));
        });
    }
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n";
    time("Session::new (default cluster)", 200, || {
        let _ = Session::new(1);
    });
    time("kubectl apply of one Pod (fresh session)", 200, || {
        let mut s = Session::new(1);
        let _ = s.exec("kubectl apply -f -", Some(pod));
    });
    time("kubectl create of 100 Pods", 10, || {
        let mut s = Session::new(1);
        for i in 0..100 {
            let _ = s.exec("kubectl create -f -", Some(&pod.replace("name: nginx\nspec", &format!("name: nginx-{i}\nspec"))));
        }
        let _ = s.exec("kubectl get pods", None);
    });
}
