// Scratch: the worker's boot natively (Host::new + the page's first requests).
fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    for _ in 0..n {
        let t = std::time::Instant::now();
        let e = podlife_engine::Engine::with_default_cluster(1);
        std::hint::black_box(&e);
        eprintln!("boot {:?}", t.elapsed());
    }
    let t = std::time::Instant::now();
    let h = podlife_player::host::Host::new();
    std::hint::black_box(&h);
    eprintln!("host new {:?}", t.elapsed());
}
