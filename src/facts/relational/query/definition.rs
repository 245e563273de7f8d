//! The facts of a value's defining op.
//!
//! [`Query::definition`] states `v`'s definition when it is linear and
//! exact in the signed order: `addi`/`subi`/`muli`/`shli` shown not to
//! wrap (by range, by a relational sub-proof, or by an `overflow<nsw>`
//! flag on a value that cannot be poison where the query's op runs),
//! casts and `loom.assume_range` that keep the value, `memref.dim` and
//! the sizes of `memref.extract_strided_metadata`, signed extrema (both
//! bounds and a case split), `select` (a case split with its condition),
//! divisions and shifts right by constants (the floor relation), the
//! yields of an `scf.if` with a form outside it, and affine ops' map
//! results.
//!
//! Invariant: anything not shown exact is left out, which weakens but
//! never falsifies.

use super::{result_index, yielded, Dnf, Query};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::{const_bits, smax, smin, to_signed};
use crate::facts::ir::{shape_of, Op, Val};
use crate::facts::relational::linear::Lin;
use crate::facts::relational::{OperandSum, Source};
use crate::facts::semantics::{AffineKind, Cast, Extremum, IntOp, Overflow, Rounding};
use crate::facts::trip_count::Order;

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    /// Facts from `v`'s defining op.
    pub(super) fn definition(&mut self, op: Op<'a>, value: Val<'a>, v: &Lin, w: u32) {
        let meaning = IntOp::of(op);
        let source = Source::Definition(op);
        let n = op.num_operands();
        let konst = |x: Val<'a>| const_bits(x, self.prover.ranges.index_width).map(|b| to_signed(b, w));
        let flags = match meaning {
            Some(IntOp::Add { flags, .. }) | Some(IntOp::Sub { flags, .. }) | Some(IntOp::Mul { flags, .. }) => {
                flags.read()
            }
            Some(IntOp::ShiftLeft { flags, .. }) => flags.read(),
            _ => Overflow::NONE,
        };
        let nsw = flags.nsw && self.is_defined(value);
        // Whether `f` of the operands' ranges (at the op) stays in the
        // signed range: then the w-bit result is the exact value.
        let fits = |q: &Self, lhs: Val<'a>, rhs: Val<'a>, f: &dyn Fn(i128, i128) -> i128| -> bool {
            let r = |x: Val<'a>| q.prover.ranges.at(x, op).map(|r| r.s);
            let (Some(a), Some(b)) = (r(lhs), r(rhs)) else { return false };
            if a.is_empty() || b.is_empty() {
                return false;
            }
            let corners = [f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)];
            corners.iter().all(|c| (smin(w)..=smax(w)).contains(c))
        };
        let nonneg = |q: &Self, x: Val<'a>| q.prover.ranges.at(x, op).is_some_and(|r| r.s.lo >= 0);
        // The ranges read above may rest on loop facts that used the
        // buffer-size assumption; so may a no-wrap sub-proof (below).
        let def_assumes = (0..n)
            .fold(Assumptions::NONE, |a, i| a | self.prover.ranges.assumptions_of(op.operand(i)))
            .intersect(self.prover.allowed);
        let source_assumes = |extra: Assumptions| def_assumes | extra;
        match meaning {
            Some(IntOp::Add { lhs, rhs, .. }) | Some(IntOp::Sub { lhs, rhs, .. }) => {
                let sub = matches!(meaning, Some(IntOp::Sub { .. }));
                let combine = |a: Lin, b: Lin| if sub { a.minus(&b) } else { a.plus(&b) };
                let exact = if nsw || fits(self, lhs, rhs, &|a, b| if sub { a - b } else { a + b }) {
                    Some(Assumptions::NONE)
                } else {
                    let terms = vec![(lhs, 1), (rhs, if sub { -1 } else { 1 })];
                    self.prover.no_wrap(op, w, &OperandSum { terms, constant: 0 })
                };
                let Some(assumed) = exact else { return };
                let (Some(a), Some(b)) = (self.value(lhs), self.value(rhs)) else { return };
                let sum = combine(a, b);
                if let Some(eq) = sum.and_then(|s| Self::equal(v, &s)) {
                    self.fact_with(source, eq, source_assumes(assumed));
                }
            }
            Some(IntOp::Mul { lhs, rhs, .. }) | Some(IntOp::ShiftLeft { value: lhs, amount: rhs, .. }) => {
                let shift = matches!(meaning, Some(IntOp::ShiftLeft { .. }));
                let (x, c) = match (konst(lhs), konst(rhs)) {
                    (_, Some(c)) => (lhs, c),
                    (Some(c), None) if !shift => (rhs, c),
                    _ => return,
                };
                let c = if shift {
                    if !(0..w as i128 - 1).contains(&c) {
                        return;
                    }
                    1i128 << c
                } else {
                    c
                };
                let exact = if nsw || fits(self, lhs, rhs, &|a, b| if shift { a * c } else { a * b }) {
                    Some(Assumptions::NONE)
                } else {
                    self.prover.no_wrap(op, w, &OperandSum { terms: vec![(x, c)], constant: 0 })
                };
                let Some(assumed) = exact else { return };
                let Some(a) = self.value(x) else { return };
                if let Some(eq) = a.scaled(c).and_then(|s| Self::equal(v, &s)) {
                    self.fact_with(source, eq, source_assumes(assumed));
                }
            }
            Some(IntOp::Divide { value: dividend, divisor: by, .. })
            | Some(IntOp::ShiftRight { value: dividend, amount: by, .. }) => {
                let shift = matches!(meaning, Some(IntOp::ShiftRight { .. }));
                let Some(c) = konst(by) else { return };
                let c = if shift {
                    if !(0..w as i128 - 1).contains(&c) {
                        return;
                    }
                    1i128 << c
                } else {
                    c
                };
                if c <= 0 {
                    return;
                }
                let Some(x) = self.value(dividend) else { return };
                let Some(cv) = v.scaled(c) else { return };
                // floor(y / c) = v: c·v <= y <= c·v + c - 1.
                let floor = |y: &Lin| Some(vec![y.minus(&cv)?, cv.shifted(c - 1)?.minus(y)?]);
                // ceil(x / c) = v: c·v - c + 1 <= x <= c·v.
                let ceil = || Some(vec![x.minus(&cv)?.shifted(c - 1)?, cv.minus(&x)?]);
                let negative = x.scaled(-1).and_then(|l| l.shifted(-1));
                let case = |sign: Option<Lin>, rel: Option<Vec<Lin>>| -> Option<Vec<Lin>> {
                    let mut conj = rel?;
                    conj.push(sign?);
                    Some(conj)
                };
                let (rounding, order) = match meaning {
                    Some(IntOp::Divide { rounding, order, .. }) => (rounding, order),
                    Some(IntOp::ShiftRight { order, .. }) => (Rounding::Floor, order),
                    _ => unreachable!("a division"),
                };
                let dnf: Option<Dnf> = match (rounding, order) {
                    (Rounding::Floor, Order::Signed) => floor(&x).map(|f| vec![f]),
                    (Rounding::Ceil, _) => ceil().map(|f| vec![f]),
                    // Truncation: floor for x >= 0, ceil below.
                    (Rounding::TowardZero, _) if nonneg(self, dividend) => floor(&x).map(|f| vec![f]),
                    (Rounding::TowardZero, _) => {
                        (|| Some(vec![case(Some(x.clone()), floor(&x))?, case(negative.clone(), ceil())?]))()
                    }
                    // Unsigned: x is read as x + 2^w when negative (then
                    // c >= 2 makes the quotient non-negative).
                    _ if nonneg(self, dividend) => floor(&x).map(|f| vec![f]),
                    _ if c >= 2 => (|| {
                        let wrapped = x.shifted(1i128 << w)?;
                        Some(vec![case(Some(x.clone()), floor(&x))?, case(negative.clone(), floor(&wrapped))?])
                    })(),
                    _ => None,
                };
                if let Some(dnf) = dnf {
                    self.assume_with(source, dnf, def_assumes);
                }
            }
            Some(IntOp::Extremum { lhs, rhs, which, order }) => {
                if order == Order::Unsigned && !(nonneg(self, lhs) && nonneg(self, rhs)) {
                    return;
                }
                let min = which == Extremum::Min;
                let (Some(a), Some(b)) = (self.value(lhs), self.value(rhs)) else { return };
                // min: v <= a, v <= b; max: v >= a, v >= b; and v is one of them.
                let bound = |side: &Lin| if min { side.minus(v) } else { v.minus(side) };
                if let (Some(x), Some(y)) = (bound(&a), bound(&b)) {
                    self.fact_with(source, vec![x, y], def_assumes);
                }
                if let (Some(x), Some(y)) = (Self::equal(v, &a), Self::equal(v, &b)) {
                    self.assume_with(source, vec![x, y], def_assumes);
                }
            }
            Some(IntOp::Select { condition, if_true, if_false }) => {
                if self.lowered_division(op, v, w) {
                    return;
                }
                let (Some(a), Some(b)) = (self.value(if_true), self.value(if_false)) else { return };
                let mut sides = Vec::new();
                for (side, holds) in [(a, true), (b, false)] {
                    let Some(mut conj) = Self::equal(v, &side) else { return };
                    let cond = self.condition(condition, holds, 0);
                    match cond.len() {
                        0 => continue,
                        1 => conj.extend(cond.into_iter().flatten()),
                        _ => {}
                    }
                    sides.push(conj);
                }
                self.assume_with(source, sides, def_assumes);
            }
            Some(IntOp::Cast { value: src, .. }) | Some(IntOp::AssumeRange { value: src, .. }) => {
                let Some(sw) = self.width(src) else { return };
                let zero_extends = matches!(meaning, Some(IntOp::Cast { kind: Cast::Unsigned, .. }));
                let range = self.prover.ranges.at(src, op).map(|r| r.s);
                let fits = |lo: i128, hi: i128| range.is_some_and(|r| !r.is_empty() && r.lo >= lo && r.hi <= hi);
                let Some(x) = self.value(src) else { return };
                let same = || Self::equal(v, &x);
                // The same signed reading: the input of an assumption, a
                // sign extension, a truncation or zero extension of a
                // value that fits.
                let keeps = matches!(meaning, Some(IntOp::AssumeRange { .. }))
                    || (!zero_extends && (sw <= w || fits(smin(w), smax(w))))
                    || (zero_extends && fits(0, smax(w)));
                if keeps {
                    if let Some(eq) = same() {
                        self.fact_with(source, eq, def_assumes);
                    }
                } else if zero_extends && sw < w {
                    // The unsigned reading: x, or x + 2^sw when negative.
                    let dnf = (|| {
                        let neg = x.scaled(-1)?.shifted(-1)?;
                        let mut low = same()?;
                        low.push(x.clone());
                        let mut high = Self::equal(v, &x.shifted(1i128 << sw)?)?;
                        high.push(neg);
                        Some(vec![low, high])
                    })();
                    if let Some(dnf) = dnf {
                        self.assume_with(source, dnf, def_assumes);
                    }
                }
            }
            None if op.is("scf.if") => {
                // One alternative per branch that may run: its condition,
                // and the yielded value when it has a form outside the if.
                let Some(r) = result_index(op, value) else { return };
                let mut sides = Vec::new();
                let mut assumed = Assumptions::NONE;
                for (region, taken) in [(0, true), (1, false)] {
                    let Some(y) = yielded(op, region, r) else { return };
                    let cond = self.condition(op.operand(0), taken, 0);
                    if cond.is_empty() {
                        continue;
                    }
                    let mut conj =
                        self.outside_form(op, y, 0, &mut assumed).and_then(|f| Self::equal(v, &f)).unwrap_or_default();
                    if cond.len() == 1 {
                        conj.extend(cond.into_iter().flatten());
                    }
                    sides.push(conj);
                }
                self.assume_with(source, sides, def_assumes | assumed);
            }
            Some(IntOp::Affine { kind }) => {
                let w = self.prover.ranges.index_width;
                let Some((_, results)) = IntOp::affine_map(op, w) else { return };
                let trees = IntOp::affine_map_trees(op, w).map(|(_, t)| t).unwrap_or_default();
                let mut forms = Vec::new();
                let mut assumed = def_assumes;
                for (r, form) in results.iter().enumerate() {
                    let read = self.affine_result(op, 0, r, form.as_ref(), trees.get(r).and_then(Option::as_ref));
                    match read {
                        Some((lin, assumes)) => {
                            assumed |= assumes;
                            forms.push(Some(lin));
                        }
                        None => forms.push(None),
                    }
                }
                if kind == AffineKind::Apply {
                    if let Some(eq) = forms.first().cloned().flatten().and_then(|f| Self::equal(v, &f)) {
                        self.fact_with(source, eq, assumed);
                    }
                    return;
                }
                // min: v <= each result; max: v >= each; and v is one of
                // them (only when every result is read).
                let min = kind == AffineKind::Min;
                let bounds: Vec<Lin> =
                    forms.iter().flatten().filter_map(|f| if min { f.minus(v) } else { v.minus(f) }).collect();
                if !bounds.is_empty() {
                    self.fact_with(source, bounds, assumed);
                }
                let sides: Option<Vec<Vec<Lin>>> =
                    forms.iter().map(|f| f.as_ref().and_then(|f| Self::equal(v, f))).collect();
                if let Some(sides) = sides.filter(|s| !s.is_empty()) {
                    self.assume_with(source, sides, assumed);
                }
            }
            Some(IntOp::StridedMetadata { memref }) => {
                // Results: base, offset, sizes..., strides...
                let Some(rank) = shape_of(memref.ty()).map(|s| s.len()) else { return };
                let Some(k) = result_index(op, value).and_then(|r| r.checked_sub(2)).filter(|k| *k < rank) else {
                    return;
                };
                if let Some(eq) = self.dim(memref, k).and_then(|d| Self::equal(v, &d)) {
                    self.fact_with(source, eq, def_assumes);
                }
            }
            Some(IntOp::Dim { memref, index }) => {
                let Some(k) = konst(index).and_then(|k| usize::try_from(k).ok()) else { return };
                let Some(d) = self.dim(memref, k) else { return };
                if let Some(eq) = Self::equal(v, &d) {
                    self.fact_with(source, eq, def_assumes);
                }
            }
            _ => {}
        }
    }
}
