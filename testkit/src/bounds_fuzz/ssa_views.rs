//! Views spelled with SSA constants, as front ends write them: the bounds
//! fuzzer's shape of `memref.subview` / `memref.reinterpret_cast` whose
//! offsets, sizes and strides are `arith.constant`, `index.constant` or an
//! `arith.index_cast` of an i32/i64 constant (mixed with static entries),
//! with loops over the views bounded by `memref.dim` of the view or by the
//! size's own SSA value, and accesses through them.
//!
//! A program ([`SsaViewCase`], a pure function of the seed from a random
//! stream of its own, one seed in eight, off with
//! `--without-ssa-view-shapes`) is one function in a 64-bit or a 32-bit
//! module with one to three views ([`View`]):
//! - a 1-D `memref.subview` of `%A : memref<?xi32>` (its size a constant)
//!   or of `%S : memref<Nxi32>`, offset, size and stride (1..=3) each an
//!   SSA constant or a static entry;
//! - a 1-D `memref.reinterpret_cast` of `%A` (loom does not read it: its
//!   accesses are claims only if loom makes them);
//! - a rank-reducing row view of `%M : memref<RxCxi32>` or `memref<?x?xi32>`
//!   (`memref.subview %M[%r, c] [1, z] [1, 1]` to `memref<?xi32,
//!   strided<[1], offset: ?>>`).
//!
//! Each view has a loop `scf.for %i = 0 to ub step s` (`ub` is
//! `memref.dim` of the view, the size's SSA value, or one of them plus one)
//! storing through the view at `%i` or `%i + 1`, and sometimes a store at a
//! constant index (the last element, or one past it). Near misses (half
//! the views): the size one element too large for the source, a stride one
//! larger (the last element out of the source), the offset one too far, a
//! row one past the last, the loop bound one past the size, `%i + 1`, the
//! constant one past the end.
//!
//! **Truth** (exact: every value is a constant): an access is in bounds
//! when its index is below the view's size; a subview when its footprint
//! lies in its source. The guard around each store (`super::single`'s
//! convention: limits loaded from memory, so loom learns nothing from it)
//! tests both the view's size and the element's place in the source
//! allocation, so runs never leave the buffers; its else branch prints the
//! access id (index past the view) or the id plus [`THROUGH`] (an element
//! outside the source reached through a view that leaves it). Before each
//! subview the program prints the subview's id if its last element is not
//! inside the source. The printed ids must be the simulated ones; a claim
//! loom proves whose truth is out of bounds is a wrong proof, and so is a
//! claim `loom-check-claims` sees violated.
//!
//! Invariants: every constant is small and non-negative, so both widths
//! compute the same values; the guard keeps every store inside its buffer.

use std::fmt::Write as _;
use std::path::Path;

use crate::rng::Rng;
use crate::tools::Ending;

use super::single::{self, head, observe, tail, Observed, Single};

/// Whether the bounds fuzzer adds the SSA-constant view programs. On by
/// default; `--without-ssa-view-shapes` turns it off.
pub static SSA_VIEW_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Printed (added to the access id) when a store's element lies outside
/// its source although its index is inside the view.
pub const THROUGH: u64 = 500;

/// How an offset, size or stride is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spell {
    /// A static entry of the op.
    Attr,
    /// `arith.constant v : index`.
    Arith,
    /// `index.constant v`.
    IndexConst,
    /// `arith.index_cast` of `arith.constant v : i32`.
    CastI32,
    /// `arith.index_cast` of `arith.constant v : i64`.
    CastI64,
}

impl Spell {
    const ALL: [Spell; 5] = [Spell::Attr, Spell::Arith, Spell::IndexConst, Spell::CastI32, Spell::CastI64];
}

/// What a view is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// `memref.subview` of `%A` (dynamic) or `%S` (static), 1-D.
    Subview { static_source: bool },
    /// `memref.reinterpret_cast` of `%A`.
    Reinterpret,
    /// A rank-reducing row of `%M` (static or dynamic shape).
    Row { static_source: bool },
}

/// The loop's upper bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `memref.dim %view, 0`.
    Dim,
    /// The size's own SSA value (an `arith.constant` if the size is static).
    Size,
    /// `memref.dim %view, 0` plus one.
    DimPast,
    /// The size's value plus one.
    SizePast,
}

