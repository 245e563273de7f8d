//! Kernels called with their sizes: the bounds fuzzer's shape for the
//! accesses loom proves through call sites (`src/facts/preconditions/`).
//!
//! A program ([`CallCase`], a pure function of the seed from a random
//! stream of its own, one seed in [`ONE_IN`], off with
//! `--without-call-site-shapes`) is, in a 64-bit or a 32-bit module:
//! - a kernel `@cs<id>_k(%n: T, %m: T, %A: memref<?xi32>, %B:
//!   memref<?xi32>, %M: memref<?x?xi32> | memref<?xCxi32>, %L:
//!   memref<8xindex>)` (`T` is `index` or `i32`, each read through
//!   `arith.index_cast`), whose accesses ([`Acc`]) sit in loops bounded by
//!   `%n`, `%m`, `memref.dim`s or constants: `for %i = lo to ub step s {
//!   A|B[%i + c | %i + %m] }` and `for %i < r { for %j < c { M[%i, %j + k]
//!   } }`. Nothing in the kernel relates its sizes to its buffers, so no
//!   access is proven on its own; loom states a precondition for each;
//! - the kernel is `private` (provable through call sites), `public` (never),
//!   or private with its address taken (`func.constant`, then called once
//!   through `func.call_indirect`, a call loom does not list);
//! - `@cs<id>` (public, called by the batch's `@main`) allocates two or
//!   three 1-D buffers (static and cast to `?`, dynamic of a constant, or
//!   dynamic of a computed size) and one 2-D buffer, and calls the kernel
//!   ([`Call`]) with scalars ([`Src`]) that are constants, `memref.dim`s,
//!   a dim plus a constant, half a dim, `minsi(c, dim)`, or the counter of
//!   a loop around the call (whose `%A` may be allocated in the loop with
//!   the counter plus a constant elements), sometimes under `scf.if %n ule
//!   dim (+ 1)` (or `sle`, or the call in the else branch of `ugt`);
//! - sometimes a private helper `@cs<id>_h(%P, %Q, %R, %k: index, %L)`
//!   called by `@cs<id>` with different buffers, which calls the kernel
//!   with its own arguments' dims and `%k` (one level: loom proves a call
//!   there only from the helper's own facts).
//!
//! Near misses come from the same choices: a size one past its buffer
//! (`dim + 1`, a constant too large, a loop one trip too long, a guard
//! with `+ 1`), the wrong buffer, an offset that overruns.
//!
//! **Truth** (exact: every size is a constant of the program): each kernel
//! invocation's arguments are known ([`CallCase::invocations`]); an access
//! is out of bounds in an invocation when some iteration's index leaves
//! its buffer. Every access sits under a guard against its buffer's sizes
//! *loaded from `%L`* (the caller stores the dims of the buffers it passes
//! before each call), so loom learns nothing from it and runs never leave
//! a buffer; the else branch prints the access id. Before each invocation
//! the caller prints [`CALL`] plus the call site. The printed sequence
//! must be the simulated one ([`CallCase::simulate`]).
//!
//! **Claims** (checked in `run`): an access proven on its own or through
//! call sites must be in bounds in every invocation; a call the report
//! says holds for an access must keep that access in bounds in every
//! invocation from that call, and so must a call the kernel's function
//! record says holds, for every access with a precondition (all calls,
//! if the record says proven); whenever an invocation takes an access out
//! of bounds, the access's precondition must be false for its arguments;
//! an access of a public or address-taken kernel is never proven through
//! call sites, and the calls the report lists are exactly the program's
//! `func.call`s of the kernel.
//!
//! Invariants: all values are small (|v| < 64), so the 32- and 64-bit
//! runs compute the same values and no cast truncates; every kernel
//! argument of every invocation is fixed before the call.
//!
//! Files: this one (the programs, their generation and simulation),
//! `emit` (their text), `run` (batches, checks, counts, self-test).

mod emit;
mod run;

use crate::expr::ArgValue;
use crate::rng::Rng;

pub use run::{run, self_test, CallSiteTally};

/// Whether the bounds fuzzer adds the call-site programs. On by default;
/// `--without-call-site-shapes` turns it off.
pub static CALL_SITE_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// One seed in this many has a call-site program.
pub const ONE_IN: u64 = 6;

