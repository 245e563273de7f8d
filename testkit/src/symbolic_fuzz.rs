//! Differential check of *symbolic* loop facts against execution.
//!
//! Loops bounded by function arguments and buffer sizes get their facts
//! stated as expression strings (`loom-report` schema version 2:
//! `body_count_expr`, `counter.exit_expr`, ...; see `crate::expr` for the
//! grammar). This module generates random small functions
//! `func.func @s<seed>(%arg0: ..., ...)` whose loops are bounded by such
//! symbols, runs every one with several random argument sets, and checks
//! every claim the report makes against what happened.
//!
//! **Cases** ([`generate`], a pure function of the seed): one counter type
//! per case (`index`, `i64`, `i32`, `i16`, `i8`); arguments of that type,
//! narrower integer arguments (read through `arith.extsi`/`extui` or
//! `arith.index_cast`/`index_castui`) and `memref<?xi32>` /
//! `memref<?x?xf32>` buffers; one to three loops (single, nested, siblings),
//! each an `scf.for` (signed or `unsigned`), a `loom.for` (optionally with a
//! `loom.break` when the induction variable equals a symbol), an `scf.while`
//! (header-tested or do-while) or a counted `loom.loop`, with all eight
//! ordered predicates and the counter on either side for the last three,
//! steps 1 to 5 (decreasing too where the shape allows, and sometimes in
//! the wrong direction), and initial values and bounds built from
//! arguments, `memref.dim`, constants, the enclosing loops' counters,
//! `arith.addi`/`subi`/`muli` by constants (without a flag, `nsw` or `nuw`)
//! and `arith.minsi`/`maxsi`/`minui`/`maxui`. A share of the loops follow
//! templates designed as near misses (step > 1 up to an unbounded argument,
//! `<=` an argument that may be the type maximum, `%lb + 8` without a flag,
//! tiles `min(%i + 4, %n)`, triangular nests, `dim - 1` down to 0).
//!
//! **Soundness issue 18's shapes** (drawn from a second random stream, so
//! that a seed without them names the case it named before; off with
//! `--without-issue18-shapes`): a third of the `index` cases sit in a
//! nested `module` / `gpu.module @dev32` whose DLTI spec makes `index` 32
//! bits wide inside the 64-bit root ([`SymCase::nested`]: simulated at 32
//! bits, not executed); a third of the cases have their top-level loops in
//! a non-entry block ([`CfForm`]: the body block of a `cf` loop of 0 to 3
//! iterations, the same inside a multi-block `scf.execute_region`, or a
//! block `cf.cond_br %true/%false` reaches or not), so `entries` and the
//! totals are per call, not per entry; a quarter of the cases with a buffer
//! argument are the nest `for %i = 0 to dim step 2..8 { loop from %i to
//! %i + c }` whose inner facts are exact only because the buffer-size
//! assumption bounds `dim`, hence `%i` (`gen_assumption_nest`). Every
//! batch is also analysed with every assumption option off
//! ([`crate::assumption_diff`]): a claim that changes must list an
//! assumption.
//!
//! **Parallel loops** (soundness issue 19; from a third random stream, off
//! with `--without-parallel-shapes`): half the `index` cases are an
//! `scf.parallel`, `scf.forall` or (at the function's top level, where
//! its bounds are valid affine symbols) `affine.parallel` of 1 to 3
//! dimensions, alone, around a loop of the generator above (which may use
//! its first induction variable), inside one, or beside one
//! (`gen_parallel_case`). Bounds are arguments, `memref.dim`, constants
//! and the generator's arithmetic, sometimes `lb >= ub`; steps 1..5
//! constants or (the near miss) an argument; `scf.forall` in its `in
//! (...)` form and with static parts written as literals. Each dimension
//! is simulated and checked as the `scf.for` it becomes when the op is
//! lowered to a nest (dimension 0 outermost, signed, a non-positive step
//! or an overflowing final value of an entered dimension undefined): on
//! every entry of the op, the record adds up, from the runtime bounds,
//! what that loop does (its entries, the product of the counts of the
//! dimensions before it; its iterations per entry; the values its
//! condition, body and exit see), beside the values the op's body
//! observes of each induction variable ([`slot::DIM_LB`]). The body count
//! must be the product of the dimensions' counts; each `dims` object is
//! checked against its dimension's loop like the claims of a loop nested
//! in the op: its counts on every entry of that loop, its counter ranges
//! over all of them (equal to them when they are one entry's or the op's
//! bounds are the same on every entry), its exit on every entry, and its
//! body range must contain every value the body observed; a parallel loop
//! may have no condition count, no total condition count and no counter.
//!
//! **Parallel nests and 32-bit parallel loops** (from a fourth random
//! stream, also off with `--without-parallel-shapes`): half the `index`
//! cases the streams above leave plain are a parallel loop of any kind
//! whose body holds another of any kind (`gen_parallel_nest`; an
//! `affine.parallel` inside `affine.parallel` only, its bounds written as
//! affine expressions), the shape upstream's `scf-parallel-loop-tiling`
//! and `tile_using_forall` make: outer dimensions mostly `0 to N step T`,
//! inner ones bounded by the outer induction variables
//! (`gen_inner_bounds`): the tile size `affine.min affine_map<(d0)[s0] ->
//! (T, s0 - d0)>(%i)[N]`, `%i to %i + c`, `0 to %i`, `%i to N`, `%i to
//! min(%i + T, N)`, and near misses (a tile larger than the outer step,
//! `min(T, N - %i) + 1`, an inner step that skips); sometimes two inner
//! loops, or a loop of the generator inside the inner one. The inner op's
//! `dims` are checked over all its entries (the outer iterations). Half
//! the parallel cases in the nested 32-bit module get a dimension near
//! the 32-bit limits (`near_limit_dim`: step 3 from near `2^31 - 1`, or
//! `%a to %a + c`), simulated at 32 bits, where the final induction value
//! overflows (undefined) for some arguments and not for others.
//!
//! **Argument sets** ([`ARG_SETS`] per case, chosen among more candidates):
//! small values (some negative), tiny or small positive values, values all
//! near one edge of the type (0, 1, the signed and unsigned extremes) so
//! that even loops near the limits are short, and independent edge values;
//! buffer sizes 0..40 (sometimes 100..300, to make a narrow counter's
//! `index_cast` of a size wrap). Half the sets are the candidates that run
//! the most loop bodies not run yet (a quick simulation decides), the
//! others edge sets. Every size is far below half the address space, so the
//! `buffer-bytes-below-half-address-space` assumption always holds; any
//! other assumption a report lists is flagged (the fuzzer cannot honour it).
//!
//! **Truth.** A simulator (w-bit wrapping arithmetic; `nsw`/`nuw` overflow
//! gives poison, and a loop bound that is poison, or an `scf.for`/`loom.for`
//! induction variable that overflows, makes the whole run undefined) runs
//! each argument set with a fuel of [`FUEL`] body executions per loop entry
//! and [`TOTAL_FUEL`] per call. Runs that end within the fuel are executed
//! too: an instrumented copy of each function (same control flow plus
//! stores into a record buffer; no op with regions added) goes through
//! `loom-lower-to-llvm` + `mlir-runner`, and its record must equal the
//! simulator's. The record holds, per loop: entries, total condition and
//! body executions, the min/max per-entry condition and body counts, the
//! min/max counter values the condition region and the body observe (both
//! orders), and the min/max exit values of the entries that left by the
//! false edge.
//!
//! **Checks** (per loop, per argument set; undefined runs are skipped):
//! `exact` counts must equal every entry's count, `at_most` must bound it;
//! counter ranges must contain every observed value and, for an exact loop
//! entered once, equal the observed min/max; the exit must equal every
//! normal exit; totals and `entries` must equal the call's. A run beyond the
//! fuel still checks what it saw: counts so far are lower bounds (an exact
//! claim below the fuel for a loop that ran past it is a contradiction), the
//! entries that finished are exact, observed values must lie in the claimed
//! ranges; loops it did not reach are not checked, nor its totals when the
//! case has flagged arithmetic (a later poison would make the run
//! undefined). The v1 numeric fields are checked the same way, except that
//! a numeric `condition`/`body` pair given beside its `_expr` pair is read
//! as an enclosing bound (the v1 schema requires the pair even when the
//! range is symbolic). Expressions outside the grammar, unknown statuses or
//! assumptions and a loop list that does not match the case are
//! contradictions too. The report must
//! parse with loom's own schema ([`loom::analysis::Report`]); the new fields
//! are read from the JSON text by this module's own reader, so the checker
//! does not depend on how the schema names them in Rust.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::expr::{self, ArgValue, Env, EvalError};
use crate::facts_fuzz::Ty;
use crate::int::{in_order, mask, to_signed, Predicate};
use crate::rng::Rng;

/// Body executions per loop entry a run may take to be executed.
pub const FUEL: u64 = 1 << 14;
/// Body executions per call (all loops) a run may take to be executed.
pub const TOTAL_FUEL: u64 = 1 << 17;
/// Argument sets per case.
pub const ARG_SETS: usize = 4;
/// An assumption the generator's buffers always satisfy (their bytes, and
/// so each dimension's, are far below half the address space).
pub const BUFFER_ASSUMPTION: &str = "buffer-bytes-below-half-address-space";
/// The other one (see [`BUFFER_ASSUMPTION`]).
pub const BUFFER_DIMS_ASSUMPTION: &str = "buffer-dims-below-half-address-space";

/// The record's slots of one loop (`PER_LOOP` per loop, in loop pre-order).
pub mod slot {
    pub const ENTRIES: usize = 0;
    pub const TOT_COND: usize = 1;
    pub const TOT_BODY: usize = 2;
    /// Scratch: the current entry's condition / body executions.
    pub const CUR_COND: usize = 3;
    pub const CUR_BODY: usize = 4;
    /// Min/max over finished entries of the per-entry counts.
    pub const EC_MIN: usize = 5;
    pub const EC_MAX: usize = 6;
    pub const EB_MIN: usize = 7;
    pub const EB_MAX: usize = 8;
    /// Counter statistics, 4 slots each: signed min, signed max (of the
    /// sign-extended value), unsigned min, unsigned max (zero-extended).
    pub const COND: usize = 9;
    pub const BODY: usize = 13;
    /// Of the value on the false edge, over the entries that took it.
    pub const EXIT: usize = 17;
    /// A parallel dimension's block only: the values of its induction
    /// variable the op's body observes (signed min/max).
    pub const OBS: usize = 21;
    /// The statistics groups (4 slots each, contiguous from COND).
    pub const STATS: [usize; 4] = [COND, BODY, EXIT, OBS];
    /// Scratch: the counter at the last condition, sign/zero-extended.
    pub const LAST_S: usize = 25;
    pub const LAST_U: usize = 26;
    /// Scratch: whether the current entry left through a break.
    pub const BROKE_CUR: usize = 27;
    /// Whether any entry left through a break.
    pub const BROKE: usize = 28;
    /// Entries that left through the false edge.
    pub const NORMAL: usize = 29;
    /// A parallel dimension's block only: the op's body executions at
    /// which every other induction variable is at its lower bound (in all,
    /// over the op's entries: this dimension's count whenever the body runs).
    pub const SEEN: usize = 30;
    pub const PER_LOOP: usize = 31;

    /// A parallel loop's own block uses ENTRIES, TOT_BODY, CUR_BODY,
    /// EB_MIN and EB_MAX (body executions per entry of the op). Each of its
    /// dimensions has a block of its own (after all loops' blocks, see
    /// `SymCase::dim_block`): the record of the dimension's `scf.for` in
    /// the nest the op lowers to, as a loop's block, computed on each
    /// entry of the op from the runtime bounds (the nest runs every entry
    /// it starts to the end): ENTRIES (that loop's entries: per entry of
    /// the op, the product of the counts of the dimensions before it),
    /// TOT_BODY, EB_MIN/EB_MAX per entry of that loop, and the signed
    /// min/max of the values its condition (COND), body (BODY) and exit
    /// (EXIT) see; its condition counts and normal exits follow (the
    /// checker derives them: one condition more than bodies per entry,
    /// every entry normal). Beside it, in OBS (signed min/max) and SEEN,
    /// what the op's body observes of the dimension; and the runtime lower
    /// bound, upper bound and step of the op's last entry (sign-extended)
    /// in these three slots.
    pub const DIM_LB: usize = LAST_S;
    pub const DIM_UB: usize = LAST_U;
    pub const DIM_STEP: usize = BROKE_CUR;
}

/// Whether the generator adds `scf.parallel`/`scf.forall` loops (from a
/// further random stream, so that a seed without them names the case it
/// named before). On by default; `loom-facts-fuzz --symbolic
/// --without-parallel-shapes` turns it off.
pub static PARALLEL_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// [`PARALLEL_SHAPES`]'s value.
pub fn parallel_shapes() -> bool {
    PARALLEL_SHAPES.load(std::sync::atomic::Ordering::Relaxed)
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

/// A function argument's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    Int(u32),
    Index,
    /// `index` in a function of a nested module whose DLTI spec makes it
    /// 32 bits wide ([`SymCase::nested`]).
    Index32,
    /// `memref<?xi32>`.
    Mem1,
    /// `memref<?x?xf32>`.
    Mem2,
}

