//! Loop-shape recognition: from a loop op to the inputs of the arithmetic
//! core (`trip_count.rs`), plus the values whose ranges the facts describe.
//!
//! Recognition is purely structural and never guesses: it finds the
//! counter, its exact initial value, the exact loop-invariant bound, the
//! predicate (normalised so that the loop continues while it holds), the
//! exact step and the shape, or it says why not. The arithmetic (counts,
//! ranges, the no-wrap proof) is entirely the core's; this file only reads
//! IR and maps the core's answer back onto values.
//!
//! Values are tracked modulo 2^width (the carrier: the counter type's width,
//! for `index` the target's index width), exactly as the hardware computes
//! them. A counter update is recognised when the back-edge value is provably
//! `counter + c (mod 2^width)` for a constant `c`; the core then checks, in
//! exact integers, that no value of the run wraps in the comparison's order,
//! which makes the modular and exact sequences equal. For that reason any
//! representative of `c` is sound; we try the signed one first and then the
//! other (so `addi %x, 255 : i8` can be a step of -1 for an unsigned
//! decreasing loop), and keep the first exact answer.
//!
//! Supported shapes:
//! - `scf.while`, header-tested (the condition compares a before-region
//!   argument) and do-while (it compares `argument + step` and forwards it);
//!   counter on either side; `arith.cmpi`/`index.cmp`, `arith.addi/subi`,
//!   `index.add/sub`;
//! - `scf.for` (signed, or `unsigned`), by scf.for's own semantics (overflow
//!   of the final induction value is undefined behaviour there);
//! - `loom.for` (signed, like scf.for): a `loom.break` (or an exit to an
//!   outer op) makes its count an upper bound;
//! - counted `loom.loop`: a top-of-body `loom.if` guard whose then-branch
//!   (or else-branch) only breaks out of the loop, and the body's
//!   terminating `loom.continue` passing `counter + step`.

use super::assumptions::Assumptions;
use super::bits::{carrier, const_bits, in_order, mask, smax, to_signed, MAX_WIDTH};
use super::interval::Interval;
use super::ir::{
    affine_map_trees, affine_parallel_dimension, index_attr, loop_dimension, slot_of, slot_reason, AffineParallelDim,
    AffineTree, Blk, Def, ExitKind, Op, Part, Val,
};
use super::offset_bound;
use super::predicate::Predicate;
use super::ranges::Ranges;
use super::semantics::{Extremum, IntOp};
use super::symbolic::counts::{sym_facts, zero_facts, zero_trip, PastBound, SymFacts, SymLoop, SymOutcome};
use super::symbolic::expr::{Env, Expr};
use super::symbolic::symbols::Symbols;
use super::trip_count::{self, CounterSide, LoopInput, Shape};

/// Which range of the facts a value observes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observed {
    Condition,
    Body,
    Exit,
}

/// A value whose range the loop's facts describe: it equals
/// `counter + offset (mod 2^width)` wherever it is observed.
#[derive(Clone, Debug)]
pub struct Role<'a> {
    pub value: Val<'a>,
    pub observed: Observed,
    pub offset: u128,
    /// For a counted `loom.loop`: uses located (in the body block) before or
    /// in this guard observe the condition range, uses after it the body
    /// range.
    pub split_at: Option<Op<'a>>,
}

/// The arithmetic core's answer, in this crate's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Core {
    Exact {
        body_count: u128,
        condition_count: u128,
        condition: Interval,
        body: Option<Interval>,
        exit: i128,
    },
    /// Exact facts as expressions over arguments and buffer sizes, with
    /// numeric envelopes (bounds for every argument value) of the counter
    /// ranges and the assumptions the proof used.
    Symbolic {
        facts: Box<SymFacts>,
        condition: Interval,
        body: Option<Interval>,
        assumptions: Assumptions,
    },
    Unknown(String),
}

/// What recognition found for one loop.
#[derive(Clone, Debug)]
pub struct Recognized<'a> {
    /// Printed counter type (`index`, `i32`).
    pub type_name: String,
    pub width: u32,
    pub signed: bool,
    /// The step, as the representative that the core accepted.
    pub step: i128,
    pub core: Core,
    /// The count is only an upper bound (early exits).
    pub at_most: Option<String>,
    /// Why the count is by scf.for semantics (shown in reports).
    pub note: Option<&'static str>,
    pub roles: Vec<Role<'a>>,
}

