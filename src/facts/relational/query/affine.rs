//! Affine maps read as linear forms, as `lower-affine`'s expansion
//! computes them.
//!
//! A map result is read as a linear form ([`Query::affine_value`]) when
//! every partial sum stays in the signed range by the operands' ranges;
//! one scaled `floordiv`/`ceildiv`/`mod` by a positive constant gets a
//! quotient atom with the floor (or ceiling) relation
//! ([`Query::quotient_value`], [`quotient_relation`]); any other tree is
//! read bottom-up ([`Query::affine_tree_value`]), each division with its
//! own quotient atom. The same relations are stated for the `arith`
//! expansion `lower-affine` makes of a division
//! ([`Query::lowered_division`]), so facts do not change with the
//! lowering. Also: the candidates of signed extrema
//! ([`Query::extremum_candidates`]) and the w-bit limits of operand sums
//! ([`Query::operand_sum`]).
//!
//! Invariant: a form is returned only when the lowered arithmetic
//! computes exactly that value (no wrap), with the assumptions that
//! showing it rested on; otherwise None, and nothing is stated.

use super::Query;
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::{const_bits, smax, smin, to_signed};
use crate::facts::ir::{AffineForm, AffineTree, Op, Val};
use crate::facts::relational::linear::Lin;
use crate::facts::relational::{Key, OperandSum, Source};
use crate::facts::semantics::{lowered_division, AffineKind, Division, Extremum, IntOp};
use crate::facts::trip_count::Order;

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    /// An affine map result `form` over `op`'s operands from `first` on,
    /// as a linear form, when the lowering computes it exactly: an input
    /// or a constant, or a form whose every partial sum, in whatever order
    /// and grouping the lowering's wrapping arithmetic evaluates it, is in
    /// the signed range: by the operands' ranges at `op`, the sum of every
    /// term's (and the constant's) negative extreme is at least SMIN and
    /// the sum of the positive extremes at most SMAX (a sub-sum before a
    /// multiplication by k lies within the same bounds, as |k| >= 1). With
    /// whether those ranges rest on the buffer-size assumption.
    pub(crate) fn affine_value(&mut self, op: Op<'a>, first: usize, form: &AffineForm) -> Option<(Lin, Assumptions)> {
        self.affine_value_requiring(op, first, form, true)
    }

    /// [`Query::affine_value`] of result `k` of the map of `access`, an
    /// earlier affine access of an enclosing block (operands from `first`
    /// on), without requiring its operands defined where the query's op
    /// runs: the facts that would let others use would not name the
    /// access they rest on. (Had an operand been poison, the earlier
    /// access would have been undefined behaviour, like an index out of
    /// bounds.) Its exactness is shown at `access`, never at the query's
    /// op.
    pub(super) fn earlier_map_result(&mut self, access: Op<'a>, first: usize, k: usize) -> Option<(Lin, Assumptions)> {
        if access == self.at {
            return None;
        }
        let w = self.prover.ranges.index_width;
        let map = self.prover.affine_map_results(access.attr("map")?, w)?;
        let form = map.1.get(k)?.clone()?;
        self.affine_value_requiring(access, first, &form, false)
    }

    /// [`Query::affine_value`], requiring each operand defined (`require`)
    /// or not.
    fn affine_value_requiring(
        &mut self,
        op: Op<'a>,
        first: usize,
        form: &AffineForm,
        require: bool,
    ) -> Option<(Lin, Assumptions)> {
        self.settle();
        let w = self.prover.ranges.index_width;
        if form.terms.iter().any(|&(p, _)| first + p >= op.num_operands()) {
            return None;
        }
        let c0 = form.constant as i128;
        let mut lin = Lin::constant(c0);
        let (mut low, mut high) = (Some(c0.min(0)), Some(c0.max(0)));
        let mut assumes = Assumptions::NONE;
        let trivial = form.as_input().is_some() || form.terms.is_empty();
        for &(p, c) in &form.terms {
            let x = op.operand(first + p);
            if require {
                self.require_defined(x);
            }
            lin = lin.add_scaled(&self.value(x)?, c as i128)?;
            if trivial {
                continue;
            }
            match self.prover.ranges.at(x, op).map(|r| r.s).filter(|r| !r.is_empty()) {
                Some(r) => {
                    let (a, b) = (r.lo.checked_mul(c as i128), r.hi.checked_mul(c as i128));
                    let (lo, hi) = a.zip(b).map_or((None, None), |(a, b)| (Some(a.min(b)), Some(a.max(b))));
                    low = low.zip(lo).and_then(|(s, t)| s.checked_add(t.min(0)));
                    high = high.zip(hi).and_then(|(s, t)| s.checked_add(t.max(0)));
                    assumes |= self.prover.ranges.assumptions_of(x).intersect(self.prover.allowed);
                }
                None => (low, high) = (None, None),
            }
        }
        if trivial || low.zip(high).is_some_and(|(l, h)| smin(w) <= l && h <= smax(w)) {
            return Some((lin, assumes));
        }
        // Otherwise every sub-sum of the terms and the constant (up to
        // five of them: 31 sub-sums, whatever the evaluation's grouping;
        // a window's size `-d0 - d1 + s0 + s1 - 1` has five) must be shown
        // in range by a relational no-wrap proof. Past five, the parts
        // whose sign their ranges give are grouped: every sub-sum lies
        // between the sum of the non-positive ones and that of the
        // non-negative ones, each with any subset of the (at most five)
        // others, so those sums in range suffice.
        let mut parts: Vec<(Option<usize>, i128)> =
            form.terms.iter().map(|&(p, c)| (Some(first + p), c as i128)).collect();
        if c0 != 0 {
            parts.push((None, c0));
        }
        let sign = |q: &Self, &(operand, c): &(Option<usize>, i128)| -> Option<bool> {
            let Some(i) = operand else { return Some(c >= 0) };
            let r = q.prover.ranges.at(op.operand(i), op).map(|r| r.s).filter(|r| !r.is_empty())?;
            match (r.lo >= 0, r.hi <= 0) {
                (true, _) => Some(c > 0),
                (_, true) => Some(c < 0),
                _ => None,
            }
        };
        // Per subset: the parts always in it (a sign group, past five).
        let mut groups: Vec<Vec<(Option<usize>, i128)>> = vec![Vec::new()];
        if parts.len() > 5 {
            let signs: Vec<Option<bool>> = parts.iter().map(|p| sign(self, p)).collect();
            let group = |positive: bool| -> Vec<(Option<usize>, i128)> {
                parts.iter().zip(&signs).filter(|(_, s)| **s == Some(positive)).map(|(p, _)| *p).collect()
            };
            groups = vec![group(true), group(false)];
            parts = parts.iter().zip(&signs).filter(|(_, s)| s.is_none()).map(|(p, _)| *p).collect();
            for &(operand, _) in groups.iter().flatten() {
                if let Some(i) = operand {
                    assumes |= self.prover.ranges.assumptions_of(op.operand(i)).intersect(self.prover.allowed);
                }
            }
            if parts.len() > 5 {
                return None;
            }
        }
        let mut sums = Vec::new();
        for (subset, group) in (0..(1u32 << parts.len())).flat_map(|s| groups.iter().map(move |g| (s, g))) {
            let mut sum = OperandSum { terms: Vec::new(), constant: 0 };
            let chosen = parts.iter().enumerate().filter(|(bit, _)| subset & (1 << bit) != 0).map(|(_, p)| p);
            for &(operand, c) in group.iter().chain(chosen) {
                match operand {
                    Some(i) => sum.terms.push((op.operand(i), c)),
                    None => sum.constant += c,
                }
            }
            if sum.terms.is_empty() && sum.constant == 0 {
                continue;
            }
            // A w-bit operand alone, or a w-bit constant, is in range; so
            // is a sum that its operands' ranges keep in range, when they
            // rest on no assumption (a relational proof would find the
            // same bounds first: see `prove_assuming`).
            match (&sum.terms[..], sum.constant) {
                ([(_, 1)], 0) => continue,
                ([], k) if (smin(w)..=smax(w)).contains(&k) => continue,
                ([], _) => return None,
                _ if self.in_range_by_ranges(op, &sum, w) => continue,
                _ => sums.push(sum),
            }
        }
        let shown = if op == self.at {
            self.prover.no_wrap_here(self, w, &sums)
        } else {
            self.prover.no_wrap_all(op, w, &sums)
        };
        Some((lin, shown?))
    }

    /// Whether the ranges of `sum`'s operands at `op`, none of them resting
    /// on an allowed assumption, keep every value of `sum` in the w-bit
    /// signed range.
    fn in_range_by_ranges(&self, op: Op<'a>, sum: &OperandSum<'a>, w: u32) -> bool {
        self.sum_range(op, sum.terms.iter().copied(), sum.constant)
            .is_some_and(|((lo, hi), assumes)| assumes == Assumptions::NONE && smin(w) <= lo && hi <= smax(w))
    }

    /// `sum` as a linear form, with the signed limits of each of its
    /// (w-bit) terms as facts ([`crate::facts::relational::Prover::no_wrap`]).
    pub(crate) fn operand_sum(&mut self, sum: &OperandSum<'a>, w: u32) -> Option<Lin> {
        self.settle();
        let mut e = Lin::constant(sum.constant);
        for &(x, c) in &sum.terms {
            let l = self.value(x)?;
            if self.limited.insert(x) {
                let limits = vec![l.shifted(-smin(w))?, Lin::constant(smax(w)).minus(&l)?];
                self.fact(Source::Range(x), limits);
            }
            e = e.add_scaled(&l, c)?;
        }
        Some(e)
    }

    /// `v`, the `arith.select` ending lower-affine's expansion of `x
    /// floordiv d`, `x ceildiv d` or `x mod d`
    /// (`semantics::lowered_division`), stated as the quotient it computes:
    /// `d v <= x <= d v + d - 1` (floor: exact for every `x`) or `d v - d +
    /// 1 <= x <= d v` (ceil: exact unless `x` is the smallest value, which
    /// its range must exclude), or as the remainder `v = x - d q` with `d q
    /// <= x <= d q + d - 1` (mod: exact for every `x`). The same
    /// relations `quotient_value` states for the affine op itself, so the
    /// facts do not change with `lower-affine`. Whether it was such a
    /// select.
    pub(super) fn lowered_division(&mut self, op: Op<'a>, v: &Lin, w: u32) -> bool {
        let konst = |x: Val<'a>| const_bits(x, self.prover.ranges.index_width).map(|b| to_signed(b, w));
        let Some((x, d, kind)) = lowered_division(op, &konst) else { return false };
        let ceil = match kind {
            Division::Floor => false,
            Division::Ceil => true,
            Division::Mod => {
                // v = x - d q with d q <= x <= d q + d - 1: exact for
                // every x (`remsi` and the select's `r + d` stay within
                // (-d, d)).
                let assumes = self.prover.ranges.assumptions_of(x).intersect(self.prover.allowed);
                let (Some(l), Some(q)) = (self.value(x), self.atom(Key::Aux(op, 0)).map(Lin::atom)) else {
                    return false;
                };
                let Some(dq) = q.scaled(d) else { return false };
                let [Some(low), Some(high)] = quotient_relation(&l, &dq, d, false) else { return false };
                let Some(remainder) = l.minus(&dq).and_then(|r| Self::equal(&r, v)) else { return false };
                self.fact_with(Source::Definition(op), [low, high].into_iter().chain(remainder).collect(), assumes);
                return true;
            }
        };
        let range = self.prover.ranges.at(x, op).map(|r| r.s);
        if ceil && range.is_none_or(|r| r.is_empty() || r.lo <= smin(w)) {
            // Not stated: the select's own facts (both sides) are read.
            return false;
        }
        let assumes = self.prover.ranges.assumptions_of(x).intersect(self.prover.allowed);
        let (Some(l), Some(dv)) = (self.value(x), v.scaled(d)) else { return false };
        let lins = quotient_relation(&l, &dv, d, ceil);
        self.fact_with(Source::Definition(op), lins.into_iter().flatten().collect(), assumes);
        true
    }

    /// Result `r` of the affine map of `op` (over `op`'s operands from
    /// `first` on) when it is a quotient or remainder by a positive
    /// constant `m`, times a constant `c`: `c × (L floordiv m)`, `c × (L
    /// ceildiv m)` or `c × (L mod m)` with `L` linear (the tile counts and
    /// aligned bounds tiling and peeling make: `(s0 floordiv 4) * 4`, `s0
    /// ceildiv 4`; a cyclic index `d0 mod 4`). The quotient is an atom `q`
    /// with `m q <= L <= m q + m - 1` (floor, and `mod`: the remainder is
    /// `L - m q`, in [0, m - 1]) or `m q - m + 1 <= L <= m q` (ceil),
    /// stated when `lower-affine`'s expansion computes it exactly: `L` does
    /// not wrap (`affine_value`), for `ceildiv` `L` is above the smallest
    /// value (its expansion negates `L`), and the result fits: `c × q` by
    /// `L`'s range, `c × (L mod m)` when `|c| (m - 1)` does. The result is
    /// `c × q` or `c × (L - m q)`, with the assumptions `L`'s reading used.
    pub(crate) fn quotient_value(
        &mut self,
        op: Op<'a>,
        first: usize,
        r: usize,
        tree: &AffineTree,
    ) -> Option<(Lin, Assumptions)> {
        self.settle();
        let (inner, c) = match tree {
            AffineTree::Scale(inner, c) => (&**inner, *c as i128),
            t => (t, 1),
        };
        let (dividend, m, kind) = match inner {
            AffineTree::FloorDiv(l, m) => (l, *m as i128, Division::Floor),
            AffineTree::CeilDiv(l, m) => (l, *m as i128, Division::Ceil),
            AffineTree::Mod(l, m) => (l, *m as i128, Division::Mod),
            _ => return None,
        };
        let ceil = kind == Division::Ceil;
        let form = dividend.linear()?;
        if form.terms.iter().any(|&(p, _)| first + p >= op.num_operands()) {
            return None;
        }
        let w = self.prover.ranges.index_width;
        if kind == Division::Mod {
            // The remainder is in [0, m - 1] whatever L is: c times it
            // fits when |c| (m - 1) does.
            if c.checked_abs()?.checked_mul(m - 1)? > smax(w) {
                return None;
            }
            let (l, assumes) = self.affine_value(op, first, &form)?;
            let (_, mq) = self.quotient_atom(op, r, &l, m, false, assumes)?;
            return Some((l.minus(&mq)?.scaled(c)?, assumes));
        }
        // L's range from its operands' ranges (for the checks below).
        let ((lo, hi), _) = self.form_range(op, first, &form)?;
        let round = |x: i128| if ceil { -((-x).div_euclid(m)) } else { x.div_euclid(m) };
        let (qlo, qhi) = (round(lo), round(hi));
        let (a, b) = (qlo.checked_mul(c)?, qhi.checked_mul(c)?);
        let by_ranges = !(ceil && lo <= smin(w)) && a.min(b) >= smin(w) && a.max(b) <= smax(w);
        let (l, mut assumes) = self.affine_value(op, first, &form)?;
        if !by_ranges {
            // 0 <= L (shown from the facts at `op`, a guard say) is
            // enough when 1 <= c <= m (floor) or c = 1 (ceil): then 0 <=
            // c q <= L, and for ceil 0 <= q <= L, with no wrap anywhere.
            if !(1..=m).contains(&c) || (ceil && c != 1) {
                return None;
            }
            assumes |= self
                .prover
                .non_negative(op, &|q: &mut Query<'_, 'r, 'f, 'a>| q.affine_value(op, first, &form).map(|v| v.0))?;
        }
        let (q, _) = self.quotient_atom(op, r, &l, m, ceil, assumes)?;
        Some((q.scaled(c)?, assumes))
    }

    /// The range of `form` over `op`'s operands from `first`, by their
    /// ranges at `op` (clamped to the signed range), with the assumptions
    /// those rest on; None if an operand has none or a bound overflows.
    fn form_range(&self, op: Op<'a>, first: usize, form: &AffineForm) -> Option<((i128, i128), Assumptions)> {
        let w = self.prover.ranges.index_width;
        let terms = form.terms.iter().map(|&(p, k)| (op.operand(first + p), k as i128));
        let ((lo, hi), assumes) = self.sum_range(op, terms, form.constant as i128)?;
        Some(((lo.max(smin(w)), hi.min(smax(w))), assumes))
    }

    /// The range of `constant + Σ k × x` over values `op` reads, by their
    /// ranges at `op` (not clamped), with the allowed assumptions those
    /// rest on; None if a value has no range or a bound overflows.
    fn sum_range(
        &self,
        op: Op<'a>,
        terms: impl IntoIterator<Item = (Val<'a>, i128)>,
        constant: i128,
    ) -> Option<((i128, i128), Assumptions)> {
        let (mut lo, mut hi) = (constant, constant);
        let mut assumes = Assumptions::NONE;
        for (x, k) in terms {
            let rx = self.prover.ranges.at(x, op).map(|r| r.s).filter(|r| !r.is_empty())?;
            let (a, b) = (rx.lo.checked_mul(k)?, rx.hi.checked_mul(k)?);
            lo = lo.checked_add(a.min(b))?;
            hi = hi.checked_add(a.max(b))?;
            assumes |= self.prover.ranges.assumptions_of(x).intersect(self.prover.allowed);
        }
        Some(((lo, hi), assumes))
    }

    /// Result `r` of `op`'s affine map (its operands from `first`), read
    /// whatever its shape: a linear form (`affine_value`), one scaled
    /// division (`quotient_value`), or any other tree (`affine_tree_value`,
    /// whose sums with divisions need `relational` to be shown exact when
    /// their operands' ranges do not show it: only a query at `op` itself
    /// may ask, as the facts it proves from hold where `op` runs).
    pub(crate) fn affine_result(
        &mut self,
        op: Op<'a>,
        first: usize,
        r: usize,
        form: Option<&AffineForm>,
        tree: Option<&AffineTree>,
    ) -> Option<(Lin, Assumptions)> {
        self.settle();
        if let Some(form) = form {
            return self.affine_value(op, first, form);
        }
        let tree = tree?;
        if tree.is_scaled_division() {
            return self.quotient_value(op, first, r, tree);
        }
        let relational = op == self.at;
        let mut reader = TreeReader { op, first, r, divisions: 0, relational, assumes: Assumptions::NONE };
        let (lin, range, _) = self.affine_tree_value(&mut reader, tree)?;
        reader.exact(self, &lin, range, false)?;
        Some((lin, reader.assumes))
    }

    /// `tree`'s value as `lower-affine`'s expansion computes it, with its
    /// range from the operands' ranges (None: unbounded) and whether it is
    /// shown exact already (a linear subtree is), when every
    /// division's dividend and every product is shown exact (a sum
    /// without division by `affine_value`, one with by its range or, if
    /// allowed, a relational proof at the op): additions wrap, but a sum
    /// whose true value is in range is computed exactly whatever its
    /// intermediate sums do (addition is exact modulo 2^w), while
    /// `muli ... overflow<nsw>` and the divisions need exact operands. A
    /// division gets its own quotient atom (the first of result `r` is
    /// `Aux(op, r)`, as `quotient_value` names it; the `j`-th after it
    /// `Aux(op, r + j × 2^16)`).
    fn affine_tree_value(&mut self, rd: &mut TreeReader<'a>, tree: &AffineTree) -> Option<TreeValue> {
        if let Some(form) = tree.linear() {
            let (lin, assumes) = self.affine_value(rd.op, rd.first, &form)?;
            rd.assumes |= assumes;
            // Its range, from the operands' (affine_value has shown it exact).
            let range = self.form_range(rd.op, rd.first, &form).map(|(range, assumes)| {
                rd.assumes |= assumes;
                range
            });
            return Some((lin, range, true));
        }
        match tree {
            AffineTree::Add(a, b) => {
                let (la, ra, _) = self.affine_tree_value(rd, a)?;
                let (lb, rb, _) = self.affine_tree_value(rd, b)?;
                let range =
                    ra.zip(rb).and_then(|((a0, a1), (b0, b1))| Some((a0.checked_add(b0)?, a1.checked_add(b1)?)));
                Some((la.plus(&lb)?, range, false))
            }
            AffineTree::Scale(a, k) => {
                let k = *k as i128;
                // A product of a linear subtree is linear: `a` has a division.
                let (la, ra, _) = self.affine_tree_value(rd, a)?;
                rd.exact(self, &la, ra, false)?;
                let product = la.scaled(k)?;
                let range = ra.and_then(|(lo, hi)| {
                    let (x, y) = (lo.checked_mul(k)?, hi.checked_mul(k)?);
                    Some((x.min(y), x.max(y)))
                });
                rd.exact(self, &product, range, false)?;
                Some((product, range, true))
            }
            AffineTree::FloorDiv(a, m) | AffineTree::CeilDiv(a, m) | AffineTree::Mod(a, m) => {
                let m = *m as i128;
                let ceil = matches!(tree, AffineTree::CeilDiv(..));
                let (la, ra, exact) = self.affine_tree_value(rd, a)?;
                // The expansion negates a ceildiv's dividend: not the
                // smallest value.
                if !exact || ceil {
                    rd.exact(self, &la, ra, ceil)?;
                }
                let n = rd.r.checked_add(rd.divisions.checked_mul(1 << 16)?)?;
                rd.divisions += 1;
                let q = Lin::atom(self.atom(Key::Aux(rd.op, n))?);
                let (q, mq) = self.quotient_relation_of(rd.op, q, &la, m, ceil, rd.assumes)?;
                let round = |x: i128| if ceil { -((-x).div_euclid(m)) } else { x.div_euclid(m) };
                Some(match tree {
                    AffineTree::Mod(..) => (la.minus(&mq)?, Some((0, m - 1)), true),
                    _ => (q, ra.map(|(lo, hi)| (round(lo), round(hi))), true),
                })
            }
            // Constants and inputs are linear.
            AffineTree::Constant(_) | AffineTree::Input(_) => None,
        }
    }

    /// The candidates of the signed extremum `op` (`arith.minsi`/`maxsi`,
    /// `index.mins`/`maxs`: its operands; `affine.min`/`max`: its map's
    /// results), each read as a linear form with the assumptions the
    /// reading rests on (None: not read), and which extremum it is.
    pub(crate) fn extremum_candidates(&mut self, op: Op<'a>) -> Option<(Extremum, Vec<Option<Reading>>)> {
        self.settle();
        match IntOp::of(op)? {
            IntOp::Extremum { lhs, rhs, which, order: Order::Signed } => {
                Some((which, [lhs, rhs].into_iter().map(|x| self.value(x).map(|l| (l, Assumptions::NONE))).collect()))
            }
            IntOp::Affine { kind: kind @ (AffineKind::Min | AffineKind::Max) } => {
                let w = self.prover.ranges.index_width;
                let (_, results) = IntOp::affine_map(op, w)?;
                let trees = IntOp::affine_map_trees(op, w).map(|(_, t)| t).unwrap_or_default();
                let which = if kind == AffineKind::Min { Extremum::Min } else { Extremum::Max };
                let forms = (0..results.len())
                    .map(|r| self.affine_result(op, 0, r, results[r].as_ref(), trees.get(r).and_then(Option::as_ref)))
                    .collect();
                Some((which, forms))
            }
            _ => None,
        }
    }

    /// When `v` is a signed minimum whose every candidate is read with no
    /// assumption ([`Query::extremum_candidates`]), the candidates: `v >=
    /// c` follows from every candidate `>= c`, with no case split.
    pub(crate) fn min_candidates(&mut self, v: Val<'a>) -> Option<Vec<Lin>> {
        self.settle();
        let (Extremum::Min, candidates) = self.extremum_candidates(v.defining_op()?)? else { return None };
        candidates.into_iter().map(|c| c.filter(|(_, a)| *a == Assumptions::NONE).map(|(lin, _)| lin)).collect()
    }

    /// The quotient atom `q` of result `r` of `op`, with `L`'s relation to
    /// it stated ([`quotient_relation`]): `(q, m q)`, or None if a form
    /// grows too large (then nothing is stated).
    fn quotient_atom(
        &mut self,
        op: Op<'a>,
        r: usize,
        l: &Lin,
        m: i128,
        ceil: bool,
        assumes: Assumptions,
    ) -> Option<(Lin, Lin)> {
        let q = Lin::atom(self.atom(Key::Aux(op, r))?);
        self.quotient_relation_of(op, q, l, m, ceil, assumes)
    }

    /// States `L`'s relation to the quotient atom `q` of a division of
    /// `op`: `(q, m q)`.
    fn quotient_relation_of(
        &mut self,
        op: Op<'a>,
        q: Lin,
        l: &Lin,
        m: i128,
        ceil: bool,
        assumes: Assumptions,
    ) -> Option<(Lin, Lin)> {
        let mq = q.scaled(m)?;
        let lins = quotient_relation(l, &mq, m, ceil).into_iter().collect::<Option<Vec<Lin>>>()?;
        self.fact_with(Source::Definition(op), lins, assumes);
        Some((q, mq))
    }
}

