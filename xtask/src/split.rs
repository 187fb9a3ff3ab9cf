//! The split worker (issue 18): the engine worker's wasm cut in two after `wasm-opt`.
//!
//! - The **primary** module is what the page fetches beside itself: every function a learner's
//!   session runs, found by a profile of the browser journeys (`cargo xtask split-profile`).
//! - The **secondary** module holds the functions that profile never saw run (program models a
//!   course rarely starts, rare kubectl paths, error texts). The worker fetches it the first time
//!   one of them is called, synchronously (a worker may block; the page keeps painting).
//!
//! How the two fit (binaryen's `wasm-split` design, written on walrus because the npm binaryen
//! has no `wasm-split`):
//! - A secondary function that the primary still refers to (a call, an export, a table entry)
//!   keeps a *stub* in the primary: if the secondary is not loaded, call
//!   `podlife_split_load` (web/worker/src/main.rs); then call the real function through a
//!   table slot of its own. The other secondary functions leave the primary entirely.
//! - The secondary imports the primary's memory, tables, globals and the primary functions it
//!   calls (exported under short `~N` names). Its active element segment fills the stubs' slots
//!   and its start function sets the primary's `~` global, so stubs stop calling the loader.
//!
//! The profile is kept as keys of cold functions (`web/worker/split-cold.txt`): a function
//! whose key is not listed stays in the primary, so new code is never split off by accident.
//! Names come from the `name` section, which the worker's `wasm-opt` keeps (`-g`) for this step
//! and this step drops.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use walrus::ir::{self, Value, Visitor, VisitorMut};
use walrus::{
    ConstExpr, ElementItems, ElementKind, ExportItem, FunctionBuilder, FunctionId, FunctionKind, GlobalKind, ImportKind,
    Module, ModuleConfig, ValType,
};

use crate::{Result, root, say};

/// The profile: keys of the functions the browser journeys never ran.
pub const COLD_LIST: &str = "web/worker/split-cold.txt";
/// The worker's file names in dist/ (trunk's, from web/index.html).
pub const WORKER_WASM: &str = "podlife-worker_bg.wasm";
pub const WORKER_LOADER: &str = "podlife-worker_loader.js";
/// The secondary module's name in dist/: `podlife-worker_split-<hash>.wasm`, so a cached
/// secondary never meets another build's primary.
pub const SPLIT_PREFIX: &str = "podlife-worker_split-";
/// A profiling build's names, one per local function, in the order of its marks.
pub const PROFILE_NAMES: &str = "podlife-worker_profile-names.txt";
/// The function the stubs call to load the secondary (exported by web/worker/src/main.rs).
const LOAD_EXPORT: &str = "podlife_split_load";
/// The primary's export that says whether the secondary is loaded (the shared items' names are
/// `~` and a base-36 number, never `~` alone).
const LOADED_EXPORT: &str = "~";
/// The memory a profiling build marks each function's first run in.
const PROFILE_MEMORY: &str = "podlife_profile";

/// Functions that must never wait on the secondary, with everything they call: the loader
/// itself and the allocator (the loader's JS handle may allocate, and a stub inside the
/// allocator would re-enter it).
const PRIMARY_WITH_CALLEES: &[&str] = &[
    "podlife_split_load",
    "__rust_alloc",
    "__rust_dealloc",
    "__rust_realloc",
    "__rust_alloc_zeroed",
    "__rdl_",
    "__rg_",
    "talc::",
    "<talc::",
    "wasm_bindgen::externref",
    "__externref",
];

/// Functions kept in the primary themselves: wasm-bindgen's glue, the worker's own, and the
/// panic path (a crash report must not wait on the network).
const PRIMARY: &[&str] =
    &["__wbindgen", "__wbg_", "rust_begin_unwind", "std::panicking", "core::panicking", "std::panic", "podlife_worker::"];

/// A function's profile key: its name without the symbol hash (`::h` and 16 hex digits, which
/// change with the compiler), hashed (FNV-1a, 48 bits) to keep the list small.
pub fn profile_key(name: &str) -> u64 {
    fnv1a(strip_hash(name).as_bytes()) & 0xffff_ffff_ffff
}

/// FNV-1a, 64 bits: the profile's keys and the secondary's file name.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

fn strip_hash(name: &str) -> &str {
    match name.rfind("::h") {
        Some(at) if name.len() - at == 19 && name[at + 3..].bytes().all(|b| b.is_ascii_hexdigit()) => &name[..at],
        _ => name,
    }
}

fn config() -> ModuleConfig {
    let mut config = ModuleConfig::new();
    config.generate_name_section(false).generate_producers_section(false);
    config
}

fn parse(bytes: &[u8]) -> Result<Module> {
    config().parse(bytes).map_err(|e| format!("split: reading the worker's wasm: {e:#}"))
}

fn validate(what: &str, bytes: &[u8]) -> Result {
    let mut validator = wasmparser::Validator::new_with_features(wasmparser::WasmFeatures::all());
    validator.validate_all(bytes).map(|_| ()).map_err(|e| format!("split: the {what} module is invalid: {e}"))
}

/// What a local function's body refers to.
#[derive(Default)]
struct Uses {
    funcs: BTreeSet<usize>,
    globals: BTreeSet<usize>,
    tables: BTreeSet<usize>,
    memories: BTreeSet<usize>,
    /// Segments, tags or `ref.func`: kept in the primary rather than carried across.
    pinned: bool,
}

