//! Run-time checks of what a counted loop's condition sees: its condition
//! count, its counter's condition range and its exit value.
//!
//! `scf.for`, `affine.for` and `loom.for` have no condition region: their
//! lowering makes the condition, and the counter it tests is no value of the
//! IR. Its values follow from the loop's semantics instead: on an entry that
//! runs the body `n` times and leaves by the false edge, the condition runs
//! `n + 1` times and sees `lb, lb + step, ..., lb + n * step`, the last one
//! being the exit value. So an `i64` slot counts the body executions of the
//! entry (as [`super::counts`] does), and right after the loop, in `i128`:
//! - the claimed condition count per entry must be `n + 1` (`==` for an
//!   exact claim);
//! - the exit value `e = lb + n * step` must equal the claimed exit;
//! - `lb` and `e` must lie in each claimed condition range (the values
//!   between them are monotone in `k`, so both ends bound them all).
//!
//! `lb` is read right before the loop: the lower-bound operand of `scf.for`
//! and `loom.for`, read in the counter's order (at the scope's index width,
//! as the lowering reads it). An `affine.for`'s lower bound is a map; a
//! second slot keeps the induction variable of the entry's first body
//! execution instead, so an `affine.for` entry that runs no body is not
//! checked. `step` is the constant the facts state.
//!
//! Sound only where the checks run after an entry that left by the false
//! edge with no undefined behaviour:
//! - a `loom.for` some `loom.break` leaves is not checked (a break reaches
//!   the point after the loop too); an exit to an enclosing op, a call that
//!   ends the program or a failing assertion never reaches the checks;
//! - an entry whose `e` lies outside the counter's type computed the final
//!   increment with overflow, undefined by the semantics loom follows (see
//!   README): its checks pass without reading the claim;
//! - a loop inside an op that may run its regions concurrently, or isolated
//!   from above between it and its function, is not checked (one slot per
//!   call, as for counts).
//!
//! A planted wrong claim (test only) shifts what is checked by one:
//! `plant=condition` expects one condition execution more, `plant=range`
//! every range and the exit value one higher.

use super::counts::{body_start, function_of};
use super::{Claim, Plant};
use crate::facts::interval::Interval;
use crate::facts::ir::{ExitKind, Op, Val};
use crate::facts::ranges::Range;
use crate::facts::symbolic::expr::Expr;
use crate::facts::{Counter, LoopRecord, Status};
use crate::passes::check_code::emit::{Cmp, Emitter};
use crate::passes::check_code::eval::{emit_expr, magnitude, Leaves};

/// The checks after one counted loop, read before anything is inserted.
pub(super) struct Plan<'a> {
    op: Op<'a>,
    /// The induction variable (read at the start of each body execution).
    iv: Val<'a>,
    /// The lower-bound operand; None for `affine.for` (see the module page).
    lb: Option<Val<'a>>,
    step: i128,
    width: u32,
    signed: bool,
    /// The claimed condition count per entry, and whether it is exact.
    condition: Option<(Expr, bool)>,
    exit: Option<Expr>,
    ranges: Vec<(Expr, Expr)>,
    /// What the claimed expressions read at the loop's entry.
    leaves: Leaves<'a>,
    function: Op<'a>,
    /// Where each body execution starts.
    first: Op<'a>,
}

/// The claims of loop `l` these checks read (None: none, or no check can be
/// made soundly).
pub(super) fn plan<'a>(l: &LoopRecord<'a>) -> Option<Plan<'a>> {
    let op = l.op;
    let iv_arg = match op.name_bytes() {
        b"scf.for" | b"affine.for" => 0,
        b"loom.for" => 1,
        _ => return None,
    };
    if op.is("loom.for") && broken(op) {
        return None;
    }
    let c: &Counter = l.counter.as_ref()?;
    let leaves = Leaves::at(op);
    let fits = |e: &Expr| magnitude(e, &leaves).is_some();
    let condition = match &l.status {
        Status::Exact { condition_count: Some(n), .. } => Some((Expr::constant(i128::try_from(*n).ok()?), true)),
        Status::SymbolicExact { condition_count: Some(n), .. } => Some((n.clone(), true)),
        _ => None,
    }
    .filter(|(e, _)| fits(e));
    let sym = c.symbolic.as_deref();
    let exit = c.exit.map(Expr::constant).or_else(|| sym.and_then(|s| s.exit.clone())).filter(|e| fits(e));
    let mut ranges = vec![interval_exprs(c.condition)];
    ranges.extend(sym.map(|s| s.condition.clone()).filter(|(lo, hi)| fits(lo) && fits(hi)));
    let body = op.entry_block(0)?;
    if iv_arg >= body.num_args() || c.step == 0 {
        return None;
    }
    Some(Plan {
        op,
        iv: body.arg(iv_arg),
        lb: (!op.is("affine.for")).then(|| op.operand(0)),
        step: c.step,
        width: c.width,
        signed: c.signed,
        condition,
        exit,
        ranges,
        leaves,
        function: function_of(op)?,
        first: body_start(op)?,
    })
}

/// Whether a `loom.break` leaves loop `op` (a break to `op` itself: one to
/// an enclosing op never reaches the point after `op`).
fn broken(op: Op<'_>) -> bool {
    op.nested_ops().into_iter().any(|o| matches!(o.loom_exit(), Some((ExitKind::Break, Some(t))) if t == op))
}

fn interval_exprs(i: Interval) -> (Expr, Expr) {
    (Expr::constant(i.lo), Expr::constant(i.hi))
}

