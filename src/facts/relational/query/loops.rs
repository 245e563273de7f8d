//! The facts of loop-defined values: induction variables, `scf.while`
//! arguments and loop-carried values.
//!
//! An induction variable gets its loop's bounds, `lb <= iv < ub`
//! (`scf.for`, `loom.for`, `scf.parallel`, `scf.forall`, and the max/min
//! of the bound maps' results of `affine.for`/`affine.parallel`), and, for
//! a constant step of at least 2, its iteration number
//! ([`Query::trip_number`]). An `scf.while` after-region argument equals
//! the value the condition forwarded, and the condition held
//! ([`Query::while_after`]). A loop-carried value gets the loop's
//! inductive invariants ([`Query::invariants`], once per loop).
//!
//! Invariant: each fact holds at every execution of the loop's body;
//! `lb <= iv` only with a positive step, and nothing when a step does not
//! fit the index width (the lowered loop would step by its truncation).

use super::Query;
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::{const_bits, to_signed};
use crate::facts::ir::{affine_parallel_dimension, index_attr, loop_dimension, AffineForm, Op, Part, Val};
use crate::facts::relational::linear::Lin;
use crate::facts::relational::{Key, Source};

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    /// `max(lb results) <= iv < min(ub results)` of an `affine.for` (its
    /// step is positive): each result loom reads exactly (`affine_value`)
    /// gives its relation (one it does not read is left out, which only
    /// weakens the facts). Nothing when the step does not fit the index
    /// width: the lowered loop steps by its truncation, which may be
    /// negative (`iv` then falls below `lb`).
    pub(super) fn affine_induction(&mut self, for_op: Op<'a>, iv: &Lin) {
        let w = self.prover.ranges.index_width;
        let Some(Ok(step)) = for_op.attr("step").and_then(|s| index_attr(s, w)) else { return };
        let maps = ["lowerBoundMap", "upperBoundMap"]
            .map(|m| for_op.attr(m).and_then(|m| self.prover.affine_map_results(m, w)));
        let [Some(lower), Some(upper)] = maps else { return };
        let ((lb_inputs, lbs), (_, ubs)) = (&*lower, &*upper);
        self.affine_bounds(for_op, 0, iv, (lbs, ubs, *lb_inputs), Some(i128::from(step)));
    }

    /// `max(lb results) <= iv < min(ub results)` of induction variable `n`
    /// of an `affine.parallel` (its group's results of each bound map, read
    /// as [`Query::affine_induction`] reads an `affine.for`'s; the step is
    /// positive; nothing when it does not fit the index width).
    pub(super) fn affine_parallel_induction(&mut self, op: Op<'a>, n: usize, iv: &Lin) {
        let w = self.prover.ranges.index_width;
        let Ok(dim) = affine_parallel_dimension(op, n, w) else { return };
        let maps =
            ["lowerBoundsMap", "upperBoundsMap"].map(|m| op.attr(m).and_then(|m| self.prover.affine_map_results(m, w)));
        let [Some(lower), Some(upper)] = maps else { return };
        let ((_, lbs), (_, ubs)) = (&*lower, &*upper);
        let (Some(lbs), Some(ubs)) = (lbs.get(dim.lower.clone()), ubs.get(dim.upper.clone())) else { return };
        self.affine_bounds(op, n, iv, (lbs, ubs, dim.upper_first), Some(dim.step));
    }

    /// The bound facts of induction variable `n` of the affine loop `op`
    /// whose lower bound is the max of the `lbs` results (over the op's
    /// operands from 0) and upper bound the min of the `ubs` results (from
    /// operand `ub_first`): `lb <= iv` and `iv < ub` for each result
    /// `affine_value` reads, and, with a single lower bound and a known
    /// step, the iteration number ([`Query::trip_number`]).
    fn affine_bounds(
        &mut self,
        op: Op<'a>,
        n: usize,
        iv: &Lin,
        (lbs, ubs, ub_first): (&[Option<AffineForm>], &[Option<AffineForm>], usize),
        step: Option<i128>,
    ) {
        let mut lins = Vec::new();
        let mut assumed = Assumptions::NONE;
        for (results, first, upper) in [(lbs, 0, false), (ubs, ub_first, true)] {
            for form in results.iter().flatten() {
                let Some((bound, assumes)) = self.affine_value(op, first, form) else { continue };
                assumed |= assumes;
                // lb <= iv: iv - lb >= 0; iv < ub: ub - iv - 1 >= 0.
                let lin = if upper { bound.minus(iv).and_then(|l| l.shifted(-1)) } else { iv.minus(&bound) };
                lins.extend(lin);
                if let (false, 1, Some(step)) = (upper, lbs.len(), step) {
                    // The body values are lb, lb + step, ...
                    lins.extend(self.trip_number(op, n, iv, &bound, step));
                }
            }
        }
        if !lins.is_empty() {
            self.fact_with(Source::LoopBounds(op), lins, assumed);
        }
    }

    /// `lb <= iv < ub` of an `scf.for`/`loom.for`: the body runs only while
    /// `iv < ub`, and `lb <= iv` when the step is positive (the documented
    /// semantics: the iteration set is `lb <= iv < ub`). An unsigned
    /// `scf.for` says the same in the signed order when `ub` (and, for the
    /// lower bound, `lb`) is in [0, SMAX], and then also `0 <= iv`.
    pub(super) fn induction(&mut self, for_op: Op<'a>, iv: &Lin) {
        let (lbv, ubv, stepv) = (for_op.operand(0), for_op.operand(1), for_op.operand(2));
        let range = |v: Val<'a>| self.prover.ranges.at(v, for_op).map(|r| r.s);
        let nonneg = |v: Val<'a>| range(v).is_some_and(|r| !r.is_empty() && r.lo >= 0);
        let unsigned = for_op.has_attr("unsignedCmp");
        if unsigned && !nonneg(ubv) {
            return;
        }
        let step_positive = range(stepv).is_some_and(|r| !r.is_empty() && r.lo >= 1);
        let with_lb = step_positive && (!unsigned || nonneg(lbv));
        let (Some(lb), Some(ub)) = (self.value(lbv), self.value(ubv)) else { return };
        let mut lins: Vec<Lin> = ub.minus(iv).and_then(|l| l.shifted(-1)).into_iter().collect();
        if with_lb {
            lins.extend(iv.minus(&lb));
        }
        if unsigned {
            lins.push(iv.clone());
        }
        if with_lb {
            let w = self.width(stepv);
            let step = const_bits(stepv, self.prover.ranges.index_width).zip(w).map(|(b, w)| to_signed(b, w));
            if let Some(step) = step {
                lins.extend(self.trip_number(for_op, 0, iv, &lb, step));
            }
        }
        self.fact(Source::LoopBounds(for_op), lins);
    }

    /// `iv = lb + step × it` and `it >= 0` for the iteration number `it` of
    /// induction variable `n` of `loop_op`, whose body values are `lb`,
    /// `lb + step`, ... (a constant step of at least 2, no wrap: an
    /// overflowing increment is undefined behaviour for these loops): what
    /// makes `iv < ub` with `ub` a multiple of the step give `iv + step <=
    /// ub` (over the integers, `4 it < 4 q` is `it + 1 <= q`).
    fn trip_number(&mut self, loop_op: Op<'a>, n: usize, iv: &Lin, lb: &Lin, step: i128) -> Vec<Lin> {
        if step < 2 {
            return Vec::new();
        }
        let Some(it) = self.atom(Key::Aux(loop_op, n)).map(Lin::atom) else { return Vec::new() };
        let Some(eq) = lb.add_scaled(&it, step).and_then(|l| Self::equal(iv, &l)) else { return Vec::new() };
        let mut lins = eq;
        lins.push(it);
        lins
    }

    /// `lb <= iv < ub` of induction variable `n` of an `scf.parallel` or
    /// `scf.forall` (each dimension on its own, like `scf.for`; `lb <= iv`
    /// only with a positive step). A `scf.forall` without lower bounds or
    /// steps has 0 and 1 (static parts). Nothing when a static part does
    /// not fit the index width (see [`loop_dimension`]).
    pub(super) fn parallel_induction(&mut self, loop_op: Op<'a>, n: usize, iv: &Lin) {
        let w = self.prover.ranges.index_width;
        let Some(Ok((lb, ub, step))) = loop_dimension(loop_op, n, w) else { return };
        let lin = |q: &mut Self, p: Part<'a>| match p {
            Part::Static(c) => Some(Lin::constant(c as i128)),
            Part::Dynamic(v) => q.value(v),
        };
        let step_positive = match step {
            Part::Static(c) => c >= 1,
            Part::Dynamic(v) => self.prover.ranges.at(v, loop_op).is_some_and(|r| !r.is_empty() && r.s.lo >= 1),
        };
        let constant_step = match step {
            Part::Static(c) => Some(c as i128),
            Part::Dynamic(v) => const_bits(v, w).map(|b| to_signed(b, w)),
        };
        let (Some(lb), Some(ub)) = (lin(self, lb), lin(self, ub)) else { return };
        let mut lins: Vec<Lin> = ub.minus(iv).and_then(|l| l.shifted(-1)).into_iter().collect();
        if step_positive {
            lins.extend(iv.minus(&lb));
            if let Some(s) = constant_step {
                lins.extend(self.trip_number(loop_op, n, iv, &lb, s));
            }
        }
        self.fact(Source::LoopBounds(loop_op), lins);
    }

    /// An after-region argument of `scf.while`: the value the condition
    /// forwarded, and the condition held.
    pub(super) fn while_after(&mut self, while_op: Op<'a>, arg: &Lin, n: usize) {
        let Some(cond) = while_op.region(0).first_block().and_then(|b| b.terminator()) else { return };
        if !cond.is("scf.condition") || n + 1 >= cond.num_operands() {
            return;
        }
        if let Some(fwd) = self.value(cond.operand(n + 1)) {
            if let Some(eq) = Self::equal(arg, &fwd) {
                self.fact(Source::WhileForward(while_op), eq);
            }
        }
        if self.loops_added.insert(cond) {
            self.require_defined(cond.operand(0));
            let dnf = self.condition(cond.operand(0), true, 0);
            self.assume(Source::Condition { op: while_op, holds: true }, dnf);
        }
    }

    /// The inductive invariants of a loop with carried values.
    pub(super) fn invariants(&mut self, loop_op: Op<'a>) {
        if !self.loops_added.insert(loop_op) {
            return;
        }
        let (templates, assumes) = self.prover.invariants(loop_op);
        let mut lins = Vec::new();
        for t in &templates {
            let mut lin = Lin::constant(t.constant);
            let mut ok = true;
            for &(key, k) in &t.terms {
                match self.key_lin(key).and_then(|l| lin.add_scaled(&l, k)) {
                    Some(l) => lin = l,
                    None => ok = false,
                }
            }
            if ok {
                lins.push(lin);
            }
        }
        self.fact_with(Source::Invariant(loop_op), lins, assumes);
    }
}