/// Printed (plus the call site) before each kernel invocation.
pub const CALL: u64 = 1 << 20;

/// The type of a kernel's scalar argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Index,
    I32,
}

impl Ty {
    fn text(self) -> &'static str {
        match self {
            Ty::Index => "index",
            Ty::I32 => "i32",
        }
    }
}

/// A kernel's 1-D buffer argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buf {
    A,
    B,
}

/// A loop bound of the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ub {
    N,
    M,
    Dim(Buf),
    /// `memref.dim %M, k`.
    DimM(usize),
    Const(i64),
}

/// How a 1-D access's index is made from the counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Off {
    /// `%i + c` (`overflow<nsw>`; `subi` for c < 0).
    C(i64),
    /// `%i + %m` (`overflow<nsw>`).
    M,
}

/// One access of the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acc {
    /// `for %i = lo to ub step s { buf[%i + off] }`.
    Line { store: bool, buf: Buf, lo: i64, ub: Ub, step: i64, off: Off },
    /// `for %i = 0 to rows { for %j = 0 to cols { M[%i, %j + shift] } }`.
    Grid { store: bool, rows: Ub, cols: Ub, shift: i64 },
}

/// Who may call the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vis {
    Private,
    Public,
    /// Private, its address taken by `func.constant` and called once
    /// through `func.call_indirect`.
    Taken,
}

/// A buffer the caller sees: a 1-D one (`@cs<id>`'s pool slot, or the
/// helper's `%P` (0) / `%Q` (1)) or a dimension of the 2-D one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufRef {
    One(usize),
    Two(usize),
}

/// Where a scalar argument of a call comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Const(i64),
    Dim(BufRef),
    /// `dim + c`.
    DimAdd(BufRef, i64),
    /// `dim divui 2`.
    DimHalf(BufRef),
    /// `arith.minsi c, dim`.
    Min(i64, BufRef),
    /// The counter of the loop around the call, plus c.
    Counter(i64),
    /// The helper's `%k`.
    K,
}

/// How a 1-D buffer of `@cs<id>` is allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alloc {
    /// `memref.alloc() : memref<Nxi32>` cast to `memref<?xi32>`.
    Static,
    /// `memref.alloc(%c) : memref<?xi32>` of a constant.
    Const,
    /// `memref.alloc(%x)` of `%x = c1 + c2`.
    Computed,
}

/// How a call is guarded: `scf.if %n <pred> dim + slack { call }`, or the
/// call in the else branch of the negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// `ule`: runs when `0 <= %n <= limit`.
    Ule,
    /// `sle`: runs when `%n <= limit` (a negative `%n` too).
    Sle,
    /// `ugt`, the call in the else branch: runs when `0 <= %n <= limit`.
    UgtElse,
}

/// Where a call sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller {
    Main,
    Helper,
}

/// One call of the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    pub caller: Caller,
    pub n: Src,
    pub m: Src,
    /// The 1-D buffers passed as `%A` and `%B` (slots of the caller).
    pub a: usize,
    pub b: usize,
    /// Inside `scf.for %t = 0 to trips` (`@cs<id>` only).
    pub trips: Option<i64>,
    /// In that loop, `%A` is a fresh `memref.alloc(%t + c)` (deallocated
    /// after the call), not the slot `a`.
    pub fresh: Option<i64>,
    /// Under a guard on `%n` against `dim(buf) + slack`.
    pub guard: Option<(BufRef, i64, Guard)>,
    /// Through `func.call_indirect` of the taken address.
    pub indirect: bool,
}

/// One call of the helper from `@cs<id>`: its `%P`, `%Q` (pool slots) and `%k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelperCall {
    pub p: usize,
    pub q: usize,
    pub k: i64,
}

/// One call-site program.
#[derive(Clone, Debug)]
pub struct CallCase {
    pub id: u64,
    pub iw: u32,
    pub n_ty: Ty,
    pub m_ty: Ty,
    /// `%M`'s static inner size, if it has one.
    pub m_cols: Option<i64>,
    pub vis: Vis,
    pub accs: Vec<Acc>,
    /// `@cs<id>`'s 1-D buffers.
    pub pool: Vec<(i64, Alloc)>,
    /// The 2-D buffer's shape, and whether it is allocated statically.
    pub grid: (i64, i64, bool),
    /// The kernel's call sites, numbered from 1 in this order.
    pub calls: Vec<Call>,
    pub helper_calls: Vec<HelperCall>,
}