/// One view and its accesses.
#[derive(Clone, Debug)]
pub struct View {
    pub kind: ViewKind,
    /// 1-D: the element offset; a row: the column offset.
    pub off: i64,
    /// A row: the row.
    pub row: i64,
    pub size: i64,
    pub stride: i64,
    /// Spellings of the offset, size, stride (a row: the column offset,
    /// size, row; its stride is the static 1).
    pub spell: [Spell; 3],
    pub bound: Bound,
    pub step: i64,
    /// The loop's store is at `%i + shift`.
    pub shift: i64,
    /// A store at this constant index, if any.
    pub at: Option<i64>,
}

/// One SSA-constant view program.
#[derive(Clone, Debug)]
pub struct SsaViewCase {
    pub id: u64,
    pub iw: u32,
    /// `%A`'s and `%S`'s size.
    pub n: i64,
    /// `%M`'s shape.
    pub rows: i64,
    pub cols: i64,
    pub views: Vec<View>,
}

/// A claim of the program: a subview or a store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    Subview { view: usize },
    Loop { view: usize },
    At { view: usize },
}

/// The program of seed `id`, or none (seven seeds in eight).
pub fn generate(id: u64) -> Option<SsaViewCase> {
    if !SSA_VIEW_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0xA076_1D64_78BD_642F) ^ 0x55A_71E);
    if rng.below(8) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn spell(rng: &mut Rng) -> Spell {
    // A static entry one time in four.
    if rng.chance(1, 4) {
        Spell::Attr
    } else {
        Spell::ALL[1 + rng.below(4) as usize]
    }
}

fn generate_case(id: u64, rng: &mut Rng) -> SsaViewCase {
    let iw = if rng.chance(1, 2) { 32 } else { 64 };
    let n = 3 + rng.below(22) as i64;
    let (rows, cols) = (1 + rng.below(6) as i64, 1 + rng.below(8) as i64);
    let count = 1 + rng.below(3) as usize;
    let views = (0..count).map(|_| generate_view(rng, n, rows, cols)).collect();
    let mut case = SsaViewCase { id, iw, n, rows, cols, views };
    // The verifier rejects static entries that leave a static source:
    // such a near miss is spelled with SSA constants only.
    for k in 0..case.views.len() {
        let v = &case.views[k];
        let static_source =
            matches!(v.kind, ViewKind::Subview { static_source: true } | ViewKind::Row { static_source: true });
        if static_source && !v.in_source(&case) {
            case.views[k].spell = case.views[k].spell.map(|sp| if sp == Spell::Attr { Spell::Arith } else { sp });
        }
    }
    case
}

fn generate_view(rng: &mut Rng, n: i64, rows: i64, cols: i64) -> View {
    let kind = match rng.below(5) {
        0 | 1 => ViewKind::Subview { static_source: rng.chance(1, 2) },
        2 => ViewKind::Reinterpret,
        _ => ViewKind::Row { static_source: rng.chance(1, 2) },
    };
    let spell = [spell(rng), spell(rng), spell(rng)];
    let tight = rng.chance(1, 2);
    let (mut off, mut row, mut size, mut stride);
    match kind {
        ViewKind::Row { .. } => {
            row = rng.below(rows as u64) as i64;
            off = rng.below(cols as u64) as i64;
            let room = cols - off;
            size = if tight { room } else { 1 + rng.below(room as u64) as i64 };
            stride = 1;
        }
        _ => {
            row = 0;
            stride = 1 + rng.below(3) as i64;
            off = rng.below(4.min(n as u64)) as i64;
            let most = (n - 1 - off) / stride + 1;
            size = if tight { most } else { 1 + rng.below(most as u64) as i64 };
        }
    }
    let mut bound = [Bound::Dim, Bound::Size][rng.below(2) as usize];
    let mut shift = 0;
    let step = 1 + i64::from(rng.chance(1, 4));
    let mut at = rng.chance(1, 2).then_some(size - 1);
    if rng.chance(1, 2) {
        // One near miss.
        match (kind, rng.below(4)) {
            (ViewKind::Row { .. }, 0) => row = rows,
            (ViewKind::Row { .. }, 1) => {
                if off + size == cols {
                    size += 1;
                } else {
                    off = cols - size + 1;
                }
            }
            (ViewKind::Subview { .. } | ViewKind::Reinterpret, 0) => size = (n - 1 - off) / stride + 2,
            (ViewKind::Subview { .. } | ViewKind::Reinterpret, 1) => {
                if rng.chance(1, 2) && size > 1 {
                    stride += 1;
                } else {
                    off += 1;
                }
            }
            (_, 2) => {
                bound = if bound == Bound::Dim { Bound::DimPast } else { Bound::SizePast };
            }
            _ => {
                if at.is_some() {
                    at = Some(size);
                } else {
                    shift = 1;
                }
            }
        }
    }
    View { kind, off, row, size, stride, spell, bound, step, shift, at }
}

