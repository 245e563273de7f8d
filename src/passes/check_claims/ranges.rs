//! Run-time checks of counter ranges in loop bodies.
//!
//! For an `scf.for`, `affine.for` or `loom.for` (induction variable: its
//! body's argument 0, 1 for `loom.for` after its token) and each dimension
//! of an `scf.parallel`, `scf.forall` or `affine.parallel` (argument `k`),
//! the facts claim the range of the induction variable in the body: a
//! numeric interval in the counter's order (for a symbolic loop, bounds
//! valid for every argument value) and, for a symbolic loop, the exact
//! range as two expressions. At the start of the body, the value, widened
//! to `i128` in the counter's order, must lie in each (`lo <= iv <= hi`).
//! A symbolic range is checked only when its expressions read nothing the
//! checks cannot evaluate (see `counts::magnitude`); the numeric one always.

use super::counts::{emit_expr, magnitude};
use super::emit::{Cmp, Emitter};
use super::Claim;
use crate::facts::ir::{Op, Val};
use crate::facts::{Counter, LoopRecord};

/// One induction variable and what is claimed of it.
pub(super) struct Plan<'a> {
    iv: Val<'a>,
    /// The op the body starts with (read before anything is inserted).
    first: Op<'a>,
    counter: Counter,
    args: Vec<Val<'a>>,
    what: String,
}

/// The range checks of loop `l` (one per induction variable with a body
/// range), read before anything is inserted.
pub(super) fn plans<'a>(l: &LoopRecord<'a>) -> Vec<Plan<'a>> {
    let Some(body) = l.op.entry_block(0) else { return Vec::new() };
    let Some(first) = body.first_op() else { return Vec::new() };
    let args = super::counts::function_args(l.op);
    let counters: Vec<(usize, &Counter, String)> = match (&*l.op.name_ref(), &l.counter) {
        ("scf.for" | "affine.for", Some(c)) => vec![(0, c, "its counter".into())],
        ("loom.for", Some(c)) => vec![(1, c, "its counter".into())],
        ("scf.parallel" | "scf.forall" | "affine.parallel", None) => l
            .dims
            .iter()
            .enumerate()
            .filter_map(|(k, d)| Some((k, d.counter.as_ref()?, format!("its induction variable {k}"))))
            .collect(),
        _ => Vec::new(),
    };
    counters
        .into_iter()
        .filter(|(i, c, _)| *i < body.num_args() && c.body.is_some())
        .map(|(i, c, what)| Plan { iv: body.arg(i), first, counter: c.clone(), args: args.clone(), what })
        .collect()
}

/// Inserts the checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>) -> bool {
    build(em, plan, claim).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>) -> Option<()> {
    let Plan { iv, first, counter, args, what } = plan;
    let body = counter.body?;
    let before = first;
    let v = em.widen(before, iv, counter.signed)?;
    let lo = em.wide_const(before, body.lo)?;
    let hi = em.wide_const(before, body.hi)?;
    let above = em.cmp(before, Cmp::Sle, lo, v)?;
    let below = em.cmp(before, Cmp::Sle, v, hi)?;
    let ok = em.all(before, &[above, below])?;
    let text = format!("{} runs its body with {what} in [{}, {}]", claim.op_name, body.lo, body.hi);
    em.assert(before, ok, &claim.message(&text))?;
    // The exact symbolic range, where the checks can evaluate it.
    let Some(sym) = &counter.symbolic else { return Some(()) };
    let (slo, shi) = &sym.body;
    if magnitude(slo).is_none() || magnitude(shi).is_none() {
        return Some(());
    }
    let signed = Some(counter.signed);
    let (Some(lo), Some(hi)) = (emit_expr(em, before, slo, &args, signed), emit_expr(em, before, shi, &args, signed))
    else {
        return Some(());
    };
    let above = em.cmp(before, Cmp::Sle, lo, v)?;
    let below = em.cmp(before, Cmp::Sle, v, hi)?;
    let ok = em.all(before, &[above, below])?;
    let text = format!("{} runs its body with {what} in [{slo}, {shi}]", claim.op_name);
    em.assert(before, ok, &claim.message(&text))
}