/// One execution of the kernel: its call site and argument values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub site: usize,
    pub n: i64,
    pub m: i64,
    pub a: i64,
    pub b: i64,
    pub rows: i64,
    pub cols: i64,
}

/// The program of seed `id`, or none.
pub fn generate(id: u64) -> Option<CallCase> {
    if !CALL_SITE_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0x9FB2_1C65_1E98_DF25) ^ 0xCA11_5173);
    if rng.below(ONE_IN) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn ub(rng: &mut Rng) -> Ub {
    match rng.below(8) {
        0..=2 => Ub::N,
        3 => Ub::M,
        4 => Ub::Dim(Buf::A),
        5 => Ub::Dim(Buf::B),
        6 => Ub::DimM(rng.below(2) as usize),
        _ => Ub::Const(rng.range_i64(0, 10)),
    }
}

fn acc(rng: &mut Rng) -> Acc {
    let store = rng.chance(1, 2);
    if rng.chance(1, 4) {
        let rows = [Ub::N, Ub::M, Ub::DimM(0), Ub::N][rng.below(4) as usize];
        let cols = [Ub::M, Ub::N, Ub::DimM(1), Ub::M][rng.below(4) as usize];
        let shift = if rng.chance(1, 4) { 1 } else { 0 };
        return Acc::Grid { store, rows, cols, shift };
    }
    let buf = if rng.chance(2, 3) { Buf::A } else { Buf::B };
    let lo = [0, 0, 0, 1, 2][rng.below(5) as usize];
    let step = if rng.chance(1, 4) { 2 } else { 1 };
    let off = match rng.below(6) {
        0 => Off::M,
        1 => Off::C(-lo.max(1)),
        2 => Off::C(1 + rng.below(2) as i64),
        _ => Off::C(0),
    };
    Acc::Line { store, buf, lo, ub: ub(rng), step, off }
}

/// A scalar source in a caller that sees `slots` 1-D buffers, the helper's
/// `%k` if `helper`, a loop counter if `looped`; its buffer `prefer` two
/// times in three.
fn src(rng: &mut Rng, slots: usize, helper: bool, looped: bool, prefer: BufRef) -> Src {
    let one = |rng: &mut Rng| {
        if rng.chance(2, 3) {
            prefer
        } else if rng.chance(1, 4) {
            BufRef::Two(rng.below(2) as usize)
        } else {
            BufRef::One(rng.below(slots as u64) as usize)
        }
    };
    loop {
        return match rng.below(13) {
            0 | 1 => Src::Const(rng.range_i64(-1, 13)),
            2..=4 => Src::Dim(one(rng)),
            5 | 6 => Src::DimAdd(one(rng), rng.range_i64(-3, 1)),
            7 => Src::DimHalf(one(rng)),
            8 => Src::Min(rng.range_i64(0, 12), one(rng)),
            9 | 10 if looped => Src::Counter(rng.range_i64(0, 1)),
            11 | 12 if helper => Src::K,
            _ => continue,
        };
    }
}

/// A call from `caller` (which sees `slots` 1-D buffers); in a loop only
/// if `loops`. `%n` is mostly a size of `%A` (or of `%M`'s rows), `%m` a
/// small constant or a size of `%M`'s columns.
fn call(rng: &mut Rng, caller: Caller, slots: usize, loops: bool) -> Call {
    let trips = (loops && caller == Caller::Main && rng.chance(1, 4)).then(|| rng.range_i64(1, 4));
    let (helper, looped) = (caller == Caller::Helper, trips.is_some());
    let (a, b) = (rng.below(slots as u64) as usize, rng.below(slots as u64) as usize);
    let fresh = (looped && rng.chance(1, 2)).then(|| rng.range_i64(0, 2));
    let rows = if rng.chance(1, 4) { BufRef::Two(0) } else { BufRef::One(a) };
    let n = if fresh.is_some() && rng.chance(1, 2) {
        Src::Counter(rng.range_i64(0, 1))
    } else {
        src(rng, slots, helper, looped, rows)
    };
    let m = if rng.chance(1, 2) {
        Src::Const(rng.range_i64(0, 3))
    } else {
        src(rng, slots, helper, looped, BufRef::Two(1))
    };
    let guard = rng.chance(1, 4).then(|| {
        let r = if rng.chance(1, 5) { BufRef::Two(0) } else { BufRef::One(a) };
        (r, i64::from(rng.chance(1, 3)), [Guard::Ule, Guard::Sle, Guard::UgtElse][rng.below(3) as usize])
    });
    Call { caller, n, m, a, b, trips, fresh, guard, indirect: false }
}

