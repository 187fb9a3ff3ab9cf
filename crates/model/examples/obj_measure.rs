//! Heap bytes and speed of one API object as `serde_json::Value`, as `podlife_model::obj::Obj`
//! and as the k8s-openapi 0.29 struct (issue 20, the numbers in `docs/plans/issue-20-typed.md`).
//!
//! cargo run --profile bench -p podlife-model --example obj_measure [-- DUMP_DIR]
//!
//! Samples: `tests/objects/*.json`, objects etcd held at `hpa-scale.sh`'s end. Heap is counted
//! by a global allocator around building each form (a `Value` as the store holds it: a clone,
//! so lists have no spare capacity): bytes asked for, live allocations, and the bytes glibc
//! really uses (`malloc_usable_size` + its 8-byte chunk header). DUMP_DIR (the console tests'
//! `PODLIFE_DUMP_OBJECTS`) adds the totals over every object of every script's store.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::hint::black_box;
use std::sync::atomic::{AtomicIsize, Ordering::Relaxed};
use std::time::Instant;

use podlife_model::obj::Obj;
use podlife_model::ResourceType;
use serde::Deserialize;
use serde_json::Value;

unsafe extern "C" {
    fn malloc_usable_size(ptr: *mut c_void) -> usize;
}

static ASKED: AtomicIsize = AtomicIsize::new(0);
static USED: AtomicIsize = AtomicIsize::new(0);
static LIVE: AtomicIsize = AtomicIsize::new(0);

struct Counting;

/// glibc's footprint of one chunk: what it can hold plus its size header.
unsafe fn footprint(p: *mut u8) -> isize {
    (unsafe { malloc_usable_size(p.cast()) } + 8) as isize
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            ASKED.fetch_add(layout.size() as isize, Relaxed);
            USED.fetch_add(unsafe { footprint(p) }, Relaxed);
            LIVE.fetch_add(1, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        ASKED.fetch_sub(layout.size() as isize, Relaxed);
        USED.fetch_sub(unsafe { footprint(p) }, Relaxed);
        LIVE.fetch_sub(1, Relaxed);
        unsafe { System.dealloc(p, layout) }
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let before = unsafe { footprint(p) };
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            ASKED.fetch_add(new_size as isize - layout.size() as isize, Relaxed);
            USED.fetch_add(unsafe { footprint(q) } - before, Relaxed);
        }
        q
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[derive(Clone, Copy, Default)]
struct Heap {
    asked: isize,
    used: isize,
    allocs: isize,
}

fn snapshot() -> Heap {
    Heap { asked: ASKED.load(Relaxed), used: USED.load(Relaxed), allocs: LIVE.load(Relaxed) }
}

/// What building `f`'s result leaves allocated (the result itself is on the stack).
fn heap_of<T>(f: impl FnOnce() -> T) -> (T, Heap) {
    let a = snapshot();
    let t = f();
    let b = snapshot();
    (t, Heap { asked: b.asked - a.asked, used: b.used - a.used, allocs: b.allocs - a.allocs })
}

/// ns per call: the best of 7 runs of enough calls to take ~40 ms.
fn ns<T>(mut f: impl FnMut() -> T) -> f64 {
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        if t.elapsed().as_millis() >= 40 {
            break;
        }
        n *= 2;
    }
    (0..7)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..n {
                black_box(f());
            }
            t.elapsed().as_nanos() as f64 / n as f64
        })
        .fold(f64::INFINITY, f64::min)
}

struct Row {
    name: &'static str,
    json_bytes: usize,
    value: Heap,
    obj: Heap,
    typed: Heap,
    typed_inline: usize,
    to_obj: f64,
    to_value: f64,
    to_typed: f64,
    clone_value: f64,
    clone_obj: f64,
}