impl View {
    /// The loop's upper bound.
    fn ub(&self) -> i64 {
        match self.bound {
            Bound::Dim | Bound::Size => self.size,
            Bound::DimPast | Bound::SizePast => self.size + 1,
        }
    }

    /// Whether the view lies in its source.
    fn in_source(&self, case: &SsaViewCase) -> bool {
        match self.kind {
            ViewKind::Row { .. } => self.row < case.rows && self.off + self.size <= case.cols,
            _ => self.off + (self.size - 1) * self.stride < case.n,
        }
    }

    /// The element of the source allocation (row-major) that index `x` of
    /// the view is, and the allocation's size.
    fn element(&self, case: &SsaViewCase, x: i64) -> (i64, i64) {
        match self.kind {
            ViewKind::Row { .. } => (self.row * case.cols + self.off + x, case.rows * case.cols),
            _ => (self.off + x * self.stride, case.n),
        }
    }

    fn is_subview(&self) -> bool {
        !matches!(self.kind, ViewKind::Reinterpret)
    }
}

impl SsaViewCase {
    pub fn name(&self) -> String {
        format!("ssav{}", self.id)
    }

    /// The program's claims, in id order (ids from 1).
    pub fn claims(&self) -> Vec<Claim> {
        let mut out = Vec::new();
        for (k, v) in self.views.iter().enumerate() {
            if v.is_subview() {
                out.push(Claim::Subview { view: k });
            }
            out.push(Claim::Loop { view: k });
            if v.at.is_some() {
                out.push(Claim::At { view: k });
            }
        }
        out
    }

    /// Whether claim `c` holds on every run.
    pub fn in_bounds(&self, c: Claim) -> bool {
        match c {
            Claim::Subview { view } => self.views[view].in_source(self),
            Claim::Loop { view } => {
                let v = &self.views[view];
                last_counter(v.ub(), v.step).is_none_or(|i| i + v.shift < v.size)
            }
            Claim::At { view } => self.views[view].at.is_none_or(|a| a < self.views[view].size),
        }
    }

    /// The ids the program prints, in order.
    pub fn simulate(&self) -> Vec<u64> {
        let mut out = Vec::new();
        let store = |out: &mut Vec<u64>, v: &View, id: u64, x: i64| {
            let (e, total) = v.element(self, x);
            if x >= v.size {
                out.push(id);
            } else if e >= total {
                out.push(id + THROUGH);
            }
        };
        for (k, c) in self.claims().into_iter().enumerate() {
            let id = k as u64 + 1;
            match c {
                Claim::Subview { view } => {
                    if !self.views[view].in_source(self) {
                        out.push(id);
                    }
                }
                Claim::Loop { view } => {
                    let v = &self.views[view];
                    let mut i = 0;
                    while i < v.ub() {
                        store(&mut out, v, id, i + v.shift);
                        i += v.step;
                    }
                }
                Claim::At { view } => {
                    let v = &self.views[view];
                    store(&mut out, v, id, v.at.unwrap_or(0));
                }
            }
        }
        out
    }
}

/// The last counter of `for i = 0 to ub step s`, if it runs.
fn last_counter(ub: i64, step: i64) -> Option<i64> {
    (ub > 0).then(|| (ub - 1) / step * step)
}

/// The operand text of `v` spelled `sp` (emitting its definition as
/// `%name` unless it is a static entry).
fn operand(s: &mut String, name: &str, v: i64, sp: Spell) -> String {
    match sp {
        Spell::Attr => return v.to_string(),
        Spell::Arith => {
            let _ = writeln!(s, "  %{name} = arith.constant {v} : index");
        }
        Spell::IndexConst => {
            let _ = writeln!(s, "  %{name} = index.constant {v}");
        }
        Spell::CastI32 | Spell::CastI64 => {
            let ty = if sp == Spell::CastI32 { "i32" } else { "i64" };
            let _ = writeln!(s, "  %{name}w = arith.constant {v} : {ty}");
            let _ = writeln!(s, "  %{name} = arith.index_cast %{name}w : {ty} to index");
        }
    }
    format!("%{name}")
}