struct UsesVisitor<'a> {
    index: &'a Index,
    uses: Uses,
}

impl<'instr> Visitor<'instr> for UsesVisitor<'_> {
    fn visit_function_id(&mut self, f: &FunctionId) {
        self.uses.funcs.insert(self.index.funcs[f]);
    }
    fn visit_global_id(&mut self, g: &walrus::GlobalId) {
        self.uses.globals.insert(self.index.globals[g]);
    }
    fn visit_table_id(&mut self, t: &walrus::TableId) {
        self.uses.tables.insert(self.index.tables[t]);
    }
    fn visit_memory_id(&mut self, m: &walrus::MemoryId) {
        self.uses.memories.insert(self.index.memories[m]);
    }
    fn visit_data_id(&mut self, _: &walrus::DataId) {
        self.uses.pinned = true;
    }
    fn visit_element_id(&mut self, _: &walrus::ElementId) {
        self.uses.pinned = true;
    }
    fn visit_tag_id(&mut self, _: &walrus::TagId) {
        self.uses.pinned = true;
    }
    fn visit_ref_func(&mut self, _: &ir::RefFunc) {
        self.uses.pinned = true;
    }
}

/// Positions of a module's items in their sections' order: the same in every parse of the same
/// bytes, so the primary and the secondary, each parsed on its own, agree on them.
struct Index {
    funcs: HashMap<FunctionId, usize>,
    globals: HashMap<walrus::GlobalId, usize>,
    tables: HashMap<walrus::TableId, usize>,
    memories: HashMap<walrus::MemoryId, usize>,
}

impl Index {
    fn of(m: &Module) -> Index {
        Index {
            funcs: m.funcs.iter().enumerate().map(|(i, f)| (f.id(), i)).collect(),
            globals: m.globals.iter().enumerate().map(|(i, g)| (g.id(), i)).collect(),
            tables: m.tables.iter().enumerate().map(|(i, t)| (t.id(), i)).collect(),
            memories: m.memories.iter().enumerate().map(|(i, x)| (x.id(), i)).collect(),
        }
    }
}

/// Something the secondary imports from the primary.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Shared {
    Func(usize),
    Global(usize),
    Table(usize),
    Memory(usize),
}

/// What goes where, by position.
pub struct Plan {
    secondary: BTreeSet<usize>,
    /// Secondary functions the primary still refers to, in the order of their table slots.
    boundary: Vec<usize>,
    /// The first stub slot of the main function table.
    slot_base: u64,
    /// The primary's items the secondary needs, with the export name each goes by.
    shared: BTreeMap<Shared, String>,
}

/// What a split did: both modules, and counts for the build log.
pub struct Split {
    pub primary: Vec<u8>,
    pub secondary: Vec<u8>,
    pub functions: usize,
    pub moved: usize,
    pub stubs: usize,
    /// Every function by size with the part it went to (`target/split/report.txt`).
    pub report: String,
}

fn uses_of(index: &Index, f: &walrus::LocalFunction) -> Uses {
    let mut visitor = UsesVisitor { index, uses: Uses::default() };
    ir::dfs_in_order(&mut visitor, f, f.entry_block());
    visitor.uses
}

