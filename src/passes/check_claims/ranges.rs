//! Run-time checks of counter ranges: in loop bodies, in conditions and on
//! exit.
//!
//! The facts claim, for a loop's counter, the range of the values it takes
//! in each place: a numeric interval in the counter's order (for a
//! symbolic loop, bounds valid for every argument value) and, for a
//! symbolic loop, the exact range as two expressions. Where a value of the
//! IR holds the counter (plus a constant offset, modulo `2^width`: what
//! recognition calls its roles), it is checked where it is defined, in
//! `i128`: `(value - offset) mod 2^width`, read in the counter's order,
//! must lie in each claimed range (`lo <= counter <= hi`):
//! - `scf.for`, `affine.for`, `loom.for`: the induction variable (its
//!   body's argument 0, 1 for `loom.for` after its token) against the body
//!   range, at the start of the body; their condition and exit values are
//!   no value of the IR (the lowering makes them): [`super::exit`] checks
//!   them from the body count;
//! - `scf.parallel`, `scf.forall`, `affine.parallel`: each dimension's
//!   induction variable (argument `k`) against its body range;
//! - `scf.while`: the counter (a before-region argument) against the
//!   condition range at the start of the condition region, each
//!   after-region argument fed from it against the body range at the start
//!   of the body, and each result fed from it against the exit value right
//!   after the loop (only for an exact count: with early exits no exit
//!   value is claimed);
//! - counted `loom.loop`: the counter (a body argument) against the
//!   condition range at the start of the body and against the body range
//!   right after its guard; its exit value is no value of the IR.
//!
//! The roles of `scf.while` and `loom.loop` come from recognition run again
//! on the unchanged IR ([`roles`]); a loop whose recognition now fails, or
//! reads the counter at another width or order than its facts, gets no
//! check. A symbolic range is checked only when its expressions read
//! nothing the checks cannot evaluate (see `eval::magnitude`); the
//! numeric one always. A planted wrong range (`plant=range`, test only)
//! checks every range one higher (its lowest value then fails; the message
//! names the range the facts claim).

use super::counts::body_start;
use super::Claim;
use crate::analysis::Options as AnalysisOptions;
use crate::facts::bits::to_signed;
use crate::facts::interval::Interval;
use crate::facts::ir::{int_type, Def, FastMap, Op, Val};
use crate::facts::recognize::{recognize, Context, Observed, Recognized};
use crate::facts::symbolic::expr::Expr;
use crate::facts::{Analysis, Counter, LoopRecord};
use crate::passes::check_code::emit::{Cmp, Emitter};
use crate::passes::check_code::eval::{emit_expr, magnitude, Leaves};

/// One value holding the counter, and what is claimed of it there.
pub(super) struct Plan<'a> {
    /// The value: `counter + offset (mod 2^width)`.
    value: Val<'a>,
    offset: u128,
    width: u32,
    signed: bool,
    /// The op the check goes before (read before anything is inserted).
    at: Op<'a>,
    /// None for a symbolic loop's exit value (only its expression).
    numeric: Option<Interval>,
    symbolic: Option<(Expr, Expr)>,
    /// What the symbolic range reads (values dominating the loop).
    leaves: Leaves<'a>,
    /// Where the value is observed, and how the message names it.
    place: Place,
    what: String,
}

/// Where a counter's range is claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Condition,
    Body,
    Exit,
}

/// Recognition of every `scf.while` and `loom.loop` of the analysed IR
/// (its roles: the values holding the counter), by loop.
pub(super) fn roles<'a>(analysis: &Analysis<'a>, options: &AnalysisOptions) -> FastMap<Op<'a>, Recognized<'a>> {
    let mut found = FastMap::default();
    for scope in analysis.scopes() {
        if scope.opaque().is_some() {
            continue;
        }
        let ranges = scope.ranges();
        let ctx = Context { ranges: &ranges, allowed: options.assumptions(), exits: true };
        analysis.walk_scope(scope, &mut |op| {
            if op.is_one_of(&["scf.while", "loom.loop"]) {
                if let Ok(rec) = recognize(op, scope.index_width, &ctx) {
                    found.insert(op, rec);
                }
            }
        });
    }
    found
}

