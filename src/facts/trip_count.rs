//! Exact trip counts and counter ranges of counted loops, with a no-wrap proof.
//!
//! This is the arithmetic core of loop-fact analysis. The IR side finds a
//! counter (a before-region argument starting at `init`, compared with a
//! loop-invariant `bound`, advanced by a constant `step` on the back edge) and
//! hands the constants to [`trip_facts`] (`scf.while` semantics) or
//! [`for_facts`] (`scf.for` semantics). Both are pure, `O(1)` and total: they
//! return [`Facts::Exact`] only with a proof, and [`Facts::Unknown`] with a
//! reason otherwise. A wrong exact answer is the one bug this module must not
//! have, so every doubtful case is unknown.
//!
//! # `scf.while` semantics ([`trip_facts`])
//! The condition region runs, then the body while the condition holds; with
//! `N` body executions the condition runs `N + 1` times (the last run fails;
//! `N` may be 0). Each body execution does `counter += step` modulo `2^w`.
//! * [`Shape::HeaderTested`]: the condition tests the counter itself.
//! * [`Shape::DoWhile`]: the condition computes `next = counter + step`, tests
//!   `next` and forwards both; the body continues with `counter = next`. The
//!   failing condition has computed one `next` more than the body used.
//! * [`CounterSide`]: `counter pred bound` ([`CounterSide::Lhs`]) or
//!   `bound pred counter` ([`CounterSide::Rhs`]); the latter is solved as the
//!   mirrored relation (`b < c` is `c > b`).
//!
//! # Reading the inputs
//! `width` is the carrier's bit width (`1..=64`; for `index`, the target's
//! index width). `init`, `bound` and `step` are raw `w`-bit patterns: any
//! `i128` is accepted and taken modulo `2^w`, so `-1`, `255` and `511` are the
//! same `i8`. The predicate fixes the *order* ([`Order`]) in which values are
//! read and reported: signed predicates give two's-complement values in
//! `[-2^(w-1), 2^(w-1) - 1]`, unsigned ones give `[0, 2^w - 1]`.
//! `eq`/`ne` have no order of their own: the signed order is tried first, then
//! the unsigned one, and [`LoopFacts::order`] says which one the facts use.
//!
//! The step is read as a mathematical per-iteration change `d` (reported as
//! [`LoopFacts::step`]):
//! * signed order: the signed `w`-bit value (`addi %c, 255 : i8` is `d = -1`);
//! * unsigned order: the unsigned value `u` if `u <= 2^(w-1)`, else the
//!   decrement `u - 2^w` (`addi %c, -1 : i8` with `ugt` is `d = -1`; the half
//!   way step `2^(w-1)` counts as an increment).
//!
//! # The no-wrap proof
//! Write `x_k = init + k·d` in exact integers (`k = 0, 1, …`). The order's
//! range holds exactly `2^w` consecutive integers, one per residue class
//! modulo `2^w`, so as long as every `x_k` lies in it, the counter's real
//! (modular) value read in the order *is* `x_k`, and every comparison the loop
//! evaluates agrees with the exact-integer one. The values a loop observes are
//! `x_0 … x_N` (header-tested) or `x_0 … x_{N+1}` (do-while: the failing
//! condition computed `x_{N+1}`). The progression is monotone, and `x_0` is in
//! range by construction, so the whole proof is one check: the *last* observed
//! value lies in the order's range. If it does not, some step crossed the
//! order's seam (between `MAX` and `MIN`), and the answer is unknown, even
//! when the real loop would terminate after wrapping.
//!
//! # Closed form
//! With `t_k` the tested value (`x_k`, or `x_{k+1}` for do-while), `N` is
//! the smallest `k ≥ 0` with `!(t_k rel bound)`. If `t_0` already fails,
//! `N = 0` whatever the step (for do-while, `t_0 = init + d` must itself be in
//! range first: a do-while `ult` loop with `init = UINT_MAX` is unknown, not
//! zero-trip). Otherwise, with `t_0` holding:
//! * `<`  and `d > 0`: `N = ⌈(bound - t_0) / d⌉`;
//! * `<=` and `d > 0`: `N = ⌈(bound + 1 - t_0) / d⌉`;
//! * `>`  and `d < 0`: `N = ⌈(t_0 - bound) / -d⌉`;
//! * `>=` and `d < 0`: `N = ⌈(t_0 - bound + 1) / -d⌉`;
//! * `==`: `N = 1` (`d ≠ 0`);
//! * `!=`: `N = (bound - t_0) / d` when `d` divides it with a positive
//!   quotient (the counter lands on the bound exactly).
//!
//! and then `t_N` must pass the range check above. One division, no loop:
//! `O(1)` for every width.
//!
//! # Why unknown ([`UnknownReason`])
//! Unsupported width; a relation that holds for every value of the order
//! (`<= MAX`, `>= MIN`: never exits); step 0 with a first test that holds
//! (never exits); a counter moving away from the exit, or stepping over the
//! `!=` bound (it can only exit after wrapping); a last observed value outside
//! the order's range (it wraps first).
//!
//! # Magnitudes
//! With `w <= 64` every value, bound and step is below `2^64` in magnitude,
//! distances are below `2^65`, `N ≤ 2^64` and `N·|d| < 2^66`: all arithmetic
//! stays far inside `i128`, so plain operators cannot overflow. Counts are
//! `u128` because the condition count can be `2^64` (`i64 slt MIN → MAX`).
//! The computation is width-generic (no special case for any width), which
//! is what lets exhaustive tests at small widths speak for 64 bits.
//!
//! # `scf.for` ([`for_facts`])
//! `scf.for` iterates while `iv < ub` (signed or unsigned), `iv += step`, with
//! `step > 0`; MLIR documents overflow of the one-past-the-last induction value
//! as undefined behaviour, so the count is `⌈(ub - lb) / step⌉` (or 0) even
//! near the carrier's maximum, and the exit value `lb + N·step` is reported as
//! a mathematical value that may lie outside the carrier's range. The same
//! loop written as an `scf.while` really wraps there, and [`trip_facts`] says
//! unknown: e.g. at 32 bits, `slt 2147483642 → 2147483647 step 2` is `N = 3`
//! as `scf.for` but unknown as `scf.while` (at 64 bits both give `N = 3`,
//! exit `2147483648`).
//!
//! # Tests
//! The referee is simulation with real `w`-bit wrapping arithmetic, never
//! the closed form: every input at widths 1..=8 (all predicates, both sides,
//! both shapes, every init, bound and step: 671,088,640 cases at width 8),
//! checked both ways: exact facts must match the simulated run, and every
//! run that exits without a wrap in the comparison's order must get exact
//! facts. Widths 1..=5 are also checked against a naive per-case simulator,
//! and widths 9..=64 by sampling around the edges of both orders.

use std::fmt;

use super::bits::MAX_WIDTH;
use super::interval::Interval;
use super::predicate::Predicate;

/// The order in which a comparison reads its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Two's complement: `[-2^(w-1), 2^(w-1) - 1]`.
    Signed,
    /// `[0, 2^w - 1]`.
    Unsigned,
}

/// A `width`-bit carrier read in one order.
///
/// (The small helpers here and below are `#[inline(always)]` only because it
/// makes the exhaustive tests about 10% faster in debug builds, which CI runs.)
#[derive(Clone, Copy, Debug)]
struct Carrier {
    order: Order,
    /// `2^width`.
    modulus: i128,
    range: Interval,
}

