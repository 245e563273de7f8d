//! Integer ranges of SSA values at a program point, from constants,
//! `loom.assume_range`, loop facts and `scf.if`/`loom.if` guards.
//!
//! A [`Range`] describes a set of width-bit values by two inclusive
//! intervals that both hold: one in the signed reading, one in the unsigned
//! reading. Each is derived from the other when the conversion is exact
//! (the interval does not straddle the sign boundary), so a fact proven in
//! one order (say `ult`) serves a question asked in the other (a memref
//! index, which must be in [0, size) signed). Every operation on ranges
//! either proves that no value wraps in the order at hand or gives up on
//! that order (the full interval): never a guess.
//!
//! [`Ranges::at`] answers "which values can `v` have when `at` executes":
//! the value's own range (from its definition, recursively, evaluated at
//! the definition) intersected with what the loop facts say for the place
//! (a counted `loom.loop` counter observes the condition range up to its
//! guard and the body range after it) and with every enclosing `scf.if` /
//! `loom.if` whose condition compares `v` itself with a constant.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::assumptions::Assumptions;
use super::bits::{carrier, const_bits, in_order, mask, smax, smin, to_signed, MAX_WIDTH};
use super::completion::Completion;
use super::interval::Interval;
use super::ir::{buffer_size_cap, index_constant, shape_of, Def, FastMap, Op, Val};
use super::predicate::Predicate;
use super::semantics::{Cast, IntOp};
use mlir_sys::MlirType;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub width: u32,
    /// Signed reading, inclusive; `lo > hi` means empty.
    pub s: Interval,
    /// Unsigned reading, inclusive.
    pub u: Interval,
}

fn umax(w: u32) -> i128 {
    (1i128 << w) - 1
}

impl Range {
    pub fn full(width: u32) -> Range {
        Range { width, s: Interval::new(smin(width), smax(width)), u: Interval::new(0, umax(width)) }
    }
    pub fn exact(bits: u128, width: u32) -> Range {
        let s = to_signed(bits, width);
        let u = in_order(bits, width, false);
        Range { width, s: Interval::new(s, s), u: Interval::new(u, u) }
    }
    pub fn signed(lo: i128, hi: i128, width: u32) -> Range {
        Range { width, s: Interval::new(lo.max(smin(width)), hi.min(smax(width))), u: Interval::new(0, umax(width)) }
            .normalized()
    }
    pub fn unsigned(lo: i128, hi: i128, width: u32) -> Range {
        Range { width, s: Interval::new(smin(width), smax(width)), u: Interval::new(lo.max(0), hi.min(umax(width))) }
            .normalized()
    }
    /// A range in the given order.
    pub fn in_order(values: Interval, width: u32, signed: bool) -> Range {
        if signed {
            Range::signed(values.lo, values.hi, width)
        } else {
            Range::unsigned(values.lo, values.hi, width)
        }
    }
    pub fn empty(width: u32) -> Range {
        Range { width, s: Interval::new(1, 0), u: Interval::new(1, 0) }
    }
    pub fn is_empty(&self) -> bool {
        self.s.is_empty() || self.u.is_empty()
    }
    /// The single value, as bits, if the range has exactly one.
    pub fn single(&self) -> Option<u128> {
        if self.is_empty() {
            return None;
        }
        if self.u.lo == self.u.hi {
            return Some(self.u.lo as u128);
        }
        if self.s.lo == self.s.hi {
            return Some((self.s.lo as u128) & mask(self.width));
        }
        None
    }

    /// Makes each interval as tight as the other allows.
    fn normalized(mut self) -> Range {
        let w = self.width;
        if self.is_empty() {
            return Range::empty(w);
        }
        for _ in 0..2 {
            // signed -> unsigned
            let Interval { lo, hi } = self.s;
            let from_s = if lo >= 0 {
                Some((lo, hi))
            } else if hi < 0 {
                Some((lo + (1i128 << w), hi + (1i128 << w)))
            } else {
                None
            };
            if let Some((a, b)) = from_s {
                self.u = Interval::new(self.u.lo.max(a), self.u.hi.min(b));
            }
            // unsigned -> signed
            let Interval { lo, hi } = self.u;
            let from_u = if hi <= smax(w) {
                Some((lo, hi))
            } else if lo > smax(w) {
                Some((lo - (1i128 << w), hi - (1i128 << w)))
            } else {
                None
            };
            if let Some((a, b)) = from_u {
                self.s = Interval::new(self.s.lo.max(a), self.s.hi.min(b));
            }
            if self.is_empty() {
                return Range::empty(w);
            }
        }
        self
    }