fn plan(m: &Module, cold: &BTreeSet<u64>) -> Result<Plan> {
    let index = Index::of(m);
    let funcs: Vec<&walrus::Function> = m.funcs.iter().collect();
    let mut uses: BTreeMap<usize, Uses> = BTreeMap::new();
    for (id, local) in m.funcs.iter_local() {
        uses.insert(index.funcs[&id], uses_of(&index, local));
    }
    // The loader and the allocator stay with all they call; the glue, the panic path and the
    // functions that touch segments stay themselves.
    let load = m.exports.get_func(LOAD_EXPORT).map_err(|_| {
        format!("split: the worker exports no `{LOAD_EXPORT}` (web/worker/src/main.rs's glue)")
    })?;
    let mut pinned: BTreeSet<usize> = BTreeSet::new();
    let mut stack: Vec<usize> = vec![index.funcs[&load]];
    for (i, f) in funcs.iter().enumerate() {
        let name = f.name.as_deref().unwrap_or("");
        if PRIMARY_WITH_CALLEES.iter().any(|p| name.starts_with(p)) {
            stack.push(i);
        } else if PRIMARY.iter().any(|p| name.starts_with(p)) || uses.get(&i).is_some_and(|u| u.pinned) {
            pinned.insert(i);
        }
    }
    let mut closed = BTreeSet::new();
    while let Some(i) = stack.pop() {
        if closed.insert(i) {
            pinned.insert(i);
            if let Some(u) = uses.get(&i) {
                stack.extend(u.funcs.iter().copied().filter(|c| !closed.contains(c)));
            }
        }
    }
    let secondary: BTreeSet<usize> = funcs
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            matches!(f.kind, FunctionKind::Local(_))
                && !pinned.contains(i)
                && f.name.as_deref().is_some_and(|n| cold.contains(&profile_key(n)))
        })
        .map(|(i, _)| i)
        .collect();
    // The boundary: secondary functions referred to from outside the secondary.
    let mut referred: BTreeSet<usize> = BTreeSet::new();
    for (i, u) in &uses {
        if !secondary.contains(i) {
            referred.extend(u.funcs.iter().copied());
        }
    }
    for export in m.exports.iter() {
        if let ExportItem::Function(f) = export.item {
            referred.insert(index.funcs[&f]);
        }
    }
    if let Some(start) = m.start {
        referred.insert(index.funcs[&start]);
    }
    for elem in m.elements.iter() {
        match &elem.items {
            ElementItems::Functions(fs) => referred.extend(fs.iter().map(|f| index.funcs[f])),
            ElementItems::Expressions(_, exprs) => {
                for e in exprs {
                    if let ConstExpr::RefFunc(f) = e {
                        referred.insert(index.funcs[f]);
                    }
                }
            }
        }
    }
    for g in m.globals.iter() {
        if let GlobalKind::Local(ConstExpr::RefFunc(f)) = &g.kind {
            referred.insert(index.funcs[f]);
        }
    }
    let boundary: Vec<usize> = referred.intersection(&secondary).copied().collect();
    // What the secondary's bodies need from the primary.
    let table = m
        .tables
        .main_function_table()
        .map_err(|e| format!("split: {e}"))?
        .ok_or("split: the worker has no function table")?;
    let mut needed: BTreeSet<Shared> = BTreeSet::new();
    needed.insert(Shared::Table(index.tables[&table]));
    for i in &secondary {
        let u = &uses[i];
        needed.extend(u.funcs.iter().filter(|f| !secondary.contains(f)).map(|&f| Shared::Func(f)));
        needed.extend(u.globals.iter().map(|&g| Shared::Global(g)));
        needed.extend(u.tables.iter().map(|&t| Shared::Table(t)));
        needed.extend(u.memories.iter().map(|&x| Shared::Memory(x)));
    }
    // Items the primary already exports keep their names; the others get `~N`.
    let mut exported: BTreeMap<Shared, String> = BTreeMap::new();
    for export in m.exports.iter() {
        let item = match export.item {
            ExportItem::Function(f) => Shared::Func(index.funcs[&f]),
            ExportItem::Global(g) => Shared::Global(index.globals[&g]),
            ExportItem::Table(t) => Shared::Table(index.tables[&t]),
            ExportItem::Memory(x) => Shared::Memory(index.memories[&x]),
            ExportItem::Tag(_) => continue,
        };
        exported.entry(item).or_insert_with(|| export.name.clone());
    }
    let mut shared = BTreeMap::new();
    let mut next = 0usize;
    for item in needed {
        let name = match exported.get(&item) {
            Some(name) => name.clone(),
            None => {
                next += 1;
                format!("~{}", base36(next - 1))
            }
        };
        shared.insert(item, name);
    }
    Ok(Plan { secondary, boundary, slot_base: m.tables.get(table).initial, shared })
}

