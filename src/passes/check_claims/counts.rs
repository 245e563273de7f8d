//! Run-time checks of trip counts per loop entry.
//!
//! For a loop with an exact or at-most body count (`scf.for`,
//! `affine.for`, `loom.for`, `scf.while`, counted `loom.loop`, and
//! `scf.parallel`, `scf.forall`, `affine.parallel`, whose body runs the
//! product of their dimensions' counts; also its condition count for an
//! `scf.while` or a `loom.loop`), an `i64` slot (`memref.alloca` at the
//! start of the enclosing function's entry block, so a loop in a loop
//! allocates once per call) counts executions: set to 0 right before the
//! loop, incremented where each execution starts (the body block; for a
//! `loom.loop`, right after its guard, the ops before it being its
//! condition; in a multi-dimensional loop, whose executions may run
//! concurrently, by one `memref.atomic_rmw addi`), and compared right after
//! the loop with the claimed count, `==` for exact counts and `<=` for
//! at-most ones. The count is evaluated right before the loop, at its
//! entry, in `i128` (see [`crate::passes::check_code::eval`]: `%argN`, `dim(%argN, K)` and the
//! values the report cannot name, such as an enclosing loop's counter, are
//! read there). Checks are made only where they are sound:
//! - not for a count reading a value not in scope before the loop, or
//!   whose `i128` evaluation could wrap (a static bound on every subterm's
//!   magnitude, `eval::magnitude`, must stay below 2^125);
//! - not inside an op that may run its regions concurrently or is isolated
//!   from above between the loop and the function (one slot per call);
//! - a loop left by an exit to an enclosing op skips its check (no claim is
//!   checked, none is wrongly failed).
//!
//! A planted wrong claim (test only) expects one execution more (exact) or
//! one fewer (at most): of the body with `plant=count`, of the condition
//! with `plant=condition`.

use super::{Claim, Plant};
use crate::facts::ir::{is_isolated_from_above, Op};
use crate::facts::recognize::find_guard;
use crate::facts::symbolic::expr::Expr;
use crate::facts::{LoopRecord, Status};
use crate::passes::check_code::emit::{Cmp, Emitter};
use crate::passes::check_code::eval::{emit_expr, magnitude, Leaves};

/// Ops whose regions may run concurrently: a shared slot would race.
pub(super) const CONCURRENT: [&str; 6] =
    ["scf.parallel", "scf.forall", "affine.parallel", "async.execute", "gpu.launch", "omp.parallel"];

/// The op each execution of loop `op`'s body starts with, for the loops
/// these checks read: the first op of the body block; for a counted
/// `loom.loop`, the op after its guard (the ops before it run once per
/// condition).
pub(super) fn body_start(op: Op<'_>) -> Option<Op<'_>> {
    let first = |region: usize| op.entry_block(region).and_then(|b| b.first_op());
    match op.name_bytes() {
        b"scf.for" | b"affine.for" | b"loom.for" | b"scf.parallel" | b"scf.forall" | b"affine.parallel" => first(0),
        b"scf.while" => first(1),
        b"loom.loop" => find_guard(op, op.entry_block(0)?).ok()?.0.next(),
        _ => None,
    }
}

/// The op each execution of the condition of loop `op` starts with: the
/// first op of the condition region of an `scf.while`, of the body of a
/// `loom.loop` (its ops before the guard are its condition). Other loops
/// have no condition region: the lowering makes their condition.
pub(super) fn condition_start(op: Op<'_>) -> Option<Op<'_>> {
    match op.name_bytes() {
        b"scf.while" | b"loom.loop" => op.entry_block(0)?.first_op(),
        _ => None,
    }
}

/// The part of a loop whose executions a count counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Body,
    Condition,
}

impl Part {
    /// Its name in messages.
    pub(super) fn name(self) -> &'static str {
        match self {
            Part::Body => "body",
            Part::Condition => "condition",
        }
    }

    /// The planted wrong claim that changes its counts.
    pub(super) fn planted_by(self) -> Plant {
        match self {
            Part::Body => Plant::Count,
            Part::Condition => Plant::Condition,
        }
    }
}