/// A value read as a linear form, with the assumptions the reading rests
/// on.
type Reading = (Lin, Assumptions);

/// A subtree's value read by [`Query::affine_tree_value`]: its form, its
/// range by the operands' ranges (None: unbounded), and whether it is
/// shown exact.
type TreeValue = (Lin, Option<(i128, i128)>, bool);

/// The state of one reading of an affine map result by
/// [`Query::affine_tree_value`].
struct TreeReader<'a> {
    op: Op<'a>,
    first: usize,
    r: usize,
    /// Divisions met so far (each gets its own quotient atom).
    divisions: usize,
    /// Whether a sum may be shown exact by a relational proof at the
    /// query's op (which is `op`).
    relational: bool,
    /// The assumptions the reading used.
    assumes: Assumptions,
}

impl<'a> TreeReader<'a> {
    /// Shows that `lin` (a subtree's value, in `range` by the operands'
    /// ranges) is computed exactly: within the signed range, and above the
    /// smallest value when `above_min` (a ceildiv's dividend).
    fn exact(
        &mut self,
        q: &mut Query<'_, '_, '_, 'a>,
        lin: &Lin,
        range: Option<(i128, i128)>,
        above_min: bool,
    ) -> Option<()> {
        let w = q.prover.ranges.index_width;
        let low = smin(w) + i128::from(above_min);
        if lin.terms.is_empty() {
            return (low..=smax(w)).contains(&lin.constant).then_some(());
        }
        if range.is_some_and(|(lo, hi)| low <= lo && hi <= smax(w)) {
            return Some(());
        }
        if !self.relational {
            return None;
        }
        let above = q.prove(&lin.shifted(-low)?)?;
        let below = q.prove(&Lin::constant(smax(w)).minus(lin)?)?;
        self.assumes |= q.uses_assumption(above.union(below));
        Some(())
    }
}

/// `L` against `m q`, the two halves of `q = L floordiv m` (`m q <= L <=
/// m q + m - 1`) or, with `ceil`, of `q = L ceildiv m` (`m q - m + 1 <= L
/// <= m q`), each `>= 0`; a half too large to state is None.
fn quotient_relation(l: &Lin, mq: &Lin, m: i128, ceil: bool) -> [Option<Lin>; 2] {
    if ceil {
        [l.minus(mq).and_then(|e| e.shifted(m - 1)), mq.minus(l)]
    } else {
        [l.minus(mq), mq.minus(l).and_then(|e| e.shifted(m - 1))]
    }
}
