//! Integer comparison predicates: the one vocabulary for `arith.cmpi` /
//! `index.cmp` across the loop-facts code (recognition, ranges, the fold
//! pass and the arithmetic core; the testkit's facts fuzzer keeps its own
//! independent copy).
//!
//! Invariants: IR gives predicates as arith's numbering (eq 0, ne 1, slt 2,
//! sle 3, sgt 4, sge 5, ult 6, ule 7, ugt 8, uge 9; `index.cmp` is mapped
//! to it in cpp/lib/CAPI/Facts.cpp), and [`Predicate::from_arith`] is the
//! only place that reads that numbering: everything else uses the enum.

use super::trip_count::Order;

/// An `arith.cmpi` / `index.cmp` predicate, `lhs pred rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Predicate {
    /// `==` (bit patterns; no order of its own).
    Eq,
    /// `!=` (bit patterns; no order of its own).
    Ne,
    /// Signed `<`.
    Slt,
    /// Signed `<=`.
    Sle,
    /// Signed `>`.
    Sgt,
    /// Signed `>=`.
    Sge,
    /// Unsigned `<`.
    Ult,
    /// Unsigned `<=`.
    Ule,
    /// Unsigned `>`.
    Ugt,
    /// Unsigned `>=`.
    Uge,
}

impl Predicate {
    /// Every predicate, in arith's numbering order.
    pub const ALL: [Predicate; 10] = [
        Predicate::Eq,
        Predicate::Ne,
        Predicate::Slt,
        Predicate::Sle,
        Predicate::Sgt,
        Predicate::Sge,
        Predicate::Ult,
        Predicate::Ule,
        Predicate::Ugt,
        Predicate::Uge,
    ];

    /// The predicate numbered `n` by `arith::CmpIPredicate`; None for a
    /// number that is not one (the C API gives -1 for "not a comparison").
    pub fn from_arith(n: i32) -> Option<Predicate> {
        usize::try_from(n).ok().and_then(|i| Predicate::ALL.get(i)).copied()
    }

    /// The predicate that holds exactly when this one does not.
    pub fn negate(self) -> Predicate {
        match self {
            Predicate::Eq => Predicate::Ne,
            Predicate::Ne => Predicate::Eq,
            Predicate::Slt => Predicate::Sge,
            Predicate::Sle => Predicate::Sgt,
            Predicate::Sgt => Predicate::Sle,
            Predicate::Sge => Predicate::Slt,
            Predicate::Ult => Predicate::Uge,
            Predicate::Ule => Predicate::Ugt,
            Predicate::Ugt => Predicate::Ule,
            Predicate::Uge => Predicate::Ult,
        }
    }

    /// The predicate with the operands swapped: `a p b` iff `b p.swap() a`.
    /// (`inline(always)`, like `order`, for the arithmetic core's exhaustive
    /// tests in debug builds.)
    #[inline(always)]
    pub fn swap(self) -> Predicate {
        match self {
            Predicate::Eq => Predicate::Eq,
            Predicate::Ne => Predicate::Ne,
            Predicate::Slt => Predicate::Sgt,
            Predicate::Sle => Predicate::Sge,
            Predicate::Sgt => Predicate::Slt,
            Predicate::Sge => Predicate::Sle,
            Predicate::Ult => Predicate::Ugt,
            Predicate::Ule => Predicate::Uge,
            Predicate::Ugt => Predicate::Ult,
            Predicate::Uge => Predicate::Ule,
        }
    }

    /// The order the predicate compares in; `None` for `eq`/`ne`.
    #[must_use]
    #[inline(always)]
    pub fn order(self) -> Option<Order> {
        match self {
            Predicate::Eq | Predicate::Ne => None,
            Predicate::Slt | Predicate::Sle | Predicate::Sgt | Predicate::Sge => Some(Order::Signed),
            Predicate::Ult | Predicate::Ule | Predicate::Ugt | Predicate::Uge => Some(Order::Unsigned),
        }
    }

    /// Whether the predicate compares in the signed order.
    pub fn is_signed(self) -> bool {
        self.order() == Some(Order::Signed)
    }

    /// Whether `a self b` holds for the `width`-bit patterns `a` and `b`
    /// (tests only: the analyses never evaluate a comparison on values).
    #[cfg(test)]
    pub(crate) fn holds(self, a: u128, b: u128, width: u32) -> bool {
        let (sa, sb) = (super::bits::to_signed(a, width), super::bits::to_signed(b, width));
        match self {
            Predicate::Eq => a == b,
            Predicate::Ne => a != b,
            Predicate::Slt => sa < sb,
            Predicate::Sle => sa <= sb,
            Predicate::Sgt => sa > sb,
            Predicate::Sge => sa >= sb,
            Predicate::Ult => a < b,
            Predicate::Ule => a <= b,
            Predicate::Ugt => a > b,
            Predicate::Uge => a >= b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arith_numbering() {
        // arith::CmpIPredicate: eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5,
        // ult 6, ule 7, ugt 8, uge 9.
        use Predicate::*;
        let numbered: Vec<Predicate> = (0..10).map(|n| Predicate::from_arith(n).expect("numbered")).collect();
        assert_eq!(numbered, [Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge]);
        assert_eq!(Predicate::from_arith(-1), None);
        assert_eq!(Predicate::from_arith(10), None);
    }

    #[test]
    fn negation_flips_strictness_and_keeps_signedness() {
        for p in Predicate::ALL {
            assert_eq!(p.negate().negate(), p);
            assert_ne!(p.negate(), p);
            assert_eq!(p.negate().order(), p.order());
        }
        assert_eq!(Predicate::Ult.negate(), Predicate::Uge);
        assert_eq!(Predicate::Ugt.negate(), Predicate::Ule);
    }

    #[test]
    fn swapping_mirrors_and_keeps_signedness() {
        for p in Predicate::ALL {
            assert_eq!(p.swap().swap(), p);
            assert_eq!(p.swap().order(), p.order());
        }
        assert_eq!(Predicate::Slt.swap(), Predicate::Sgt);
        assert_eq!(Predicate::Uge.swap(), Predicate::Ule);
    }

    /// Negation and swapping agree with the comparison itself, on every
    /// pair of 3-bit patterns.
    #[test]
    fn negate_and_swap_hold_on_values() {
        let holds = |p: Predicate, a: u128, b: u128| p.holds(a, b, 3);
        for p in Predicate::ALL {
            for a in 0..8 {
                for b in 0..8 {
                    assert_eq!(holds(p.negate(), a, b), !holds(p, a, b), "{p:?} {a} {b}");
                    assert_eq!(holds(p.swap(), b, a), holds(p, a, b), "{p:?} {a} {b}");
                }
            }
        }
    }
}
