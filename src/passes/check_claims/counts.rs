//! Run-time checks of trip counts per loop entry.
//!
//! For a loop with an exact or at-most body count (`scf.for`,
//! `affine.for`, `loom.for`, `scf.while`, counted `loom.loop`; also its
//! condition count for an `scf.while` or a `loom.loop`), an `i64` slot (`memref.alloca` at the start of the
//! enclosing function's entry block, so a loop in a loop allocates once
//! per call) counts executions: set to 0 right before the loop, incremented
//! where each execution starts (the body block; for a `loom.loop`, right
//! after its guard, the ops before it being its condition), and compared
//! right after the loop with the claimed count, `==` for exact counts and
//! `<=` for at-most ones. A symbolic count is evaluated right before the
//! loop, at its entry, in `i128`: `%argN` is the enclosing function's
//! argument, extended in the loop's order; `dim(%argN, K)` is its
//! `memref.dim`. Checks are made only where they are sound:
//! - not for a count with an opaque leaf (no value names it), a product or
//!   coefficients whose `i128` evaluation could wrap (a static bound on
//!   every subterm's magnitude, [`magnitude`], must stay below 2^125);
//! - not inside an op that may run its regions concurrently or is isolated
//!   from above between the loop and the function (one slot per call);
//! - a loop left by an exit to an enclosing op skips its check (no claim is
//!   checked, none is wrongly failed).
//!
//! A planted wrong claim (`plant=count`, test only) expects one execution
//! more (exact) or one fewer (at most).

use super::emit::{Cmp, Emitter};
use super::Claim;
use crate::facts::ir::{int_type, is_isolated_from_above, Op, Val};
use crate::facts::recognize::find_guard;
use crate::facts::symbolic::expr::{Expr, Leaf, Term};
use crate::facts::{LoopRecord, Status};

/// Ops whose regions may run concurrently: a shared slot would race.
const CONCURRENT: [&str; 6] =
    ["scf.parallel", "scf.forall", "affine.parallel", "async.execute", "gpu.launch", "omp.parallel"];

/// The op each execution of loop `op`'s body starts with, for the loops
/// these checks read: the first op of the body block; for a counted
/// `loom.loop`, the op after its guard (the ops before it run once per
/// condition).
pub(super) fn body_start(op: Op<'_>) -> Option<Op<'_>> {
    let first = |region: usize| op.entry_block(region).and_then(|b| b.first_op());
    match op.name_bytes() {
        b"scf.for" | b"affine.for" | b"loom.for" => first(0),
        b"scf.while" => first(1),
        b"loom.loop" => find_guard(op, op.entry_block(0)?).ok()?.0.next(),
        _ => None,
    }
}

/// Where the executions a count claims are counted ([`body_start`], and
/// the first op of the condition region of an `scf.while` or `loom.loop`),
/// the claimed number, and what runs.
fn counted<'a>(op: Op<'a>, count: &Count) -> Option<Vec<(Op<'a>, Expr, &'static str)>> {
    let mut points = vec![(body_start(op)?, count.body.clone(), "body")];
    if let (b"scf.while" | b"loom.loop", Some(c)) = (op.name_bytes(), &count.condition) {
        points.push((op.entry_block(0)?.first_op()?, c.clone(), "condition"));
    }
    Some(points)
}

