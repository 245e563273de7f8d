//! Differential check of the loop facts against execution.
//!
//! A generator of random small loops (`scf.while` header-tested and
//! do-while, counted `loom.loop`, `scf.for` signed/unsigned, `loom.for` with
//! and without an early break), with counters of every width from i1 to
//! i64 and `index`, all eight ordered predicates, the counter on either
//! side, increasing and decreasing steps written with `arith`/`index` ops
//! (constants through casts too), initial values and bounds near the
//! type's limits, decoys (a second or third loop-carried value, forwarded in
//! a permuted position, a yield fed from the wrong value or through an
//! `arith.select`, a condition testing a value other than the counter), an
//! optional enclosing `scf.for` (entries) and random memory accesses at
//! `value + constant` (optionally under an `scf.if` that compares the index
//! or the counter with a constant, signed or unsigned).
//!
//! Each case is emitted twice from one description: *plain* (the loop and
//! its accesses as written, which `loom-report` analyses) and
//! *instrumented* (the same control flow, plus stores into a record array:
//! condition and body executions, the min/max of every loop-carried value
//! in both orders as the condition region and the body observe it, the
//! value on the false edge; each access replaced by a runtime bounds check
//! that counts violations instead of touching memory). Instrumentation adds
//! no op with regions and never touches the loop's own values, so the
//! executed loop is the analysed one.
//!
//! A simulator (this file, wrapping `w`-bit arithmetic) runs each case with
//! a fuel of [`FUEL`] iterations per entry. Cases that end within the fuel
//! (and, for `scf.for`/`loom.for`, without overflowing the induction
//! variable, which is undefined behaviour there) are executed through
//! `loom-lower-to-llvm` + `mlir-runner`; the execution's record must equal
//! the simulator's (a check of the simulator itself), and the report is
//! compared with the execution: every `exact` count, range and exit must
//! match, every `at_most` must be ≥ the observed count, every `proven`
//! access must have no violation. Cases that do not end within the fuel are
//! not executed (wrapping loops are generated on purpose; the analysis must
//! call them unknown) but their claims are still checked: an exact or
//! at-most count within the fuel is contradicted by the simulation, and a
//! larger exact count is checked against a longer simulation when it is at
//! most [`LONG_FUEL`]. In `index32` mode (module with
//! `#dlti.dl_spec<index = 32 : i64>`, which `mlir-runner` on a 64-bit host
//! cannot execute faithfully) the counters are `index` and the report is
//! compared with the 32-bit simulation only.
//!
//! **Context shapes**, where a loop's facts depend on where it sits
//! (drawn from a second random stream, so that leaving them out changes
//! nothing else in a case; off with `--without-context-shapes`): a fifth
//! of the cases sit in a nested
//! `module` / `gpu.module` whose DLTI spec gives `index` the other width
//! (`nested`: a 32-bit device module in the 64-bit root, or a 64-bit module
//! in a root made 32-bit by `loom-report{index-bitwidth=32}`, since a root
//! spec beside a nested one crashes MLIR 22's DataLayout verifier), and
//! half of those index an access with `divsi(idx + 2^31, 2^29)` or `idx +
//! 2^32 + k` (`wide`), constants that read differently at the other width;
//! each case is simulated at its own module's width and executed when that
//! is 64. A third of the cases reach their loop from a non-entry block
//! ([`OuterForm`]: a `cf` loop of 0 to 3 iterations, one inside a
//! multi-block `scf.execute_region`, a block `cf.cond_br` reaches or not),
//! and every loop's `entries` and totals are checked per call. A third of
//! the 32-bit cases with accesses wrap one index in `loom.assume_range`
//! with bounds that do not fit 32 bits as signed integers (`oow`); such a
//! function is analysed in a module of its own, and loom-opt rejecting it
//! with a located diagnostic counts as a non-claim (a crash or an
//! unlocated failure is a tool error); otherwise its claims are checked
//! against the simulation like any other (the assumption holds for no
//! value, so it excuses nothing). Every input is also analysed with every
//! assumption option off ([`crate::assumption_diff`]): a claim that
//! changes must list an assumption.
//!
//! The report is read through loom's public schema
//! ([`loom::analysis::Report`], the contract other tools read), so a report
//! that does not parse as that schema fails the run. The simulator's
//! integer readings and predicates are the testkit's own ([`crate::int`]),
//! independent of the analyses under test.

use loom::analysis::{AccessReport, AccessStatus, LoopReport, LoopStatus};

use crate::int::{in_order, mask, to_signed, Predicate};
use crate::rng::Rng;

/// Iterations per loop entry that a case may run to be executed.
pub const FUEL: u64 = 1 << 16;
/// Longest simulation used to check a large exact count.
pub const LONG_FUEL: u64 = 1 << 22;

const SLOTS_PER_ARG: usize = 9;

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

