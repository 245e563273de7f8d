//! The facts of a query's context, and what conditions say.
//!
//! [`Query::context`] states, when the query is made, the conditions of
//! the enclosing `scf.if`/`loom.if` regions (an `affine.if`'s integer set,
//! [`Query::affine_condition`]) and the negated condition of
//! every earlier `loom.if` of an enclosing block whose then-region always
//! exits; the condition of every earlier `cf.assert` there is kept
//! dormant ([`Query::defer`]) until the question meets a value it
//! compares ([`Query::wake`], by the keys [`condition_keys`] lists), and so
//! are, in a query that allows them ([`Query::after_accesses`]), the
//! bounds of every earlier scalar access there (`0 <= i < dim`: an index
//! out of bounds would have been undefined behaviour).
//! [`Query::condition`] reads an `i1` being true or false as a disjunction
//! of linear constraints (comparisons, `andi`/`ori`/`xori`, the yields of
//! an `scf.if`), bounded by the alternative budget.
//!
//! Invariant: every disjunction stated holds wherever the query's op
//! runs; a condition that cannot be read linearly says nothing (`[[]]`),
//! which weakens but never falsifies.

use super::{conjunction, result_index, yielded, Dnf, Dormant, Held, Query, MAX_ALTERNATIVES, MAX_GUARD_SCAN};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::{const_bits, to_signed};
use crate::facts::bounds::{footprint, Footprint, IndexOf, Lanes};
use crate::facts::ir::{integer_set_constraints, shape_of, ExitKind, Op, SetConstraint, Val};
use crate::facts::predicate::Predicate;
use crate::facts::ranges::Range;
use crate::facts::relational::linear::Lin;
use crate::facts::relational::{Around, Key, OperandSum, Source};
use crate::facts::semantics::IntOp;
use smallvec::SmallVec;

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    /// Conditions of the context: enclosing if regions, and earlier
    /// `loom.if`s whose then-region always exits.
    pub(super) fn context(&mut self) {
        // Innermost first, only the enclosing ops that say something
        // (`Prover::context_of`).
        let mut link = self.prover.context_of(self.at, MAX_GUARD_SCAN, self.after_accesses);
        while let Some(l) = link {
            let parent = l.parent;
            match l.around {
                Around::LoopBody => {
                    // The body runs after `iv < ub` was branched on.
                    self.require_defined(parent.operand(0));
                    self.require_defined(parent.operand(1));
                }
                Around::AffineIf => {
                    if let Some(region) = l.region {
                        self.affine_condition(parent, region == 0);
                    }
                }
                Around::If => {
                    self.require_defined(parent.operand(0));
                    if let Some(region) = l.region {
                        let holds = region == 0;
                        let dnf = self.condition(parent.operand(0), holds, 0);
                        self.assume(Source::Condition { op: parent, holds }, dnf);
                    }
                }
                Around::Other => {}
            }
            let earlier = &l.earlier;
            if self.after_accesses {
                for &op in &earlier.accesses {
                    self.earlier_access(op);
                }
            }
            for &op in &earlier.guards {
                match op.name_bytes() {
                    b"cf.assert" => {
                        // Execution goes on past it only if it held.
                        self.require_defined(op.operand(0));
                        self.defer(Source::Assert(op), op.operand(0), true);
                    }
                    b"loom.if" => {
                        let exits = |i: usize| {
                            i < op.num_regions()
                                && op.region(i).first_block().and_then(|b| b.terminator()).is_some_and(|t| {
                                    matches!(t.loom_exit(), Some((ExitKind::Break | ExitKind::Continue, _)))
                                })
                        };
                        // The rest of the block runs only when the exiting
                        // branch was not taken.
                        for (region, holds) in [(0, false), (1, true)] {
                            if exits(region) {
                                self.require_defined(op.operand(0));
                                let dnf = self.condition(op.operand(0), holds, 0);
                                self.assume(Source::GuardExit { op, holds }, dnf);
                            }
                        }
                    }
                    _ => {}
                }
            }
            link = l.outer.clone();
        }
    }

    /// Keeps dormant the bounds of `op`, an earlier scalar access of an
    /// enclosing block: execution goes on past it only if its indices were
    /// in bounds (otherwise it was undefined behaviour). Read as the
    /// lowered access reads them: the index operands, or the results of an
    /// affine access's map over its operands, each read where it is
    /// computed exactly ([`Query::earlier_map_result`]).
    fn earlier_access(&mut self, op: Op<'a>) {
        let Some(Footprint::Indexed { memref, dims }) = footprint(op, self.prover.ranges.index_width) else { return };
        let mut indices = SmallVec::new();
        let mut keys: SmallVec<[Key<'a>; 4]> = SmallVec::new();
        for (index, base, scalable, lanes) in dims {
            match (index, base, scalable, lanes) {
                (IndexOf::Value(v), 1, false, Lanes::All) => keys.push(Key::Value(v)),
                (IndexOf::MapResult { first, .. }, 1, false, Lanes::All) => {
                    keys.extend((first..op.num_operands()).map(|i| Key::Value(op.operand(i))));
                }
                _ => break,
            }
            indices.push(index);
        }
        let rank = shape_of(memref.ty()).map_or(usize::MAX, |s| s.len());
        if indices.is_empty() || indices.len() != rank {
            return;
        }
        keys.extend((0..rank).map(|k| Key::Dim(memref, k)));
        self.dormant.push(Dormant {
            source: Source::EarlierAccess(op),
            what: Held::InBounds { access: op, memref, indices },
            keys,
        });
    }

    /// The condition of `if_op` (an `affine.if`) holding (its then-region)
    /// or not (its else-region), as the lowering computes it: each
    /// constraint `e >= 0` (`e == 0`) of its integer set over its operands,
    /// read exactly ([`Query::affine_value`]; a constraint that cannot be is
    /// left out of the conjunction, which only weakens); not holding, for
    /// a set of one constraint, `e <= -1` (or `e >= 1`): more constraints
    /// would fail as a disjunction of one case each, not stated.
    fn affine_condition(&mut self, if_op: Op<'a>, holds: bool) {
        let w = self.prover.ranges.index_width;
        let Some((inputs, constraints)) = if_op.attr("condition").and_then(|a| integer_set_constraints(a, w)) else {
            return;
        };
        if inputs != if_op.num_operands() {
            return;
        }
        // The lowered branch is on them: poison would be undefined behaviour.
        for i in 0..if_op.num_operands() {
            self.require_defined(if_op.operand(i));
        }
        let source = Source::Condition { op: if_op, holds };
        let mut assumes = Assumptions::NONE;
        if holds {
            let mut conj = Vec::new();
            for c in &constraints {
                let Some((e, a)) = c.form.as_ref().and_then(|f| self.affine_value(if_op, 0, f)) else { continue };
                assumes |= a;
                if c.equality {
                    conj.extend(e.scaled(-1));
                }
                conj.push(e);
            }
            self.assume_with(source, vec![conj], assumes);
        } else if let [SetConstraint { form: Some(form), equality: eq }] = constraints.as_slice() {
            let eq = *eq;
            let Some((e, a)) = self.affine_value(if_op, 0, form) else { return };
            let below = e.scaled(-1).and_then(|l| l.shifted(-1));
            let above = e.shifted(-1);
            let dnf = if eq {
                vec![below.into_iter().collect(), above.into_iter().collect()]
            } else {
                vec![below.into_iter().collect()]
            };
            self.assume_with(source, dnf, a);
        }
    }

    /// States that `cond` is `holds` at the query's op (`source` says
    /// why), once one of the values it compares has an atom: a block of
    /// code checked by `--generate-runtime-verification` has a
    /// `cf.assert` per check, and stating every one of them up front would
    /// spend the atom and case-split budgets on quantities the question
    /// never meets. A condition that compares none (a constant) is stated
    /// at once. (Exiting `loom.if` guards are stated up front: they are
    /// few, and deferring them lost 13 of 2,749 proofs of the cases
    /// fuzzer's seeds 0..6000, guards on values the question reaches only
    /// through them.) Leaving a fact out is sound; a dormant one whose values
    /// the question meets only through another dormant one is still found
    /// (waking one adds atoms, which can wake others).
    fn defer(&mut self, source: Source<'a>, cond: Val<'a>, holds: bool) {
        let mut keys = SmallVec::new();
        condition_keys(cond, 0, &mut keys);
        if keys.is_empty() {
            let dnf = self.condition(cond, holds, 0);
            self.assume(source, dnf);
        } else {
            self.dormant.push(Dormant { source, what: Held::Condition { cond, holds }, keys });
        }
    }

    /// States the dormant conditions that compare a value with an atom;
    /// whether there were any.
    pub(super) fn wake(&mut self) -> bool {
        let atoms = &self.atoms;
        let (woken, dormant): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.dormant).into_iter().partition(|d| d.keys.iter().any(|k| atoms.contains_key(k)));
        self.dormant = dormant;
        let any = !woken.is_empty();
        for d in woken {
            let (dnf, assumes) = match d.what {
                Held::Condition { cond, holds } => (self.condition(cond, holds, 0), Assumptions::NONE),
                Held::InBounds { access, memref, indices } => {
                    let mut conj = Vec::new();
                    let mut assumes = Assumptions::NONE;
                    for (k, &index) in indices.iter().enumerate() {
                        // (The index is not required defined here: what
                        // that would let other facts use would not name
                        // the access it rests on.)
                        let i = match index {
                            IndexOf::Value(v) => self.value(v),
                            IndexOf::MapResult { k: result, first } => {
                                self.earlier_map_result(access, first, result).map(|(i, a)| {
                                    assumes |= a;
                                    i
                                })
                            }
                        };
                        let (Some(i), Some(d)) = (i, self.dim(memref, k)) else { continue };
                        conj.extend(d.minus(&i).and_then(|l| l.shifted(-1)));
                        conj.push(i);
                    }
                    (vec![conj], assumes)
                }
            };
            self.assume_with(d.source, dnf, assumes);
        }
        any
    }

    /// What `cond` (an i1) being `holds` says, as a disjunction.
    pub(super) fn condition(&mut self, cond: Val<'a>, holds: bool, depth: u32) -> Dnf {
        let truth = vec![Vec::new()];
        if depth > 6 {
            return truth;
        }
        if let Some(bits) = const_bits(cond, self.prover.ranges.index_width) {
            return if (bits & 1 == 1) == holds { truth } else { Vec::new() };
        }
        let Some(op) = cond.defining_op() else { return truth };
        if let Some(pred) = op.compare_predicate() {
            let pred = if holds { pred } else { pred.negate() };
            return self.compare(op, pred).unwrap_or(truth);
        }
        if op.is("scf.if") {
            return self.if_condition(op, cond, holds, depth).unwrap_or(truth);
        }
        let both = |q: &mut Self, lhs: Val<'a>, rhs: Val<'a>, h: bool| {
            (q.condition(lhs, h, depth + 1), q.condition(rhs, h, depth + 1))
        };
        // A conjunction that holds, or a disjunction that fails: both
        // sides; the other way round: either side.
        let either = |q: &mut Self, lhs: Val<'a>, rhs: Val<'a>| {
            let (mut x, y) = both(q, lhs, rhs, holds);
            x.extend(y);
            if x.len() > MAX_ALTERNATIVES || x.iter().any(Vec::is_empty) {
                vec![Vec::new()]
            } else {
                x
            }
        };
        match (IntOp::of(op), holds) {
            (Some(IntOp::And { lhs, rhs }), true) | (Some(IntOp::Or { lhs, rhs }), false) => {
                let (x, y) = both(self, lhs, rhs, holds);
                conjunction(&x, &y).unwrap_or(truth)
            }
            (Some(IntOp::And { lhs, rhs }), false) | (Some(IntOp::Or { lhs, rhs }), true) => either(self, lhs, rhs),
            (Some(IntOp::Xor { lhs, rhs }), _) => match (const_bits(rhs, 64), const_bits(lhs, 64)) {
                (Some(1), _) => self.condition(lhs, !holds, depth + 1),
                (_, Some(1)) => self.condition(rhs, !holds, depth + 1),
                _ => truth,
            },
            _ => truth,
        }
    }

    /// What an `i1` result of `scf.if` being `holds` says: one alternative
    /// per branch, its condition and what its yielded value says, when that
    /// is defined outside the if (a value computed in a branch is only
    /// known when that branch runs, and its facts must not constrain the
    /// other alternative; such a value says nothing here).
    fn if_condition(&mut self, if_op: Op<'a>, cond: Val<'a>, holds: bool, depth: u32) -> Option<Dnf> {
        let r = result_index(if_op, cond)?;
        let mut out = Vec::new();
        for (region, taken) in [(0, true), (1, false)] {
            let y = yielded(if_op, region, r)?;
            let branch = self.condition(if_op.operand(0), taken, depth + 1);
            let inner = if y.defined_inside(if_op) && const_bits(y, 64).is_none() {
                vec![Vec::new()]
            } else {
                self.condition(y, holds, depth + 1)
            };
            out.extend(conjunction(&branch, &inner)?);
        }
        (out.len() <= MAX_ALTERNATIVES).then_some(out)
    }

    /// `y` (yielded by a branch of `if_op`) as a linear form over values
    /// defined outside `if_op`: itself, or an exact `addi`/`subi` of a
    /// constant to such a value (exact where it runs, which is in the
    /// branch: the form is used only in that branch's alternative).
    pub(super) fn outside_form(
        &mut self,
        if_op: Op<'a>,
        y: Val<'a>,
        depth: u32,
        assumed: &mut Assumptions,
    ) -> Option<Lin> {
        if !y.defined_inside(if_op) || const_bits(y, self.prover.ranges.index_width).is_some() {
            return self.value(y);
        }
        let def = y.defining_op()?;
        let (x, rhs, sub) = match IntOp::of(def)? {
            IntOp::Add { lhs, rhs, .. } => (lhs, rhs, false),
            IntOp::Sub { lhs, rhs, .. } => (lhs, rhs, true),
            _ => return None,
        };
        if depth > 4 {
            return None;
        }
        let w = self.width(y)?;
        let c = const_bits(rhs, self.prover.ranges.index_width).map(|b| to_signed(b, w))?;
        let c = if sub { -c } else { c };
        // No flag here: a value yielded by a branch may be poison that the
        // other branch's executions never see.
        *assumed |= self.prover.no_wrap(def, w, &OperandSum { terms: vec![(x, 1)], constant: c })?;
        self.outside_form(if_op, x, depth + 1, assumed)?.shifted(c)
    }

    /// `a pred b` for the comparison `op`, as a disjunction (None: nothing
    /// linear follows).
    fn compare(&mut self, op: Op<'a>, pred: Predicate) -> Option<Dnf> {
        let (x, y) = (op.operand(0), op.operand(1));
        let (a, b) = (self.value(x)?, self.value(y)?);
        let lt = |a: &Lin, b: &Lin| b.minus(a)?.shifted(-1);
        let le = |a: &Lin, b: &Lin| b.minus(a);
        let nonneg = |q: &Self, v: Val<'a>| q.prover.ranges.at(v, op).is_some_and(|r: Range| r.s.lo >= 0);
        Some(match pred {
            Predicate::Slt => vec![vec![lt(&a, &b)?]],
            Predicate::Sle => vec![vec![le(&a, &b)?]],
            Predicate::Sgt => vec![vec![lt(&b, &a)?]],
            Predicate::Sge => vec![vec![le(&b, &a)?]],
            Predicate::Eq => vec![Self::equal(&a, &b)?],
            Predicate::Ne => vec![vec![lt(&a, &b)?], vec![lt(&b, &a)?]],
            // Unsigned: when the larger side is in [0, SMAX], so is the
            // smaller one, and the orders agree.
            Predicate::Ult if nonneg(self, y) => vec![vec![a.clone(), lt(&a, &b)?]],
            Predicate::Ule if nonneg(self, y) => vec![vec![a.clone(), le(&a, &b)?]],
            Predicate::Ugt if nonneg(self, x) => vec![vec![b.clone(), lt(&b, &a)?]],
            Predicate::Uge if nonneg(self, x) => vec![vec![b.clone(), le(&b, &a)?]],
            _ => return None,
        })
    }
}