/// The function enclosing `op` whose entry block gets the slots, if every
/// op between them lets a slot there be used at `op` by one thread.
pub(super) fn function_of(op: Op<'_>) -> Option<Op<'_>> {
    let mut at = op.parent();
    while let Some(p) = at {
        if p.has_attr("function_type") {
            return Some(p);
        }
        if p.is_one_of(&CONCURRENT) || is_isolated_from_above(p) {
            return None;
        }
        at = p.parent();
    }
    None
}

/// The arguments of the function enclosing `op` (what `%argN` names), none
/// outside a function.
pub(super) fn function_args(op: Op<'_>) -> Vec<Val<'_>> {
    let mut at = op.parent();
    while let Some(p) = at {
        if p.has_attr("function_type") {
            return p.entry_block(0).map_or(Vec::new(), |b| (0..b.num_args()).map(|i| b.arg(i)).collect());
        }
        at = p.parent();
    }
    Vec::new()
}

/// A claimed count: exact or at most, as an expression.
struct Count {
    exact: bool,
    body: Expr,
    condition: Option<Expr>,
}

fn count_of(l: &LoopRecord<'_>) -> Option<Count> {
    let num = |n: u128| i128::try_from(n).ok().map(Expr::constant);
    Some(match &l.status {
        Status::Exact { body_count, condition_count } => Count {
            exact: true,
            body: num(*body_count)?,
            condition: match condition_count {
                Some(c) => Some(num(*c)?),
                None => None,
            },
        },
        Status::AtMost { max_body_count, .. } => Count { exact: false, body: num(*max_body_count)?, condition: None },
        Status::SymbolicExact { body_count, condition_count } => {
            Count { exact: true, body: body_count.clone(), condition: condition_count.clone() }
        }
        Status::SymbolicAtMost { max_body_count, .. } => {
            Count { exact: false, body: max_body_count.clone(), condition: None }
        }
        Status::Unknown { .. } => return None,
    })
}

/// An upper bound on |value| of `e` and every subterm, when its leaves are
/// function arguments of at most 64 bits and buffer sizes; None when a
/// leaf has no such bound (opaque) or the bound passes 2^125.
pub(super) fn magnitude(e: &Expr) -> Option<u128> {
    const LIMIT: u128 = 1 << 125;
    let (c, terms) = e.linear_parts();
    let mut total = c.unsigned_abs();
    for (t, k) in terms {
        let m = match t {
            Term::Leaf(Leaf::Arg(_) | Leaf::Dim(..)) => 1u128 << 64,
            Term::Leaf(Leaf::Opaque { .. }) => return None,
            Term::Mul(a, b) => magnitude(a)?.checked_mul(magnitude(b)?)?,
            Term::CeilDiv(a, _) => magnitude(a)?,
            Term::Max(a, b) | Term::Min(a, b) => magnitude(a)?.max(magnitude(b)?),
        };
        total = total.checked_add(m.checked_mul(k.unsigned_abs())?)?;
        if total >= LIMIT {
            return None;
        }
    }
    (total < LIMIT).then_some(total)
}

/// Emits `e` as `i128` ops before `before`; `args` are the function's
/// arguments, read in the `signed` order (None: an argument is not read).
pub(super) fn emit_expr<'a>(
    em: &mut Emitter<'_, 'a>,
    before: Op<'a>,
    e: &Expr,
    args: &[Val<'a>],
    signed: Option<bool>,
) -> Option<Val<'a>> {
    let (c, terms) = e.linear_parts();
    let mut acc = if c == 0 && !terms.is_empty() { None } else { Some(em.wide_const(before, c)?) };
    for (t, k) in terms {
        let v = match t {
            Term::Leaf(Leaf::Arg(n)) => {
                let a = *args.get(*n as usize)?;
                // At most 64 bits: what `magnitude` assumed.
                if int_type(a.ty(), 64)?.width() > 64 {
                    return None;
                }
                // Read in the counter's order (no counter: not read).
                em.widen(before, a, signed?)?
            }
            Term::Leaf(Leaf::Dim(n, dim)) => {
                let a = *args.get(*n as usize)?;
                em.dim(before, a, usize::try_from(*dim).ok()?, None)?
            }
            Term::Leaf(Leaf::Opaque { .. }) => return None,
            Term::Mul(a, b) => {
                let a = emit_expr(em, before, a, args, signed)?;
                let b = emit_expr(em, before, b, args, signed)?;
                em.binary(before, "arith.muli", a, b)?
            }
            Term::CeilDiv(a, d) => {
                let a = emit_expr(em, before, a, args, signed)?;
                let d = em.wide_const(before, *d)?;
                em.binary(before, "arith.ceildivsi", a, d)?
            }
            Term::Max(a, b) | Term::Min(a, b) => {
                let name = if matches!(t, Term::Max(..)) { "arith.maxsi" } else { "arith.minsi" };
                let a = emit_expr(em, before, a, args, signed)?;
                let b = emit_expr(em, before, b, args, signed)?;
                em.binary(before, name, a, b)?
            }
        };
        let term = if *k == 1 {
            v
        } else {
            let k = em.wide_const(before, *k)?;
            em.binary(before, "arith.muli", v, k)?
        };
        acc = Some(match acc {
            Some(a) => em.binary(before, "arith.addi", a, term)?,
            None => term,
        });
    }
    acc
}

/// Whether loop `l` claims a count (checked or not).
pub(super) fn claims_count(l: &LoopRecord<'_>) -> bool {
    count_of(l).is_some()
}

/// A count check to make: where executions are counted and the claim.
pub(super) struct Plan<'a> {
    op: Op<'a>,
    count: Count,
    points: Vec<(Op<'a>, Expr, &'static str)>,
    function: Op<'a>,
    /// The order the claim reads `%argN` in (the counter's).
    signed: Option<bool>,
}

