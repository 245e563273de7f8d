//! Which lanes of a masked vector access are active, and the proof that
//! the active lanes are in bounds.
//!
//! Masks read (any other mask is not read: every lane may be active):
//! - `vector.create_mask %b0, %b1, ...`: lane `(l0, l1, ...)` is active iff
//!   `l_j < %b_j` for every `j`, so along mask dimension `j` of `n_j` lanes
//!   the active lanes are the first `m_j = clamp(%b_j, 0, n_j)`;
//! - `vector.constant_mask [c0, c1, ...]`: the first `c_j` lanes (and so
//!   does a `vector.create_mask` operand that is a constant).
//!
//! A scalable mask dimension is not read (every lane of it may be active).
//! Mask dimension `j` runs along one memref dimension: for
//! `vector.maskedload`/`maskedstore`/`expandload`/`compressstore` the
//! mask has the vector's shape, so along the trailing memref dimensions;
//! for a transfer (its own mask, or that of an enclosing `vector.mask`) the
//! mask's dimensions are the memref dimensions its permutation map names,
//! in increasing order (the vector before permutation and broadcast), each
//! with the vector's size along the vector dimension naming it.
//! Along a dimension with `m` active lanes from index `i` the access
//! covers `[i, i + m)` (for `expandload`/`compressstore`, the popcount of a
//! prefix mask: also `m` consecutive elements), and when `m = 0` along any
//! dimension it covers nothing at all.
//!
//! The lowering (`convert-vector-to-llvm`, with its default
//! `force-32bit-vector-indices`) compares the lanes of a 1-D
//! `vector.create_mask` against its bound truncated to 32 bits: a bound
//! below `-2^31` then gives any prefix, not none. So along the innermost
//! mask dimension, at an index width above 32, a bound below `-2^31` counts
//! as every lane active ([`MaskBound::truncated`]).
//!
//! Invariant: the active count used for a dimension is never below the
//! number of elements the lowered access may touch along it, and an access
//! is taken as empty only where no lowering touches any element. The proof
//! ([`Checker::masked_relational`]) splits a bound `b` of `n` lanes into
//! the regions where the active count is a linear form: `1 <= b <= n`
//! (count `b`), `b >= n + 1` (count `n`) and, when truncated, `b <= -2^31 -
//! 1` (count `n`); the rest (`b <= 0`, or `-2^31 <= b <= 0`) touches
//! nothing. In each region both `0 <= index` and `index + count <= size`
//! must be proven under the region's bounds of `b`.

use super::Checker;
use crate::facts::bits::{const_bits, to_signed};
use crate::facts::ir::{i64_array, is_scalable_dim, shape_of, Op, Val};
use crate::facts::relational::explain::Names;
use crate::facts::relational::linear::{FactSet, Lin};
use crate::facts::relational::Query;

/// A `vector.create_mask` operand: the active lanes along its dimension
/// are the first `clamp(value, 0, lanes)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MaskBound<'a> {
    pub(crate) value: Val<'a>,
    /// Lanes along the dimension (the mask's size there).
    pub(crate) lanes: i64,
    /// The lowering may compare the lanes against the bound truncated to
    /// 32 bits (the innermost mask dimension at an index width above 32):
    /// a bound below `-2^31` may then activate any prefix of the lanes.
    pub(crate) truncated: bool,
}

/// The smallest bound a truncated [`MaskBound`] keeps as it is.
pub(crate) const TRUNCATED_MIN: i128 = -(1 << 31);

/// The active lanes along one memref dimension of a masked access.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lanes<'a> {
    /// Every lane may be active (no mask dimension runs along it, or it is
    /// not read).
    All,
    /// The first `n` (a `vector.constant_mask` size, within the lanes).
    First(i64),
    /// Per a `vector.create_mask` operand.
    Bound(MaskBound<'a>),
}