/// The range checks of loop `l` (one per value holding a counter where a
/// range is claimed), read before anything is inserted.
pub(super) fn plans<'a>(l: &LoopRecord<'a>, roles: &FastMap<Op<'a>, Recognized<'a>>) -> Vec<Plan<'a>> {
    let leaves = Leaves::at(l.op);
    let mut plans = Vec::new();
    let name = l.op.name();
    match (name.as_str(), &l.counter) {
        ("scf.for" | "affine.for" | "loom.for", Some(c)) => {
            let iv = usize::from(name == "loom.for");
            plans.extend(induction(l.op, iv, c, &leaves, "its counter".into()));
        }
        ("scf.parallel" | "scf.forall" | "affine.parallel", None) => {
            for (k, d) in l.dims.iter().enumerate() {
                if let Some(c) = &d.counter {
                    plans.extend(induction(l.op, k, c, &leaves, format!("its induction variable {k}")));
                }
            }
        }
        ("scf.while" | "loom.loop", Some(c)) => {
            if let Some(rec) = roles.get(&l.op).filter(|r| r.width == c.width && r.signed == c.signed) {
                plans.extend(counter_roles(l.op, rec, c, &leaves));
            }
        }
        _ => {}
    }
    plans
}

/// The body-range check of induction variable `arg` of loop `op`.
fn induction<'a>(op: Op<'a>, arg: usize, c: &Counter, leaves: &Leaves<'a>, what: String) -> Option<Plan<'a>> {
    let body = op.entry_block(0)?;
    if arg >= body.num_args() {
        return None;
    }
    Some(Plan {
        value: body.arg(arg),
        offset: 0,
        width: c.width,
        signed: c.signed,
        at: body.first_op()?,
        numeric: Some(c.body?),
        symbolic: c.symbolic.as_ref().map(|s| s.body.clone()),
        leaves: leaves.clone(),
        place: Place::Body,
        what,
    })
}

/// The checks of the values holding the counter of an `scf.while` or a
/// counted `loom.loop` (`rec`: its recognition).
fn counter_roles<'a>(op: Op<'a>, rec: &Recognized<'a>, c: &Counter, leaves: &Leaves<'a>) -> Vec<Plan<'a>> {
    let sym = c.symbolic.as_deref();
    let mut plans = Vec::new();
    for role in &rec.roles {
        let Some(value_width) = int_type(role.value.ty(), c.width).map(|t| t.width()) else { continue };
        if value_width != c.width {
            continue;
        }
        let what = holder(op, role.value, role.offset, c.width);
        let plan = |at: Option<Op<'a>>, numeric: Option<Interval>, symbolic: Option<(Expr, Expr)>, place| {
            if numeric.is_none() && symbolic.is_none() {
                return None;
            }
            // Checked where it is defined: an argument of the block the
            // check goes in, or a result of the loop checked after it.
            let at = at?;
            let in_scope = match role.value.def() {
                Def::Arg(block, _) => at.block() == Some(block),
                Def::Result(owner) => owner == op,
            };
            if !in_scope {
                return None;
            }
            Some(Plan {
                value: role.value,
                offset: role.offset,
                width: c.width,
                signed: c.signed,
                at,
                numeric,
                symbolic,
                leaves: leaves.clone(),
                place,
                what: what.clone(),
            })
        };
        let first = |region: usize| op.entry_block(region).and_then(|b| b.first_op());
        match role.observed {
            Observed::Condition => {
                plans.extend(plan(first(0), Some(c.condition), sym.map(|s| s.condition.clone()), Place::Condition));
                if role.split_at.is_some() {
                    // A `loom.loop`'s counter after its guard: the body's.
                    plans.extend(plan(body_start(op), c.body, sym.map(|s| s.body.clone()), Place::Body));
                }
            }
            Observed::Body if op.is("scf.while") => {
                plans.extend(plan(first(1), c.body, sym.map(|s| s.body.clone()), Place::Body));
            }
            Observed::Exit if op.is("scf.while") => {
                let exit = sym.and_then(|s| s.exit.clone()).map(|e| (e.clone(), e));
                plans.extend(plan(op.next(), c.exit.map(Interval::point), exit, Place::Exit));
            }
            _ => {}
        }
    }
    plans
}