fn generate_case(id: u64, rng: &mut Rng) -> CallCase {
    let iw = if rng.chance(1, 2) { 32 } else { 64 };
    let ty = |rng: &mut Rng| if rng.chance(1, 3) { Ty::I32 } else { Ty::Index };
    let (n_ty, m_ty) = (ty(rng), ty(rng));
    let grid = (rng.range_i64(0, 6), rng.range_i64(0, 6), rng.chance(1, 2));
    let m_cols = rng.chance(1, 3).then_some(grid.1);
    let vis = match rng.below(8) {
        0 => Vis::Public,
        1 => Vis::Taken,
        _ => Vis::Private,
    };
    let accs = (0..1 + rng.below(3)).map(|_| acc(rng)).collect();
    let allocs = [Alloc::Static, Alloc::Const, Alloc::Computed];
    let pool: Vec<(i64, Alloc)> =
        (0..2 + rng.below(2)).map(|_| (rng.range_i64(0, 12), allocs[rng.below(3) as usize])).collect();
    let mut calls: Vec<Call> = (0..1 + rng.below(3)).map(|_| call(rng, Caller::Main, pool.len(), true)).collect();
    let mut helper_calls = Vec::new();
    if rng.chance(1, 3) {
        for _ in 0..1 + rng.below(2) {
            let k = rng.range_i64(-1, 12);
            helper_calls.push(HelperCall {
                p: rng.below(pool.len() as u64) as usize,
                q: rng.below(pool.len() as u64) as usize,
                k,
            });
        }
        for _ in 0..1 + rng.below(2) {
            calls.push(call(rng, Caller::Helper, 2, false));
        }
    }
    if vis == Vis::Taken {
        let mut c = call(rng, Caller::Main, pool.len(), false);
        (c.guard, c.indirect) = (None, true);
        calls.push(c);
    }
    CallCase { id, iw, n_ty, m_ty, m_cols, vis, accs, pool, grid, calls, helper_calls }
}

/// What a caller's buffers and scalars are in one of its executions.
struct Frame<'a> {
    /// Sizes of the caller's 1-D slots.
    sizes: &'a [i64],
    grid: (i64, i64),
    k: i64,
    t: i64,
}

impl Frame<'_> {
    fn dim(&self, r: BufRef) -> i64 {
        match r {
            BufRef::One(s) => self.sizes[s],
            BufRef::Two(0) => self.grid.0,
            BufRef::Two(_) => self.grid.1,
        }
    }

    fn value(&self, s: Src) -> i64 {
        match s {
            Src::Const(c) => c,
            Src::Dim(r) => self.dim(r),
            Src::DimAdd(r, c) => self.dim(r) + c,
            Src::DimHalf(r) => self.dim(r) / 2,
            Src::Min(c, r) => c.min(self.dim(r)),
            Src::Counter(c) => self.t + c,
            Src::K => self.k,
        }
    }
}

impl CallCase {
    pub fn name(&self) -> String {
        format!("cs{}", self.id)
    }

    pub fn kernel(&self) -> String {
        format!("cs{}_k", self.id)
    }