/// Inserts the checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: Plant) -> bool {
    build(em, plan, claim, plant).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: Plant) -> Option<()> {
    let Plan { op, iv, lb, step, width, signed, condition, exit, ranges, leaves, function, first } = plan;
    if !function.is_within(em.rw.root()) || (condition.is_none() && exit.is_none() && ranges.is_empty()) {
        return None;
    }
    let entry = function.entry_block(0)?.first_op()?;
    let after = op.next()?;
    let s = Some(signed);
    // At the loop's entry: the claims, the count's slot, and `lb`.
    // A claim evaluated there, planted one higher when `plant` is `p`.
    let claimed = |em: &mut Emitter<'_, 'a>, e: &Expr, p: Plant| {
        let v = emit_expr(em, op, e, &leaves, s)?;
        em.add_const(op, v, i128::from(plant == p))
    };
    let condition = match condition {
        Some((e, exact)) => Some((claimed(em, &e, Plant::Condition)?, exact, e)),
        None => None,
    };
    let exit = match exit {
        Some(e) => Some((claimed(em, &e, Plant::Range)?, e)),
        None => None,
    };
    let mut claimed_ranges = Vec::new();
    for (lo, hi) in ranges {
        let l = claimed(em, &lo, Plant::Range)?;
        let h = claimed(em, &hi, Plant::Range)?;
        claimed_ranges.push(((l, h), (lo, hi)));
    }
    let count = em.slot(entry)?;
    let zero = em.i64_const(op, 0)?;
    em.store(op, zero, count)?;
    let lb = match lb {
        Some(v) => Start::Bound(em.widen(op, v, signed)?),
        None => {
            // The first body execution's induction variable (0 until then,
            // so that no check reads an uninitialized value).
            let kept = em.wide_slot(entry)?;
            let wide_zero = em.wide_const(op, 0)?;
            em.store(op, wide_zero, kept)?;
            let ran = em.load(first, count)?;
            let is_first = em.cmp(first, Cmp::Eq, ran, zero)?;
            let old = em.wide_load(first, kept)?;
            let now = em.widen(first, iv, signed)?;
            let new = em.select(first, is_first, now, old)?;
            em.store(first, new, kept)?;
            Start::Kept(kept)
        }
    };
    em.count_one(first, count, false)?;
    // After the loop: n, lb and e = lb + n * step.
    let n = em.load(after, count)?;
    let n = em.widen(after, n, false)?;
    let (lb, ran) = match lb {
        Start::Bound(v) => (v, None),
        Start::Kept(kept) => {
            let v = em.wide_load(after, kept)?;
            let none = em.wide_const(after, 0)?;
            (v, Some(em.cmp(after, Cmp::Slt, none, n)?))
        }
    };
    let k = em.wide_const(after, step)?;
    let moved = em.binary(after, "arith.muli", n, k)?;
    let e = em.binary(after, "arith.addi", lb, moved)?;
    // Only entries whose every condition value is a value of the counter's
    // type (else the final increment overflowed: undefined).
    let (min, max) = type_range(width, signed)?;
    let (min, max) = (em.wide_const(after, min)?, em.wide_const(after, max)?);
    let above = em.cmp(after, Cmp::Sle, min, e)?;
    let below = em.cmp(after, Cmp::Sle, e, max)?;
    let mut defined = vec![above, below];
    defined.extend(ran);
    let defined = em.all(after, &defined)?;
    let name = &claim.op_name;
    if let Some((claimed, exact, text)) = condition {
        let one = em.wide_const(after, 1)?;
        let runs = em.binary(after, "arith.addi", n, one)?;
        let ok = em.cmp(after, if exact { Cmp::Eq } else { Cmp::Sle }, runs, claimed)?;
        let ok = em.implies(after, defined, ok)?;
        let how = if exact { "exactly" } else { "at most" };
        em.assert(after, ok, &claim.message(&format!("{name} runs its condition {how} {text} times per entry")))?;
    }
    if let Some((claimed, text)) = exit {
        let ok = em.cmp(after, Cmp::Eq, e, claimed)?;
        let ok = em.implies(after, defined, ok)?;
        em.assert(after, ok, &claim.message(&format!("{name} exits with its counter at {text}")))?;
    }
    for ((lo, hi), (lo_text, hi_text)) in claimed_ranges {
        let mut within = Vec::new();
        for v in [lb, e] {
            within.push(em.cmp(after, Cmp::Sle, lo, v)?);
            within.push(em.cmp(after, Cmp::Sle, v, hi)?);
        }
        let ok = em.all(after, &within)?;
        let ok = em.implies(after, defined, ok)?;
        let text = format!("{name} runs its condition with its counter in [{lo_text}, {hi_text}]");
        em.assert(after, ok, &claim.message(&text))?;
    }
    Some(())
}

/// Where `lb` comes from.
enum Start<'a> {
    /// The lower-bound operand, widened.
    Bound(Val<'a>),
    /// An `i128` slot keeping the first body execution's counter.
    Kept(Val<'a>),
}

/// The least and greatest value of a `width`-bit counter in its order.
fn type_range(width: u32, signed: bool) -> Option<(i128, i128)> {
    if width == 0 || width > 64 {
        return None;
    }
    let full = Range::full(width);
    let order = if signed { full.s } else { full.u };
    Some((order.lo, order.hi))
}

#[cfg(test)]
mod tests {
    use super::type_range;

    #[test]
    fn type_ranges_by_width_and_order() {
        assert_eq!(type_range(8, true), Some((-128, 127)));
        assert_eq!(type_range(8, false), Some((0, 255)));
        assert_eq!(type_range(64, false), Some((0, (1i128 << 64) - 1)));
        assert_eq!(type_range(1, true), Some((-1, 0)));
        assert_eq!(type_range(0, true), None);
        assert_eq!(type_range(65, true), None);
    }
}
