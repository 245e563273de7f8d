//! Run-time checks of the accesses `facts::bounds` proves in bounds.
//!
//! For each proven access and each dimension `k` of its memref, with index
//! `i` (an operand, or result `k` of an affine access's map, computed by an
//! `affine.apply` of that result alone), size `d` and extent `e` (elements
//! covered along `k`: 1, a vector's size there, times `vector.vscale` when
//! scalable), the check is `0 <= i && i + e <= d`, in `i128` with `i` read
//! signed (as the lowering reads it into address arithmetic), so nothing
//! wraps. A masked access is checked as its proof reads its mask
//! (`bounds::mask`): along a dimension with a constant mask's `c` active
//! lanes `e = c`; along one with a `vector.create_mask` bound `b` of `n`
//! lanes `e = clamp(b, 0, n)` (`n` for a truncated bound below `-2^31`),
//! and every dimension's check holds when some bound activates no lane
//! (`b <= 0`, and `b >= -2^31` when truncated): nothing is touched then;
//! a constant mask with no active lane has no check. For a
//! `memref.subview`, per source dimension with offset `o`,
//! size `n`, stride `s`: `0 <= o`, `0 <= n`, and `o + (n - 1) × s + 1 <= d`
//! when `n >= 1`, `o <= d` when `n = 0` (what the proof shows). Each check
//! is inserted before the access (before its `vector.mask`, whose region
//! holds only the masked op). An access whose proof rests on earlier
//! accesses (`Access::rests_on`: one that reached the same element first,
//! or those whose bounds the relational proof used) is checked as "in
//! bounds whenever the earlier accesses' elements were": each dimension's
//! check is `earlier_in_bounds -> ok`, the earlier accesses' indices read
//! again before the checked one (they dominate it), and the message ends
//! `given <op> at <loc> was` (`... and ... were`). A planted wrong claim (`plant=access`, test
//! only) reads every index (every subview offset) one element further.

use super::Claim;
use crate::facts::bounds::{footprint, Footprint, IndexOf, Lanes, MaskBound, TRUNCATED_MIN};
use crate::facts::ir::{shape_of, Op, Part, Val};
use crate::passes::check_code::emit::{Cmp, Emitter};

/// Inserts the checks of one proven access, whose scope's index width is
/// `width`, and which rests on the accesses `earlier` (none: on its own);
/// false if they could not be built (then the access is not checked).
pub(super) fn check<'a>(
    em: &mut Emitter<'_, 'a>,
    access: &Claim<'a>,
    earlier: &[Op<'a>],
    plant: bool,
    width: u32,
) -> bool {
    build(em, access, earlier, plant, width).is_some()
}

fn build<'a>(em: &mut Emitter<'_, 'a>, claim: &Claim<'a>, earlier: &[Op<'a>], plant: bool, width: u32) -> Option<()> {
    let op = claim.op;
    // A masked op is the only op its vector.mask's region may hold.
    let before = op.parent().filter(|p| p.is("vector.mask")).unwrap_or(op);
    let shift = i128::from(plant);
    match footprint(op, width)? {
        Footprint::Indexed { memref, dims } => {
            // Resting on earlier accesses: in bounds whenever their
            // elements were, read here from their operands (they dominate
            // `op`).
            let mut premises = Vec::new();
            let mut names = Vec::new();
            for &e in earlier {
                let Footprint::Indexed { memref, dims } = footprint(e, width)? else { return None };
                premises.extend(indexed(em, before, e, memref, dims, 0)?);
                names.push(format!("{} at {}", e.name(), e.loc_string()));
            }
            let premise = match premises.is_empty() {
                true => None,
                false => {
                    let verb = if names.len() == 1 { "was" } else { "were" };
                    Some((em.all(before, &premises)?, format!(" given {} {verb}", names.join(" and "))))
                }
            };
            for (k, mut ok) in indexed(em, before, op, memref, dims, shift)?.into_iter().enumerate() {
                let mut what = format!("{} index {k} in bounds of dimension {k}", claim.op_name);
                if let Some((premise, given)) = &premise {
                    ok = em.implies(before, *premise, ok)?;
                    what.push_str(given);
                }
                em.assert(before, ok, &claim.message(&what))?;
            }
        }
        Footprint::Subview { source, parts } => {
            let shape = shape_of(source.ty())?;
            for (k, (offset, size, stride)) in parts.into_iter().enumerate() {
                let mut read = |p: Part<'a>| match p {
                    Part::Static(c) => em.wide_const(before, i128::from(c)),
                    Part::Dynamic(v) => em.widen(before, v, true),
                };
                let o = read(offset)?;
                let n = read(size)?;
                let o = em.add_const(before, o, shift)?;
                let d = em.dim(before, source, k, *shape.get(k)?)?;
                let zero = em.wide_const(before, 0)?;
                let one = em.wide_const(before, 1)?;
                let s = em.wide_const(before, i128::from(stride))?;
                let o_ok = em.cmp(before, Cmp::Sle, zero, o)?;
                let n_ok = em.cmp(before, Cmp::Sle, zero, n)?;
                let last = em.binary(before, "arith.subi", n, one)?;
                let span = em.binary(before, "arith.muli", last, s)?;
                let end = em.binary(before, "arith.addi", o, span)?;
                let end = em.binary(before, "arith.addi", end, one)?;
                let full = em.cmp(before, Cmp::Sle, end, d)?;
                let empty = em.cmp(before, Cmp::Sle, o, d)?;
                let nonempty = em.cmp(before, Cmp::Sle, one, n)?;
                let fits = em.select(before, nonempty, full, empty)?;
                let ok = em.all(before, &[o_ok, n_ok, fits])?;
                let what = format!("{} in bounds of dimension {k}", claim.op_name);
                em.assert(before, ok, &claim.message(&what))?;
            }
        }
    }
    Some(())
}