    /// Panics when the widths differ: ranges of values of different widths
    /// never describe the same value, so mixing them is a bug in the caller.
    fn assert_same_width(&self, other: &Range, operation: &str) {
        assert_eq!(
            self.width, other.width,
            "Range::{operation} of a {}-bit and a {}-bit range: the ranges of one value must have one width",
            self.width, other.width
        );
    }

    /// The values in both ranges (panics when the widths differ).
    pub fn intersect(&self, other: &Range) -> Range {
        self.assert_same_width(other, "intersect");
        Range {
            width: self.width,
            s: Interval::new(self.s.lo.max(other.s.lo), self.s.hi.min(other.s.hi)),
            u: Interval::new(self.u.lo.max(other.u.lo), self.u.hi.min(other.u.hi)),
        }
        .normalized()
    }

    /// A range holding the values of both (panics when the widths differ).
    pub fn union(&self, other: &Range) -> Range {
        self.assert_same_width(other, "union");
        if self.is_empty() {
            return *other;
        }
        if other.is_empty() {
            return *self;
        }
        Range {
            width: self.width,
            s: Interval::new(self.s.lo.min(other.s.lo), self.s.hi.max(other.s.hi)),
            u: Interval::new(self.u.lo.min(other.u.lo), self.u.hi.max(other.u.hi)),
        }
        .normalized()
    }

    /// Interval arithmetic per order: the result interval when every exact
    /// result lies in the order's range (then the modular result equals the
    /// exact one), else the full interval.
    /// Panics when the widths differ.
    fn binary(&self, other: &Range, f: fn(i128, i128) -> Option<i128>) -> Range {
        self.assert_same_width(other, "binary operation");
        let w = self.width;
        if self.is_empty() || other.is_empty() {
            return Range::empty(w);
        }
        let combine = |a: Interval, b: Interval, lo_lim: i128, hi_lim: i128| -> Interval {
            let full = Interval::new(lo_lim, hi_lim);
            let mut lo = i128::MAX;
            let mut hi = i128::MIN;
            for x in [a.lo, a.hi] {
                for y in [b.lo, b.hi] {
                    match f(x, y) {
                        Some(r) => {
                            lo = lo.min(r);
                            hi = hi.max(r);
                        }
                        None => return full,
                    }
                }
            }
            if lo < lo_lim || hi > hi_lim {
                full
            } else {
                Interval::new(lo, hi)
            }
        };
        Range { width: w, s: combine(self.s, other.s, smin(w), smax(w)), u: combine(self.u, other.u, 0, umax(w)) }
            .normalized()
    }
    pub fn add(&self, other: &Range) -> Range {
        self.binary(other, |a, b| a.checked_add(b))
    }
    /// Whether `f` of some values of the two ranges may leave the signed
    /// range of the width (the corners of the signed intervals: `f` is
    /// monotone in each argument on them, as `+`, `-` and `×` of
    /// intervals are at their corners).
    fn may_wrap_signed(&self, other: &Range, f: fn(i128, i128) -> Option<i128>) -> bool {
        let w = self.width;
        [self.s.lo, self.s.hi]
            .iter()
            .any(|&x| [other.s.lo, other.s.hi].iter().any(|&y| f(x, y).is_none_or(|r| r < smin(w) || r > smax(w))))
    }
    pub fn sub(&self, other: &Range) -> Range {
        // Extremes of a - b are at (a.lo - b.hi) and (a.hi - b.lo): the
        // corner enumeration covers them.
        self.binary(other, |a, b| a.checked_sub(b))
    }
    pub fn mul(&self, other: &Range) -> Range {
        self.binary(other, |a, b| a.checked_mul(b))
    }

