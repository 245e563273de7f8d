//! The constant facts fuzzer's cases: what a generated loop is made of.
//!
//! A [`Case`] is one function holding one loop of a [`Kind`] (`scf.while`
//! header-tested or do-while, counted `loom.loop`, `scf.for`, `loom.for`)
//! over a counter type ([`Ty`]), with loop-carried values and the
//! expressions of their next values ([`Expr`]; decoys among them), memory
//! accesses at `value + constant` under
//! optional guards ([`Access`], [`Guard`]), an optional enclosing
//! `scf.for`, and where it sits ([`OuterForm`], the module's index width).
//! Every construct has one MLIR form (see `emit`) and one meaning (see
//! `simulate`); constants are stored as `width`-bit patterns.

use crate::int::Predicate;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    pub width: u32,
    pub index: bool,
}

impl Ty {
    pub fn name(self) -> String {
        if self.index {
            "index".into()
        } else {
            format!("i{}", self.width)
        }
    }
}

/// How `x + c` is written.
#[derive(Clone, Copy, Debug)]
pub enum AddForm {
    AddR,
    AddL,
    Sub,
    IndexAdd,
    IndexSub,
    /// The constant comes from an i8 through `arith.extsi`/`index_cast`.
    CastConst,
    /// `(x + c1) + (c - c1)`.
    Chain(u128),
    /// `x` itself (only when c = 0).
    Same,
}

/// A value computed from the loop-carried values: `src + c`, or a decoy.
#[derive(Clone, Debug)]
pub enum Expr {
    Add {
        src: usize,
        c: u128,
        form: AddForm,
    },
    Const(u128),
    /// `select(src <slt> k, src + c1, src + c2)`.
    Select {
        src: usize,
        k: u128,
        c1: u128,
        c2: u128,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// scf.while before region / counted loom.loop before its guard.
    Condition,
    /// scf.while after region / loom.loop after its guard / for body.
    Body,
}

#[derive(Clone, Copy, Debug)]
pub enum AccessOp {
    Load,
    Store,
    VectorLoad(u64),
    /// 2-D `memref<d0 x d1>`; the other index is a constant in range.
    Store2D {
        dim: usize,
        other: u64,
        other_size: u64,
    },
}

#[derive(Clone, Debug)]
pub struct Guard {
    pub pred: Predicate,
    /// Compares the index value (else the source value in the loop type).
    pub on_index: bool,
    pub c: u128,
    pub in_then: bool,
}

#[derive(Clone, Debug)]
pub struct Access {
    pub place: Place,
    /// Loop-carried value (scf.while: the after-region argument in Body),
    /// the induction variable (0) of for loops, or `usize::MAX`: the
    /// enclosing scf.for's induction variable.
    pub src: usize,
    pub c: u128,
    pub sext: bool,
    pub op: AccessOp,
    pub size: u64,
    pub guard: Option<Guard>,
}

#[derive(Clone, Debug)]
pub enum Kind {
    /// scf.while; `forward[p] = arg[perm[p]] + fo[p]`.
    While {
        perm: Vec<usize>,
        fo: Vec<u128>,
    },
    /// Counted loom.loop (guard breaks when the negated predicate holds).
    LoomLoop {
        guard_form: u8,
    },
    ScfFor {
        unsigned: bool,
    },
    LoomFor {
        brk: Option<u128>,
    },
}

#[derive(Clone, Debug)]
pub struct Case {
    pub id: u64,
    pub ty: Ty,
    pub kind: Kind,
    /// Loop-carried initial values (for loops: lb).
    pub inits: Vec<u128>,
    /// Tested arg and the offset added before the comparison.
    pub tested: usize,
    pub offset: u128,
    pub offset_form: AddForm,
    /// Continuation predicate and counter side.
    pub pred: Predicate,
    pub counter_lhs: bool,
    pub bound: u128,
    /// Next values (while: of the after args; loom.loop: of the iter args).
    pub yields: Vec<Expr>,
    /// For loops: ub and step.
    pub ub: u128,
    pub step: u128,
    pub accesses: Vec<Access>,
    /// Enclosing scf.for trip count.
    pub outer: Option<u64>,
    pub use_index_cmp: bool,
    pub bound_inside: bool,
    /// The function's index width: its module's (64, or 32 in index32
    /// mode), or the other one when `nested`.
    pub iw: u32,
    /// The function sits in a nested module whose DLTI spec gives `index`
    /// the other width than the root's (see [`super::plain_module`]).
    pub nested: bool,
    /// How the loop (and the `outer` entries) is reached.
    pub outer_form: OuterForm,
    /// An out-of-width `loom.assume_range [lo, hi] : index` (bounds that do
    /// not fit `iw` = 32 bits as signed integers) on the index of access
    /// `.0`. It does not change what the program does; loom must reject
    /// the module or claim nothing that relies on it.
    pub oow: Option<(usize, i128, i128)>,
    /// Access `.0`'s index becomes `divsi(index + .1, .2)` (no division
    /// when `.2` is `None`), in `index` at `iw` bits: a constant that reads
    /// differently at the other width (`2^31` is `-2^31` at 32 bits;
    /// `2^32 + k` is `k`), so analysing the function at its root's width
    /// instead of its module's gives a different index.
    pub wide: Option<(usize, u128, Option<u128>)>,
}

/// How the analysed loop is entered `outer` times (`outer: None`: once,
/// from the entry block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OuterForm {
    /// An enclosing `scf.for %outer_iv = 0 to outer` (reported as a loop).
    ScfFor,
    /// A `cf` loop of `outer` iterations in the function body
    /// (`cf.br ^h` ... `cf.cond_br %go, ^body, ^exit`), the loop in `^body`.
    CfLoop,
    /// The same `cf` loop inside a multi-block `scf.execute_region`.
    ExecRegion,
    /// A block reached conditionally (`cf.cond_br %true/%false`): `outer`
    /// is 1 or 0.
    CfCond,
}

impl OuterForm {
    /// Whether the loop sits in a non-entry block.
    pub fn non_entry(self) -> bool {
        self != OuterForm::ScfFor
    }
}