/// What an access's mask says of its lanes.
#[derive(Clone, Debug)]
pub(crate) enum Mask<'a> {
    /// The access has no mask.
    None,
    /// A mask that is not read (every lane may be active): the mask value,
    /// and whether it is an enclosing `vector.mask`'s.
    Unread { mask: Val<'a>, enclosing: bool },
    /// A prefix mask: the active lanes per memref dimension.
    Prefix(Vec<Lanes<'a>>),
}

impl<'a> Mask<'a> {
    /// Reads `mask` as the mask over memref dimensions `dims` (mask
    /// dimension `j` runs along memref dimension `dims[j]`) of an access of
    /// a memref of rank `rank`, at index width `width`.
    pub(crate) fn read(mask: Val<'a>, enclosing: bool, dims: &[usize], rank: usize, width: u32) -> Mask<'a> {
        match prefix_lanes(mask, width) {
            Some(lanes) if lanes.len() == dims.len() && dims.iter().all(|&d| d < rank) => {
                let mut per_dim = vec![Lanes::All; rank];
                for (&d, l) in dims.iter().zip(lanes) {
                    per_dim[d] = l;
                }
                Mask::Prefix(per_dim)
            }
            _ => Mask::Unread { mask, enclosing },
        }
    }

    /// The active lanes along memref dimension `dim`.
    pub(crate) fn lanes(&self, dim: usize) -> Lanes<'a> {
        match self {
            Mask::Prefix(per_dim) => per_dim.get(dim).copied().unwrap_or(Lanes::All),
            _ => Lanes::All,
        }
    }

    /// Whether no lane is active (a constant mask with an empty dimension):
    /// the access touches no memory.
    pub(crate) fn is_empty(&self) -> bool {
        matches!(self, Mask::Prefix(per_dim) if per_dim.iter().any(|l| matches!(l, Lanes::First(0))))
    }

    /// What a failure's message says of the mask (named only then: naming
    /// is costly), for memref dimension `dim`; None without a mask.
    pub(crate) fn note(&self, dim: usize) -> Option<String> {
        match self {
            Mask::None => None,
            Mask::Unread { mask, enclosing } => {
                let whose = if *enclosing { "the enclosing vector.mask's mask" } else { "the mask" };
                let origin = match mask.defining_op() {
                    Some(op) => format!("is {}, not", op.name()),
                    None => "is a block argument, not".to_string(),
                };
                Some(format!(
                    "{whose} {} {origin} a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit",
                    mask.operand_name()
                ))
            }
            Mask::Prefix(_) => match self.lanes(dim) {
                Lanes::Bound(b) => Some(format!(
                    "the active elements along dimension {dim} are the first clamp({}, 0, {}) (vector.create_mask)",
                    b.value.operand_name(),
                    b.lanes
                )),
                Lanes::First(n) => Some(format!("{n} elements are active along dimension {dim} (a constant mask)")),
                Lanes::All => None,
            },
        }
    }
}

/// The active lanes along each dimension of `mask` when it is a
/// `vector.create_mask` or `vector.constant_mask` (a scalable dimension:
/// [`Lanes::All`]); None for any other mask.
fn prefix_lanes(mask: Val<'_>, width: u32) -> Option<Vec<Lanes<'_>>> {
    let op = mask.defining_op()?;
    let ty = mask.ty();
    let shape = shape_of(ty)?;
    let rank = shape.len();
    if op.is("vector.create_mask") {
        if op.num_operands() != rank {
            return None;
        }
        let dims = shape.iter().enumerate().map(|(j, size)| {
            let lanes = (*size)?;
            let bound = MaskBound { value: op.operand(j), lanes, truncated: j + 1 == rank && width > 32 };
            let constant = const_bits(bound.value, width).map(|bits| to_signed(bits, width));
            Some(match constant {
                _ if is_scalable_dim(ty, j) => Lanes::All,
                // A constant bound: its count, as the proof would read it.
                Some(c) if bound.truncated && c < TRUNCATED_MIN => Lanes::First(lanes),
                Some(c) => Lanes::First(c.clamp(0, i128::from(lanes)) as i64),
                None => Lanes::Bound(bound),
            })
        });
        return dims.collect();
    }
    if op.is("vector.constant_mask") {
        let sizes = i64_array(op.attr("mask_dim_sizes")?)?;
        if sizes.len() != rank {
            return None;
        }
        let dims = shape.iter().zip(sizes).enumerate().map(|(j, (size, c))| {
            let lanes = (*size)?;
            Some(if is_scalable_dim(ty, j) && c != 0 { Lanes::All } else { Lanes::First(c.clamp(0, lanes)) })
        });
        return dims.collect();
    }
    None
}

/// The memref dimensions a transfer's mask runs along: those its
/// permutation map (`perm`, per vector dimension the memref dimension it
/// names, None for a broadcast) names, in increasing order.
pub(crate) fn transfer_mask_dims(perm: &[Option<usize>]) -> Vec<usize> {
    let mut dims: Vec<usize> = perm.iter().flatten().copied().collect();
    dims.sort_unstable();
    dims
}

/// The regions of a bound `b` of `n` lanes where the access may touch
/// memory, each as (assumptions `lin >= 0` on `b`, the active count
/// there).
fn regions(b: &Lin, lanes: i64, truncated: bool) -> Option<Vec<(Vec<Lin>, Lin)>> {
    let n = i128::from(lanes);
    let all = Lin::constant(n);
    // 1 <= b <= n: b lanes; b >= n + 1: n lanes.
    let mut out =
        vec![(vec![b.shifted(-1)?, b.scaled(-1)?.shifted(n)?], b.clone()), (vec![b.shifted(-n - 1)?], all.clone())];
    if truncated {
        // b <= -2^31 - 1: the truncated bound may activate any prefix.
        out.push((vec![b.scaled(-1)?.shifted(TRUNCATED_MIN - 1)?], all));
    }
    Some(out)
}

impl<'a> Checker<'_, '_, '_, 'a> {
    /// `0 <= index` and `index + m <= size` of dimension `dim` of `memref`,
    /// where `m` is the active count of `bound`, in every region of the
    /// bound where the access touches memory (see the module's header): Ok(facts
    /// used) or Err(the failure's text).
    pub(super) fn masked_relational(
        &self,
        query: &mut Query<'_, '_, '_, 'a>,
        index: Val<'a>,
        memref: Val<'a>,
        dim: usize,
        bound: MaskBound<'a>,
    ) -> Result<FactSet, String> {
        query.require_defined(index);
        let (Some(i), Some(size), Some(b)) = (query.value(index), query.dim(memref, dim), query.value(bound.value))
        else {
            return Err("the index, the size or the mask bound is not an integer the prover reads".into());
        };
        let Some(regions) = regions(&b, bound.lanes, bound.truncated) else {
            return Err("the relation is too large to state".into());
        };
        let mut used = FactSet::default();
        // Unconditional first: most indices are non-negative whatever the mask.
        let lower = query.prove(&i);
        for (assumed, count) in regions {
            let Some(upper) = size.minus(&i).and_then(|l| l.minus(&count)) else {
                return Err("the relation is too large to state".into());
            };
            let goals = match lower {
                Some(why) => {
                    used = used.union(why);
                    vec![upper]
                }
                None => vec![i.clone(), upper],
            };
            for goal in goals {
                match query.prove_assuming(&goal, &assumed) {
                    Some(why) => used = used.union(why),
                    None => return Err(Names::new(query).not_shown(&goal, assumed.first())),
                }
            }
        }
        Ok(used)
    }
}

/// The operand of `op` that is its mask, for the masked ops (base,
/// indices, mask, then the pass-through or stored vector): the operand
/// before the last.
pub(crate) fn masked_op_mask(op: Op<'_>) -> Option<Val<'_>> {
    let n = op.num_operands();
    (n >= 2).then(|| op.operand(n - 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The active count of a bound `b` of `n` lanes, as the lowering may
    /// make it at most: clamp(b, 0, n), and n below -2^31 when truncated.
    fn count(b: i128, n: i64, truncated: bool) -> i128 {
        if truncated && b < TRUNCATED_MIN {
            i128::from(n)
        } else {
            b.clamp(0, i128::from(n))
        }
    }

    #[test]
    fn regions_cover_every_bound_with_its_count() {
        let min = TRUNCATED_MIN;
        for truncated in [false, true] {
            for n in [1i64, 4, 32] {
                let bounds =
                    (-40..=40).chain([min - 2, min - 1, min, min + 1, i128::from(i64::MIN), i128::from(i64::MAX)]);
                for b in bounds {
                    let regions = regions(&Lin::constant(b), n, truncated).expect("small constants");
                    let holding: Vec<i128> = regions
                        .iter()
                        .filter(|(assumed, _)| assumed.iter().all(|a| a.constant >= 0))
                        .map(|(_, c)| c.constant)
                        .collect();
                    let expected = count(b, n, truncated);
                    // No region where nothing is touched; exactly one elsewhere,
                    // with the count the lowering may touch.
                    if expected == 0 {
                        assert!(holding.is_empty(), "b = {b}, n = {n}, truncated = {truncated}: {holding:?}");
                    } else {
                        assert_eq!(holding, vec![expected], "b = {b}, n = {n}, truncated = {truncated}");
                    }
                }
            }
        }
    }

    #[test]
    fn transfer_masks_run_along_named_dims_in_order() {
        assert_eq!(transfer_mask_dims(&[Some(1), Some(0)]), vec![0, 1]);
        assert_eq!(transfer_mask_dims(&[None, Some(2)]), vec![2]);
        assert_eq!(transfer_mask_dims(&[Some(2), None, Some(0)]), vec![0, 2]);
        assert_eq!(transfer_mask_dims(&[]), Vec::<usize>::new());
    }
}