    /// The same values read at another width, by sign extension (`signed`)
    /// or zero extension, or by truncation.
    pub fn cast(&self, to: u32, signed_ext: bool) -> Range {
        let from = self.width;
        if self.is_empty() {
            return Range::empty(to);
        }
        if to >= from {
            if signed_ext {
                Range::signed(self.s.lo, self.s.hi, to)
            } else {
                Range::unsigned(self.u.lo, self.u.hi, to)
            }
        } else {
            // Truncation keeps a value iff it fits in the narrower type.
            let mut r = Range::full(to);
            if self.s.lo >= smin(to) && self.s.hi <= smax(to) {
                r = r.intersect(&Range::signed(self.s.lo, self.s.hi, to));
            }
            if self.u.hi <= umax(to) {
                r = r.intersect(&Range::unsigned(self.u.lo, self.u.hi, to));
            }
            r
        }
    }

    /// The values of this range satisfying `x pred c` (c as bits).
    pub fn constrain(&self, pred: Predicate, c: u128) -> Range {
        let w = self.width;
        let cs = to_signed(c, w);
        let cu = in_order(c, w, false);
        let r = match pred {
            Predicate::Eq => Range::exact(c, w),
            Predicate::Ne => {
                // ne: trims an endpoint only.
                let mut r = *self;
                if r.s.lo == cs {
                    r.s.lo += 1;
                } else if r.s.hi == cs {
                    r.s.hi -= 1;
                }
                if r.u.lo == cu {
                    r.u.lo += 1;
                } else if r.u.hi == cu {
                    r.u.hi -= 1;
                }
                return r.normalized();
            }
            Predicate::Slt => Range::signed(smin(w), cs - 1, w),
            Predicate::Sle => Range::signed(smin(w), cs, w),
            Predicate::Sgt => Range::signed(cs + 1, smax(w), w),
            Predicate::Sge => Range::signed(cs, smax(w), w),
            Predicate::Ult => Range::unsigned(0, cu - 1, w),
            Predicate::Ule => Range::unsigned(0, cu, w),
            Predicate::Ugt => Range::unsigned(cu + 1, umax(w), w),
            Predicate::Uge => Range::unsigned(cu, umax(w), w),
        };
        self.intersect(&r)
    }

    /// Readable form: the signed interval, or the unsigned one when only it
    /// is informative.
    pub fn describe(&self) -> String {
        if self.is_empty() {
            return "empty (never executed)".into();
        }
        let w = self.width;
        if self.s != Interval::new(smin(w), smax(w)) || self.u == Interval::new(0, umax(w)) {
            if self.s == Interval::new(smin(w), smax(w)) {
                return "unknown (any value)".into();
            }
            format!("[{}, {}]", self.s.lo, self.s.hi)
        } else {
            format!("[{}, {}] (unsigned)", self.u.lo, self.u.hi)
        }
    }
}

/// What the loop facts say about one value.
#[derive(Clone, Debug)]
pub struct ValueFact<'a> {
    /// The range where the value is observed (None: never observed).
    pub range: Option<Range>,
    /// Counted loom.loop counter: (guard, range after the guard). Boxed:
    /// rare, and there is one fact per counter value of every loop.
    pub after_guard: Option<Box<(Op<'a>, Option<Range>)>>,
    /// The assumptions (options) the loop's facts used.
    pub assumes: Assumptions,
}

/// Range queries over a module whose loops have been analysed.
pub struct Ranges<'f, 'a> {
    facts: &'f FastMap<Val<'a>, ValueFact<'a>>,
    pub index_width: u32,
    /// The assumptions of the loop facts queries read (see
    /// [`Ranges::assumptions_read`]).
    assumed: Cell<Assumptions>,
    /// [`Ranges::assumptions_of`] per value, computed once: it reads only
    /// `facts`, which cannot change while they are borrowed here.
    assumptions: RefCell<FastMap<Val<'a>, Assumptions>>,
    /// [`Ranges::at`] per value and op, computed once (it reads only
    /// `facts` and the IR), with the loop facts' assumptions that reading
    /// added to `assumed`: a query asks for the same ranges at its op
    /// many times (each atom's, each sum's, each definition's operands').
    known: RefCell<FastMap<(Val<'a>, Op<'a>), RangeRead>>,
    /// [`buffer_size_cap`] per memref type (uniqued in the context, which
    /// outlives `'a`: its handle names it), dimension and assumptions
    /// allowed: a strided layout's strides cost the C API some ten
    /// thousand instructions, and every query about a view's size asks.
    caps: RefCell<FastMap<(usize, usize, Assumptions), BufferCap>>,
    /// [`Ranges::guards`] per op, computed once (they read only the IR):
    /// every range asked at an op narrows by the same guards, and in a
    /// deep nest finding them walks every op around it.
    guards: RefCell<FastMap<Op<'a>, Guards<'a>>>,
    /// [`Ranges::const_bits`] per value, unless the caller keeps them.
    consts: Consts<'a>,
    /// Which loop iterations certainly run to their end (for the rules that
    /// hold only where an increment follows), unless the caller keeps them.
    completion: Completion<'a>,
    /// Induction caps ([`Ranges::induction_cap`]) and completions kept
    /// across the loops of a function, when the caller keeps them.
    kept: Option<&'f Kept<'a>>,
}

