//! The largest body count of a counted loop whose bound is its start plus a
//! constant that may wrap: `iv = lb; while iv < ub (in the loop's order);
//! iv += step` with `ub = lb + c (mod 2^w)`, an `arith.addi` of the loop's
//! own lower bound and a constant without the flag that makes wrapping in
//! the loop's order poison (`scf.for` with `ub = %lb + 16`). No exact count
//! exists (it depends on whether the add wraps, so on `lb`), but every
//! start gives one of two counts, and the larger is a sound `at_most`.
//!
//! Algorithm. For a start `lb` (a w-bit pattern) allowed by the add's
//! flags (`nsw`: `lb + c` fits in the signed range, read signed; `nuw`: it
//! fits in the unsigned range, read unsigned), the count is `ceil((ub - lb)
//! / step)` when `ub > lb` in the loop's order and 0 otherwise, both read in
//! that order. As `lb` runs over the 2^w patterns, `ub - lb` (read in the
//! order) changes only where the add starts or stops wrapping in either
//! order or where the reading of `lb` or `ub` jumps (pattern 0 and 2^(w-1)),
//! and the flags change only at the same points. So the count is constant
//! between these boundaries, and its largest value over every allowed start
//! is the largest over the patterns next to them ([`candidates`]); the unit
//! tests check this against every start at every width up to 6.
//!
//! Invariant: [`max_count`] is at least the count of every start the
//! flags allow, so no execution of the loop runs its body more often (a
//! final increment that overflows is undefined behaviour for `scf.for` and
//! `loom.for`, and is not counted: the count stops at `ub`).

use super::bits::{in_order, mask, smax, smin, to_signed};
use super::semantics::Overflow;
use super::trip_count::Order;

/// The body count of the loop from the start pattern `lb`, or None when the
/// add's flags make `lb + c` poison for this start.
fn count(width: u32, order: Order, c: u128, step: u128, flags: Overflow, lb: u128) -> Option<u128> {
    let signed = order == Order::Signed;
    let (lb_s, c_s) = (to_signed(lb, width), to_signed(c, width));
    if flags.nsw && !(smin(width)..=smax(width)).contains(&(lb_s + c_s)) {
        return None;
    }
    if flags.nuw && lb + c > mask(width) {
        return None;
    }
    let ub = (lb + c) & mask(width);
    let (lb_o, ub_o) = (in_order(lb, width, signed), in_order(ub, width, signed));
    if ub_o <= lb_o {
        return Some(0);
    }
    let span = (ub_o - lb_o) as u128;
    Some(span.div_ceil(step))
}

/// The start patterns next to every point where the count or the flags'
/// verdict may change (see the file header).
fn candidates(width: u32, c: u128) -> Vec<u128> {
    let m = mask(width);
    let half = 1u128 << (width - 1);
    let c_s = to_signed(c, width);
    let boundaries = [
        0,
        half,
        // lb + c wraps in the unsigned order from here on.
        (m + 1 - c) & m,
        // lb + c leaves the signed range (above for c >= 0, below for c < 0).
        ((smax(width) - c_s + 1).rem_euclid(1i128 << width)) as u128,
        ((smin(width) - c_s).rem_euclid(1i128 << width)) as u128,
        // ub's reading jumps.
        (half + m + 1 - c) & m,
    ];
    let mut out = Vec::with_capacity(boundaries.len() * 2);
    for b in boundaries {
        out.push(b & m);
        out.push(b.wrapping_add(m) & m);
    }
    out
}

/// The largest body count over every start the flags allow, for the
/// counter width `width`, the loop's order, the constant `c` (a w-bit
/// pattern) and the step (positive in the loop's order); None when the
/// flags allow no start (the bound is always poison) or the step is not
/// positive.
pub fn max_count(width: u32, order: Order, c: u128, step: u128, flags: Overflow) -> Option<u128> {
    if width == 0 || step == 0 || in_order(step, width, order == Order::Signed) <= 0 {
        return None;
    }
    let step = in_order(step, width, order == Order::Signed) as u128;
    candidates(width, c & mask(width))
        .into_iter()
        .filter_map(|lb| count(width, order, c & mask(width), step, flags, lb))
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAGS: [Overflow; 4] = [
        Overflow::NONE,
        Overflow { nsw: true, nuw: false },
        Overflow { nsw: false, nuw: true },
        Overflow { nsw: true, nuw: true },
    ];

    /// Against every start, at every width up to 6, every constant, every
    /// step positive in the order and every flag combination.
    #[test]
    fn candidates_give_the_largest_count_of_every_start() {
        for width in 1..=6u32 {
            let m = mask(width);
            for order in [Order::Signed, Order::Unsigned] {
                for c in 0..=m {
                    for step in 0..=m {
                        for flags in FLAGS {
                            let got = max_count(width, order, c, step, flags);
                            let positive = in_order(step, width, order == Order::Signed) > 0;
                            let want = positive
                                .then(|| {
                                    let s = in_order(step, width, order == Order::Signed) as u128;
                                    (0..=m).filter_map(|lb| count(width, order, c, s, flags, lb)).max()
                                })
                                .flatten();
                            assert_eq!(got, want, "width {width} {order:?} c {c} step {step} {flags:?}");
                        }
                    }
                }
            }
        }
    }

    /// Upstream's scf.for trip-count cases without a count (i32, step 4).
    #[test]
    fn upstream_cases() {
        let w = 32;
        let c16 = 16u128;
        let c_m16 = mask(w) + 1 - 16;
        let nsw = Overflow { nsw: true, nuw: false };
        let nuw = Overflow { nsw: false, nuw: true };
        // lb + 16, no flag, signed: 4 unless it wraps (then 0).
        assert_eq!(max_count(w, Order::Signed, c16, 4, Overflow::NONE), Some(4));
        // lb - 16, no flag, signed: 0 unless it wraps (then 2^30 - 4).
        assert_eq!(max_count(w, Order::Signed, c_m16, 4, Overflow::NONE), Some((1 << 30) - 4));
        // Flags that do not match the loop's order.
        assert_eq!(max_count(w, Order::Unsigned, c16, 4, nsw), Some(4));
        assert_eq!(max_count(w, Order::Unsigned, c_m16, 4, nsw), Some((1 << 30) - 4));
        assert_eq!(max_count(w, Order::Signed, c16, 4, nuw), Some(4));
        // nuw: lb < 16, so lb - 16 is negative and below lb: never runs.
        assert_eq!(max_count(w, Order::Signed, c_m16, 4, nuw), Some(0));
    }
}