/// `v` as `base + offset (mod 2^width)` for a base accepted by `base_of`,
/// through additions and subtractions of constants; `map` may rewrite block
/// arguments (an after-region argument to the value forwarded into it).
/// Errors name the op that breaks the form.
fn affine<'a>(
    v: Val<'a>,
    iw: u32,
    width: u32,
    is_base: &dyn Fn(Val<'a>) -> bool,
    map: &dyn Fn(Val<'a>) -> Option<Val<'a>>,
    depth: u32,
) -> Result<(Val<'a>, u128), String> {
    if depth > 64 {
        return Err("the counter's update chain is too long".into());
    }
    if is_base(v) {
        return Ok((v, 0));
    }
    if let Some(forwarded) = map(v) {
        return affine(forwarded, iw, width, is_base, map, depth + 1);
    }
    let m = mask(width);
    let Some(op) = v.defining_op() else {
        return Err("it depends on a block argument that is not the counter".into());
    };
    let step = |x: Val<'a>| affine(x, iw, width, is_base, map, depth + 1);
    match IntOp::of(op) {
        Some(IntOp::Add { lhs, rhs, .. }) => {
            if let Some(c) = const_bits(rhs, iw) {
                let (b, o) = step(lhs)?;
                return Ok((b, o.wrapping_add(c) & m));
            }
            if let Some(c) = const_bits(lhs, iw) {
                let (b, o) = step(rhs)?;
                return Ok((b, o.wrapping_add(c) & m));
            }
            Err(format!("'{}' does not add a constant", op.name_ref()))
        }
        Some(IntOp::Sub { lhs, rhs, .. }) => {
            if let Some(c) = const_bits(rhs, iw) {
                let (b, o) = step(lhs)?;
                return Ok((b, o.wrapping_sub(c) & m));
            }
            Err(format!("'{}' does not subtract a constant from the counter", op.name_ref()))
        }
        _ => match slot_of(v) {
            Some(slot) => Err(slot_reason(slot)),
            None => Err(format!("it is computed by '{}', not by adding a constant", op.name_ref())),
        },
    }
}

/// The loop shape from what the test compares: the counter itself
/// (header-tested) or the counter plus its step (do-while). `tester` names
/// the op doing the test in the reason ("condition", "guard").
fn shape_of(tested_offset: u128, step_bits: u128, width: u32, tester: &str) -> Result<Shape, String> {
    if tested_offset == 0 {
        Ok(Shape::HeaderTested)
    } else if tested_offset == step_bits {
        Ok(Shape::DoWhile)
    } else {
        Err(format!(
            "the {tester} tests the counter plus {} but the counter advances by {}",
            to_signed(tested_offset, width),
            to_signed(step_bits, width)
        ))
    }
}

/// The core's answer for a condition-controlled loop, with the step as the
/// core read it (the core reads a w-bit step as an increment or a decrement
/// in the comparison's order; see trip_count.rs).
fn while_core(
    width: u32,
    predicate: Predicate,
    side: CounterSide,
    shape: Shape,
    init_bits: u128,
    bound_bits: u128,
    step_bits: u128,
) -> (i128, Core) {
    let input = LoopInput {
        width,
        predicate,
        side,
        shape,
        init: init_bits as i128,
        bound: bound_bits as i128,
        step: step_bits as i128,
    };
    let facts = trip_count::trip_facts(&input);
    let step = match facts.exact() {
        Some(f) => f.step,
        None => to_signed(step_bits, width),
    };
    (step, to_core(facts))
}

fn to_core(facts: trip_count::Facts) -> Core {
    match facts {
        trip_count::Facts::Exact(f) => Core::Exact {
            body_count: f.body_count,
            condition_count: f.condition_count,
            condition: f.condition,
            body: f.body,
            exit: f.exit,
        },
        trip_count::Facts::Unknown(reason) => Core::Unknown(reason.to_string()),
    }
}

/// What recognition reads besides the loop: range queries for the symbols'
/// ranges (at the loop's index width) and the analysis options.
pub struct Context<'q, 'r, 'a> {
    pub ranges: &'q Ranges<'r, 'a>,
    /// The buffer-size assumptions that may be used (see `symbolic`).
    pub allowed: Assumptions,
    /// Whether the code around may hold a loom exit other than a yield
    /// ([`may_exit_early`]); when not, no loop is searched for one (a
    /// walk of its whole body per loop: quadratic in a nest's depth).
    pub exits: bool,
}

/// Whether anything under `root` is a loom exit other than a yield (a
/// `loom.break`, a `loom.continue`, or another dialect's exit).
pub fn may_exit_early(root: Op<'_>) -> bool {
    root.nested_ops().into_iter().any(|o| o.loom_exit().is_some_and(|(kind, _)| kind != ExitKind::Yield))
}

/// A condition-controlled counted loop, before its ends are read.
struct CountedLoop {
    width: u32,
    predicate: Predicate,
    side: CounterSide,
    shape: Shape,
    step_bits: u128,
}

/// The core's answer for a counted loop from `init` to `bound`: the
/// constant core when both are constants, else the symbolic one.
fn counted_core<'a>(
    ctx: &Context<'_, '_, 'a>,
    op: Op<'a>,
    l: CountedLoop,
    init: Val<'a>,
    bound: Val<'a>,
) -> (i128, Core) {
    let iw = ctx.ranges.index_width;
    if let (Some(i), Some(b)) = (const_bits(init, iw), const_bits(bound, iw)) {
        return while_core(l.width, l.predicate, l.side, l.shape, i, b, l.step_bits);
    }
    let order = l.predicate.order().expect("comparison() rejects eq/ne");
    let step = trip_count::step_in_order(l.width, order, l.step_bits as i128).expect("supported width");
    (
        step,
        symbolic_core(
            ctx,
            op,
            SymParts {
                width: l.width,
                predicate: l.predicate,
                side: l.side,
                shape: l.shape,
                step,
                past_bound: PastBound::Wraps,
            },
            init,
            bound,
        ),
    )
}

/// A scf.for/loom.for with a symbolic end: header-tested `iv < ub`.
fn symbolic_for<'a>(
    ctx: &Context<'_, '_, 'a>,
    op: Op<'a>,
    width: u32,
    predicate: Predicate,
    step: Option<i128>,
    lb: Val<'a>,
    ub: Val<'a>,
) -> (i128, Core) {
    // `lb >= ub` for every value of the symbols: no iteration, whatever
    // the step (as upstream's scf.for trip count says).
    let order = predicate.order().expect("ordered predicate");
    let mut symbols = Symbols::new(ctx.ranges, op, width, order, ctx.allowed);
    let (lb_e, ub_e) = (symbols.expr(lb), symbols.expr(ub));
    symbolic_for_of(ctx, symbols, width, predicate, step, lb_e, ub_e)
}