fn sample(name: &str) -> (Value, &'static ResourceType) {
    let path = format!("{}/tests/objects/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).expect("JSON");
    let rt = ResourceType::by_api_version_kind(v["apiVersion"].as_str().unwrap_or(""), v["kind"].as_str().unwrap_or("")).expect("served kind");
    (v, rt)
}

fn measure<T: for<'de> Deserialize<'de>>(name: &'static str) -> Row {
    let (parsed, rt) = sample(name);
    let json_bytes = podlife_model::json::to_string(&parsed).len();
    let (value, value_heap) = heap_of(|| parsed.clone());
    let (obj, obj_heap) = heap_of(|| Obj::from_value(rt, &value));
    assert!(obj.to_value() == value);
    let (typed, typed_heap) = heap_of(|| T::deserialize(&value).expect("k8s-openapi decodes it"));
    let row = Row {
        name,
        json_bytes,
        value: value_heap,
        obj: obj_heap,
        typed: typed_heap,
        typed_inline: std::mem::size_of::<T>(),
        to_obj: ns(|| Obj::from_value(rt, &value)),
        to_value: ns(|| obj.to_value()),
        to_typed: ns(|| T::deserialize(&value).ok()),
        clone_value: ns(|| value.clone()),
        clone_obj: ns(|| obj.clone()),
    };
    drop(typed);
    row
}

fn main() {
    // `--hot N`: only the Obj read of spec.nodeName, N times (for a profiler).
    if std::env::args().nth(1).as_deref() == Some("--hot") {
        let (value, rt) = sample("pod");
        let obj = Obj::from_value(rt, &value);
        let n: u64 = std::env::args().nth(2).and_then(|n| n.parse().ok()).unwrap_or(10_000_000);
        let o = black_box(&obj);
        let t = Instant::now();
        for _ in 0..n {
            black_box(o["spec"]["containers"][0]["resources"]["requests"]["cpu"].as_str().map(str::len));
        }
        println!("{:.1} ns", t.elapsed().as_nanos() as f64 / n as f64);
        return;
    }
    use k8s_openapi::api::{apps, coordination, core, discovery};
    println!("size_of: Slot {} B, Obj {} B, (Slot, Slot) map entry {} B, Value {} B, k8s Pod {} B, PodSpec {} B, Container {} B, Node {} B",
        std::mem::size_of::<podlife_model::obj::Slot>(), std::mem::size_of::<Obj>(), std::mem::size_of::<(podlife_model::obj::Slot, podlife_model::obj::Slot)>(),
        std::mem::size_of::<Value>(), std::mem::size_of::<core::v1::Pod>(), std::mem::size_of::<core::v1::PodSpec>(), std::mem::size_of::<core::v1::Container>(),
        std::mem::size_of::<core::v1::Node>());
    // The name-prefix table is built on the first lookup (355 small allocations, once per
    // process): not part of any object.
    let (v, rt) = sample("lease");
    black_box(Obj::from_value(rt, &v));
    let rows = [
        measure::<core::v1::Pod>("pod"),
        measure::<core::v1::Node>("node"),
        measure::<coordination::v1::Lease>("lease"),
        measure::<core::v1::Event>("event"),
        measure::<discovery::v1::EndpointSlice>("endpointslice"),
        measure::<apps::v1::ReplicaSet>("replicaset"),
        measure::<apps::v1::Deployment>("deployment"),
        measure::<core::v1::Service>("service"),
    ];
    println!("\nHeap per object: bytes asked for / glibc footprint (allocations); the root's own size not included.\n");
    println!("| object | JSON | Value | Obj | k8s-openapi (+ size_of) | Value/Obj (footprint) |");
    println!("|---|---|---|---|---|---|");
    for r in &rows {
        let h = |h: Heap| format!("{} / {} ({})", h.asked, h.used, h.allocs);
        println!("| {} | {} | {} | {} | {} (+{}) | {:.1}× |", r.name, r.json_bytes, h(r.value), h(r.obj), h(r.typed), r.typed_inline, r.value.used as f64 / r.obj.used as f64);
    }
    println!("\nTime per call, ns (best of 7 runs).\n");
    println!("| object | Value→Obj | Obj→Value | Value→k8s-openapi | Value clone | Obj clone |");
    println!("|---|---|---|---|---|---|");
    for r in &rows {
        println!("| {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |", r.name, r.to_obj, r.to_value, r.to_typed, r.clone_value, r.clone_obj);
    }
    hot_reads();
    // What the store does to every written object: a new version with its resourceVersion.
    let (value, rt) = sample("pod");
    let obj = Obj::from_value(rt, &value);
    let rv = Value::String("123456".into());
    println!("\nStore write of a pod (copy + set metadata.resourceVersion), ns: Value {:.0}, Obj {:.0}.",
        ns(|| {
            let mut v = value.clone();
            if let Some(m) = v.get_mut("metadata").and_then(Value::as_object_mut) {
                m.insert("resourceVersion".into(), rv.clone());
            }
            v
        }),
        ns(|| {
            let mut o = obj.clone();
            o.insert_at("/metadata", "resourceVersion", &rv);
            o
        }));
    if let Some(dir) = std::env::args().nth(1) {
        dump_totals(&dir);
    }
}

fn hot_reads() {
    use k8s_openapi::api::core::v1::{Node, Pod};
    let (value, rt) = sample("pod");
    let obj = Obj::from_value(rt, &value);
    let typed = Pod::deserialize(&value).expect("pod");
    let (node_value, node_rt) = sample("node");
    let node_obj = Obj::from_value(node_rt, &node_value);
    let node_typed = Node::deserialize(&node_value).expect("node");
    use podlife_model::obj::fields::{container, node as node_f, node_status, object_meta, pod, pod_spec, resource_requirements};
    println!("\nHot reads, ns per read (black_box'd object, best of 7 runs). Obj by name (`o[\"spec\"][\"nodeName\"]`) and by generated key (`o[pod::SPEC][pod_spec::NODE_NAME]`).\n");
    println!("| read | Value | Obj by name | Obj by key | k8s-openapi |");
    println!("|---|---|---|---|---|");
    let v = black_box(&value);
    let o = black_box(&obj);
    let t = black_box(&typed);
    assert_eq!(o["spec"]["nodeName"].as_str(), v["spec"]["nodeName"].as_str());
    assert_eq!(o["spec"]["containers"][0]["resources"]["requests"]["cpu"].as_str(), Some("250m"));
    assert_eq!(o[pod::SPEC][pod_spec::NODE_NAME].as_str(), v["spec"]["nodeName"].as_str());
    println!("| pod spec.nodeName | {:.1} | {:.1} | {:.1} | {:.1} |",
        ns(|| v["spec"]["nodeName"].as_str().map(str::len)),
        ns(|| o["spec"]["nodeName"].as_str().map(str::len)),
        ns(|| o[pod::SPEC][pod_spec::NODE_NAME].as_str().map(str::len)),
        ns(|| t.spec.as_ref().and_then(|s| s.node_name.as_deref()).map(str::len)));
    println!("| pod metadata.labels[\"app\"] | {:.1} | {:.1} | {:.1} | {:.1} |",
        ns(|| v["metadata"]["labels"]["app"].as_str().map(str::len)),
        ns(|| o["metadata"]["labels"]["app"].as_str().map(str::len)),
        ns(|| o[pod::METADATA][object_meta::LABELS]["app"].as_str().map(str::len)),
        ns(|| t.metadata.labels.as_ref().and_then(|l| l.get("app")).map(String::len)));
    println!("| pod spec.containers[0].resources.requests.cpu | {:.1} | {:.1} | {:.1} | {:.1} |",
        ns(|| v["spec"]["containers"][0]["resources"]["requests"]["cpu"].as_str().map(str::len)),
        ns(|| o["spec"]["containers"][0]["resources"]["requests"]["cpu"].as_str().map(str::len)),
        ns(|| o[pod::SPEC][pod_spec::CONTAINERS][0][container::RESOURCES][resource_requirements::REQUESTS]["cpu"].as_str().map(str::len)),
        ns(|| t.spec.as_ref().and_then(|s| s.containers.first()).and_then(|c| c.resources.as_ref()).and_then(|r| r.requests.as_ref()).and_then(|r| r.get("cpu")).map(|q| q.0.len())));
    let (nv, no, nt) = (black_box(&node_value), black_box(&node_obj), black_box(&node_typed));
    println!("| node status.allocatable[\"cpu\"] | {:.1} | {:.1} | {:.1} | {:.1} |",
        ns(|| nv["status"]["allocatable"]["cpu"].as_str().map(str::len)),
        ns(|| no["status"]["allocatable"]["cpu"].as_str().map(str::len)),
        ns(|| no[node_f::STATUS][node_status::ALLOCATABLE]["cpu"].as_str().map(str::len)),
        ns(|| nt.status.as_ref().and_then(|s| s.allocatable.as_ref()).and_then(|a| a.get("cpu")).map(|q| q.0.len())));
}

/// Every object of every dumped store: totals per form, and the largest kinds.
fn dump_totals(dir: &str) {
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut per_kind: std::collections::BTreeMap<&'static str, (usize, Heap, Heap)> = Default::default();
    for p in &files {
        let Some(v) = std::fs::read_to_string(p).ok().and_then(|t| serde_json::from_str::<Value>(&t).ok()) else { continue };
        let Some(rt) = ResourceType::by_api_version_kind(v["apiVersion"].as_str().unwrap_or(""), v["kind"].as_str().unwrap_or("")) else { continue };
        let (value, vh) = heap_of(|| v.clone());
        let (obj, oh) = heap_of(|| Obj::from_value(rt, &value));
        assert!(obj == value);
        let e = per_kind.entry(rt.kind).or_default();
        e.0 += 1;
        e.1 = Heap { asked: e.1.asked + vh.asked, used: e.1.used + vh.used, allocs: e.1.allocs + vh.allocs };
        e.2 = Heap { asked: e.2.asked + oh.asked, used: e.2.used + oh.used, allocs: e.2.allocs + oh.allocs };
    }
    let mut kinds: Vec<_> = per_kind.into_iter().collect();
    kinds.sort_by_key(|(_, (_, v, _))| std::cmp::Reverse(v.used));
    let total = kinds.iter().fold((0, Heap::default(), Heap::default()), |t, (_, (n, v, o))| {
        (t.0 + n, Heap { asked: t.1.asked + v.asked, used: t.1.used + v.used, allocs: t.1.allocs + v.allocs }, Heap { asked: t.2.asked + o.asked, used: t.2.used + o.used, allocs: t.2.allocs + o.allocs })
    });
    println!("\nEvery stored object of {dir}: glibc footprint, mean per object (allocations).\n");
    println!("| kind | objects | Value | Obj | Value/Obj |");
    println!("|---|---|---|---|---|");
    let line = |k: &str, n: usize, v: Heap, o: Heap| {
        let n = n.max(1) as isize;
        println!("| {k} | {n} | {} ({}) | {} ({}) | {:.1}× |", v.used / n, v.allocs / n, o.used / n, o.allocs / n, v.used as f64 / o.used.max(1) as f64);
    };
    for (k, (n, v, o)) in kinds.iter().take(12) {
        line(k, *n, *v, *o);
    }
    line("all", total.0, total.1, total.2);
}