impl ArgKind {
    pub fn type_name(self) -> String {
        match self {
            ArgKind::Int(w) => format!("i{w}"),
            ArgKind::Index | ArgKind::Index32 => "index".into(),
            ArgKind::Mem1 => "memref<?xi32>".into(),
            ArgKind::Mem2 => "memref<?x?xf32>".into(),
        }
    }
    fn width(self) -> u32 {
        match self {
            ArgKind::Int(w) => w,
            ArgKind::Index32 => 32,
            _ => 64,
        }
    }
    fn rank(self) -> usize {
        match self {
            ArgKind::Mem1 => 1,
            ArgKind::Mem2 => 2,
            _ => 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flags {
    None,
    Nsw,
    Nuw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinMaxOp {
    MinS,
    MaxS,
    MinU,
    MaxU,
}

/// A loop-invariant value (of the case's counter type).
#[derive(Clone, Debug)]
pub enum Val {
    /// An argument of the counter type.
    Arg(usize),
    /// A narrower integer argument, sign- (`signed`) or zero-extended.
    Cast {
        arg: usize,
        signed: bool,
    },
    /// `memref.dim %argN, k` (`arith.index_cast` to an integer counter type).
    Dim {
        arg: usize,
        k: usize,
    },
    Const(u128),
    /// The counter of enclosing loop `l` (as its body sees it); of a
    /// parallel loop, its induction variable `k` (`k` is 0 otherwise).
    Outer(usize, usize),
    /// `a op c` (or `c op a` when `const_left`).
    Arith {
        op: ArithOp,
        a: Box<Val>,
        c: u128,
        flags: Flags,
        const_left: bool,
    },
    MinMax {
        op: MinMaxOp,
        a: Box<Val>,
        b: Box<Val>,
    },
    /// `affine.min affine_map<(d0)[s0] -> (c, s0 - d0)>(iv)[n]`: the tile
    /// size upstream's `scf-parallel-loop-tiling` computes (signed min, the
    /// difference wrapping like `arith.subi`).
    AffineMin {
        c: u128,
        n: Box<Val>,
        iv: Box<Val>,
    },
}

impl Val {
    /// Whether some `nsw`/`nuw` arithmetic (a possible poison) is inside.
    pub fn has_flags(&self) -> bool {
        match self {
            Val::Arith { a, flags, .. } => *flags != Flags::None || a.has_flags(),
            Val::MinMax { a, b, .. } | Val::AffineMin { n: a, iv: b, .. } => a.has_flags() || b.has_flags(),
            _ => false,
        }
    }
    /// Whether an enclosing loop's counter is inside (the value may differ
    /// from one entry of the loop it bounds to the next).
    pub fn has_outer(&self) -> bool {
        match self {
            Val::Outer(..) => true,
            Val::Arith { a, .. } => a.has_outer(),
            Val::MinMax { a, b, .. } | Val::AffineMin { n: a, iv: b, .. } => a.has_outer() || b.has_outer(),
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    ScfFor {
        unsigned: bool,
    },
    LoomFor,
    /// Header-tested `scf.while`.
    While,
    /// `scf.while` testing `counter + step`, forwarding both.
    DoWhile,
    /// Counted `loom.loop`; guard 0: `loom.if (not cond) { break }`,
    /// 1: `loom.if cond { yield } else { break }`.
    LoomLoop {
        guard: u8,
    },
    /// `scf.parallel` or `scf.forall` over [`LoopDesc::dims`] (index only).
    Parallel {
        kind: ParKind,
    },
}

/// The written form of a parallel loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParKind {
    /// `scf.parallel (%i, ...) = (lbs) to (ubs) step (steps) { ... scf.reduce }`.
    Parallel,
    /// `scf.forall (%i, ...) in (ubs)`: lower bounds 0, steps 1.
    ForallIn,
    /// `scf.forall (%i, ...) = (lbs) to (ubs) step (steps)`, static parts
    /// written as literals.
    ForallRange,
    /// `affine.parallel (%i, ...) = (lbs) to (ubs) step (steps)`: only at
    /// the function's top level (its bounds must be valid affine symbols:
    /// values defined there), steps literal constants.
    AffineParallel,
}

/// One induction variable (dimension) of a parallel loop: counted as the
/// `scf.for` it becomes in the lowered nest (dimension 0 outermost), signed
/// `lb <= iv < ub`. The bounds never use an enclosing counter, so they are
/// the same on every entry.
#[derive(Clone, Debug)]
pub struct ParDim {
    pub lb: Val,
    pub ub: Val,
    /// A `Val::Const` of 1..5, or (the near miss) `Val::Arg` of an argument.
    pub step: Val,
    /// scf.forall: the part is a literal in the op's syntax (a `Val::Const`).
    pub static_lb: bool,
    pub static_ub: bool,
    pub static_step: bool,
}

impl Shape {
    fn is_for(self) -> bool {
        matches!(self, Shape::ScfFor { .. } | Shape::LoomFor)
    }
}

#[derive(Clone, Debug)]
pub struct LoopDesc {
    pub parent: Option<usize>,
    pub shape: Shape,
    /// Lower bound (for loops) or initial counter value.
    pub init: Val,
    /// Upper bound (for loops) or the compared bound.
    pub bound: Val,
    /// Step bits (for loops: positive).
    pub step: u128,
    /// While/loom.loop: the continuation predicate and the counter's side.
    pub pred: Predicate,
    pub counter_lhs: bool,
    /// loom.for: break when the induction variable equals this.
    pub brk: Option<Val>,
    /// Write a negative step as `subi` of its magnitude.
    pub sub_step: bool,
    /// A parallel loop's dimensions (empty for the other shapes).
    pub dims: Vec<ParDim>,
}

#[derive(Clone, Debug)]
pub struct SymCase {
    pub id: u64,
    pub ty: Ty,
    pub args: Vec<ArgKind>,
    /// In pre-order (a loop's children follow it).
    pub loops: Vec<LoopDesc>,
    pub arg_sets: Vec<Vec<ArgValue>>,
    /// The top-level loops sit in a non-entry block: `(form, n)`, entered
    /// `n` times per call (see [`CfForm`]).
    pub cf: Option<(CfForm, u64)>,
    /// The function sits in a nested module (or `gpu.module`) whose DLTI
    /// spec makes `index` 32 bits wide inside the 64-bit root: `ty` is
    /// then 32-bit `index` and the index arguments are `Index32`. Such
    /// cases are simulated at 32 bits, not executed (mlir-runner on this
    /// host runs 64-bit index only).
    pub nested: bool,
}

/// How the top-level loops are reached from the entry block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfForm {
    /// A `cf` loop of `n` iterations in the function body: `cf.br ^h` ...
    /// `cf.cond_br %go, ^body, ^exit`, the loops in `^body`.
    Loop,
    /// The same `cf` loop inside a multi-block `scf.execute_region`.
    ExecRegion,
    /// A block reached by `cf.cond_br %true` (`n` = 1) or `%false` (0).
    Cond,
}

impl SymCase {
    pub fn name(&self) -> String {
        format!("s{}", self.id)
    }
    fn children(&self, parent: Option<usize>) -> Vec<usize> {
        (0..self.loops.len()).filter(|&l| self.loops[l].parent == parent).collect()
    }
    /// The loop's own order (the order its comparison reads values in).
    pub fn loop_signed(&self, l: usize) -> bool {
        match self.loops[l].shape {
            Shape::ScfFor { unsigned } => !unsigned,
            Shape::LoomFor | Shape::Parallel { .. } => true,
            _ => matches!(self.loops[l].pred, Predicate::Slt | Predicate::Sle | Predicate::Sgt | Predicate::Sge),
        }
    }
    /// Record blocks: one per loop, then one per parallel dimension.
    pub fn blocks(&self) -> usize {
        self.loops.len() + self.loops.iter().map(|d| d.dims.len()).sum::<usize>()
    }
    pub fn slots(&self) -> usize {
        slot::PER_LOOP * self.blocks()
    }
    /// The record block of dimension `k` of parallel loop `l`.
    pub fn dim_block(&self, l: usize, k: usize) -> usize {
        self.loops.len() + self.loops[..l].iter().map(|d| d.dims.len()).sum::<usize>() + k
    }
    /// Where the simulator keeps the counter of loop `l` (induction
    /// variable `k` of a parallel loop: in its dimension's block).
    fn iv_slot(&self, l: usize, k: usize) -> usize {
        if self.loops[l].dims.is_empty() {
            l
        } else {
            self.dim_block(l, k)
        }
    }
    /// Whether some loop is an `scf.parallel`/`scf.forall`/`affine.parallel`.
    pub fn has_parallel(&self) -> bool {
        self.loops.iter().any(|d| !d.dims.is_empty())
    }
}

/// The predicate with its operands swapped (`a p b` iff `b swap(p) a`).
fn swapped(p: Predicate) -> Predicate {
    match p {
        Predicate::Slt => Predicate::Sgt,
        Predicate::Sle => Predicate::Sge,
        Predicate::Sgt => Predicate::Slt,
        Predicate::Sge => Predicate::Sle,
        Predicate::Ult => Predicate::Ugt,
        Predicate::Ule => Predicate::Uge,
        Predicate::Ugt => Predicate::Ult,
        Predicate::Uge => Predicate::Ule,
        other => other,
    }
}

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

/// Values the generator builds bounds from.
struct Ctx {
    w: u32,
    scalars: Vec<usize>,
    narrow: Vec<usize>,
    mems: Vec<(usize, usize)>,
    /// Enclosing loops of the loop being generated.
    outers: Vec<usize>,
}

fn edge(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let smax = m >> 1;
    match rng.below(6) {
        0 => smax,
        1 => smax + 1,
        2 => m,
        3 => 0,
        4 => 1,
        _ => rng.next_u64() as u128 & m,
    }
}

fn small_const(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let v: i128 = match rng.below(10) {
        0..=2 => 0,
        3 => 1,
        4..=6 => rng.range_i64(2, 40) as i128,
        7 => rng.range_i64(-5, -1) as i128,
        _ => return (edge(rng, w) as i128 + rng.range_i64(-5, 0) as i128) as u128 & m,
    };
    v as u128 & m
}

fn gen_leaf(rng: &mut Rng, cx: &Ctx) -> Val {
    loop {
        let r = rng.below(100);
        if r < 35 && !cx.scalars.is_empty() {
            return Val::Arg(*rng.choose(&cx.scalars).expect("non-empty"));
        } else if (35..45).contains(&r) && !cx.narrow.is_empty() {
            return Val::Cast { arg: *rng.choose(&cx.narrow).expect("non-empty"), signed: rng.below(2) == 0 };
        } else if (45..65).contains(&r) && !cx.mems.is_empty() {
            let &(arg, rank) = rng.choose(&cx.mems).expect("non-empty");
            return Val::Dim { arg, k: rng.below(rank as u64) as usize };
        } else if (65..80).contains(&r) && !cx.outers.is_empty() {
            return Val::Outer(*rng.choose(&cx.outers).expect("non-empty"), 0);
        } else if r >= 80 {
            return Val::Const(small_const(rng, cx.w));
        }
    }
}

fn flags(rng: &mut Rng) -> Flags {
    match rng.below(4) {
        0 => Flags::Nsw,
        1 => Flags::Nuw,
        _ => Flags::None,
    }
}

fn gen_val(rng: &mut Rng, cx: &Ctx, depth: u32) -> Val {
    let r = rng.below(10);
    if depth == 0 || r < 6 {
        return gen_leaf(rng, cx);
    }
    if r < 9 {
        let op = match rng.below(10) {
            0..=4 => ArithOp::Add,
            5..=7 => ArithOp::Sub,
            _ => ArithOp::Mul,
        };
        let c = match op {
            ArithOp::Mul => rng.range_u64(2, 4) as u128,
            _ if rng.below(8) == 0 => edge(rng, cx.w),
            _ => rng.range_u64(1, 8) as u128,
        };
        let const_left = op != ArithOp::Sub && rng.below(3) == 0 || op == ArithOp::Sub && rng.below(8) == 0;
        Val::Arith { op, a: Box::new(gen_val(rng, cx, depth - 1)), c, flags: flags(rng), const_left }
    } else {
        let op = [MinMaxOp::MinS, MinMaxOp::MaxS, MinMaxOp::MinU, MinMaxOp::MaxU][rng.below(4) as usize];
        Val::MinMax { op, a: Box::new(gen_val(rng, cx, depth - 1)), b: Box::new(gen_val(rng, cx, depth - 1)) }
    }
}

fn step_magnitude(rng: &mut Rng) -> u128 {
    match rng.below(10) {
        0..=5 => 1,
        6 | 7 => 2,
        _ => rng.range_u64(3, 5) as u128,
    }
}

fn random_shape(rng: &mut Rng) -> Shape {
    match rng.below(20) {
        0..=4 => Shape::ScfFor { unsigned: false },
        5 | 6 => Shape::ScfFor { unsigned: true },
        7..=9 => Shape::LoomFor,
        10..=14 => Shape::While,
        15 | 16 => Shape::DoWhile,
        _ => Shape::LoomLoop { guard: rng.below(2) as u8 },
    }
}

/// Predicate and step for a while/loom.loop counter moving toward the
/// bound (or, rarely, away from it).
fn while_pred_step(rng: &mut Rng, w: u32, mag: u128) -> (Predicate, bool, u128) {
    let pred = Predicate::ORDERED[rng.below(8) as usize];
    let counter_lhs = rng.below(2) == 0;
    let effective = if counter_lhs { pred } else { swapped(pred) };
    let up = matches!(effective, Predicate::Slt | Predicate::Sle | Predicate::Ult | Predicate::Ule);
    let up = if rng.below(10) == 0 { !up } else { up };
    let step = if up { mag } else { mag.wrapping_neg() & mask(w) };
    (pred, counter_lhs, step)
}

fn pick_arg(rng: &mut Rng, cx: &Ctx) -> Val {
    if cx.scalars.is_empty() {
        gen_leaf(rng, cx)
    } else {
        Val::Arg(*rng.choose(&cx.scalars).expect("non-empty"))
    }
}

fn gen_loop(rng: &mut Rng, cx: &Ctx, parent: Option<usize>) -> LoopDesc {
    let w = cx.w;
    let mut d = LoopDesc {
        parent,
        shape: random_shape(rng),
        init: Val::Const(0),
        bound: Val::Const(0),
        step: step_magnitude(rng),
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: rng.below(2) == 0,
        dims: Vec::new(),
    };
    let template = if rng.below(10) < 3 { rng.below(5) } else { 99 };
    match template {
        0 => {
            // Step > 1 up to an argument that may be near the maximum.
            d.step = rng.range_u64(2, 5) as u128;
            d.init = if rng.below(2) == 0 { Val::Const(0) } else { pick_arg(rng, cx) };
            d.bound = pick_arg(rng, cx);
        }
        1 => {
            // `<=` an argument that may be the type maximum.
            d.shape = [Shape::While, Shape::LoomLoop { guard: 0 }, Shape::DoWhile][rng.below(3) as usize];
            d.counter_lhs = rng.below(2) == 0;
            let le = if rng.below(2) == 0 { Predicate::Sle } else { Predicate::Ule };
            d.pred = if d.counter_lhs { le } else { swapped(le) };
            d.step = 1;
            let n = pick_arg(rng, cx);
            d.init = if rng.below(2) == 0 {
                Val::Const(0)
            } else {
                Val::Arith { op: ArithOp::Sub, a: Box::new(n.clone()), c: 3, flags: Flags::None, const_left: false }
            };
            d.bound = n;
            return d;
        }
        2 => {
            // `%lb to %lb + 8` step 2, with or without a flag.
            if !d.shape.is_for() {
                d.shape = Shape::ScfFor { unsigned: rng.below(3) == 0 };
            }
            let lb = pick_arg(rng, cx);
            d.step = 2;
            d.bound =
                Val::Arith { op: ArithOp::Add, a: Box::new(lb.clone()), c: 8, flags: flags(rng), const_left: false };
            d.init = lb;
            return d;
        }
        3 if !cx.mems.is_empty() => {
            // 0 to dim step 3, or dim - 1 down to 0.
            let &(arg, rank) = rng.choose(&cx.mems).expect("non-empty");
            let dim = Val::Dim { arg, k: rng.below(rank as u64) as usize };
            if rng.below(2) == 0 {
                d.shape = Shape::ScfFor { unsigned: rng.below(3) == 0 };
                d.step = 3;
                d.init = Val::Const(0);
                d.bound = dim;
            } else {
                d.shape = if rng.below(2) == 0 { Shape::While } else { Shape::LoomLoop { guard: rng.below(2) as u8 } };
                d.counter_lhs = rng.below(2) == 0;
                d.pred = if d.counter_lhs { Predicate::Sge } else { Predicate::Sle };
                d.step = mask(w);
                d.init = Val::Arith { op: ArithOp::Sub, a: Box::new(dim), c: 1, flags: flags(rng), const_left: false };
                d.bound = Val::Const(0);
            }
            return d;
        }
        _ => {
            // Where the bound lies from the initial value: for loops count
            // up; a while/loom.loop counter moves by the sign of its step.
            let up = if d.shape.is_for() {
                true
            } else {
                let (pred, lhs, step) = while_pred_step(rng, w, d.step);
                d.pred = pred;
                d.counter_lhs = lhs;
                d.step = step;
                to_signed(step, w) > 0
            };
            let toward = |c: u128| if up { c } else { c.wrapping_neg() & mask(w) };
            match rng.below(10) {
                0..=3 => {
                    d.init = Val::Const(if rng.below(4) == 0 { small_const(rng, w) } else { rng.below(4) as u128 });
                    d.bound = gen_val(rng, cx, 2);
                    if !up && rng.below(2) == 0 {
                        std::mem::swap(&mut d.init, &mut d.bound);
                    }
                }
                4 | 5 => {
                    // `init + c` (toward the bound), flagged or not.
                    d.init = gen_val(rng, cx, 1);
                    let c = toward(rng.range_u64(1, 20) as u128);
                    d.bound = Val::Arith {
                        op: ArithOp::Add,
                        a: Box::new(d.init.clone()),
                        c,
                        flags: flags(rng),
                        const_left: false,
                    };
                }
                6 => {
                    // A tile's end: min(init + c, symbol) (max when counting down).
                    d.init = gen_val(rng, cx, 1);
                    let c = toward(rng.range_u64(2, 12) as u128);
                    let plus = Val::Arith {
                        op: ArithOp::Add,
                        a: Box::new(d.init.clone()),
                        c,
                        flags: flags(rng),
                        const_left: false,
                    };
                    let signed = rng.below(3) != 0;
                    let op = match (up, signed) {
                        (true, true) => MinMaxOp::MinS,
                        (true, false) => MinMaxOp::MinU,
                        (false, true) => MinMaxOp::MaxS,
                        (false, false) => MinMaxOp::MaxU,
                    };
                    d.bound = Val::MinMax { op, a: Box::new(plus), b: Box::new(gen_leaf(rng, cx)) };
                }
                _ => {
                    d.init = if rng.below(3) == 0 { Val::Const(small_const(rng, w)) } else { gen_val(rng, cx, 2) };
                    d.bound = gen_val(rng, cx, 2);
                }
            }
            if let Shape::LoomFor = d.shape {
                add_break(rng, cx, &mut d);
            }
            return d;
        }
    }
    match d.shape {
        Shape::ScfFor { .. } => {}
        Shape::LoomFor => add_break(rng, cx, &mut d),
        _ => {
            let (pred, lhs, step) = while_pred_step(rng, w, d.step);
            d.pred = pred;
            d.counter_lhs = lhs;
            d.step = step;
        }
    }
    d
}

/// Sometimes a `loom.break` when the induction variable equals a symbol.
fn add_break(rng: &mut Rng, cx: &Ctx, d: &mut LoopDesc) {
    if rng.below(5) < 2 {
        d.brk = Some(if rng.below(2) == 0 {
            gen_val(rng, cx, 1)
        } else {
            Val::Arith {
                op: ArithOp::Add,
                a: Box::new(d.init.clone()),
                c: rng.range_u64(0, 6) as u128 * d.step,
                flags: Flags::None,
                const_left: false,
            }
        });
    }
}

/// A tile or triangular nest: `scf.for %i = 0 to %n step 4 {
/// scf.for %j = %i to min(%i + 4, %n) }` or `for %j = %i to %n`.
fn gen_nest_template(rng: &mut Rng, cx: &mut Ctx) -> Vec<LoopDesc> {
    let n = pick_arg(rng, cx);
    let tile = rng.below(2) == 0;
    let outer_shape = if rng.below(3) == 0 { Shape::LoomFor } else { Shape::ScfFor { unsigned: rng.below(4) == 0 } };
    let outer = LoopDesc {
        parent: None,
        shape: outer_shape,
        init: Val::Const(0),
        bound: n.clone(),
        step: if tile { 4 } else { 1 },
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    let unsigned = matches!(outer_shape, Shape::ScfFor { unsigned: true });
    let bound = if tile {
        let plus4 =
            Val::Arith { op: ArithOp::Add, a: Box::new(Val::Outer(0, 0)), c: 4, flags: flags(rng), const_left: false };
        let op = if unsigned { MinMaxOp::MinU } else { MinMaxOp::MinS };
        Val::MinMax { op, a: Box::new(plus4), b: Box::new(n) }
    } else {
        n
    };
    let inner_shape = if rng.below(3) == 0 { Shape::LoomFor } else { Shape::ScfFor { unsigned } };
    let inner = LoopDesc {
        parent: Some(0),
        shape: inner_shape,
        init: Val::Outer(0, 0),
        bound,
        step: 1,
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    vec![outer, inner]
}

/// Argument values: bits at the argument's width, or buffer sizes.
/// Candidate argument sets and their modes: 0 small, 1 tiny non-negative,
/// 5 small positive, 2 and 3 near one edge per width, 4 independent edges.
fn gen_arg_sets(rng: &mut Rng, ty: Ty, args: &[ArgKind]) -> Vec<(u64, Vec<ArgValue>)> {
    let mut sets = Vec::new();
    for s in 0..CANDIDATES {
        let mode = match s % 4 {
            0 => 0,
            1 => 1 + 4 * rng.below(2),
            _ => 2 + rng.below(3),
        };
        // Correlated mode: one edge per width.
        let mut edges: HashMap<u32, u128> = HashMap::new();
        let mut set = Vec::new();
        for a in args {
            let w = a.width();
            let m = mask(w);
            let v = match a {
                ArgKind::Mem1 | ArgKind::Mem2 => {
                    let dims = (0..a.rank())
                        .map(|_| match mode {
                            1 => rng.below(7),
                            5 => rng.range_u64(1, 12),
                            _ if ty.width <= 16 && rng.below(6) == 0 => rng.range_u64(100, 300),
                            _ => rng.below(41),
                        })
                        .collect();
                    set.push(ArgValue::Buffer { dims });
                    continue;
                }
                _ => match mode {
                    0 => {
                        if rng.below(10) < 8 {
                            rng.below(21) as u128
                        } else {
                            rng.range_i64(-3, -1) as i128 as u128 & m
                        }
                    }
                    1 => rng.below(7) as u128,
                    5 => rng.range_u64(2, 16) as u128,
                    2 | 3 => {
                        let e = *edges.entry(w).or_insert_with(|| edge(rng, w));
                        (e as i128 + rng.range_i64(-6, 6) as i128) as u128 & m
                    }
                    _ => (edge(rng, w) as i128 + rng.range_i64(-6, 6) as i128) as u128 & m,
                },
            };
            set.push(ArgValue::Scalar { bits: v, width: w });
        }
        sets.push((mode, set));
    }
    sets
}

/// Candidate argument sets generated per case.
const CANDIDATES: usize = 24;

/// [`ARG_SETS`] of the candidates: first those that end (under a small
/// fuel) and run the body of a loop no set chosen so far runs, up to all
/// but two; then edge sets (modes 2 to 4: wrapping, undefined, long runs);
/// then the rest in order.
fn select_arg_sets(case: &SymCase, candidates: Vec<(u64, Vec<ArgValue>)>) -> Vec<Vec<ArgValue>> {
    let n = case.loops.len();
    let mut covered = vec![false; n];
    let mut chosen: Vec<usize> = Vec::new();
    // The loops whose body each candidate runs, when it ends.
    let runs: Vec<Vec<usize>> = candidates
        .iter()
        .map(|(_, args)| {
            let run = simulate_with(case, args, 256, 4096);
            if run.outcome != Outcome::Complete {
                return Vec::new();
            }
            (0..n).filter(|&l| run.record[slot::PER_LOOP * l + slot::TOT_BODY] > 0).collect()
        })
        .collect();
    while chosen.len() + 2 < ARG_SETS {
        // The candidate running the most bodies not run yet (the first of equals).
        let best = (0..candidates.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| (runs[i].iter().filter(|&&l| !covered[l]).count(), i))
            .max_by_key(|&(k, i)| (k, std::cmp::Reverse(i)));
        match best {
            Some((k, i)) if k > 0 => {
                for &l in &runs[i] {
                    covered[l] = true;
                }
                chosen.push(i);
            }
            _ => break,
        }
    }
    for want_edge in [true, false] {
        for (i, (mode, _)) in candidates.iter().enumerate() {
            if chosen.len() < ARG_SETS && !chosen.contains(&i) && (2..=4).contains(mode) == want_edge {
                chosen.push(i);
            }
        }
    }
    chosen.sort_unstable();
    chosen.into_iter().map(|i| candidates[i].1.clone()).collect()
}

/// The case of `seed`.
pub fn generate(seed: u64) -> SymCase {
    let mut rng = Rng::new(seed.wrapping_mul(0xA076_1D64_78BD_642F) ^ 0x5b0c_5eed);
    // The shapes added for soundness issue 18 come from a second stream:
    // a seed without them names the case it named before.
    let mut extra = Rng::new(seed.wrapping_mul(0xE703_7ED1_A0B4_28DB) ^ 0x18);
    // scf.parallel/scf.forall (issue 19) from a third one, for the same reason.
    let mut par = Rng::new(seed.wrapping_mul(0x8EBC_6AF0_9C88_C6E3) ^ 0x19);
    // Nests of parallel loops and parallel dimensions near the 32-bit
    // limits from a fourth one.
    let mut pnest = Rng::new(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x1a);
    let new_shapes = crate::issue18_shapes();
    let mut ty = match rng.below(10) {
        0..=3 => Ty { width: 64, index: true },
        4 => Ty { width: 64, index: false },
        5 | 6 => Ty { width: 32, index: false },
        7 => Ty { width: 16, index: false },
        _ => Ty { width: 8, index: false },
    };
    let nested = new_shapes && ty.index && extra.below(3) == 0;
    if nested {
        ty.width = 32;
    }
    let w = ty.width;
    let mut args = Vec::new();
    for _ in 0..1 + rng.below(3) {
        args.push(match (ty.index, nested) {
            (true, true) => ArgKind::Index32,
            (true, false) => ArgKind::Index,
            _ => ArgKind::Int(w),
        });
    }
    if w > 8 && rng.below(3) == 0 {
        let narrower: Vec<u32> = [8, 16, 32].into_iter().filter(|&k| k < w).collect();
        args.push(ArgKind::Int(*rng.choose(&narrower).expect("w > 8")));
    }
    for _ in 0..rng.below(3) {
        args.push(if rng.below(3) == 0 { ArgKind::Mem2 } else { ArgKind::Mem1 });
    }
    for i in (1..args.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        args.swap(i, j);
    }
    let mut cx = Ctx { w, scalars: Vec::new(), narrow: Vec::new(), mems: Vec::new(), outers: Vec::new() };
    for (i, a) in args.iter().enumerate() {
        match a {
            ArgKind::Mem1 | ArgKind::Mem2 => cx.mems.push((i, a.rank())),
            ArgKind::Int(k) if *k < w => cx.narrow.push(i),
            _ => cx.scalars.push(i),
        }
    }
    let mut loops = Vec::new();
    let structure = rng.below(20);
    if (11..15).contains(&structure) && rng.below(2) == 0 {
        loops = gen_nest_template(&mut rng, &mut cx);
    } else {
        // Parents in pre-order.
        let parents: &[Option<usize>] = match structure {
            0..=10 => &[None],
            11..=15 => &[None, Some(0)],
            16 | 17 => &[None, None],
            18 => &[None, Some(0), Some(1)],
            _ => &[None, Some(0), Some(0)],
        };
        for &p in parents {
            cx.outers.clear();
            let mut q = p;
            while let Some(l) = q {
                cx.outers.push(l);
                q = loops[l].parent;
            }
            let d = gen_loop(&mut rng, &cx, p);
            loops.push(d);
        }
    }
    let candidates = gen_arg_sets(&mut rng, ty, &args);

    if new_shapes && !cx.mems.is_empty() && extra.below(4) == 0 {
        loops = gen_assumption_nest(&mut extra, &cx);
    } else if ty.index && parallel_shapes() && par.below(2) == 0 {
        loops = gen_parallel_case(&mut par, &mut cx);
    } else if ty.index && parallel_shapes() && pnest.below(2) == 0 {
        loops = gen_parallel_nest(&mut pnest, &mut cx);
    }
    if nested && parallel_shapes() && pnest.below(2) == 0 {
        if let Some(d) = loops.iter_mut().find(|d| !d.dims.is_empty()) {
            let k = pnest.below(d.dims.len() as u64) as usize;
            let (lb, ub, step) = near_limit_dim(&mut pnest, &cx);
            if d.shape == (Shape::Parallel { kind: ParKind::ForallIn }) {
                // Its other dimensions (0 to a bound step 1, static 0 and 1)
                // are the same in the range form.
                d.shape = Shape::Parallel { kind: ParKind::ForallRange };
            }
            let Shape::Parallel { kind } = d.shape else { unreachable!("a parallel loop") };
            d.dims[k] = par_dim(&mut pnest, kind, w, lb, ub, step);
            settle_affine(d);
        }
    }
    let cf = (new_shapes && extra.below(3) == 0).then(|| match extra.below(3) {
        0 => (CfForm::Loop, extra.below(4)),
        1 => (CfForm::ExecRegion, extra.below(4)),
        _ => (CfForm::Cond, extra.below(2)),
    });
    if cf.is_some() {
        // Inside the control-flow wrapper the bounds are not valid affine
        // symbols: an affine.parallel there becomes an scf.parallel.
        loops.iter_mut().for_each(demote_affine);
    }
    let mut case = SymCase { id: seed, ty, args, loops, arg_sets: Vec::new(), cf, nested };
    case.arg_sets = select_arg_sets(&case, candidates);
    case
}

/// Whether `case` has `gen_assumption_nest`'s shape.
pub fn is_assumption_nest(case: &SymCase) -> bool {
    case.loops.len() == 2
        && matches!(case.loops[0].bound, Val::Dim { .. })
        && case.loops[0].step > 1
        && matches!(&case.loops[1].bound, Val::Arith { a, .. } if matches!(**a, Val::Outer(0, 0)))
}

/// A case with a parallel loop `P` (index only): `[P]`, `P` around a loop
/// of the existing generator (whose bounds may use `P`'s first induction
/// variable), `P` inside such a loop, or `P` beside one.
fn gen_parallel_case(rng: &mut Rng, cx: &mut Ctx) -> Vec<LoopDesc> {
    cx.outers.clear();
    match rng.below(8) {
        0..=2 => vec![gen_parallel(rng, cx, None)],
        3 | 4 => {
            let p = gen_parallel(rng, cx, None);
            cx.outers = vec![0];
            let inner = gen_loop(rng, cx, Some(0));
            cx.outers.clear();
            vec![p, inner]
        }
        5 => {
            let outer = gen_loop(rng, cx, None);
            vec![outer, gen_parallel(rng, cx, Some(0))]
        }
        6 => {
            let p = gen_parallel(rng, cx, None);
            vec![p, gen_loop(rng, cx, None)]
        }
        _ => {
            let l = gen_loop(rng, cx, None);
            vec![l, gen_parallel(rng, cx, None)]
        }
    }
}

/// A bound of a parallel dimension: arguments, `memref.dim`, constants and
/// the sums/differences/min/max [`gen_val`] builds (never an enclosing
/// counter: `cx.outers` is empty).
fn gen_par_bounds(rng: &mut Rng, cx: &Ctx) -> (Val, Val) {
    let w = cx.w;
    // Mostly shapes loom reads (every dimension must be read for the op to
    // be counted), the rest anything the generator builds.
    match rng.below(10) {
        0..=2 => (Val::Const(rng.below(4) as u128), gen_leaf(rng, cx)),
        3 => (Val::Const(rng.below(4) as u128), gen_val(rng, cx, 2)),
        4 | 5 => {
            // `lb + c`, flagged or not.
            let lb = gen_val(rng, cx, 1);
            let c = rng.range_u64(1, 20) as u128;
            let ub = Val::Arith { op: ArithOp::Add, a: Box::new(lb.clone()), c, flags: flags(rng), const_left: false };
            (lb, ub)
        }
        6 => {
            // lb >= ub: no iteration (unless the difference wraps).
            if rng.below(2) == 0 {
                let ub = rng.below(6) as u128;
                (Val::Const(ub + rng.below(4) as u128), Val::Const(ub))
            } else {
                let lb = gen_leaf(rng, cx);
                let c = rng.range_u64(0, 6) as u128;
                let ub =
                    Val::Arith { op: ArithOp::Sub, a: Box::new(lb.clone()), c, flags: Flags::None, const_left: false };
                (lb, ub)
            }
        }
        7 => (Val::Const(small_const(rng, w)), gen_val(rng, cx, 1)),
        8 => (gen_leaf(rng, cx), gen_leaf(rng, cx)),
        _ => (gen_val(rng, cx, 2), gen_val(rng, cx, 2)),
    }
}

/// An `scf.parallel` (or `scf.forall`) of 1 to 3 dimensions; steps 1..5,
/// sometimes (the near miss that must stay unknown) a function argument.
fn gen_parallel(rng: &mut Rng, cx: &Ctx, parent: Option<usize>) -> LoopDesc {
    let kind = match rng.below(10) {
        0..=4 if parent.is_none() && rng.below(3) == 0 => ParKind::AffineParallel,
        0..=4 => ParKind::Parallel,
        5 | 6 => ParKind::ForallIn,
        _ => ParKind::ForallRange,
    };
    gen_parallel_of(rng, cx, parent, kind)
}

/// [`gen_parallel`] of a given kind.
fn gen_parallel_of(rng: &mut Rng, cx: &Ctx, parent: Option<usize>, kind: ParKind) -> LoopDesc {
    let n = 1 + rng.below(3) as usize;
    let mut dims = Vec::new();
    for _ in 0..n {
        let argument_step = !matches!(kind, ParKind::ForallIn | ParKind::AffineParallel);
        let step = if argument_step && !cx.scalars.is_empty() && rng.below(12) == 0 {
            Val::Arg(*rng.choose(&cx.scalars).expect("non-empty"))
        } else {
            Val::Const(rng.range_u64(1, 5) as u128)
        };
        let d = match kind {
            ParKind::ForallIn => {
                let ub = if rng.below(3) == 0 { Val::Const(rng.below(7) as u128) } else { gen_par_bounds(rng, cx).1 };
                par_dim(rng, kind, cx.w, Val::Const(0), ub, step)
            }
            _ => {
                let (lb, ub) = gen_par_bounds(rng, cx);
                par_dim(rng, kind, cx.w, lb, ub, step)
            }
        };
        dims.push(d);
    }
    LoopDesc {
        parent,
        shape: Shape::Parallel { kind },
        init: Val::Const(0),
        bound: Val::Const(0),
        step: 1,
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims,
    }
}

/// A dimension of a parallel loop of `kind`, its static parts (literals
/// in the op's syntax) chosen: `scf.forall in` has lower bounds 0 and
/// steps 1 (`lb`, `step` ignored) and its constant upper bounds are mostly
/// literals; `scf.forall`'s other constants are often literals;
/// `affine.parallel`'s steps are always (integers in its syntax).
fn par_dim(rng: &mut Rng, kind: ParKind, w: u32, lb: Val, ub: Val, step: Val) -> ParDim {
    if kind == ParKind::ForallIn {
        let static_ub = matches!(ub, Val::Const(_)) && rng.below(4) != 0;
        return ParDim { lb: Val::Const(0), ub, step: Val::Const(1), static_lb: true, static_ub, static_step: true };
    }
    let forall = kind == ParKind::ForallRange;
    // A literal equal to i64::MIN would be MLIR's marker of a dynamic
    // part: that constant stays an operand.
    let literal = |c: u128| to_signed(c, w) != i128::from(i64::MIN);
    let lit = |v: &Val, rng: &mut Rng| forall && matches!(v, Val::Const(c) if literal(*c)) && rng.below(3) != 0;
    let static_lb = lit(&lb, rng);
    let static_ub = lit(&ub, rng);
    let static_step = kind == ParKind::AffineParallel || lit(&step, rng);
    ParDim { lb, ub, step, static_lb, static_ub, static_step }
}

/// An `affine.parallel` becomes an `scf.parallel` (no static parts) where
/// its bounds are not valid affine ones: inside the control-flow wrapper,
/// or nested in an `scf.parallel`/`scf.forall`, or (nested in another
/// `affine.parallel`) with a bound that has no affine form.
fn demote_affine(d: &mut LoopDesc) {
    if d.shape == (Shape::Parallel { kind: ParKind::AffineParallel }) {
        d.shape = Shape::Parallel { kind: ParKind::Parallel };
        for dim in &mut d.dims {
            dim.static_lb = false;
            dim.static_ub = false;
            dim.static_step = false;
        }
    }
}

/// An `affine.parallel` nested in another one (its bounds written as
/// affine expressions, see `Emitter::emit_parallel`) stays one only if
/// every bound has an affine form ([`affine_expressible`]).
fn settle_affine(d: &mut LoopDesc) {
    if d.parent.is_some() && !d.dims.iter().all(affine_bounds) {
        demote_affine(d);
    }
}

/// Whether a dimension's bounds have affine forms (a max for the lower
/// bound, a min for the upper one: see [`affine_expressible`]).
fn affine_bounds(p: &ParDim) -> bool {
    affine_expressible(&p.lb, Some(MinMaxOp::MaxS), true) && affine_expressible(&p.ub, Some(MinMaxOp::MinS), true)
}

/// A nest of parallel loops, the shape upstream's `scf-parallel-loop-tiling`
/// (and `tile_using_forall` followed by it) makes: an outer parallel loop of
/// any kind ([`gen_parallel`], its dimensions mostly `0 to N step T`) whose
/// body holds an inner one of any kind (`affine.parallel` only inside
/// `affine.parallel`, where its bounds have affine forms) bounded by the
/// outer induction variables ([`gen_inner_bounds`]); sometimes a second
/// inner one beside it, or a loop of the generator inside it.
fn gen_parallel_nest(rng: &mut Rng, cx: &mut Ctx) -> Vec<LoopDesc> {
    cx.outers.clear();
    let kinds = [ParKind::Parallel, ParKind::ForallIn, ParKind::ForallRange, ParKind::AffineParallel];
    let kind = kinds[rng.below(5).min(3) as usize];
    let mut outer = gen_parallel_of(rng, cx, None, kind);
    for d in &mut outer.dims {
        if rng.below(3) != 0 {
            let n = if rng.below(4) == 0 { gen_val(rng, cx, 1) } else { gen_leaf(rng, cx) };
            let t = [1u128, 2, 3, 4, 4, 8][rng.below(6) as usize];
            *d = par_dim(rng, kind, cx.w, Val::Const(0), n, Val::Const(t));
        }
    }
    let mut loops = vec![outer];
    for _ in 0..if rng.below(6) == 0 { 2 } else { 1 } {
        let inner = gen_inner_parallel(rng, cx, &loops[0]);
        loops.push(inner);
        if rng.below(6) == 0 {
            let p = loops.len() - 1;
            cx.outers = vec![p, 0];
            let l = gen_loop(rng, cx, Some(p));
            loops.push(l);
            cx.outers.clear();
        }
    }
    loops
}

/// The inner parallel loop of a nest (see [`gen_parallel_nest`]) in
/// `outer` (loop 0): 1 to 3 dimensions, each bounded by one of the outer
/// induction variables.
fn gen_inner_parallel(rng: &mut Rng, cx: &Ctx, outer: &LoopDesc) -> LoopDesc {
    let outer_affine = outer.shape == Shape::Parallel { kind: ParKind::AffineParallel };
    let kind = if outer_affine && rng.below(2) == 0 {
        ParKind::AffineParallel
    } else {
        [ParKind::Parallel, ParKind::Parallel, ParKind::ForallIn, ParKind::ForallRange][rng.below(4) as usize]
    };
    let n = outer.dims.len();
    let m = if rng.below(3) == 0 { 1 + rng.below(3) as usize } else { n };
    let mut d = simple_loop(Shape::Parallel { kind }, Val::Const(0), Val::Const(0), 1);
    d.parent = Some(0);
    for j in 0..m {
        let k = if j < n && rng.below(4) != 0 { j } else { rng.below(n as u64) as usize };
        // An affine.parallel draws again (twice at most) bounds that have
        // no affine form.
        for attempt in 0..3 {
            let (lb, ub, step) = gen_inner_bounds(rng, cx, &outer.dims[k], k);
            let p = par_dim(rng, kind, cx.w, lb, ub, step);
            if kind != ParKind::AffineParallel || affine_bounds(&p) || attempt == 2 {
                d.dims.push(p);
                break;
            }
        }
    }
    settle_affine(&mut d);
    d
}

/// Bounds and step of an inner dimension of a nest from dimension `k` of
/// the outer loop (`od`: `lb to N step T`, its induction variable `%i`):
/// upstream's tile `0 to affine.min(T, N - %i)`; near misses: a tile larger
/// than the step, `min(T, N - %i) + 1`, a step that skips; `%i to %i + c`;
/// `0 to %i` and `%i to N` (the outer variable itself); `%i to min(%i + T,
/// N)`; or bounds that do not depend on `%i`.
fn gen_inner_bounds(rng: &mut Rng, cx: &Ctx, od: &ParDim, k: usize) -> (Val, Val, Val) {
    let iv = Val::Outer(0, k);
    let t = match od.step {
        Val::Const(t) => t,
        _ => 4,
    };
    let n = od.ub.clone();
    let tile = |c: u128| Val::AffineMin { c, n: Box::new(n.clone()), iv: Box::new(iv.clone()) };
    let plus =
        |a: Val, c: u128, flags: Flags| Val::Arith { op: ArithOp::Add, a: Box::new(a), c, flags, const_left: false };
    let one = Val::Const(1);
    match rng.below(12) {
        0..=3 => (Val::Const(0), tile(t), one),
        4 => (Val::Const(0), tile(t + rng.range_u64(1, 4) as u128), one),
        5 => (Val::Const(0), plus(tile(t), 1, Flags::None), one),
        6 => (Val::Const(0), tile(t), Val::Const(rng.range_u64(2, 3) as u128)),
        7 => {
            let c = if rng.below(2) == 0 { t } else { rng.range_u64(1, 8) as u128 };
            (iv.clone(), plus(iv, c, flags(rng)), one)
        }
        8 => (Val::Const(0), iv, one),
        9 => (iv, n, one),
        10 => {
            let end = Val::MinMax { op: MinMaxOp::MinS, a: Box::new(plus(iv.clone(), t, Flags::None)), b: Box::new(n) };
            (iv, end, one)
        }
        _ => {
            let (lb, ub) = gen_par_bounds(rng, cx);
            (lb, ub, Val::Const(rng.range_u64(1, 3) as u128))
        }
    }
}

/// A dimension of a parallel loop in the nested 32-bit module near its
/// limits, so that the induction variable's final value overflows at 32
/// bits (undefined) for some arguments and not for others, and `%a + c`
/// wraps at 32 bits where it would not at 64: step 3 (or 2 to 5) from
/// near `2^31 - 1` up to a constant there or an argument, or from an
/// argument up to such a constant or the argument plus a constant.
fn near_limit_dim(rng: &mut Rng, cx: &Ctx) -> (Val, Val, Val) {
    let smax = mask(cx.w) >> 1;
    let near = |rng: &mut Rng| Val::Const(smax - rng.below(12) as u128);
    let (lb, ub) = match rng.below(4) {
        0 => (near(rng), Val::Const(smax - rng.below(3) as u128)),
        1 => (pick_arg(rng, cx), near(rng)),
        2 => {
            let a = pick_arg(rng, cx);
            let c = rng.range_u64(1, 12) as u128;
            (a.clone(), Val::Arith { op: ArithOp::Add, a: Box::new(a), c, flags: Flags::None, const_left: false })
        }
        _ => (near(rng), pick_arg(rng, cx)),
    };
    let step = if rng.below(3) == 0 { rng.range_u64(2, 5) as u128 } else { 3 };
    (lb, ub, Val::Const(step))
}

/// Whether `v` has an expression of `affine.parallel`'s bound syntax with
/// the same value ([`Emitter::affine_expr`] writes it): constants,
/// arguments (symbols), `memref.dim` of an argument and the induction
/// variables of an enclosing `affine.parallel` (`outer_affine`; dims), the
/// sums, differences and products by a constant without a flag (lowered to
/// wrapping `arith` ops), and at the top a signed min for an upper bound
/// (`top`: `MinS`; `affine.min`'s tile size too) or max for a lower one.
fn affine_expressible(v: &Val, top: Option<MinMaxOp>, outer_affine: bool) -> bool {
    match v {
        Val::Const(_) | Val::Arg(_) | Val::Dim { .. } => true,
        Val::Outer(..) => outer_affine,
        Val::Arith { a, flags: Flags::None, .. } => affine_expressible(a, None, outer_affine),
        Val::MinMax { op, a, b } => {
            Some(*op) == top && affine_expressible(a, None, outer_affine) && affine_expressible(b, None, outer_affine)
        }
        Val::AffineMin { n, iv, .. } => {
            top == Some(MinMaxOp::MinS)
                && affine_expressible(n, None, outer_affine)
                && affine_expressible(iv, None, outer_affine)
        }
        Val::Arith { .. } | Val::Cast { .. } => false,
    }
}

/// The nest whose inner facts hold only under the buffer-size assumption:
/// `scf.for %i = 0 to dim(%a, k) step 2..8` (the assumption bounds the
/// dimension, hence `%i`) around a loop counting from `%i` to `%i + c`
/// (no flag: exact only while `%i + c` cannot wrap), an `scf.while`,
/// do-while, counted `loom.loop` or `scf.for`.
fn gen_assumption_nest(rng: &mut Rng, cx: &Ctx) -> Vec<LoopDesc> {
    let (arg, rank) = cx.mems[rng.below(cx.mems.len() as u64) as usize];
    let dim = Val::Dim { arg, k: rng.below(rank as u64) as usize };
    let outer = LoopDesc {
        parent: None,
        shape: if rng.below(4) == 0 { Shape::LoomFor } else { Shape::ScfFor { unsigned: false } },
        init: Val::Const(0),
        bound: dim,
        step: [2, 4, 4, 8][rng.below(4) as usize],
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    let c = [1u128, 4, 8, 8, 16][rng.below(5) as usize];
    let plus = Val::Arith { op: ArithOp::Add, a: Box::new(Val::Outer(0, 0)), c, flags: Flags::None, const_left: false };
    let shape = match rng.below(4) {
        0 => Shape::DoWhile,
        1 => Shape::LoomLoop { guard: rng.below(2) as u8 },
        2 => Shape::ScfFor { unsigned: false },
        _ => Shape::While,
    };
    let inner = LoopDesc {
        parent: Some(0),
        shape,
        init: Val::Outer(0, 0),
        bound: plus,
        step: 1,
        pred: if rng.below(3) == 0 { Predicate::Sle } else { Predicate::Slt },
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    vec![outer, inner]
}

// ---------------------------------------------------------------------------
// Simulation
// ---------------------------------------------------------------------------

/// How a simulated run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Ended within the fuel.
    Complete,
    /// Stopped when a loop entry or the call exceeded the fuel; the record
    /// holds what happened until then.
    OutOfFuel,
    /// Undefined behaviour (a poison bound, an induction variable overflow).
    Undefined(String),
}

/// A run: its outcome, its record, and which loops were in an unfinished
/// entry when it stopped.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub record: Vec<u64>,
    pub in_progress: Vec<bool>,
}

/// The record before the call: counts 0, min slots at their maximum.
pub fn initial_record(loops: usize) -> Vec<u64> {
    let mut r = vec![0u64; slot::PER_LOOP * loops];
    for l in 0..loops {
        let b = slot::PER_LOOP * l;
        r[b + slot::EC_MIN] = u64::MAX;
        r[b + slot::EB_MIN] = u64::MAX;
        for s in slot::STATS {
            r[b + s] = i64::MAX as u64;
            r[b + s + 1] = i64::MIN as u64;
            r[b + s + 2] = u64::MAX;
            r[b + s + 3] = 0;
        }
    }
    r
}

enum Stop {
    Fuel,
    Ub(String),
}

/// An scf.for/loom.for in an unfinished entry.
#[derive(Clone, Copy)]
struct Frame {
    iv: u128,
    ub: u128,
    step: u128,
    signed: bool,
    brk: Option<u128>,
}

struct Sim<'a> {
    case: &'a SymCase,
    args: &'a [ArgValue],
    fuel: u64,
    total_fuel: u64,
    rec: Vec<u64>,
    counters: Vec<u128>,
    in_progress: Vec<bool>,
    frames: Vec<Option<Frame>>,
    total: u64,
}

/// The signed min and max slots at `at` of a group, with `lo` and `hi`
/// (a parallel dimension's groups keep only these: its counter is signed).
fn observe2(r: &mut [u64], at: usize, lo: i64, hi: i64) {
    r[at] = (r[at] as i64).min(lo) as u64;
    r[at + 1] = (r[at + 1] as i64).max(hi) as u64;
}

fn observe4(r: &mut [u64], at: usize, s: u64, u: u64) {
    observe2(r, at, s as i64, s as i64);
    r[at + 2] = r[at + 2].min(u);
    r[at + 3] = r[at + 3].max(u);
}

impl Sim<'_> {
    fn w(&self) -> u32 {
        self.case.ty.width
    }
    fn scalar(&self, n: usize) -> (u128, u32) {
        match &self.args[n] {
            ArgValue::Scalar { bits, width } => (*bits, *width),
            ArgValue::Buffer { .. } => panic!("argument {n} of case {} is not a scalar", self.case.id),
        }
    }
    /// The value's bits, or why it is poison.
    fn val(&self, v: &Val) -> Result<u128, String> {
        let w = self.w();
        let m = mask(w);
        Ok(match v {
            Val::Arg(n) => self.scalar(*n).0 & m,
            Val::Cast { arg, signed } => {
                let (bits, k) = self.scalar(*arg);
                if *signed {
                    to_signed(bits, k) as u128 & m
                } else {
                    bits & mask(k)
                }
            }
            Val::Dim { arg, k } => match &self.args[*arg] {
                ArgValue::Buffer { dims } => dims[*k] as u128 & m,
                ArgValue::Scalar { .. } => panic!("dim of a scalar in case {}", self.case.id),
            },
            Val::Const(c) => *c & m,
            Val::Outer(l, k) => self.counters[self.case.iv_slot(*l, *k)],
            Val::Arith { op, a, c, flags, const_left } => {
                let x = self.val(a)?;
                let (p, q) = if *const_left { (*c & m, x) } else { (x, *c & m) };
                let (sp, sq) = (to_signed(p, w), to_signed(q, w));
                let (exact_s, exact_u): (i128, Option<u128>) = match op {
                    ArithOp::Add => (sp + sq, p.checked_add(q)),
                    ArithOp::Sub => (sp - sq, p.checked_sub(q)),
                    ArithOp::Mul => (sp * sq, p.checked_mul(q)),
                };
                let smin = -(1i128 << (w - 1));
                let smax = (1i128 << (w - 1)) - 1;
                match flags {
                    Flags::Nsw if exact_s < smin || exact_s > smax => {
                        return Err(format!("{op:?} overflow<nsw> overflows ({sp} and {sq} at i{w})"));
                    }
                    Flags::Nuw if exact_u.is_none_or(|u| u > m) => {
                        return Err(format!("{op:?} overflow<nuw> overflows ({p} and {q} at i{w})"));
                    }
                    _ => {}
                }
                exact_s as u128 & m
            }
            Val::MinMax { op, a, b } => {
                let (x, y) = (self.val(a)?, self.val(b)?);
                let (sx, sy) = (to_signed(x, w), to_signed(y, w));
                match op {
                    MinMaxOp::MinS => {
                        if sx <= sy {
                            x
                        } else {
                            y
                        }
                    }
                    MinMaxOp::MaxS => {
                        if sx >= sy {
                            x
                        } else {
                            y
                        }
                    }
                    MinMaxOp::MinU => x.min(y),
                    MinMaxOp::MaxU => x.max(y),
                }
            }
            Val::AffineMin { c, n, iv } => {
                let d = self.val(n)?.wrapping_sub(self.val(iv)?) & m;
                if to_signed(*c & m, w) <= to_signed(d, w) {
                    *c & m
                } else {
                    d
                }
            }
        })
    }
    fn at(l: usize, s: usize) -> usize {
        slot::PER_LOOP * l + s
    }
    fn cond_obs(&mut self, l: usize, v: u128) {
        let w = self.w();
        let (s, u) = (to_signed(v, w) as i64 as u64, v as u64);
        self.rec[Self::at(l, slot::CUR_COND)] += 1;
        self.rec[Self::at(l, slot::TOT_COND)] += 1;
        observe4(&mut self.rec, Self::at(l, slot::COND), s, u);
        self.rec[Self::at(l, slot::LAST_S)] = s;
        self.rec[Self::at(l, slot::LAST_U)] = u;
    }
    fn body_obs(&mut self, l: usize, v: u128) -> Result<(), Stop> {
        let w = self.w();
        let (s, u) = (to_signed(v, w) as i64 as u64, v as u64);
        self.rec[Self::at(l, slot::CUR_BODY)] += 1;
        self.rec[Self::at(l, slot::TOT_BODY)] += 1;
        observe4(&mut self.rec, Self::at(l, slot::BODY), s, u);
        self.total += 1;
        if self.rec[Self::at(l, slot::CUR_BODY)] > self.fuel || self.total > self.total_fuel {
            return Err(Stop::Fuel);
        }
        Ok(())
    }
    fn holds(&self, d: &LoopDesc, tested: u128, bound: u128) -> bool {
        if d.counter_lhs {
            d.pred.holds(tested, bound, self.w())
        } else {
            d.pred.holds(bound, tested, self.w())
        }
    }
    fn run_children(&mut self, parent: Option<usize>) -> Result<(), Stop> {
        for l in self.case.children(parent) {
            self.run_loop(l)?;
        }
        Ok(())
    }
    fn run_loop(&mut self, l: usize) -> Result<(), Stop> {
        let case = self.case;
        let d = &case.loops[l];
        if let Shape::Parallel { .. } = d.shape {
            return self.run_parallel(l);
        }
        let w = self.w();
        let m = mask(w);
        let init = self.val(&d.init).map_err(Stop::Ub)?;
        let bound = self.val(&d.bound).map_err(Stop::Ub)?;
        // The break value is only branched on when the body runs.
        let brk = d.brk.as_ref().map(|b| self.val(b));
        self.rec[Self::at(l, slot::ENTRIES)] += 1;
        for s in [slot::CUR_COND, slot::CUR_BODY, slot::BROKE_CUR] {
            self.rec[Self::at(l, s)] = 0;
        }
        self.in_progress[l] = true;
        match d.shape {
            Shape::ScfFor { .. } | Shape::LoomFor => {
                let signed = case.loop_signed(l);
                let rd = |v: u128| in_order(v, w, signed);
                let (lo, hi) = if signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, m as i128) };
                self.cond_obs(l, init);
                let mut iv = init;
                while rd(iv) < rd(bound) {
                    let b = match &brk {
                        Some(Ok(b)) => Some(*b),
                        Some(Err(e)) => return Err(Stop::Ub(format!("break value: {e}"))),
                        None => None,
                    };
                    self.frames[l] = Some(Frame { iv, ub: bound, step: d.step, signed, brk: b });
                    self.counters[l] = iv;
                    self.body_obs(l, iv)?;
                    if let Some(b) = b {
                        let hit = iv == b;
                        self.rec[Self::at(l, slot::BROKE_CUR)] = hit as u64;
                        if hit {
                            break;
                        }
                    }
                    self.run_children(Some(l))?;
                    let next = rd(iv) + rd(d.step);
                    if next < lo || next > hi {
                        return Err(Stop::Ub(format!("loop #{l}'s induction variable overflows ({next} at i{w})")));
                    }
                    iv = (iv + d.step) & m;
                    self.cond_obs(l, iv);
                }
                self.frames[l] = None;
            }
            Shape::While | Shape::LoomLoop { .. } => {
                let mut x = init;
                loop {
                    self.cond_obs(l, x);
                    if !self.holds(d, x, bound) {
                        break;
                    }
                    self.counters[l] = x;
                    self.body_obs(l, x)?;
                    self.run_children(Some(l))?;
                    x = (x + d.step) & m;
                }
            }
            Shape::Parallel { .. } => unreachable!("run_parallel"),
            Shape::DoWhile => {
                let mut x = init;
                loop {
                    self.cond_obs(l, x);
                    let next = (x + d.step) & m;
                    if !self.holds(d, next, bound) {
                        break;
                    }
                    self.counters[l] = x;
                    self.body_obs(l, x)?;
                    self.run_children(Some(l))?;
                    x = next;
                }
            }
        }
        // The epilogue after the loop op.
        let r = &mut self.rec;
        let (cc, bc) = (r[Self::at(l, slot::CUR_COND)], r[Self::at(l, slot::CUR_BODY)]);
        r[Self::at(l, slot::EC_MIN)] = r[Self::at(l, slot::EC_MIN)].min(cc);
        r[Self::at(l, slot::EC_MAX)] = r[Self::at(l, slot::EC_MAX)].max(cc);
        r[Self::at(l, slot::EB_MIN)] = r[Self::at(l, slot::EB_MIN)].min(bc);
        r[Self::at(l, slot::EB_MAX)] = r[Self::at(l, slot::EB_MAX)].max(bc);
        let broke = r[Self::at(l, slot::BROKE_CUR)];
        if broke == 0 {
            let (s, u) = (r[Self::at(l, slot::LAST_S)], r[Self::at(l, slot::LAST_U)]);
            observe4(r, Self::at(l, slot::EXIT), s, u);
        }
        r[Self::at(l, slot::NORMAL)] += 1 - broke;
        r[Self::at(l, slot::BROKE)] = r[Self::at(l, slot::BROKE)].max(broke);
        self.in_progress[l] = false;
        Ok(())
    }
}

/// Why a run of a parallel loop is undefined when a dimension's final
/// induction value does not fit.
const FINAL_VALUE_OVERFLOWS: &str = "the final induction value overflows";

impl Sim<'_> {
    /// A parallel loop, as the nest of scf.for it lowers to (dimension 0
    /// outermost; the body's record is order-independent). A non-positive
    /// step, or a final induction value beyond the signed maximum of a
    /// dimension whose loop the nest enters, is undefined (before anything
    /// runs: the bounds decide it).
    fn run_parallel(&mut self, l: usize) -> Result<(), Stop> {
        let case = self.case;
        let d = &case.loops[l];
        let w = self.w();
        let smax = (1i128 << (w - 1)) - 1;
        let mut bounds = Vec::new();
        for (k, dim) in d.dims.iter().enumerate() {
            let lb = to_signed(self.val(&dim.lb).map_err(Stop::Ub)?, w);
            let ub = to_signed(self.val(&dim.ub).map_err(Stop::Ub)?, w);
            let st = to_signed(self.val(&dim.step).map_err(Stop::Ub)?, w);
            if st <= 0 {
                return Err(Stop::Ub(format!("loop #{l} dimension {k}: step {st} is not positive")));
            }
            bounds.push((lb, ub, st));
        }
        let counts: Vec<i128> =
            bounds.iter().map(|&(lb, ub, st)| if lb < ub { (ub - lb + st - 1) / st } else { 0 }).collect();
        let mut entered = true;
        for (k, &(lb, _, st)) in bounds.iter().enumerate() {
            if entered && lb + counts[k] * st > smax {
                return Err(Stop::Ub(format!(
                    "loop #{l} dimension {k}: {FINAL_VALUE_OVERFLOWS} i{w} ({})",
                    lb + counts[k] * st
                )));
            }
            entered &= counts[k] > 0;
        }
        self.rec[Self::at(l, slot::ENTRIES)] += 1;
        self.rec[Self::at(l, slot::CUR_BODY)] = 0;
        let blocks: Vec<usize> = (0..d.dims.len()).map(|k| case.dim_block(l, k)).collect();
        // Each dimension's scf.for in the nest, entered `e` times in this
        // entry of the op (the product of the counts of the dimensions
        // before it), each time from lb to lb + count * step.
        let mut e: u64 = 1;
        for (k, &(lb, ub, st)) in bounds.iter().enumerate() {
            let r = &mut self.rec;
            let at = |s: usize| Self::at(blocks[k], s);
            r[at(slot::DIM_LB)] = lb as i64 as u64;
            r[at(slot::DIM_UB)] = ub as i64 as u64;
            r[at(slot::DIM_STEP)] = st as i64 as u64;
            let count = u64::try_from(counts[k]).unwrap_or(u64::MAX);
            r[at(slot::ENTRIES)] = r[at(slot::ENTRIES)].saturating_add(e);
            r[at(slot::TOT_BODY)] = r[at(slot::TOT_BODY)].saturating_add(e.saturating_mul(count));
            if e > 0 {
                r[at(slot::EB_MIN)] = r[at(slot::EB_MIN)].min(count);
                r[at(slot::EB_MAX)] = r[at(slot::EB_MAX)].max(count);
                let last = lb + counts[k] * st;
                let mut values = vec![(slot::COND, lb, last), (slot::EXIT, last, last)];
                if count > 0 {
                    values.push((slot::BODY, lb, last - st));
                }
                for (s, lo, hi) in values {
                    observe2(r, at(s), lo as i64, hi as i64);
                }
            }
            e = e.saturating_mul(count);
        }
        self.in_progress[l] = true;
        // With an empty dimension the body never runs, but the nest still
        // iterates the dimensions before it: that costs fuel too.
        if let Some(z) = counts.iter().position(|&c| c == 0) {
            let outer = counts[..z].iter().fold(if z == 0 { 0i128 } else { 1 }, |p, &c| p.saturating_mul(c));
            if outer > self.fuel as i128 || self.total as i128 + outer > self.total_fuel as i128 {
                return Err(Stop::Fuel);
            }
            self.total += outer as u64;
        }
        if counts.iter().all(|&c| c > 0) {
            let n = counts.len();
            let mut idx = vec![0i128; n];
            'nest: loop {
                let ivs: Vec<i128> = (0..n).map(|k| bounds[k].0 + idx[k] * bounds[k].2).collect();
                for k in 0..n {
                    let b = blocks[k];
                    observe2(&mut self.rec, Self::at(b, slot::OBS), ivs[k] as i64, ivs[k] as i64);
                    if (0..n).all(|j| j == k || idx[j] == 0) {
                        self.rec[Self::at(b, slot::SEEN)] += 1;
                    }
                    self.counters[b] = ivs[k] as u128 & mask(w);
                }
                self.rec[Self::at(l, slot::CUR_BODY)] += 1;
                self.rec[Self::at(l, slot::TOT_BODY)] += 1;
                self.total += 1;
                if self.rec[Self::at(l, slot::CUR_BODY)] > self.fuel || self.total > self.total_fuel {
                    return Err(Stop::Fuel);
                }
                self.run_children(Some(l))?;
                // The odometer: the last dimension fastest.
                let mut k = n;
                loop {
                    if k == 0 {
                        break 'nest;
                    }
                    k -= 1;
                    idx[k] += 1;
                    if idx[k] < counts[k] {
                        break;
                    }
                    idx[k] = 0;
                }
            }
        }
        let r = &mut self.rec;
        let bc = r[Self::at(l, slot::CUR_BODY)];
        r[Self::at(l, slot::EB_MIN)] = r[Self::at(l, slot::EB_MIN)].min(bc);
        r[Self::at(l, slot::EB_MAX)] = r[Self::at(l, slot::EB_MAX)].max(bc);
        self.in_progress[l] = false;
        Ok(())
    }
}