/// What the caller of [`Ranges::keeping`] keeps across the loops of one
/// function.
#[derive(Default)]
pub(crate) struct Kept<'a> {
    /// Induction caps ([`Ranges::induction_cap`]).
    pub(crate) inductions: InductionCaps<'a>,
    /// Which loop iterations certainly run to their end: answers about the
    /// IR alone, which does not change while facts are computed. Kept, a
    /// nest classifies each op once instead of once per loop around it.
    pub(crate) completion: Completion<'a>,
    /// [`Ranges::opaque_name`] per value: a nest's counters are read by
    /// every loop inside them, and naming one prints a location.
    opaque_names: RefCell<FastMap<Val<'a>, Rc<str>>>,
    /// [`Ranges::guards`] per op (each loop's ranges are read at the loop,
    /// whose guards are those of the loops around it and more).
    guards: RefCell<FastMap<Op<'a>, Guards<'a>>>,
    /// [`Ranges::const_bits`] per value.
    consts: Consts<'a>,
}

/// Which values are integer constants at the index width of the
/// [`Ranges`] that keeps them ([`const_bits`]): an answer about the IR
/// alone, asked of every operand the analyses read, many times each.
type Consts<'a> = RefCell<FastMap<Val<'a>, Option<u128>>>;

impl Kept<'_> {
    /// Drops what was kept (its keys name the ops of one function).
    pub(crate) fn clear(&mut self) {
        self.inductions.get_mut().clear();
        self.completion.clear();
        self.opaque_names.get_mut().clear();
        self.guards.get_mut().clear();
        self.consts.get_mut().clear();
    }
}

/// The largest value an enclosing loop's induction variable takes under
/// the buffer-size assumption, with the assumption it rests on (see
/// `Symbols::induction_cap`).
pub(crate) type InductionCap = Option<(i128, Assumptions)>;

/// Induction caps per loop, width and assumptions allowed, each with the
/// loop facts' assumptions its reading added to [`Ranges::assumptions_read`]:
/// kept by the caller across the loops of one function (see
/// [`Ranges::keeping`]).
type InductionCaps<'a> = RefCell<FastMap<(Op<'a>, u32, Assumptions), (InductionCap, Assumptions)>>;

/// The conditions of the `scf.if`/`loom.if` ops around an op, innermost
/// first, each with whether it holds there (the op is in the `then`
/// region).
type Guards<'a> = Rc<[(Val<'a>, bool)]>;

/// A buffer-size cap of one dimension and the assumption it rests on
/// ([`buffer_size_cap`]).
type BufferCap = Option<(i128, Assumptions)>;

/// A range [`Ranges::at`] read, with the loop facts' assumptions it read.
type RangeRead = (Option<Range>, Assumptions);

const MAX_DEPTH: u32 = 24;

impl<'f, 'a> Ranges<'f, 'a> {
    /// Queries over `facts`, with `index` read at `index_width` bits.
    pub fn new(facts: &'f FastMap<Val<'a>, ValueFact<'a>>, index_width: u32) -> Ranges<'f, 'a> {
        Ranges {
            facts,
            index_width,
            assumed: Cell::new(Assumptions::NONE),
            assumptions: RefCell::default(),
            known: RefCell::default(),
            caps: RefCell::default(),
            guards: RefCell::default(),
            consts: RefCell::default(),
            completion: Completion::default(),
            kept: None,
        }
    }