/// Where the executions a count claims are counted ([`body_start`], and
/// the first op of the condition region of an `scf.while` or `loom.loop`),
/// the claimed number, and what runs.
fn counted<'a>(op: Op<'a>, count: &Count) -> Option<Vec<(Op<'a>, Expr, Part)>> {
    let mut points = vec![(body_start(op)?, count.body.clone(), Part::Body)];
    if let (Some(start), Some(c)) = (condition_start(op), &count.condition) {
        points.push((start, c.clone(), Part::Condition));
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

/// Why the count of loop `op` has no check, in a remark.
pub(super) fn why_unchecked(op: Op<'_>) -> &'static str {
    if function_of(op).is_none() {
        "it is in no function, or inside an op that may run its regions concurrently or is isolated from above (no counting slot would be one thread's)"
    } else {
        "the claimed count reads a value the checks cannot evaluate (an enclosing loop's counter, an opaque value) or may pass 2^125"
    }
}

/// Whether loop `l` claims a count (checked or not).
pub(super) fn claims_count(l: &LoopRecord<'_>) -> bool {
    count_of(l).is_some()
}

/// A count check to make: where executions are counted and the claim.
pub(super) struct Plan<'a> {
    op: Op<'a>,
    count: Count,
    points: Vec<(Op<'a>, Expr, Part)>,
    function: Op<'a>,
    /// What the claim's expressions read, at the loop's entry.
    leaves: Leaves<'a>,
    /// The order the claim reads `%argN` in (the counter's).
    signed: Option<bool>,
}

/// The count check of loop `l`, read on the IR before any check is
/// inserted (a `loom.loop`'s guard is found by its place in the body);
/// None when these checks do not read its count.
pub(super) fn plan<'a>(l: &LoopRecord<'a>) -> Option<Plan<'a>> {
    let count = count_of(l)?;
    let leaves = Leaves::at(l.op);
    if magnitude(&count.body, &leaves).is_none()
        || count.condition.as_ref().is_some_and(|c| magnitude(c, &leaves).is_none())
    {
        return None;
    }
    Some(Plan {
        op: l.op,
        points: counted(l.op, &count)?,
        count,
        function: function_of(l.op)?,
        leaves,
        // Every dimension of a multi-dimensional loop is signed.
        signed: l.signed(),
    })
}

/// Inserts the count checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: Plant) -> bool {
    build(em, plan, claim, plant).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: Plant) -> Option<()> {
    let Plan { op, count, points, function, leaves, signed } = plan;
    if !function.is_within(em.rw.root()) {
        return None;
    }
    let entry = function.entry_block(0)?;
    let after = op.next()?;
    for (first, claimed, what) in points {
        // Evaluate the claim at the loop's entry (the arguments it reads do
        // not change, but the sizes it reads are read here).
        let expected = emit_expr(em, op, &claimed, &leaves, signed)?;
        let planted = match (plant == what.planted_by(), count.exact) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => -1,
        };
        let expected = em.add_const(op, expected, planted)?;
        let slot = em.slot(entry.first_op()?)?;
        let zero = em.i64_const(op, 0)?;
        em.store(op, zero, slot)?;
        // Its own executions may run concurrently.
        em.count_one(first, slot, op.is_one_of(&CONCURRENT))?;
        let ran = em.load(after, slot)?;
        let ran = em.widen(after, ran, false)?;
        let ok = em.cmp(after, if count.exact { Cmp::Eq } else { Cmp::Sle }, ran, expected)?;
        let text = format!(
            "{} runs its {} {} {claimed} times per entry",
            claim.op_name,
            what.name(),
            if count.exact { "exactly" } else { "at most" }
        );
        em.assert(after, ok, &claim.message(&text))?;
    }
    Some(())
}
