//! Run-time checks of what a loop does per call of its function: how many
//! times it is entered (`entries`), how many times its body runs in total
//! (the total body count) and, for an `scf.while` or a `loom.loop`, its
//! condition (the total condition count), where the facts claim them.
//!
//! Each is counted in an `i64` slot allocated and set to 0 at the start of
//! the function's entry block (so once per call): the entries right before
//! the loop op, the body and condition executions where each starts
//! (`counts::body_start`, `counts::condition_start`; in the body of a
//! multi-dimensional loop, whose executions may run concurrently, by one
//! `memref.atomic_rmw addi`).
//! Before each `func.return` of the function (a `func.func`), the slot must
//! equal the claim, evaluated there in `i128` (its `%argN` and buffer sizes
//! do not change during the call). The same limits as the per-entry counts
//! apply (`counts`): no check inside ops that may run regions concurrently
//! or are isolated from above, none for an expression the checks cannot
//! evaluate. A planted wrong count expects one more: entries and body
//! executions with `plant=per-call`, condition executions with
//! `plant=condition`.

use super::counts::{body_start, condition_start, function_of, CONCURRENT};
use super::{Claim, Plant};
use crate::facts::ir::Op;
use crate::facts::symbolic::expr::Expr;
use crate::facts::LoopRecord;
use crate::passes::check_code::emit::{Cmp, Emitter};
use crate::passes::check_code::eval::{emit_expr, magnitude, Leaves};

/// One per-call count to check.
pub(super) struct Plan<'a> {
    /// The op each counted execution starts with.
    counted_at: Op<'a>,
    function: Op<'a>,
    claimed: Expr,
    signed: Option<bool>,
    what: &'static str,
    /// The planted wrong claim that changes it.
    planted_by: Plant,
}

/// The per-call checks of loop `l` (entries, total body count), read
/// before anything is inserted.
pub(super) fn plans<'a>(l: &LoopRecord<'a>) -> Vec<Plan<'a>> {
    let Some(function) = function_of(l.op).filter(|f| f.is("func.func")) else { return Vec::new() };
    // Every dimension of a multi-dimensional loop is signed.
    let signed = l.signed();
    // Evaluated at the function's returns: only its arguments are read.
    let leaves = Leaves::args_of(l.op);
    let number = |n: u128| i128::try_from(n).ok().map(Expr::constant);
    let entries = l.entries.and_then(number).or_else(|| l.entries_expr.clone());
    let (total, total_condition) = match (l.totals(), l.symbolic_totals()) {
        (Some((b, c)), _) => (number(b), c.and_then(number)),
        (None, Some((b, c))) => (Some(b), c),
        _ => (None, None),
    };
    let mut plans = Vec::new();
    if let Some(e) = entries.filter(|e| magnitude(e, &leaves).is_some()) {
        let what = "is entered";
        plans.push(Plan { counted_at: l.op, function, claimed: e, signed, what, planted_by: Plant::PerCall });
    }
    if let (Some(t), Some(start)) = (total.filter(|t| magnitude(t, &leaves).is_some()), body_start(l.op)) {
        let what = "runs its body";
        plans.push(Plan { counted_at: start, function, claimed: t, signed, what, planted_by: Plant::PerCall });
    }
    if let (Some(t), Some(start)) = (total_condition.filter(|t| magnitude(t, &leaves).is_some()), condition_start(l.op))
    {
        let what = "runs its condition";
        plans.push(Plan { counted_at: start, function, claimed: t, signed, what, planted_by: Plant::Condition });
    }
    plans
}

/// Inserts the checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: Plant) -> bool {
    build(em, plan, claim, plant).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: Plant) -> Option<()> {
    let Plan { counted_at, function, claimed, signed, what, planted_by } = plan;
    if !function.is_within(em.rw.root()) {
        return None;
    }
    let entry = function.entry_block(0)?;
    let leaves = Leaves::args_of(counted_at);
    let mut returns = Vec::new();
    let mut block = function.region(0).first_block();
    while let Some(b) = block {
        returns.extend(b.terminator().filter(|t| t.is("func.return")));
        block = b.next();
    }
    if returns.is_empty() {
        return None;
    }
    let top = entry.first_op()?;
    let slot = em.slot(top)?;
    let zero = em.i64_const(top, 0)?;
    em.store(top, zero, slot)?;
    // The body of a multi-dimensional loop: its executions may run
    // concurrently.
    em.count_one(counted_at, slot, counted_at.parent().is_some_and(|p| p.is_one_of(&CONCURRENT)))?;
    let text = format!("{} {what} {claimed} times per call of its function", claim.op_name);
    for ret in returns {
        let expected = emit_expr(em, ret, &claimed, &leaves, signed)?;
        let expected = em.add_const(ret, expected, i128::from(plant == planted_by))?;
        let ran = em.load(ret, slot)?;
        let ran = em.widen(ret, ran, false)?;
        let ok = em.cmp(ret, Cmp::Eq, ran, expected)?;
        em.assert(ret, ok, &claim.message(&text))?;
    }
    Some(())
}