/// Whether an unfinished scf.for/loom.for entry will overflow its
/// induction variable (undefined behaviour) before it ends, ignoring what
/// its body does meanwhile.
fn will_overflow(f: &Frame, w: u32) -> bool {
    let rd = |v: u128| in_order(v, w, f.signed);
    let (iv, ub, st) = (rd(f.iv), rd(f.ub), rd(f.step));
    let hi = if f.signed { (1i128 << (w - 1)) - 1 } else { mask(w) as i128 };
    if let Some(b) = f.brk.map(rd) {
        if b >= iv && b < ub && (b - iv) % st == 0 {
            return false;
        }
    }
    let k = (ub - iv + st - 1) / st;
    iv + k * st > hi
}

/// Runs `case` with argument set `set`.
pub fn simulate(case: &SymCase, set: usize) -> Run {
    simulate_with(case, &case.arg_sets[set], FUEL, TOTAL_FUEL)
}

/// Runs `case` with `args` and the given fuel (per loop entry, per call).
fn simulate_with(case: &SymCase, args: &[ArgValue], fuel: u64, total_fuel: u64) -> Run {
    let n = case.loops.len();
    let mut sim = Sim {
        case,
        args,
        fuel,
        total_fuel,
        rec: initial_record(case.blocks()),
        counters: vec![0; case.blocks()],
        in_progress: vec![false; n],
        frames: vec![None; n],
        total: 0,
    };
    let entries = case.cf.map_or(1, |(_, n)| n);
    let outcome = match (0..entries).try_for_each(|_| sim.run_children(None)) {
        Ok(()) => Outcome::Complete,
        Err(Stop::Ub(why)) => Outcome::Undefined(why),
        Err(Stop::Fuel) => {
            let w = case.ty.width;
            match (0..n).find(|&l| sim.in_progress[l] && sim.frames[l].is_some_and(|f| will_overflow(&f, w))) {
                Some(l) => Outcome::Undefined(format!("loop #{l}'s induction variable overflows after the fuel")),
                None => Outcome::OutOfFuel,
            }
        }
    };
    Run { outcome, record: sim.rec, in_progress: sim.in_progress }
}