/// The static entry of a result type: the value if static, else `?`.
fn entry(v: i64, sp: Spell) -> String {
    if sp == Spell::Attr {
        v.to_string()
    } else {
        "?".into()
    }
}

/// Emits a fresh value `%{name}` equal to `v` that loom cannot see
/// through (stored to and loaded from `%L`).
fn opaque(s: &mut String, indent: &str, name: &str, v: i64) {
    let _ = writeln!(s, "{indent}%{name}k = arith.constant {v} : index");
    let _ = writeln!(s, "{indent}memref.store %{name}k, %L[%c1s] : memref<2xindex>");
    let _ = writeln!(s, "{indent}%{name} = memref.load %L[%c1s] : memref<2xindex>");
}

impl SsaViewCase {
    /// The guarded store of claim `id` through view `v` (`%v{k}` of type
    /// `ty`) at index `%{x}`: in the view's bounds and inside the source
    /// allocation, or the id printed (plus [`THROUGH`] for the second).
    fn guarded_store(&self, s: &mut String, indent: &str, v: &View, k: usize, ty: &str, id: usize, x: &str) {
        let name = self.name();
        let g = format!("g{id}");
        opaque(s, indent, &format!("{g}vl"), v.size);
        let _ = writeln!(s, "{indent}%{g}a = arith.cmpi ult, {x}, %{g}vl : index");
        let (base, mul) = match v.kind {
            ViewKind::Row { .. } => (v.row * self.cols + v.off, 1),
            _ => (v.off, v.stride),
        };
        let (_, total) = v.element(self, 0);
        let _ = writeln!(s, "{indent}%{g}m = arith.constant {mul} : index");
        let _ = writeln!(s, "{indent}%{g}o = arith.constant {base} : index");
        let _ = writeln!(s, "{indent}%{g}p = arith.muli {x}, %{g}m : index");
        let _ = writeln!(s, "{indent}%{g}e = arith.addi %{g}p, %{g}o : index");
        opaque(s, indent, &format!("{g}tl"), total);
        let _ = writeln!(s, "{indent}%{g}b = arith.cmpi ult, %{g}e, %{g}tl : index");
        let _ = writeln!(s, "{indent}%{g}ok = arith.andi %{g}a, %{g}b : i1");
        let _ = writeln!(s, "{indent}scf.if %{g}ok {{");
        let _ = writeln!(s, "{indent}  memref.store %v, %v{k}[{x}] : {ty} loc(\"{name}\":{id}:1)");
        let _ = writeln!(s, "{indent}}} else {{");
        let _ = writeln!(s, "{indent}  %{g}i = arith.constant {id} : i64");
        let _ = writeln!(s, "{indent}  %{g}t = arith.constant {} : i64", id as u64 + THROUGH);
        let _ = writeln!(s, "{indent}  %{g}q = arith.select %{g}a, %{g}t, %{g}i : i64");
        let _ = writeln!(s, "{indent}  func.call @printI64(%{g}q) : (i64) -> ()");
        let _ = writeln!(s, "{indent}  func.call @printNewline() : () -> ()");
        let _ = writeln!(s, "{indent}}}");
    }

    /// Prints claim `id` unless `%{a} ult %{b}`-style conditions `conds`
    /// (pairs of a constant and the limit it must stay below) all hold.
    fn source_check(&self, s: &mut String, id: usize, conds: &[(i64, i64)]) {
        let g = format!("c{id}");
        let mut all = String::new();
        for (j, &(x, lim)) in conds.iter().enumerate() {
            let _ = writeln!(s, "  %{g}x{j} = arith.constant {x} : index");
            opaque(s, "  ", &format!("{g}l{j}"), lim);
            let _ = writeln!(s, "  %{g}b{j} = arith.cmpi ult, %{g}x{j}, %{g}l{j} : index");
            all = if j == 0 {
                format!("%{g}b{j}")
            } else {
                let _ = writeln!(s, "  %{g}and{j} = arith.andi {all}, %{g}b{j} : i1");
                format!("%{g}and{j}")
            };
        }
        let _ = writeln!(s, "  scf.if {all} {{\n  }} else {{");
        let _ = writeln!(s, "    %{g}i = arith.constant {id} : i64");
        let _ = writeln!(s, "    func.call @printI64(%{g}i) : (i64) -> ()");
        let _ = writeln!(s, "    func.call @printNewline() : () -> ()\n  }}");
    }

