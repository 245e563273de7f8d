//! Symbolic trip counts and counter ranges: the arithmetic core of the
//! symbolic loop facts, pure like `trip_count` (no IR).
//!
//! Input: a counted loop whose initial value `x0` and bound `b` are
//! [`Expr`]s over leaves with known ranges ([`Env`]), read in the
//! comparison's order, and a constant step `d` (the core's reading, see
//! `trip_count`). Output: exact facts as expressions, or why not.
//!
//! # Closed forms (unbounded integers)
//! Write the test as `t < L` for increasing counters (`L = b`, or `b + 1`
//! for `<=`) and `t > L` for decreasing ones (`L = b`, or `b - 1` for
//! `>=`), with `e = |d|`. The tested value is `t_k = x_k = x0 + k·d`
//! (header-tested) or `x_{k+1}` (do-while). `N` is the smallest `k >= 0`
//! whose test fails:
//! * header-tested: `N = max(0, (L - x0) ceildiv e)` (increasing),
//!   `max(0, (x0 - L) ceildiv e)` (decreasing);
//! * do-while: the same with `x0 + d` for `x0`.
//!
//! Condition count `N + 1`; the condition observes `x_0 … x_N`, the body
//! `x_0 … x_{N-1}` (an empty interval, `lo > hi`, when `N = 0`), the false
//! edge `x_N` (and a do-while's `next`, `x_{N+1}`).
//!
//! # No-wrap proof
//! As in `trip_count`, the formulas equal the real (modular) loop iff every
//! value the loop computes lies in the order's range `[MIN, MAX]`; the
//! progression is monotone from `x0`, so it is enough that the last computed
//! value does, **for every value of the leaves** (their ranges in the
//! [`Env`]): for increasing counters the last computed value is at most
//! `L + e - 1` when the body runs at least once, and `x0 + d` for a
//! do-while's first `next`, so the proof is `hi(L + e - 1) <= MAX` (plus
//! `hi(x0 + d) <= MAX` for do-while), mirrored for decreasing counters.
//! When `L - x0` is a constant the exact last value `x0 + N·d` is checked
//! instead (tighter: `lb + 8 nsw` step 2). A failed proof gives
//! [`SymOutcome::Unknown`] with the reason, never a count.
//!
//! `scf.for`, `loom.for` and `affine.for` ([`PastBound::Undefined`]): MLIR
//! makes overflow of the one-past-the-last induction value undefined
//! behaviour, so for their header-tested increasing `iv < ub` the last value
//! needs no proof (every body value is below `L`, so it fits); the exit value
//! `x0 + N·d` is then mathematical and may lie past `MAX`, as
//! `trip_count::for_facts` reports it. Every other loop really wraps
//! ([`PastBound::Wraps`]) and needs the proof.
//!
//! Before all that, a loop whose first test fails for every value of the
//! leaves runs 0 times (whatever the step, even an unknown one: see
//! [`zero_trip`]).
//!
//! # Tests
//! Exhaustive at widths 2 and 3 against `trip_count::trip_facts` (itself
//! checked against simulation): every predicate, side, shape, step, and
//! every pair of leaf ranges for `x0` and `b`; whenever this core claims
//! exact facts, evaluating them at every point of the ranges must give
//! exactly the constant core's facts.

use super::expr::{Env, Expr};
use crate::facts::predicate::Predicate;
use crate::facts::trip_count::{order_limits, CounterSide, Shape};

/// What the loop does where its last computed value would leave the
/// order's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PastBound {
    /// It wraps (`scf.while`, `loom.loop`): the facts need the no-wrap proof.
    Wraps,
    /// Undefined behaviour (`scf.for`, `loom.for`, `affine.for`, whose
    /// one-past-the-last induction value may not overflow): the facts hold
    /// for every execution with defined behaviour.
    Undefined,
}