/// [`symbolic_for`] once the bounds were read by `symbols`.
fn symbolic_for_of(
    ctx: &Context<'_, '_, '_>,
    symbols: Symbols<'_, '_, '_>,
    width: u32,
    predicate: Predicate,
    step: Option<i128>,
    lb_e: Result<Expr, String>,
    ub_e: Result<Expr, String>,
) -> (i128, Core) {
    if let (Ok(lb_e), Ok(ub_e)) = (&lb_e, &ub_e) {
        if zero_trip(predicate, CounterSide::Lhs, lb_e, ub_e, &symbols.env) {
            if let Some(f) = zero_facts(lb_e) {
                // A dynamic step is reported as 0 (the body never runs).
                let assumptions = symbols.assumed;
                return (step.unwrap_or(0), symbolic(f, &symbols.env, assumptions));
            }
        }
    }
    match step {
        None => (0, Core::Unknown("the step is not a known constant (symbolic step)".into())),
        Some(s) if s <= 0 => (s, Core::Unknown(format!("the step {s} is not positive"))),
        Some(s) => {
            // scf.for, loom.for and affine.for: by their semantics.
            let parts = SymParts {
                width,
                predicate,
                side: CounterSide::Lhs,
                shape: Shape::HeaderTested,
                step: s,
                past_bound: PastBound::Undefined,
            };
            (s, symbolic_core_of(ctx, symbols, parts, lb_e, ub_e))
        }
    }
}

struct SymParts {
    width: u32,
    predicate: Predicate,
    side: CounterSide,
    shape: Shape,
    step: i128,
    past_bound: PastBound,
}

fn symbolic_core<'a>(ctx: &Context<'_, '_, 'a>, op: Op<'a>, p: SymParts, init: Val<'a>, bound: Val<'a>) -> Core {
    let order = p.predicate.order().expect("ordered predicate");
    let mut symbols = Symbols::new(ctx.ranges, op, p.width, order, ctx.allowed);
    let init = symbols.expr(init);
    // The bound is read only when the initial value is (its reading may
    // narrow the symbols' ranges).
    let bound = if init.is_ok() { symbols.expr(bound) } else { Err(String::new()) };
    symbolic_core_of(ctx, symbols, p, init, bound)
}

/// [`symbolic_core`] once the initial value and the bound were read, in
/// that order, by `symbols` (which holds the ranges their reading found).
fn symbolic_core_of(
    ctx: &Context<'_, '_, '_>,
    symbols: Symbols<'_, '_, '_>,
    p: SymParts,
    init: Result<Expr, String>,
    bound: Result<Expr, String>,
) -> Core {
    let init = match init {
        Ok(e) => e,
        Err(e) => {
            return Core::Unknown(format!("the counter's initial value is not a constant or a symbol loom reads: {e}"))
        }
    };
    let bound = match bound {
        Ok(e) => e,
        Err(e) => return Core::Unknown(format!("the bound is not a constant or a symbol loom reads: {e}")),
    };
    let l = SymLoop {
        width: p.width,
        predicate: p.predicate,
        side: p.side,
        shape: p.shape,
        step: p.step,
        init,
        bound,
        past_bound: p.past_bound,
    };
    if !symbols.assumed.is_empty() {
        // The ends are exact only under the assumption: so are the facts
        // (which rest on every cap the environment applies).
        let rests_on = symbols.assumed | symbols.cap_assumptions();
        return match symbols.env_with_buffer_assumption().map(|env| (sym_facts(&l, &env), env)) {
            Some((SymOutcome::Exact(f), env)) => symbolic(*f, &env, rests_on),
            Some((SymOutcome::Unknown(reason), _)) => Core::Unknown(format!("symbolic bound: {reason}")),
            None => Core::Unknown("the bounds rest on the buffer-size assumption, which no size bounds".into()),
        };
    }
    let reason = match sym_facts(&l, &symbols.env) {
        SymOutcome::Exact(f) => return symbolic(*f, &symbols.env, Assumptions::NONE),
        SymOutcome::Unknown(reason) => reason,
    };
    if !ctx.allowed.is_empty() {
        if let Some(env) = symbols.env_with_buffer_assumption() {
            if let SymOutcome::Exact(f) = sym_facts(&l, &env) {
                return symbolic(*f, &env, symbols.cap_assumptions());
            }
        }
    }
    Core::Unknown(format!("symbolic bound: {reason}"))
}

/// Symbolic facts with their numeric envelopes.
fn symbolic(facts: SymFacts, env: &Env, assumptions: Assumptions) -> Core {
    let range = |e: &Expr| e.range(env);
    let envelope = |(lo, hi): &(Expr, Expr)| Some(Interval::new(range(lo)?.lo, range(hi)?.hi));
    let (Some(condition), Some(runs)) = (envelope(&facts.condition), range(&facts.body_count)) else {
        return Core::Unknown("the symbolic facts' ranges are unknown".into());
    };
    // Every body value keeps the loop's limit: the envelope is the tighter.
    let within_limit = |b: Interval| match &facts.body_limit {
        Some((limit, true)) => match range(limit) {
            Some(r) => Interval::new(b.lo, b.hi.min(r.hi)),
            None => b,
        },
        Some((limit, false)) => match range(limit) {
            Some(r) => Interval::new(b.lo.max(r.lo), b.hi),
            None => b,
        },
        None => b,
    };
    let body = if runs.hi >= 1 { envelope(&facts.body).map(within_limit) } else { None };
    Core::Symbolic { facts: Box::new(facts), condition, body, assumptions }
}