/// One of the eight ordered predicates, uniformly.
fn ordered_predicate(rng: &mut Rng) -> Predicate {
    Predicate::ORDERED[rng.below(8) as usize]
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
    /// the other width than the root's (see [`plain_module`]).
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

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

fn interesting(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let smax = m >> 1;
    let smin = smax + 1;
    let base = match rng.below(9) {
        0 => 0,
        1 => smax,
        2 => smin,
        3 => m,
        4 => 1,
        5 => rng.next_u64() as u128,
        _ => rng.below(12) as u128,
    };
    let delta = rng.range_i64(-6, 6) as i128;
    ((base as i128).wrapping_add(delta) as u128) & m
}

fn step_value(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let s: i128 = match rng.below(8) {
        0 | 1 => 1,
        2 => -1,
        3 => rng.range_i64(-5, 5) as i128,
        4 => 1i128 << (w - 1),
        5 => rng.next_u64() as i128,
        _ => rng.range_i64(-300, 300) as i128,
    };
    (s as u128) & m
}

fn add_form(rng: &mut Rng, ty: Ty, c: u128) -> AddForm {
    let n = if ty.index { 7 } else { 5 };
    match rng.below(n) {
        0 if c == 0 => AddForm::Same,
        0 | 1 => AddForm::AddR,
        2 => AddForm::AddL,
        3 => AddForm::Sub,
        4 if ty.width > 8 => AddForm::CastConst,
        4 => AddForm::Chain(interesting(rng, ty.width)),
        5 => AddForm::IndexAdd,
        _ => AddForm::IndexSub,
    }
}

/// The case of `id` for a root module of 64-bit `index` (or 32 with
/// `index32`). The context shapes (a nested module of the other index
/// width, loops in non-entry blocks, out-of-width assumptions) are drawn
/// from a second stream, so that leaving them out changes nothing else in a
/// case.
pub fn generate(id: u64, index32: bool) -> Case {
    let mut extra = Rng::new(id.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x1857);
    if !crate::context_shapes() {
        return generate_base(id, index32);
    }
    let nested = extra.below(5) == 0;
    let mut case = generate_base(id, index32 != nested);
    case.nested = nested;
    if extra.below(3) == 0 {
        let form = [OuterForm::CfLoop, OuterForm::ExecRegion, OuterForm::CfCond][extra.below(3) as usize];
        // Accesses at the enclosing counter (generated only when `outer`
        // was already set) read the cf loop's block argument instead.
        case.outer_form = form;
        case.outer = Some(if form == OuterForm::CfCond { extra.below(2) } else { extra.below(4) });
    }
    if nested && !case.accesses.is_empty() && extra.below(2) == 0 {
        let i = extra.below(case.accesses.len() as u64) as usize;
        let (c, d) = match (case.iw, extra.below(2)) {
            (32, 0) => (1u128 << 31, Some(1u128 << 29)),
            (32, _) => ((1u128 << 31) + extra.below(4) as u128, Some(1u128 << 30)),
            (_, 0) => ((1u128 << 32) + extra.below(4) as u128, None),
            _ => (1u128 << 33, Some(1u128 << 31)),
        };
        case.wide = Some((i, c, d));
    }
    if case.iw == 32 && !case.accesses.is_empty() && extra.below(3) == 0 {
        let top = (1i128 << 32) - 1;
        let half = 1i128 << 31;
        let (lo, hi) = match extra.below(3) {
            // Both ends above the signed maximum (empty once truncated).
            0 => (half + extra.below(8) as i128, top - extra.below(8) as i128),
            // Only the upper end beyond the width.
            1 => (extra.range_i64(-8, 8) as i128, half + extra.below(1 << 20) as i128),
            // Only the lower end below the signed minimum.
            _ => (-half - 1 - extra.below(1 << 20) as i128, extra.range_i64(-8, 30) as i128),
        };
        let i = extra.below(case.accesses.len() as u64) as usize;
        if extra.below(2) == 0 {
            // Past the end for small counters: a proof that trusts the
            // assumption is then visibly wrong.
            let a = &mut case.accesses[i];
            a.c = a.c.wrapping_add(a.size as u128) & mask(case.ty.width);
        }
        case.oow = Some((i, lo, hi));
    }
    case
}

fn generate_base(id: u64, index32: bool) -> Case {
    let mut rng = Rng::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5eed);
    let ty = if index32 {
        Ty { width: 32, index: true }
    } else {
        match rng.below(12) {
            0 => Ty { width: 1, index: false },
            1 => Ty { width: 2, index: false },
            2 => Ty { width: 3, index: false },
            3 => Ty { width: 5, index: false },
            4 | 5 => Ty { width: 8, index: false },
            6 => Ty { width: 16, index: false },
            7 => Ty { width: 32, index: false },
            8 => Ty { width: 64, index: false },
            _ => Ty { width: 64, index: true },
        }
    };
    let w = ty.width;
    let m = mask(w);
    let kind_pick = rng.below(10);
    let k = if kind_pick < 6 { [1, 1, 1, 2, 2, 3][rng.below(6) as usize] } else { 1 };
    let tested = rng.below(k as u64) as usize;
    let step = step_value(&mut rng, w);
    let pred = ordered_predicate(&mut rng);
    let pred = if rng.below(30) == 0 { [Predicate::Eq, Predicate::Ne][rng.below(2) as usize] } else { pred };
    let mut inits: Vec<u128> = (0..k).map(|_| interesting(&mut rng, w)).collect();
    if k > 1 && rng.below(2) == 0 {
        inits[1] = inits[0];
    }
    let mut bound = interesting(&mut rng, w);
    if rng.below(3) == 0 {
        // Near the init: few iterations, with partial last steps.
        bound = (inits[tested] as i128 + rng.range_i64(-20, 20) as i128) as u128 & m;
    }
    let dowhile = rng.below(3) == 0;
    let mut offset = if dowhile { step } else { 0 };
    let decoy = rng.below(5) == 0;
    if decoy && rng.below(3) == 0 {
        offset = interesting(&mut rng, w);
    }
    let offset_form = add_form(&mut rng, ty, offset);
    let mut case = Case {
        id,
        ty,
        kind: Kind::ScfFor { unsigned: false },
        inits,
        tested,
        offset,
        offset_form,
        pred,
        counter_lhs: rng.below(2) == 0,
        bound,
        yields: Vec::new(),
        ub: 0,
        step,
        accesses: Vec::new(),
        outer: if rng.below(5) == 0 { Some(1 + rng.below(3)) } else { None },
        use_index_cmp: ty.index && rng.below(2) == 0,
        bound_inside: rng.below(4) == 0,
        iw: if index32 { 32 } else { 64 },
        nested: false,
        outer_form: OuterForm::ScfFor,
        oow: None,
        wide: None,
    };
    let random_expr = |rng: &mut Rng, k: usize| -> Expr {
        match rng.below(6) {
            0 => Expr::Const(interesting(rng, w)),
            1 => Expr::Select {
                src: rng.below(k as u64) as usize,
                k: interesting(rng, w),
                c1: step_value(rng, w),
                c2: step_value(rng, w),
            },
            _ => {
                let c = step_value(rng, w);
                Expr::Add { src: rng.below(k as u64) as usize, c, form: add_form(rng, ty, c) }
            }
        }
    };
    if kind_pick < 8 {
        // scf.while (0..6) or counted loom.loop (6, 7).
        let is_while = kind_pick < 6;
        let (perm, fo): (Vec<usize>, Vec<u128>) = if is_while {
            let mut perm: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                perm.swap(i, j);
            }
            if decoy && rng.below(3) == 0 {
                perm[rng.below(k as u64) as usize] = rng.below(k as u64) as usize;
            }
            let fo = (0..k)
                .map(|p| {
                    if perm[p] == tested && rng.below(2) == 0 {
                        offset
                    } else if rng.below(6) == 0 {
                        step_value(&mut rng, w)
                    } else {
                        0
                    }
                })
                .collect();
            (perm, fo)
        } else {
            ((0..k).collect(), vec![0; k])
        };
        let mut yields: Vec<Expr> = (0..k).map(|_| random_expr(&mut rng, k)).collect();
        // The counter's next value: through a forwarded copy of it.
        let carrier = (0..k).find(|&p| perm[p] == tested);
        if let (Some(p), false) = (carrier, decoy && rng.below(2) == 0) {
            let c = step.wrapping_sub(fo[p]) & m;
            yields[tested] = Expr::Add { src: p, c, form: add_form(&mut rng, ty, c) };
        }
        case.yields = yields;
        case.kind = if is_while {
            Kind::While { perm, fo }
        } else {
            Kind::LoomLoop { guard_form: if rng.below(12) == 0 { 2 } else { rng.below(2) as u8 } }
        };
    } else {
        case.ub = bound;
        case.offset = 0;
        case.tested = 0;
        case.inits.truncate(1);
        if kind_pick == 8 {
            let unsigned = rng.below(2) == 0;
            case.kind = Kind::ScfFor { unsigned };
        } else {
            // loom.for: the verifier wants a positive constant step.
            if to_signed(case.step, w) <= 0 {
                case.step = 1;
            }
            let brk = (rng.below(2) == 0).then(|| (case.inits[0] as i128 + rng.range_i64(0, 6) as i128) as u128 & m);
            case.kind = Kind::LoomFor { brk };
        }
        if w == 1 {
            // No positive signed i1 step exists; keep i1 for scf.for unsigned.
            case.kind = Kind::ScfFor { unsigned: true };
            case.step = 1;
        }
    }
    // Accesses.
    let n_acc = rng.below(3) as usize;
    let carried = match case.kind {
        Kind::While { .. } | Kind::LoomLoop { .. } => k,
        _ => 1,
    };
    for _ in 0..n_acc {
        let is_for = matches!(case.kind, Kind::ScfFor { .. } | Kind::LoomFor { .. });
        let place = if is_for || rng.below(2) == 0 { Place::Body } else { Place::Condition };
        let src =
            if case.outer.is_some() && rng.below(5) == 0 { usize::MAX } else { rng.below(carried as u64) as usize };
        let c = if rng.below(2) == 0 { 0 } else { (rng.range_i64(-4, 4) as i128 as u128) & m };
        let size = 1 + rng.below(20);
        let op = match rng.below(5) {
            0 => AccessOp::Load,
            1 => AccessOp::VectorLoad(1 + rng.below(4)),
            2 => {
                let other_size = 1 + rng.below(3);
                AccessOp::Store2D { dim: rng.below(2) as usize, other: rng.below(other_size), other_size }
            }
            _ => AccessOp::Store,
        };
        let guard = (rng.below(3) == 0).then(|| Guard {
            pred: ordered_predicate(&mut rng),
            on_index: rng.below(2) == 0,
            c: if rng.below(2) == 0 { rng.below(24) as u128 } else { interesting(&mut rng, w) },
            in_then: rng.below(3) != 0,
        });
        case.accesses.push(Access { place, src, c, sext: rng.below(2) == 0, op, size, guard });
    }
    case
}

// ---------------------------------------------------------------------------
// Simulation
// ---------------------------------------------------------------------------

/// What a case does (per function call), in the record's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ran(Vec<u64>),
    /// Did not end within the fuel.
    OutOfFuel,
    /// An scf.for/loom.for overflowed its induction variable (UB).
    Undefined,
}