// ---------------------------------------------------------------------------
// Emission
// ---------------------------------------------------------------------------

struct Emitter<'a> {
    case: &'a SymCase,
    out: String,
    next: usize,
    indent: usize,
    instrument: bool,
}

impl Emitter<'_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }
    fn t(&self) -> String {
        self.case.ty.name()
    }
    fn konst(&mut self, bits: u128) -> String {
        let v = self.fresh();
        let t = self.t();
        self.line(&format!("{v} = arith.constant {} : {t}", to_signed(bits, self.case.ty.width)));
        v
    }
    fn index_const(&mut self, x: u64) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : index", x as i64));
        v
    }
    fn i64_const(&mut self, x: u64) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : i64", x as i64));
        v
    }
    /// The counter of loop `l` in its body (induction variable `k` of a
    /// parallel loop).
    fn counter_name(&self, l: usize, k: usize) -> String {
        match self.case.loops[l].shape {
            Shape::ScfFor { .. } | Shape::LoomFor => format!("%iv{l}"),
            Shape::While | Shape::DoWhile => format!("%y{l}"),
            Shape::LoomLoop { .. } => format!("%x{l}"),
            Shape::Parallel { .. } => format!("%p{l}_{k}"),
        }
    }
    fn val(&mut self, v: &Val) -> String {
        let ty = self.case.ty;
        let t = self.t();
        match v {
            Val::Arg(n) => format!("%arg{n}"),
            Val::Cast { arg, signed } => {
                let from = self.case.args[*arg].type_name();
                let op = match (ty.index, signed) {
                    (true, true) => "index_cast",
                    (true, false) => "index_castui",
                    (false, true) => "extsi",
                    (false, false) => "extui",
                };
                let x = self.fresh();
                self.line(&format!("{x} = arith.{op} %arg{arg} : {from} to {t}"));
                x
            }
            Val::Dim { arg, k } => {
                let kk = self.index_const(*k as u64);
                let d = self.fresh();
                let mt = self.case.args[*arg].type_name();
                self.line(&format!("{d} = memref.dim %arg{arg}, {kk} : {mt}"));
                if ty.index {
                    return d;
                }
                let x = self.fresh();
                self.line(&format!("{x} = arith.index_cast {d} : index to {t}"));
                x
            }
            Val::Const(c) => self.konst(*c),
            Val::Outer(l, k) => self.counter_name(*l, *k),
            Val::Arith { op, a, c, flags, const_left } => {
                let x = self.val(a);
                let k = self.konst(*c);
                let (p, q) = if *const_left { (k, x) } else { (x, k) };
                let name = match op {
                    ArithOp::Add => "addi",
                    ArithOp::Sub => "subi",
                    ArithOp::Mul => "muli",
                };
                let f = match flags {
                    Flags::None => "",
                    Flags::Nsw => " overflow<nsw>",
                    Flags::Nuw => " overflow<nuw>",
                };
                let v = self.fresh();
                self.line(&format!("{v} = arith.{name} {p}, {q}{f} : {t}"));
                v
            }
            Val::MinMax { op, a, b } => {
                let x = self.val(a);
                let y = self.val(b);
                let name = match op {
                    MinMaxOp::MinS => "minsi",
                    MinMaxOp::MaxS => "maxsi",
                    MinMaxOp::MinU => "minui",
                    MinMaxOp::MaxU => "maxui",
                };
                let v = self.fresh();
                self.line(&format!("{v} = arith.{name} {x}, {y} : {t}"));
                v
            }
            Val::AffineMin { c, n, iv } => {
                let (x, y) = (self.val(iv), self.val(n));
                let v = self.fresh();
                let c = to_signed(*c, ty.width);
                self.line(&format!("{v} = affine.min affine_map<(d0)[s0] -> ({c}, s0 - d0)>({x})[{y}]"));
                v
            }
        }
    }
    /// `v` as an expression of `affine.parallel`'s bound syntax (see
    /// [`affine_expressible`]): enclosing affine induction variables and
    /// `memref.dim` values emitted here as dims, `%argN` as symbols.
    fn affine_expr(&mut self, v: &Val, top: Option<MinMaxOp>) -> String {
        let w = self.case.ty.width;
        match v {
            Val::Const(c) => to_signed(*c, w).to_string(),
            Val::Arg(n) => format!("symbol(%arg{n})"),
            Val::Outer(l, k) => self.counter_name(*l, *k),
            Val::Dim { .. } => self.val(v),
            Val::Arith { op, a, c, const_left, .. } => {
                let x = self.affine_expr(a, None);
                let c = to_signed(*c, w);
                match (op, const_left) {
                    (ArithOp::Add, _) => format!("({x}) + ({c})"),
                    (ArithOp::Sub, false) => format!("({x}) - ({c})"),
                    (ArithOp::Sub, true) => format!("({c}) - ({x})"),
                    (ArithOp::Mul, _) => format!("({x}) * ({c})"),
                }
            }
            Val::MinMax { op, a, b } => {
                let name = if *op == MinMaxOp::MinS { "min" } else { "max" };
                format!("{name}({}, {})", self.affine_expr(a, None), self.affine_expr(b, None))
            }
            Val::AffineMin { c, n, iv } => {
                let (n, iv) = (self.affine_expr(n, None), self.affine_expr(iv, None));
                format!("min({}, ({n}) - ({iv}))", to_signed(*c, w))
            }
            Val::Cast { .. } => panic!("{v:?} has no affine form (see affine_expressible), top {top:?}"),
        }
    }
    /// `x + step` in the counter type.
    fn step_add(&mut self, l: usize, x: &str) -> String {
        let d = &self.case.loops[l];
        let w = self.case.ty.width;
        let (step, sub) = (d.step, d.sub_step && to_signed(d.step, w) < 0);
        let t = self.t();
        let v;
        if sub {
            let k = self.konst(step.wrapping_neg() & mask(w));
            v = self.fresh();
            self.line(&format!("{v} = arith.subi {x}, {k} : {t}"));
        } else {
            let k = self.konst(step);
            v = self.fresh();
            self.line(&format!("{v} = arith.addi {x}, {k} : {t}"));
        }
        v
    }
    fn cmp(&mut self, pred: Predicate, counter: &str, bound: &str, counter_lhs: bool) -> String {
        let v = self.fresh();
        let t = self.t();
        let (a, b) = if counter_lhs { (counter, bound) } else { (bound, counter) };
        self.line(&format!("{v} = arith.cmpi {}, {a}, {b} : {t}", pred.name()));
        v
    }

    // -- instrumentation (record %rec : memref<?xi64>) ---------------------
    fn slot_index(&mut self, l: usize, s: usize) -> String {
        self.index_const((slot::PER_LOOP * l + s) as u64)
    }
    fn load(&mut self, l: usize, s: usize) -> String {
        let i = self.slot_index(l, s);
        let v = self.fresh();
        self.line(&format!("{v} = memref.load %rec[{i}] : memref<?xi64>"));
        v
    }
    fn store(&mut self, l: usize, s: usize, v: &str) {
        let i = self.slot_index(l, s);
        self.line(&format!("memref.store {v}, %rec[{i}] : memref<?xi64>"));
    }
    fn update(&mut self, l: usize, s: usize, op: &str, v: &str) {
        let o = self.load(l, s);
        let n = self.fresh();
        self.line(&format!("{n} = arith.{op} {o}, {v} : i64"));
        self.store(l, s, &n);
    }
    fn bump(&mut self, l: usize, s: usize) {
        let one = self.i64_const(1);
        self.update(l, s, "addi", &one);
    }
    fn widen(&mut self, v: &str, signed: bool) -> String {
        let ty = self.case.ty;
        if ty.width == 64 && !ty.index {
            return v.to_string();
        }
        let x = self.fresh();
        let op = match (ty.index, signed) {
            (true, true) => "index_cast",
            (true, false) => "index_castui",
            (false, true) => "extsi",
            (false, false) => "extui",
        };
        self.line(&format!("{x} = arith.{op} {v} : {} to i64", self.t()));
        x
    }
    /// [`Self::update`] with `x` when `when` holds (`neutral`, which
    /// leaves the slot as it is, otherwise).
    fn update_when(&mut self, l: usize, s: usize, op: &str, x: &str, when: Option<&str>, neutral: u64) {
        let x = match when {
            Some(c) => {
                let n = self.i64_const(neutral);
                let y = self.fresh();
                self.line(&format!("{y} = arith.select {c}, {x}, {n} : i64"));
                y
            }
            None => x.to_string(),
        };
        self.update(l, s, op, &x);
    }
    /// The signed min of the group at `base` with `lo` and its max with
    /// `hi` (a parallel dimension's groups: see `Sim::run_parallel`).
    fn observe2(&mut self, l: usize, base: usize, lo: &str, hi: &str, when: Option<&str>) {
        self.update_when(l, base, "minsi", lo, when, i64::MAX as u64);
        self.update_when(l, base + 1, "maxsi", hi, when, i64::MIN as u64);
    }
    fn observe4(&mut self, l: usize, base: usize, sv: &str, uv: &str, when: Option<&str>) {
        self.observe2(l, base, sv, sv, when);
        self.update_when(l, base + 2, "minui", uv, when, u64::MAX);
        self.update_when(l, base + 3, "maxui", uv, when, 0);
    }
    /// Before a parallel op (see `Sim::run_parallel`): each dimension's
    /// runtime bounds (`parts`' SSA values) and the record of its scf.for
    /// in the nest, entered `e` times in this entry of the op (the product
    /// of the counts before it; `entered`: whether non-zero), each time
    /// from lb to `last` = lb + count * step. The count is
    /// `(ub - lb - 1) udiv step + 1` when lb < ub: the difference may
    /// exceed i64's signed range, never its unsigned one.
    fn dims_prologue(&mut self, blocks: &[usize], parts: &[[(String, String); 3]]) {
        let z = self.i64_const(0);
        let one = self.i64_const(1);
        let mut e = one.clone();
        let mut entered: Option<String> = None;
        for (&b, part) in blocks.iter().zip(parts) {
            let mut v = Vec::new();
            for (j, s) in [slot::DIM_LB, slot::DIM_UB, slot::DIM_STEP].into_iter().enumerate() {
                let x = self.widen(&part[j].1, true);
                self.store(b, s, &x);
                v.push(x);
            }
            let [lb, ub, st] = [&v[0], &v[1], &v[2]];
            let op = |e: &mut Self, text: String| {
                let x = e.fresh();
                e.line(&format!("{x} = {text}"));
                x
            };
            let lt = op(self, format!("arith.cmpi slt, {lb}, {ub} : i64"));
            let diff = op(self, format!("arith.subi {ub}, {lb} : i64"));
            let dm = op(self, format!("arith.subi {diff}, {one} : i64"));
            let q = op(self, format!("arith.divui {dm}, {st} : i64"));
            let q1 = op(self, format!("arith.addi {q}, {one} : i64"));
            let cnt = op(self, format!("arith.select {lt}, {q1}, {z} : i64"));
            let span = op(self, format!("arith.muli {cnt}, {st} : i64"));
            let last = op(self, format!("arith.addi {lb}, {span} : i64"));
            let before_last = op(self, format!("arith.subi {last}, {st} : i64"));
            self.update(b, slot::ENTRIES, "addi", &e);
            let tb = op(self, format!("arith.muli {e}, {cnt} : i64"));
            self.update(b, slot::TOT_BODY, "addi", &tb);
            let when = entered.as_deref();
            self.update_when(b, slot::EB_MIN, "minui", &cnt, when, u64::MAX);
            self.update_when(b, slot::EB_MAX, "maxui", &cnt, when, 0);
            self.observe2(b, slot::COND, lb, &last, when);
            self.observe2(b, slot::EXIT, &last, &last, when);
            let pos = op(self, format!("arith.cmpi sgt, {cnt}, {z} : i64"));
            let runs = match when {
                Some(w) => op(self, format!("arith.andi {w}, {pos} : i1")),
                None => pos,
            };
            self.observe2(b, slot::BODY, lb, &before_last, Some(&runs));
            e = op(self, format!("arith.muli {e}, {cnt} : i64"));
            entered = Some(runs);
        }
    }
    fn cond_obs(&mut self, l: usize, v: &str) {
        if !self.instrument {
            return;
        }
        self.bump(l, slot::CUR_COND);
        self.bump(l, slot::TOT_COND);
        let sv = self.widen(v, true);
        let uv = self.widen(v, false);
        self.observe4(l, slot::COND, &sv, &uv, None);
        self.store(l, slot::LAST_S, &sv);
        self.store(l, slot::LAST_U, &uv);
    }
    fn body_obs(&mut self, l: usize, v: &str) {
        if !self.instrument {
            return;
        }
        self.bump(l, slot::CUR_BODY);
        self.bump(l, slot::TOT_BODY);
        let sv = self.widen(v, true);
        let uv = self.widen(v, false);
        self.observe4(l, slot::BODY, &sv, &uv, None);
    }
    fn prologue(&mut self, l: usize) {
        self.bump(l, slot::ENTRIES);
        let z = self.i64_const(0);
        for s in [slot::CUR_COND, slot::CUR_BODY, slot::BROKE_CUR] {
            self.store(l, s, &z);
        }
    }
    fn epilogue(&mut self, l: usize) {
        let cc = self.load(l, slot::CUR_COND);
        self.update(l, slot::EC_MIN, "minui", &cc);
        self.update(l, slot::EC_MAX, "maxui", &cc);
        let bc = self.load(l, slot::CUR_BODY);
        self.update(l, slot::EB_MIN, "minui", &bc);
        self.update(l, slot::EB_MAX, "maxui", &bc);
        let b = self.load(l, slot::BROKE_CUR);
        let z = self.i64_const(0);
        let normal = self.fresh();
        self.line(&format!("{normal} = arith.cmpi eq, {b}, {z} : i64"));
        let ls = self.load(l, slot::LAST_S);
        let lu = self.load(l, slot::LAST_U);
        self.observe4(l, slot::EXIT, &ls, &lu, Some(&normal));
        let one = self.i64_const(1);
        let nb = self.fresh();
        self.line(&format!("{nb} = arith.xori {b}, {one} : i64"));
        self.update(l, slot::NORMAL, "addi", &nb);
        self.update(l, slot::BROKE, "maxui", &b);
    }

    fn children(&mut self, parent: Option<usize>) {
        for l in self.case.children(parent) {
            self.emit_loop(l);
        }
    }

    /// A parallel loop: bounds before the op (with instrumentation, their
    /// values stored in the dimensions' blocks), the body's observations,
    /// the children, the terminator.
    fn emit_parallel(&mut self, l: usize, kind: ParKind) {
        let d = self.case.loops[l].clone();
        let case = self.case;
        let w = case.ty.width;
        let lit = |v: &Val| match v {
            Val::Const(c) => to_signed(*c, w).to_string(),
            other => panic!("a static part that is not a constant: {other:?}"),
        };
        // An affine.parallel nested in another one writes its bounds as
        // affine expressions (values defined in the outer body are not valid
        // affine symbols); at the top level, as values (valid symbols).
        let affine_text = kind == ParKind::AffineParallel && d.parent.is_some();
        // Each part: its text in the op and (instrumented) its SSA value.
        let mut parts: Vec<[(String, String); 3]> = Vec::new();
        for dim in &d.dims {
            let one = |v: &Val, is_static: bool, top: Option<MinMaxOp>, e: &mut Self| -> (String, String) {
                if is_static || affine_text {
                    let text = if is_static { lit(v) } else { e.affine_expr(v, top) };
                    let ssa = if e.instrument { e.val(v) } else { String::new() };
                    (text, ssa)
                } else {
                    let x = e.val(v);
                    (x.clone(), x)
                }
            };
            let lb = one(&dim.lb, dim.static_lb, Some(MinMaxOp::MaxS), self);
            let ub = one(&dim.ub, dim.static_ub, Some(MinMaxOp::MinS), self);
            let st = one(&dim.step, dim.static_step, None, self);
            parts.push([lb, ub, st]);
        }
        let blocks: Vec<usize> = (0..d.dims.len()).map(|k| case.dim_block(l, k)).collect();
        if self.instrument {
            self.bump(l, slot::ENTRIES);
            let z = self.i64_const(0);
            self.store(l, slot::CUR_BODY, &z);
            self.dims_prologue(&blocks, &parts);
        }
        let ivs: Vec<String> = (0..d.dims.len()).map(|k| format!("%p{l}_{k}")).collect();
        let list = |j: usize| parts.iter().map(|p| p[j].0.clone()).collect::<Vec<_>>().join(", ");
        let head = match kind {
            ParKind::Parallel => {
                format!("scf.parallel ({}) = ({}) to ({}) step ({}) {{", ivs.join(", "), list(0), list(1), list(2))
            }
            ParKind::ForallIn => format!("scf.forall ({}) in ({}) {{", ivs.join(", "), list(1)),
            ParKind::ForallRange => {
                format!("scf.forall ({}) = ({}) to ({}) step ({}) {{", ivs.join(", "), list(0), list(1), list(2))
            }
            ParKind::AffineParallel => {
                format!("affine.parallel ({}) = ({}) to ({}) step ({}) {{", ivs.join(", "), list(0), list(1), list(2))
            }
        };
        self.line(&head);
        self.indent += 1;
        if self.instrument {
            self.bump(l, slot::CUR_BODY);
            self.bump(l, slot::TOT_BODY);
            let n = ivs.len();
            let mut at_lb = Vec::new();
            for k in 0..n {
                let e = self.fresh();
                self.line(&format!("{e} = arith.cmpi eq, {}, {} : index", ivs[k], parts[k][0].1));
                at_lb.push(e);
            }
            for (k, &b) in blocks.iter().enumerate() {
                let sv = self.widen(&ivs[k], true);
                self.observe2(b, slot::OBS, &sv, &sv, None);
                let others: Vec<&String> = (0..n).filter(|&j| j != k).map(|j| &at_lb[j]).collect();
                let inc = match others.split_first() {
                    None => self.i64_const(1),
                    Some((first, rest)) => {
                        let mut acc = (*first).clone();
                        for o in rest {
                            let x = self.fresh();
                            self.line(&format!("{x} = arith.andi {acc}, {o} : i1"));
                            acc = x;
                        }
                        let x = self.fresh();
                        self.line(&format!("{x} = arith.extui {acc} : i1 to i64"));
                        x
                    }
                };
                self.update(b, slot::SEEN, "addi", &inc);
            }
        }
        self.children(Some(l));
        if kind == ParKind::Parallel {
            self.line("scf.reduce");
        }
        self.indent -= 1;
        self.line("}");
        if self.instrument {
            let bc = self.load(l, slot::CUR_BODY);
            self.update(l, slot::EB_MIN, "minui", &bc);
            self.update(l, slot::EB_MAX, "maxui", &bc);
        }
    }

    fn emit_loop(&mut self, l: usize) {
        let d = self.case.loops[l].clone();
        if let Shape::Parallel { kind } = d.shape {
            self.emit_parallel(l, kind);
            return;
        }
        let ty = self.case.ty;
        let t = self.t();
        let init = self.val(&d.init);
        let bound = self.val(&d.bound);
        let brk = d.brk.as_ref().map(|b| self.val(b));
        if self.instrument {
            self.prologue(l);
        }
        let suffix = if ty.index { String::new() } else { format!(" : {t}") };
        match d.shape {
            Shape::ScfFor { .. } | Shape::LoomFor => {
                let st = self.konst(d.step);
                self.cond_obs(l, &init);
                let iv = format!("%iv{l}");
                if let Shape::ScfFor { unsigned } = d.shape {
                    let u = if unsigned { "unsigned " } else { "" };
                    self.line(&format!("scf.for {u}{iv} = {init} to {bound} step {st}{suffix} {{"));
                } else {
                    self.line(&format!("loom.for {iv} = {init} to {bound} step {st} token(%tok{l}){suffix} {{"));
                }
                self.indent += 1;
                self.body_obs(l, &iv);
                if let Some(b) = brk {
                    let e = self.fresh();
                    self.line(&format!("{e} = arith.cmpi eq, {iv}, {b} : {t}"));
                    if self.instrument {
                        let e64 = self.fresh();
                        self.line(&format!("{e64} = arith.extui {e} : i1 to i64"));
                        self.store(l, slot::BROKE_CUR, &e64);
                    }
                    self.line(&format!("loom.if {e} {{ loom.break %tok{l} }}"));
                }
                self.children(Some(l));
                if self.instrument {
                    let n = self.fresh();
                    self.line(&format!("{n} = arith.addi {iv}, {st} : {t}"));
                    self.cond_obs(l, &n);
                }
                if d.shape == Shape::LoomFor {
                    self.line("loom.yield");
                }
                self.indent -= 1;
                self.line("}");
            }
            Shape::While | Shape::DoWhile => {
                let x = format!("%x{l}");
                let y = format!("%y{l}");
                let dowhile = d.shape == Shape::DoWhile;
                let res = if dowhile { format!("%w{l}:2") } else { format!("%w{l}") };
                let results = if dowhile { format!("({t}, {t})") } else { t.clone() };
                self.line(&format!("{res} = scf.while ({x} = {init}) : ({t}) -> {results} {{"));
                self.indent += 1;
                self.cond_obs(l, &x);
                if dowhile {
                    let nx = self.step_add(l, &x);
                    let c = self.cmp(d.pred, &nx, &bound, d.counter_lhs);
                    self.line(&format!("scf.condition({c}) {x}, {nx} : {t}, {t}"));
                } else {
                    let c = self.cmp(d.pred, &x, &bound, d.counter_lhs);
                    self.line(&format!("scf.condition({c}) {x} : {t}"));
                }
                self.indent -= 1;
                self.line("} do {");
                if dowhile {
                    self.line(&format!("^bb0({y}: {t}, %z{l}: {t}):"));
                } else {
                    self.line(&format!("^bb0({y}: {t}):"));
                }
                self.indent += 1;
                self.body_obs(l, &y);
                self.children(Some(l));
                if dowhile {
                    self.line(&format!("scf.yield %z{l} : {t}"));
                } else {
                    let n = self.step_add(l, &y);
                    self.line(&format!("scf.yield {n} : {t}"));
                }
                self.indent -= 1;
                self.line("}");
            }
            Shape::LoomLoop { guard } => {
                let x = format!("%x{l}");
                self.line(&format!("%w{l} = loom.loop token(%tok{l}) iter_args({x} = {init}) : ({t}) -> ({t}) {{"));
                self.indent += 1;
                self.cond_obs(l, &x);
                let brk = format!("loom.break %tok{l}, {x} : {t}");
                if guard == 1 {
                    let c = self.cmp(d.pred, &x, &bound, d.counter_lhs);
                    self.line(&format!("loom.if {c} {{ loom.yield }} else {{ {brk} }}"));
                } else {
                    let c = self.cmp(d.pred.negate(), &x, &bound, d.counter_lhs);
                    self.line(&format!("loom.if {c} {{ {brk} }}"));
                }
                self.body_obs(l, &x);
                self.children(Some(l));
                let n = self.step_add(l, &x);
                self.line(&format!("loom.continue %tok{l}, {n} : {t}"));
                self.indent -= 1;
                self.line("}");
            }
            Shape::Parallel { .. } => unreachable!("emit_parallel"),
        }
        if self.instrument {
            self.epilogue(l);
        }
    }

    fn function(&mut self) {
        let c = self.case;
        let mut params: Vec<String> =
            c.args.iter().enumerate().map(|(i, a)| format!("%arg{i}: {}", a.type_name())).collect();
        if self.instrument {
            params.push("%rec: memref<?xi64>".into());
        }
        self.line(&format!("func.func @{}({}) {{", c.name(), params.join(", ")));
        self.indent += 1;
        match c.cf {
            None => self.children(None),
            Some((CfForm::Cond, n)) => {
                self.line(&format!("%cf_go = arith.constant {}", if n > 0 { "true" } else { "false" }));
                self.line("cf.cond_br %cf_go, ^cf_body, ^cf_exit");
                self.line("^cf_body:");
                self.children(None);
                self.line("cf.br ^cf_exit");
                self.line("^cf_exit:");
            }
            Some((form, n)) => {
                self.line("%cf_zero = arith.constant 0 : index");
                self.line("%cf_one = arith.constant 1 : index");
                self.line(&format!("%cf_n = arith.constant {n} : index"));
                if form == CfForm::ExecRegion {
                    self.line("scf.execute_region {");
                    self.indent += 1;
                }
                self.line("cf.br ^cf_head(%cf_zero : index)");
                self.line("^cf_head(%cf_t: index):");
                self.line("%cf_more = arith.cmpi slt, %cf_t, %cf_n : index");
                self.line("cf.cond_br %cf_more, ^cf_body, ^cf_exit");
                self.line("^cf_body:");
                self.children(None);
                self.line("%cf_next = arith.addi %cf_t, %cf_one : index");
                self.line("cf.br ^cf_head(%cf_next : index)");
                self.line("^cf_exit:");
                if form == CfForm::ExecRegion {
                    self.line("scf.yield");
                    self.indent -= 1;
                    self.line("}");
                }
            }
        }
        self.line("return");
        self.indent -= 1;
        self.line("}");
    }
}