/// Recognises `op` (a loop) or says why it cannot.
pub fn recognize<'a>(op: Op<'a>, index_width: u32, ctx: &Context<'_, '_, 'a>) -> Result<Recognized<'a>, String> {
    match &*op.name_ref() {
        "scf.while" => recognize_while(op, index_width, ctx),
        "scf.for" => recognize_for(op, index_width, false, ctx),
        "loom.for" => recognize_for(op, index_width, true, ctx),
        "loom.loop" => recognize_loom_loop(op, index_width, ctx),
        "affine.for" => recognize_affine_for(op, index_width, ctx),
        other => Err(format!("'{other}' loops are not analysed")),
    }
}

/// Whether `op` is a loop of several independent dimensions, recognised
/// by [`recognize_dims`] rather than [`recognize`].
pub fn is_multi_dimensional(op: Op<'_>) -> bool {
    op.is("scf.parallel") || op.is("scf.forall") || op.is("affine.parallel")
}

/// An `scf.parallel`, `scf.forall` or `affine.parallel`, one
/// [`Recognized`] per induction variable in order. Each dimension is read
/// as the `scf.for` it becomes when the op is lowered to a nest of loops
/// (`convert-scf-to-cf` for `scf.parallel`, `scf-forall-to-for` for
/// `scf.forall`, `lower-affine` then either for `affine.parallel`:
/// dimension 0 outermost), with that loop's semantics: signed `lb <= iv <
/// ub`, the step positive (the ops' verifiers reject a constant step below
/// 1; a dynamic one must be a known constant), overflow of the final
/// induction value undefined. An `affine.parallel` dimension's bounds are
/// the max of its lower-bound group's map results and the min of its
/// upper-bound group's, read as `affine.for` reads its maps. The bounds
/// are operands of the op (or maps of them), so no dimension's count
/// depends on another's induction variable: the body runs the product of
/// the counts, and dimension k's loop is entered the product of the counts
/// before it.
pub fn recognize_dims<'a>(op: Op<'a>, iw: u32, ctx: &Context<'_, '_, 'a>) -> Result<Vec<Recognized<'a>>, String> {
    let Some(body) = op.entry_block(0) else { return Err("the loop has an empty body".into()) };
    if let Some(exit) = early_exits(op, ctx, &mut Vec::new()) {
        return Err(exit);
    }
    let mut dims = Vec::new();
    for n in 0..body.num_args() {
        let iv = body.arg(n);
        let not_index = carrier(iv, iw).is_none_or(|t| t.width() != iw);
        let (core, step) = if op.is("affine.parallel") {
            if not_index {
                return Err(format!("induction variable {n} is not an index"));
            }
            let dim = affine_parallel_dimension(op, n, iw)?;
            (affine_parallel_core(op, &dim, iw, ctx), dim.step)
        } else {
            // scf.forall's region also has its shared outputs as arguments.
            let Some(parts) = loop_dimension(op, n, iw) else { break };
            if not_index {
                return Err(format!("induction variable {n} is not an index"));
            }
            let parts = parts.map_err(|why| format!("induction variable {n}: {why}"))?;
            parts_core(op, n, parts, iw, ctx)?
        };
        if let Core::Unknown(reason) = &core {
            return Err(format!("induction variable {n}: {reason}"));
        }
        dims.push(Recognized {
            type_name: "index".into(),
            width: iw,
            signed: true,
            step,
            core,
            at_most: None,
            note: None,
            roles: vec![Role { value: iv, observed: Observed::Body, offset: 0, split_at: None }],
        });
    }
    if dims.is_empty() {
        return Err("the loop's bounds are not readable".into());
    }
    Ok(dims)
}

/// The count of dimension `n` of an `scf.parallel`/`scf.forall` from its
/// (lower bound, upper bound, step) parts, with the step (0 when it is not
/// a known constant); Err when a dynamic part is defined inside the loop.
fn parts_core<'a>(
    op: Op<'a>,
    n: usize,
    (lb, ub, st): (Part<'a>, Part<'a>, Part<'a>),
    iw: u32,
    ctx: &Context<'_, '_, 'a>,
) -> Result<(Core, i128), String> {
    let constant = |p: Part<'a>| match p {
        Part::Static(c) => Some(c as i128),
        Part::Dynamic(v) => const_bits(v, iw).map(|b| to_signed(b, iw)),
    };
    for (p, name) in [(lb, "lower bound"), (ub, "upper bound"), (st, "step")] {
        if let Part::Dynamic(v) = p {
            if const_bits(v, iw).is_none() && v.defined_inside(op) {
                return Err(format!("the {name} of induction variable {n} is not loop-invariant"));
            }
        }
    }
    let step = constant(st);
    let core = match (constant(lb), constant(ub), step) {
        (_, _, Some(s)) if s <= 0 || s > smax(iw) => {
            Core::Unknown(format!("the step {s} of induction variable {n} is not a positive {iw}-bit index"))
        }
        (Some(l), Some(u), Some(s)) => {
            let core_step = if l >= u { 1 } else { s };
            to_core(trip_count::for_facts(iw, trip_count::Order::Signed, l, u, core_step))
        }
        _ => {
            let mut symbols = Symbols::new(ctx.ranges, op, iw, trip_count::Order::Signed, ctx.allowed);
            let mut read = |p: Part<'a>| match p {
                Part::Static(c) => Ok(Expr::constant(c as i128)),
                Part::Dynamic(v) => symbols.expr(v),
            };
            let (lb_e, ub_e) = (read(lb), read(ub));
            symbolic_for_of(ctx, symbols, iw, Predicate::Slt, step, lb_e, ub_e).1
        }
    };
    Ok((core, step.unwrap_or(0)))
}