fn base36(mut n: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// A parse's items by position, and its function table.
struct Ids {
    funcs: Vec<FunctionId>,
    globals: Vec<walrus::GlobalId>,
    tables: Vec<walrus::TableId>,
    memories: Vec<walrus::MemoryId>,
    table: walrus::TableId,
}

impl Ids {
    fn of(m: &Module) -> Result<Ids> {
        Ok(Ids {
            funcs: m.funcs.iter().map(|f| f.id()).collect(),
            globals: m.globals.iter().map(|g| g.id()).collect(),
            tables: m.tables.iter().map(|t| t.id()).collect(),
            memories: m.memories.iter().map(|x| x.id()).collect(),
            table: m.tables.main_function_table().map_err(|e| format!("split: {e}"))?.ok_or("split: no function table")?,
        })
    }
}

/// Gives function `id` a new body of the same type, built by `body` from its arguments.
fn replace_body(m: &mut Module, id: FunctionId, body: impl FnOnce(&mut walrus::InstrSeqBuilder, &[walrus::LocalId])) {
    let ty = m.funcs.get(id).ty();
    let (params, results) = {
        let (p, r) = m.types.params_results(ty);
        (p.to_vec(), r.to_vec())
    };
    let mut builder = FunctionBuilder::new(&mut m.types, &params, &results);
    let args: Vec<walrus::LocalId> = params.iter().map(|&p| m.locals.add(p)).collect();
    body(&mut builder.func_body(), &args);
    m.funcs.get_mut(id).kind = FunctionKind::Local(builder.local_func(args));
}

/// The primary: secondary bodies replaced by stubs (boundary) or dropped, the stubs' table
/// slots added, the shared items exported.
fn build_primary(bytes: &[u8], plan: &Plan) -> Result<Vec<u8>> {
    let mut m = parse(bytes)?;
    let Ids { funcs: ids, globals, tables, memories, table } = Ids::of(&m)?;
    let stubs = plan.boundary.len() as u64;
    {
        let t = m.tables.get_mut(table);
        t.initial += stubs;
        if let Some(max) = t.maximum.as_mut() {
            *max = (*max).max(t.initial);
        }
    }
    let loaded = m.globals.add_local(ValType::I32, true, false, ConstExpr::Value(Value::I32(0)));
    m.exports.add(LOADED_EXPORT, loaded);
    let load = m.exports.get_func(LOAD_EXPORT).map_err(|e| format!("split: {e}"))?;
    let slots: HashMap<usize, u64> =
        plan.boundary.iter().enumerate().map(|(k, &i)| (i, plan.slot_base + k as u64)).collect();
    for &i in &plan.secondary {
        let ty = m.funcs.get(ids[i]).ty();
        match slots.get(&i) {
            Some(&slot) => replace_body(&mut m, ids[i], |body, args| {
                body.global_get(loaded).unop(ir::UnaryOp::I32Eqz).if_else(
                    None,
                    |then| {
                        then.call(load);
                    },
                    |_| {},
                );
                for &a in args {
                    body.local_get(a);
                }
                body.i32_const(slot as i32).call_indirect(ty, table);
            }),
            None => replace_body(&mut m, ids[i], |body, _| {
                body.unreachable();
            }),
        }
    }
    for (item, name) in &plan.shared {
        if m.exports.iter().any(|e| &e.name == name) {
            continue;
        }
        match *item {
            Shared::Func(f) => m.exports.add(name, ids[f]),
            Shared::Global(g) => m.exports.add(name, globals[g]),
            Shared::Table(t) => m.exports.add(name, tables[t]),
            Shared::Memory(x) => m.exports.add(name, memories[x]),
        };
    }
    walrus::passes::gc::run(&mut m);
    merge_data(&mut m);
    Ok(m.emit_wasm())
}

/// Finds the data segments some instruction names (`memory.init`, `data.drop`).
#[derive(Default)]
struct NamedData(BTreeSet<walrus::DataId>);

impl<'instr> Visitor<'instr> for NamedData {
    fn visit_data_id(&mut self, d: &walrus::DataId) {
        self.0.insert(*d);
    }
}

/// Joins the active data segments of the module's one memory into a single segment, the gaps
/// between them written as the zeros memory holds anyway. wasm-opt's memory packing cuts the
/// data at every run of zeros, and the worker ends up with ~2,000 segments (a table whose
/// 16-byte entries hold one nonzero byte each becomes one segment per entry): their headers
/// weigh more in brotli than the zeros (−3.3 KB brotli, 2026-12-07). Segments an instruction
/// names, or placed by anything but a constant, are left as they are.
fn merge_data(m: &mut Module) {
    let [memory] = m.memories.iter().map(|x| x.id()).collect::<Vec<_>>()[..] else { return };
    let mut named = NamedData::default();
    for (_, f) in m.funcs.iter_local() {
        ir::dfs_in_order(&mut named, f, f.entry_block());
    }
    let mut placed: Vec<(u32, walrus::DataId)> = Vec::new();
    for d in m.data.iter() {
        match d.kind {
            walrus::DataKind::Active { memory: on, offset: ConstExpr::Value(Value::I32(at)) } if on == memory && !named.0.contains(&d.id()) => placed.push((at as u32, d.id())),
            _ => {}
        }
    }
    let (Some(start), true) = (placed.iter().map(|p| p.0).min(), placed.len() > 1) else { return };
    let end = placed.iter().map(|&(at, id)| at as usize + m.data.get(id).value.len()).max().unwrap_or(start as usize);
    let mut bytes = vec![0u8; end - start as usize];
    // In section order: where two overlap, the later one's bytes are what instantiation leaves.
    for &(at, id) in &placed {
        let value = &m.data.get(id).value;
        let from = (at - start) as usize;
        bytes[from..from + value.len()].copy_from_slice(value);
    }
    for &(_, id) in &placed {
        m.data.delete(id);
        m.memories.get_mut(memory).data_segments.remove(&id);
    }
    let id = m.data.add(walrus::DataKind::Active { memory, offset: ConstExpr::Value(Value::I32(start as i32)) }, bytes);
    m.memories.get_mut(memory).data_segments.insert(id);
}

/// The secondary: the secondary bodies, calling the primary through imports, and an element
/// segment filling the stubs' slots.
fn build_secondary(bytes: &[u8], plan: &Plan) -> Result<Vec<u8>> {
    let mut m = parse(bytes)?;
    let Ids { funcs: ids, globals, tables, memories, table } = Ids::of(&m)?;
    // Nothing of the primary's roots survives: exports, start, segments.
    let exports: Vec<_> = m.exports.iter().map(|e| e.id()).collect();
    for e in exports {
        m.exports.delete(e);
    }
    m.start = None;
    let elements: Vec<_> = m.elements.iter().map(|e| e.id()).collect();
    for e in elements {
        m.elements.delete(e);
    }
    let data: Vec<_> = m.data.iter().map(|d| d.id()).collect();
    for d in data {
        m.data.delete(d);
    }
    for t in m.tables.iter_mut() {
        t.elem_segments.clear();
    }
    let mut remap: HashMap<FunctionId, FunctionId> = HashMap::new();
    for (item, name) in &plan.shared {
        match *item {
            Shared::Func(f) => {
                let ty = m.funcs.get(ids[f]).ty();
                let (import, _) = m.add_import_func("p", name, ty);
                remap.insert(ids[f], import);
            }
            Shared::Global(g) => {
                let import = m.imports.add("p", name, ImportKind::Global(globals[g]));
                m.globals.get_mut(globals[g]).kind = GlobalKind::Import(import);
            }
            Shared::Table(t) => {
                let import = m.imports.add("p", name, ImportKind::Table(tables[t]));
                m.tables.get_mut(tables[t]).import = Some(import);
            }
            Shared::Memory(x) => {
                let import = m.imports.add("p", name, ImportKind::Memory(memories[x]));
                let memory = m.memories.get_mut(memories[x]);
                memory.import = Some(import);
                memory.data_segments.clear();
            }
        }
    }
    // A stub's slots outlive the table's own size in this module's view: the primary grew it.
    m.tables.get_mut(table).initial += plan.boundary.len() as u64;
    if let Some(max) = m.tables.get_mut(table).maximum.as_mut() {
        *max += plan.boundary.len() as u64;
    }
    struct Remap<'a>(&'a HashMap<FunctionId, FunctionId>);
    impl VisitorMut for Remap<'_> {
        fn visit_function_id_mut(&mut self, f: &mut FunctionId) {
            if let Some(to) = self.0.get(f) {
                *f = *to;
            }
        }
    }
    for &i in &plan.secondary {
        if let FunctionKind::Local(local) = &mut m.funcs.get_mut(ids[i]).kind {
            let entry = local.entry_block();
            ir::dfs_pre_order_mut(&mut Remap(&remap), local, entry);
        }
    }
    // Every other local function is cut loose so the collector drops it.
    for (k, &id) in ids.iter().enumerate() {
        if !plan.secondary.contains(&k) && matches!(m.funcs.get(id).kind, FunctionKind::Local(_)) {
            replace_body(&mut m, id, |body, _| {
                body.unreachable();
            });
        }
    }
    let boundary: Vec<FunctionId> = plan.boundary.iter().map(|&i| ids[i]).collect();
    m.elements.add(
        ElementKind::Active { table, offset: ConstExpr::Value(Value::I32(plan.slot_base as i32)) },
        ElementItems::Functions(boundary),
    );
    let (loaded, _) = m.add_import_global("p", LOADED_EXPORT, ValType::I32, true, false);
    let mut start = FunctionBuilder::new(&mut m.types, &[], &[]);
    start.func_body().i32_const(1).global_set(loaded);
    let start = start.finish(Vec::new(), &mut m.funcs);
    m.start = Some(start);
    walrus::passes::gc::run(&mut m);
    Ok(m.emit_wasm())
}