    /// [`Ranges::new`] keeping induction caps, completions, guards and the
    /// names of opaque symbols in `kept`. All but the caps are answers
    /// about the IR alone. For the caps: sound to
    /// share between the `Ranges` of the loops of one function analysed
    /// in pre-order: a cap reads the ranges at the loop it caps, of
    /// values defined before that loop or of the induction variables of
    /// loops around it, whose facts are all recorded before any loop
    /// nested in it asks (`facts` only grows, by the facts of the values
    /// of each loop analysed).
    pub fn keeping(facts: &'f FastMap<Val<'a>, ValueFact<'a>>, index_width: u32, kept: &'f Kept<'a>) -> Ranges<'f, 'a> {
        Ranges { kept: Some(kept), ..Ranges::new(facts, index_width) }
    }

    /// The description `describe` gives of `v` (a symbol the report cannot
    /// name), made once per value when the caller keeps them (see
    /// [`Ranges::keeping`]): it depends on the IR alone.
    pub(crate) fn opaque_name(&self, v: Val<'a>, describe: impl FnOnce() -> String) -> Rc<str> {
        let Some(kept) = self.kept else { return describe().into() };
        if let Some(name) = kept.opaque_names.borrow().get(&v) {
            return name.clone();
        }
        let name: Rc<str> = describe().into();
        kept.opaque_names.borrow_mut().insert(v, name.clone());
        name
    }

    /// [`const_bits`] of `v` at this index width, computed once per value
    /// (kept by the caller when it keeps them, see [`Ranges::keeping`]).
    pub(crate) fn const_bits(&self, v: Val<'a>) -> Option<u128> {
        let consts = self.kept.map_or(&self.consts, |k| &k.consts);
        if let Some(&known) = consts.borrow().get(&v) {
            return known;
        }
        let bits = const_bits(v, self.index_width);
        consts.borrow_mut().insert(v, bits);
        bits
    }