    /// The program's MLIR text (functions, no module).
    pub fn program(&self) -> String {
        let name = self.name();
        let mut s = head(&name, self.n as u64);
        s.push_str("  %c1s = arith.constant 1 : index\n");
        let (n, rows, cols) = (self.n, self.rows, self.cols);
        let has = |f: &dyn Fn(ViewKind) -> bool| self.views.iter().any(|v| f(v.kind));
        let static_s = has(&|k| k == ViewKind::Subview { static_source: true });
        let static_m = has(&|k| k == ViewKind::Row { static_source: true });
        let dyn_m = has(&|k| k == ViewKind::Row { static_source: false });
        if static_s {
            let _ = writeln!(s, "  %S = memref.alloc() : memref<{n}xi32>");
        }
        if static_m {
            let _ = writeln!(s, "  %M = memref.alloc() : memref<{rows}x{cols}xi32>");
        }
        if dyn_m {
            let _ = writeln!(s, "  %mr = arith.constant {rows} : index\n  %mc = arith.constant {cols} : index");
            let _ = writeln!(s, "  %Md = memref.alloc(%mr, %mc) : memref<?x?xi32>");
        }
        let claims = self.claims();
        let id_of = |c: Claim| claims.iter().position(|x| *x == c).map(|p| p + 1);
        for (k, v) in self.views.iter().enumerate() {
            let [so, sz, sst] = v.spell;
            let o = operand(&mut s, &format!("o{k}"), v.off, so);
            let z = operand(&mut s, &format!("z{k}"), v.size, sz);
            let ty;
            match v.kind {
                ViewKind::Row { static_source } => {
                    let r = operand(&mut s, &format!("r{k}"), v.row, sst);
                    let id = id_of(Claim::Subview { view: k }).unwrap_or(0);
                    self.source_check(&mut s, id, &[(v.row, rows), (v.off + v.size - 1, cols)]);
                    let offset = if static_source && so == Spell::Attr && sst == Spell::Attr {
                        (v.row * cols + v.off).to_string()
                    } else {
                        "?".into()
                    };
                    ty = format!("memref<{}xi32, strided<[1], offset: {offset}>>", entry(v.size, sz));
                    let (src, src_ty) = if static_source {
                        ("%M", format!("memref<{rows}x{cols}xi32>"))
                    } else {
                        ("%Md", "memref<?x?xi32>".to_string())
                    };
                    let _ = writeln!(
                        s,
                        "  %v{k} = memref.subview {src}[{r}, {o}] [1, {z}] [1, 1] : {src_ty} to {ty} loc(\"{name}\":{id}:1)"
                    );
                }
                ViewKind::Subview { static_source } => {
                    let st = operand(&mut s, &format!("s{k}"), v.stride, sst);
                    let id = id_of(Claim::Subview { view: k }).unwrap_or(0);
                    self.source_check(&mut s, id, &[(v.off + (v.size - 1) * v.stride, n)]);
                    ty = format!(
                        "memref<{}xi32, strided<[{}], offset: {}>>",
                        entry(v.size, sz),
                        entry(v.stride, sst),
                        entry(v.off, so)
                    );
                    let (src, src_ty) =
                        if static_source { ("%S", format!("memref<{n}xi32>")) } else { ("%A", "memref<?xi32>".into()) };
                    let _ = writeln!(
                        s,
                        "  %v{k} = memref.subview {src}[{o}] [{z}] [{st}] : {src_ty} to {ty} loc(\"{name}\":{id}:1)"
                    );
                }
                ViewKind::Reinterpret => {
                    let st = operand(&mut s, &format!("s{k}"), v.stride, sst);
                    ty = format!(
                        "memref<{}xi32, strided<[{}], offset: {}>>",
                        entry(v.size, sz),
                        entry(v.stride, sst),
                        entry(v.off, so)
                    );
                    let _ = writeln!(
                        s,
                        "  %v{k} = memref.reinterpret_cast %A to offset: [{o}], sizes: [{z}], strides: [{st}] : memref<?xi32> to {ty}"
                    );
                }
            }
            let ub = match v.bound {
                Bound::Dim | Bound::DimPast => {
                    let _ = writeln!(s, "  %d{k} = memref.dim %v{k}, %c0 : {ty}");
                    format!("%d{k}")
                }
                Bound::Size | Bound::SizePast if sz != Spell::Attr => z.clone(),
                Bound::Size | Bound::SizePast => {
                    let _ = writeln!(s, "  %zb{k} = arith.constant {} : index", v.size);
                    format!("%zb{k}")
                }
            };
            let ub = if matches!(v.bound, Bound::DimPast | Bound::SizePast) {
                let _ = writeln!(s, "  %u{k} = arith.addi {ub}, %c1s : index");
                format!("%u{k}")
            } else {
                ub
            };
            let _ = writeln!(s, "  %st{k} = arith.constant {} : index", v.step);
            let _ = writeln!(s, "  scf.for %i{k} = %c0 to {ub} step %st{k} {{");
            let x = if v.shift == 0 {
                format!("%i{k}")
            } else {
                let _ = writeln!(s, "    %x{k} = arith.addi %i{k}, %c1s : index");
                format!("%x{k}")
            };
            let id = id_of(Claim::Loop { view: k }).unwrap_or(0);
            self.guarded_store(&mut s, "    ", v, k, &ty, id, &x);
            s.push_str("  }\n");
            if let (Some(a), Some(id)) = (v.at, id_of(Claim::At { view: k })) {
                let at = operand(&mut s, &format!("a{k}"), a, [Spell::Arith, Spell::IndexConst][k % 2]);
                self.guarded_store(&mut s, "  ", v, k, &ty, id, &at);
            }
        }
        if static_s {
            let _ = writeln!(s, "  memref.dealloc %S : memref<{n}xi32>");
        }
        if static_m {
            let _ = writeln!(s, "  memref.dealloc %M : memref<{rows}x{cols}xi32>");
        }
        if dyn_m {
            s.push_str("  memref.dealloc %Md : memref<?x?xi32>\n");
        }
        s.push_str(&tail(&name));
        s
    }