/// The function of `case`: plain (analysed) or instrumented (executed; one
/// more argument, the record).
pub fn emit(case: &SymCase, instrument: bool) -> String {
    let mut e = Emitter { case, out: String::new(), next: 0, indent: 0, instrument };
    e.function();
    e.out
}

/// A module of plain functions, for `loom-report`.
pub fn plain_module(cases: &[SymCase]) -> String {
    // The nested 32-bit cases in one nested module (a `gpu.module` when the
    // first case's seed is odd): MLIR 22's verifier crashes on two nested
    // modules with identical DLTI specs.
    let nested: Vec<&SymCase> = cases.iter().filter(|c| c.nested).collect();
    let gpu = cases.first().is_some_and(|c| c.id % 2 == 1) && !nested.is_empty();
    let mut s = String::from(if gpu { "module attributes {gpu.container_module} {\n" } else { "module {\n" });
    for c in cases.iter().filter(|c| !c.nested) {
        s.push_str(&emit(c, false));
    }
    if !nested.is_empty() {
        let op = if gpu { "gpu.module" } else { "module" };
        s.push_str(&format!("{op} @dev32 attributes {{dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>}} {{\n"));
        for c in nested {
            s.push_str(&emit(c, false));
        }
        s.push_str("}\n");
    }
    s.push_str("}\n");
    s
}

const RUNTIME_HELPERS: &str = r#"func.func private @printU64(i64)
func.func private @printNewline()
func.func @rec_init(%r: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant PER : index
  %zero = arith.constant 0 : i64
  %umax = arith.constant -1 : i64
  %smax = arith.constant 9223372036854775807 : i64
  %smin = arith.constant -9223372036854775808 : i64
  scf.for %l = %c0 to %n step %c1 {
    %b = arith.muli %l, %per : index
    scf.for %s = %c0 to %per step %c1 {
      %i = arith.addi %b, %s : index
      memref.store %zero, %r[%i] : memref<?xi64>
    }
    %ec = arith.constant EC_MIN : index
    %eb = arith.constant EB_MIN : index
    %i1 = arith.addi %b, %ec : index
    %i2 = arith.addi %b, %eb : index
    memref.store %umax, %r[%i1] : memref<?xi64>
    memref.store %umax, %r[%i2] : memref<?xi64>
    %bases = arith.constant STATS : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %first = arith.constant COND : index
    %stop = arith.addi %first, %bases : index
    scf.for %k = %first to %stop step %c4 {
      %j0 = arith.addi %b, %k : index
      %j1 = arith.addi %j0, %c1 : index
      %c2 = arith.constant 2 : index
      %j2 = arith.addi %j0, %c2 : index
      memref.store %smax, %r[%j0] : memref<?xi64>
      memref.store %smin, %r[%j1] : memref<?xi64>
      memref.store %umax, %r[%j2] : memref<?xi64>
    }
  }
  return
}
func.func @rec_print(%r: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    %e = memref.load %r[%j] : memref<?xi64>
    func.call @printU64(%e) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
"#;

/// A module of instrumented functions and a `@main` that runs each
/// `(case, argument set)` with a fresh record and prints the record, one
/// number per line.
pub fn exec_module(runs: &[(&SymCase, usize)]) -> String {
    let mut s = RUNTIME_HELPERS
        .replace("PER", &slot::PER_LOOP.to_string())
        .replace("EC_MIN", &slot::EC_MIN.to_string())
        .replace("EB_MIN", &slot::EB_MIN.to_string())
        .replace("STATS", &(4 * slot::STATS.len()).to_string())
        .replace("COND", &slot::COND.to_string());
    let mut emitted = std::collections::HashSet::new();
    for (c, _) in runs {
        if emitted.insert(c.id) {
            s.push_str(&emit(c, true));
        }
    }
    s.push_str("func.func @main() {\n");
    for (n, (c, set)) in runs.iter().enumerate() {
        let len = c.slots();
        let _ = writeln!(s, "  %len{n} = arith.constant {len} : index");
        let _ = writeln!(s, "  %nl{n} = arith.constant {} : index", c.blocks());
        let _ = writeln!(s, "  %rec{n} = memref.alloc(%len{n}) : memref<?xi64>");
        let _ = writeln!(s, "  func.call @rec_init(%rec{n}, %nl{n}) : (memref<?xi64>, index) -> ()");
        let mut operands = Vec::new();
        let mut types = Vec::new();
        let mut buffers = Vec::new();
        for (i, (a, v)) in c.args.iter().zip(&c.arg_sets[*set]).enumerate() {
            let name = format!("%a{n}_{i}");
            match v {
                ArgValue::Scalar { bits, width } => {
                    let _ = writeln!(s, "  {name} = arith.constant {} : {}", to_signed(*bits, *width), a.type_name());
                }
                ArgValue::Buffer { dims } => {
                    let mut ds = Vec::new();
                    for (k, d) in dims.iter().enumerate() {
                        let _ = writeln!(s, "  %d{n}_{i}_{k} = arith.constant {d} : index");
                        ds.push(format!("%d{n}_{i}_{k}"));
                    }
                    let _ = writeln!(s, "  {name} = memref.alloc({}) : {}", ds.join(", "), a.type_name());
                    buffers.push((name.clone(), a.type_name()));
                }
            }
            operands.push(name);
            types.push(a.type_name());
        }
        operands.push(format!("%rec{n}"));
        types.push("memref<?xi64>".into());
        let _ = writeln!(s, "  func.call @{}({}) : ({}) -> ()", c.name(), operands.join(", "), types.join(", "));
        let _ = writeln!(s, "  func.call @rec_print(%rec{n}, %len{n}) : (memref<?xi64>, index) -> ()");
        for (b, t) in buffers {
            let _ = writeln!(s, "  memref.dealloc {b} : {t}");
        }
        let _ = writeln!(s, "  memref.dealloc %rec{n} : memref<?xi64>");
    }
    s.push_str("  return\n}\n");
    s
}

// ---------------------------------------------------------------------------
// A small JSON reader (the report's new fields, independent of the Rust
// names loom's schema gives them)
// ---------------------------------------------------------------------------

/// A JSON value; numbers keep their text.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn parse(text: &str) -> Result<Json, String> {
        let b = text.as_bytes();
        let mut pos = 0;
        let v = json_value(b, &mut pos)?;
        skip_ws(b, &mut pos);
        if pos != b.len() {
            return Err(format!("JSON: trailing input at byte {pos}"));
        }
        Ok(v)
    }
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_arr(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }
}

fn skip_ws(b: &[u8], pos: &mut usize) {
    while *pos < b.len() && b[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
}

fn json_string(b: &[u8], pos: &mut usize) -> Result<String, String> {
    // At the opening quote.
    *pos += 1;
    let mut out = Vec::new();
    while *pos < b.len() {
        let c = b[*pos];
        *pos += 1;
        match c {
            b'"' => return String::from_utf8(out).map_err(|e| format!("JSON: {e}")),
            b'\\' => {
                let e = *b.get(*pos).ok_or("JSON: unterminated escape")?;
                *pos += 1;
                match e {
                    b'"' | b'\\' | b'/' => out.push(e),
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'u' => {
                        let hex = b.get(*pos..*pos + 4).ok_or("JSON: short \\u escape")?;
                        let code = u32::from_str_radix(std::str::from_utf8(hex).map_err(|e| e.to_string())?, 16)
                            .map_err(|e| format!("JSON: {e}"))?;
                        *pos += 4;
                        let ch = char::from_u32(code).unwrap_or('\u{fffd}');
                        out.extend_from_slice(ch.to_string().as_bytes());
                    }
                    _ => return Err(format!("JSON: bad escape at byte {}", *pos - 1)),
                }
            }
            _ => out.push(c),
        }
    }
    Err("JSON: unterminated string".into())
}

fn json_value(b: &[u8], pos: &mut usize) -> Result<Json, String> {
    skip_ws(b, pos);
    let Some(&c) = b.get(*pos) else { return Err("JSON: unexpected end".into()) };
    match c {
        b'{' => {
            *pos += 1;
            let mut kv = Vec::new();
            skip_ws(b, pos);
            if b.get(*pos) == Some(&b'}') {
                *pos += 1;
                return Ok(Json::Obj(kv));
            }
            loop {
                skip_ws(b, pos);
                if b.get(*pos) != Some(&b'"') {
                    return Err(format!("JSON: expected a key at byte {}", *pos));
                }
                let k = json_string(b, pos)?;
                skip_ws(b, pos);
                if b.get(*pos) != Some(&b':') {
                    return Err(format!("JSON: expected ':' at byte {}", *pos));
                }
                *pos += 1;
                kv.push((k, json_value(b, pos)?));
                skip_ws(b, pos);
                match b.get(*pos) {
                    Some(b',') => *pos += 1,
                    Some(b'}') => {
                        *pos += 1;
                        return Ok(Json::Obj(kv));
                    }
                    _ => return Err(format!("JSON: expected ',' or '}}' at byte {}", *pos)),
                }
            }
        }
        b'[' => {
            *pos += 1;
            let mut items = Vec::new();
            skip_ws(b, pos);
            if b.get(*pos) == Some(&b']') {
                *pos += 1;
                return Ok(Json::Arr(items));
            }
            loop {
                items.push(json_value(b, pos)?);
                skip_ws(b, pos);
                match b.get(*pos) {
                    Some(b',') => *pos += 1,
                    Some(b']') => {
                        *pos += 1;
                        return Ok(Json::Arr(items));
                    }
                    _ => return Err(format!("JSON: expected ',' or ']' at byte {}", *pos)),
                }
            }
        }
        b'"' => Ok(Json::Str(json_string(b, pos)?)),
        b't' if b[*pos..].starts_with(b"true") => {
            *pos += 4;
            Ok(Json::Bool(true))
        }
        b'f' if b[*pos..].starts_with(b"false") => {
            *pos += 5;
            Ok(Json::Bool(false))
        }
        b'n' if b[*pos..].starts_with(b"null") => {
            *pos += 4;
            Ok(Json::Null)
        }
        b'-' | b'0'..=b'9' => {
            let start = *pos;
            while *pos < b.len() && matches!(b[*pos], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                *pos += 1;
            }
            Ok(Json::Num(String::from_utf8_lossy(&b[start..*pos]).into_owned()))
        }
        _ => Err(format!("JSON: unexpected '{}' at byte {}", c as char, *pos)),
    }
}

// ---------------------------------------------------------------------------
// Claims
// ---------------------------------------------------------------------------

/// One claimed value: a v1 number or a v2 expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    Num(String),
    Expr(String),
}

impl Claim {
    fn eval(&self, env: &Env) -> Result<i128, EvalError> {
        match self {
            Claim::Num(n) => {
                n.parse::<i128>().map_err(|_| EvalError::Invalid(format!("number '{n}' is not an integer")))
            }
            Claim::Expr(s) => expr::eval_str(s, env),
        }
    }
    fn is_expr(&self) -> bool {
        matches!(self, Claim::Expr(_))
    }
    fn text(&self) -> &str {
        match self {
            Claim::Num(s) | Claim::Expr(s) => s,
        }
    }
}

/// What the report claims about one loop (each field: `(JSON key, claim)`,
/// the v1 number and the v2 expression both when both are given).
#[derive(Clone, Debug, Default)]
pub struct LoopClaims {
    pub op: String,
    pub status: String,
    pub signed: Option<bool>,
    pub body: Vec<(String, Claim)>,
    pub cond: Vec<(String, Claim)>,
    pub max_body: Vec<(String, Claim)>,
    pub total_body: Vec<(String, Claim)>,
    pub total_cond: Vec<(String, Claim)>,
    /// Times the loop is entered per call of the function.
    pub entries: Vec<(String, Claim)>,
    pub cond_range: Vec<(String, [Claim; 2])>,
    pub body_range: Vec<(String, [Claim; 2])>,
    pub exit: Vec<(String, Claim)>,
    pub assumptions: Vec<String>,
    /// Whether the object has a `counter`.
    pub has_counter: bool,
    /// A parallel loop's per-dimension objects (`dims`), read like loops.
    pub dims: Vec<LoopClaims>,
    /// Whether the object has a `dims` list.
    pub has_dims: bool,
    /// Fields present with a shape this reader does not expect.
    pub malformed: Vec<String>,
}

fn scalar_claims(obj: &Json, key: &str, out: &mut Vec<(String, Claim)>, bad: &mut Vec<String>) {
    match obj.get(key) {
        None => {}
        Some(Json::Num(n)) => out.push((key.to_string(), Claim::Num(n.clone()))),
        Some(v) => bad.push(format!("{key} = {v:?} is not a number")),
    }
    let ek = format!("{key}_expr");
    match obj.get(&ek) {
        None => {}
        Some(Json::Str(s)) => out.push((ek, Claim::Expr(s.clone()))),
        Some(v) => bad.push(format!("{ek} = {v:?} is not a string")),
    }
}

fn pair_claims(obj: &Json, key: &str, out: &mut Vec<(String, [Claim; 2])>, bad: &mut Vec<String>) {
    match obj.get(key).map(|v| v.as_arr()) {
        None => {}
        Some(Some([Json::Num(a), Json::Num(b)])) => {
            out.push((key.to_string(), [Claim::Num(a.clone()), Claim::Num(b.clone())]))
        }
        Some(_) => bad.push(format!("{key} is not a pair of numbers")),
    }
    let ek = format!("{key}_expr");
    match obj.get(&ek).map(|v| v.as_arr()) {
        None => {}
        Some(Some([Json::Str(a), Json::Str(b)])) => out.push((ek, [Claim::Expr(a.clone()), Claim::Expr(b.clone())])),
        Some(_) => bad.push(format!("{ek} is not a pair of strings")),
    }
}

impl LoopClaims {
    /// The claims of one loop object of the report.
    pub fn from_json(l: &Json) -> LoopClaims {
        let mut c = LoopClaims {
            op: l.get("op").and_then(Json::as_str).unwrap_or("?").to_string(),
            status: l.get("status").and_then(Json::as_str).unwrap_or("?").to_string(),
            ..LoopClaims::default()
        };
        let mut bad = Vec::new();
        scalar_claims(l, "body_count", &mut c.body, &mut bad);
        scalar_claims(l, "condition_count", &mut c.cond, &mut bad);
        scalar_claims(l, "max_body_count", &mut c.max_body, &mut bad);
        scalar_claims(l, "total_body_count", &mut c.total_body, &mut bad);
        scalar_claims(l, "total_condition_count", &mut c.total_cond, &mut bad);
        scalar_claims(l, "entries", &mut c.entries, &mut bad);
        match l.get("dims") {
            None => {}
            Some(Json::Arr(a)) => {
                c.has_dims = true;
                for (k, x) in a.iter().enumerate() {
                    let d = LoopClaims::from_json(x);
                    bad.extend(d.malformed.iter().map(|m| format!("dims[{k}]: {m}")));
                    if !matches!(x, Json::Obj(_)) {
                        bad.push(format!("dims[{k}] is not an object"));
                    }
                    c.dims.push(d);
                }
            }
            Some(v) => bad.push(format!("dims = {v:?} is not a list")),
        }
        if let Some(k) = l.get("counter") {
            c.has_counter = true;
            c.signed = match k.get("signed") {
                Some(Json::Bool(b)) => Some(*b),
                _ => None,
            };
            pair_claims(k, "condition", &mut c.cond_range, &mut bad);
            pair_claims(k, "body", &mut c.body_range, &mut bad);
            scalar_claims(k, "exit", &mut c.exit, &mut bad);
        }
        match l.get("assumptions") {
            None => {}
            Some(Json::Arr(a)) => {
                for x in a {
                    match x {
                        Json::Str(s) => c.assumptions.push(s.clone()),
                        other => bad.push(format!("assumption {other:?} is not a string")),
                    }
                }
            }
            Some(v) => bad.push(format!("assumptions = {v:?} is not a list")),
        }
        c.malformed = bad;
        c
    }
}

// ---------------------------------------------------------------------------
// Checking claims against what happened
// ---------------------------------------------------------------------------

/// Tallies of one run.
#[derive(Clone, Debug, Default)]
pub struct SymTally {
    pub cases: u64,
    pub arg_sets: u64,
    pub executed: u64,
    pub out_of_fuel: u64,
    pub undefined: u64,
    pub loops: u64,
    pub exact: u64,
    pub at_most: u64,
    pub unknown: u64,
    /// Expression claims checked against one argument set, by the loop's status.
    pub exact_checks: u64,
    pub at_most_checks: u64,
    /// v1 numeric claims checked against one argument set.
    pub numeric_checks: u64,
    /// Claims whose value does not fit in i128 (not checked).
    pub unevaluable: u64,
    pub model_mismatches: u64,
    /// Contradictions (lines starting with two spaces continue the previous one).
    pub failures: Vec<String>,
    /// Mutation check (`--self-test`): per claim kind, mutants of the
    /// report's expression claims made and caught.
    pub mutants: std::collections::BTreeMap<String, (u64, u64)>,
    /// Loops in a non-entry block (every loop of a case with `cf`).
    pub non_entry: u64,
    /// Functions in a nested module of 32-bit `index` (simulated only).
    pub nested: u64,
    /// Cases with the buffer-size assumption nest (`gen_assumption_nest`'s
    /// shape: an inner loop bounded relative to a `dim`-bounded counter).
    pub assumption_nests: u64,
    /// The rerun with every assumption off.
    pub diff: crate::assumption_diff::DiffTally,
    /// Cases with a parallel loop; `scf.parallel` and `scf.forall` loops
    /// and their dimensions; parallel loops with a dimension whose step is
    /// an argument (the near miss) and how many of those are unknown;
    /// parallel loops the report calls exact.
    pub par_cases: u64,
    pub scf_parallel: u64,
    pub scf_forall: u64,
    pub affine_parallel: u64,
    pub par_dims: u64,
    pub par_in_loop: u64,
    pub par_around_loop: u64,
    pub dyn_step: u64,
    pub dyn_step_unknown: u64,
    pub par_exact: u64,
    /// Claims of parallel loops (their own and their dimensions') checked
    /// against one argument set.
    pub par_checks: u64,
    /// Nests of parallel loops (a parallel loop in a parallel loop's
    /// body): cases; inner loops (`scf.parallel`, `scf.forall`,
    /// `affine.parallel`) and their dimensions; those bounded by an
    /// `affine.min` tile size and the near misses among them (see
    /// [`tile_dim`]); inner loops the report calls exact and their exact
    /// dimensions; claims of inner loops checked against one argument set.
    pub nests: u64,
    pub nest_inner: [u64; 3],
    pub nest_dims: u64,
    pub nest_tiles: u64,
    pub nest_near_misses: u64,
    pub nest_exact: u64,
    pub nest_exact_dims: u64,
    pub nest_checks: u64,
    /// Parallel cases in the nested 32-bit module and their parallel loops
    /// the report calls exact; their runs with a dimension's bound within
    /// 64 of the 32-bit limits (in the op's last entry), and those
    /// undefined because a dimension's final induction value overflows 32
    /// bits; their parallel claims checked.
    pub par32: u64,
    pub par32_exact: u64,
    pub par32_limit: u64,
    pub par32_overflow: u64,
    pub par32_checks: u64,
}

impl SymTally {
    /// The mutation check's line, if mutants were made.
    pub fn mutant_summary(&self) -> Option<String> {
        if self.mutants.is_empty() {
            return None;
        }
        let (made, caught) = self.mutants.values().fold((0, 0), |(a, b), (m, c)| (a + m, b + c));
        let kinds: Vec<String> = self.mutants.iter().map(|(k, (m, c))| format!("{k} {c}/{m}")).collect();
        Some(format!(
            "symbolic mutants: {caught} of {made} wrong-by-one expression claims caught ({})",
            kinds.join(", ")
        ))
    }
    pub fn contradictions(&self) -> usize {
        self.failures.iter().filter(|f| !f.starts_with("  ")).count()
    }
    pub fn summary(&self) -> String {
        format!(
            "symbolic-fuzz: new shapes: {} nested-width functions, {} non-entry-block loops, {} assumption nests; {}\n{}\n{}\n{}",
            self.nested,
            self.non_entry,
            self.assumption_nests,
            self.diff.summary(),
            self.parallel_summary(),
            self.nest_summary(),
            self.base_summary()
        )
    }
    /// The parallel nests' and 32-bit parallel cases' lines.
    pub fn nest_summary(&self) -> String {
        format!(
            "symbolic-fuzz: parallel nests: {} cases, {} inner parallel loops ({} scf.parallel, {} scf.forall, {} affine.parallel; {} dimensions, {} bounded by an affine.min tile, {} of them near misses; {} exact, {} exact dimensions); {} inner claims checked\nsymbolic-fuzz: 32-bit parallel: {} cases in the nested 32-bit module ({} exact parallel loops); {} runs with a dimension bound near the 32-bit limits, {} undefined by a dimension's final value overflowing; {} claims checked",
            self.nests,
            self.nest_inner.iter().sum::<u64>(),
            self.nest_inner[0],
            self.nest_inner[1],
            self.nest_inner[2],
            self.nest_dims,
            self.nest_tiles,
            self.nest_near_misses,
            self.nest_exact,
            self.nest_exact_dims,
            self.nest_checks,
            self.par32,
            self.par32_exact,
            self.par32_limit,
            self.par32_overflow,
            self.par32_checks
        )
    }
    /// The parallel shapes' line.
    pub fn parallel_summary(&self) -> String {
        format!(
            "symbolic-fuzz: parallel shapes: {} cases, {} scf.parallel, {} scf.forall, {} affine.parallel ({} dimensions; {} inside a loop, {} around one; {} exact); {} with an argument as a step, {} of them unknown; {} parallel claims checked",
            self.par_cases,
            self.scf_parallel,
            self.scf_forall,
            self.affine_parallel,
            self.par_dims,
            self.par_in_loop,
            self.par_around_loop,
            self.par_exact,
            self.dyn_step,
            self.dyn_step_unknown,
            self.par_checks
        )
    }
    fn base_summary(&self) -> String {
        format!(
            "symbolic-fuzz: {} cases, {} argument sets ({} executed, {} beyond the fuel, {} undefined); loops: {} ({} exact, {} at_most, {} unknown); claims checked: {} exact symbolic, {} at_most symbolic, {} numeric, {} beyond i128\nsymbolic-fuzz: {} contradictions ({} unlisted assumptions), {} simulator/execution mismatches",
            self.cases,
            self.arg_sets,
            self.executed,
            self.out_of_fuel,
            self.undefined,
            self.loops,
            self.exact,
            self.at_most,
            self.unknown,
            self.exact_checks,
            self.at_most_checks,
            self.numeric_checks,
            self.unevaluable,
            self.contradictions(),
            self.diff.unlisted,
            self.model_mismatches
        )
    }
}

/// The argument values of `set`, for messages.
pub fn fmt_args(case: &SymCase, set: usize) -> String {
    let parts: Vec<String> = case.arg_sets[set]
        .iter()
        .zip(&case.args)
        .enumerate()
        .map(|(i, (v, k))| match v {
            ArgValue::Scalar { bits, width } => {
                let s = to_signed(*bits, *width);
                let u = *bits & mask(*width);
                if s < 0 {
                    format!("%arg{i} = {s} (unsigned {u}) : {}", k.type_name())
                } else {
                    format!("%arg{i} = {s} : {}", k.type_name())
                }
            }
            ArgValue::Buffer { dims } => {
                let d: Vec<String> = dims.iter().map(u64::to_string).collect();
                format!("%arg{i} = buffer {} : {}", d.join("x"), k.type_name())
            }
        })
        .collect();
    parts.join(", ")
}

fn op_name(shape: Shape) -> &'static str {
    match shape {
        Shape::ScfFor { .. } => "scf.for",
        Shape::LoomFor => "loom.for",
        Shape::While | Shape::DoWhile => "scf.while",
        Shape::LoomLoop { .. } => "loom.loop",
        Shape::Parallel { kind: ParKind::Parallel } => "scf.parallel",
        Shape::Parallel { kind: ParKind::AffineParallel } => "affine.parallel",
        Shape::Parallel { .. } => "scf.forall",
    }
}

struct Checker<'a> {
    case: &'a SymCase,
    l: usize,
    set: usize,
    claims: &'a LoopClaims,
    run: &'a Run,
    exact: bool,
    /// Whether a poison value may still show up after a run beyond the
    /// fuel (the case has `nsw`/`nuw` arithmetic): then the run's totals
    /// so far are not checked.
    may_poison: bool,
    failures: Vec<String>,
    /// Claims that cannot be evaluated: (key, message), reported once per
    /// loop by the caller.
    invalid: Vec<(String, String)>,
    /// Checking `dims[k]` of parallel loop `l` (then `claims` are the
    /// dimension's): against its dimension's block, the record of the
    /// dimension's `scf.for` in the nest the op lowers to, over every
    /// entry of the op (each complete: the bounds decide it).
    dim: Option<usize>,
}