pub fn slots(case: &Case) -> usize {
    2 + SLOTS_PER_ARG * case.inits.len() + 2 * case.accesses.len()
}

fn initial_record(case: &Case) -> Vec<u64> {
    let mut r = vec![0u64; slots(case)];
    for i in 0..case.inits.len() {
        let b = 2 + SLOTS_PER_ARG * i;
        for (j, v) in [i64::MAX as u64, i64::MIN as u64, u64::MAX, 0].into_iter().enumerate() {
            r[b + j] = v;
            r[b + 4 + j] = v;
        }
    }
    r
}

fn sext64(v: u128, w: u32) -> u64 {
    to_signed(v, w) as i64 as u64
}

fn observe(r: &mut [u64], slot: usize, v: u128, w: u32) {
    let s = sext64(v, w) as i64;
    r[slot] = (r[slot] as i64).min(s) as u64;
    r[slot + 1] = (r[slot + 1] as i64).max(s) as u64;
    let u = v as u64;
    r[slot + 2] = r[slot + 2].min(u);
    r[slot + 3] = r[slot + 3].max(u);
}

impl Case {
    fn carried(&self) -> usize {
        self.inits.len()
    }
    fn add(&self, x: u128, c: u128) -> u128 {
        x.wrapping_add(c) & mask(self.ty.width)
    }
    fn eval(&self, e: &Expr, vals: &[u128]) -> u128 {
        let w = self.ty.width;
        match e {
            Expr::Add { src, c, .. } => self.add(vals[*src], *c),
            Expr::Const(c) => *c,
            Expr::Select { src, k, c1, c2 } => {
                let c = if Predicate::Slt.holds(vals[*src], *k, w) { *c1 } else { *c2 };
                self.add(vals[*src], c)
            }
        }
    }
    /// The index value of access `a` given its source value.
    fn index_of(&self, a: &Access, src: u128, iw: u32) -> u128 {
        let v = self.base_index_of(a, src, iw);
        match self.wide {
            Some((i, c, d)) if std::ptr::eq(a, &self.accesses[i]) => {
                let s = v.wrapping_add(c) & mask(iw);
                match d {
                    Some(d) => (to_signed(s, iw) / to_signed(d, iw)) as u128 & mask(iw),
                    None => s,
                }
            }
            _ => v,
        }
    }
    fn base_index_of(&self, a: &Access, src: u128, iw: u32) -> u128 {
        let w = if a.src == usize::MAX { iw } else { self.ty.width };
        let v = if a.src == usize::MAX { src } else { self.add(src, a.c) };
        if a.src == usize::MAX || self.ty.index {
            return v & mask(iw);
        }
        let wide = if a.sext { to_signed(v, w) as u128 } else { v };
        wide & mask(iw)
    }
    fn extent(a: &Access) -> (u64, u64) {
        match a.op {
            AccessOp::VectorLoad(v) => (a.size, v),
            _ => (a.size, 1),
        }
    }
    fn run_access(&self, r: &mut [u64], i: usize, src: u128, iw: u32) {
        let a = &self.accesses[i];
        let idx = self.index_of(a, src, iw);
        if let Some(g) = &a.guard {
            let holds = if g.on_index {
                g.pred.holds(idx, g.c & mask(iw), iw)
            } else {
                let w = if a.src == usize::MAX { iw } else { self.ty.width };
                g.pred.holds(src, g.c & mask(w), w)
            };
            if holds != g.in_then {
                return;
            }
        }
        let slot = 2 + SLOTS_PER_ARG * self.carried() + 2 * i;
        r[slot] += 1;
        let (size, extent) = Case::extent(a);
        if extent > size || idx > (size - extent) as u128 {
            r[slot + 1] += 1;
        }
    }
    fn accesses_at(&self, r: &mut [u64], place: Place, vals: &[u128], outer_iv: u128, iw: u32) {
        for i in 0..self.accesses.len() {
            let a = &self.accesses[i];
            if a.place == place {
                let src = if a.src == usize::MAX { outer_iv } else { vals[a.src] };
                self.run_access(r, i, src, iw);
            }
        }
    }
    fn tested_holds(&self, vals: &[u128]) -> bool {
        let t = self.add(vals[self.tested], self.offset);
        let w = self.ty.width;
        if self.counter_lhs {
            self.pred.holds(t, self.bound, w)
        } else {
            self.pred.holds(self.bound, t, w)
        }
    }

    /// Runs the case (all entries of the enclosing loop) with `fuel`
    /// iterations per entry.
    pub fn simulate(&self, fuel: u64) -> Outcome {
        let iw = self.iw;
        let mut r = initial_record(self);
        let w = self.ty.width;
        for entry in 0..self.outer.unwrap_or(1) {
            let outer_iv = entry as u128;
            match &self.kind {
                Kind::While { perm, fo } => {
                    let mut vals = self.inits.clone();
                    let mut n = 0u64;
                    loop {
                        if n > fuel {
                            return Outcome::OutOfFuel;
                        }
                        r[0] += 1;
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i, *v, w);
                            r[2 + SLOTS_PER_ARG * i + 8] = *v as u64;
                        }
                        self.accesses_at(&mut r, Place::Condition, &vals, outer_iv, iw);
                        let c = self.tested_holds(&vals);
                        let fwd: Vec<u128> = (0..perm.len()).map(|p| self.add(vals[perm[p]], fo[p])).collect();
                        if !c {
                            break;
                        }
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i + 4, *v, w);
                        }
                        r[1] += 1;
                        n += 1;
                        self.accesses_at(&mut r, Place::Body, &fwd, outer_iv, iw);
                        vals = self.yields.iter().map(|e| self.eval(e, &fwd)).collect();
                    }
                }
                Kind::LoomLoop { .. } => {
                    let mut vals = self.inits.clone();
                    let mut n = 0u64;
                    loop {
                        if n > fuel {
                            return Outcome::OutOfFuel;
                        }
                        r[0] += 1;
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i, *v, w);
                            r[2 + SLOTS_PER_ARG * i + 8] = *v as u64;
                        }
                        self.accesses_at(&mut r, Place::Condition, &vals, outer_iv, iw);
                        if !self.tested_holds(&vals) {
                            break;
                        }
                        r[1] += 1;
                        n += 1;
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i + 4, *v, w);
                        }
                        self.accesses_at(&mut r, Place::Body, &vals, outer_iv, iw);
                        vals = self.yields.iter().map(|e| self.eval(e, &vals)).collect();
                    }
                }
                Kind::ScfFor { .. } | Kind::LoomFor { .. } => {
                    let unsigned = matches!(self.kind, Kind::ScfFor { unsigned: true });
                    let brk = match &self.kind {
                        Kind::LoomFor { brk } => *brk,
                        _ => None,
                    };
                    let read = |v: u128| if unsigned { v as i128 } else { to_signed(v, w) };
                    let (lo_lim, hi_lim) =
                        if unsigned { (0i128, mask(w) as i128) } else { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) };
                    let mut iv = self.inits[0];
                    let mut n = 0u64;
                    while read(iv) < read(self.ub) {
                        if n > fuel {
                            return Outcome::OutOfFuel;
                        }
                        n += 1;
                        r[1] += 1;
                        observe(&mut r, 2 + 4, iv, w);
                        self.accesses_at(&mut r, Place::Body, &[iv], outer_iv, iw);
                        if brk == Some(iv) {
                            break;
                        }
                        let next = read(iv) + read(self.step);
                        if next < lo_lim || next > hi_lim {
                            return Outcome::Undefined;
                        }
                        iv = self.add(iv, self.step);
                    }
                }
            }
        }
        Outcome::Ran(r)
    }
}

// ---------------------------------------------------------------------------
// Emission
// ---------------------------------------------------------------------------