/// How a message names the counter as `value` (holding `counter + offset`
/// mod `2^width`) of loop `op` holds it: `its counter` for the loop's own
/// counter argument, else with the argument or result that holds it and
/// the offset taken off.
fn holder(op: Op<'_>, value: Val<'_>, offset: u128, width: u32) -> String {
    let place = match value.def() {
        Def::Arg(block, _) if op.entry_block(0) == Some(block) => return "its counter".into(),
        Def::Arg(_, n) => format!("its body's argument {n}"),
        Def::Result(_) => match (0..op.num_results()).find(|&i| op.result(i) == value) {
            Some(n) => format!("its result {n}"),
            None => "a value".into(),
        },
    };
    match to_signed(offset, width) {
        0 => format!("its counter ({place})"),
        k if k > 0 => format!("its counter ({place} - {k})"),
        k => format!("its counter ({place} + {})", -k),
    }
}

/// Inserts the checks of `plan`; false if they could not be built.
pub(super) fn check<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: bool) -> bool {
    build(em, plan, claim, plant).is_some()
}

/// `(v - offset) mod 2^width` in the counter's order, as an `i128` (`v` an
/// integer or `index` of `width` bits).
fn counter_value<'a>(
    em: &mut Emitter<'_, 'a>,
    before: Op<'a>,
    v: Val<'a>,
    offset: u128,
    width: u32,
    signed: bool,
) -> Option<Val<'a>> {
    if offset == 0 {
        return em.widen(before, v, signed);
    }
    if width == 0 || width > 64 {
        return None;
    }
    let modulus = 1i128 << width;
    let wide = em.widen(before, v, false)?;
    // In [0, 2^(width+1)): no wrap in i128.
    let shifted = em.add_const(before, wide, modulus - i128::try_from(offset).ok()?)?;
    let m = em.wide_const(before, modulus)?;
    let unsigned = em.binary(before, "arith.remui", shifted, m)?;
    if !signed {
        return Some(unsigned);
    }
    let half = em.wide_const(before, modulus / 2)?;
    let negative = em.cmp(before, Cmp::Sle, half, unsigned)?;
    let below = em.add_const(before, unsigned, -modulus)?;
    em.select(before, negative, below, unsigned)
}

/// `lo <= v <= hi` asserted with `text` (in the claim's message).
fn assert_within<'a>(
    em: &mut Emitter<'_, 'a>,
    before: Op<'a>,
    v: Val<'a>,
    (lo, hi): (Val<'a>, Val<'a>),
    claim: &Claim<'a>,
    text: &str,
) -> Option<()> {
    let above = em.cmp(before, Cmp::Sle, lo, v)?;
    let below = em.cmp(before, Cmp::Sle, v, hi)?;
    let ok = em.all(before, &[above, below])?;
    em.assert(before, ok, &claim.message(text))
}

fn build<'a>(em: &mut Emitter<'_, 'a>, plan: Plan<'a>, claim: &Claim<'a>, plant: bool) -> Option<()> {
    let Plan { value, offset, width, signed, at: before, numeric, symbolic, leaves, place, what } = plan;
    let shift = i128::from(plant);
    let v = counter_value(em, before, value, offset, width, signed)?;
    let range = |lo: &dyn std::fmt::Display, hi: &dyn std::fmt::Display| {
        let op = &claim.op_name;
        match place {
            Place::Exit => format!("{op} exits with {what} at {lo}"),
            Place::Condition => format!("{op} runs its condition with {what} in [{lo}, {hi}]"),
            Place::Body => format!("{op} runs its body with {what} in [{lo}, {hi}]"),
        }
    };
    if let Some(numeric) = numeric {
        let lo = em.wide_const(before, numeric.lo.checked_add(shift)?)?;
        let hi = em.wide_const(before, numeric.hi.checked_add(shift)?)?;
        assert_within(em, before, v, (lo, hi), claim, &range(&numeric.lo, &numeric.hi))?;
    }
    // The exact symbolic range, where the checks can evaluate it.
    let Some((slo, shi)) = symbolic else { return Some(()) };
    let (Some(planted_lo), Some(planted_hi)) = (slo.add_const(shift), shi.add_const(shift)) else { return Some(()) };
    if magnitude(&planted_lo, &leaves).is_none() || magnitude(&planted_hi, &leaves).is_none() {
        return Some(());
    }
    let s = Some(signed);
    let (Some(lo), Some(hi)) =
        (emit_expr(em, before, &planted_lo, &leaves, s), emit_expr(em, before, &planted_hi, &leaves, s))
    else {
        return Some(());
    };
    assert_within(em, before, v, (lo, hi), claim, &range(&slo, &shi))
}