    /// Every execution of the kernel, in the order the program runs them.
    pub fn invocations(&self) -> Vec<Invocation> {
        let mut out = Vec::new();
        let sizes: Vec<i64> = self.pool.iter().map(|p| p.0).collect();
        let grid = (self.grid.0, self.grid.1);
        let sites = |caller: Caller| self.calls.iter().enumerate().filter(move |(_, c)| c.caller == caller);
        let run = |out: &mut Vec<Invocation>, site: usize, c: &Call, f: &Frame| {
            if let Some((r, slack, kind)) = c.guard {
                let n = f.value(c.n);
                // Unsigned: a negative `%n` is a huge value.
                if (kind != Guard::Sle && n < 0) || n > f.dim(r) + slack {
                    return;
                }
            }
            out.push(Invocation {
                site: site + 1,
                n: f.value(c.n),
                m: f.value(c.m),
                a: c.fresh.map_or(f.sizes[c.a], |k| f.t + k),
                b: f.sizes[c.b],
                rows: grid.0,
                cols: grid.1,
            });
        };
        // `@cs<id>`: its direct calls in order, then the helper calls, then
        // the indirect one (see `emit`).
        for (site, c) in sites(Caller::Main).filter(|(_, c)| !c.indirect) {
            for t in 0..c.trips.unwrap_or(1) {
                run(&mut out, site, c, &Frame { sizes: &sizes, grid, k: 0, t });
            }
        }
        for h in &self.helper_calls {
            let hs = [sizes[h.p], sizes[h.q]];
            for (site, c) in sites(Caller::Helper) {
                run(&mut out, site, c, &Frame { sizes: &hs, grid, k: h.k, t: 0 });
            }
        }
        for (site, c) in sites(Caller::Main).filter(|(_, c)| c.indirect) {
            run(&mut out, site, c, &Frame { sizes: &sizes, grid, k: 0, t: 0 });
        }
        out
    }

    /// Every access invocation `v` runs, in order: its id (from 1),
    /// whether it is out of bounds, and whether it is in bounds at the last
    /// element of a dimension (where a check that reads the index one
    /// further fails).
    fn visits(&self, v: &Invocation) -> Vec<(u64, bool, bool)> {
        let mut out = Vec::new();
        let bound = |u: Ub| match u {
            Ub::N => v.n,
            Ub::M => v.m,
            Ub::Dim(Buf::A) => v.a,
            Ub::Dim(Buf::B) => v.b,
            Ub::DimM(0) => v.rows,
            Ub::DimM(_) => v.cols,
            Ub::Const(c) => c,
        };
        for (k, a) in self.accs.iter().enumerate() {
            let id = k as u64 + 1;
            match *a {
                Acc::Line { buf, lo, ub, step, off, .. } => {
                    let size = if buf == Buf::A { v.a } else { v.b };
                    let mut i = lo;
                    while i < bound(ub) {
                        let x = i + if let Off::C(c) = off { c } else { v.m };
                        let inside = 0 <= x && x < size;
                        out.push((id, !inside, inside && x == size - 1));
                        i += step;
                    }
                }
                Acc::Grid { rows, cols, shift, .. } => {
                    for i in 0..bound(rows) {
                        for j in 0..bound(cols) {
                            let inside = i < v.rows && j + shift < v.cols;
                            out.push((id, !inside, inside && (i == v.rows - 1 || j + shift == v.cols - 1)));
                        }
                    }
                }
            }
        }
        out
    }

    /// The ids of the accesses (from 1) invocation `v` takes out of bounds,
    /// once per iteration, in the order it runs them.
    pub fn oob_prints(&self, v: &Invocation) -> Vec<u64> {
        self.visits(v).into_iter().filter(|x| x.1).map(|x| x.0).collect()
    }

    /// Whether invocation `v` runs access `id` at the last element of a
    /// dimension of its buffer.
    pub fn touches_last(&self, v: &Invocation, id: u64) -> bool {
        self.visits(v).iter().any(|x| x.0 == id && x.2)
    }

    /// What the program prints: per invocation, [`CALL`] plus its site,
    /// then the accesses it takes out of bounds.
    pub fn simulate(&self) -> Vec<u64> {
        let mut out = Vec::new();
        for v in self.invocations() {
            out.push(CALL + v.site as u64);
            out.extend(self.oob_prints(&v));
        }
        out
    }