struct Emitter<'a> {
    case: &'a Case,
    out: String,
    next: usize,
    instrument: bool,
    indent: usize,
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
    fn constant(&mut self, bits: u128, ty: Ty) -> String {
        let v = self.fresh();
        if ty.width == 1 && !ty.index {
            self.line(&format!("{v} = arith.constant {}", if bits & 1 == 1 { "true" } else { "false" }));
        } else {
            self.line(&format!("{v} = arith.constant {} : {}", to_signed(bits, ty.width), ty.name()));
        }
        v
    }
    fn index_const(&mut self, bits: u128) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : index", bits as u64 as i64));
        v
    }
    fn i64_const(&mut self, x: u64) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : i64", x as i64));
        v
    }
    /// `x + c` in the case's type.
    fn add(&mut self, x: &str, c: u128, form: AddForm) -> String {
        let ty = self.case.ty;
        let w = ty.width;
        let t = ty.name();
        match form {
            AddForm::Same if c == 0 => x.to_string(),
            AddForm::AddL => {
                let k = self.constant(c, ty);
                let v = self.fresh();
                self.line(&format!("{v} = arith.addi {k}, {x} : {t}"));
                v
            }
            AddForm::Sub => {
                let k = self.constant(c.wrapping_neg() & mask(w), ty);
                let v = self.fresh();
                self.line(&format!("{v} = arith.subi {x}, {k} : {t}"));
                v
            }
            AddForm::IndexAdd | AddForm::IndexSub if ty.index => {
                let sub = matches!(form, AddForm::IndexSub);
                let bits = if sub { c.wrapping_neg() & mask(w) } else { c };
                let k = self.fresh();
                self.line(&format!("{k} = index.constant {}", to_signed(bits, w)));
                let v = self.fresh();
                self.line(&format!("{v} = index.{} {x}, {k}", if sub { "sub" } else { "add" }));
                v
            }
            AddForm::CastConst if w > 8 && (-128..=127).contains(&to_signed(c, w)) => {
                let k8 = self.fresh();
                self.line(&format!("{k8} = arith.constant {} : i8", to_signed(c, w)));
                let k = self.fresh();
                if ty.index {
                    self.line(&format!("{k} = arith.index_cast {k8} : i8 to index"));
                } else {
                    self.line(&format!("{k} = arith.extsi {k8} : i8 to {t}"));
                }
                let v = self.fresh();
                self.line(&format!("{v} = arith.addi {x}, {k} : {t}"));
                v
            }
            AddForm::Chain(c1) => {
                let y = self.add(x, c1, AddForm::AddR);
                self.add(&y, c.wrapping_sub(c1) & mask(w), AddForm::AddR)
            }
            _ => {
                let k = self.constant(c, ty);
                let v = self.fresh();
                self.line(&format!("{v} = arith.addi {x}, {k} : {t}"));
                v
            }
        }
    }
    fn expr(&mut self, e: &Expr, vals: &[String]) -> String {
        match e {
            Expr::Add { src, c, form } => self.add(&vals[*src], *c, *form),
            Expr::Const(c) => self.constant(*c, self.case.ty),
            Expr::Select { src, k, c1, c2 } => {
                let kk = self.constant(*k, self.case.ty);
                let p = self.fresh();
                self.line(&format!("{p} = arith.cmpi slt, {}, {kk} : {}", vals[*src], self.case.ty.name()));
                let a = self.add(&vals[*src], *c1, AddForm::AddR);
                let b = self.add(&vals[*src], *c2, AddForm::AddR);
                let v = self.fresh();
                self.line(&format!("{v} = arith.select {p}, {a}, {b} : {}", self.case.ty.name()));
                v
            }
        }
    }
    fn cmp(&mut self, pred: Predicate, a: &str, b: &str, ty: Ty, allow_index: bool) -> String {
        let v = self.fresh();
        if ty.index && allow_index && self.case.use_index_cmp {
            self.line(&format!("{v} = index.cmp {}({a}, {b})", pred.name()));
        } else {
            self.line(&format!("{v} = arith.cmpi {}, {a}, {b} : {}", pred.name(), ty.name()));
        }
        v
    }

    // -- instrumentation (record array %rec : memref<?xi64>) --------------
    fn slot(&mut self, s: usize) -> String {
        self.index_const(s as u128)
    }
    fn update(&mut self, s: usize, op: &str, v64: &str) {
        let i = self.slot(s);
        let o = self.fresh();
        self.line(&format!("{o} = memref.load %rec[{i}] : memref<?xi64>"));
        let n = self.fresh();
        self.line(&format!("{n} = arith.{op} {o}, {v64} : i64"));
        self.line(&format!("memref.store {n}, %rec[{i}] : memref<?xi64>"));
    }
    fn bump(&mut self, s: usize, by: Option<&str>) {
        let one = match by {
            Some(b) => b.to_string(),
            None => self.i64_const(1),
        };
        self.update(s, "addi", &one);
    }
    fn widen(&mut self, v: &str, signed: bool) -> String {
        let ty = self.case.ty;
        if ty.width == 64 && !ty.index {
            return v.to_string();
        }
        let x = self.fresh();
        if ty.index {
            let op = if signed { "index_cast" } else { "index_castui" };
            self.line(&format!("{x} = arith.{op} {v} : index to i64"));
        } else {
            let op = if signed { "extsi" } else { "extui" };
            self.line(&format!("{x} = arith.{op} {v} : {} to i64", ty.name()));
        }
        x
    }
    /// Min/max of `v` into the 4 slots at `s`; when `when` is given, only
    /// if it holds (through selects of the neutral value).
    fn observe(&mut self, s: usize, v: &str, when: Option<&str>) {
        let sv = self.widen(v, true);
        let uv = self.widen(v, false);
        for (j, (op, x, neutral)) in [
            ("minsi", &sv, i64::MAX as u64),
            ("maxsi", &sv, i64::MIN as u64),
            ("minui", &uv, u64::MAX),
            ("maxui", &uv, 0u64),
        ]
        .into_iter()
        .enumerate()
        {
            let x = match when {
                Some(c) => {
                    let n = self.i64_const(neutral);
                    let y = self.fresh();
                    self.line(&format!("{y} = arith.select {c}, {x}, {n} : i64"));
                    y
                }
                None => x.clone(),
            };
            self.update(s + j, op, &x);
        }
    }
    fn record_last(&mut self, s: usize, v: &str) {
        let x = self.widen(v, false);
        let i = self.slot(s);
        self.line(&format!("memref.store {x}, %rec[{i}] : memref<?xi64>"));
    }

    fn access(&mut self, i: usize, vals: &[String]) {
        let a = self.case.accesses[i].clone();
        let ty = self.case.ty;
        let src = if a.src == usize::MAX { "%outer_iv".to_string() } else { vals[a.src].clone() };
        let src_ty = if a.src == usize::MAX { Ty { width: self.case.iw, index: true } } else { ty };
        let oow = self.case.oow.filter(|o| o.0 == i);
        let raw_index = |e: &mut Emitter| -> String {
            if a.src == usize::MAX {
                return src.clone();
            }
            let v = e.add(&src, a.c, AddForm::AddR);
            if ty.index {
                return v;
            }
            let x = e.fresh();
            let op = if a.sext { "index_cast" } else { "index_castui" };
            e.line(&format!("{x} = arith.{op} {v} : {} to index", ty.name()));
            x
        };
        let wide = self.case.wide.filter(|w| w.0 == i);
        let make_index = |e: &mut Emitter| -> String {
            let mut x = raw_index(e);
            if let Some((_, c, d)) = wide {
                let k = e.index_const(c);
                let s = e.fresh();
                e.line(&format!("{s} = arith.addi {x}, {k} : index"));
                x = s;
                if let Some(d) = d {
                    let kd = e.index_const(d);
                    let q = e.fresh();
                    e.line(&format!("{q} = arith.divsi {x}, {kd} : index"));
                    x = q;
                }
            }
            match oow {
                Some((_, lo, hi)) => {
                    let y = e.fresh();
                    e.line(&format!("{y} = loom.assume_range {x} [{lo}, {hi}] : index"));
                    y
                }
                None => x,
            }
        };
        let mut idx = None;
        if let Some(g) = &a.guard {
            let c = if g.on_index {
                let x = make_index(self);
                idx = Some(x.clone());
                let k = self.index_const(to_signed(g.c, self.case.iw) as u128 & mask(64));
                let v = self.fresh();
                self.line(&format!("{v} = arith.cmpi {}, {x}, {k} : index", g.pred.name()));
                v
            } else {
                let k = self.constant(g.c & mask(src_ty.width), src_ty);
                self.cmp(g.pred, &src, &k, src_ty, false)
            };
            self.line(&format!("scf.if {c} {{"));
            if !g.in_then {
                self.line("} else {");
            }
            self.indent += 1;
        }
        let idx = match idx {
            Some(x) => x,
            None => make_index(self),
        };
        let (size, extent) = Case::extent(&a);
        let slot = 2 + SLOTS_PER_ARG * self.case.carried() + 2 * i;
        if self.instrument {
            self.bump(slot, None);
            let ok = if extent > size {
                let f = self.fresh();
                self.line(&format!("{f} = arith.constant false"));
                f
            } else {
                let lim = self.index_const((size - extent) as u128);
                let v = self.fresh();
                self.line(&format!("{v} = arith.cmpi ule, {idx}, {lim} : index"));
                v
            };
            let bad = self.fresh();
            self.line(&format!("{bad} = arith.cmpi eq, {ok}, %false : i1"));
            let b64 = self.fresh();
            self.line(&format!("{b64} = arith.extui {bad} : i1 to i64"));
            self.bump(slot + 1, Some(&b64));
        } else {
            let buf = format!("%buf{i}");
            match a.op {
                AccessOp::Load => {
                    let v = self.fresh();
                    self.line(&format!("{v} = memref.load {buf}[{idx}] : memref<{size}xi32>"));
                }
                AccessOp::Store => self.line(&format!("memref.store %zero, {buf}[{idx}] : memref<{size}xi32>")),
                AccessOp::VectorLoad(n) => {
                    let v = self.fresh();
                    self.line(&format!("{v} = vector.load {buf}[{idx}] : memref<{size}xi32>, vector<{n}xi32>"));
                }
                AccessOp::Store2D { dim, other, other_size } => {
                    let o = self.index_const(other as u128);
                    let (i0, i1, d0, d1) =
                        if dim == 0 { (&idx, &o, size, other_size) } else { (&o, &idx, other_size, size) };
                    self.line(&format!("memref.store %zero, {buf}[{i0}, {i1}] : memref<{d0}x{d1}xi32>"));
                }
            }
        }
        if a.guard.is_some() {
            self.indent -= 1;
            self.line("}");
        }
    }
    fn accesses(&mut self, place: Place, vals: &[String]) {
        for i in 0..self.case.accesses.len() {
            if self.case.accesses[i].place == place {
                self.access(i, vals);
            }
        }
    }

    fn tested(&mut self, vals: &[String], bound_outside: &Option<String>) -> String {
        let c = self.case;
        let t = self.add(&vals[c.tested], c.offset, c.offset_form);
        let b = match bound_outside {
            Some(b) => b.clone(),
            None => self.constant(c.bound, c.ty),
        };
        if c.counter_lhs {
            self.cmp(c.pred, &t, &b, c.ty, true)
        } else {
            self.cmp(c.pred, &b, &t, c.ty, true)
        }
    }

    fn function(&mut self) {
        let c = self.case;
        let ty = c.ty;
        let t = ty.name();
        let k = c.carried();
        if self.instrument {
            self.line(&format!("func.func @c{}(%rec: memref<?xi64>) {{", c.id));
        } else {
            self.line(&format!("func.func @c{}() {{", c.id));
        }
        self.indent += 1;
        self.line("%false = arith.constant false");
        self.line("%true = arith.constant true");
        if !self.instrument {
            self.line("%zero = arith.constant 0 : i32");
            for (i, a) in c.accesses.iter().enumerate() {
                let shape = match a.op {
                    AccessOp::Store2D { dim: 0, other_size, .. } => format!("{}x{}", a.size, other_size),
                    AccessOp::Store2D { other_size, .. } => format!("{}x{}", other_size, a.size),
                    _ => format!("{}", a.size),
                };
                self.line(&format!("%buf{i} = memref.alloca() : memref<{shape}xi32>"));
            }
        }
        let inits: Vec<String> = c.inits.iter().map(|&v| self.constant(v, ty)).collect();
        let bound = if c.bound_inside { None } else { Some(self.constant(c.bound, ty)) };
        let mut outer_next = None;
        if let Some(e) = c.outer {
            let (z, n, one) = (self.index_const(0), self.index_const(e as u128), self.index_const(1));
            match c.outer_form {
                OuterForm::ScfFor => {
                    self.line(&format!("scf.for %outer_iv = {z} to {n} step {one} {{"));
                    self.indent += 1;
                }
                OuterForm::CfCond => {
                    self.line("%outer_iv = arith.constant 0 : index");
                    let go = if e > 0 { "%true" } else { "%false" };
                    self.line(&format!("cf.cond_br {go}, ^outer_body, ^outer_exit"));
                    self.line("^outer_body:");
                }
                OuterForm::CfLoop | OuterForm::ExecRegion => {
                    if c.outer_form == OuterForm::ExecRegion {
                        self.line("scf.execute_region {");
                        self.indent += 1;
                    }
                    self.line(&format!("cf.br ^outer_head({z} : index)"));
                    self.line("^outer_head(%outer_iv: index):");
                    let go = self.fresh();
                    self.line(&format!("{go} = arith.cmpi slt, %outer_iv, {n} : index"));
                    self.line(&format!("cf.cond_br {go}, ^outer_body, ^outer_exit"));
                    self.line("^outer_body:");
                    outer_next = Some(one);
                }
            }
        }
        let types = vec![t.clone(); k].join(", ");
        match &c.kind {
            Kind::While { perm, fo } => {
                let args: Vec<String> = (0..k).map(|i| format!("%x{i}")).collect();
                let bind: Vec<String> = (0..k).map(|i| format!("{} = {}", args[i], inits[i])).collect();
                let res = self.fresh();
                let res_decl = if k > 1 { format!("{res}:{k}") } else { res.clone() };
                self.line(&format!("{res_decl} = scf.while ({}) : ({types}) -> ({types}) {{", bind.join(", ")));
                self.indent += 1;
                if self.instrument {
                    self.bump(0, None);
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i, a, None);
                        self.record_last(2 + SLOTS_PER_ARG * i + 8, a);
                    }
                }
                self.accesses(Place::Condition, &args);
                let cond = self.tested(&args, &bound);
                if self.instrument {
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i + 4, a, Some(&cond));
                    }
                }
                let fwd: Vec<String> = (0..k).map(|p| self.add(&args[perm[p]], fo[p], AddForm::AddR)).collect();
                self.line(&format!("scf.condition({cond}) {} : {types}", fwd.join(", ")));
                self.indent -= 1;
                self.line("} do {");
                let after: Vec<String> = (0..k).map(|i| format!("%y{i}")).collect();
                let decl: Vec<String> = after.iter().map(|a| format!("{a}: {t}")).collect();
                self.line(&format!("^bb0({}):", decl.join(", ")));
                self.indent += 1;
                if self.instrument {
                    self.bump(1, None);
                }
                self.accesses(Place::Body, &after);
                let ys: Vec<String> = c.yields.iter().map(|e| self.expr(e, &after)).collect();
                self.line(&format!("scf.yield {} : {types}", ys.join(", ")));
                self.indent -= 1;
                self.line("}");
            }
            Kind::LoomLoop { guard_form } => {
                let args: Vec<String> = (0..k).map(|i| format!("%x{i}")).collect();
                let bind: Vec<String> = (0..k).map(|i| format!("{} = {}", args[i], inits[i])).collect();
                let res = self.fresh();
                self.line(&format!(
                    "{res} = loom.loop token(%tok) iter_args({}) : ({types}) -> ({t}) {{",
                    bind.join(", ")
                ));
                self.indent += 1;
                if self.instrument {
                    self.bump(0, None);
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i, a, None);
                        self.record_last(2 + SLOTS_PER_ARG * i + 8, a);
                    }
                }
                self.accesses(Place::Condition, &args);
                let cont = self.tested(&args, &bound);
                let brk = format!("loom.break %tok, {} : {t}", args[c.tested]);
                match guard_form {
                    1 => self.line(&format!("loom.if {cont} {{ loom.yield }} else {{ {brk} }}")),
                    2 => {
                        // Negated through xori: not a comparison (unknown).
                        let done = self.fresh();
                        self.line(&format!("{done} = arith.xori {cont}, %true : i1"));
                        self.line(&format!("loom.if {done} {{ {brk} }}"));
                    }
                    _ => {
                        let cc = self.case;
                        let tt = self.add(&args[cc.tested], cc.offset, cc.offset_form);
                        let b = match &bound {
                            Some(b) => b.clone(),
                            None => self.constant(cc.bound, cc.ty),
                        };
                        let p = cc.pred.negate();
                        let neg = if cc.counter_lhs {
                            self.cmp(p, &tt, &b, cc.ty, true)
                        } else {
                            self.cmp(p, &b, &tt, cc.ty, true)
                        };
                        self.line(&format!("loom.if {neg} {{ {brk} }}"));
                    }
                }
                if self.instrument {
                    self.bump(1, None);
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i + 4, a, None);
                    }
                }
                self.accesses(Place::Body, &args);
                let ys: Vec<String> = c.yields.iter().map(|e| self.expr(e, &args)).collect();
                self.line(&format!("loom.continue %tok, {} : {types}", ys.join(", ")));
                self.indent -= 1;
                self.line("}");
            }
            Kind::ScfFor { unsigned } => {
                let ub = self.constant(c.ub, ty);
                let st = self.constant(c.step, ty);
                let u = if *unsigned { "unsigned " } else { "" };
                let suffix = if ty.index { String::new() } else { format!(" : {t}") };
                self.line(&format!("scf.for {u}%iv = {} to {ub} step {st}{suffix} {{", inits[0]));
                self.indent += 1;
                self.for_body(None);
                self.indent -= 1;
                self.line("}");
            }
            Kind::LoomFor { brk } => {
                let ub = self.constant(c.ub, ty);
                let st = self.constant(c.step, ty);
                let suffix = if ty.index { String::new() } else { format!(" : {t}") };
                self.line(&format!("loom.for %iv = {} to {ub} step {st} token(%tok){suffix} {{", inits[0]));
                self.indent += 1;
                self.for_body(*brk);
                self.line("loom.yield");
                self.indent -= 1;
                self.line("}");
            }
        }
        if c.outer.is_some() {
            match c.outer_form {
                OuterForm::ScfFor => {
                    self.indent -= 1;
                    self.line("}");
                }
                OuterForm::CfCond => {
                    self.line("cf.br ^outer_exit");
                    self.line("^outer_exit:");
                }
                OuterForm::CfLoop | OuterForm::ExecRegion => {
                    let next = self.fresh();
                    let one = outer_next.take().unwrap_or_default();
                    self.line(&format!("{next} = arith.addi %outer_iv, {one} : index"));
                    self.line(&format!("cf.br ^outer_head({next} : index)"));
                    self.line("^outer_exit:");
                    if c.outer_form == OuterForm::ExecRegion {
                        self.line("scf.yield");
                        self.indent -= 1;
                        self.line("}");
                    }
                }
            }
        }
        self.line("return");
        self.indent -= 1;
        self.line("}");
    }

    fn for_body(&mut self, brk: Option<u128>) {
        let iv = vec!["%iv".to_string()];
        if self.instrument {
            self.bump(1, None);
            self.observe(2 + 4, "%iv", None);
        }
        self.accesses(Place::Body, &iv);
        if let Some(b) = brk {
            let k = self.constant(b, self.case.ty);
            let e = self.cmp(Predicate::Eq, "%iv", &k, self.case.ty, false);
            self.line(&format!("loom.if {e} {{ loom.break %tok }}"));
        }
    }
}

