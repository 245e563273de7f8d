//! Evaluating the facts' expressions (counts, ranges) at run time, in
//! `i128`.
//!
//! An expression's leaves are values: `%argN` is the enclosing function's
//! argument N, `dim(%argN, K)` its `memref.dim`, and a leaf the report's
//! grammar cannot name (an enclosing loop's counter, a value loaded before
//! the loop: `Leaf::Opaque`, identified by its value's id) is that value
//! itself, read where the check is evaluated. [`Leaves`] says which values
//! can be read there: the function's arguments, and every value that
//! dominates the loop (block arguments of the blocks around it, results
//! of the ops before it in them, up to the function or the first op
//! isolated from above), read on the IR before anything is inserted. A
//! leaf no such value names is not evaluated: the check is not made.
//!
//! Every leaf is a value of at most 64 bits read in the claim's order, so
//! [`magnitude`] bounds every subterm's value; a check is made only when
//! that bound stays below 2^125, where `i128` arithmetic cannot wrap.

use super::emit::Emitter;
use crate::facts::ir::{int_type, is_isolated_from_above, FastMap, Op, Val};
use crate::facts::symbolic::expr::{Expr, Leaf, Term};

/// The arguments of the function enclosing `op` (what `%argN` names), none
/// outside a function.
fn function_args(op: Op<'_>) -> Vec<Val<'_>> {
    let mut at = op.parent();
    while let Some(p) = at {
        if p.has_attr("function_type") {
            return p.entry_block(0).map_or(Vec::new(), |b| (0..b.num_args()).map(|i| b.arg(i)).collect());
        }
        at = p.parent();
    }
    Vec::new()
}

/// The values a claim's expression may read where it is evaluated.
#[derive(Clone, Default)]
pub(in crate::passes) struct Leaves<'a> {
    /// The enclosing function's arguments (what `%argN` names).
    args: Vec<Val<'a>>,
    /// Values of at most 64 bits that dominate the point, by id (what an
    /// opaque leaf names).
    visible: FastMap<usize, Val<'a>>,
}

