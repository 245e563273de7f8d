//! Integer values as the hardware holds them: `width`-bit patterns, their
//! signed and unsigned readings, and the exact bits of constant IR values.
//!
//! Invariants:
//! - a value of a `width`-bit integer (for `index`, the target's index
//!   width) is a `u128` bit pattern whose bits above `width` are zero; the
//!   functions here mask their inputs, so any `u128` is accepted and taken
//!   modulo 2^width;
//! - the analyses handle carriers of 1 to [`MAX_WIDTH`] bits (wider values
//!   are not analysed), which keeps every exact intermediate result of the
//!   arithmetic core and of ranges far inside `i128`;
//! - a width-bit pattern read in an order is an `i128`: signed in
//!   `[-2^(width-1), 2^(width-1) - 1]`, unsigned in `[0, 2^width - 1]`.

use super::ir::{int_type, IntType, Val};
use super::semantics::{Cast, IntOp};

/// Widest carrier analysed, in bits (the core works in `i128`/`u128`).
pub const MAX_WIDTH: u32 = 64;

/// The low `width` bits set (all bits from 128 up).
pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// The smallest signed width-bit value, `-2^(width-1)`.
pub fn smin(width: u32) -> i128 {
    -(1i128 << (width - 1))
}

/// The largest signed width-bit value, `2^(width-1) - 1`.
pub fn smax(width: u32) -> i128 {
    (1i128 << (width - 1)) - 1
}

/// `bits` (a width-bit pattern) read as signed.
pub fn to_signed(bits: u128, width: u32) -> i128 {
    let bits = bits & mask(width);
    if width == 0 {
        return 0;
    }
    if bits >> (width - 1) & 1 == 1 {
        bits as i128 - (1i128 << width)
    } else {
        bits as i128
    }
}

/// `bits` read in the given order.
pub fn in_order(bits: u128, width: u32, signed: bool) -> i128 {
    if signed {
        to_signed(bits, width)
    } else {
        (bits & mask(width)) as i128
    }
}

/// Carrier width and type of an integer or index value.
pub fn carrier(v: Val, index_width: u32) -> Option<IntType> {
    int_type(v.ty(), index_width)
}

/// The exact value of `v` as a width-bit pattern, when it is a constant
/// computed from `arith.constant`/`index.constant` through exact integer
/// arithmetic and casts (all modulo 2^width, as executed).
///
/// With an index narrower than 64 bits, the value is read only when the
/// same computation with a 64-bit index gives the same value (for an
/// `index` result, the same signed reading): upstream's folders compute
/// `index` constants and arithmetic with 64 bits while the lowered code
/// computes with the target's width, so a value on which they disagree
/// (`arith.constant 2147483648 : index` at 32 bits, or an `index_cast` of
/// a sum that wrapped) is what the program computes only when nothing
/// folds it on the way: it is refused, like an attribute constant that
/// does not fit (see `ir::index_constant`).
pub fn const_bits(v: Val, index_width: u32) -> Option<u128> {
    let narrow = const_bits_depth(v, index_width, 0)?;
    if index_width >= 64 {
        return Some(narrow);
    }
    let wide = const_bits_depth(v, 64, 0)?;
    let agree = if carrier(v, index_width)?.is_index() {
        to_signed(narrow, index_width) == to_signed(wide, 64)
    } else {
        narrow == wide
    };
    agree.then_some(narrow)
}

fn const_bits_depth(v: Val, iw: u32, depth: u32) -> Option<u128> {
    if depth > 32 {
        return None;
    }
    let width = carrier(v, iw)?.width();
    if width > MAX_WIDTH {
        return None;
    }
    let op = v.defining_op()?;
    let m = mask(width);
    let sub = |x: Val| const_bits_depth(x, iw, depth + 1);
    match IntOp::of(op)? {
        IntOp::Constant { value } => {
            let (bits, attr_width) = value?;
            let bits = bits as u128;
            // An index constant is stored in 64 bits; on a narrower target it
            // must fit (sign- or zero-extended), else we do not claim a value.
            if attr_width > width {
                let t = bits & m;
                let sext = (to_signed(t, width) as u128) & mask(attr_width);
                if sext != bits && t != bits {
                    return None;
                }
                return Some(t);
            }
            Some(bits & m)
        }
        IntOp::Add { lhs, rhs, .. } => Some(sub(lhs)?.wrapping_add(sub(rhs)?) & m),
        IntOp::Sub { lhs, rhs, .. } => Some(sub(lhs)?.wrapping_sub(sub(rhs)?) & m),
        IntOp::Mul { lhs, rhs, .. } => Some(sub(lhs)?.wrapping_mul(sub(rhs)?) & m),
        IntOp::Cast { value, kind: Cast::Signed } => {
            let w = carrier(value, iw)?.width();
            Some((to_signed(sub(value)?, w) as u128) & m)
        }
        IntOp::Cast { value, kind: Cast::Unsigned | Cast::Truncate } => Some(sub(value)? & m),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_reading() {
        assert_eq!(to_signed(0xff, 8), -1);
        assert_eq!(to_signed(0x7f, 8), 127);
        assert_eq!(to_signed(1, 1), -1);
        assert_eq!(to_signed(0x1ff, 8), -1);
        assert_eq!(in_order(0xffff_ffff, 32, false), 4294967295);
        assert_eq!(in_order(0xffff_ffff, 32, true), -1);
    }

    #[test]
    fn masks() {
        assert_eq!(mask(1), 1);
        assert_eq!(mask(64), u64::MAX as u128);
        assert_eq!(mask(128), u128::MAX);
    }
}
