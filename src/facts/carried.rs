//! Carried counters: the iteration arguments of a counted `scf.for` or
//! `affine.for` that start from a value of known range and grow by the
//! same constant on every iteration (`iter_args(%j = %x0)` with `yield
//! (%j + c)`), as a C front end keeps a second counter of one loop (`for
//! (i = 0, j = 1; ...; i++, j++)`; Polygeist's `affine.for` carries C's
//! `int` counter beside its `index` one).
//!
//! Algorithm: on iteration k (from 0) of an entry, such an argument holds
//! `x0 + k·c` where `x0` is its initial value: every earlier iteration of
//! the entry ran to its end (neither op's body can leave the loop early;
//! a body that ends the program ends the entry too) and yielded the
//! argument plus `c`. A loop that runs its body at most `N` times per
//! entry has `k <= N - 1`, so with `x0` in `[lo, hi]` the argument lies in
//! `[lo + min(0, (N-1)·c), hi + max(0, (N-1)·c)]`; with `N = 0` the body
//! never runs and the argument has no value there.
//!
//! Invariant (why no addition wrapped): the range is recorded only when it
//! lies in the argument type's signed range; each value the argument takes
//! in the body is one of the additions' results before the last, which lie
//! in that range, so none of them wrapped and each is the mathematical
//! `x0 + k·c`. The last iteration's addition may wrap: its result leaves
//! the loop and is never the argument's value in the body. The recorded
//! fact rests on the assumptions the loop's count and the initial value's
//! range rest on.

use super::assumptions::Assumptions;
use super::bits::{carrier, const_bits, smax, smin, to_signed};
use super::interval::Interval;
use super::ir::{FastMap, Op, Val};
use super::ranges::{Range, Ranges, ValueFact};
use super::semantics::IntOp;
use super::{Counter, Status};

/// A carried counter's range in the body, as a value fact.
pub(super) struct CarriedFact<'a> {
    pub(super) value: Val<'a>,
    pub(super) fact: ValueFact<'a>,
}

/// The value facts of the carried counters of `op` (an `scf.for` or
/// `affine.for` whose record is `status` and `counter`), from the ranges
/// at the loop in `ranges`; `assumes`: the assumptions the loop's facts
/// rest on.
pub(super) fn counter_facts<'a>(
    op: Op<'a>,
    status: &Status,
    counter: Option<&Counter>,
    ranges: &Ranges<'_, 'a>,
    assumes: Assumptions,
) -> Vec<CarriedFact<'a>> {
    let Some(runs) = max_runs(status, counter) else { return Vec::new() };
    let Some(args) = carried_args(op) else { return Vec::new() };
    let mut out = Vec::new();
    for (arg, init, next) in args {
        let Some(width) = carrier(arg, ranges.index_width).map(|t| t.width()) else { continue };
        let Some(step) = growth(arg, next, ranges.index_width, width) else { continue };
        // A body that never runs observes no value.
        let range = if runs == 0 {
            None
        } else {
            let Some(start) = ranges.at(init, op).map(|r| r.s).filter(|s| !s.is_empty()) else { continue };
            let Some(range) = body_range(start, step, runs, width) else { continue };
            Some(Range::in_order(range, width, true))
        };
        let read = if runs == 0 { Assumptions::NONE } else { ranges.assumptions_of(init) };
        out.push(CarriedFact { value: arg, fact: ValueFact { range, after_guard: None, assumes: assumes | read } });
    }
    out
}

/// The most times the body runs per entry: the count, or a bound on it
/// (a symbolic loop's from its counter's numeric envelope: distinct
/// values `step` apart within `[lo, hi]`).
fn max_runs(status: &Status, counter: Option<&Counter>) -> Option<u128> {
    let from_envelope = counter.and_then(|c| {
        let body = c.body?;
        let step = c.step.unsigned_abs();
        (step > 0 && body.hi >= body.lo).then(|| ((body.hi - body.lo) as u128) / step + 1)
    });
    let counted = match status {
        Status::Exact { body_count, .. } => Some(*body_count),
        Status::AtMost { max_body_count, .. } => Some(*max_body_count),
        Status::SymbolicExact { .. } | Status::SymbolicAtMost { .. } => None,
        Status::Unknown { .. } => return None,
    };
    match (counted, from_envelope) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Each iteration argument of `op` with its initial value and the value
/// its body yields for it; None for other ops or a body that is not one
/// block ending in the yield.
fn carried_args<'a>(op: Op<'a>) -> Option<Vec<(Val<'a>, Val<'a>, Val<'a>)>> {
    if !(op.is("scf.for") || op.is("affine.for")) || op.num_regions() != 1 {
        return None;
    }
    let body = op.region(0).first_block()?;
    if body.next().is_some() {
        return None;
    }
    let yield_op = body.terminator()?;
    let carried = op.num_results();
    let (n, args) = (op.num_operands(), body.num_args());
    if carried == 0 || yield_op.num_operands() != carried || args != carried + 1 || n < carried {
        return None;
    }
    // The initial values are the last operands of both ops.
    Some((0..carried).map(|i| (body.arg(i + 1), op.operand(n - carried + i), yield_op.operand(i))).collect())
}

