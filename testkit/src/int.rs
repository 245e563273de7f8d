//! Width-bit integers and comparison predicates, as the facts fuzzer's
//! simulator reads them.
//!
//! These are deliberately the testkit's own small copies, not loom's
//! `facts::bits` and `facts::predicate`: the simulator is the independent
//! reference the loop-facts analysis is checked against, so it must not
//! share a bug with the code under test (and those modules stay internal to
//! loom).
//!
//! A value of a `width`-bit integer is a `u128` bit pattern; the functions
//! here take their input modulo 2^width.

/// The low `width` bits set (all bits from 128 up).
pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// `bits` (a width-bit pattern) read as signed.
pub fn to_signed(bits: u128, width: u32) -> i128 {
    let bits = bits & mask(width);
    if width == 0 {
        0
    } else if bits >> (width - 1) & 1 == 1 {
        bits as i128 - (1i128 << width)
    } else {
        bits as i128
    }
}

/// `bits` read in the signed or unsigned order.
pub fn in_order(bits: u128, width: u32, signed: bool) -> i128 {
    if signed {
        to_signed(bits, width)
    } else {
        (bits & mask(width)) as i128
    }
}

/// An `arith.cmpi` / `index.cmp` predicate, `lhs pred rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// `==`.
    Eq,
    /// `!=`.
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
    /// The ordered predicates (all but `eq`/`ne`).
    pub const ORDERED: [Predicate; 8] = [
        Predicate::Slt,
        Predicate::Sle,
        Predicate::Sgt,
        Predicate::Sge,
        Predicate::Ult,
        Predicate::Ule,
        Predicate::Ugt,
        Predicate::Uge,
    ];

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

    /// Whether `a self b` holds for the width-bit patterns `a` and `b` (the
    /// fuzzers' own reading, independent of the analyses they check).
    pub fn holds(self, a: u128, b: u128, width: u32) -> bool {
        let (sa, sb) = (to_signed(a, width), to_signed(b, width));
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

    /// The keyword in the IR (`slt`, `uge`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Predicate::Eq => "eq",
            Predicate::Ne => "ne",
            Predicate::Slt => "slt",
            Predicate::Sle => "sle",
            Predicate::Sgt => "sgt",
            Predicate::Sge => "sge",
            Predicate::Ult => "ult",
            Predicate::Ule => "ule",
            Predicate::Ugt => "ugt",
            Predicate::Uge => "uge",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings() {
        assert_eq!(to_signed(0xff, 8), -1);
        assert_eq!(to_signed(0x7f, 8), 127);
        assert_eq!(to_signed(1, 1), -1);
        assert_eq!(to_signed(0x1ff, 8), -1);
        assert_eq!(in_order(0xffff_ffff, 32, false), 4294967295);
        assert_eq!(in_order(0xffff_ffff, 32, true), -1);
        assert_eq!(mask(64), u64::MAX as u128);
        assert_eq!(mask(128), u128::MAX);
    }
}