/// Splits `bytes` (the optimized worker, with its `name` section) by the cold keys.
pub fn split(bytes: &[u8], cold: &BTreeSet<u64>) -> Result<Split> {
    let m = parse(bytes)?;
    let functions = m.funcs.iter_local().count();
    if m.funcs.iter().all(|f| f.name.is_none()) {
        return Err("split: the worker's wasm has no function names (wasm-opt needs -g)".into());
    }
    let plan = plan(&m, cold)?;
    let report = report(&m, &plan);
    drop(m);
    let primary = build_primary(bytes, &plan)?;
    let secondary = build_secondary(bytes, &plan)?;
    validate("primary", &primary)?;
    validate("secondary", &secondary)?;
    Ok(Split { primary, secondary, functions, moved: plan.secondary.len(), stubs: plan.boundary.len(), report })
}

/// A profiling build: each local function stores 1 at its own byte of a second memory
/// (`podlife_profile`) on entry. Returns the module and the functions' names in mark order.
pub fn instrument(bytes: &[u8]) -> Result<(Vec<u8>, Vec<String>)> {
    let mut m = parse(bytes)?;
    let locals: Vec<FunctionId> = m.funcs.iter_local().map(|(id, _)| id).collect();
    let names: Vec<String> = locals.iter().map(|&id| m.funcs.get(id).name.clone().unwrap_or_default()).collect();
    let pages = (locals.len() as u64).div_ceil(65_536).max(1);
    let marks = m.memories.add_local(false, false, pages, Some(pages), None);
    m.exports.add(PROFILE_MEMORY, marks);
    for (k, &id) in locals.iter().enumerate() {
        if let FunctionKind::Local(local) = &mut m.funcs.get_mut(id).kind {
            let mut body = local.builder_mut().func_body();
            body.instr_at(0, ir::Const { value: Value::I32(k as i32) });
            body.instr_at(1, ir::Const { value: Value::I32(1) });
            body.instr_at(
                2,
                ir::Store { memory: marks, kind: ir::StoreKind::I32_8 { atomic: false }, arg: ir::MemArg { align: 1, offset: 0 } },
            );
        }
    }
    let out = m.emit_wasm();
    validate("profiling", &out)?;
    Ok((out, names))
}

/// Reads the cold list (12 hex digits a line; `#` starts a comment).
pub fn read_cold(path: &Path) -> Result<BTreeSet<u64>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let mut out = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let key = u64::from_str_radix(line, 16).map_err(|_| format!("{}:{}: not a key: {line}", path.display(), n + 1))?;
        out.insert(key);
    }
    Ok(out)
}

/// The loader trunk writes (`importScripts(...); wasm_bindgen(...)`), preceded by the split's
/// own: `podlifeSplit.load` fetches the secondary synchronously, once.
fn split_loader(trunk_loader: &str, secondary: &str) -> String {
    format!(
        r#"// The split worker (xtask/src/split.rs): the functions a session rarely runs are in
// {secondary}, fetched the first time one of them is called.
self.podlifeSplit = {{
  loaded: false,
  load(exports) {{
    if (this.loaded) return;
    const failed = (why) => new Error(`podlife could not fetch the rest of its engine (./{secondary}: ${{why}}); check the connection`);
    const request = new XMLHttpRequest();
    request.open("GET", "./{secondary}", false);
    request.responseType = "arraybuffer";
    try {{
      request.send();
    }} catch (e) {{
      throw failed(e.name === "NetworkError" ? "the network request failed" : e.message);
    }}
    if (request.status !== 200) throw failed(`HTTP ${{request.status}}`);
    new WebAssembly.Instance(new WebAssembly.Module(request.response), {{ p: exports }});
    this.loaded = true;
  }},
}};
{trunk_loader}"#
    )
}