/// The function for `case`: plain (analysed) or instrumented (executed).
pub fn emit(case: &Case, instrument: bool) -> String {
    let mut e = Emitter { case, out: String::new(), next: 0, instrument, indent: 0 };
    e.function();
    e.out
}

/// A module of plain functions (for loom-report): the root's functions,
/// then the `nested` ones inside a nested module (a `gpu.module` with
/// `gpu`) whose DLTI spec gives `index` the other width. The root is 64-bit
/// (no spec) or, with `index32`, 32-bit: by its own DLTI spec when there
/// is no nested module, else by the `loom-report` option
/// `index-bitwidth=32` (a root spec and a nested spec that differ crash
/// MLIR 22's DataLayout verifier, upstream's bug). The module text, and the
/// extra `loom-report` options it needs.
pub fn module_text(root: &[&Case], nested: &[&Case], index32: bool, gpu: bool) -> (String, &'static str) {
    let mut s = String::new();
    let mut attrs = Vec::new();
    if gpu && !nested.is_empty() {
        attrs.push("gpu.container_module");
    }
    if index32 && nested.is_empty() {
        attrs.push("dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>");
    }
    if attrs.is_empty() {
        s.push_str("module {\n");
    } else {
        s.push_str(&format!("module attributes {{{}}} {{\n", attrs.join(", ")));
    }
    for c in root {
        s.push_str(&emit(c, false));
    }
    if !nested.is_empty() {
        let w = if index32 { 64 } else { 32 };
        let op = if gpu { "gpu.module" } else { "module" };
        s.push_str(&format!("{op} @dev{w} attributes {{dlti.dl_spec = #dlti.dl_spec<index = {w} : i64>}} {{\n"));
        for c in nested {
            s.push_str(&emit(c, false));
        }
        s.push_str("}\n");
    }
    s.push_str("}\n");
    (s, if index32 && !nested.is_empty() { "index-bitwidth=32" } else { "" })
}