/// The count check of loop `l`, read on the IR before any check is
/// inserted (a `loom.loop`'s guard is found by its place in the body);
/// None when these checks do not read its count.
pub(super) fn plan<'a>(l: &LoopRecord<'a>) -> Option<Plan<'a>> {
    let count = count_of(l)?;
    if !l.dims.is_empty()
        || magnitude(&count.body).is_none()
        || count.condition.as_ref().is_some_and(|c| magnitude(c).is_none())
    {
        return None;
    }
    Some(Plan {
        op: l.op,
        points: counted(l.op, &count)?,
        count,
        function: function_of(l.op)?,
        signed: l.counter.as_ref().map(|c| c.signed),
    })
}

/// Inserts the count checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: bool) -> bool {
    build(em, plan, claim, plant).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: bool) -> Option<()> {
    let Plan { op, count, points, function, signed } = plan;
    if !function.is_within(em.rw.root()) {
        return None;
    }
    let entry = function.entry_block(0)?;
    let args: Vec<Val<'a>> = (0..entry.num_args()).map(|i| entry.arg(i)).collect();
    let after = op.next()?;
    for (first, claimed, what) in points {
        // Evaluate the claim at the loop's entry (the arguments it reads do
        // not change, but the sizes it reads are read here).
        let expected = emit_expr(em, op, &claimed, &args, signed)?;
        let planted = match (plant, count.exact) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => -1,
        };
        let expected = em.add_const(op, expected, planted)?;
        let slot = em.slot(entry.first_op()?)?;
        let zero = em.i64_const(op, 0)?;
        em.store(op, zero, slot)?;
        let old = em.load(first, slot)?;
        let one = em.i64_const(first, 1)?;
        let new = em.binary(first, "arith.addi", old, one)?;
        em.store(first, new, slot)?;
        let ran = em.load(after, slot)?;
        let ran = em.widen(after, ran, false)?;
        let ok = em.cmp(after, if count.exact { Cmp::Eq } else { Cmp::Sle }, ran, expected)?;
        let text = format!(
            "{} runs its {what} {} {claimed} times per entry",
            claim.op_name,
            if count.exact { "exactly" } else { "at most" }
        );
        em.assert(after, ok, &claim.message(&text))?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(n: u32) -> Expr {
        Expr::leaf(Leaf::Arg(n))
    }

    #[test]
    fn magnitude_bounds_every_leaf_by_64_bits() {
        assert_eq!(magnitude(&Expr::constant(-5)), Some(5));
        // 3 + 2^64 + 2 * 2^64.
        let e = arg(0).add(&arg(1).scale(2).unwrap()).unwrap().add_const(3).unwrap();
        assert_eq!(magnitude(&e), Some(3 * (1u128 << 64) + 3));
        // A product of two counts: 2^128, past what i128 evaluation allows.
        assert_eq!(magnitude(&arg(0).mul(&arg(1)).unwrap()), None);
        // A coefficient large enough to reach 2^125.
        assert_eq!(magnitude(&arg(0).scale(1 << 61).unwrap()), None);
        assert!(magnitude(&arg(0).scale(1 << 60).unwrap()).is_some());
        // No value names an opaque leaf.
        assert_eq!(magnitude(&Expr::leaf(Leaf::Opaque { id: 1, what: "x".into() })), None);
    }
}