    /// The kernel's arguments in invocation `v`, as the report's
    /// expression evaluator reads them.
    pub fn arguments(&self, v: &Invocation) -> Vec<ArgValue> {
        let width = |t: Ty| if t == Ty::I32 { 32 } else { self.iw };
        let scalar = |x: i64, t: Ty| {
            let w = width(t);
            ArgValue::Scalar { bits: (x as i128 as u128) & ((1u128 << w) - 1), width: w }
        };
        vec![
            scalar(v.n, self.n_ty),
            scalar(v.m, self.m_ty),
            ArgValue::Buffer { dims: vec![v.a as u64] },
            ArgValue::Buffer { dims: vec![v.b as u64] },
            ArgValue::Buffer { dims: vec![v.rows as u64, v.cols as u64] },
            ArgValue::Buffer { dims: vec![emit::LIMITS as u64] },
        ]
    }
}

/// Which call-site program a seed has, for `--print`.
pub fn describe(seed: u64) -> Option<String> {
    let case = generate(seed)?;
    Some(format!(
        "// call-site program, {}-bit index; prints {:?}\n{}",
        case.iw,
        case.simulate(),
        super::single::module(&case.program(), case.iw)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both kinds are common: accesses in bounds in every invocation, and
    /// near misses that some invocation takes out of bounds.
    #[test]
    fn programs_mix_safe_accesses_and_near_misses() {
        let (mut safe, mut near, mut idle) = (0, 0, 0);
        for id in 0..2000 {
            let c = generate_case(id, &mut Rng::new(id));
            let vs = c.invocations();
            for k in 1..=c.accs.len() as u64 {
                if vs.iter().any(|v| c.oob_prints(v).contains(&k)) {
                    near += 1;
                } else if vs.iter().any(|v| c.visits(v).iter().any(|x| x.0 == k)) {
                    safe += 1;
                } else {
                    idle += 1;
                }
            }
        }
        assert!(safe * 3 > near && near * 3 > safe && idle < safe, "{safe} safe, {near} near misses, {idle} never run");
    }

    /// The invocations of a hand-made case and what they print.
    #[test]
    fn invocations_follow_loops_guards_and_helpers() {
        let line = Acc::Line { store: true, buf: Buf::A, lo: 0, ub: Ub::N, step: 1, off: Off::C(0) };
        let main = |n, trips, guard| Call {
            caller: Caller::Main,
            n,
            m: Src::Const(0),
            a: 0,
            b: 1,
            trips,
            fresh: None,
            guard,
            indirect: false,
        };
        let case = CallCase {
            id: 0,
            iw: 64,
            n_ty: Ty::Index,
            m_ty: Ty::I32,
            m_cols: None,
            vis: Vis::Private,
            accs: vec![line],
            pool: vec![(3, Alloc::Static), (5, Alloc::Const)],
            grid: (2, 2, false),
            calls: vec![
                main(Src::Counter(1), Some(3), None),
                main(Src::Const(4), None, Some((BufRef::One(0), 1, Guard::Ule))),
                main(Src::Const(5), None, Some((BufRef::One(0), 1, Guard::UgtElse))),
                main(Src::Const(-1), None, Some((BufRef::One(0), 0, Guard::Sle))),
                main(Src::Const(-1), None, Some((BufRef::One(0), 0, Guard::Ule))),
                Call { fresh: Some(1), ..main(Src::Counter(1), Some(2), None) },
                Call { caller: Caller::Helper, n: Src::Dim(BufRef::One(1)), ..main(Src::K, None, None) },
            ],
            helper_calls: vec![HelperCall { p: 1, q: 0, k: 0 }],
        };
        let sites: Vec<(usize, i64, i64)> = case.invocations().iter().map(|v| (v.site, v.n, v.a)).collect();
        // t + 1 for t < 3; 4 passes `ule 3 + 1`, 5 does not; -1 passes
        // `sle` only; t + 1 into a fresh buffer of t + 1; the helper's %Q
        // is the 3-element buffer, %A its %P (5 elements).
        assert_eq!(
            sites,
            vec![(1, 1, 3), (1, 2, 3), (1, 3, 3), (2, 4, 3), (4, -1, 3), (6, 1, 1), (6, 2, 2), (7, 3, 5)]
        );
        let c = CALL;
        assert_eq!(case.simulate(), vec![c + 1, c + 1, c + 1, c + 2, 1, c + 4, c + 6, c + 6, c + 7]);
    }
}