/// The module that holds `case` alone, where [`module_text`] would put it.
pub fn plain_module(case: &Case, index32: bool) -> (String, &'static str) {
    if case.nested {
        module_text(&[], &[case], index32, case.id % 2 == 1)
    } else {
        module_text(&[case], &[], index32, false)
    }
}

/// A module of instrumented functions and a `@main` that runs each with a
/// fresh record and prints the record, one number per line.
pub fn exec_module(cases: &[&Case]) -> String {
    let mut s = String::from("func.func private @printU64(i64)\nfunc.func private @printNewline()\n");
    for c in cases {
        s.push_str(&emit(c, true));
    }
    s.push_str("func.func @main() {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    for (n, c) in cases.iter().enumerate() {
        let len = slots(c);
        s.push_str(&format!("  %n{n} = arith.constant {len} : index\n  %r{n} = memref.alloc(%n{n}) : memref<?xi64>\n"));
        for (i, v) in initial_record(c).iter().enumerate() {
            s.push_str(&format!(
                "  %i{n}_{i} = arith.constant {i} : index\n  %k{n}_{i} = arith.constant {} : i64\n  memref.store %k{n}_{i}, %r{n}[%i{n}_{i}] : memref<?xi64>\n",
                *v as i64
            ));
        }
        s.push_str(&format!("  func.call @c{}(%r{n}) : (memref<?xi64>) -> ()\n", c.id));
        s.push_str(&format!(
            "  scf.for %j{n} = %c0 to %n{n} step %c1 {{\n    %e{n} = memref.load %r{n}[%j{n}] : memref<?xi64>\n    func.call @printU64(%e{n}) : (i64) -> ()\n    func.call @printNewline() : () -> ()\n  }}\n  memref.dealloc %r{n} : memref<?xi64>\n"
        ));
    }
    s.push_str("  return\n}\n");
    s
}

// ---------------------------------------------------------------------------
// Checking claims against what happened
// ---------------------------------------------------------------------------

/// Tallies of one run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub cases: u64,
    pub executed: u64,
    pub out_of_fuel: u64,
    pub undefined: u64,
    pub exact: u64,
    pub at_most: u64,
    pub unknown: u64,
    pub exact_checked_long: u64,
    pub exact_unchecked: u64,
    pub accesses: u64,
    pub proven: u64,
    pub proven_checked: u64,
    pub violations_seen: u64,
    pub model_mismatches: u64,
    /// Functions in a nested module of the other index width.
    pub nested: u64,
    /// Loops in a non-entry block (cf loop, multi-block execute_region,
    /// conditionally reached block).
    pub non_entry: u64,
    /// Out-of-width assume_ranges, and the modules loom-opt rejected for
    /// them with a located diagnostic (a non-claim).
    pub oow: u64,
    pub oow_rejected: u64,
    /// `entries` / total counts checked.
    pub totals_checked: u64,
    /// The rerun with every assumption off.
    pub diff: crate::assumption_diff::DiffTally,
    pub failures: Vec<String>,
}

