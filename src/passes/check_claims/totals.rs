//! Run-time checks of what a loop does per call of its function: how many
//! times it is entered (`entries`) and how many times its body runs in
//! total (the total body count), where the facts claim them.
//!
//! Each is counted in an `i64` slot allocated and set to 0 at the start of
//! the function's entry block (so once per call): the entries right before
//! the loop op, the body executions where each starts (`counts::body_start`).
//! Before each `func.return` of the function (a `func.func`), the slot must
//! equal the claim, evaluated there in `i128` (its `%argN` and buffer sizes
//! do not change during the call). The same limits as the per-entry counts
//! apply (`counts`): no check inside ops that may run regions concurrently
//! or are isolated from above, none for an expression the checks cannot
//! evaluate. A planted wrong count (`plant=per-call`) expects one more.

use super::counts::{body_start, emit_expr, function_args, function_of, magnitude};
use super::emit::{Cmp, Emitter};
use super::Claim;
use crate::facts::ir::Op;
use crate::facts::symbolic::expr::Expr;
use crate::facts::LoopRecord;

/// One per-call count to check.
pub(super) struct Plan<'a> {
    /// The op each counted execution starts with.
    counted_at: Op<'a>,
    function: Op<'a>,
    claimed: Expr,
    signed: Option<bool>,
    what: &'static str,
}

/// The per-call checks of loop `l` (entries, total body count), read
/// before anything is inserted.
pub(super) fn plans<'a>(l: &LoopRecord<'a>) -> Vec<Plan<'a>> {
    let Some(function) = function_of(l.op).filter(|f| f.is("func.func")) else { return Vec::new() };
    if !l.dims.is_empty() {
        return Vec::new();
    }
    let signed = l.counter.as_ref().map(|c| c.signed);
    let number = |n: u128| i128::try_from(n).ok().map(Expr::constant);
    let entries = l.entries.and_then(number).or_else(|| l.entries_expr.clone());
    let total = match (l.totals(), l.symbolic_totals()) {
        (Some((b, _)), _) => number(b),
        (None, Some((b, _))) => Some(b),
        _ => None,
    };
    let mut plans = Vec::new();
    if let Some(e) = entries.filter(|e| magnitude(e).is_some()) {
        plans.push(Plan { counted_at: l.op, function, claimed: e, signed, what: "is entered" });
    }
    if let (Some(t), Some(start)) = (total.filter(|t| magnitude(t).is_some()), body_start(l.op)) {
        plans.push(Plan { counted_at: start, function, claimed: t, signed, what: "runs its body" });
    }
    plans
}

/// Inserts the checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: bool) -> bool {
    build(em, plan, claim, plant).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: bool) -> Option<()> {
    let Plan { counted_at, function, claimed, signed, what } = plan;
    if !function.is_within(em.rw.root()) {
        return None;
    }
    let entry = function.entry_block(0)?;
    let args = function_args(counted_at);
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
    let old = em.load(counted_at, slot)?;
    let one = em.i64_const(counted_at, 1)?;
    let new = em.binary(counted_at, "arith.addi", old, one)?;
    em.store(counted_at, new, slot)?;
    let text = format!("{} {what} {claimed} times per call of its function", claim.op_name);
    for ret in returns {
        let expected = emit_expr(em, ret, &claimed, &args, signed)?;
        let expected = em.add_const(ret, expected, i128::from(plant))?;
        let ran = em.load(ret, slot)?;
        let ran = em.widen(ret, ran, false)?;
        let ok = em.cmp(ret, Cmp::Eq, ran, expected)?;
        em.assert(ret, ok, &claim.message(&text))?;
    }
    Some(())
}