impl Carrier {
    #[inline(always)]
    fn new(width: u32, order: Order) -> Option<Carrier> {
        if !matches!(width, 1..=MAX_WIDTH) {
            return None;
        }
        let modulus = 1i128 << width;
        let half = modulus >> 1;
        let range = match order {
            Order::Signed => Interval { lo: -half, hi: half - 1 },
            Order::Unsigned => Interval { lo: 0, hi: modulus - 1 },
        };
        Some(Carrier { order, modulus, range })
    }

    /// Reads the low `width` bits of `raw` as a value in the order.
    #[inline(always)]
    fn read(self, raw: i128) -> i128 {
        // Two's complement: masking is `raw mod 2^width` for negative `raw` too.
        let bits = raw & (self.modulus - 1);
        if bits > self.range.hi {
            bits - self.modulus
        } else {
            bits
        }
    }

    /// Reads a step as the exact per-iteration change in the order (see the
    /// module documentation): signed steps by their signed value, unsigned
    /// ones above `2^(w-1)` as decrements.
    #[inline(always)]
    fn read_step(self, raw: i128) -> i128 {
        let bits = raw & (self.modulus - 1);
        let half = self.modulus >> 1;
        if bits > half || (matches!(self.order, Order::Signed) && bits == half) {
            bits - self.modulus
        } else {
            bits
        }
    }
}

/// The values of a `width`-bit carrier in `order` (None: unsupported width).
pub fn order_limits(width: u32, order: Order) -> Option<Interval> {
    Carrier::new(width, order).map(|c| c.range)
}

/// A raw `width`-bit step read as the per-iteration change in `order`, as
/// the core reads it (see the module docs).
pub fn step_in_order(width: u32, order: Order, raw: i128) -> Option<i128> {
    Carrier::new(width, order).map(|c| c.read_step(raw))
}

/// A predicate with its order factored out, as `counter relation bound`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Relation {
    /// The relation of `predicate`, whose order is the predicate's.
    #[inline(always)]
    fn of(predicate: Predicate) -> Relation {
        match predicate {
            Predicate::Eq => Relation::Eq,
            Predicate::Ne => Relation::Ne,
            Predicate::Slt | Predicate::Ult => Relation::Lt,
            Predicate::Sle | Predicate::Ule => Relation::Le,
            Predicate::Sgt | Predicate::Ugt => Relation::Gt,
            Predicate::Sge | Predicate::Uge => Relation::Ge,
        }
    }

    #[inline(always)]
    fn holds(self, value: i128, bound: i128) -> bool {
        match self {
            Relation::Lt => value < bound,
            Relation::Le => value <= bound,
            Relation::Gt => value > bound,
            Relation::Ge => value >= bound,
            Relation::Eq => value == bound,
            Relation::Ne => value != bound,
        }
    }

    /// True when `value relation bound` holds for every value in `range`.
    #[inline(always)]
    fn holds_everywhere(self, bound: i128, range: Interval) -> bool {
        match self {
            Relation::Le => bound >= range.hi,
            Relation::Ge => bound <= range.lo,
            // `range` has at least two values, so the others can fail.
            Relation::Lt | Relation::Gt | Relation::Eq | Relation::Ne => false,
        }
    }
}

/// Which single value the loop condition tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// The condition tests the counter argument itself.
    HeaderTested,
    /// The condition tests `next = counter + step` and forwards it; the body
    /// continues with `counter = next`.
    DoWhile,
}

/// Where the counter sits in the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CounterSide {
    /// `counter pred bound`.
    Lhs,
    /// `bound pred counter`.
    Rhs,
}

/// The constants of a counted `scf.while` loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopInput {
    /// Carrier width in bits, `1..=64` (for `index`: the target's index width).
    pub width: u32,
    /// The comparison of the condition region.
    pub predicate: Predicate,
    /// Which operand of the comparison is the counter.
    pub side: CounterSide,
    /// Whether the condition tests the counter or `counter + step`.
    pub shape: Shape,
    /// Initial counter value, a raw pattern taken modulo `2^width`.
    pub init: i128,
    /// Loop-invariant bound, a raw pattern taken modulo `2^width`.
    pub bound: i128,
    /// Amount added on each back edge, modulo `2^width` (`subi %c, k` is
    /// `-k`); its reading as an increment or decrement is in the module docs.
    pub step: i128,
}

/// Proven facts about one loop. All values are read in [`LoopFacts::order`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopFacts {
    /// The order of every value below.
    pub order: Order,
    /// The exact change of the counter per iteration in that order.
    pub step: i128,
    /// Body executions `N`.
    pub body_count: u128,
    /// Condition executions, `N + 1` (can be `2^64`).
    pub condition_count: u128,
    /// Counter values the condition region sees (`x_0 … x_N`; for do-while
    /// the counter argument, not `next`).
    pub condition: Interval,
    /// Counter values the body sees (`x_0 … x_{N-1}`); `None` when `N = 0`.
    pub body: Option<Interval>,
    /// The counter on the false edge, `x_N`. For [`for_facts`] this is the
    /// mathematical `lb + N·step`, which may exceed the carrier's range.
    pub exit: i128,
    /// Do-while only: the `next` forwarded on the false edge, `x_{N+1}`.
    pub exit_next: Option<i128>,
}

/// Why no exact facts were given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnknownReason {
    /// The width is not in `1..=MAX_WIDTH`.
    UnsupportedWidth,
    /// Step 0 and the first test holds: the loop never exits.
    DoesNotTerminate,
    /// The comparison holds for every value of its order (`<= MAX`,
    /// `>= MIN`): the loop never exits.
    ConditionNeverFails,
    /// The first test holds and the counter moves away from the values that
    /// fail it: it could only exit after wrapping.
    MovesAwayFromExit,
    /// `!=`: the counter steps over the bound without landing on it.
    SkipsBound,
    /// The value the failing condition would observe (for do-while, the
    /// `next` it computes) lies outside the order's range: the counter wraps
    /// first.
    CounterWraps,
    /// `scf.for`: the step is not positive in the loop's order.
    NonPositiveStep,
}

impl UnknownReason {
    /// A short human-readable explanation, for compile reports.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            UnknownReason::UnsupportedWidth => "unsupported carrier width",
            UnknownReason::DoesNotTerminate => "does not terminate (step 0, condition holds)",
            UnknownReason::ConditionNeverFails => "the condition can never fail",
            UnknownReason::MovesAwayFromExit => "the counter moves away from the exit",
            UnknownReason::SkipsBound => "the counter steps over the `ne` bound",
            UnknownReason::CounterWraps => "the counter wraps before the loop exits",
            UnknownReason::NonPositiveStep => "the step is not positive",
        }
    }
}

impl fmt::Display for UnknownReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The answer: exact facts with a no-wrap proof, or unknown with a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facts {
    /// Proven facts.
    Exact(LoopFacts),
    /// No proof; nothing may be assumed about the loop.
    Unknown(UnknownReason),
}

impl Facts {
    /// The facts, if exact.
    #[must_use]
    pub fn exact(&self) -> Option<&LoopFacts> {
        match self {
            Facts::Exact(facts) => Some(facts),
            Facts::Unknown(_) => None,
        }
    }
}

/// Trip count, counter ranges and exit value of a counted `scf.while` loop,
/// exact only with a no-wrap proof (see the module documentation).
#[must_use]
pub fn trip_facts(input: &LoopInput) -> Facts {
    let relation = match input.side {
        CounterSide::Lhs => Relation::of(input.predicate),
        // `bound pred counter` is `counter pred.swap() bound`.
        CounterSide::Rhs => Relation::of(input.predicate.swap()),
    };
    match input.predicate.order() {
        Some(order) => facts_in_order(input, relation, order),
        // `eq`/`ne` compare bit patterns: any order with a proof will do.
        None => match facts_in_order(input, relation, Order::Signed) {
            Facts::Unknown(reason) => match facts_in_order(input, relation, Order::Unsigned) {
                Facts::Exact(facts) => Facts::Exact(facts),
                Facts::Unknown(_) => Facts::Unknown(reason),
            },
            exact @ Facts::Exact(_) => exact,
        },
    }
}