/// The count of one `affine.parallel` dimension: from `max(lower results)`
/// to `min(upper results)` by its step, the maps read as
/// [`recognize_affine_for`] reads an `affine.for`'s.
fn affine_parallel_core<'a>(op: Op<'a>, dim: &AffineParallelDim, iw: u32, ctx: &Context<'_, '_, 'a>) -> Core {
    if dim.step <= 0 || dim.step > smax(iw) {
        return Core::Unknown(format!("the step {} is not a positive {iw}-bit index", dim.step));
    }
    let maps = ["lowerBoundsMap", "upperBoundsMap"].map(|m| op.attr(m).and_then(|m| affine_map_trees(m, iw)));
    let [Some((_, lbs)), Some((_, ubs))] = maps else { return Core::Unknown("the bound maps are not readable".into()) };
    let (Some(lbs), Some(ubs)) = (lbs.get(dim.lower.clone()), ubs.get(dim.upper.clone())) else {
        return Core::Unknown("the bound groups do not match the bound maps".into());
    };
    affine_bounds_core(op, (lbs, ubs, dim.upper_first), dim.step, iw, ctx)
}

/// The count of an affine loop (dimension) from the max of the `lbs`
/// results (over the op's operands from 0) to the min of the `ubs` results
/// (from operand `ub_first`) by the positive `step`, each result read by
/// `Symbols::affine_map`; `lb >= ub` runs 0 times (as for scf.for).
fn affine_bounds_core<'a>(
    op: Op<'a>,
    (lbs, ubs, ub_first): (&[Option<AffineTree>], &[Option<AffineTree>], usize),
    step: i128,
    iw: u32,
    ctx: &Context<'_, '_, 'a>,
) -> Core {
    let mut symbols = Symbols::new(ctx.ranges, op, iw, trip_count::Order::Signed, ctx.allowed);
    let lb_e = symbols.affine_map(op, lbs, 0, Some(Extremum::Max));
    let ub_e =
        if lb_e.is_ok() { symbols.affine_map(op, ubs, ub_first, Some(Extremum::Min)) } else { Err(String::new()) };
    match (lb_e.as_ref().ok().and_then(Expr::as_constant), ub_e.as_ref().ok().and_then(Expr::as_constant)) {
        (Some(l), Some(u)) => {
            let core_step = if l >= u { 1 } else { step };
            to_core(trip_count::for_facts(iw, trip_count::Order::Signed, l, u, core_step))
        }
        _ => symbolic_for_of(ctx, symbols, iw, Predicate::Slt, Some(step), lb_e, ub_e).1,
    }
}

/// Loom exits nested in `op` that leave it early: breaks targeting `op` or
/// an op around it, and continues targeting an op around it. Returns the
/// first such exit's description; `continues_of_op` receives the
/// continues that target `op` itself.
fn early_exits<'a>(op: Op<'a>, ctx: &Context<'_, '_, 'a>, continues_of_op: &mut Vec<Op<'a>>) -> Option<String> {
    if !ctx.exits {
        return None;
    }
    let mut found = None;
    for inner in op.nested_ops() {
        let Some((kind, target)) = inner.loom_exit() else { continue };
        if kind == ExitKind::Yield {
            continue;
        }
        let Some(target) = target else {
            found.get_or_insert_with(|| "an exit without a resolvable target".to_string());
            continue;
        };
        if target == op {
            if kind == ExitKind::Continue {
                continues_of_op.push(inner);
            } else {
                found.get_or_insert_with(|| format!("a loom.break at {} leaves the loop", inner.loc_string()));
            }
        } else if !target.is_within(op) {
            found.get_or_insert_with(|| {
                format!("a {} at {} leaves the loop for an enclosing op", kind.loom_op(), inner.loc_string())
            });
        }
    }
    found
}

fn comparison(cond: Val) -> Result<(Op, Predicate), String> {
    let Some(cmp) = cond.defining_op() else {
        return Err("the loop condition is a block argument, not a comparison".into());
    };
    let Some(pred) = cmp.compare_predicate() else {
        return Err(format!("the loop condition is computed by '{}', not by a single integer comparison", cmp.name()));
    };
    if pred.order().is_none() {
        return Err("the loop condition is an equality comparison (eq/ne), which is not analysed".into());
    }
    Ok((cmp, pred))
}