impl Checker<'_> {
    /// The record block checked: the loop's, or its dimension's.
    fn block(&self) -> usize {
        match self.dim {
            Some(k) => self.case.dim_block(self.l, k),
            None => self.l,
        }
    }
    /// Slot `s` of the block checked. A dimension's block keeps no
    /// condition counts and no normal exits: its loop's condition runs once
    /// more than its body per entry, and every entry ends normally.
    fn r(&self, s: usize) -> u64 {
        let at = |s: usize| self.run.record[slot::PER_LOOP * self.block() + s];
        match (self.dim, s) {
            (None, _) => at(s),
            (Some(_), slot::EC_MIN) => at(slot::EB_MIN).saturating_add(1),
            (Some(_), slot::EC_MAX) => at(slot::EB_MAX).saturating_add(1),
            (Some(_), slot::TOT_COND) => at(slot::TOT_BODY).saturating_add(at(slot::ENTRIES)),
            (Some(_), slot::NORMAL) => at(slot::ENTRIES),
            (Some(_), _) => at(s),
        }
    }
    /// Whether the run stopped in an entry of the loop (a dimension's
    /// record holds finished entries only).
    fn in_progress(&self) -> bool {
        self.dim.is_none() && self.run.in_progress[self.l]
    }
    /// A claim's name in messages: a dimension's under `dims[k].`, its
    /// counter's under `dims[k].counter.`.
    fn key(&self, key: &str, counter: bool) -> String {
        match (self.dim, counter) {
            (None, _) => key.to_string(),
            (Some(k), false) => format!("dims[{k}].{key}"),
            (Some(k), true) => format!("dims[{k}].counter.{key}"),
        }
    }
    fn signed(&self) -> bool {
        self.claims.signed.unwrap_or_else(|| self.case.loop_signed(self.l))
    }
    /// The observed [min, max] of the 4 statistics slots at `s`, in the
    /// counter's order.
    fn range(&self, s: usize) -> (i128, i128) {
        if self.signed() {
            (self.r(s) as i64 as i128, self.r(s + 1) as i64 as i128)
        } else {
            (self.r(s + 2) as i128, self.r(s + 3) as i128)
        }
    }
    fn fail(&mut self, msg: String) {
        let partial = match self.run.outcome {
            Outcome::OutOfFuel => " (run stopped at the fuel)",
            _ => "",
        };
        self.failures.push(format!(
            "seed {}: loop #{} ({}) with {}{partial}: {msg}",
            self.case.id,
            self.l,
            op_name(self.case.loops[self.l].shape),
            fmt_args(self.case, self.set)
        ));
    }
    fn eval(&mut self, key: &str, c: &Claim, tally: &mut SymTally) -> Option<i128> {
        let env = Env { args: &self.case.arg_sets[self.set], signed: self.signed() };
        match c.eval(&env) {
            Ok(v) => {
                let d = &self.case.loops[self.l];
                if !d.dims.is_empty() {
                    tally.par_checks += 1;
                    tally.par32_checks += self.case.nested as u64;
                    tally.nest_checks += d.parent.is_some_and(|p| !self.case.loops[p].dims.is_empty()) as u64;
                }
                if !c.is_expr() {
                    tally.numeric_checks += 1;
                } else if self.exact {
                    tally.exact_checks += 1;
                } else {
                    tally.at_most_checks += 1;
                }
                Some(v)
            }
            Err(EvalError::Overflow) => {
                tally.unevaluable += 1;
                None
            }
            Err(EvalError::Invalid(m)) => {
                let msg =
                    format!("{key} '{}' cannot be evaluated: {m} (with {})", c.text(), fmt_args(self.case, self.set));
                self.invalid.push((key.to_string(), msg));
                None
            }
        }
    }
    /// A per-entry count: `exact` (equal) or at most.
    /// `slots`: the per-entry min, max and current-entry slots.
    fn count(&mut self, key: &str, c: &Claim, slots: [usize; 3], exact: bool, tally: &mut SymTally) {
        let [min, max, cur] = slots;
        let key = self.key(key, false);
        let Some(v) = self.eval(&key, c, tally) else { return };
        let done = self.r(slot::ENTRIES) - self.in_progress() as u64;
        let (lo, hi) = (self.r(min) as i128, self.r(max) as i128);
        let text = c.text();
        if done > 0 {
            if exact && (lo != v || hi != v) {
                self.fail(format!("claims {key} '{text}' = {v}; executed {lo}..={hi} per entry ({done} entries)"));
            } else if !exact && hi > v {
                self.fail(format!("claims {key} '{text}' = {v}; an entry executed {hi}"));
            }
        }
        let so_far = self.r(cur) as i128;
        if self.in_progress() && so_far > v {
            self.fail(format!(
                "claims {key} '{text}' = {v}; the unfinished entry has already executed {so_far} (the fuel is {FUEL} per entry, {TOTAL_FUEL} per call)"
            ));
        }
    }
    fn total(&mut self, key: &str, c: &Claim, s: usize, tally: &mut SymTally) {
        if self.run.outcome != Outcome::Complete && self.may_poison {
            return;
        }
        let key = self.key(key, false);
        let Some(v) = self.eval(&key, c, tally) else { return };
        let seen = self.r(s) as i128;
        if self.run.outcome == Outcome::Complete && v != seen {
            self.fail(format!("claims {key} '{}' = {v}; observed {seen} in the call", c.text()));
        } else if v < seen {
            self.fail(format!("claims {key} '{}' = {v}; observed at least {seen} in the call", c.text()));
        }
    }
    /// Whether the observed values of one statistics group are one entry's
    /// (so that an exact range must equal them): a loop's when the run
    /// ended and the loop was entered once; a dimension's when its loop
    /// was entered once, or the op once, or the op's bounds are the same
    /// on every entry (no enclosing counter in them).
    fn one_entrys_values(&self) -> bool {
        match self.dim {
            None => self.run.outcome == Outcome::Complete && self.r(slot::ENTRIES) == 1,
            Some(_) => {
                let d = &self.case.loops[self.l];
                self.r(slot::ENTRIES) == 1
                    || self.run.record[slot::PER_LOOP * self.l + slot::ENTRIES] == 1
                    || !d.dims.iter().any(|p| [&p.lb, &p.ub, &p.step].into_iter().any(Val::has_outer))
            }
        }
    }
    /// A `[lo, hi]` claim; `bound_only` for a v1 numeric pair given beside
    /// an expression pair (the schema requires the numeric pair, so for a
    /// symbolic range it can only be an enclosing constant bound). A
    /// dimension's body range must also hold every value the op's body
    /// observed of its induction variable.
    fn range_claim(
        &mut self,
        key: &str,
        c: &[Claim; 2],
        s: usize,
        observed: bool,
        bound_only: bool,
        tally: &mut SymTally,
    ) {
        let key = self.key(key, true);
        let (Some(lo), Some(hi)) = (self.eval(&key, &c[0], tally), self.eval(&key, &c[1], tally)) else { return };
        let text = format!("['{}', '{}'] = [{lo}, {hi}]", c[0].text(), c[1].text());
        if self.dim.is_some() && s == slot::BODY && self.r(slot::SEEN) > 0 {
            let (olo, ohi) = self.range(slot::OBS);
            if olo < lo || ohi > hi {
                self.fail(format!("claims {key} {text}; the body observed values {olo}..={ohi}"));
            }
        }
        if !observed {
            return;
        }
        let (olo, ohi) = self.range(s);
        let (what, takes, exactly) = match self.dim {
            None => ("loop", "observed values", "observed exactly"),
            Some(_) => ("dimension", "the dimension's loop takes values", "its loop takes exactly"),
        };
        if olo < lo || ohi > hi {
            self.fail(format!("claims {key} {text}; {takes} {olo}..={ohi}"));
        } else if self.exact && !bound_only && self.one_entrys_values() && (olo, ohi) != (lo, hi) {
            self.fail(format!("exact {what} claims {key} {text}; {exactly} {olo}..={ohi}"));
        }
    }
    fn exit(&mut self, key: &str, c: &Claim, tally: &mut SymTally) {
        let key = self.key(key, true);
        let Some(v) = self.eval(&key, c, tally) else { return };
        if self.r(slot::NORMAL) == 0 {
            return;
        }
        let (lo, hi) = self.range(slot::EXIT);
        if lo != v || hi != v {
            self.fail(format!(
                "claims {key} '{}' = {v}; observed exit values {lo}..={hi} ({} exits)",
                c.text(),
                self.r(slot::NORMAL)
            ));
        }
    }
    /// The claims of a loop, or of one dimension of a parallel loop (the
    /// same claims of its scf.for in the nest, checked the same way).
    fn check(&mut self, tally: &mut SymTally) {
        let claims = self.claims;
        if self.dim.is_none() && self.run.outcome != Outcome::Complete && self.r(slot::ENTRIES) == 0 {
            // Not reached before the fuel ran out: its bounds may be poison
            // when it is reached, and nothing was observed.
            return;
        }
        if self.exact {
            for (k, c) in &claims.body {
                self.count(k, c, [slot::EB_MIN, slot::EB_MAX, slot::CUR_BODY], true, tally);
            }
            for (k, c) in &claims.cond {
                self.count(k, c, [slot::EC_MIN, slot::EC_MAX, slot::CUR_COND], true, tally);
            }
        } else if claims.status == "at_most" {
            for (k, c) in &claims.max_body {
                self.count(k, c, [slot::EB_MIN, slot::EB_MAX, slot::CUR_BODY], false, tally);
            }
        }
        for (k, c) in &claims.total_body {
            self.total(k, c, slot::TOT_BODY, tally);
        }
        for (k, c) in &claims.total_cond {
            self.total(k, c, slot::TOT_COND, tally);
        }
        for (k, c) in &claims.entries {
            self.total(k, c, slot::ENTRIES, tally);
        }
        let (cond_seen, body_seen) = (self.r(slot::TOT_COND) > 0, self.r(slot::TOT_BODY) > 0);
        let has_expr = |v: &[(String, [Claim; 2])]| v.iter().any(|(_, c)| c[0].is_expr());
        let (cond_expr, body_expr) = (has_expr(&claims.cond_range), has_expr(&claims.body_range));
        for (k, c) in &claims.cond_range {
            self.range_claim(k, c, slot::COND, cond_seen, cond_expr && !c[0].is_expr(), tally);
        }
        for (k, c) in &claims.body_range {
            self.range_claim(k, c, slot::BODY, body_seen, body_expr && !c[0].is_expr(), tally);
        }
        for (k, c) in &claims.exit {
            self.exit(k, c, tally);
        }
        if self.dim.is_none() && !self.case.loops[self.l].dims.is_empty() {
            self.check_dims(tally);
        }
    }

    /// An exact parallel loop's body count is the product of its exact
    /// dimensions' counts (for every argument set, entered or not).
    fn check_dim_product(&mut self, tally: &mut SymTally) {
        let claims = self.claims;
        let all_exact = self.exact && claims.dims.iter().all(|d| d.status == "exact");
        if all_exact {
            let mut prod = Some(1i128);
            for (k, dc) in claims.dims.iter().enumerate() {
                let v = match dc.body.iter().find(|(_, c)| c.is_expr()).or(dc.body.first()) {
                    Some((key, c)) => self.eval(&format!("dims[{k}].{key}"), c, tally),
                    None => None,
                };
                prod = prod.zip(v).and_then(|(p, v)| p.checked_mul(v));
            }
            if let Some(p) = prod {
                for (key, c) in &claims.body {
                    if let Some(v) = self.eval(key, c, tally) {
                        if v != p {
                            self.fail(format!(
                                "claims {key} '{}' = {v}; the product of its dims' body counts is {p}",
                                c.text()
                            ));
                        }
                    }
                }
            }
        }
    }

    /// A parallel loop's `dims`, each against its dimension's `scf.for`
    /// in the nest the op lowers to (`check` on the dimension's block: its
    /// counts per entry of that loop, its ranges over all of them, its
    /// exit, and the values the op's body observed in the body range),
    /// whenever the op was entered; and the body count must be the product
    /// of the dimensions' counts.
    fn check_dims(&mut self, tally: &mut SymTally) {
        let claims = self.claims;
        let d = &self.case.loops[self.l];
        if claims.dims.len() != d.dims.len() {
            return; // malformed, reported by check_claims
        }
        if self.r(slot::ENTRIES) == 0 || self.run.outcome != Outcome::Complete && self.may_poison {
            self.check_dim_product(tally);
            return;
        }
        for (k, dc) in claims.dims.iter().enumerate() {
            let mut ch = Checker {
                case: self.case,
                l: self.l,
                set: self.set,
                claims: dc,
                run: self.run,
                exact: dc.status == "exact",
                may_poison: self.may_poison,
                failures: Vec::new(),
                invalid: Vec::new(),
                dim: Some(k),
            };
            ch.check(tally);
            self.failures.extend(ch.failures);
            self.invalid.extend(ch.invalid);
        }
        self.check_dim_product(tally);
        // Beyond the fuel, the body count of the op's last entry is still
        // the nest's (the product of its bounds' counts).
        if self.exact && self.run.outcome != Outcome::Complete {
            let prod = (0..d.dims.len()).fold(1i128, |p, k| {
                let at = |s: usize| self.run.record[slot::PER_LOOP * self.case.dim_block(self.l, k) + s] as i64 as i128;
                let (lb, ub, st) = (at(slot::DIM_LB), at(slot::DIM_UB), at(slot::DIM_STEP));
                p.saturating_mul(if lb < ub { (ub - lb + st - 1) / st } else { 0 })
            });
            for (key, c) in &claims.body {
                let Some(v) = self.eval(key, c, tally) else { continue };
                if v != prod {
                    self.fail(format!(
                        "claims {key} '{}' = {v}; the nest runs the body {prod} times per entry",
                        c.text()
                    ));
                }
            }
        }
    }
}

/// What is wrong with the shape of a parallel loop's claims (`n`
/// dimensions): it has no condition, so no condition count and no counter;
/// an exact one lists its `n` dimensions, each with both counts or neither
/// and a signed counter.
fn parallel_malformed(c: &LoopClaims, n: usize) -> Vec<String> {
    let mut bad = Vec::new();
    if !c.cond.is_empty() {
        bad.push("a parallel loop with condition_count(_expr)".into());
    }
    if !c.total_cond.is_empty() {
        bad.push("a parallel loop with total_condition_count(_expr)".into());
    }
    if c.has_counter {
        bad.push("a parallel loop with a counter".into());
    }
    if c.status == "exact" && !c.has_dims {
        bad.push("an exact parallel loop without dims".into());
    }
    if c.has_dims && c.dims.len() != n {
        bad.push(format!("{} dims for {n} induction variables", c.dims.len()));
    }
    for (k, d) in c.dims.iter().enumerate() {
        match d.status.as_str() {
            "exact" => {
                if d.body.is_empty() != d.cond.is_empty() {
                    bad.push(format!("dims[{k}]: exact with only one of body_count(_expr) and condition_count(_expr)"));
                }
            }
            "at_most" | "unknown" => {}
            other => bad.push(format!("dims[{k}]: status '{other}'")),
        }
        if c.status == "exact" && d.status != "exact" {
            bad.push(format!("dims[{k}]: '{}' in an exact parallel loop", d.status));
        }
        if d.signed == Some(false) {
            bad.push(format!("dims[{k}]: an unsigned counter (the dimensions count signed lb <= iv < ub)"));
        }
        if d.has_dims {
            bad.push(format!("dims[{k}] has dims"));
        }
    }
    bad
}

/// Whether a dimension is bounded by an `affine.min` tile size of an
/// enclosing parallel loop's induction variable, `0 to min(c, N - %i)`:
/// `Some(near miss)`, a near miss being a tile larger than that loop's
/// step, the tile size plus a constant, or a step other than 1.
pub fn tile_dim(case: &SymCase, p: &ParDim) -> Option<bool> {
    let (min, plus) = match &p.ub {
        Val::Arith { a, .. } if matches!(**a, Val::AffineMin { .. }) => (&**a, true),
        ub => (ub, false),
    };
    let Val::AffineMin { c, iv, .. } = min else { return None };
    let larger = match **iv {
        Val::Outer(o, k) => matches!(case.loops[o].dims.get(k).map(|d| &d.step), Some(Val::Const(t)) if c > t),
        _ => false,
    };
    Some(plus || larger || !matches!(p.step, Val::Const(1)))
}

/// Checks the report's loops of `case` (its loop objects in pre-order)
/// against `runs` (one per argument set).
pub fn check_case(case: &SymCase, loops: &[&Json], runs: &[Run], tally: &mut SymTally) {
    let claims: Vec<LoopClaims> = loops.iter().map(|j| LoopClaims::from_json(j)).collect();
    check_claims(case, &claims, runs, tally);
}

/// [`check_case`] on claims already read.
pub fn check_claims(case: &SymCase, claims: &[LoopClaims], runs: &[Run], tally: &mut SymTally) {
    let before = tally.failures.len();
    tally.cases += 1;
    tally.loops += case.loops.len() as u64;
    if claims.len() != case.loops.len() {
        tally.failures.push(format!(
            "seed {}: the report has {} loops for @{}, the case has {}",
            case.id,
            claims.len(),
            case.name(),
            case.loops.len()
        ));
    } else {
        for (l, c) in claims.iter().enumerate() {
            let mut bad = c.malformed.clone();
            if c.op != op_name(case.loops[l].shape) {
                bad.push(format!("op '{}' where the case has {}", c.op, op_name(case.loops[l].shape)));
            }
            for a in &c.assumptions {
                if a != BUFFER_ASSUMPTION && a != BUFFER_DIMS_ASSUMPTION {
                    bad.push(format!("unknown assumption '{a}' (the fuzzer cannot choose arguments that satisfy it)"));
                }
            }
            let dims = &case.loops[l].dims;
            if !dims.is_empty() {
                bad.extend(parallel_malformed(c, dims.len()));
                if dims.iter().any(|d| !matches!(d.step, Val::Const(_))) {
                    tally.dyn_step += 1;
                    tally.dyn_step_unknown += (c.status == "unknown") as u64;
                }
                tally.par_exact += (c.status == "exact") as u64;
                tally.par32_exact += (case.nested && c.status == "exact") as u64;
                if case.loops[l].parent.is_some_and(|p| !case.loops[p].dims.is_empty()) {
                    tally.nest_exact += (c.status == "exact") as u64;
                    tally.nest_exact_dims += c.dims.iter().filter(|d| d.status == "exact").count() as u64;
                }
            } else if c.has_dims {
                bad.push("dims on a loop that is not scf.parallel/scf.forall".into());
            }
            match c.status.as_str() {
                "exact" => {
                    tally.exact += 1;
                    // Both counts absent is allowed: the value depends on a
                    // symbol the grammar cannot name (an enclosing loop's
                    // counter, a loaded value); one without the other is not.
                    if dims.is_empty() && c.body.is_empty() != c.cond.is_empty() {
                        bad.push("exact with only one of body_count(_expr) and condition_count(_expr)".into());
                    }
                }
                "at_most" => {
                    tally.at_most += 1;
                    // An absent bound is allowed (not expressible, as above).
                }
                "unknown" => tally.unknown += 1,
                other => bad.push(format!("status '{other}'")),
            }
            for b in bad {
                tally.failures.push(format!("seed {}: loop #{l}: malformed claim: {b}", case.id));
            }
        }
        let may_poison = case.loops.iter().any(|d| {
            [Some(&d.init), Some(&d.bound), d.brk.as_ref()].into_iter().flatten().any(Val::has_flags)
                || d.dims.iter().any(|p| [&p.lb, &p.ub, &p.step].into_iter().any(Val::has_flags))
        });
        let mut invalid_seen = std::collections::HashSet::new();
        for (set, run) in runs.iter().enumerate() {
            tally.arg_sets += 1;
            let par32 = case.nested && case.has_parallel();
            match &run.outcome {
                Outcome::Undefined(why) => {
                    tally.undefined += 1;
                    tally.par32_overflow += (par32 && why.contains(FINAL_VALUE_OVERFLOWS)) as u64;
                    continue;
                }
                Outcome::OutOfFuel => tally.out_of_fuel += 1,
                Outcome::Complete => {}
            }
            if par32 {
                let near = |x: u64| (x as i64).unsigned_abs() >= (1 << 31) - 64;
                let blocks = case.loops.len()..case.blocks();
                tally.par32_limit += blocks.into_iter().any(|b| {
                    let r = |s: usize| run.record[slot::PER_LOOP * b + s];
                    r(slot::ENTRIES) > 0 && (near(r(slot::DIM_LB)) || near(r(slot::DIM_UB)))
                }) as u64;
            }
            for (l, claims) in claims.iter().enumerate() {
                let mut ch = Checker {
                    case,
                    l,
                    set,
                    claims,
                    run,
                    exact: claims.status == "exact",
                    may_poison,
                    failures: Vec::new(),
                    invalid: Vec::new(),
                    dim: None,
                };
                ch.check(tally);
                tally.failures.extend(ch.failures);
                for (key, msg) in ch.invalid {
                    if invalid_seen.insert((l, key)) {
                        tally.failures.push(format!("seed {}: loop #{l} ({}): {msg}", case.id, claims.op));
                    }
                }
            }
        }
    }
    if tally.failures.len() > before {
        let mut ir = String::new();
        for line in emit(case, false).lines() {
            let _ = writeln!(ir, "    {line}");
        }
        tally.failures.push(format!("  seed {} IR:\n{}", case.id, ir.trim_end()));
        for (set, run) in runs.iter().enumerate() {
            tally.failures.push(format!("  argument set {set}: {} -> {:?}", fmt_args(case, set), run.outcome));
        }
    }
}

// ---------------------------------------------------------------------------
// Running the tools
// ---------------------------------------------------------------------------

/// Where loom-opt and LLVM 22's tools are.
#[derive(Clone, Debug)]
pub struct Tools {
    pub loom_opt: PathBuf,
    pub llvm_prefix: PathBuf,
}

/// `loom-report` on `cases` (plain); the report's text.
pub fn report(tools: &Tools, dir: &Path, tag: &str, cases: &[SymCase]) -> Result<String, String> {
    let plain = dir.join(format!("plain-{tag}.mlir"));
    std::fs::write(&plain, plain_module(cases)).map_err(|e| format!("write: {e}"))?;
    let out = dir.join(format!("report-{tag}.json"));
    crate::tools::loom_report(&tools.loom_opt, &plain, &out)
}

/// Executes the instrumented `runs`; their records.
pub fn execute(tools: &Tools, dir: &Path, tag: &str, runs: &[(&SymCase, usize)]) -> Result<Vec<Vec<u64>>, String> {
    if runs.is_empty() {
        return Ok(Vec::new());
    }
    let exec = dir.join(format!("exec-{tag}.mlir"));
    std::fs::write(&exec, exec_module(runs)).map_err(|e| format!("write: {e}"))?;
    let lowered = dir.join(format!("exec-{tag}.ll.mlir"));
    let stdout = crate::tools::lower_and_run(&tools.loom_opt, &tools.llvm_prefix, &exec, &lowered)?;
    let mut numbers = stdout.lines().map(|l| l.trim().parse::<u64>());
    let mut records = Vec::new();
    for (c, set) in runs {
        let mut rec = Vec::with_capacity(c.slots());
        for _ in 0..c.slots() {
            match numbers.next() {
                Some(Ok(n)) => rec.push(n),
                _ => return Err(format!("mlir-runner output ends early or is malformed at seed {} set {set}", c.id)),
            }
        }
        records.push(rec);
    }
    Ok(records)
}

/// Simulates every argument set of `cases`, executes those that end within
/// the fuel, and compares each execution with its simulation. The truth per
/// case and argument set.
pub fn truths(
    tools: &Tools,
    dir: &Path,
    tag: &str,
    cases: &[SymCase],
    tally: &mut SymTally,
) -> Result<Vec<Vec<Run>>, String> {
    let mut truth: Vec<Vec<Run>> =
        cases.iter().map(|c| (0..c.arg_sets.len()).map(|s| simulate(c, s)).collect()).collect();
    let mut runnable = Vec::new();
    for (i, runs) in truth.iter().enumerate() {
        for (s, run) in runs.iter().enumerate() {
            if run.outcome == Outcome::Complete && !cases[i].nested {
                runnable.push((i, s));
            }
        }
    }
    let refs: Vec<(&SymCase, usize)> = runnable.iter().map(|&(i, s)| (&cases[i], s)).collect();
    let records = execute(tools, dir, tag, &refs)?;
    for (&(i, s), rec) in runnable.iter().zip(records) {
        tally.executed += 1;
        if truth[i][s].record != rec {
            tally.model_mismatches += 1;
            let diff: Vec<String> = rec
                .iter()
                .zip(&truth[i][s].record)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(k, (a, b))| {
                    format!("loop #{} slot {}: executed {a}, simulated {b}", k / slot::PER_LOOP, k % slot::PER_LOOP)
                })
                .collect();
            tally.failures.push(format!(
                "seed {} with {}: execution differs from the simulation (simulator or lowering bug): {}",
                cases[i].id,
                fmt_args(&cases[i], s),
                diff.join("; ")
            ));
            tally.failures.push(format!("  seed {} IR:\n{}", cases[i].id, emit(&cases[i], true)));
            truth[i][s].record = rec;
        }
    }
    Ok(truth)
}

/// The case of `seed` as text: its function, argument sets and what the
/// simulator says each does (`loom-facts-fuzz --symbolic --print SEED`).
pub fn describe(seed: u64) -> String {
    let c = generate(seed);
    let mut s = format!("// seed {seed}\n");
    for set in 0..c.arg_sets.len() {
        let run = simulate(&c, set);
        let _ = writeln!(s, "// argument set {set}: {} -> {:?}", fmt_args(&c, set), run.outcome);
        for l in 0..c.loops.len() {
            let r = |k: usize| run.record[slot::PER_LOOP * l + k];
            let done = r(slot::ENTRIES) - run.in_progress[l] as u64;
            let per_entry = if done == 0 {
                "no finished entry".to_string()
            } else {
                format!(
                    "body {}..={} and condition {}..={} per finished entry",
                    r(slot::EB_MIN),
                    r(slot::EB_MAX),
                    r(slot::EC_MIN),
                    r(slot::EC_MAX)
                )
            };
            if c.loops[l].dims.is_empty() {
                let _ = writeln!(
                    s,
                    "//   loop #{l}: {} entries, {per_entry}; {} body and {} condition executions in all",
                    r(slot::ENTRIES),
                    r(slot::TOT_BODY),
                    r(slot::TOT_COND)
                );
                continue;
            }
            let per_entry = if done == 0 {
                "no finished entry".to_string()
            } else {
                format!("body {}..={} per finished entry", r(slot::EB_MIN), r(slot::EB_MAX))
            };
            let mut dims = Vec::new();
            for k in 0..c.loops[l].dims.len() {
                let b = c.dim_block(l, k);
                let d = |k: usize| run.record[slot::PER_LOOP * b + k] as i64;
                let mut dim = format!("{} to {} step {}", d(slot::DIM_LB), d(slot::DIM_UB), d(slot::DIM_STEP));
                if d(slot::ENTRIES) > 0 {
                    let _ = write!(
                        dim,
                        " (its loop: {} entries of {}..={} iterations)",
                        d(slot::ENTRIES),
                        d(slot::EB_MIN),
                        d(slot::EB_MAX)
                    );
                }
                dims.push(dim);
            }
            let _ = writeln!(
                s,
                "//   loop #{l} ({}): {} entries, {per_entry}; {} body executions in all; dimensions (last entry of the op): {}",
                op_name(c.loops[l].shape),
                r(slot::ENTRIES),
                r(slot::TOT_BODY),
                dims.join(", ")
            );
        }
    }
    s.push_str(&emit(&c, false));
    s
}