fn facts_in_order(input: &LoopInput, relation: Relation, order: Order) -> Facts {
    let Some(carrier) = Carrier::new(input.width, order) else {
        return Facts::Unknown(UnknownReason::UnsupportedWidth);
    };
    let range = carrier.range;
    let init = carrier.read(input.init);
    let bound = carrier.read(input.bound);
    let step = carrier.read_step(input.step);
    let first_tested = match input.shape {
        Shape::HeaderTested => init,
        Shape::DoWhile => init + step,
    };
    let failure = match first_failure(relation, bound, first_tested, step, range) {
        Ok(failure) => failure,
        Err(reason) => return Facts::Unknown(reason),
    };
    // The proof covers every counter value from `init` to `failure.tested`.
    let exit = match input.shape {
        Shape::HeaderTested => failure.tested,
        Shape::DoWhile => failure.tested - step,
    };
    let n = failure.index.unsigned_abs();
    Facts::Exact(LoopFacts {
        order,
        step,
        body_count: n,
        condition_count: n + 1,
        condition: Interval::spanning(init, exit),
        body: if n > 0 { Some(Interval::spanning(init, exit - step)) } else { None },
        exit,
        exit_next: match input.shape {
            Shape::HeaderTested => None,
            Shape::DoWhile => Some(failure.tested),
        },
    })
}

/// The first failing test of a loop: its index `k` and tested value `t_k`.
struct Failure {
    index: i128,
    tested: i128,
}

/// The smallest `k >= 0` such that `start + k·step relation bound` fails,
/// provided every tested value up to that one lies in `range` (`start` is
/// checked too; the progression is monotone, so checking the last one covers
/// the rest).
fn first_failure(
    relation: Relation,
    bound: i128,
    start: i128,
    step: i128,
    range: Interval,
) -> Result<Failure, UnknownReason> {
    if relation.holds_everywhere(bound, range) {
        return Err(UnknownReason::ConditionNeverFails);
    }
    if !range.contains(start) {
        return Err(UnknownReason::CounterWraps);
    }
    if !relation.holds(start, bound) {
        return Ok(Failure { index: 0, tested: start });
    }
    if step == 0 {
        return Err(UnknownReason::DoesNotTerminate);
    }
    let failure = match relation {
        // Fails once the value climbs to `threshold`.
        Relation::Lt | Relation::Le => {
            if step < 0 {
                return Err(UnknownReason::MovesAwayFromExit);
            }
            let threshold = if matches!(relation, Relation::Lt) { bound } else { bound + 1 };
            let (index, overshoot) = steps_to_cover(threshold - start, step);
            Failure { index, tested: threshold + overshoot }
        }
        // Fails once the value descends to `threshold`.
        Relation::Gt | Relation::Ge => {
            if step > 0 {
                return Err(UnknownReason::MovesAwayFromExit);
            }
            let threshold = if matches!(relation, Relation::Gt) { bound } else { bound - 1 };
            let (index, overshoot) = steps_to_cover(start - threshold, -step);
            Failure { index, tested: threshold - overshoot }
        }
        // `start == bound` holds and any non-zero step leaves it.
        Relation::Eq => Failure { index: 1, tested: start + step },
        // `start != bound` holds; it fails only on landing on the bound.
        Relation::Ne => {
            let distance = bound - start;
            if (distance > 0) != (step > 0) {
                return Err(UnknownReason::MovesAwayFromExit);
            }
            if distance % step != 0 {
                return Err(UnknownReason::SkipsBound);
            }
            Failure { index: distance / step, tested: bound }
        }
    };
    if !range.contains(failure.tested) {
        return Err(UnknownReason::CounterWraps);
    }
    Ok(failure)
}

/// For `distance > 0`, `stride > 0`: the fewest strides `k` that cover the
/// distance (`k·stride >= distance`) and the overshoot `k·stride - distance`.
#[inline(always)]
fn steps_to_cover(distance: i128, stride: i128) -> (i128, i128) {
    let whole = distance / stride;
    let rest = distance - whole * stride;
    if rest == 0 {
        (whole, 0)
    } else {
        (whole + 1, stride - rest)
    }
}