/// Splits a comparison into (counter side, base arg, offset, bound).
#[allow(clippy::too_many_arguments)]
fn split_comparison<'a>(
    cmp: Op<'a>,
    loop_op: Op<'a>,
    iw: u32,
    width: u32,
    is_base: &dyn Fn(Val<'a>) -> bool,
    map: &dyn Fn(Val<'a>) -> Option<Val<'a>>,
) -> Result<(CounterSide, Val<'a>, u128, Val<'a>), String> {
    let lhs = cmp.operand(0);
    let rhs = cmp.operand(1);
    let l = affine(lhs, iw, width, is_base, map, 0);
    let r = affine(rhs, iw, width, is_base, map, 0);
    let (side, (base, offset), bound) = match (l, r) {
        (Ok(a), Err(_)) => (CounterSide::Lhs, a, rhs),
        (Err(_), Ok(b)) => (CounterSide::Rhs, b, lhs),
        (Ok(_), Ok(_)) => return Err("both sides of the comparison vary with the loop's arguments".into()),
        (Err(e), Err(_)) => return Err(format!("the comparison does not test a counter: {e}")),
    };
    if const_bits(bound, iw).is_none() && bound.defined_inside(loop_op) {
        return Err("the bound is not loop-invariant".into());
    }
    Ok((side, base, offset, bound))
}

fn recognize_while<'a>(op: Op<'a>, iw: u32, ctx: &Context<'_, '_, 'a>) -> Result<Recognized<'a>, String> {
    let (Some(before), Some(after)) = (op.entry_block(0), op.entry_block(1)) else {
        return Err("the loop has an empty region".into());
    };
    let Some(condition) = before.terminator().filter(|t| t.is("scf.condition")) else {
        return Err("the before region does not end with scf.condition".into());
    };
    let Some(yield_op) = after.terminator().filter(|t| t.is("scf.yield")) else {
        return Err("the after region does not end with scf.yield".into());
    };
    let (cmp, predicate) = comparison(condition.operand(0))?;
    let cmp_type = carrier(cmp.operand(0), iw).ok_or("the comparison is not on integers")?;
    let (width, type_name) = (cmp_type.width(), cmp_type.name());
    if width > MAX_WIDTH || width == 0 {
        return Err(format!("the counter is {width} bits wide; at most {MAX_WIDTH} are analysed"));
    }
    let is_before_arg = |v: Val| matches!(v.def(), Def::Arg(b, _) if b == before);
    let no_map = |_: Val| None;
    let (side, base, tested_offset, bound) = split_comparison(cmp, op, iw, width, &is_before_arg, &no_map)?;
    let Def::Arg(_, j) = base.def() else { unreachable!("base is a before-region argument") };
    let init = op.operand(j);
    // The back edge: yield[j] must be counter + step, reading after-region
    // arguments as the values the condition forwards into them.
    let forwarded: Vec<Val> = (1..condition.num_operands()).map(|i| condition.operand(i)).collect();
    let map_after = |v: Val| match v.def() {
        Def::Arg(b, p) if b == after => forwarded.get(p).copied(),
        _ => None,
    };
    let next = yield_op.operand(j);
    let (next_base, step_bits) = affine(next, iw, width, &|v| v == base, &map_after, 0)
        .map_err(|e| format!("the counter's next value is not the counter plus a constant: {e}"))?;
    debug_assert!(next_base == base);
    let shape = shape_of(tested_offset, step_bits, width, "condition")?;
    let mut continues = Vec::new();
    if let Some(exit) = early_exits(op, ctx, &mut continues) {
        return Err(exit);
    }
    let (step, core) = counted_core(ctx, op, CountedLoop { width, predicate, side, shape, step_bits }, init, bound);
    // Values observing the counter: the before argument (condition), the
    // after arguments and results fed from counter + o.
    let mut roles = vec![Role { value: base, observed: Observed::Condition, offset: 0, split_at: None }];
    for (p, f) in forwarded.iter().enumerate() {
        if let Ok((b, o)) = affine(*f, iw, width, &|v| v == base, &no_map, 0) {
            if b == base {
                roles.push(Role { value: after.arg(p), observed: Observed::Body, offset: o, split_at: None });
                if p < op.num_results() {
                    roles.push(Role { value: op.result(p), observed: Observed::Exit, offset: o, split_at: None });
                }
            }
        }
    }
    Ok(Recognized { type_name, width, signed: predicate.is_signed(), step, core, at_most: None, note: None, roles })
}

fn recognize_for<'a>(op: Op<'a>, iw: u32, is_loom: bool, ctx: &Context<'_, '_, 'a>) -> Result<Recognized<'a>, String> {
    let (lb, ub, st) = (op.operand(0), op.operand(1), op.operand(2));
    let iv_type = carrier(lb, iw).ok_or("the induction variable is not an integer")?;
    let (width, type_name) = (iv_type.width(), iv_type.name());
    if width > MAX_WIDTH || width == 0 {
        return Err(format!("the induction variable is {width} bits wide; at most {MAX_WIDTH} are analysed"));
    }
    let signed = !op.has_attr("unsignedCmp");
    let Some(body) = op.entry_block(0) else { return Err("the loop has an empty body".into()) };
    let iv_index = if is_loom { 1 } else { 0 };
    if body.num_args() <= iv_index {
        return Err("the loop body has no induction variable".into());
    }
    let mut continues = Vec::new();
    let exit = early_exits(op, ctx, &mut continues);
    if exit.is_some() && !is_loom {
        return Err(exit.unwrap_or_default());
    }
    let order = if signed { trip_count::Order::Signed } else { trip_count::Order::Unsigned };
    let mut at_most_why = None;
    let (step_v, core) = match (const_bits(lb, iw), const_bits(ub, iw), const_bits(st, iw)) {
        (Some(lb_bits), Some(ub_bits), Some(step_bits)) => {
            let (lb_v, ub_v, step_v) = (
                in_order(lb_bits, width, signed),
                in_order(ub_bits, width, signed),
                in_order(step_bits, width, signed),
            );
            // lb >= ub runs 0 times whatever the step (as upstream's scf.for
            // trip count says, negative steps included).
            let core_step = if lb_v >= ub_v { 1 } else { step_v };
            (step_v, to_core(trip_count::for_facts(width, order, lb_v, ub_v, core_step)))
        }
        (_, _, step) => {
            for (v, name) in [(lb, "lower bound"), (ub, "upper bound"), (st, "step")] {
                if const_bits(v, iw).is_none() && v.defined_inside(op) {
                    return Err(format!("the {name} is not loop-invariant"));
                }
            }
            let predicate = if signed { Predicate::Slt } else { Predicate::Ult };
            let step_v = step.map(|s| in_order(s, width, signed));
            match symbolic_for(ctx, op, width, predicate, step_v, lb, ub) {
                (s, Core::Unknown(reason)) => {
                    let bounded = step.and_then(|s| offset_at_most(lb, ub, width, order, s, iw));
                    match bounded.and_then(|(n, why)| Some((at_most_core(n, width, order)?, why))) {
                        Some((core, why)) => {
                            at_most_why = Some(why);
                            (s, core)
                        }
                        None => (s, Core::Unknown(reason)),
                    }
                }
                known => known,
            }
        }
    };
    let roles = vec![Role { value: body.arg(iv_index), observed: Observed::Body, offset: 0, split_at: None }];
    Ok(Recognized {
        type_name,
        width,
        signed,
        step: step_v,
        core,
        at_most: exit.or(at_most_why),
        note: Some("counted by scf.for semantics (overflow of the final induction value is undefined behaviour)"),
        roles,
    })
}

/// An upper bound on the body count of a `scf.for`/`loom.for` whose bound
/// is its own lower bound plus a constant, computed by an add that may wrap
/// in the loop's order (see `offset_bound.rs`), or the smaller in the
/// loop's order of such a bound and another value: the largest count over
/// every lower bound the add's flags allow, and why it is only a bound.
fn offset_at_most(
    lb: Val<'_>,
    ub: Val<'_>,
    width: u32,
    order: trip_count::Order,
    step_bits: u128,
    iw: u32,
) -> Option<(u128, String)> {
    let why = |bound: &str| format!("the bound is {bound}: the largest count over every lower bound");
    if let Some((n, sum)) = wrapping_offset(lb, ub, width, order, step_bits, iw) {
        return Some((n, why(&sum)));
    }
    match IntOp::of(ub.defining_op()?)? {
        IntOp::Extremum { lhs, rhs, which: Extremum::Min, order: min_order } if min_order == order => {
            let (n, sum) = wrapping_offset(lb, lhs, width, order, step_bits, iw)
                .or_else(|| wrapping_offset(lb, rhs, width, order, step_bits, iw))?;
            Some((n, why(&format!("the minimum of another value and {sum}"))))
        }
        _ => None,
    }
}

/// [`offset_at_most`] of `ub = lb + constant`: the largest count and the
/// sum, in words.
fn wrapping_offset(
    lb: Val<'_>,
    ub: Val<'_>,
    width: u32,
    order: trip_count::Order,
    step_bits: u128,
    iw: u32,
) -> Option<(u128, String)> {
    let IntOp::Add { lhs, rhs, flags } = IntOp::of(ub.defining_op()?)? else { return None };
    let constant = match (lhs == lb, rhs == lb) {
        (true, _) => rhs,
        (_, true) => lhs,
        _ => return None,
    };
    let c = const_bits(constant, iw)?;
    let n = offset_bound::max_count(width, order, c, step_bits, flags.read())?;
    let signed = order == trip_count::Order::Signed;
    let order_name = if signed { "signed" } else { "unsigned" };
    Some((
        n,
        format!(
            "the lower bound + {} modulo 2^{width}, which may wrap in the {order_name} order",
            in_order(c, width, signed)
        ),
    ))
}

/// The core of a loop that runs its body at most `n` times, with its
/// counter anywhere in its type (no range is claimed).
fn at_most_core(n: u128, width: u32, order: trip_count::Order) -> Option<Core> {
    let full = trip_count::order_limits(width, order)?;
    Some(Core::Exact {
        body_count: n,
        condition_count: n + 1,
        condition: full,
        body: (n >= 1).then_some(full),
        exit: 0,
    })
}

/// The guard of a counted loom.loop: (guard op, breaking condition is the
/// then-branch).
/// An `affine.for`: the loop `lower-affine` makes of it is an `scf.for`
/// from the largest result of the lower bound map to the smallest result
/// of the upper bound map (signed `iv < ub`) with the constant positive
/// step, and it is counted as such. Each map result is read by
/// `Symbols::affine_map` over the operands' expressions: `lower-affine`
/// computes sums and products by constants with wrapping `muli`/`addi`,
/// which give the value exactly when its range fits the index width
/// (modular arithmetic: the intermediate products may wrap), and a
/// `floordiv`/`ceildiv`/`mod` on its operand's wrapped value, which must
/// then fit too.
fn recognize_affine_for<'a>(op: Op<'a>, iw: u32, ctx: &Context<'_, '_, 'a>) -> Result<Recognized<'a>, String> {
    let Some(body) = op.entry_block(0) else { return Err("the loop has an empty body".into()) };
    if body.num_args() == 0 {
        return Err("the loop body has no induction variable".into());
    }
    if let Some(exit) = early_exits(op, ctx, &mut Vec::new()) {
        return Err(exit);
    }
    let step = op.attr("step").and_then(|s| index_attr(s, iw)).ok_or("the step is not an integer")?;
    let step = i128::from(step.map_err(|wide| format!("the step {wide}"))?);
    if step <= 0 {
        return Err(format!("the step {step} is not a positive {iw}-bit index"));
    }
    let maps = ["lowerBoundMap", "upperBoundMap"].map(|m| op.attr(m).and_then(|m| affine_map_trees(m, iw)));
    let [Some((lb_inputs, lbs)), Some((_, ubs))] = maps else { return Err("the bound maps are not readable".into()) };
    let core = affine_bounds_core(op, (&lbs, &ubs, lb_inputs), step, iw, ctx);
    let roles = vec![Role { value: body.arg(0), observed: Observed::Body, offset: 0, split_at: None }];
    Ok(Recognized {
        type_name: "index".into(),
        width: iw,
        signed: true,
        step,
        core,
        at_most: None,
        note: Some("counted by affine.for semantics (lower-affine makes it an scf.for with these bounds and step)"),
        roles,
    })
}

pub(crate) fn find_guard<'a>(op: Op<'a>, body: Blk<'a>) -> Result<(Op<'a>, bool), String> {
    let token = body.arg(0);
    let breaks_only = |b: Option<Blk>| -> bool {
        let Some(b) = b else { return false };
        let mut ops = b.ops();
        match (ops.next(), ops.next()) {
            (Some(t), None) => t.is("loom.break") && t.num_operands() >= 1 && t.operand(0) == token,
            _ => false,
        }
    };
    let falls_through = |b: Option<Blk>| -> bool {
        let Some(b) = b else { return true };
        let mut ops = b.ops();
        match (ops.next(), ops.next()) {
            (None, _) => true,
            (Some(t), None) => t.is("loom.yield") && t.num_operands() == 0,
            _ => false,
        }
    };
    for inner in body.ops() {
        if inner.is("loom.if") && inner.num_results() == 0 {
            let then_b = inner.entry_block(0);
            let else_b = inner.entry_block(1);
            if breaks_only(then_b) && falls_through(else_b) {
                return Ok((inner, true));
            }
            if breaks_only(else_b) && falls_through(then_b) {
                return Ok((inner, false));
            }
        }
        if inner.num_regions() > 0 {
            return Err(format!(
                "no top-of-body guard: '{}' comes before any loom.if that only breaks out of the loop",
                inner.name()
            ));
        }
    }
    let _ = op;
    Err("no top-of-body loom.if guard that breaks out of the loop".into())
}