/// `c` when `next` is `arg + c` or `arg - (-c)` for a constant `c` at
/// `width` (a signed reading).
fn growth<'a>(arg: Val<'a>, next: Val<'a>, iw: u32, width: u32) -> Option<i128> {
    let konst = |v: Val<'a>| const_bits(v, iw).map(|b| to_signed(b, width));
    match IntOp::of(next.defining_op()?)? {
        IntOp::Add { lhs, rhs, .. } if lhs == arg => konst(rhs),
        IntOp::Add { lhs, rhs, .. } if rhs == arg => konst(lhs),
        IntOp::Sub { lhs, rhs, .. } if lhs == arg => konst(rhs).and_then(i128::checked_neg),
        _ => None,
    }
}

/// `[lo + min(0, (runs-1)·c), hi + max(0, (runs-1)·c)]` for a start in
/// `start`, when it lies in the signed range of `width` (None otherwise,
/// or for no runs).
fn body_range(start: Interval, c: i128, runs: u128, width: u32) -> Option<Interval> {
    let last = i128::try_from(runs.checked_sub(1)?).ok()?.checked_mul(c)?;
    let lo = start.lo.checked_add(last.min(0))?;
    let hi = start.hi.checked_add(last.max(0))?;
    (lo >= smin(width) && hi <= smax(width)).then_some(Interval { lo, hi })
}

/// Records `found` in `facts` (a counter's fact is its own: nothing else
/// records facts of iteration arguments).
pub(super) fn record<'a>(found: Vec<CarriedFact<'a>>, facts: &mut FastMap<Val<'a>, ValueFact<'a>>) {
    for f in found {
        facts.entry(f.value).or_insert(f.fact);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_spans_the_runs() {
        let start = Interval { lo: 1, hi: 1 };
        assert_eq!(body_range(start, 1, 19, 32), Some(Interval { lo: 1, hi: 19 }));
        assert_eq!(body_range(start, -2, 3, 32), Some(Interval { lo: -3, hi: 1 }));
        assert_eq!(body_range(Interval { lo: 0, hi: 4 }, 3, 2, 8), Some(Interval { lo: 0, hi: 7 }));
    }

    #[test]
    fn no_range_when_the_body_never_runs_or_a_value_wraps() {
        assert_eq!(body_range(Interval { lo: 0, hi: 0 }, 1, 0, 32), None);
        // 120 + 7 = 127 fits i8; 120 + 8 does not.
        assert_eq!(body_range(Interval { lo: 120, hi: 120 }, 1, 8, 8), Some(Interval { lo: 120, hi: 127 }));
        assert_eq!(body_range(Interval { lo: 120, hi: 120 }, 1, 9, 8), None);
        assert_eq!(body_range(Interval { lo: -128, hi: 0 }, -1, 2, 8), None);
    }

    /// Exhaustively at 4 bits: every start interval, step and run count
    /// whose range is recorded covers every value the argument takes, and
    /// each of those values is reached without wrapping.
    #[test]
    fn exhaustive_at_four_bits() {
        let w = 4;
        for lo in smin(w)..=smax(w) {
            for hi in lo..=smax(w) {
                for c in -8i128..=7 {
                    for runs in 0u128..=17 {
                        let Some(r) = body_range(Interval { lo, hi }, c, runs, w) else { continue };
                        for x0 in lo..=hi {
                            let mut x = x0;
                            for k in 0..runs {
                                assert!(r.lo <= x && x <= r.hi, "x0 {x0} c {c} k {k}");
                                if k + 1 < runs {
                                    // The addition the next iteration reads
                                    // stays in range: no wrap.
                                    x += c;
                                    assert!(smin(w) <= x && x <= smax(w));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
