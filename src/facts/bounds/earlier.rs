//! Accesses in bounds because an earlier access reached the same element.
//!
//! `memref.load` and `memref.store` require their indices in bounds, `0 <=
//! idx < dim_size` per dimension (their ODS descriptions; the LLVM
//! lowering's `inbounds` address arithmetic is undefined otherwise), and
//! `affine.load`/`affine.store` are those ops at their map's results once
//! `lower-affine` runs. So after such an access A has executed, its
//! element was in bounds in every execution without undefined behaviour,
//! and a later scalar access B of the same memref value at the same place
//! is in bounds whenever A was. B is then proven, *resting on* A: the
//! report names A (`rests_on`), and `loom-check-claims` checks B as "in
//! bounds whenever A's element was" (an execution where A was out of
//! bounds had undefined behaviour before B: the claim says nothing of it).
//! This is what a compiler that keeps runtime bounds checks does with the
//! second check of one element: it cannot fail once the first passed.
//!
//! B rests on A when:
//! - both are `memref.load`/`memref.store`/`affine.load`/`affine.store`
//!   (one element each: a vector access covers more than A reached);
//! - they name the same memref SSA value at the same place: the same index
//!   values in order, an affine access whose map results are its operands
//!   read as those values, or the same affine map (one uniqued attribute)
//!   over the same operands;
//! - A dominates B within their function: A is an earlier op of B's block
//!   or of the block of one of B's enclosing ops. Each run of B is then
//!   inside the run of that block in which A ran before it, and A's
//!   operands, defined before A, had the values B reads. An access inside
//!   an earlier op's region does not count (that region may not have run),
//!   except when each region of an earlier `scf.if`/`affine.if` holds one
//!   in its block: one of them ran (a region's block runs to its end, or
//!   control leaves the enclosing block too, skipping B). B rests on both.
//! - the memref's static sizes fit the index width (`beyond_index_width`):
//!   otherwise the lowered allocation is smaller than its type, and no
//!   access to it is proven in any way.
//!
//! Cost: every scalar access is noted under its memref (no parsing), at
//! most [`CANDIDATES`] per memref, the oldest dropped first; only an
//! access left unproven reads the places of the candidates of its memref
//! and tests dominance. Past the limit, an access may stay unproven.

use mlir_sys::MlirAttribute;

use super::{access_layout, beyond_index_width, Mask};
use crate::facts::ir::{FastMap, Op, Val};

/// Candidates kept per memref.
const CANDIDATES: usize = 16;

/// The accesses that may reach an element: one memref value, and its
/// indices or an affine map over operands.
#[derive(PartialEq)]
struct Place<'a> {
    memref: Val<'a>,
    /// The uniqued affine map when the place is one (its results are not
    /// all operands); None when `operands` are the indices.
    map: Option<usize>,
    operands: Vec<Val<'a>>,
}

/// Where the memref of `op` is, if it is one of the scalar accesses this
/// module reads.
fn memref_position(op: Op<'_>) -> Option<usize> {
    let pos = match op.name_bytes() {
        b"memref.load" | b"affine.load" => 0,
        b"memref.store" | b"affine.store" => 1,
        _ => return None,
    };
    (pos < op.num_operands()).then_some(pos)
}

/// The place of `op` if it is a scalar access this module reads
/// (`width`: its scope's index width).
fn place_of(op: Op<'_>, width: u32) -> Option<Place<'_>> {
    let memref_pos = memref_position(op)?;
    if let Some(layout) = access_layout(op, width) {
        if !matches!(layout.mask, Mask::None) {
            return None;
        }
        let operands = layout.indices.iter().map(|&p| op.operand(p)).collect();
        return Some(Place { memref: layout.memref, map: None, operands });
    }
    // An affine access with a map that is not plain operands.
    let map: MlirAttribute = op.attr("map")?;
    let operands = (memref_pos + 1..op.num_operands()).map(|p| op.operand(p)).collect();
    Some(Place { memref: op.operand(memref_pos), map: Some(map.ptr as usize), operands })
}

/// Whether `a` runs before `b` at every run of `b`: `a` is an earlier op of
/// the block of `b` or of one of `b`'s ancestors.
fn dominates(a: Op<'_>, b: Op<'_>) -> bool {
    let Some(block) = a.block() else { return false };
    match b.ancestor_in(block) {
        Some(at) => at != a && a.is_before(at),
        None => false,
    }
}

/// The scalar accesses seen so far in one walk, by scope and memref.
#[derive(Default)]
pub(crate) struct Earlier<'a> {
    seen: FastMap<(usize, Val<'a>), Vec<Op<'a>>>,
}

impl<'a> Earlier<'a> {
    /// Notes `op` (in scope `scope`) as a candidate for the accesses after
    /// it, if it is a scalar access this module reads. Call in pre-order.
    pub(crate) fn note(&mut self, scope: usize, op: Op<'a>) {
        let Some(pos) = memref_position(op) else { return };
        let candidates = self.seen.entry((scope, op.operand(pos))).or_default();
        if candidates.len() == CANDIDATES {
            candidates.remove(0);
        }
        candidates.push(op);
    }

    /// The earlier accesses (noted before) that `op`, in scope `scope` of
    /// index width `width`, rests on: one that dominates it at its place,
    /// or one at its place in each region of an earlier `scf.if`/
    /// `affine.if` that dominates it; empty when there are none.
    pub(crate) fn rest_on(&self, scope: usize, op: Op<'a>, width: u32) -> Vec<Op<'a>> {
        let Some(pos) = memref_position(op) else { return Vec::new() };
        let Some(candidates) = self.seen.get(&(scope, op.operand(pos))) else { return Vec::new() };
        let Some(place) = place_of(op, width) else { return Vec::new() };
        if beyond_index_width(place.memref.ty(), width).is_some() {
            return Vec::new();
        }
        let same = |a: Op<'a>| place_of(a, width).as_ref() == Some(&place);
        if let Some(a) = candidates.iter().rev().copied().find(|&a| dominates(a, op) && same(a)) {
            return vec![a];
        }
        for &a in candidates {
            let Some(branch) = a.parent().filter(|p| p.is_one_of(&["scf.if", "affine.if"]) && p.num_regions() == 2)
            else {
                continue;
            };
            if !dominates(branch, op) || !same(a) {
                continue;
            }
            let region = branch.region_index_of(a);
            let other = candidates
                .iter()
                .copied()
                .find(|&b| b.parent() == Some(branch) && branch.region_index_of(b) != region && same(b));
            if let Some(b) = other {
                return vec![a, b];
            }
        }
        Vec::new()
    }
}