/// Claims each off by one, in the direction that contradicts an exact
/// value (`+ 1`) or a bound the runs reach (`- 1` of a maximum, `+ 1` of a
/// minimum): `(kind, mutated claims of the case)`. Only expression claims
/// of exact and at_most loops are mutated.
pub fn mutants(claims: &[LoopClaims]) -> Vec<(String, Vec<LoopClaims>)> {
    let mut out = Vec::new();
    for (l, c) in claims.iter().enumerate() {
        for (kind, mutant) in mutate_one(c) {
            let mut m = claims.to_vec();
            m[l] = mutant;
            out.push((kind, m));
        }
        // A parallel loop's dimensions, one at a time.
        for (k, d) in c.dims.iter().enumerate() {
            for (kind, mutant) in mutate_one(d) {
                let mut m = claims.to_vec();
                m[l].dims[k] = mutant;
                out.push((format!("dims.{kind}"), m));
            }
        }
    }
    out
}

/// [`mutants`] of one loop's (or dimension's) own claims.
fn mutate_one(c: &LoopClaims) -> Vec<(String, LoopClaims)> {
    let mut out = Vec::new();
    let bump = |c: &Claim, d: &str| match c {
        Claim::Expr(e) => Some(Claim::Expr(format!("({e}) {d}"))),
        Claim::Num(_) => None,
    };
    let exact = c.status == "exact";
    if !exact && c.status != "at_most" {
        return out;
    }
    let mut push = |kind: &str, f: &dyn Fn(&mut LoopClaims) -> bool| {
        let mut m = c.clone();
        if f(&mut m) {
            out.push((kind.to_string(), m));
        }
    };
    type Field = fn(&mut LoopClaims) -> &mut Vec<(String, Claim)>;
    let scalar_fields: [(&str, Field, &str); 5] = [
        ("body_count_expr", |c| &mut c.body, "+ 1"),
        ("condition_count_expr", |c| &mut c.cond, "+ 1"),
        ("max_body_count_expr", |c| &mut c.max_body, "- 1"),
        ("total_body_count_expr", |c| &mut c.total_body, "+ 1"),
        ("exit_expr", |c| &mut c.exit, "+ 1"),
    ];
    for (kind, field, d) in scalar_fields {
        if kind == "max_body_count_expr" && exact || kind.starts_with("body_count") && !exact {
            continue;
        }
        push(kind, &|m: &mut LoopClaims| {
            let mut any = false;
            for (_, claim) in field(m).iter_mut() {
                if let Some(n) = bump(claim, d) {
                    *claim = n;
                    any = true;
                }
            }
            any
        });
    }
    type Pairs = fn(&mut LoopClaims) -> &mut Vec<(String, [Claim; 2])>;
    let pair_fields: [(&str, Pairs); 2] =
        [("condition_expr", |c| &mut c.cond_range), ("body_expr", |c| &mut c.body_range)];
    for (kind, field) in pair_fields {
        for (end, d) in [(0, "+ 1"), (1, "- 1")] {
            let name = format!("{kind}[{end}]");
            push(&name, &|m: &mut LoopClaims| {
                let mut any = false;
                for (_, pair) in field(m).iter_mut() {
                    if let Some(n) = bump(&pair[end], d) {
                        pair[end] = n;
                        any = true;
                    }
                }
                any
            });
        }
    }
    out
}

/// One batch: report, truths, checks.
pub fn run_batch(tools: &Tools, dir: &Path, cases: &[SymCase], tally: &mut SymTally) -> Result<(), String> {
    run_batch_with(tools, dir, cases, false, tally)
}

/// [`run_batch`], and with `mutate`, the mutation check of every case whose
/// claims hold.
pub fn run_batch_with(
    tools: &Tools,
    dir: &Path,
    cases: &[SymCase],
    mutate: bool,
    tally: &mut SymTally,
) -> Result<(), String> {
    let tag = cases.first().map_or(0, |c| c.id).to_string();
    let text = report(tools, dir, &tag, cases)?;
    loom::analysis::Report::from_json(&text).map_err(|e| format!("the report does not parse as loom's Report: {e}"))?;
    // The same module with every assumption off: what changes must list one.
    let off = crate::assumption_diff::report_without_assumptions(
        &tools.loom_opt,
        &dir.join(format!("plain-{tag}.mlir")),
        &dir.join(format!("report-{tag}-off.json")),
        "",
    )?;
    let d = crate::assumption_diff::compare_texts(&text, &off, &|_| true)?;
    for f in &d.failures {
        tally.failures.push(format!("batch at seed {tag}: {f}"));
    }
    let mut d = d;
    d.failures.clear();
    tally.diff.add(d);
    for c in cases {
        tally.non_entry += if c.cf.is_some() { c.loops.len() as u64 } else { 0 };
        tally.assumption_nests += is_assumption_nest(c) as u64;
        tally.nested += c.nested as u64;
        tally.par_cases += c.has_parallel() as u64;
        for d in &c.loops {
            match d.shape {
                Shape::Parallel { kind: ParKind::Parallel } => tally.scf_parallel += 1,
                Shape::Parallel { kind: ParKind::AffineParallel } => tally.affine_parallel += 1,
                Shape::Parallel { .. } => tally.scf_forall += 1,
                _ => {}
            }
            tally.par_dims += d.dims.len() as u64;
        }
        tally.par32 += (c.nested && c.has_parallel()) as u64;
        let mut nest = false;
        for (l, d) in c.loops.iter().enumerate() {
            let is_par = |x: usize| !c.loops[x].dims.is_empty();
            if is_par(l) && d.parent.is_some_and(|p| !is_par(p)) {
                tally.par_in_loop += 1;
            }
            if !is_par(l) && d.parent.is_some_and(is_par) {
                tally.par_around_loop += 1;
            }
            if is_par(l) && d.parent.is_some_and(is_par) {
                nest = true;
                let kind = match d.shape {
                    Shape::Parallel { kind: ParKind::Parallel } => 0,
                    Shape::Parallel { kind: ParKind::AffineParallel } => 2,
                    _ => 1,
                };
                tally.nest_inner[kind] += 1;
                tally.nest_dims += d.dims.len() as u64;
                for p in &d.dims {
                    if let Some(near_miss) = tile_dim(c, p) {
                        tally.nest_tiles += 1;
                        tally.nest_near_misses += near_miss as u64;
                    }
                }
            }
        }
        tally.nests += nest as u64;
    }
    let json = Json::parse(&text)?;
    let mut by_fn: HashMap<&str, Vec<&Json>> = HashMap::new();
    for l in json.get("loops").and_then(Json::as_arr).ok_or("the report has no loops list")? {
        by_fn.entry(l.get("function").and_then(Json::as_str).unwrap_or("")).or_default().push(l);
    }
    let truth = truths(tools, dir, &tag, cases, tally)?;
    for (c, runs) in cases.iter().zip(&truth) {
        let before = tally.failures.len();
        let name = c.name();
        let loops = by_fn.get(name.as_str()).map_or(&[][..], |v| v.as_slice());
        check_case(c, loops, runs, tally);
        if mutate && tally.failures.len() == before && loops.len() == c.loops.len() {
            let claims: Vec<LoopClaims> = loops.iter().map(|j| LoopClaims::from_json(j)).collect();
            for (kind, m) in mutants(&claims) {
                let mut t = SymTally::default();
                check_claims(c, &m, runs, &mut t);
                let e = tally.mutants.entry(kind).or_default();
                e.0 += 1;
                e.1 += (t.contradictions() > 0) as u64;
            }
        }
        if tally.failures.len() > before {
            let repro = dir.join(format!("case-{}.mlir", c.id));
            let mut text = format!("// seed {}\n", c.id);
            for s in 0..c.arg_sets.len() {
                let _ = writeln!(text, "// argument set {s}: {}", fmt_args(c, s));
            }
            text.push_str(&emit(c, false));
            text.push_str("// instrumented:\n");
            text.push_str(&emit(c, true));
            let _ = std::fs::write(&repro, text);
            tally.failures.push(format!("  reproducer: {}", repro.display()));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Self-test: hand-written claims, right and wrong
// ---------------------------------------------------------------------------

/// A hand-made case and a hand-written report for it.
pub struct Scenario {
    pub name: &'static str,
    pub case: SymCase,
    /// The report's loop objects for the case, in pre-order (JSON text).
    pub loops: Vec<String>,
    /// Whether the claims are wrong (and must be caught).
    pub wrong: bool,
}

fn scalars(width: u32, values: &[i128]) -> Vec<Vec<ArgValue>> {
    values.iter().map(|&v| vec![ArgValue::Scalar { bits: v as u128 & mask(width), width }]).collect()
}

fn pairs(width: u32, values: &[(i128, i128)]) -> Vec<Vec<ArgValue>> {
    values
        .iter()
        .map(|&(a, b)| {
            vec![
                ArgValue::Scalar { bits: a as u128 & mask(width), width },
                ArgValue::Scalar { bits: b as u128 & mask(width), width },
            ]
        })
        .collect()
}

fn simple_loop(shape: Shape, init: Val, bound: Val, step: u128) -> LoopDesc {
    LoopDesc {
        parent: None,
        shape,
        init,
        bound,
        step,
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    }
}

/// A loop object: `fields` is the JSON text after the common prefix.
fn loop_json(case: &SymCase, l: usize, fields: &str) -> String {
    format!(
        "{{\"function\": \"{}\", \"loc\": \"self-test\", \"op\": \"{}\", \"depth\": 0, {fields}}}",
        case.name(),
        op_name(case.loops[l].shape)
    )
}

/// The self-test's scenarios: every `wrong` one must be caught, no right
/// one may be.
pub fn scenarios() -> Vec<Scenario> {
    let idx = Ty { width: 64, index: true };
    let smax = i64::MAX as i128;
    let smin = i64::MIN as i128;
    let mut out = Vec::new();
    let mut add = |name: &'static str, case: &SymCase, loops: &[&str], wrong: bool| {
        let loops = loops.iter().enumerate().map(|(l, f)| loop_json(case, l, f)).collect();
        out.push(Scenario { name, case: case.clone(), loops, wrong });
    };

    // A: scf.for %i = %arg0 to %arg1 step 1 (signed index).
    let a = SymCase {
        id: 1_000_001,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![simple_loop(Shape::ScfFor { unsigned: false }, Val::Arg(0), Val::Arg(1), 1)],
        arg_sets: pairs(64, &[(3, 10), (10, 3), (smax - 2, smax), (smin, smin + 5), (-4, 2)]),
        cf: None,
        nested: false,
    };
    let n = "max(0, %arg1 - %arg0)";
    let counter = |cond: &str, body: &str, exit: &str| {
        format!(
            "\"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition_expr\": {cond}, \"body_expr\": {body}, \"exit_expr\": \"{exit}\"}}"
        )
    };
    let right_counter =
        counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1 - 1\"]", "max(%arg0, %arg1)");
    let exact = |body: &str, cond: &str, tb: &str, c: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"condition_count_expr\": \"{cond}\", \"entries\": 1, \"total_body_count_expr\": \"{tb}\", \"total_condition_count_expr\": \"{cond}\", {c}"
        )
    };
    add("for %arg0 to %arg1: right", &a, &[&exact(n, &format!("{n} + 1"), n, &right_counter)], false);
    add(
        "for %arg0 to %arg1: body count without max(0, ...)",
        &a,
        &[&exact("%arg1 - %arg0", &format!("{n} + 1"), n, &right_counter)],
        true,
    );
    add("for %arg0 to %arg1: condition count = body count", &a, &[&exact(n, n, n, &right_counter)], true);
    add(
        "for %arg0 to %arg1: total body count off by one",
        &a,
        &[&exact(n, &format!("{n} + 1"), &format!("{n} + 1"), &right_counter)],
        true,
    );
    add(
        "for %arg0 to %arg1: exit %arg1",
        &a,
        &[&exact(
            n,
            &format!("{n} + 1"),
            n,
            &counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1 - 1\"]", "%arg1"),
        )],
        true,
    );
    add(
        "for %arg0 to %arg1: body range too wide for an exact loop",
        &a,
        &[&exact(
            n,
            &format!("{n} + 1"),
            n,
            &counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1\"]", "max(%arg0, %arg1)"),
        )],
        true,
    );
    add(
        "for %arg0 to %arg1: at most one less",
        &a,
        &[&format!("\"status\": \"at_most\", \"max_body_count_expr\": \"{n} - 1\", \"reason\": \"self-test\"")],
        true,
    );

    // B: scf.for %i = 0 to dim(%arg0, 0) step 3.
    let b = SymCase {
        id: 1_000_002,
        ty: idx,
        args: vec![ArgKind::Mem1],
        loops: vec![simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(0), Val::Dim { arg: 0, k: 0 }, 3)],
        arg_sets: [0u64, 1, 3, 7, 40].iter().map(|&d| vec![ArgValue::Buffer { dims: vec![d] }]).collect(),
        cf: None,
        nested: false,
    };
    let n = "dim(%arg0, 0) ceildiv 3";
    let bc = |body: &str, assumption: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"condition_count_expr\": \"{n} + 1\", \"assumptions\": [\"{assumption}\"], \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 3, \"condition_expr\": [\"0\", \"3 * ({n})\"], \"body_expr\": [\"0\", \"3 * ({n}) - 3\"], \"exit_expr\": \"3 * ({n})\"}}"
        )
    };
    add("for 0 to dim step 3: right", &b, &[&bc(n, BUFFER_ASSUMPTION)], false);
    add("for 0 to dim step 3: floordiv", &b, &[&bc("dim(%arg0, 0) floordiv 3", BUFFER_ASSUMPTION)], true);
    add("for 0 to dim step 3: an assumption the fuzzer does not know", &b, &[&bc(n, "index-below-2^31")], true);
    add("for 0 to dim step 3: malformed expression", &b, &[&bc("max(0, dim(%arg0, 0) -", BUFFER_ASSUMPTION)], true);

    // C: i8 scf.while (%x = 0) x slt %arg0, x += 2: never ends for 127.
    let c = SymCase {
        id: 1_000_003,
        ty: Ty { width: 8, index: false },
        args: vec![ArgKind::Int(8)],
        loops: vec![simple_loop(Shape::While, Val::Const(0), Val::Arg(0), 2)],
        arg_sets: scalars(8, &[5, 126, -3, 127]),
        cf: None,
        nested: false,
    };
    add("i8 while x < %arg0 step 2: unknown", &c, &["\"status\": \"unknown\", \"reason\": \"self-test\""], false);
    add(
        "i8 while x < %arg0 step 2: exact although 127 never ends",
        &c,
        &["\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0) ceildiv 2\", \"condition_count_expr\": \"max(0, %arg0) ceildiv 2 + 1\""],
        true,
    );

    // D: do-while (next = x + 1; next ult %arg0) from 0, unsigned index.
    let mut dl = simple_loop(Shape::DoWhile, Val::Const(0), Val::Arg(0), 1);
    dl.pred = Predicate::Ult;
    let d = SymCase {
        id: 1_000_004,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![dl],
        arg_sets: scalars(64, &[0, 1, 2, 9, -1]),
        cf: None,
        nested: false,
    };
    let dc = |exit: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0 - 1)\", \"condition_count_expr\": \"max(0, %arg0 - 1) + 1\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": false, \"step\": 1, \"condition_expr\": [\"0\", \"max(0, %arg0 - 1)\"], \"body_expr\": [\"0\", \"%arg0 - 2\"], \"exit_expr\": \"{exit}\"}}"
        )
    };
    add("do-while next ult %arg0: right", &d, &[&dc("max(0, %arg0 - 1)")], false);
    add("do-while next ult %arg0: exit %arg0", &d, &[&dc("%arg0")], true);

    // E: loom.for %i = 0 to %arg0 with a break at %arg1.
    let mut el = simple_loop(Shape::LoomFor, Val::Const(0), Val::Arg(0), 1);
    el.brk = Some(Val::Arg(1));
    let e = SymCase {
        id: 1_000_005,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![el],
        arg_sets: pairs(64, &[(10, 3), (10, 20), (0, 0), (5, 4), (-3, 1)]),
        cf: None,
        nested: false,
    };
    add(
        "loom.for with break: at most max(0, %arg0)",
        &e,
        &["\"status\": \"at_most\", \"max_body_count_expr\": \"max(0, %arg0)\", \"counter\": {\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition_expr\": [\"0\", \"max(0, %arg0)\"], \"body_expr\": [\"0\", \"%arg0 - 1\"], \"exit_expr\": \"max(0, %arg0)\"}"],
        false,
    );
    add(
        "loom.for with break: at most one less",
        &e,
        &["\"status\": \"at_most\", \"max_body_count_expr\": \"max(0, %arg0) - 1\""],
        true,
    );
    add(
        "loom.for with break: exact",
        &e,
        &["\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0)\", \"condition_count_expr\": \"max(0, %arg0) + 1\""],
        true,
    );

    // F: scf.for %i = 0 to %arg0 { scf.for %j = %i to %arg0 }.
    let mut inner = simple_loop(Shape::ScfFor { unsigned: false }, Val::Outer(0, 0), Val::Arg(0), 1);
    inner.parent = Some(0);
    let f = SymCase {
        id: 1_000_006,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(0), Val::Arg(0), 1), inner],
        arg_sets: scalars(64, &[0, 1, 4, 7, -2]),
        cf: None,
        nested: false,
    };
    let outer = "\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0)\", \"condition_count_expr\": \"max(0, %arg0) + 1\", \"total_body_count_expr\": \"max(0, %arg0)\"";
    let tri = "max(0, %arg0) * (max(0, %arg0) + 1) floordiv 2";
    let inner_right = format!(
        "\"status\": \"at_most\", \"max_body_count_expr\": \"max(0, %arg0)\", \"total_body_count_expr\": \"{tri}\", \"total_condition_count_expr\": \"{tri} + max(0, %arg0)\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition_expr\": [\"0\", \"max(0, %arg0)\"], \"body_expr\": [\"0\", \"%arg0 - 1\"]}}"
    );
    add("triangular nest: right", &f, &[outer, &inner_right], false);
    add(
        "triangular nest: inner total n*n/2",
        &f,
        &[outer, "\"status\": \"unknown\", \"total_body_count_expr\": \"%arg0 * %arg0 floordiv 2\""],
        true,
    );
    add(
        "triangular nest: inner exact",
        &f,
        &[outer, "\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0)\", \"condition_count_expr\": \"max(0, %arg0) + 1\""],
        true,
    );

    // G: scf.for %i = %arg0 to %arg0 + 8 (no flag) step 2, signed index.
    let g = SymCase {
        id: 1_000_007,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![simple_loop(
            Shape::ScfFor { unsigned: false },
            Val::Arg(0),
            Val::Arith { op: ArithOp::Add, a: Box::new(Val::Arg(0)), c: 8, flags: Flags::None, const_left: false },
            2,
        )],
        arg_sets: scalars(64, &[0, -3, smax - 3, smax, smin]),
        cf: None,
        nested: false,
    };
    add("for %lb to %lb + 8 step 2: at most 4", &g, &["\"status\": \"at_most\", \"max_body_count\": 4"], false);
    add(
        "for %lb to %lb + 8 step 2: exact 4 (numeric, v1 fields)",
        &g,
        &["\"status\": \"exact\", \"body_count\": 4, \"condition_count\": 5"],
        true,
    );

    // H: A's loop in the body block of a cf loop of 3 iterations (and of
    // one inside a multi-block scf.execute_region, and in a block that a
    // cf.cond_br %false never reaches): soundness issue 18's non-entry
    // blocks, where today's loom said `entries: 1`.
    let n = "max(0, %arg1 - %arg0)";
    let right_counter =
        counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1 - 1\"]", "max(%arg0, %arg1)");
    let per_call = |entries: &str, tb: &str, tc: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{n}\", \"condition_count_expr\": \"{n} + 1\", \"entries\": {entries}, \"total_body_count_expr\": \"{tb}\", \"total_condition_count_expr\": \"{tc}\", {right_counter}"
        )
    };
    for (id, form, name_right, name_wrong, name_total) in [
        (
            1_000_008,
            CfForm::Loop,
            "for in a cf loop of 3: entries 3, totals 3 * n: right",
            "for in a cf loop of 3: entries 1 (the loop counted as entered once per call)",
            "for in a cf loop of 3: total body count n (one entry's)",
        ),
        (
            1_000_009,
            CfForm::ExecRegion,
            "for in a cf loop of 3 in scf.execute_region: right",
            "for in a cf loop of 3 in scf.execute_region: entries 1",
            "for in a cf loop of 3 in scf.execute_region: total body count n",
        ),
    ] {
        let h = SymCase { id, cf: Some((form, 3)), ..a.clone() };
        let (t3b, t3c) = (format!("3 * ({n})"), format!("3 * ({n} + 1)"));
        add(name_right, &h, &[&per_call("3", &t3b, &t3c)], false);
        add(name_wrong, &h, &[&per_call("1", &t3b, &t3c)], true);
        add(name_total, &h, &[&per_call("3", n, &t3c)], true);
    }
    let z = SymCase { id: 1_000_010, cf: Some((CfForm::Cond, 0)), ..a.clone() };
    add(
        "for in a block cf.cond_br %false never reaches: entries 0, totals 0: right",
        &z,
        &[&per_call("0", "0", "0")],
        false,
    );
    add("for in a block cf.cond_br %false never reaches: entries 1", &z, &[&per_call("1", "0", "0")], true);
    add(
        "for in a block cf.cond_br %false never reaches: total body count n",
        &z,
        &[&per_call("0", n, &format!("{n} + 1"))],
        true,
    );

    // P: scf.parallel (%i, %j) = (0, %arg0) to (%arg1, %arg1) step (1, 2)
    // { scf.for %k = 0 to 3 }: issue 19's counts per dimension, as the nest
    // it lowers to.
    let dyn_dim = |lb: Val, ub: Val, step: u128| ParDim {
        lb,
        ub,
        step: Val::Const(step),
        static_lb: false,
        static_ub: false,
        static_step: false,
    };
    let mut par = simple_loop(Shape::Parallel { kind: ParKind::Parallel }, Val::Const(0), Val::Const(0), 1);
    par.dims = vec![dyn_dim(Val::Const(0), Val::Arg(1), 1), dyn_dim(Val::Arg(0), Val::Arg(1), 2)];
    let mut k3 = simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(0), Val::Const(3), 1);
    k3.parent = Some(0);
    let p = SymCase {
        id: 1_000_011,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![par, k3],
        arg_sets: pairs(64, &[(0, 5), (3, 10), (0, 6), (-5, -1), (10, 3)]),
        cf: None,
        nested: false,
    };
    let (c0, c1) = ("max(0, %arg1)", "max(0, %arg1 - %arg0) ceildiv 2");
    let pbody = format!("{c0} * ({c1})");
    let dim = |body: &str, cond: &str, step: u128, crange: [&str; 2], brange: [&str; 2], exit: &str| {
        format!(
            "{{\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"condition_count_expr\": \"{cond}\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": {step}, \"condition_expr\": [\"{}\", \"{}\"], \"body_expr\": [\"{}\", \"{}\"], \"exit_expr\": \"{exit}\"}}}}",
            crange[0], crange[1], brange[0], brange[1]
        )
    };
    let d0 = dim(c0, &format!("{c0} + 1"), 1, ["0", c0], ["0", "%arg1 - 1"], c0);
    let last1 = format!("%arg0 + 2 * ({c1})");
    let d1_with = |body: &str, brange: [&str; 2], exit: &str| {
        dim(body, &format!("{body} + 1"), 2, ["%arg0", &last1], brange, exit)
    };
    let d1 = d1_with(c1, ["%arg0", &format!("{last1} - 2")], &last1);
    let ptop = |body: &str, extra: &str, dims: &[&str]| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"entries\": 1, \"total_body_count_expr\": \"{body}\", {extra}\"dims\": [{}]",
            dims.join(", ")
        )
    };
    let inner = |entries: &str| {
        format!(
            "\"status\": \"exact\", \"body_count\": 3, \"condition_count\": 4, \"entries_expr\": \"{entries}\", \"total_body_count_expr\": \"3 * ({pbody})\", \"total_condition_count_expr\": \"4 * ({pbody})\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition\": [0, 3], \"body\": [0, 2], \"exit\": 3}}"
        )
    };
    let right_inner = inner(&pbody);
    add("scf.parallel around a loop: right", &p, &[&ptop(&pbody, "", &[&d0, &d1]), &right_inner], false);
    add(
        "scf.parallel: body count without max(0, ...) on dimension 0",
        &p,
        &[&ptop(&format!("%arg1 * ({c1})"), "", &[&d0, &d1]), &right_inner],
        true,
    );
    let floor1 = "max(0, %arg1 - %arg0) floordiv 2";
    add(
        "scf.parallel: dims[1] count floordiv 2",
        &p,
        &[&ptop(&pbody, "", &[&d0, &d1_with(floor1, ["%arg0", &format!("{last1} - 2")], &last1)]), &right_inner],
        true,
    );
    add(
        "scf.parallel: dims[1] body range up to %arg1 - 1",
        &p,
        &[&ptop(&pbody, "", &[&d0, &d1_with(c1, ["%arg0", "%arg1 - 1"], &last1)]), &right_inner],
        true,
    );
    let d0_from1 = dim(c0, &format!("{c0} + 1"), 1, ["0", c0], ["1", "%arg1 - 1"], c0);
    add("scf.parallel: dims[0] body range from 1", &p, &[&ptop(&pbody, "", &[&d0_from1, &d1]), &right_inner], true);
    add(
        "scf.parallel: dims[1] exit %arg1",
        &p,
        &[&ptop(&pbody, "", &[&d0, &d1_with(c1, ["%arg0", &format!("{last1} - 2")], "%arg1")]), &right_inner],
        true,
    );
    add(
        "scf.parallel with a condition count",
        &p,
        &[&ptop(&pbody, &format!("\"condition_count_expr\": \"{pbody} + 1\", "), &[&d0, &d1]), &right_inner],
        true,
    );
    add(
        "scf.parallel with a counter",
        &p,
        &[
            &ptop(
                &pbody,
                "\"counter\": {\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1}, ",
                &[&d0, &d1],
            ),
            &right_inner,
        ],
        true,
    );
    add(
        "scf.parallel: one dims entry for two induction variables",
        &p,
        &[&ptop(&pbody, "", &[&d0]), &right_inner],
        true,
    );
    add("loop inside scf.parallel: entries 1", &p, &[&ptop(&pbody, "", &[&d0, &d1]), &inner("1")], true);

    // Q: scf.forall (%i, %j) in (%arg0, 4).
    let static_dim = |ub: Val, static_ub: bool| ParDim {
        lb: Val::Const(0),
        ub,
        step: Val::Const(1),
        static_lb: true,
        static_ub,
        static_step: true,
    };
    let mut fa = simple_loop(Shape::Parallel { kind: ParKind::ForallIn }, Val::Const(0), Val::Const(0), 1);
    fa.dims = vec![static_dim(Val::Arg(0), false), static_dim(Val::Const(4), true)];
    let q = SymCase {
        id: 1_000_012,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![fa],
        arg_sets: scalars(64, &[0, 3, -2, 7]),
        cf: None,
        nested: false,
    };
    let n0 = "max(0, %arg0)";
    let q0 = dim(n0, &format!("{n0} + 1"), 1, ["0", n0], ["0", &format!("{n0} - 1")], n0);
    let q1 = |cond: u32, body_hi: u32| {
        format!(
            "{{\"status\": \"exact\", \"body_count\": 4, \"condition_count\": {cond}, \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition\": [0, 4], \"body\": [0, {body_hi}], \"exit\": 4}}}}"
        )
    };
    let qb = format!("4 * {n0}");
    add("scf.forall in (%arg0, 4): right", &q, &[&ptop(&qb, "", &[&q0, &q1(5, 3)])], false);
    add("scf.forall in (%arg0, 4): dims[1] condition count 4", &q, &[&ptop(&qb, "", &[&q0, &q1(4, 3)])], true);
    add("scf.forall in (%arg0, 4): dims[1] body range [0, 4]", &q, &[&ptop(&qb, "", &[&q0, &q1(5, 4)])], true);
    add("scf.forall in (%arg0, 4): body count 4 * %arg0", &q, &[&ptop("4 * %arg0", "", &[&q0, &q1(5, 3)])], true);

    // R: upstream's tiling (scf-parallel-loop-tiling): scf.parallel (%i,
    // %j) = (0, 0) to (%arg0, %arg1) step (4, 3) { scf.forall (%ii, %jj)
    // in (affine.min(4, %arg0 - %i), affine.min(3, %arg1 - %j)) }: each
    // inner dimension's count varies with the outer induction variables,
    // and its claims must hold on every entry of the inner op.
    let tile =
        |c: u128, n: usize, k: usize| Val::AffineMin { c, n: Box::new(Val::Arg(n)), iv: Box::new(Val::Outer(0, k)) };
    let mut tiles = simple_loop(Shape::Parallel { kind: ParKind::Parallel }, Val::Const(0), Val::Const(0), 1);
    tiles.dims = vec![dyn_dim(Val::Const(0), Val::Arg(0), 4), dyn_dim(Val::Const(0), Val::Arg(1), 3)];
    let mut in_tile = simple_loop(Shape::Parallel { kind: ParKind::ForallIn }, Val::Const(0), Val::Const(0), 1);
    in_tile.parent = Some(0);
    in_tile.dims = vec![static_dim(tile(4, 0, 0), false), static_dim(tile(3, 1, 1), false)];
    let r = SymCase {
        id: 1_000_013,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![tiles, in_tile],
        arg_sets: pairs(64, &[(10, 7), (8, 6), (0, 5), (3, 3), (-2, 4)]),
        cf: None,
        nested: false,
    };
    let unknown = "\"status\": \"unknown\", \"reason\": \"self-test\"";
    let tdim = |max: u32, body_hi: u32| {
        format!(
            "{{\"status\": \"at_most\", \"max_body_count\": {max}, \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition\": [0, {}], \"body\": [0, {body_hi}]}}}}",
            body_hi + 1
        )
    };
    let at_most = |max: u32, dims: &[String]| {
        format!("\"status\": \"at_most\", \"max_body_count\": {max}, \"dims\": [{}]", dims.join(", "))
    };
    let entries = "max(0, %arg0 ceildiv 4) * max(0, %arg1 ceildiv 3)";
    let exact_in = |entries: &str, d0: &str| {
        format!("\"status\": \"exact\", \"entries_expr\": \"{entries}\", \"dims\": [{d0}, {{\"status\": \"exact\"}}]")
    };
    add("tiled parallel nest: right", &r, &[unknown, &at_most(12, &[tdim(4, 3), tdim(3, 2)])], false);
    add(
        "tiled parallel nest: inner exact, counts not expressible: right",
        &r,
        &[unknown, &exact_in(entries, "{\"status\": \"exact\"}")],
        false,
    );
    add(
        "tiled parallel nest: inner dims[0] count 4 (every tile full)",
        &r,
        &[unknown, &exact_in(entries, "{\"status\": \"exact\", \"body_count\": 4, \"condition_count\": 5}")],
        true,
    );
    add(
        "tiled parallel nest: inner dims[1] body range [0, 1]",
        &r,
        &[unknown, &at_most(12, &[tdim(4, 3), tdim(3, 1)])],
        true,
    );
    add("tiled parallel nest: inner dims[1] at most 2", &r, &[unknown, &at_most(12, &[tdim(4, 3), tdim(2, 2)])], true);
    add("tiled parallel nest: inner entered once", &r, &[unknown, &exact_in("1", "{\"status\": \"exact\"}")], true);

    // S: in the nested 32-bit module, scf.parallel (%i) = (%arg0) to
    // (%arg0 + 9) step (3): the bound wraps at 32 bits for %arg0 near
    // 2^31 - 1 (no iteration) where at 64 bits it would not.
    let plus9 = Val::Arith { op: ArithOp::Add, a: Box::new(Val::Arg(0)), c: 9, flags: Flags::None, const_left: false };
    let mut wrap = simple_loop(Shape::Parallel { kind: ParKind::Parallel }, Val::Const(0), Val::Const(0), 1);
    wrap.dims = vec![dyn_dim(Val::Arg(0), plus9, 3)];
    let s32 = SymCase {
        id: 1_000_014,
        ty: Ty { width: 32, index: true },
        args: vec![ArgKind::Index32],
        loops: vec![wrap],
        arg_sets: scalars(32, &[0, 2147483637, 2147483640, -5]),
        cf: None,
        nested: true,
    };
    add(
        "32-bit scf.parallel %arg0 to %arg0 + 9 step 3: at most 3",
        &s32,
        &["\"status\": \"at_most\", \"max_body_count\": 3"],
        false,
    );
    add(
        "32-bit scf.parallel %arg0 to %arg0 + 9 step 3: exact 3, as at 64 bits",
        &s32,
        &["\"status\": \"exact\", \"body_count\": 3, \"dims\": [{\"status\": \"exact\", \"body_count\": 3, \"condition_count\": 4}]"],
        true,
    );
    out
}