/// A profiling build's loader: posts the marks to the test server's `__profile` after every
/// message the worker sends (so a test's last reply carries all it ran) and every second.
fn profile_loader(trunk_loader: &str) -> String {
    let init = trunk_loader.replace("wasm_bindgen(", "const podlifeReady = wasm_bindgen(");
    format!(
        r#"// A profiling build of the worker (cargo xtask split-profile).
{init}
podlifeReady.then((exports) => {{
  const marks = new Uint8Array(exports.{PROFILE_MEMORY}.buffer);
  const flush = () => {{
    fetch("./__profile", {{ method: "POST", body: marks.slice() }}).catch(() => {{}});
  }};
  const post = self.postMessage.bind(self);
  self.postMessage = (message, transfer) => {{
    flush();
    post(message, transfer);
  }};
  setInterval(flush, 1000);
  flush();
}});
"#
    )
}

/// `cargo xtask split-worker [DIR]`, trunk's post-build hook: splits DIR's worker (default:
/// trunk's staging directory) by the cold list, or instruments it when `PODLIFE_SPLIT=profile`,
/// or leaves it whole (without its names) when `PODLIFE_SPLIT=off`.
/// A debug build (`trunk serve`) is left whole. For experiments: `PODLIFE_SPLIT_COLD=FILE`
/// splits by another cold list, `PODLIFE_SPLIT_KEEP=FILE` keeps a copy of the whole worker.
pub fn run(args: &[String]) -> Result {
    let dir = match args.first() {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(
            std::env::var("TRUNK_STAGING_DIR")
                .map_err(|_| "split-worker: give a directory (or run it as trunk's hook)".to_string())?,
        ),
    };
    if std::env::var("TRUNK_PROFILE").is_ok_and(|p| p != "release") {
        return Ok(());
    }
    let wasm_path = dir.join(WORKER_WASM);
    let loader_path = dir.join(WORKER_LOADER);
    let bytes = std::fs::read(&wasm_path).map_err(|e| format!("reading {}: {e}", wasm_path.display()))?;
    let loader = std::fs::read_to_string(&loader_path).map_err(|e| format!("reading {}: {e}", loader_path.display()))?;
    match std::env::var("PODLIFE_SPLIT").as_deref() {
        Ok("profile") => {
            let (out, names) = instrument(&bytes)?;
            write(&wasm_path, &out)?;
            write(&dir.join(PROFILE_NAMES), (names.join("\n") + "\n").as_bytes())?;
            return write(&loader_path, profile_loader(&loader).as_bytes());
        }
        // A whole worker, for comparison (benchmarks): only the names go.
        Ok("off") => return write(&wasm_path, &parse(&bytes)?.emit_wasm()),
        _ => {}
    }
    if let Ok(keep) = std::env::var("PODLIFE_SPLIT_KEEP") {
        write(Path::new(&keep), &bytes)?;
    }
    let cold = std::env::var("PODLIFE_SPLIT_COLD").map_or_else(|_| root().join(COLD_LIST), PathBuf::from);
    let split = split(&bytes, &read_cold(&cold)?)?;
    let reports = root().join("target").join("split");
    std::fs::create_dir_all(&reports).map_err(|e| format!("creating {}: {e}", reports.display()))?;
    write(&reports.join("report.txt"), split.report.as_bytes())?;
    // The hash's first 12 hex digits name the file.
    let secondary = format!("{SPLIT_PREFIX}{:012x}.wasm", fnv1a(&split.secondary) >> 16);
    write(&wasm_path, &split.primary)?;
    write(&dir.join(&secondary), &split.secondary)?;
    write(&loader_path, split_loader(&loader, &secondary).as_bytes())?;
    say(&format!(
        "split the worker: {} of {} functions to {secondary} ({} stubs); primary {} bytes, secondary {} bytes",
        split.moved,
        split.functions,
        split.stubs,
        split.primary.len(),
        split.secondary.len()
    ));
    Ok(())
}

/// Every function of the worker by size, with the part it went to, to see what the first
/// download carries (the biggest functions the journeys run first).
fn report(m: &Module, plan: &Plan) -> String {
    let boundary: BTreeSet<usize> = plan.boundary.iter().copied().collect();
    let mut rows: Vec<(usize, &str, &str)> = m
        .funcs
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match &f.kind {
            FunctionKind::Local(local) => {
                let size = local.original_range.as_ref().map_or(0, |r| r.len());
                let part = match (plan.secondary.contains(&i), boundary.contains(&i)) {
                    (false, _) => "primary",
                    (true, true) => "secondary (stub)",
                    (true, false) => "secondary",
                };
                Some((size, part, f.name.as_deref().unwrap_or("?")))
            }
            _ => None,
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.cmp(b.2)));
    let mut text = String::from("# bytes\tpart\tfunction (written by cargo xtask split-worker)\n");
    for (size, part, name) in rows {
        text.push_str(&format!("{size}\t{part}\t{name}\n"));
    }
    text
}