/// Per dimension of `memref`, whether access `op`'s footprint `dims` is in
/// bounds there (each index `shift` further), computed before `before`.
fn indexed<'a>(
    em: &mut Emitter<'_, 'a>,
    before: Op<'a>,
    op: Op<'a>,
    memref: Val<'a>,
    dims: Vec<(IndexOf<'a>, i64, bool, Lanes<'a>)>,
    shift: i128,
) -> Option<Vec<Val<'a>>> {
    let shape = shape_of(memref.ty())?;
    // Whether a mask bound activates no lane: then nothing is touched.
    let mut empty = Vec::new();
    for (_, _, _, lanes) in &dims {
        if let Lanes::Bound(bound) = lanes {
            empty.push(no_lane(em, before, *bound)?);
        }
    }
    let empty = match empty.split_first() {
        Some((first, rest)) => Some(rest.iter().try_fold(*first, |acc, e| em.binary(before, "arith.ori", acc, *e))?),
        None => None,
    };
    let mut oks = Vec::new();
    for (k, (index, base, scalable, lanes)) in dims.into_iter().enumerate() {
        let i = match index {
            IndexOf::Value(v) => em.widen(before, v, true)?,
            IndexOf::MapResult { k, first } => {
                let map = em.rw.affine_result_map(op, "map", k)?;
                let operands: Vec<Val<'a>> = (first..op.num_operands()).map(|p| op.operand(p)).collect();
                let r = em.affine_apply(before, &map, &operands)?;
                em.widen(before, r, true)?
            }
        };
        let i = em.add_const(before, i, shift)?;
        let d = em.dim(before, memref, k, *shape.get(k)?)?;
        let e = match lanes {
            Lanes::Bound(bound) => active_count(em, before, bound)?,
            _ => {
                let e = em.wide_const(before, i128::from(base))?;
                if scalable {
                    let vscale = em.vscale(before)?;
                    em.binary(before, "arith.muli", e, vscale)?
                } else {
                    e
                }
            }
        };
        let zero = em.wide_const(before, 0)?;
        let low = em.cmp(before, Cmp::Sle, zero, i)?;
        let end = em.binary(before, "arith.addi", i, e)?;
        let high = em.cmp(before, Cmp::Sle, end, d)?;
        let mut ok = em.all(before, &[low, high])?;
        if let Some(empty) = empty {
            ok = em.binary(before, "arith.ori", empty, ok)?;
        }
        oks.push(ok);
    }
    Some(oks)
}

/// Whether `bound` activates no lane: `b <= 0` (and, truncated,
/// `b >= -2^31`: below, the lowering may activate any prefix).
fn no_lane<'a>(em: &mut Emitter<'_, 'a>, before: Op<'a>, bound: MaskBound<'a>) -> Option<Val<'a>> {
    let b = em.widen(before, bound.value, true)?;
    let zero = em.wide_const(before, 0)?;
    let none = em.cmp(before, Cmp::Sle, b, zero)?;
    if !bound.truncated {
        return Some(none);
    }
    let min = em.wide_const(before, TRUNCATED_MIN)?;
    let kept = em.cmp(before, Cmp::Sle, min, b)?;
    em.all(before, &[none, kept])
}

/// The active count of `bound` of `n` lanes, as the proof reads it:
/// `clamp(b, 0, n)`, and `n` for a truncated bound below `-2^31`.
fn active_count<'a>(em: &mut Emitter<'_, 'a>, before: Op<'a>, bound: MaskBound<'a>) -> Option<Val<'a>> {
    let b = em.widen(before, bound.value, true)?;
    let zero = em.wide_const(before, 0)?;
    let n = em.wide_const(before, i128::from(bound.lanes))?;
    let positive = em.cmp(before, Cmp::Slt, zero, b)?;
    let low = em.select(before, positive, b, zero)?;
    let below = em.cmp(before, Cmp::Slt, low, n)?;
    let count = em.select(before, below, low, n)?;
    if !bound.truncated {
        return Some(count);
    }
    let min = em.wide_const(before, TRUNCATED_MIN)?;
    let wrapped = em.cmp(before, Cmp::Slt, b, min)?;
    em.select(before, wrapped, n, count)
}