/// A counted loop with symbolic ends.
#[derive(Clone, Debug)]
pub struct SymLoop {
    pub width: u32,
    pub predicate: Predicate,
    pub side: CounterSide,
    pub shape: Shape,
    /// The per-iteration change in the predicate's order (`trip_count`'s
    /// reading of the step).
    pub step: i128,
    pub init: Expr,
    pub bound: Expr,
    pub past_bound: PastBound,
}

/// Exact symbolic facts (values in the predicate's order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymFacts {
    pub body_count: Expr,
    pub condition_count: Expr,
    /// `[lo, hi]` of the counter values the condition observes.
    pub condition: (Expr, Expr),
    /// `[lo, hi]` of the counter values the body observes (empty when the
    /// body does not run).
    pub body: (Expr, Expr),
    /// The counter on the false edge.
    pub exit: Expr,
    /// A bound every body value keeps, as (expression, whether it is an
    /// upper bound): `L - 1` for an increasing counter tested `t < L`,
    /// `L + 1` for a decreasing one (the body runs only after a test that
    /// held). The `body` expressions imply it, but their numeric ranges,
    /// taken term by term, can be far looser (`lb + 4·N - 4` with `lb` and
    /// `N` both ranging): an envelope is the tighter of the two.
    pub body_limit: Option<(Expr, bool)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymOutcome {
    Exact(Box<SymFacts>),
    Unknown(String),
}

/// Whether the first test of a loop starting at `x0` (its first tested
/// value: `x0`, or `x0 + step` for do-while) fails for every value of the
/// leaves: then the body never runs.
pub fn zero_trip(predicate: Predicate, side: CounterSide, tested: &Expr, bound: &Expr, env: &Env) -> bool {
    let p = if side == CounterSide::Lhs { predicate } else { predicate.swap() };
    let Some(diff) = tested.sub(bound) else { return false };
    let Some(r) = diff.range(env) else { return false };
    match p {
        // t < b fails everywhere: t - b >= 0.
        Predicate::Slt | Predicate::Ult => r.lo >= 0,
        Predicate::Sle | Predicate::Ule => r.lo > 0,
        Predicate::Sgt | Predicate::Ugt => r.hi <= 0,
        Predicate::Sge | Predicate::Uge => r.hi < 0,
        Predicate::Eq | Predicate::Ne => false,
    }
}

/// The facts of a loop whose body never runs, starting at `x0`.
pub fn zero_facts(x0: &Expr) -> Option<SymFacts> {
    Some(SymFacts {
        body_count: Expr::constant(0),
        condition_count: Expr::constant(1),
        condition: (x0.clone(), x0.clone()),
        body: (x0.clone(), x0.add_const(-1)?),
        exit: x0.clone(),
        body_limit: None,
    })
}

/// The symbolic facts of `l` (see the module docs).
pub fn sym_facts(l: &SymLoop, env: &Env) -> SymOutcome {
    match facts(l, env) {
        Ok(f) => SymOutcome::Exact(Box::new(f)),
        Err(reason) => SymOutcome::Unknown(reason),
    }
}