    /// Runs the program with `loom-check-claims{check_opts}`.
    pub fn observe(&self, loom_opt: &Path, dir: &Path, check_opts: &str) -> Result<Result<Observed, String>, String> {
        let (name, program) = (self.name(), self.program());
        let p =
            Single { name: &name, program: &program, accesses: self.claims().len(), iw: self.iw, lower_affine: false };
        observe(loom_opt, dir, &p, check_opts)
    }

    /// What is wrong given what loom said and the run did: a print that is
    /// not the simulated one, a proven claim that is out of bounds.
    pub fn verdicts(&self, seen: &Observed) -> Vec<String> {
        let mut out = Vec::new();
        let want = self.simulate();
        if seen.printed != want || seen.ending != Ending::Returned {
            out.push(format!(
                "{}: printed {:?} and {:?}, simulated {want:?} and Returned",
                self.name(),
                seen.printed,
                seen.ending
            ));
        }
        for (k, c) in self.claims().into_iter().enumerate() {
            let id = k + 1;
            if seen.proven.get(&id) == Some(&true) && (!self.in_bounds(c) || seen.oob.contains(&id)) {
                out.push(format!("{}: wrong proof: claim {id} ({c:?}) is out of bounds", self.name()));
            }
        }
        out
    }
}

/// Counts of the SSA-constant view programs.
#[derive(Default, Debug)]
pub struct SsaViewTally {
    pub programs: u64,
    pub at32: u64,
    pub views: u64,
    pub subviews: u64,
    pub subviews_proven: u64,
    pub accesses: u64,
    pub accesses_in_bounds: u64,
    pub accesses_proven: u64,
    pub near_misses: u64,
    pub near_misses_unproven: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl SsaViewTally {
    pub fn summary(&self) -> String {
        format!(
            "bounds-fuzz: SSA-constant views: {} programs ({} at 32 bits), {} views; {} subviews ({} proven), {} accesses ({} in bounds, {} proven); {} near misses ({} unproven); {} wrong claims or mismatches",
            self.programs,
            self.at32,
            self.views,
            self.subviews,
            self.subviews_proven,
            self.accesses,
            self.accesses_in_bounds,
            self.accesses_proven,
            self.near_misses,
            self.near_misses_unproven,
            self.wrong
        )
    }
}

/// Checks one program into `tally`.
pub fn check_case(loom_opt: &Path, dir: &Path, case: &SsaViewCase, tally: &mut SsaViewTally) -> Result<(), String> {
    tally.programs += 1;
    tally.at32 += u64::from(case.iw == 32);
    tally.views += case.views.len() as u64;
    let repro = || format!("  reproducer: {}", dir.join(format!("{}.mlir", case.name())).display());
    let bad = match case.observe(loom_opt, dir, "") {
        Ok(Ok(seen)) => {
            for (k, c) in case.claims().into_iter().enumerate() {
                let proven = seen.proven.get(&(k + 1)) == Some(&true);
                let ok = case.in_bounds(c);
                if matches!(c, Claim::Subview { .. }) {
                    tally.subviews += 1;
                    tally.subviews_proven += u64::from(proven);
                } else {
                    tally.accesses += 1;
                    tally.accesses_in_bounds += u64::from(ok);
                    tally.accesses_proven += u64::from(proven);
                }
                if !ok {
                    tally.near_misses += 1;
                    tally.near_misses_unproven += u64::from(!proven);
                }
            }
            case.verdicts(&seen)
        }
        Ok(Err(why)) => vec![format!("{}: {why}", case.name())],
        Err(e) if e.contains("loom claim violated") => vec![format!("{}: {e}", case.name())],
        Err(e) => return Err(format!("{}: {e}", case.name())),
    };
    if !bad.is_empty() {
        tally.wrong += bad.len() as u64;
        tally.failures.extend(bad);
        tally.failures.push(repro());
    }
    Ok(())
}

/// Runs the SSA-constant view programs of `seeds`.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut SsaViewTally) -> Result<(), String> {
    for case in seeds.filter_map(generate) {
        check_case(loom_opt, dir, &case, tally)?;
    }
    Ok(())
}