fn read(bits: u64, w: u32, signed: bool) -> i128 {
    in_order(bits as u128, w, signed)
}

/// The `[lo, hi]` recorded at `slot` in the given order.
fn recorded_range(r: &[u64], slot: usize, signed: bool, w: u32) -> (i128, i128) {
    if signed {
        (r[slot] as i64 as i128, r[slot + 1] as i64 as i128)
    } else {
        // Unsigned stats were taken on the zero-extended value.
        (read(r[slot + 2], w, false), read(r[slot + 3], w, false))
    }
}

/// A claimed count as an `i128`; -1 when the report does not give it.
fn count(claim: Option<u128>) -> i128 {
    claim.and_then(|n| i128::try_from(n).ok()).unwrap_or(-1)
}

/// Checks the report's claims about `case` (its loop records in program
/// order: the enclosing scf.for first if any, and its access records)
/// against `outcome` (per call: all entries). `long` is a longer outcome
/// for large exact counts (computed lazily by the caller).
pub fn check_case(
    case: &Case,
    loops: &[&LoopReport],
    accesses: &[&AccessReport],
    outcome: &Outcome,
    long: &mut dyn FnMut() -> Outcome,
    tally: &mut Tally,
) {
    let fail = |tally: &mut Tally, msg: String| tally.failures.push(format!("case {}: {msg}", case.id));
    let expected_loops = 1 + (case.outer.is_some() && case.outer_form == OuterForm::ScfFor) as usize;
    if loops.len() != expected_loops || accesses.len() != case.accesses.len() {
        fail(
            tally,
            format!(
                "report has {} loops and {} accesses, expected {expected_loops} and {}",
                loops.len(),
                accesses.len(),
                case.accesses.len()
            ),
        );
        return;
    }
    let entries = case.outer.unwrap_or(1) as u128;
    let l = loops[expected_loops - 1];
    if let Some(e) = l.entries {
        tally.totals_checked += 1;
        if e != entries {
            fail(tally, format!("claims the loop is entered {e} times per call, executed {entries}"));
        }
    }
    if let (Some(e), OuterForm::ScfFor) = (case.outer, case.outer_form) {
        let o = loops[0];
        if o.status != LoopStatus::Exact || o.body_count != Some(e as u128) {
            fail(tally, format!("enclosing scf.for of {e} iterations reported as {o:?}"));
        }
    }
    let w = case.ty.width;
    let is_for = matches!(case.kind, Kind::ScfFor { .. } | Kind::LoomFor { .. });
    match l.status {
        LoopStatus::Unknown => tally.unknown += 1,
        LoopStatus::Exact | LoopStatus::AtMost => {
            let exact = l.status == LoopStatus::Exact;
            let status = if exact { "exact" } else { "at_most" };
            if exact {
                tally.exact += 1;
            } else {
                tally.at_most += 1;
            }
            let claimed = count(if exact { l.body_count } else { l.max_body_count });
            let owned;
            let rec = match outcome {
                Outcome::Ran(r) => Some(r),
                Outcome::Undefined => None,
                Outcome::OutOfFuel => {
                    if claimed >= 0 && (claimed as u128) <= FUEL as u128 {
                        fail(
                            tally,
                            format!(
                                "claims {status} {claimed} body executions, but the loop runs more than {FUEL} times"
                            ),
                        );
                        return;
                    }
                    if exact && (claimed as u128) <= LONG_FUEL as u128 {
                        tally.exact_checked_long += 1;
                        owned = Some(long());
                        match &owned {
                            Some(Outcome::Ran(r)) => Some(r),
                            _ => {
                                fail(tally, format!("claims exact {claimed} body executions, but the loop runs more than {LONG_FUEL} times"));
                                return;
                            }
                        }
                    } else {
                        if exact {
                            tally.exact_unchecked += 1;
                        }
                        None
                    }
                }
            };
            if let Some(r) = rec {
                if let Some(tb) = l.total_body_count {
                    tally.totals_checked += 1;
                    if tb != r[1] as u128 {
                        fail(tally, format!("claims total body count {tb}, executed {}", r[1]));
                    }
                }
                if let (Some(tc), true) = (l.total_condition_count, exact) {
                    tally.totals_checked += 1;
                    let want = if is_for { r[1] as u128 + entries } else { r[0] as u128 };
                    if tc != want {
                        fail(tally, format!("claims total condition count {tc}, executed {want}"));
                    }
                }
            }
            if entries == 0 {
                // Never entered: nothing per entry to compare.
            } else if let Some(r) = rec {
                let body = r[1] as i128 / entries as i128;
                if exact && claimed != body {
                    fail(tally, format!("claims body count {claimed}, executed {body}"));
                }
                if !exact && claimed < body {
                    fail(tally, format!("claims at most {claimed} body executions, executed {body}"));
                }
                let counter = l.counter.as_ref();
                let signed = counter.is_some_and(|c| c.signed);
                let cond_claim = counter.map(|c| (c.condition[0], c.condition[1]));
                let body_claim = counter.and_then(|c| c.body).map(|[lo, hi]| (lo, hi));
                let exit_claim = counter.and_then(|c| c.exit);
                if exact {
                    let cc = count(l.condition_count);
                    let want_cc = if is_for { body + 1 } else { r[0] as i128 / entries as i128 };
                    if cc != want_cc {
                        fail(tally, format!("claims condition count {cc}, executed {want_cc}"));
                    }
                }
                if is_for {
                    let br = recorded_range(r, 2 + 4, signed, w);
                    match body_claim {
                        Some(b) if body > 0 => {
                            let ok = if exact { b == br } else { b.0 <= br.0 && br.1 <= b.1 };
                            if !ok {
                                fail(tally, format!("claims body range {b:?}, executed {br:?}"));
                            }
                        }
                        None if body == 0 || !exact => {}
                        other => fail(tally, format!("claims body range {other:?}, body ran {body} times")),
                    }
                    if exact {
                        let step = counter.map_or(0, |c| c.step);
                        let lb = read(case.inits[0] as u64, w, signed);
                        let want_exit = if body == 0 { lb } else { br.1 + step };
                        if exit_claim != Some(want_exit) || cond_claim != Some((lb.min(want_exit), lb.max(want_exit))) {
                            fail(tally, format!("claims exit {exit_claim:?} condition {cond_claim:?}, expected {want_exit} from the last body value"));
                        }
                    }
                } else {
                    // Some loop-carried value must match every claim.
                    let matches = (0..case.carried()).any(|i| {
                        let s = 2 + SLOTS_PER_ARG * i;
                        let cr = recorded_range(r, s, signed, w);
                        let br = recorded_range(r, s + 4, signed, w);
                        let exit = read(r[s + 8], w, signed);
                        if exact {
                            cond_claim == Some(cr)
                                && (if body > 0 { body_claim == Some(br) } else { body_claim.is_none() })
                                && exit_claim == Some(exit)
                        } else {
                            cond_claim.is_some_and(|c| c.0 <= cr.0 && cr.1 <= c.1)
                                && (body == 0 || body_claim.is_some_and(|b| b.0 <= br.0 && br.1 <= b.1))
                        }
                    });
                    if !matches {
                        let seen: Vec<String> = (0..case.carried())
                            .map(|i| {
                                let s = 2 + SLOTS_PER_ARG * i;
                                format!(
                                    "arg{i}: condition {:?} body {:?} exit {}",
                                    recorded_range(r, s, signed, w),
                                    recorded_range(r, s + 4, signed, w),
                                    read(r[s + 8], w, signed)
                                )
                            })
                            .collect();
                        fail(
                            tally,
                            format!(
                                "claims condition {cond_claim:?} body {body_claim:?} exit {exit_claim:?}; executed {}",
                                seen.join("; ")
                            ),
                        );
                    }
                }
            }
        }
    }
    // The report lists accesses in program order: the condition region's
    // (or before the guard) first, then the body's.
    let mut order: Vec<usize> = (0..case.accesses.len()).collect();
    order.sort_by_key(|&i| case.accesses[i].place == Place::Body);
    for (&i, a) in order.iter().zip(accesses) {
        tally.accesses += 1;
        if a.status == AccessStatus::Proven {
            tally.proven += 1;
            if let Outcome::Ran(r) = outcome {
                tally.proven_checked += 1;
                let viol = r[2 + SLOTS_PER_ARG * case.carried() + 2 * i + 1];
                if viol > 0 {
                    fail(tally, format!("access #{i} proven in bounds, but {viol} executions are out of bounds"));
                }
            }
        }
        if let Outcome::Ran(r) = outcome {
            tally.violations_seen += (r[2 + SLOTS_PER_ARG * case.carried() + 2 * i + 1] > 0) as u64;
        }
    }
}