/// Checks a scenario's claims against `runs`; the contradictions found.
pub fn check_scenario(s: &Scenario, runs: &[Run]) -> Result<SymTally, String> {
    let mut objs = Vec::new();
    for l in &s.loops {
        objs.push(Json::parse(l).map_err(|e| format!("scenario '{}': {e}\n{l}", s.name))?);
    }
    let refs: Vec<&Json> = objs.iter().collect();
    let mut tally = SymTally::default();
    check_case(&s.case, &refs, runs, &mut tally);
    Ok(tally)
}

/// Runs every scenario with executed truths; a line per scenario, and
/// whether every wrong one was caught and no right one was.
pub fn self_test(tools: &Tools, dir: &Path) -> Result<(Vec<String>, bool), String> {
    let all = scenarios();
    let mut cases: Vec<SymCase> = Vec::new();
    for s in &all {
        if !cases.iter().any(|c| c.id == s.case.id) {
            cases.push(s.case.clone());
        }
    }
    let mut tally = SymTally::default();
    let truth = truths(tools, dir, "self-test", &cases, &mut tally)?;
    // The unlisted-assumption check, planted on loom's own reports (with
    // and without the assumptions) of the first generated cases.
    let nests: Vec<SymCase> = (0..40).map(generate).collect();
    let text = report(tools, dir, "self-test-nests", &nests)?;
    let off = crate::assumption_diff::report_without_assumptions(
        &tools.loom_opt,
        &dir.join("plain-self-test-nests.mlir"),
        &dir.join("report-self-test-nests-off.json"),
        "",
    )?;
    let parse =
        |t: &str| loom::analysis::Report::from_json(t).map_err(|e| format!("report does not follow the schema: {e}"));
    let (diff_line, diff_ok) = crate::assumption_diff::self_test(&parse(&text)?, &parse(&off)?, "symbolic");
    let mut lines = vec![diff_line];
    let mut ok = tally.model_mismatches == 0 && diff_ok;
    lines.extend(tally.failures.iter().cloned());
    let (mut wrong, mut caught, mut right, mut right_flagged) = (0, 0, 0, 0);
    for s in &all {
        let i = cases.iter().position(|c| c.id == s.case.id).expect("collected above");
        let t = check_scenario(s, &truth[i])?;
        let n = t.contradictions();
        let first = t.failures.first().map_or(String::new(), |f| format!(": {f}"));
        if s.wrong {
            wrong += 1;
            caught += (n > 0) as usize;
            ok &= n > 0;
            lines.push(format!(
                "self-test: {} [wrong claim] {}{first}",
                if n > 0 { "caught" } else { "MISSED" },
                s.name
            ));
        } else {
            right += 1;
            right_flagged += (n > 0) as usize;
            ok &= n == 0;
            lines.push(format!(
                "self-test: {} [right claim] {}{first}",
                if n == 0 { "accepted" } else { "FLAGGED" },
                s.name
            ));
        }
    }
    lines.push(format!(
        "symbolic self-test: {wrong} wrong claim sets, {caught} caught; {right} right claim sets, {right_flagged} flagged; {} runs executed",
        tally.executed
    ));
    Ok((lines, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_runs(case: &SymCase) -> Vec<Run> {
        (0..case.arg_sets.len()).map(|s| simulate(case, s)).collect()
    }

    #[test]
    fn wrong_claims_are_caught_and_right_ones_accepted() {
        // The self-test's scenarios against the simulation alone (the
        // binary's --self-test runs them against execution too).
        for s in scenarios() {
            let t = check_scenario(&s, &all_runs(&s.case)).expect("scenario JSON parses");
            if s.wrong {
                assert!(t.contradictions() > 0, "wrong claims not caught: {}", s.name);
            } else {
                assert_eq!(t.contradictions(), 0, "right claims flagged: {}: {:?}", s.name, t.failures);
            }
        }
    }

    #[test]
    fn off_by_one_mutants_of_right_claims_are_caught() {
        for s in scenarios().into_iter().filter(|s| !s.wrong && s.name.starts_with("for %arg0 to %arg1")) {
            let claims: Vec<LoopClaims> =
                s.loops.iter().map(|l| LoopClaims::from_json(&Json::parse(l).expect("parses"))).collect();
            let runs = all_runs(&s.case);
            let ms = mutants(&claims);
            assert!(ms.len() >= 8, "{} mutants", ms.len());
            for (kind, m) in ms {
                let mut t = SymTally::default();
                check_claims(&s.case, &m, &runs, &mut t);
                assert!(t.contradictions() > 0, "{kind} mutant of '{}' not caught", s.name);
            }
        }
    }

    #[test]
    fn simulator_worked_cases() {
        let sc = scenarios();
        // scf.for 0 to dim step 3 with dim 7: bodies at 0, 3, 6; exit 9.
        let b = &sc.iter().find(|s| s.case.id == 1_000_002).expect("scenario B").case;
        let r = simulate(b, 3);
        assert_eq!(r.outcome, Outcome::Complete);
        let at = |k: usize| r.record[k];
        assert_eq!((at(slot::TOT_BODY), at(slot::TOT_COND)), (3, 4));
        assert_eq!((at(slot::BODY), at(slot::BODY + 1)), (0, 6));
        assert_eq!((at(slot::COND), at(slot::COND + 1)), (0, 9));
        assert_eq!((at(slot::EXIT), at(slot::EXIT + 1), at(slot::NORMAL)), (9, 9, 1));
        // i8 while x < 127 step 2 never ends.
        let c = &sc.iter().find(|s| s.case.id == 1_000_003).expect("scenario C").case;
        assert_eq!(simulate(c, 3).outcome, Outcome::OutOfFuel);
        assert_eq!(simulate(c, 1).record[slot::TOT_BODY], 63);
        // A flagged bound that overflows is undefined; the same without a flag wraps.
        let mut g = sc.iter().find(|s| s.case.id == 1_000_007).expect("scenario G").case.clone();
        assert_eq!(simulate(&g, 2).outcome, Outcome::Complete);
        assert_eq!(simulate(&g, 2).record[slot::TOT_BODY], 0);
        if let Val::Arith { flags, .. } = &mut g.loops[0].bound {
            *flags = Flags::Nsw;
        }
        assert!(matches!(simulate(&g, 2).outcome, Outcome::Undefined(_)));
        // An scf.for whose last increment overflows is undefined, within
        // the fuel or beyond it.
        let mut f = g.clone();
        f.ty = Ty { width: 8, index: false };
        f.args = vec![ArgKind::Int(8)];
        f.loops[0] = simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(120), Val::Arg(0), 5);
        f.arg_sets = scalars(8, &[127, 125]);
        assert!(matches!(simulate(&f, 0).outcome, Outcome::Undefined(_)));
        assert_eq!(simulate(&f, 1).outcome, Outcome::Complete);
        let frame = Frame { iv: 0, ub: i64::MAX as u128, step: 3, signed: true, brk: None };
        assert!(will_overflow(&frame, 64));
        assert!(!will_overflow(&Frame { brk: Some(9), ..frame }, 64));
        assert!(!will_overflow(&Frame { ub: i64::MAX as u128 - 1, ..frame }, 64));
    }

    #[test]
    fn parallel_simulation_and_checks() {
        let sc = scenarios();
        let p = &sc.iter().find(|s| s.case.id == 1_000_011).expect("scenario P").case;
        // (0, 5): 5 x 3 bodies, the inner loop entered once per body.
        let r = simulate(p, 0);
        assert_eq!(r.outcome, Outcome::Complete);
        let at = |b: usize, k: usize| r.record[slot::PER_LOOP * b + k];
        assert_eq!((at(0, slot::ENTRIES), at(0, slot::EB_MIN), at(0, slot::EB_MAX)), (1, 15, 15));
        assert_eq!((at(1, slot::ENTRIES), at(1, slot::TOT_BODY)), (15, 45));
        let (d0, d1) = (p.dim_block(0, 0), p.dim_block(0, 1));
        assert_eq!((d0, d1), (2, 3));
        assert_eq!((at(d0, slot::DIM_LB), at(d0, slot::DIM_UB), at(d0, slot::DIM_STEP)), (0, 5, 1));
        assert_eq!((at(d0, slot::EB_MIN), at(d0, slot::BODY), at(d0, slot::BODY + 1)), (5, 0, 4));
        assert_eq!((at(d1, slot::EB_MAX), at(d1, slot::BODY), at(d1, slot::BODY + 1)), (3, 0, 4));
        // (10, 3): dimension 1 is empty; the body never runs.
        let r = simulate(p, 4);
        assert_eq!((r.outcome.clone(), r.record[slot::TOT_BODY]), (Outcome::Complete, 0));
        // A wrong dimension count is caught by the dimension's own check,
        // not only by the product.
        let s = sc.iter().find(|s| s.name == "scf.parallel: dims[1] count floordiv 2").expect("scenario");
        let t = check_scenario(s, &all_runs(&s.case)).expect("parses");
        assert!(t.failures.iter().any(|f| f.contains("claims dims[1].body_count_expr")), "{:?}", t.failures);
        // An empty last dimension after a huge first one: the nest still
        // iterates the first (beyond the fuel), and a step that is not
        // positive is undefined.
        let mut big = p.clone();
        big.loops.truncate(1);
        big.loops[0].dims[0].ub = Val::Const(i64::MAX as u128 - 8);
        big.arg_sets = pairs(64, &[(10, 3), (0, 5)]);
        assert_eq!(simulate(&big, 0).outcome, Outcome::OutOfFuel);
        big.loops[0].dims[1].step = Val::Arg(0);
        big.arg_sets = pairs(64, &[(0, 5)]);
        assert!(matches!(simulate(&big, 0).outcome, Outcome::Undefined(_)));
        // The final induction value of an entered dimension overflowing is
        // undefined; of one never entered, not.
        let mut ov = big.clone();
        ov.loops[0].dims[1] = ov.loops[0].dims[0].clone();
        ov.loops[0].dims[1].lb = Val::Const(i64::MAX as u128 - 1);
        ov.loops[0].dims[1].ub = Val::Const(i64::MAX as u128);
        ov.loops[0].dims[1].step = Val::Const(3);
        ov.loops[0].dims[0].ub = Val::Arg(1);
        ov.arg_sets = pairs(64, &[(0, 5), (0, 0)]);
        assert!(matches!(simulate(&ov, 0).outcome, Outcome::Undefined(_)));
        assert_eq!(simulate(&ov, 1).outcome, Outcome::Complete);
    }

    #[test]
    fn parallel_nest_simulation() {
        let sc = scenarios();
        let r = &sc.iter().find(|s| s.case.id == 1_000_013).expect("scenario R").case;
        // (10, 7): tiles of 4, 4 and 2 by 3, 3 and 1.
        let run = simulate(r, 0);
        assert_eq!(run.outcome, Outcome::Complete);
        let at = |b: usize, k: usize| run.record[slot::PER_LOOP * b + k];
        assert_eq!((at(0, slot::TOT_BODY), at(1, slot::ENTRIES), at(1, slot::TOT_BODY)), (9, 9, 70));
        assert_eq!((at(1, slot::EB_MIN), at(1, slot::EB_MAX)), (2, 12));
        let (d0, d1) = (r.dim_block(1, 0), r.dim_block(1, 1));
        // The inner dimension 0's loop: entered once per entry of the inner
        // op, 2 to 4 iterations; dimension 1's once per iteration of it.
        let stats = |b: usize| (at(b, slot::ENTRIES), at(b, slot::EB_MIN), at(b, slot::EB_MAX), at(b, slot::TOT_BODY));
        assert_eq!(stats(d0), (9, 2, 4, 30));
        assert_eq!(stats(d1), (30, 1, 3, 70));
        assert_eq!(
            (at(d1, slot::BODY), at(d1, slot::BODY + 1), at(d1, slot::EXIT), at(d1, slot::EXIT + 1)),
            (0, 2, 1, 3)
        );
        assert_eq!((at(d1, slot::OBS), at(d1, slot::OBS + 1), at(d1, slot::SEEN)), (0, 2, 21));
        // A wrong inner count is caught by its dimension's own check.
        let s = sc.iter().find(|s| s.name.starts_with("tiled parallel nest: inner dims[0] count 4")).expect("scenario");
        let t = check_scenario(s, &all_runs(&s.case)).expect("parses");
        assert!(
            t.failures.iter().any(|f| f.contains("claims dims[0].body_count '4' = 4; executed 2..=4")),
            "{:?}",
            t.failures
        );
        // At 32 bits, %arg0 + 9 wraps for %arg0 = 2^31 - 8: no iteration.
        let w = &sc.iter().find(|s| s.case.id == 1_000_014).expect("scenario S").case;
        assert_eq!(simulate(w, 1).record[slot::TOT_BODY], 3);
        assert_eq!(simulate(w, 2).record[slot::TOT_BODY], 0);
    }

    #[test]
    fn parallel_nests_are_generated() {
        let cases: Vec<SymCase> = (0..600).map(generate).collect();
        let is_par = |c: &SymCase, l: usize| !c.loops[l].dims.is_empty();
        let inner =
            |c: &SymCase| (0..c.loops.len()).any(|l| is_par(c, l) && c.loops[l].parent.is_some_and(|p| is_par(c, p)));
        let nests: Vec<&SymCase> = cases.iter().filter(|c| inner(c)).collect();
        assert!(nests.len() > 40, "{} nests", nests.len());
        let text: Vec<String> = nests.iter().map(|c| emit(c, false)).collect();
        assert!(text.iter().any(|t| t.contains("affine.min affine_map<(d0)[s0] -> (")));
        assert!(
            text.iter().any(|t| t.matches("affine.parallel").count() == 2 && t.contains("to (min(")),
            "no affine.parallel nest"
        );
        for kind in [ParKind::Parallel, ParKind::ForallIn, ParKind::ForallRange] {
            assert!(nests.iter().any(|c| c
                .loops
                .iter()
                .skip(1)
                .any(|d| d.shape == Shape::Parallel { kind } && d.parent == Some(0))));
        }
        assert!(nests.iter().any(|c| c.loops[1].dims.iter().any(|p| tile_dim(c, p) == Some(true))));
        // Parallel cases in the 32-bit module, some near its limits.
        let par32: Vec<&SymCase> = cases.iter().filter(|c| c.nested && c.has_parallel()).collect();
        assert!(par32.len() > 20, "{} 32-bit parallel cases", par32.len());
        let near = |v: &Val| matches!(v, Val::Const(c) if (2147483647 - 12..=2147483647).contains(c));
        assert!(par32.iter().any(|c| c.loops.iter().any(|d| d.dims.iter().any(|p| near(&p.lb) || near(&p.ub)))));
    }

    #[test]
    fn parallel_cases_are_generated() {
        let cases: Vec<SymCase> = (0..300).map(generate).collect();
        let par: Vec<&SymCase> = cases.iter().filter(|c| c.has_parallel()).collect();
        assert!(par.len() > 20, "{} parallel cases", par.len());
        for c in &par {
            assert!(c.ty.index);
            for d in c.loops.iter().filter(|d| !d.dims.is_empty()) {
                assert!((1..=3).contains(&d.dims.len()));
                let text = emit(c, false);
                assert!(
                    text.contains("scf.parallel") || text.contains("scf.forall") || text.contains("affine.parallel"),
                    "{text}"
                );
            }
        }
        assert!(par.iter().any(|c| c.loops.iter().any(|d| d.shape == Shape::Parallel { kind: ParKind::ForallIn })));
        assert!(par.iter().any(|c| c.loops.iter().any(|d| d.shape == Shape::Parallel { kind: ParKind::ForallRange })));
        assert!(par
            .iter()
            .any(|c| c.loops.iter().any(|d| d.shape == Shape::Parallel { kind: ParKind::AffineParallel })));
    }

    #[test]
    fn generation_is_deterministic_and_well_formed() {
        for seed in 0..200 {
            let (a, b) = (generate(seed), generate(seed));
            assert_eq!(emit(&a, false), emit(&b, false));
            assert_eq!(a.arg_sets, b.arg_sets);
            assert_eq!(a.arg_sets.len(), ARG_SETS);
            for set in &a.arg_sets {
                assert_eq!(set.len(), a.args.len());
            }
            for text in [emit(&a, false), emit(&a, true)] {
                assert!(text.starts_with(&format!("func.func @s{seed}(")));
                assert_eq!(text.matches('{').count(), text.matches('}').count(), "{text}");
            }
            for (l, d) in a.loops.iter().enumerate() {
                assert!(d.parent.is_none_or(|p| p < l), "loops are in pre-order");
            }
        }
    }

    #[test]
    fn json_reader() {
        let j = Json::parse(
            r#"{"a": [1, -2, 340282366920938463463374607431768211455], "s": "x\"y\n\u0041", "t": true, "n": null, "o": {}}"#,
        )
        .expect("parses");
        assert_eq!(j.get("a").and_then(Json::as_arr).map(<[Json]>::len), Some(3));
        assert_eq!(j.get("s").and_then(Json::as_str), Some("x\"y\nA"));
        assert_eq!(j.get("t"), Some(&Json::Bool(true)));
        assert_eq!(j.get("n"), Some(&Json::Null));
        assert_eq!(j.get("o"), Some(&Json::Obj(Vec::new())));
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"x", "[1] 2", "{\"a\": tru}"] {
            assert!(Json::parse(bad).is_err(), "'{bad}' must not parse");
        }
        let c = LoopClaims::from_json(
            &Json::parse(r#"{"op": "scf.for", "status": "exact", "body_count": 3, "body_count_expr": "%arg0", "counter": {"signed": false, "condition": [0, 3], "condition_expr": ["0", "%arg0"], "exit_expr": 7}}"#)
                .expect("parses"),
        );
        assert_eq!(c.body.len(), 2);
        assert_eq!(c.cond_range.len(), 2);
        assert_eq!(c.signed, Some(false));
        assert_eq!(c.malformed.len(), 1, "exit_expr must be a string");
    }
}