/// The self-test: every generated program of `seeds` checked with a report
/// forged to prove every claim (each out-of-bounds one must be flagged),
/// and a program with a proven access run with `plant=access` (the planted
/// claim must be caught). A summary line, and whether all of it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    let (mut planted, mut caught) = (0, 0);
    let mut plant_case = None;
    for case in seeds.filter_map(generate) {
        let Ok(seen) = case.observe(loom_opt, dir, "")? else { continue };
        if plant_case.is_none() && seen.proven.values().any(|p| *p) {
            plant_case = Some(case.clone());
        }
        let forged = Observed { proven: seen.proven.keys().map(|&k| (k, true)).collect(), ..seen };
        let claims = case.claims();
        let bad: Vec<usize> = (1..=claims.len()).filter(|&id| !case.in_bounds(claims[id - 1])).collect();
        planted += bad.len();
        let verdicts = case.verdicts(&forged);
        caught +=
            bad.iter().filter(|id| verdicts.iter().any(|v| v.contains(&format!("wrong proof: claim {id} ")))).count();
    }
    let plant = match &plant_case {
        Some(c) => matches!(c.observe(loom_opt, dir, "plant=access"), Err(e) if e.contains("loom claim violated")),
        None => false,
    };
    let yes = |b: bool| if b { "yes" } else { "NO" };
    Ok((
        format!(
            "SSA-constant view self-test: {planted} forged proofs of claims out of bounds, {caught} caught; a program with a proven access caught with plant=access: {}",
            yes(plant)
        ),
        planted > 0 && caught == planted && plant,
    ))
}

/// Which SSA-constant view program a seed has, for `--print`.
pub fn describe(seed: u64) -> Option<String> {
    let case = generate(seed)?;
    Some(format!(
        "// SSA-constant view program, {}-bit index; prints {:?}\n{}",
        case.iw,
        case.simulate(),
        single::module(&case.program(), case.iw)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Half the views or so have a claim out of bounds, and every claim the
    /// truth calls in bounds never prints.
    #[test]
    fn near_misses_are_out_of_bounds_and_good_claims_never_print() {
        let (mut good, mut bad) = (0, 0);
        for id in 0..2000 {
            let mut rng = Rng::new(id);
            let c = generate_case(id, &mut rng);
            let printed = c.simulate();
            for (k, cl) in c.claims().into_iter().enumerate() {
                let id = k as u64 + 1;
                if c.in_bounds(cl) {
                    good += 1;
                    assert!(!printed.contains(&id), "{c:?}");
                } else {
                    bad += 1;
                }
            }
        }
        assert!(bad * 6 > good && good > bad, "{good} in bounds, {bad} out");
    }
}