/// Trip count and ranges of `scf.for %iv = lb to ub step step` (signed or
/// `unsigned` comparison), by `scf.for`'s own semantics: the one-past-the-last
/// value cannot wrap (MLIR makes its overflow undefined behaviour), so
/// `N = ⌈(ub - lb) / step⌉` when `lb < ub` and 0 otherwise; `condition` is
/// `[lb, exit]`, `body` `[lb, lb + (N - 1)·step]`, and `exit = lb + N·step`
/// is mathematical: it may lie outside the carrier's range, where the same
/// loop as an `scf.while` would wrap. Inputs are raw `width`-bit patterns read
/// in `order` (the step too, which must then be positive).
#[must_use]
pub fn for_facts(width: u32, order: Order, lb: i128, ub: i128, step: i128) -> Facts {
    let Some(carrier) = Carrier::new(width, order) else {
        return Facts::Unknown(UnknownReason::UnsupportedWidth);
    };
    let lb = carrier.read(lb);
    let ub = carrier.read(ub);
    let step = carrier.read(step);
    if step <= 0 {
        return Facts::Unknown(UnknownReason::NonPositiveStep);
    }
    let n = if lb < ub { steps_to_cover(ub - lb, step).0 } else { 0 };
    let exit = lb + n * step;
    Facts::Exact(LoopFacts {
        order,
        step,
        body_count: n.unsigned_abs(),
        condition_count: n.unsigned_abs() + 1,
        condition: Interval::spanning(lb, exit),
        body: (n > 0).then(|| Interval::spanning(lb, exit - step)),
        exit,
        exit_next: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PREDICATES: [Predicate; 10] = Predicate::ALL;
    const SIDES: [CounterSide; 2] = [CounterSide::Lhs, CounterSide::Rhs];
    const SHAPES: [Shape; 2] = [Shape::HeaderTested, Shape::DoWhile];

    // ---------------------------------------------------------------------
    // Reference definitions, written independently of the implementation.
    // ---------------------------------------------------------------------

    fn ref_signed(width: u32, bits: u128) -> i128 {
        let m = 1i128 << width;
        let v = bits as i128;
        if v >= m / 2 {
            v - m
        } else {
            v
        }
    }

    /// The bit pattern read in the signed or unsigned order.
    fn ref_value(signed: bool, width: u32, bits: u128) -> i128 {
        if signed {
            ref_signed(width, bits)
        } else {
            bits as i128
        }
    }

    /// The step's exact change per iteration in the order (the documented reading).
    fn ref_step(signed: bool, width: u32, bits: u128) -> i128 {
        let m = 1i128 << width;
        let v = bits as i128;
        if signed {
            ref_signed(width, bits)
        } else if v > m / 2 {
            v - m
        } else {
            v
        }
    }

    /// `arith.cmpi` on raw `width`-bit patterns, with the counter on `side`.
    fn ref_holds(width: u32, pred: Predicate, side: CounterSide, counter: u128, bound: u128) -> bool {
        let (l, r) = match side {
            CounterSide::Lhs => (counter, bound),
            CounterSide::Rhs => (bound, counter),
        };
        let (sl, sr) = (ref_signed(width, l), ref_signed(width, r));
        match pred {
            Predicate::Eq => l == r,
            Predicate::Ne => l != r,
            Predicate::Slt => sl < sr,
            Predicate::Sle => sl <= sr,
            Predicate::Sgt => sl > sr,
            Predicate::Sge => sl >= sr,
            Predicate::Ult => l < r,
            Predicate::Ule => l <= r,
            Predicate::Ugt => l > r,
            Predicate::Uge => l >= r,
        }
    }

    fn order_is_signed(order: Order) -> bool {
        order == Order::Signed
    }

    /// Orders the facts may be given in: the predicate's, or both for eq/ne
    /// (signed preferred).
    fn allowed_orders(pred: Predicate) -> &'static [bool] {
        match pred.order() {
            Some(Order::Signed) => &[true],
            Some(Order::Unsigned) => &[false],
            None => &[true, false],
        }
    }

    /// The outcome of a simulated run.
    #[derive(Debug)]
    enum Run {
        /// The loop exited: counter bit patterns `x_0 … x_N` (plus `x_{N+1}`
        /// for do-while, the `next` its failing condition computed).
        Exits(Vec<u128>),
        /// No exit within the test budget.
        Unfinished,
    }

    /// Runs the loop with real `width`-bit wrapping arithmetic, evaluating
    /// the condition at most `max_tests` times.
    fn simulate(input: &LoopInput, max_tests: usize) -> Run {
        let mask = (1u128 << input.width) - 1;
        let bits = |v: i128| (v as u128) & mask;
        let (bound, step) = (bits(input.bound), bits(input.step));
        let mut xs = vec![bits(input.init)];
        for k in 0..max_tests {
            let x = xs[k];
            let next = (x + step) & mask;
            let tested = match input.shape {
                Shape::HeaderTested => x,
                Shape::DoWhile => next,
            };
            let holds = ref_holds(input.width, input.predicate, input.side, tested, bound);
            if !holds && input.shape == Shape::HeaderTested {
                return Run::Exits(xs);
            }
            xs.push(next);
            if !holds {
                return Run::Exits(xs);
            }
        }
        Run::Unfinished
    }

    /// True when every step of the run moves by exactly the step's reading.
    fn no_wrap(width: u32, signed: bool, step: u128, xs: &[u128]) -> bool {
        let d = ref_step(signed, width, step);
        xs.windows(2).all(|w| ref_value(signed, width, w[0]) + d == ref_value(signed, width, w[1]))
    }

    fn range_of(width: u32, signed: bool, xs: &[u128]) -> Interval {
        let vals = xs.iter().map(|&x| ref_value(signed, width, x));
        Interval { lo: vals.clone().min().unwrap_or(i128::MAX), hi: vals.max().unwrap_or(i128::MIN) }
    }

    /// Checks `trip_facts(input)` against a simulation of at most `max_tests`
    /// condition runs. With `max_tests > 2^w` the simulation is conclusive (the
    /// counter is the only state, so a run that long repeats a state and never
    /// exits); otherwise exact facts beyond the budget are checked for
    /// consistency: the claimed last test fails, the one before holds, and
    /// the claimed values are a non-wrapping progression.
    fn check_against_simulation(input: &LoopInput, max_tests: usize) {
        let facts = trip_facts(input);
        let width = input.width;
        let step_bits = (input.step as u128) & ((1u128 << width) - 1);
        let run = simulate(input, max_tests);
        let conclusive = max_tests as u128 > 1u128 << width;
        let xs = match (&run, facts) {
            (Run::Exits(xs), _) => xs,
            (Run::Unfinished, Facts::Exact(f)) if !conclusive => {
                check_consistent_beyond_budget(input, &f, max_tests);
                return;
            }
            (Run::Unfinished, Facts::Exact(f)) => {
                panic!("{input:?}: exact {f:?} but the loop never exits")
            }
            (Run::Unfinished, Facts::Unknown(_)) => return,
        };
        let proven: Vec<bool> =
            allowed_orders(input.predicate).iter().copied().filter(|&s| no_wrap(width, s, step_bits, xs)).collect();
        match facts {
            Facts::Exact(f) => {
                let signed = order_is_signed(f.order);
                assert_eq!(proven.first(), Some(&signed), "{input:?}: {f:?} is not in the preferred proven order");
                let n = xs.len() - 1 - usize::from(input.shape == Shape::DoWhile);
                let expected = LoopFacts {
                    order: f.order,
                    step: ref_step(signed, width, step_bits),
                    body_count: n as u128,
                    condition_count: n as u128 + 1,
                    condition: range_of(width, signed, &xs[..=n]),
                    body: (n > 0).then(|| range_of(width, signed, &xs[..n])),
                    exit: ref_value(signed, width, xs[n]),
                    exit_next: (input.shape == Shape::DoWhile).then(|| ref_value(signed, width, xs[n + 1])),
                };
                assert_eq!(f, expected, "{input:?}");
            }
            Facts::Unknown(reason) => {
                assert!(proven.is_empty(), "{input:?}: unknown ({reason}) but the run exits without wrapping: {run:?}");
                assert!(
                    !matches!(reason, UnknownReason::DoesNotTerminate | UnknownReason::ConditionNeverFails),
                    "{input:?}: {reason} but the loop exits"
                );
            }
        }
    }

    /// Exact facts for a loop longer than the simulation budget: check what
    /// can be checked without running it.
    fn check_consistent_beyond_budget(input: &LoopInput, f: &LoopFacts, max_tests: usize) {
        let width = input.width;
        let signed = order_is_signed(f.order);
        let range = Carrier::new(width, f.order).map(|c| c.range).unwrap_or_else(|| panic!("{input:?}: bad width"));
        let mask = (1u128 << width) - 1;
        let value = |raw: i128| ref_value(signed, width, (raw as u128) & mask);
        let holds =
            |v: i128| ref_holds(width, input.predicate, input.side, (v as u128) & mask, (input.bound as u128) & mask);
        let (init, d) = (value(input.init), f.step);
        assert_eq!(d, ref_step(signed, width, (input.step as u128) & mask), "{input:?}");
        assert!(f.body_count + 1 >= max_tests as u128, "{input:?}: {f:?} is shorter than the simulated run");
        assert_eq!(f.condition_count, f.body_count + 1);
        let n = f.body_count as i128;
        let exit = init + n * d;
        assert_eq!(f.exit, exit, "{input:?}");
        let last = if input.shape == Shape::DoWhile { exit + d } else { exit };
        assert!(range.contains(init) && range.contains(last), "{input:?}: {f:?} wraps");
        let tested = |k: i128| {
            if input.shape == Shape::DoWhile {
                init + (k + 1) * d
            } else {
                init + k * d
            }
        };
        assert!(!holds(tested(n)), "{input:?}: {f:?}: the last test holds");
        assert!(holds(tested(n - 1)), "{input:?}: {f:?}: the test before the last fails");
        assert!(holds(tested(0)), "{input:?}: {f:?}: the first test fails");
        assert_eq!(f.condition, Interval { lo: init.min(exit), hi: init.max(exit) }, "{input:?}");
        assert_eq!(f.body, Some(Interval { lo: init.min(exit - d), hi: init.max(exit - d) }), "{input:?}");
        assert_eq!(f.exit_next, (input.shape == Shape::DoWhile).then_some(exit + d), "{input:?}");
    }

    // ---------------------------------------------------------------------
    // 1a. Naive exhaustive check (one simulation per case), widths 1..=5.
    // ---------------------------------------------------------------------

    #[test]
    fn exhaustive_against_naive_simulation_widths_1_to_5() {
        let mut cases = 0u64;
        for width in 1..=5u32 {
            let m = 1i128 << width;
            for predicate in PREDICATES {
                for side in SIDES {
                    for shape in SHAPES {
                        for init in 0..m {
                            for bound in 0..m {
                                for step in 0..m {
                                    cases += 1;
                                    let input = LoopInput { width, predicate, side, shape, init, bound, step };
                                    check_against_simulation(&input, (1 << width) + 1);
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 40 * (8 + 64 + 512 + 4096 + 32768));
    }

    /// Raw inputs outside `[0, 2^w)` are read modulo `2^w`.
    #[test]
    fn raw_inputs_are_taken_modulo_the_width() {
        for width in 1..=4u32 {
            let m = 1i128 << width;
            for predicate in PREDICATES {
                for side in SIDES {
                    for shape in SHAPES {
                        for init in 0..m {
                            for bound in 0..m {
                                for step in 0..m {
                                    let input = LoopInput { width, predicate, side, shape, init, bound, step };
                                    let facts = trip_facts(&input);
                                    for (di, db, ds) in
                                        [(-m, 3 * m, -5 * m), (i128::MIN, i128::MIN, i128::MIN), (7 * m, -m, m)]
                                    {
                                        let shifted = LoopInput {
                                            init: init.wrapping_add(di),
                                            bound: bound.wrapping_add(db),
                                            step: step.wrapping_add(ds),
                                            ..input
                                        };
                                        assert_eq!(trip_facts(&shifted), facts, "{shifted:?} vs {input:?}");
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A small deterministic generator (xorshift64*), to sample wide widths.
    struct Sampler(u64);

    impl Sampler {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// A `width`-bit pattern: an edge value, a small offset from one, or random.
        fn bits(&mut self, width: u32) -> i128 {
            let m = 1i128 << width;
            let half = m / 2;
            let edges = [0, 1, 2, half - 2, half - 1, half, half + 1, m - 2, m - 1];
            let pick = self.next();
            let v = match pick % 4 {
                0 => edges[(pick >> 8) as usize % edges.len()],
                1 => edges[(pick >> 8) as usize % edges.len()] + (self.next() % 9) as i128 - 4,
                _ => i128::from(self.next()),
            };
            v & (m - 1)
        }
    }

    /// Widths 9..=64 sampled around the edges of both orders, against a
    /// simulation of up to 600 condition runs.
    #[test]
    fn sampled_wide_widths_against_simulation() {
        let mut sampler = Sampler(0x9E37_79B9_7F4A_7C15);
        for width in [9, 16, 31, 32, 33, 63, 64] {
            for _ in 0..3000 {
                let init = sampler.bits(width);
                let step = match sampler.next() % 3 {
                    0 => sampler.bits(width),
                    1 => (sampler.next() % 9) as i128 - 4,
                    _ => (sampler.next() % 1024) as i128 - 512,
                };
                // Bounds near where the loop would end, or anywhere.
                let bound = match sampler.next() % 3 {
                    0 => init + step * (sampler.next() % 700) as i128 + (sampler.next() % 3) as i128 - 1,
                    _ => sampler.bits(width),
                };
                for predicate in PREDICATES {
                    for side in SIDES {
                        for shape in SHAPES {
                            let input = LoopInput { width, predicate, side, shape, init, bound, step };
                            check_against_simulation(&input, 600);
                        }
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------------
    // 1b. Exhaustive check, widths 1..=8, against one simulated orbit per
    // (init, step), from which every bound is answered: the first failing
    // test index comes from prefix max/min (for `<`, `>` and their negations)
    // or first-occurrence tables over the simulated values.
    // ---------------------------------------------------------------------

    const NEVER: u32 = u32::MAX;

    /// Failing sets of a test `t pred b`: the loop exits at the first `t` with
    /// `t >= b`, `t > b`, `t <= b`, `t < b`, `t != b` or `t == b`.
    #[derive(Clone, Copy)]
    enum ExitSet {
        Ge,
        Gt,
        Le,
        Lt,
        Ne,
        Eq,
    }

    /// The failing set of `counter pred bound`, or `bound pred counter`.
    fn exit_set(pred: Predicate, side: CounterSide) -> ExitSet {
        let lhs = side == CounterSide::Lhs;
        match pred {
            Predicate::Eq => ExitSet::Ne,
            Predicate::Ne => ExitSet::Eq,
            // c < b fails on c >= b; b < c fails on c <= b.
            Predicate::Slt | Predicate::Ult => {
                if lhs {
                    ExitSet::Ge
                } else {
                    ExitSet::Le
                }
            }
            // c <= b fails on c > b; b <= c fails on c < b.
            Predicate::Sle | Predicate::Ule => {
                if lhs {
                    ExitSet::Gt
                } else {
                    ExitSet::Lt
                }
            }
            // c > b fails on c <= b; b > c fails on c >= b.
            Predicate::Sgt | Predicate::Ugt => {
                if lhs {
                    ExitSet::Le
                } else {
                    ExitSet::Ge
                }
            }
            // c >= b fails on c < b; b >= c fails on c > b.
            Predicate::Sge | Predicate::Uge => {
                if lhs {
                    ExitSet::Lt
                } else {
                    ExitSet::Gt
                }
            }
        }
    }

    /// One order's view of a simulated orbit `x_0 … x_{2^w + 1}` (the counter
    /// bit patterns of a run that never exits).
    struct OrderView {
        signed: bool,
        /// The order's smallest and largest value.
        lo: i32,
        hi: i32,
        /// `x_k` read in the order.
        vals: Vec<i32>,
        /// Smallest `k >= 1` whose `x_k` came from a step that did not move by
        /// exactly the step's reading (a wrap in this order); `NEVER` if none.
        first_wrap: u32,
        /// Scratch, indexed by `v - lo`: first `k` with `t_k >= v`, `t_k <= v`, `t_k == v`.
        reach_up: Vec<u32>,
        reach_down: Vec<u32>,
        hit: Vec<u32>,
        /// `exits[shape][bound bits][set as usize]`: index of the first failing
        /// test, where test `k` sees `t_k = x_{k + shape}`; `NEVER` if none.
        exits: [Vec<[u32; 6]>; 2],
        /// Per shape, the facts of a run exiting at test `n`, for every `n`
        /// whose observed values `x_0 … x_{n + shape}` involve no wrap.
        expected: [Vec<LoopFacts>; 2],
    }

    impl OrderView {
        fn new(width: u32, signed: bool) -> Self {
            let m = 1usize << width;
            let lo = if signed { -(1i32 << (width - 1)) } else { 0 };
            OrderView {
                signed,
                lo,
                hi: lo + m as i32 - 1,
                vals: vec![0; m + 2],
                first_wrap: NEVER,
                reach_up: vec![NEVER; m],
                reach_down: vec![NEVER; m],
                hit: vec![NEVER; m],
                exits: [vec![[NEVER; 6]; m], vec![[NEVER; 6]; m]],
                expected: [Vec::with_capacity(m + 1), Vec::with_capacity(m + 1)],
            }
        }

        fn load(&mut self, width: u32, orbit: &[u64], step_bits: u64) {
            let step_bits = u128::from(step_bits);
            let m = 1usize << width;
            let d = ref_step(self.signed, width, step_bits);
            for (k, &x) in orbit.iter().enumerate() {
                self.vals[k] = ref_value(self.signed, width, x.into()) as i32;
            }
            self.first_wrap = (1..orbit.len())
                .find(|&k| i128::from(self.vals[k - 1]) + d != i128::from(self.vals[k]))
                .map_or(NEVER, |k| k as u32);
            let (lo, hi) = (self.lo, self.hi);
            for shape in 0..2 {
                let tested = &self.vals[shape..shape + m + 1];
                let (up, down, hit) = (&mut self.reach_up, &mut self.reach_down, &mut self.hit);
                up.fill(NEVER);
                down.fill(NEVER);
                hit.fill(NEVER);
                // Every v in (max so far, t_k] is first reached from below at
                // test k; likewise from above.
                let mut reached_up = lo - 1;
                let mut reached_down = hi + 1;
                for (k, &t) in tested.iter().enumerate() {
                    for v in (reached_up + 1)..=t {
                        up[(v - lo) as usize] = k as u32;
                    }
                    reached_up = reached_up.max(t);
                    for v in t..reached_down {
                        down[(v - lo) as usize] = k as u32;
                    }
                    reached_down = reached_down.min(t);
                    let slot = &mut hit[(t - lo) as usize];
                    if *slot == NEVER {
                        *slot = k as u32;
                    }
                }
                let first_change = tested.iter().position(|&t| t != tested[0]).map_or(NEVER, |k| k as u32);
                for (bits, exits) in self.exits[shape].iter_mut().enumerate() {
                    let b = ref_value(self.signed, width, bits as u128) as i32;
                    let slot = (b - lo) as usize;
                    exits[ExitSet::Ge as usize] = up[slot];
                    exits[ExitSet::Gt as usize] = if b == hi { NEVER } else { up[slot + 1] };
                    exits[ExitSet::Le as usize] = down[slot];
                    exits[ExitSet::Lt as usize] = if b == lo { NEVER } else { down[slot - 1] };
                    exits[ExitSet::Ne as usize] = if tested[0] != b { 0 } else { first_change };
                    exits[ExitSet::Eq as usize] = hit[slot];
                }

                // Runs exiting at test n = 0, 1, … observe x_0 … x_{n + shape}.
                let expected = &mut self.expected[shape];
                expected.clear();
                let (mut min, mut max) = (i32::MAX, i32::MIN);
                let mut body = None;
                for n in 0..=m {
                    if n + shape >= self.first_wrap as usize {
                        break;
                    }
                    let x = self.vals[n];
                    min = min.min(x);
                    max = max.max(x);
                    let condition = Interval { lo: min.into(), hi: max.into() };
                    expected.push(LoopFacts {
                        order: if self.signed { Order::Signed } else { Order::Unsigned },
                        step: d,
                        body_count: n as u128,
                        condition_count: n as u128 + 1,
                        condition,
                        body,
                        exit: x.into(),
                        exit_next: (shape == 1).then(|| self.vals[n + 1].into()),
                    });
                    body = Some(condition);
                }
            }
        }
    }

    /// Checks every case of `width` with `init` in `inits`; returns the case count.
    fn exhaustive_orbits(width: u32, inits: std::ops::Range<u64>) -> u64 {
        let m = 1u64 << width;
        let mask = m - 1;
        let mut signed = OrderView::new(width, true);
        let mut unsigned = OrderView::new(width, false);
        let mut orbit = vec![0u64; m as usize + 2];
        let mut cases = 0u64;
        for init in inits {
            for step in 0..m {
                orbit[0] = init;
                for k in 1..orbit.len() {
                    orbit[k] = (orbit[k - 1] + step) & mask;
                }
                signed.load(width, &orbit, step);
                unsigned.load(width, &orbit, step);
                for (shape_index, shape) in SHAPES.into_iter().enumerate() {
                    for pred in PREDICATES {
                        // The order the facts must be in; for eq/ne (which ignore the
                        // order: one exit index) the unsigned one if signed has no proof.
                        let (first, fallback) = match pred.order() {
                            Some(Order::Signed) => (&signed, None),
                            Some(Order::Unsigned) => (&unsigned, None),
                            None => (&signed, Some(&unsigned)),
                        };
                        let first_expected = &first.expected[shape_index];
                        let fallback_expected = fallback.map(|view| &view.expected[shape_index]);
                        for side in SIDES {
                            let set = exit_set(pred, side) as usize;
                            let mut input = LoopInput {
                                width,
                                predicate: pred,
                                side,
                                shape,
                                init: init.into(),
                                bound: 0,
                                step: step.into(),
                            };
                            for (bound, exits) in first.exits[shape_index].iter().enumerate() {
                                let n = exits[set];
                                input.bound = bound as i128;
                                let facts = trip_facts(&input);
                                let expected = match first_expected.get(n as usize) {
                                    Some(e) => Some(e),
                                    None => fallback_expected.and_then(|table| table.get(n as usize)),
                                };
                                check_case(&input, &facts, n, expected);
                            }
                            cases += m;
                        }
                    }
                }
            }
        }
        cases
    }

    /// `facts` must be exact and equal to `expected` when the simulation
    /// exits at test `n` without a wrap, and unknown otherwise.
    fn check_case(input: &LoopInput, facts: &Facts, n: u32, expected: Option<&LoopFacts>) {
        match (facts, expected) {
            (Facts::Exact(f), Some(e)) => {
                if f != e {
                    panic!("{input:?}: got {f:?}, the simulation expects {e:?}");
                }
            }
            (Facts::Unknown(reason), None) => {
                let never_exits =
                    matches!(*reason, UnknownReason::DoesNotTerminate | UnknownReason::ConditionNeverFails);
                if never_exits && n != NEVER {
                    panic!("{input:?}: {reason}, but the simulation exits at test {n}");
                }
            }
            (facts, expected) => {
                panic!("{input:?}: got {facts:?}, the simulation (exit at test {n}) expects {expected:?}")
            }
        }
    }

    #[test]
    fn exhaustive_widths_1_to_7() {
        let mut cases = 0;
        for width in 1..=7 {
            cases += exhaustive_orbits(width, 0..1 << width);
        }
        assert_eq!(cases, 40 * (8 + 64 + 512 + 4096 + 32768 + 262_144 + 2_097_152));
    }

    // Width 8 in eight slices of 32 initial values, so the test harness can
    // spread them over its threads.
    fn exhaustive_width_8_slice(slice: u64) {
        assert_eq!(exhaustive_orbits(8, slice * 32..(slice + 1) * 32), 40 * 32 * 256 * 256);
    }

    #[test]
    fn exhaustive_width_8_inits_0_to_31() {
        exhaustive_width_8_slice(0);
    }

    #[test]
    fn exhaustive_width_8_inits_32_to_63() {
        exhaustive_width_8_slice(1);
    }

    #[test]
    fn exhaustive_width_8_inits_64_to_95() {
        exhaustive_width_8_slice(2);
    }

    #[test]
    fn exhaustive_width_8_inits_96_to_127() {
        exhaustive_width_8_slice(3);
    }

    #[test]
    fn exhaustive_width_8_inits_128_to_159() {
        exhaustive_width_8_slice(4);
    }

    #[test]
    fn exhaustive_width_8_inits_160_to_191() {
        exhaustive_width_8_slice(5);
    }

    #[test]
    fn exhaustive_width_8_inits_192_to_223() {
        exhaustive_width_8_slice(6);
    }

    #[test]
    fn exhaustive_width_8_inits_224_to_255() {
        exhaustive_width_8_slice(7);
    }

    // ---------------------------------------------------------------------
    // 2. The worked cases of loop-facts.md.
    // ---------------------------------------------------------------------

    const I32_MAX: i128 = i32::MAX as i128;
    const U32_MAX: i128 = u32::MAX as i128;

    fn header(width: u32, predicate: Predicate, init: i128, bound: i128, step: i128) -> Facts {
        trip_facts(&LoopInput {
            width,
            predicate,
            side: CounterSide::Lhs,
            shape: Shape::HeaderTested,
            init,
            bound,
            step,
        })
    }

    fn do_while(width: u32, predicate: Predicate, init: i128, bound: i128, step: i128) -> Facts {
        trip_facts(&LoopInput { width, predicate, side: CounterSide::Lhs, shape: Shape::DoWhile, init, bound, step })
    }

    fn range(min: i128, max: i128) -> Interval {
        Interval { lo: min, hi: max }
    }

    /// Asserts exact facts `N`, condition, body, exit.
    #[track_caller]
    fn assert_exact(
        facts: Facts,
        n: u128,
        condition: (i128, i128),
        body: Option<(i128, i128)>,
        exit: i128,
    ) -> LoopFacts {
        let Facts::Exact(f) = facts else { panic!("expected exact facts, got {facts:?}") };
        assert_eq!(f.body_count, n, "{f:?}");
        assert_eq!(f.condition_count, n + 1, "{f:?}");
        assert_eq!(f.condition, range(condition.0, condition.1), "{f:?}");
        assert_eq!(f.body, body.map(|(lo, hi)| range(lo, hi)), "{f:?}");
        assert_eq!(f.exit, exit, "{f:?}");
        f
    }

    #[test]
    fn i32_slt_0_to_4() {
        assert_exact(header(32, Predicate::Slt, 0, 4, 1), 4, (0, 4), Some((0, 3)), 4);
    }

    #[test]
    fn slt_0_to_0_is_zero_trip() {
        assert_exact(header(32, Predicate::Slt, 0, 0, 1), 0, (0, 0), None, 0);
    }

    #[test]
    fn slt_5_to_4_is_zero_trip() {
        assert_exact(header(32, Predicate::Slt, 5, 4, 1), 0, (5, 5), None, 5);
    }

    #[test]
    fn slt_7_to_19_step_4() {
        assert_exact(header(32, Predicate::Slt, 7, 19, 4), 3, (7, 19), Some((7, 15)), 19);
    }

    #[test]
    fn slt_7_to_20_step_4_partial_last_step() {
        assert_exact(header(32, Predicate::Slt, 7, 20, 4), 4, (7, 23), Some((7, 19)), 23);
    }

    #[test]
    fn sle_7_to_19_step_4() {
        assert_exact(header(32, Predicate::Sle, 7, 19, 4), 4, (7, 23), Some((7, 19)), 23);
    }

    #[test]
    fn sle_0_to_4() {
        assert_exact(header(32, Predicate::Sle, 0, 4, 1), 5, (0, 5), Some((0, 4)), 5);
    }

    #[test]
    fn i32_ult_minus_1_to_4_is_zero_trip() {
        let f = assert_exact(header(32, Predicate::Ult, -1, 4, 1), 0, (U32_MAX, U32_MAX), None, U32_MAX);
        assert_eq!(f.order, Order::Unsigned);
        // The same pattern written unsigned.
        assert_eq!(header(32, Predicate::Ult, U32_MAX, 4, 1), Facts::Exact(f));
    }

    #[test]
    fn i32_slt_minus_1_to_4() {
        assert_exact(header(32, Predicate::Slt, -1, 4, 1), 5, (-1, 4), Some((-1, 3)), 4);
        // As a raw bit pattern.
        assert_exact(header(32, Predicate::Slt, U32_MAX, 4, 1), 5, (-1, 4), Some((-1, 3)), 4);
    }

    #[test]
    fn i32_slt_int_max_minus_1_to_int_max() {
        assert_exact(
            header(32, Predicate::Slt, I32_MAX - 1, I32_MAX, 1),
            1,
            (I32_MAX - 1, I32_MAX),
            Some((I32_MAX - 1, I32_MAX - 1)),
            I32_MAX,
        );
    }

    #[test]
    fn i32_slt_int_max_minus_1_to_int_max_step_2_wraps() {
        assert_eq!(header(32, Predicate::Slt, I32_MAX - 1, I32_MAX, 2), Facts::Unknown(UnknownReason::CounterWraps));
    }

    #[test]
    fn sle_ule_with_bound_at_type_maximum_never_fail() {
        for width in [1, 8, 32, 64] {
            let smax = (1i128 << (width - 1)) - 1;
            let umax = (1i128 << width) - 1;
            for init in [0, 1, smax] {
                assert_eq!(
                    header(width, Predicate::Sle, init, smax, 1),
                    Facts::Unknown(UnknownReason::ConditionNeverFails)
                );
                assert_eq!(
                    header(width, Predicate::Ule, init, umax, 1),
                    Facts::Unknown(UnknownReason::ConditionNeverFails)
                );
            }
        }
    }

    #[test]
    fn i8_ult_0_to_255_step_2_wraps() {
        assert_eq!(header(8, Predicate::Ult, 0, 255, 2), Facts::Unknown(UnknownReason::CounterWraps));
    }

    #[test]
    fn sgt_4_to_0_step_minus_1() {
        let f = assert_exact(header(32, Predicate::Sgt, 4, 0, -1), 4, (0, 4), Some((1, 4)), 0);
        assert_eq!(f.step, -1);
        // `addi %c, 0xFFFFFFFF` is the same decrement.
        assert_eq!(header(32, Predicate::Sgt, 4, 0, U32_MAX), Facts::Exact(f));
    }

    #[test]
    fn i64_slt_min_to_max_counts_past_64_bits() {
        let (min, max) = (i128::from(i64::MIN), i128::from(i64::MAX));
        let f = assert_exact(
            header(64, Predicate::Slt, min, max, 1),
            (1u128 << 64) - 1,
            (min, max),
            Some((min, max - 1)),
            max,
        );
        assert_eq!(f.condition_count, 1u128 << 64);
    }

    #[test]
    fn do_while_ult_0_to_4() {
        let f = assert_exact(do_while(32, Predicate::Ult, 0, 4, 1), 3, (0, 3), Some((0, 2)), 3);
        assert_eq!(f.exit_next, Some(4));
    }

    #[test]
    fn do_while_ult_init_3_4_9_to_4_is_zero_trip() {
        for init in [3, 4, 9] {
            let f = assert_exact(do_while(32, Predicate::Ult, init, 4, 1), 0, (init, init), None, init);
            assert_eq!(f.exit_next, Some(init + 1));
        }
    }

    #[test]
    fn do_while_ult_init_uint_max_wraps() {
        assert_eq!(do_while(32, Predicate::Ult, U32_MAX, 4, 1), Facts::Unknown(UnknownReason::CounterWraps));
    }

    #[test]
    fn do_while_slt_init_int_max_wraps() {
        for bound in [0, 4, I32_MAX] {
            assert_eq!(do_while(32, Predicate::Slt, I32_MAX, bound, 1), Facts::Unknown(UnknownReason::CounterWraps));
        }
    }

    #[test]
    fn index_width_32_wraps_but_64_is_exact() {
        let (init, bound) = (2_147_483_642, 2_147_483_647);
        assert_eq!(header(32, Predicate::Slt, init, bound, 2), Facts::Unknown(UnknownReason::CounterWraps));
        assert_exact(
            header(64, Predicate::Slt, init, bound, 2),
            3,
            (init, 2_147_483_648),
            Some((init, 2_147_483_646)),
            2_147_483_648,
        );
        // The scf.for reading at 32 bits: N = 3, mathematical exit.
        assert_exact(
            for_facts(32, Order::Signed, init, bound, 2),
            3,
            (init, 2_147_483_648),
            Some((init, 2_147_483_646)),
            2_147_483_648,
        );
    }

    // ---------------------------------------------------------------------
    // Other targeted cases.
    // ---------------------------------------------------------------------

    #[test]
    fn step_zero() {
        assert_eq!(header(32, Predicate::Slt, 0, 4, 0), Facts::Unknown(UnknownReason::DoesNotTerminate));
        assert_exact(header(32, Predicate::Slt, 4, 4, 0), 0, (4, 4), None, 4);
        assert_eq!(do_while(32, Predicate::Ult, 0, 4, 0), Facts::Unknown(UnknownReason::DoesNotTerminate));
    }

    #[test]
    fn counter_on_the_right() {
        // `4 > c` is `c < 4`.
        let rhs = trip_facts(&LoopInput {
            width: 32,
            predicate: Predicate::Sgt,
            side: CounterSide::Rhs,
            shape: Shape::HeaderTested,
            init: 0,
            bound: 4,
            step: 1,
        });
        assert_eq!(rhs, header(32, Predicate::Slt, 0, 4, 1));
    }

    #[test]
    fn ugt_decrement_reads_as_minus_one() {
        // `addi %c, -1 : i8` with `ugt 0`: 10, 9, …, 1, exit at 0.
        let f = assert_exact(header(8, Predicate::Ugt, 10, 0, -1), 10, (0, 10), Some((1, 10)), 0);
        assert_eq!((f.order, f.step), (Order::Unsigned, -1));
        // Past zero it would wrap to 255.
        assert_eq!(header(8, Predicate::Uge, 10, 0, -1), Facts::Unknown(UnknownReason::ConditionNeverFails));
        assert_eq!(header(8, Predicate::Ugt, 10, 0, 1), Facts::Unknown(UnknownReason::MovesAwayFromExit));
    }

    #[test]
    fn ne_lands_exactly_or_is_unknown() {
        assert_exact(header(32, Predicate::Ne, 0, 12, 3), 4, (0, 12), Some((0, 9)), 12);
        assert_eq!(header(32, Predicate::Ne, 0, 13, 3), Facts::Unknown(UnknownReason::SkipsBound));
        // i8 0 != 200: only the unsigned order proves it.
        let f = assert_exact(header(8, Predicate::Ne, 0, 200, 1), 200, (0, 200), Some((0, 199)), 200);
        assert_eq!(f.order, Order::Unsigned);
        // i8 -10 != 0: only the signed order proves it.
        let f = assert_exact(header(8, Predicate::Ne, -10, 0, 1), 10, (-10, 0), Some((-10, -1)), 0);
        assert_eq!(f.order, Order::Signed);
    }

    #[test]
    fn unsupported_widths() {
        for width in [0, 65, 128] {
            assert_eq!(header(width, Predicate::Slt, 0, 4, 1), Facts::Unknown(UnknownReason::UnsupportedWidth));
            assert_eq!(for_facts(width, Order::Signed, 0, 4, 1), Facts::Unknown(UnknownReason::UnsupportedWidth));
        }
    }

    #[test]
    fn extreme_i64_and_u64_cases() {
        let (min, max) = (i128::from(i64::MIN), i128::from(i64::MAX));
        let umax = i128::from(u64::MAX);
        // Full unsigned sweep: N = 2^64 - 1.
        let f = assert_exact(
            header(64, Predicate::Ult, 0, umax, 1),
            (1u128 << 64) - 1,
            (0, umax),
            Some((0, umax - 1)),
            umax,
        );
        assert_eq!(f.condition_count, 1u128 << 64);
        // Downward signed sweep with the largest magnitude step.
        assert_exact(header(64, Predicate::Sgt, max, -1, min), 1, (-1, max), Some((max, max)), -1);
        assert_exact(header(64, Predicate::Sgt, max, 0, min), 1, (-1, max), Some((max, max)), -1);
        assert_eq!(header(64, Predicate::Sgt, max, min, min), Facts::Unknown(UnknownReason::CounterWraps));
        // Half-way unsigned step is an increment.
        let half = 1i128 << 63;
        let f = assert_exact(header(64, Predicate::Ult, 0, half, half), 1, (0, half), Some((0, 0)), half);
        assert_eq!(f.step, half);
        assert_eq!(header(64, Predicate::Ult, 0, half + 1, half), Facts::Unknown(UnknownReason::CounterWraps));
        assert_eq!(header(64, Predicate::Ugt, half, 0, half), Facts::Unknown(UnknownReason::MovesAwayFromExit));
    }

    // ---------------------------------------------------------------------
    // 3. scf.for semantics, exhaustive at small widths against a simulation
    // in mathematical integers.
    // ---------------------------------------------------------------------

    #[test]
    fn for_facts_exhaustive_widths_1_to_6() {
        let mut cases = 0u64;
        for width in 1..=6u32 {
            let m = 1u128 << width;
            for signed in [true, false] {
                let order = if signed { Order::Signed } else { Order::Unsigned };
                for lb in 0..m {
                    for ub in 0..m {
                        for step in 0..m {
                            cases += 1;
                            let facts = for_facts(width, order, lb as i128, ub as i128, step as i128);
                            let (l, u, s) = (
                                ref_value(signed, width, lb),
                                ref_value(signed, width, ub),
                                ref_value(signed, width, step),
                            );
                            if s <= 0 {
                                assert_eq!(facts, Facts::Unknown(UnknownReason::NonPositiveStep));
                                continue;
                            }
                            let mut ivs = Vec::new();
                            let mut iv = l;
                            while iv < u {
                                ivs.push(iv);
                                iv += s;
                            }
                            let n = ivs.len();
                            let expected = LoopFacts {
                                order,
                                step: s,
                                body_count: n as u128,
                                condition_count: n as u128 + 1,
                                condition: range(l, iv),
                                body: ivs.last().map(|&last| range(l, last)),
                                exit: iv,
                                exit_next: None,
                            };
                            assert_eq!(
                                facts,
                                Facts::Exact(expected),
                                "width {width} {order:?} lb {lb} ub {ub} step {step}"
                            );
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 2 * (8 + 64 + 512 + 4096 + 32768 + 262_144));
    }

    #[test]
    fn for_facts_cases() {
        assert_exact(for_facts(32, Order::Signed, 0, 4, 1), 4, (0, 4), Some((0, 3)), 4);
        assert_exact(for_facts(32, Order::Signed, 7, 20, 4), 4, (7, 23), Some((7, 19)), 23);
        assert_exact(for_facts(32, Order::Signed, 5, 4, 1), 0, (5, 5), None, 5);
        // i8 unsigned 0 to 255 step 2: N = 128, exit 256 (past the carrier: UB for scf.for,
        // unknown for the scf.while form).
        assert_exact(for_facts(8, Order::Unsigned, 0, 255, 2), 128, (0, 256), Some((0, 254)), 256);
        assert_eq!(for_facts(32, Order::Signed, 0, 4, 0), Facts::Unknown(UnknownReason::NonPositiveStep));
        assert_eq!(for_facts(32, Order::Signed, 0, 4, -1), Facts::Unknown(UnknownReason::NonPositiveStep));
        // Unsigned: 0xFFFFFFFF is a (huge) positive step.
        assert_exact(for_facts(32, Order::Unsigned, 0, 4, -1), 1, (0, U32_MAX), Some((0, 0)), U32_MAX);
    }
}
