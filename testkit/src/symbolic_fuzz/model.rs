//! The symbolic fuzzer's cases: what a generated function is made of.
//!
//! A [`SymCase`] is one `func.func @s<seed>` over one counter type: its
//! arguments ([`ArgKind`]), its loops in pre-order ([`LoopDesc`]: a loop's
//! children follow it, `parent` always names an earlier loop), each of a
//! [`Shape`] with bounds that are loop-invariant values ([`Val`]) of the
//! counter type, and its argument sets. A parallel loop's dimensions
//! ([`ParDim`]) use no enclosing loop's counter, except the inner loop of
//! a parallel nest, whose bounds read the outer loop's induction
//! variables. Every construct here has one MLIR form (see `emit`) and one
//! meaning (see `simulate`); the record layout a case needs follows from
//! it ([`SymCase::blocks`], [`SymCase::dim_block`]); [`fmt_args`] and
//! `op_name` say how a case's arguments and loops read in messages.

use crate::expr::ArgValue;
use crate::facts_fuzz::Ty;
use crate::int::{mask, to_signed, Predicate};

use super::slot;

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
    pub(super) fn width(self) -> u32 {
        match self {
            ArgKind::Int(w) => w,
            ArgKind::Index32 => 32,
            _ => 64,
        }
    }
    pub(super) fn rank(self) -> usize {
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
    pub(super) fn is_for(self) -> bool {
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
    /// cases are simulated at 32 bits and executed at 32 bits in a
    /// top-level module of their own width (see `harness::execute`).
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
    pub(super) fn children(&self, parent: Option<usize>) -> Vec<usize> {
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
    pub(super) fn iv_slot(&self, l: usize, k: usize) -> usize {
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
pub(super) fn swapped(p: Predicate) -> Predicate {
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

pub(super) fn op_name(shape: Shape) -> &'static str {
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

/// A loop of `shape` from `init` to `bound` by `step`, `slt`, with the counter
/// on the left, no break, no dimensions.
pub(super) fn simple_loop(shape: Shape, init: Val, bound: Val, step: u128) -> LoopDesc {
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