impl<'a> Leaves<'a> {
    /// The arguments of the function enclosing `op`, and no other value.
    pub(in crate::passes) fn args_of(op: Op<'a>) -> Leaves<'a> {
        Leaves { args: function_args(op), visible: FastMap::default() }
    }

    /// What may be read right before `op`: the function's arguments and
    /// every value of at most 64 bits that dominates `op`.
    pub(in crate::passes) fn at(op: Op<'a>) -> Leaves<'a> {
        let mut leaves = Leaves::args_of(op);
        let mut at = op;
        while let Some(block) = at.block() {
            for i in 0..block.num_args() {
                leaves.see(block.arg(i));
            }
            for before in block.ops() {
                if before == at {
                    break;
                }
                for i in 0..before.num_results() {
                    leaves.see(before.result(i));
                }
            }
            match at.parent() {
                Some(p) if !p.has_attr("function_type") && !is_isolated_from_above(p) => at = p,
                _ => break,
            }
        }
        leaves
    }

    fn see(&mut self, v: Val<'a>) {
        if int_type(v.ty(), 64).is_some_and(|t| t.width() <= 64) {
            self.visible.insert(v.id(), v);
        }
    }

    /// The value leaf `leaf` names, if it can be read here.
    fn value(&self, leaf: &Leaf) -> Option<Val<'a>> {
        match leaf {
            Leaf::Arg(n) | Leaf::Dim(n, _) => self.args.get(*n as usize).copied(),
            Leaf::Opaque { id, .. } => self.visible.get(id).copied(),
        }
    }
}

/// An upper bound on |value| of `e` and every subterm, when its leaves are
/// values of at most 64 bits `leaves` can read (function arguments, buffer
/// sizes, dominating values); None when a leaf cannot be read there or the
/// bound passes 2^125.
pub(in crate::passes) fn magnitude(e: &Expr, leaves: &Leaves<'_>) -> Option<u128> {
    const LIMIT: u128 = 1 << 125;
    let (c, terms) = e.linear_parts();
    let mut total = c.unsigned_abs();
    for (t, k) in terms {
        let m = match t {
            Term::Leaf(Leaf::Dim(..)) => 1u128 << 64,
            Term::Leaf(leaf @ (Leaf::Arg(_) | Leaf::Opaque { .. })) => {
                let v = leaves.value(leaf)?;
                if int_type(v.ty(), 64)?.width() > 64 {
                    return None;
                }
                1u128 << 64
            }
            Term::Mul(a, b) => magnitude(a, leaves)?.checked_mul(magnitude(b, leaves)?)?,
            Term::CeilDiv(a, _) => magnitude(a, leaves)?,
            Term::Max(a, b) | Term::Min(a, b) => magnitude(a, leaves)?.max(magnitude(b, leaves)?),
        };
        total = total.checked_add(m.checked_mul(k.unsigned_abs())?)?;
        if total >= LIMIT {
            return None;
        }
    }
    (total < LIMIT).then_some(total)
}

/// Emits `e` as `i128` ops before `before`; values are read from `leaves`
/// in the `signed` order (None: an argument or opaque value is not read).
pub(in crate::passes) fn emit_expr<'a>(
    em: &mut Emitter<'_, 'a>,
    before: Op<'a>,
    e: &Expr,
    leaves: &Leaves<'a>,
    signed: Option<bool>,
) -> Option<Val<'a>> {
    let (c, terms) = e.linear_parts();
    let mut acc = if c == 0 && !terms.is_empty() { None } else { Some(em.wide_const(before, c)?) };
    for (t, k) in terms {
        let v = match t {
            Term::Leaf(leaf @ (Leaf::Arg(_) | Leaf::Opaque { .. })) => {
                let a = leaves.value(leaf)?;
                // At most 64 bits: what `magnitude` assumed.
                if int_type(a.ty(), 64)?.width() > 64 {
                    return None;
                }
                // Read in the counter's order (no counter: not read).
                em.widen(before, a, signed?)?
            }
            Term::Leaf(leaf @ Leaf::Dim(_, dim)) => {
                let a = leaves.value(leaf)?;
                em.dim(before, a, usize::try_from(*dim).ok()?, None)?
            }
            Term::Mul(a, b) => {
                let a = emit_expr(em, before, a, leaves, signed)?;
                let b = emit_expr(em, before, b, leaves, signed)?;
                em.binary(before, "arith.muli", a, b)?
            }
            Term::CeilDiv(a, d) => {
                let a = emit_expr(em, before, a, leaves, signed)?;
                let d = em.wide_const(before, *d)?;
                em.binary(before, "arith.ceildivsi", a, d)?
            }
            Term::Max(a, b) | Term::Min(a, b) => {
                let name = if matches!(t, Term::Max(..)) { "arith.maxsi" } else { "arith.minsi" };
                let a = emit_expr(em, before, a, leaves, signed)?;
                let b = emit_expr(em, before, b, leaves, signed)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(n: u32) -> Expr {
        Expr::leaf(Leaf::Arg(n))
    }

    /// Bounds of expressions over buffer sizes (which need no value).
    fn dim(n: u32) -> Expr {
        Expr::leaf(Leaf::Dim(n, 0))
    }

    #[test]
    fn magnitude_bounds_every_leaf_by_64_bits() {
        let none = Leaves::default();
        assert_eq!(magnitude(&Expr::constant(-5), &none), Some(5));
        // 3 + 2^64 + 2 * 2^64.
        let e = dim(0).add(&dim(1).scale(2).unwrap()).unwrap().add_const(3).unwrap();
        assert_eq!(magnitude(&e, &none), Some(3 * (1u128 << 64) + 3));
        // A product of two counts: 2^128, past what i128 evaluation allows.
        assert_eq!(magnitude(&dim(0).mul(&dim(1)).unwrap(), &none), None);
        // A coefficient large enough to reach 2^125.
        assert_eq!(magnitude(&dim(0).scale(1 << 61).unwrap(), &none), None);
        assert!(magnitude(&dim(0).scale(1 << 60).unwrap(), &none).is_some());
        // No value here names an argument or an opaque leaf.
        assert_eq!(magnitude(&arg(0), &none), None);
        assert_eq!(magnitude(&Expr::leaf(Leaf::Opaque { id: 1, what: "x".into() }), &none), None);
    }
}