fn write(path: &Path, bytes: &[u8]) -> Result {
    std::fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The browser test that proves the secondary loads: left out of the profile, so what it runs
/// stays cold.
const LOAD_TEST: &str = "split.test.mjs";

/// `cargo xtask split-profile`: a profiling build (`PODLIFE_SPLIT=profile`) into
/// target/profile-dist, every browser journey but [`LOAD_TEST`] run against it, and the
/// functions none of them ran written to [`COLD_LIST`].
pub fn profile() -> Result {
    use crate::proc::{command, run};
    crate::tools::ensure(crate::tools::Needs { wasm: true, browser: true })?;
    let dist = root().join("target").join("profile-dist");
    run(command("trunk")
        .current_dir(root())
        .env("PODLIFE_SPLIT", "profile")
        .args(["build", "--release", "--public-url", "./", "--dist"])
        .arg(&dist))?;
    let marks_path = root().join("target").join("profile-marks.bin");
    let _ = std::fs::remove_file(&marks_path);
    let tests = root().join("tests").join("browser");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&tests)
        .map_err(|e| format!("reading {}: {e}", tests.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".test.mjs") && name != LOAD_TEST
        })
        .collect();
    files.sort();
    run(command("node")
        .current_dir(root())
        .arg("tests/browser/run.mjs")
        .args(&files)
        .env("PODLIFE_DIST", &dist)
        .env("PODLIFE_CHROMIUM", crate::tools::chromium_path())
        .env("PODLIFE_PROFILE_OUT", &marks_path))?;
    let names_path = dist.join(PROFILE_NAMES);
    let names = std::fs::read_to_string(&names_path).map_err(|e| format!("reading {}: {e}", names_path.display()))?;
    let marks = std::fs::read(&marks_path).map_err(|e| format!("reading {}: {e} (no worker reported)", marks_path.display()))?;
    let mut hot = BTreeSet::new();
    let mut all = BTreeSet::new();
    for (k, name) in names.lines().enumerate() {
        let key = profile_key(name);
        all.insert(key);
        if marks.get(k).is_some_and(|&m| m != 0) {
            hot.insert(key);
        }
    }
    let cold: Vec<&u64> = all.difference(&hot).collect();
    let mut text = String::from(
        "# The worker's functions that no browser journey ran (written by `cargo xtask split-profile`):\n\
         # xtask/src/split.rs moves them to the module fetched on first use. One key a line: a\n\
         # function's name without its symbol hash, FNV-1a, 48 bits. A function not listed stays.\n",
    );
    for key in &cold {
        text.push_str(&format!("{key:012x}\n"));
    }
    write(&root().join(COLD_LIST), text.as_bytes())?;
    say(&format!("{} of {} functions ran; {} keys cold, written to {COLD_LIST}", hot.len(), all.len(), cold.len()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use walrus::ir::BinaryOp;

    #[test]
    fn keys_ignore_the_symbol_hash() {
        assert_eq!(strip_hash("podlife_engine::shell::run::h08332e8652a3a4fe"), "podlife_engine::shell::run");
        assert_eq!(strip_hash("a::h0123"), "a::h0123");
        assert_eq!(strip_hash("byn$mgfn-shared$x"), "byn$mgfn-shared$x");
        assert_eq!(profile_key("f::g::h08332e8652a3a4fe"), profile_key("f::g::hffffffffffffffff"));
        assert_ne!(profile_key("f::g"), profile_key("f::h"));
        assert!(profile_key("anything") < 1 << 48);
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }

    /// A module shaped like the worker: an exported `podlife_split_load` that calls the host,
    /// `main` calling a cold function that calls a hot one and another cold one (which reads a
    /// global and memory), and a cold function reached only through the table.
    fn sample() -> Vec<u8> {
        let mut m = Module::with_config(ModuleConfig::new());
        let memory = m.memories.add_local(false, false, 1, None, None);
        m.exports.add("memory", memory);
        let offset = ConstExpr::Value(Value::I32(0));
        m.data.add(walrus::DataKind::Active { memory, offset }, vec![5, 0, 0, 0]);
        let global = m.globals.add_local(ValType::I32, true, false, ConstExpr::Value(Value::I32(10)));
        let table = m.tables.add_local(false, 1, Some(1), walrus::RefType::FUNCREF);
        let host_ty = m.types.add(&[], &[]);
        let (host_load, _) = m.add_import_func("env", "load", host_ty);
        let named = |m: &mut Module, id: FunctionId, name: &str| m.funcs.get_mut(id).name = Some(name.to_string());

        let mut b = FunctionBuilder::new(&mut m.types, &[], &[]);
        b.func_body().call(host_load);
        let load = b.finish(vec![], &mut m.funcs);
        named(&mut m, load, "podlife_split_load");
        m.exports.add(LOAD_EXPORT, load);

        let unary = |m: &mut Module, name: &str, build: &dyn Fn(&mut walrus::InstrSeqBuilder, walrus::LocalId)| {
            let x = m.locals.add(ValType::I32);
            let mut b = FunctionBuilder::new(&mut m.types, &[ValType::I32], &[ValType::I32]);
            build(&mut b.func_body(), x);
            let id = b.finish(vec![x], &mut m.funcs);
            m.funcs.get_mut(id).name = Some(name.to_string());
            id
        };
        let hot_b = unary(&mut m, "t::hot_b::h0000000000000001", &|b, x| {
            b.local_get(x).i32_const(2).binop(BinaryOp::I32Mul);
        });
        let cold_c = unary(&mut m, "t::cold_c::h0000000000000002", &|b, x| {
            b.local_get(x).global_get(global).binop(BinaryOp::I32Add);
            b.i32_const(0).load(memory, ir::LoadKind::I32 { atomic: false }, ir::MemArg { align: 4, offset: 0 });
            b.binop(BinaryOp::I32Add);
        });
        let cold_a = unary(&mut m, "t::cold_a::h0000000000000003", &|b, x| {
            b.local_get(x).call(hot_b).local_get(x).call(cold_c).binop(BinaryOp::I32Mul);
        });
        let cold_d = unary(&mut m, "t::cold_d::h0000000000000004", &|b, x| {
            b.local_get(x).i32_const(100).binop(BinaryOp::I32Sub);
        });
        let unary_ty = m.funcs.get(cold_d).ty();
        let main = unary(&mut m, "t::main::h0000000000000005", &|b, x| {
            b.local_get(x).call(cold_a).i32_const(1).binop(BinaryOp::I32Add);
            b.local_get(x).i32_const(0).call_indirect(unary_ty, table).binop(BinaryOp::I32Add);
        });
        m.exports.add("main", main);
        m.exports.add("hot", hot_b);
        m.elements.add(
            ElementKind::Active { table, offset: ConstExpr::Value(Value::I32(0)) },
            ElementItems::Functions(vec![cold_d]),
        );
        m.emit_wasm()
    }

    #[test]
    fn a_split_module_runs_as_the_whole_did() {
        let whole = sample();
        let cold: BTreeSet<u64> =
            ["t::cold_a", "t::cold_c", "t::cold_d", "podlife_split_load"].iter().map(|n| profile_key(n)).collect();
        let split = split(&whole, &cold).expect("splits");
        // cold_a (called by main) and cold_d (in the table) keep stubs; cold_c moves whole;
        // the loader is never split off.
        assert_eq!((split.functions, split.moved, split.stubs), (6, 3, 2));
        let dir = std::env::temp_dir().join(format!("podlife-split-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for (name, bytes) in [("whole.wasm", &whole), ("primary.wasm", &split.primary), ("secondary.wasm", &split.secondary)] {
            std::fs::write(dir.join(name), bytes).expect("write");
        }
        // main(3) = cold_a(3) + 1 + cold_d(3) = hot_b(3) * cold_c(3) + 1 + (3 - 100)
        //         = 6 * (3 + 10 + 5) + 1 - 97 = 12; `hot` runs without the secondary.
        let script = r#"
            const fs = require('fs');
            const dir = process.argv[1];
            const read = (f) => new WebAssembly.Module(fs.readFileSync(dir + '/' + f));
            const whole = new WebAssembly.Instance(read('whole.wasm'), { env: { load() {} } });
            let loads = 0, primary;
            primary = new WebAssembly.Instance(read('primary.wasm'), { env: { load() {
                loads++;
                new WebAssembly.Instance(read('secondary.wasm'), { p: primary.exports });
            } } });
            const out = [whole.exports.main(3), primary.exports.hot(4), loads, primary.exports.main(3), loads, primary.exports.main(5), whole.exports.main(5), loads];
            console.log(JSON.stringify(out));
        "#;
        let output = std::process::Command::new("node").arg("-e").arg(script).arg(&dir).output().expect("node runs");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "[12,8,0,12,1,106,106,1]");
    }

    /// Memory packing's pieces become one segment, the gaps zeros, later bytes over earlier
    /// ones where two overlap; a segment an instruction names keeps its own.
    #[test]
    fn active_data_is_joined_into_one_segment() {
        let mut m = Module::with_config(ModuleConfig::new());
        let memory = m.memories.add_local(false, false, 1, None, None);
        let at = |offset: i32| walrus::DataKind::Active { memory, offset: ConstExpr::Value(Value::I32(offset)) };
        for (offset, bytes) in [(1024, vec![1, 2]), (1030, vec![3]), (1040, vec![4, 5, 6]), (1041, vec![7])] {
            let id = m.data.add(at(offset), bytes);
            m.memories.get_mut(memory).data_segments.insert(id);
        }
        let named = m.data.add(at(2048), vec![9]);
        m.memories.get_mut(memory).data_segments.insert(named);
        let mut f = FunctionBuilder::new(&mut m.types, &[], &[]);
        f.func_body().data_drop(named);
        let drop_it = f.finish(vec![], &mut m.funcs);
        m.exports.add("drop_it", drop_it);
        merge_data(&mut m);
        let mut segments: Vec<(i32, Vec<u8>)> = m
            .data
            .iter()
            .map(|d| match d.kind {
                walrus::DataKind::Active { offset: ConstExpr::Value(Value::I32(o)), .. } => (o, d.value.clone()),
                _ => panic!("an active segment"),
            })
            .collect();
        segments.sort();
        assert_eq!(segments, vec![(1024, vec![1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 7, 6]), (2048, vec![9])]);
        assert_eq!(m.memories.get(memory).data_segments.len(), 2);
        validate("merged", &m.emit_wasm()).expect("a valid module");
    }
}