fn facts(l: &SymLoop, env: &Env) -> Result<SymFacts, String> {
    let overflow = || "the symbolic count's arithmetic overflows".to_string();
    let order = l.predicate.order().ok_or("equality comparisons are not analysed")?;
    let limits = order_limits(l.width, order).ok_or("unsupported width")?;
    let (x0, b, d) = (&l.init, &l.bound, l.step);
    let (init_range, bound_range) = (x0.range(env), b.range(env));
    let (Some(ir), Some(br)) = (init_range, bound_range) else {
        return Err("a symbol's range is unknown".into());
    };
    if ir.lo < limits.lo || ir.hi > limits.hi || br.lo < limits.lo || br.hi > limits.hi {
        return Err("a symbol's range exceeds the counter's type".into());
    }
    let first_next = x0.add_const(d).ok_or_else(overflow)?;
    let first_tested = if l.shape == Shape::DoWhile { &first_next } else { x0 };
    if l.shape == Shape::DoWhile {
        // The first `next` is computed before any test.
        let r = first_next.range(env).ok_or_else(overflow)?;
        if r.lo < limits.lo || r.hi > limits.hi {
            return Err(format!(
                "the first increment of the counter may wrap (it reaches {} for some argument values)",
                if r.hi > limits.hi { r.hi } else { r.lo }
            ));
        }
    }
    if zero_trip(l.predicate, l.side, first_tested, b, env) {
        return zero_facts(x0).ok_or_else(overflow);
    }
    let p = if l.side == CounterSide::Lhs { l.predicate } else { l.predicate.swap() };
    let increasing = matches!(p, Predicate::Slt | Predicate::Sle | Predicate::Ult | Predicate::Ule);
    if d == 0 {
        return Err("the step is 0 and the first test may hold: the loop may not terminate".into());
    }
    if increasing != (d > 0) {
        return Err("the counter moves away from the bound: the loop may exit only after wrapping".into());
    }
    let e = d.abs();
    // The strict limit L of `t < L` / `t > L`.
    let limit = match p {
        Predicate::Sle | Predicate::Ule => b.add_const(1),
        Predicate::Sge | Predicate::Uge => b.add_const(-1),
        _ => Some(b.clone()),
    }
    .ok_or_else(overflow)?;
    // Distance to cover from the first tested value, in steps of e.
    let distance = if increasing { limit.sub(first_tested) } else { first_tested.sub(&limit) }.ok_or_else(overflow)?;
    let zero = Expr::constant(0);
    let n = zero.maximum(&distance.ceildiv(e, env).ok_or_else(overflow)?, env).ok_or_else(overflow)?;
    // x_k = x0 + k·d.
    let x_at = |k: &Expr| -> Option<Expr> { x0.add(&k.scale(d)?) };
    let exit = if e == 1 && l.shape == Shape::HeaderTested {
        // x0 + max(0, L - x0) = max(x0, L) (and mirrored).
        if increasing {
            x0.maximum(&limit, env)
        } else {
            x0.minimum(&limit, env)
        }
    } else {
        x_at(&n)
    }
    .ok_or_else(overflow)?;
    // The last value computed: x_N, or x_{N+1} for a do-while.
    let last = if l.shape == Shape::DoWhile { exit.add_const(d) } else { Some(exit.clone()) }.ok_or_else(overflow)?;
    let last_fits = match distance.as_constant() {
        // N is a constant: the last value is linear in the symbols.
        Some(_) => last.range(env).is_some_and(|r| r.lo >= limits.lo && r.hi <= limits.hi),
        // When the body runs, the last value is within e - 1 past L; when
        // it does not, it is the first tested value (checked above).
        None => {
            let past = if increasing { limit.add_const(e - 1) } else { limit.add_const(1 - e) };
            past.and_then(|p| p.range(env))
                .is_some_and(|r| if increasing { r.hi <= limits.hi } else { r.lo >= limits.lo })
        }
    };
    // The by-semantics case: header-tested, increasing, and the overflow
    // of the value past the bound undefined.
    let undefined_past = l.past_bound == PastBound::Undefined && l.shape == Shape::HeaderTested && increasing;
    if !last_fits && !undefined_past {
        let what = match p {
            Predicate::Sle | Predicate::Ule | Predicate::Sge | Predicate::Uge if e == 1 => {
                "the bound may be the type's extreme value, where the condition never fails"
            }
            _ => "the last increment may wrap for some argument values (the bound may be within the step of the type's extreme value)",
        };
        return Err(what.into());
    }
    let condition = if increasing { (x0.clone(), exit.clone()) } else { (exit.clone(), x0.clone()) };
    let body = if e == 1 && l.shape == Shape::HeaderTested {
        // The last body value is exit ∓ 1 (max(x0, L) - 1 reads better).
        if increasing {
            (x0.clone(), exit.add_const(-1).ok_or_else(overflow)?)
        } else {
            (exit.add_const(1).ok_or_else(overflow)?, x0.clone())
        }
    } else {
        let last_body = x_at(&n.add_const(-1).ok_or_else(overflow)?).ok_or_else(overflow)?;
        if increasing {
            (x0.clone(), last_body)
        } else {
            (last_body, x0.clone())
        }
    };
    let body_limit = if increasing { limit.add_const(-1) } else { limit.add_const(1) }.map(|l| (l, increasing));
    Ok(SymFacts {
        condition_count: n.add_const(1).ok_or_else(overflow)?,
        body_count: n,
        condition,
        body,
        exit,
        body_limit,
    })
}

