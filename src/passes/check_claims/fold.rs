//! Run-time checks of what `loom-fold-loop-facts` decides (its phase 1,
//! `fold_loop_facts::decisions`, shared, not copied): right after each
//! decided comparison, `cf.assert` that its result equals the constant the
//! fold would put in its place; after each decided extremum, that its
//! result equals the candidate the fold would use (an operand, or a
//! constant of its type); after each comparison function versioning
//! (`version-functions=true`) replaces by `true` in a function's unchecked
//! copy, that it is true wherever the function's condition, evaluated
//! there from the arguments, holds. A planted wrong claim (test only)
//! expects the other boolean, or the candidate plus one (`plant=fold`), or
//! a versioned comparison false where the condition holds
//! (`plant=version`).

use super::Claim;
use crate::facts::ir::{int_type, Op};
use crate::facts::preconditions::Precondition;
use crate::facts::relational::Chosen;
use crate::passes::check_code::emit::{Cmp, Emitter};
use crate::passes::fold_loop_facts::version;

/// A decided comparison: `value` is what the fold replaces it with.
pub(super) fn compare<'a>(em: &mut Emitter<'_, 'a>, claim: &Claim<'a>, value: bool, plant: bool) -> bool {
    compare_checked(em, claim, value, None, plant).is_some()
}

/// A comparison true wherever `condition` (its function's versioning
/// condition) holds.
pub(super) fn under_condition<'a>(
    em: &mut Emitter<'_, 'a>,
    claim: &Claim<'a>,
    condition: &Precondition,
    plant: bool,
) -> bool {
    compare_checked(em, claim, true, Some(condition), plant).is_some()
}

/// Asserts, right after the comparison, that it is `value` (the other
/// boolean when `plant`), wherever `condition` holds if one is given.
fn compare_checked<'a>(
    em: &mut Emitter<'_, 'a>,
    claim: &Claim<'a>,
    value: bool,
    condition: Option<&Precondition>,
    plant: bool,
) -> Option<()> {
    let op = claim.op;
    // Scalar comparisons only (an i1 result).
    if op.num_results() != 1 || int_type(op.result(0).ty(), 64).map(|t| (t.width(), t.1)) != Some((1, false)) {
        return None;
    }
    let before = op.next()?;
    let expected = em.rw.insert_bool_constant(before, value != plant)?;
    let right = em.cmp(before, Cmp::Eq, op.result(0), expected)?;
    let (ok, what) = match condition {
        None => (right, format!("{} is always {value}", claim.op_name)),
        Some(c) => {
            let holds = version::emit_condition(em, before, c)?;
            let what = format!("{} is {value} where the function's condition holds ({})", claim.op_name, c.text());
            (em.implies(before, holds, right)?, what)
        }
    };
    em.assert(before, ok, &claim.message(&what))
}

/// A decided extremum: `chosen` is what the fold replaces it with.
pub(super) fn extremum<'a>(em: &mut Emitter<'_, 'a>, claim: &Claim<'a>, chosen: Chosen, plant: bool) -> bool {
    extremum_checked(em, claim, chosen, plant).is_some()
}

fn extremum_checked<'a>(em: &mut Emitter<'_, 'a>, claim: &Claim<'a>, chosen: Chosen, plant: bool) -> Option<()> {
    let op: Op<'a> = claim.op;
    let result = (op.num_results() == 1).then(|| op.result(0))?;
    let ty = result.ty();
    int_type(ty, 64)?;
    let before = op.next()?;
    let (mut expected, what) = match chosen {
        Chosen::Operand(n) => (op.operand(n), format!("{} is always operand {n}", claim.op_name)),
        Chosen::Constant(c) => (em.rw.insert_constant(before, ty, c)?, format!("{} is always {c}", claim.op_name)),
    };
    if plant {
        let one = em.rw.insert_constant(before, ty, 1)?;
        expected = em.binary(before, "arith.addi", expected, one)?;
    }
    let ok = em.cmp(before, Cmp::Eq, result, expected)?;
    em.assert(before, ok, &claim.message(&what))
}