fn recognize_loom_loop<'a>(op: Op<'a>, iw: u32, ctx: &Context<'_, '_, 'a>) -> Result<Recognized<'a>, String> {
    let Some(body) = op.entry_block(0) else { return Err("the loop has an empty body".into()) };
    if body.num_args() < 2 {
        return Err("the loop has no iteration arguments (no counter)".into());
    }
    let Some(term) = body.terminator().filter(|t| t.is("loom.continue")) else {
        return Err("the body does not end with a loom.continue of this loop".into());
    };
    if term.loom_exit().and_then(|(_, t)| t) != Some(op) {
        return Err("the body's final loom.continue does not target this loop".into());
    }
    let (guard, then_breaks) = find_guard(op, body)?;
    let (cmp, exit_pred) = comparison(guard.operand(0))?;
    // The loop continues while the guard's breaking condition is false.
    let predicate = if then_breaks { exit_pred.negate() } else { exit_pred };
    let cmp_type = carrier(cmp.operand(0), iw).ok_or("the comparison is not on integers")?;
    let (width, type_name) = (cmp_type.width(), cmp_type.name());
    if width > MAX_WIDTH || width == 0 {
        return Err(format!("the counter is {width} bits wide; at most {MAX_WIDTH} are analysed"));
    }
    let is_iter_arg = |v: Val| matches!(v.def(), Def::Arg(b, i) if b == body && i >= 1);
    let no_map = |_: Val| None;
    let (side, base, tested_offset, bound) = split_comparison(cmp, op, iw, width, &is_iter_arg, &no_map)?;
    let Def::Arg(_, arg_no) = base.def() else { unreachable!("base is a block argument") };
    let j = arg_no - 1; // iteration argument / init operand index
    let init = op.operand(j);
    // The terminator's operands: token, then the next iteration arguments.
    let next = term.operand(1 + j);
    let (_, step_bits) = affine(next, iw, width, &|v| v == base, &no_map, 0)
        .map_err(|e| format!("the counter's next value is not the counter plus a constant: {e}"))?;
    let shape = shape_of(tested_offset, step_bits, width, "guard")?;
    // The guard's own break is the loop's exit. Any other break leaving the
    // loop, or a continue to an enclosing loop, bounds N from above; another
    // continue of this loop may pass other counter values: not analysed.
    let guard_break = guard.entry_block(if then_breaks { 0 } else { 1 }).and_then(|b| b.first_op());
    let mut at_most = None;
    for inner in op.nested_ops() {
        if Some(inner) == guard_break || inner == term {
            continue;
        }
        let Some((kind, target)) = inner.loom_exit() else { continue };
        let leaves = target.is_none_or(|t| t == op || !t.is_within(op));
        match kind {
            ExitKind::Continue if target == Some(op) => {
                return Err(format!(
                    "a loom.continue at {} restarts the loop before its end (the counter may be updated on some paths only)",
                    inner.loc_string()
                ))
            }
            ExitKind::Break | ExitKind::Continue if leaves => {
                at_most.get_or_insert(format!("a {} at {} leaves the loop early", kind.loom_op(), inner.loc_string()));
            }
            _ => {}
        }
    }
    let (step, core) = counted_core(ctx, op, CountedLoop { width, predicate, side, shape, step_bits }, init, bound);
    let roles = vec![Role { value: base, observed: Observed::Condition, offset: 0, split_at: Some(guard) }];
    Ok(Recognized { type_name, width, signed: predicate.is_signed(), step, core, at_most, note: None, roles })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_representatives() {
        // i8 ugt 10 -> 0 with step +255 (= -1): exact through the negative
        // representative.
        let (step, core) = while_core(8, Predicate::Ugt, CounterSide::Lhs, Shape::HeaderTested, 10, 0, 255);
        assert_eq!(step, -1);
        assert!(matches!(core, Core::Exact { body_count: 10, .. }), "{core:?}");
    }
}