    /// Which loop iterations certainly run to their end (kept by the
    /// caller when it keeps them, see [`Ranges::keeping`]).
    pub(crate) fn completion(&self) -> &Completion<'a> {
        self.kept.map_or(&self.completion, |k| &k.completion)
    }

    /// The induction cap of `outer` read at `width` with the assumptions
    /// `allowed`, computed by `compute` once per function when kept (see
    /// [`Ranges::keeping`]); the loop facts' assumptions the computation
    /// read are added to [`Ranges::assumptions_read`] on every call, as
    /// if computed again. Without this an induction variable's cap reads
    /// the bounds of every loop around it again, each reading those of
    /// the loops around that one: exponential in the depth of a nest whose
    /// bounds read two enclosing induction variables.
    pub(crate) fn induction_cap(
        &self,
        outer: Op<'a>,
        width: u32,
        allowed: Assumptions,
        compute: impl FnOnce() -> InductionCap,
    ) -> InductionCap {
        let Some(kept) = self.kept.map(|k| &k.inductions) else { return compute() };
        let key = (outer, width, allowed);
        if let Some(&(cap, read)) = kept.borrow().get(&key) {
            self.assumed.set(self.assumed.get() | read);
            return cap;
        }
        let before = self.assumed.replace(Assumptions::NONE);
        let cap = compute();
        let read = self.assumed.get();
        self.assumed.set(before | read);
        kept.borrow_mut().insert(key, (cap, read));
        cap
    }

    /// Drops the kept [`Ranges::assumptions_of`] answers (see
    /// `Prover::forget`).
    pub(crate) fn forget(&self) {
        self.assumptions.borrow_mut().clear();
        self.known.borrow_mut().clear();
        self.consts.borrow_mut().clear();
    }

    /// The assumptions of the loop facts queries so far read: a claim made
    /// from these queries rests on them too.
    pub fn assumptions_read(&self) -> Assumptions {
        self.assumed.get()
    }

    /// [`buffer_size_cap`] of dimension `k` of the memref type `ty` at this
    /// index width, computed once per type.
    pub(crate) fn buffer_size_cap(&self, ty: MlirType, k: usize, allowed: Assumptions) -> BufferCap {
        let key = (ty.ptr as usize, k, allowed);
        if let Some(&known) = self.caps.borrow().get(&key) {
            return known;
        }
        let cap = buffer_size_cap(ty, k, self.index_width, allowed);
        self.caps.borrow_mut().insert(key, cap);
        cap
    }

    /// The values `v` can have when `at` executes (None: not an integer of
    /// at most 64 bits).
    pub fn at(&self, v: Val<'a>, at: Op<'a>) -> Option<Range> {
        if let Some(&(range, read)) = self.known.borrow().get(&(v, at)) {
            self.assumed.set(self.assumed.get() | read);
            return range;
        }
        let before = self.assumed.replace(Assumptions::NONE);
        let range = self.at_depth(v, at, 0);
        let read = self.assumed.get();
        self.assumed.set(before | read);
        self.known.borrow_mut().insert((v, at), (range, read));
        range
    }

    fn at_depth(&self, v: Val<'a>, at: Op<'a>, depth: u32) -> Option<Range> {
        let width = carrier(v, self.index_width)?.width();
        if width == 0 || width > MAX_WIDTH {
            return None;
        }
        let mut r = if depth > MAX_DEPTH { Range::full(width) } else { self.defined(v, width, depth) };
        if let Some(fact) = self.facts.get(&v) {
            self.assumed.set(self.assumed.get() | fact.assumes);
            let observed = match fact.after_guard.as_deref() {
                Some((guard, after)) => {
                    let block = guard.block();
                    let after_it = block.and_then(|b| at.ancestor_in(b)).is_some_and(|a| guard.is_before(a));
                    if after_it {
                        *after
                    } else {
                        fact.range
                    }
                }
                None => fact.range,
            };
            r = match observed {
                Some(o) => r.intersect(&o),
                None => Range::empty(width),
            };
        }
        // Guards: enclosing scf.if / loom.if comparing v with a constant.
        for &(cond, holds) in self.guards(at).iter() {
            r = self.narrow_by_condition(r, v, cond, holds);
        }
        Some(r)
    }

    /// The conditions of the `scf.if`/`loom.if` ops around `at`, innermost
    /// first, each with whether it holds at `at`. Memoised per op (kept
    /// with the caller's, see [`Ranges::keeping`]): the ops from `at` up
    /// to the first one known are walked once, and each shares its
    /// parent's list unless its parent is a guard.
    fn guards(&self, at: Op<'a>) -> Guards<'a> {
        let guards = self.kept.map_or(&self.guards, |k| &k.guards);
        if let Some(known) = guards.borrow().get(&at) {
            return known.clone();
        }
        let mut chain = vec![at];
        let mut outer: Guards<'a> = Rc::from([]);
        while let Some(parent) = chain.last().and_then(|o| o.parent()) {
            if let Some(known) = guards.borrow().get(&parent) {
                outer = known.clone();
                break;
            }
            chain.push(parent);
        }
        let mut memo = guards.borrow_mut();
        for op in chain.into_iter().rev() {
            let guard = op.parent().filter(|p| p.is("scf.if") || p.is("loom.if")).and_then(|p| {
                let region = p.region_index_of(op)?;
                Some((p.operand(0), region == 0))
            });
            if let Some(guard) = guard {
                outer = std::iter::once(guard).chain(outer.iter().copied()).collect();
            }
            memo.insert(op, outer.clone());
        }
        outer
    }

    fn narrow_by_condition(&self, r: Range, v: Val<'a>, cond: Val<'a>, holds: bool) -> Range {
        let Some(cmp) = cond.defining_op() else { return r };
        let Some(pred) = cmp.compare_predicate() else { return r };
        let (a, b) = (cmp.operand(0), cmp.operand(1));
        let (pred, c) = if a == v {
            match const_bits(b, self.index_width) {
                Some(c) => (pred, c),
                None => return r,
            }
        } else if b == v {
            match const_bits(a, self.index_width) {
                // `c pred v` is `v pred.swap() c`.
                Some(c) => (pred.swap(), c),
                None => return r,
            }
        } else {
            return r;
        };
        let pred = if holds { pred } else { pred.negate() };
        r.constrain(pred, c)
    }

    /// The assumptions `v`'s range (what [`Ranges::at`] reads: its loop
    /// facts and those of the values it is computed from) may rest on: the
    /// loop facts' assumptions. Conservative: any operand counts, and past
    /// the walk's limit every assumption does (callers keep those that are
    /// allowed).
    pub fn assumptions_of(&self, v: Val<'a>) -> Assumptions {
        if let Some(&known) = self.assumptions.borrow().get(&v) {
            return known;
        }
        let found = self.walk_assumptions(v);
        self.assumptions.borrow_mut().insert(v, found);
        found
    }

    fn walk_assumptions(&self, v: Val<'a>) -> Assumptions {
        let mut work = vec![(v, 0u32)];
        let mut seen = 0usize;
        let mut found = Assumptions::NONE;
        while let Some((v, depth)) = work.pop() {
            seen += 1;
            if seen > 256 {
                return Assumptions::ALL;
            }
            if let Some(f) = self.facts.get(&v) {
                found |= f.assumes;
            }
            if depth >= MAX_DEPTH {
                continue;
            }
            if let Def::Result(op) = v.def() {
                work.extend((0..op.num_operands()).map(|i| (op.operand(i), depth + 1)));
            }
        }
        found
    }

    /// The range of `v` from its definition (at the defining op).
    fn defined(&self, v: Val<'a>, width: u32, depth: u32) -> Range {
        if let Some(bits) = self.const_bits(v) {
            return Range::exact(bits, width);
        }
        let Def::Result(op) = v.def() else { return Range::full(width) };
        let sub = |x: Val<'a>| self.at_depth(x, op, depth + 1).unwrap_or(Range::full(width));
        let Some(meaning) = IntOp::of(op) else { return Range::full(width) };
        match meaning {
            IntOp::AssumeRange { value, lo, hi } => {
                let input = sub(value);
                match (lo, hi) {
                    // Bounds that do not fit the width the value is read at
                    // (the verifier checks them at the op's data layout;
                    // the index-bitwidth option may read them narrower) or
                    // that no value satisfies say nothing: an empty range
                    // would prove anything.
                    (Some((lo, lw)), Some((hi, hw))) => {
                        let (lo, hi) = (to_signed(lo as u128, lw), to_signed(hi as u128, hw));
                        if smin(width) <= lo && lo <= hi && hi <= smax(width) {
                            input.intersect(&Range::signed(lo, hi, width))
                        } else {
                            input
                        }
                    }
                    _ => input,
                }
            }
            IntOp::Add { lhs, rhs, .. } => self.modular(v, sub(lhs), sub(rhs), Range::add, i128::checked_add),
            IntOp::Sub { lhs, rhs, .. } => self.modular(v, sub(lhs), sub(rhs), Range::sub, i128::checked_sub),
            IntOp::Mul { lhs, rhs, .. } => self.modular(v, sub(lhs), sub(rhs), Range::mul, i128::checked_mul),
            IntOp::Select { if_true, if_false, .. } => sub(if_true).union(&sub(if_false)),
            IntOp::And { lhs, rhs } => {
                // x & m <= m and <= x (unsigned).
                let (a, b) = (sub(lhs), sub(rhs));
                Range::unsigned(0, a.u.hi.min(b.u.hi), width)
            }
            IntOp::RemainderUnsigned { value, divisor } => {
                let d = sub(divisor);
                if d.u.lo > 0 {
                    Range::unsigned(0, d.u.hi - 1, width).intersect(&Range::unsigned(0, sub(value).u.hi, width))
                } else {
                    Range::full(width)
                }
            }
            // Sizes are non-negative (a static one is its value).
            IntOp::Dim { memref, index } => {
                let static_size = const_bits(index, self.index_width)
                    .and_then(|k| shape_of(memref.ty())?.get(usize::try_from(k).ok()?).copied().flatten());
                match static_size.map(|size| index_constant(size, width)) {
                    Some(Ok(size)) => Range::signed(size.into(), size.into(), width),
                    // Larger than the index width holds: not known.
                    Some(Err(_)) => Range::full(width),
                    None => Range::signed(0, smax(width), width),
                }
            }
            IntOp::Cast { value, kind: Cast::Signed } => sub(value).cast(width, true),
            IntOp::Cast { value, kind: Cast::Unsigned } if self.narrow_index(v) => {
                // Zero extension into a narrow index: a value of the upper
                // half is negative to the target and positive to a 64-bit
                // folder (see `narrow_index`).
                let r = sub(value).cast(width, false);
                if r.u.hi <= smax(width) {
                    r
                } else {
                    Range::full(width)
                }
            }
            IntOp::Cast { value, kind: Cast::Unsigned | Cast::Truncate } => sub(value).cast(width, false),
            _ => Range::full(width),
        }
    }

    /// Whether `v` is an `index` read narrower than 64 bits. Upstream's
    /// folders compute `index` arithmetic with 64 bits, the lowered code
    /// with the target's width; they agree exactly where the result is a
    /// signed value of that width (as for constants: `bits::const_bits`).
    /// Where it may not be, what the program computes depends on what folds
    /// on the way (a loop canonicalize unrolls, a constant it propagates),
    /// so no range is read from it.
    fn narrow_index(&self, v: Val<'a>) -> bool {
        self.index_width < 64 && carrier(v, self.index_width).is_some_and(|t| t.is_index())
    }

    /// The range of a modular operation (`+`, `-`, `×`) of `v`'s operands
    /// `a` and `b`; for a narrow index ([`Ranges::narrow_index`]), only
    /// when no value of the signed ranges leaves the signed range (else the
    /// unsigned reading could give a range the 64-bit folders' result is
    /// not in).
    fn modular(
        &self,
        v: Val<'a>,
        a: Range,
        b: Range,
        op: fn(&Range, &Range) -> Range,
        exact: fn(i128, i128) -> Option<i128>,
    ) -> Range {
        if self.narrow_index(v) && a.may_wrap_signed(&b, exact) {
            return Range::full(a.width);
        }
        op(&a, &b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_convert_when_exact() {
        let r = Range::unsigned(0, 3, 64);
        assert_eq!(r.s, Interval::new(0, 3));
        let r = Range::signed(-3, -1, 8);
        assert_eq!(r.u, Interval::new(253, 255));
        let r = Range::signed(-1, 1, 8);
        assert_eq!(r.u, Interval::new(0, 255));
    }

    #[test]
    fn add_gives_up_on_wrap() {
        let a = Range::signed(0, 127, 8);
        let one = Range::exact(1, 8);
        let r = a.add(&one);
        assert_eq!(r.s, Interval::new(-128, 127));
        // Unsigned order: 1..128 fits.
        assert_eq!(r.u, Interval::new(1, 128));
    }

    #[test]
    fn constrain_ult() {
        let r = Range::full(64).constrain(Predicate::Ult, 4);
        assert_eq!(r.s, Interval::new(0, 3));
        assert!(Range::full(8).constrain(Predicate::Ult, 0).is_empty());
    }

    #[test]
    fn truncation_keeps_fitting_ranges_only() {
        let r = Range::signed(0, 300, 32).cast(8, false);
        assert_eq!(r, Range::full(8));
        let r = Range::signed(-5, 5, 32).cast(8, false);
        assert_eq!(r.s, Interval::new(-5, 5));
    }

    /// `normalized` reaches its fixed point, so intersecting with the full
    /// range (a fact that says nothing) changes no range: `facts::value_facts`
    /// relies on it. Exhaustive at 4 bits (the code is width-generic).
    #[test]
    fn intersecting_with_the_full_range_changes_nothing() {
        let w = 4;
        let intervals = |lo: i128, hi: i128| -> Vec<Interval> {
            (lo..=hi).flat_map(|a| (a..=hi).map(move |b| Interval::new(a, b))).collect()
        };
        for s in intervals(smin(w), smax(w)) {
            for u in intervals(0, umax(w)) {
                let r = Range { width: w, s, u }.normalized();
                assert_eq!(r.normalized(), r, "{s:?} {u:?}");
                assert_eq!(r.intersect(&Range::full(w)), r, "{s:?} {u:?}");
            }
        }
        for r in [Range::empty(w), Range::full(w), Range::exact(9, w)] {
            assert_eq!(r.intersect(&Range::full(w)), r);
        }
    }

    #[test]
    #[should_panic(expected = "Range::intersect of a 32-bit and a 64-bit range")]
    fn mixing_widths_panics() {
        Range::full(32).intersect(&Range::full(64));
    }
}