#[cfg(test)]
mod tests {
    use super::super::expr::Leaf;
    use super::*;
    use crate::facts::interval::Interval;
    use crate::facts::trip_count::{for_facts, trip_facts, Facts, LoopFacts, LoopInput};

    /// Every claim of the symbolic core, evaluated at every point of its
    /// leaf ranges, equals the constant core's exact facts (widths 2 and 3:
    /// every predicate, side, shape, step and pair of leaf ranges).
    #[test]
    fn symbolic_claims_match_the_constant_core_exhaustively() {
        let mut claims = 0u64;
        for width in 2..=3u32 {
            let m = 1i128 << width;
            for predicate in Predicate::ALL.into_iter().filter(|p| p.order().is_some()) {
                let order = predicate.order().unwrap();
                let limits = order_limits(width, order).unwrap();
                let intervals: Vec<Interval> =
                    (limits.lo..=limits.hi).flat_map(|a| (a..=limits.hi).map(move |b| Interval::new(a, b))).collect();
                for side in [CounterSide::Lhs, CounterSide::Rhs] {
                    for shape in [Shape::HeaderTested, Shape::DoWhile] {
                        for raw_step in 0..m {
                            let step = crate::facts::trip_count::step_in_order(width, order, raw_step).unwrap();
                            for ir in &intervals {
                                for br in &intervals {
                                    let mut env = Env::new();
                                    env.set(Leaf::Arg(0), *ir);
                                    env.set(Leaf::Arg(1), *br);
                                    let l = SymLoop {
                                        width,
                                        predicate,
                                        side,
                                        shape,
                                        step,
                                        init: Expr::leaf(Leaf::Arg(0)),
                                        bound: Expr::leaf(Leaf::Arg(1)),
                                        past_bound: PastBound::Wraps,
                                    };
                                    let SymOutcome::Exact(f) = sym_facts(&l, &env) else { continue };
                                    claims += 1;
                                    for x0 in ir.lo..=ir.hi {
                                        for b in br.lo..=br.hi {
                                            check_point(&l, &f, x0, b, raw_step);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(claims > 100_000, "only {claims} symbolic claims were checked");
    }

    fn check_point(l: &SymLoop, f: &SymFacts, x0: i128, b: i128, raw_step: i128) {
        let input = LoopInput {
            width: l.width,
            predicate: l.predicate,
            side: l.side,
            shape: l.shape,
            init: x0,
            bound: b,
            step: raw_step,
        };
        let Facts::Exact(c) = trip_facts(&input) else {
            panic!("symbolic core claims {f:?} but the constant core says {:?} for {input:?}", trip_facts(&input));
        };
        same_facts(l, f, &c, x0, b);
    }

    /// `f` with `%arg0 = x0`, `%arg1 = b` equals the constant core's `c`,
    /// and every body value keeps `f.body_limit`.
    fn same_facts(l: &SymLoop, f: &SymFacts, c: &LoopFacts, x0: i128, b: i128) {
        let at = |e: &Expr| {
            e.eval(&|leaf| match leaf {
                Leaf::Arg(0) => Some(x0),
                Leaf::Arg(1) => Some(b),
                _ => None,
            })
            .expect("evaluates")
        };
        let ctx = format!("{l:?} x0={x0} b={b}: {f:?} vs {c:?}");
        assert_eq!(at(&f.body_count), c.body_count as i128, "{ctx}");
        assert_eq!(at(&f.condition_count), c.condition_count as i128, "{ctx}");
        assert_eq!((at(&f.condition.0), at(&f.condition.1)), (c.condition.lo, c.condition.hi), "{ctx}");
        match c.body {
            Some(body) => assert_eq!((at(&f.body.0), at(&f.body.1)), (body.lo, body.hi), "{ctx}"),
            None => assert!(at(&f.body.0) > at(&f.body.1), "{ctx}: body must be empty"),
        }
        assert_eq!(at(&f.exit), c.exit, "{ctx}");
        check_body_limit(f, c.body, &at, &ctx);
    }

    /// Every body value keeps `body_limit`.
    fn check_body_limit(f: &SymFacts, body: Option<Interval>, at: &dyn Fn(&Expr) -> i128, ctx: &str) {
        match (&f.body_limit, body) {
            (Some((limit, true)), Some(body)) => assert!(body.hi <= at(limit), "{ctx}: body above its limit"),
            (Some((limit, false)), Some(body)) => assert!(body.lo >= at(limit), "{ctx}: body below its limit"),
            _ => {}
        }
    }

    fn env_with(ranges: &[(Leaf, i128, i128)]) -> Env {
        let mut env = Env::new();
        for (l, lo, hi) in ranges {
            env.set(l.clone(), Interval::new(*lo, *hi));
        }
        env
    }

    fn for_loop(width: u32, init: Expr, bound: Expr, step: i128) -> SymLoop {
        SymLoop {
            width,
            predicate: Predicate::Slt,
            side: CounterSide::Lhs,
            shape: Shape::HeaderTested,
            step,
            init,
            bound,
            past_bound: PastBound::Wraps,
        }
    }

    /// By `scf.for` semantics ([`PastBound::Undefined`]): every claim,
    /// evaluated at every point of its leaf ranges, equals
    /// `trip_count::for_facts` (itself checked against simulation), widths
    /// 2 and 3, both orders, every positive step and pair of leaf ranges.
    #[test]
    fn for_semantics_claims_match_for_facts_exhaustively() {
        let mut claims = 0u64;
        for width in 2..=3u32 {
            for predicate in [Predicate::Slt, Predicate::Ult] {
                let order = predicate.order().unwrap();
                let limits = order_limits(width, order).unwrap();
                let intervals: Vec<Interval> =
                    (limits.lo..=limits.hi).flat_map(|a| (a..=limits.hi).map(move |b| Interval::new(a, b))).collect();
                for step in 1..=limits.hi {
                    for ir in &intervals {
                        for br in &intervals {
                            let env = env_with(&[(Leaf::Arg(0), ir.lo, ir.hi), (Leaf::Arg(1), br.lo, br.hi)]);
                            let mut l = for_loop(width, Expr::leaf(Leaf::Arg(0)), Expr::leaf(Leaf::Arg(1)), step);
                            l.predicate = predicate;
                            l.past_bound = PastBound::Undefined;
                            let SymOutcome::Exact(f) = sym_facts(&l, &env) else { continue };
                            claims += 1;
                            for x0 in ir.lo..=ir.hi {
                                for b in br.lo..=br.hi {
                                    let Facts::Exact(c) = for_facts(width, order, x0, b, step) else {
                                        panic!("for_facts is not exact for {l:?} x0={x0} b={b}")
                                    };
                                    same_facts(&l, &f, &c, x0, b);
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(claims > 1_000, "only {claims} claims were checked");
    }

    #[test]
    fn worked_cases() {
        let smax = i64::MAX as i128;
        let d = Expr::leaf(Leaf::Dim(0, 0));
        let (a1, a2) = (Expr::leaf(Leaf::Arg(1)), Expr::leaf(Leaf::Arg(2)));
        // 0 to D step 1: D.
        let env = env_with(&[(Leaf::Dim(0, 0), 0, smax)]);
        let SymOutcome::Exact(f) = sym_facts(&for_loop(64, Expr::constant(0), d.clone(), 1), &env) else { panic!() };
        assert_eq!(f.body_count.to_string(), "dim(%arg0, 0)");
        assert_eq!(f.condition_count.to_string(), "dim(%arg0, 0) + 1");
        assert_eq!(f.body.1.to_string(), "dim(%arg0, 0) - 1");
        // %lb to %n: max(0, %n - %lb).
        let env = env_with(&[(Leaf::Arg(1), -smax - 1, smax), (Leaf::Arg(2), -smax - 1, smax)]);
        let SymOutcome::Exact(f) = sym_facts(&for_loop(64, a2.clone(), a1.clone(), 1), &env) else { panic!() };
        assert_eq!(f.body_count.to_string(), "max(0, %arg1 - %arg2)");
        assert_eq!(f.exit.to_string(), "max(%arg1, %arg2)");
        // 0 to D step 3: exact only when D's range leaves room for the step.
        let SymOutcome::Exact(f) =
            sym_facts(&for_loop(64, Expr::constant(0), d.clone(), 3), &env_with(&[(Leaf::Dim(0, 0), 0, smax / 4)]))
        else {
            panic!()
        };
        assert_eq!(f.body_count.to_string(), "dim(%arg0, 0) ceildiv 3");
        assert!(matches!(
            sym_facts(&for_loop(64, Expr::constant(0), d.clone(), 3), &env_with(&[(Leaf::Dim(0, 0), 0, smax)])),
            SymOutcome::Unknown(_)
        ));
        // The same as an scf.for: D ceildiv 3, the exit value 3·(D ceildiv 3)
        // being mathematical (past MAX only where the last increment's
        // overflow would be undefined behaviour).
        let mut by_semantics = for_loop(64, Expr::constant(0), d.clone(), 3);
        by_semantics.past_bound = PastBound::Undefined;
        let SymOutcome::Exact(f) = sym_facts(&by_semantics, &env_with(&[(Leaf::Dim(0, 0), 0, smax)])) else { panic!() };
        assert_eq!(f.body_count.to_string(), "dim(%arg0, 0) ceildiv 3");
        // i < %n step 2 with %n unconstrained: not exact.
        assert!(matches!(sym_facts(&for_loop(64, Expr::constant(0), a1.clone(), 2), &env), SymOutcome::Unknown(_)));
        // i <= %n with %n possibly MAX: not exact.
        let mut le = for_loop(64, Expr::constant(0), a1.clone(), 1);
        le.predicate = Predicate::Sle;
        assert!(matches!(sym_facts(&le, &env), SymOutcome::Unknown(_)));
        // %lb to %lb + 8 step 2 with %lb <= MAX - 8 (nsw): 4.
        let env8 = env_with(&[(Leaf::Arg(2), -smax - 1, smax - 8)]);
        let SymOutcome::Exact(f) = sym_facts(&for_loop(64, a2.clone(), a2.add_const(8).unwrap(), 2), &env8) else {
            panic!()
        };
        assert_eq!(f.body_count, Expr::constant(4));
        // D - 1 down to 0 (i >= 0, step -1): D.
        let mut down = for_loop(64, d.add_const(-1).unwrap(), Expr::constant(0), -1);
        down.predicate = Predicate::Sge;
        let SymOutcome::Exact(f) = sym_facts(&down, &env_with(&[(Leaf::Dim(0, 0), 0, smax)])) else { panic!() };
        assert_eq!(f.body_count.to_string(), "dim(%arg0, 0)");
    }
}