// ---------------------------------------------------------------------------
// Self-test: forged claims about the context shapes
// ---------------------------------------------------------------------------

/// `scf.while` counting 0 to 4 by 1 (index, `iw` bits) with one store at
/// `%i + c` into `memref<size>`, no enclosing loop.
fn worked_case(id: u64, iw: u32, c: u128, size: u64) -> Case {
    let mut k = generate_base(1, iw == 32);
    k.id = id;
    k.ty = Ty { width: iw, index: true };
    k.iw = iw;
    k.kind = Kind::While { perm: vec![0], fo: vec![0] };
    k.inits = vec![0];
    (k.tested, k.offset, k.offset_form) = (0, 0, AddForm::Same);
    (k.pred, k.counter_lhs, k.bound) = (Predicate::Slt, true, 4);
    k.yields = vec![Expr::Add { src: 0, c: 1, form: AddForm::AddR }];
    k.step = 1;
    k.accesses = vec![Access { place: Place::Body, src: 0, c, sext: true, op: AccessOp::Store, size, guard: None }];
    (k.outer, k.outer_form, k.nested, k.oow, k.wide) = (None, OuterForm::ScfFor, false, None, None);
    k
}

/// The right report of [`worked_case`] entered `entries` times, its one
/// access `proven` or not.
fn worked_claims(case: &Case, entries: u128, proven: bool) -> (LoopReport, AccessReport) {
    let w = case.iw;
    let l = LoopReport {
        function: format!("c{}", case.id),
        loc: "self-test".into(),
        op: "scf.while".into(),
        depth: 0,
        status: LoopStatus::Exact,
        body_count: Some(4),
        condition_count: Some(5),
        max_body_count: None,
        reason: None,
        entries: Some(entries),
        total_body_count: Some(4 * entries),
        total_condition_count: Some(5 * entries),
        counter: Some(loom::analysis::CounterReport {
            type_name: "index".into(),
            width: w,
            signed: true,
            step: 1,
            condition: [0, 4],
            body: Some([0, 3]),
            exit: Some(4),
            condition_expr: None,
            body_expr: None,
            exit_expr: None,
        }),
        note: None,
        body_count_expr: None,
        condition_count_expr: None,
        max_body_count_expr: None,
        total_body_count_expr: None,
        total_condition_count_expr: None,
        assumptions: Vec::new(),
        dims: Vec::new(),
    };
    let a = AccessReport {
        function: l.function.clone(),
        loc: "self-test".into(),
        op: "memref.store".into(),
        status: if proven { AccessStatus::Proven } else { AccessStatus::Unproven },
        reason: None,
        assumptions: Vec::new(),
    };
    (l, a)
}

/// Hand-made claims, right and wrong, about the context shapes, checked
/// against the simulation by [`check_case`]: `(name, wrong, contradictions
/// found)`.
pub fn self_test_claims() -> Vec<(String, bool, usize)> {
    let mut out = Vec::new();
    let mut run = |name: &str, case: &Case, l: &LoopReport, a: &AccessReport, wrong: bool| {
        let mut t = Tally::default();
        let outcome = case.simulate(FUEL);
        check_case(case, &[l], &[a], &outcome, &mut || case.simulate(LONG_FUEL), &mut t);
        out.push((name.to_string(), wrong, t.failures.len()));
    };
    for (form, n, what) in [
        (OuterForm::CfLoop, 3, "in a cf loop of 3"),
        (OuterForm::ExecRegion, 2, "in a cf loop of 2 inside scf.execute_region"),
        (OuterForm::CfCond, 0, "in a block cf.cond_br %false never reaches"),
    ] {
        let mut c = worked_case(2_000_001, 64, 0, 8);
        (c.outer, c.outer_form) = (Some(n), form);
        let (l, a) = worked_claims(&c, n as u128, true);
        run(&format!("while 0..4 {what}: entries {n}, totals {}: right", 4 * n), &c, &l, &a, false);
        let (l1, a1) = worked_claims(&c, 1, true);
        run(&format!("while 0..4 {what}: entries 1 (once per call)"), &c, &l1, &a1, true);
        let mut lt = l.clone();
        lt.total_body_count = Some(4);
        run(&format!("while 0..4 {what}: total body count 4 (one entry's)"), &c, &lt, &a, true);
    }
    // Index divsi(%i + 2^31, 2^29) in a 32-bit module: -4..-3 at 32 bits,
    // 4 at 64 (the root's width): a proof at the root's width is wrong.
    let mut c = worked_case(2_000_002, 32, 0, 8);
    c.nested = true;
    c.wide = Some((0, 1 << 31, Some(1 << 29)));
    let (l, a) = worked_claims(&c, 1, false);
    run("nested 32-bit module: divsi(%i + 2^31, 2^29) unproven: right", &c, &l, &a, false);
    let (l, a) = worked_claims(&c, 1, true);
    run("nested 32-bit module: divsi(%i + 2^31, 2^29) into memref<8> proven", &c, &l, &a, true);
    // %i + 2^32 + 1 in a 64-bit module of a 32-bit root: 1..4 at 32 bits.
    let mut c = worked_case(2_000_003, 64, (1 << 32) + 1, 8);
    c.nested = true;
    let (l, a) = worked_claims(&c, 1, true);
    run("nested 64-bit module: %i + 2^32 + 1 into memref<8> proven", &c, &l, &a, true);
    // An out-of-width assume_range on a 32-bit index that goes past the end.
    let mut c = worked_case(2_000_004, 32, 6, 8);
    c.oow = Some((0, 1 << 31, (1 << 32) - 1));
    let (l, a) = worked_claims(&c, 1, true);
    run("assume_range [2^31, 2^32 - 1] on %i + 6 into memref<8> (32-bit) proven", &c, &l, &a, true);
    let (l, a) = worked_claims(&c, 1, false);
    run("assume_range [2^31, 2^32 - 1] on %i + 6 into memref<8> (32-bit) unproven: right", &c, &l, &a, false);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_test_claims_are_judged_right() {
        for (name, wrong, found) in self_test_claims() {
            assert_eq!(found > 0, wrong, "{name}: {found} contradictions");
        }
    }

    #[test]
    fn simulator_counts_a_worked_case() {
        // i32 slt 7 -> 20 step 4: 4 bodies, 5 conditions, exit 23.
        let mut c = generate(1, false);
        c.ty = Ty { width: 32, index: false };
        c.kind = Kind::While { perm: vec![0], fo: vec![0] };
        c.inits = vec![7];
        c.tested = 0;
        c.offset = 0;
        c.pred = Predicate::Slt;
        c.counter_lhs = true;
        c.bound = 20;
        c.yields = vec![Expr::Add { src: 0, c: 4, form: AddForm::AddR }];
        c.accesses.clear();
        c.outer = None;
        let Outcome::Ran(r) = c.simulate(FUEL) else { panic!("must end") };
        assert_eq!((r[0], r[1]), (5, 4));
        assert_eq!(recorded_range(&r, 2, true, 32), (7, 23));
        assert_eq!(recorded_range(&r, 6, true, 32), (7, 19));
        assert_eq!(r[10], 23);
    }
}