/// The quantities the comparisons in `cond` compare, and the operands of
/// their defining ops (of at most two), as far as [`Query::condition`]
/// reads it (through `andi`/`ori`/`xori` and the yields and condition of
/// an `scf.if`): each value's key, or for a `memref.dim` result the size
/// it reads (code checked by `--generate-runtime-verification` reads a
/// buffer's size with a `memref.dim` of its own per check).
fn condition_keys<'a>(cond: Val<'a>, depth: u32, out: &mut SmallVec<[Key<'a>; 4]>) {
    let Some(op) = cond.defining_op() else { return };
    if depth > 6 {
        return;
    }
    if op.compare_predicate().is_some() {
        // The compared values, and the operands of their definitions (a
        // check of `%i + 1 < %n` bears on a question about `%i`).
        let key = |v: Val<'a>| match v.defining_op().and_then(IntOp::of) {
            Some(IntOp::Dim { memref, index }) => match const_bits(index, 64).and_then(|k| usize::try_from(k).ok()) {
                Some(k) => Key::Dim(memref, k),
                None => Key::Value(v),
            },
            _ => Key::Value(v),
        };
        for v in [op.operand(0), op.operand(1)] {
            out.push(key(v));
            if let Some(def) = v.defining_op().filter(|d| d.num_operands() <= 2) {
                out.extend((0..def.num_operands()).map(|i| key(def.operand(i))));
            }
        }
        return;
    }
    if op.is("scf.if") {
        condition_keys(op.operand(0), depth + 1, out);
        if let Some(r) = result_index(op, cond) {
            for region in 0..2 {
                if let Some(y) = yielded(op, region, r) {
                    condition_keys(y, depth + 1, out);
                }
            }
        }
        return;
    }
    if let Some(IntOp::And { lhs, rhs } | IntOp::Or { lhs, rhs } | IntOp::Xor { lhs, rhs }) = IntOp::of(op) {
        condition_keys(lhs, depth + 1, out);
        condition_keys(rhs, depth + 1, out);
    }
}
