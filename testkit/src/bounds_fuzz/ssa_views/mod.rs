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
//! **Runs**: the programs of one width go into one module (at most
//! `run::BATCH`) whose `@main` prints `run::MARK` plus each seed before calling
//! its function: one report, one lowering and one run per batch. A batch
//! that fails (a violated claim aborts it) is checked program by program,
//! so that each failure names its program.
//!
//! Invariants: every constant is small and non-negative, so both widths
//! compute the same values; the guard keeps every store inside its buffer.
//!
//! Files: this one (the programs, their generation and simulation),
//! `emit` (their text), `run` (batches, checks, counts, self-test).

mod emit;
mod run;

use crate::rng::Rng;

use super::single;

pub use run::{check_case, run, self_test, SsaViewTally};

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
