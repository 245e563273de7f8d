//! Relational facts: linear inequalities between values at a program
//! point, and proofs from them (accesses in bounds of dynamic buffers,
//! comparisons decided).
//!
//! A question ("is `%i + 1 <= dim(%a, 0)` true where this load runs?") is
//! answered by a [`query::Query`] at that op: it collects, lazily from the
//! quantities in the question, the facts that hold there (loop bounds,
//! dominating conditions, exact arithmetic, flags, `loom.assume_range`,
//! the buffer-size assumption, inductive loop invariants: see `query`),
//! adds the negated question, and asks `solver::refute` whether the
//! system is infeasible (Fourier–Motzkin over the integers). Infeasible
//! means the relation holds at every execution of the op, and the facts
//! the contradiction used are its explanation; anything else is "not
//! shown", with the relation that failed and what was known (`explain`).
//!
//! Loop invariants (fact source 6 of the symbolic-facts note) are found
//! Houdini-style per loop with carried values (`scf.while`, `loom.loop`):
//! candidate inequalities between the carried values and the values they
//! start from (and between each other, and with loop-invariant operands of
//! the loop's comparisons) are kept only if they hold on entry and are
//! re-established by every back edge assuming all kept candidates; the
//! others are dropped until nothing changes. What remains is inductive,
//! hence true at every iteration. While a loop's candidates are being
//! checked, queries inside it assume the current candidate set (the
//! induction hypothesis); a recursion limit leaves deeper loops without
//! invariants (weaker, still sound).
//!
//! Everything here works on the signed readings of values as mathematical
//! integers: a fact enters only when it is exact in that reading (see
//! `query`'s header), so the arithmetic of the solver cannot disagree with
//! what the target computes.

mod difference;
pub(crate) mod explain;
pub(crate) mod linear;
mod query;
mod solver;

use crate::facts::assumptions::Assumptions;
use crate::facts::ir::FastMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::bits::const_bits;
use super::ir::{affine_map_results, AffineForm, ExitKind, Op, Val};
use super::predicate::Predicate;
use super::ranges::Ranges;
use linear::Lin;
use mlir_sys::MlirAttribute;
pub(crate) use query::Query;

/// The width of an integer or index value the prover reads (1 to 64
/// bits; `index` at `index_width`), None for anything else.
pub(crate) fn int_width(v: Val<'_>, index_width: u32) -> Option<u32> {
    super::bits::carrier(v, index_width).map(|c| c.0).filter(|w| (1..=super::bits::MAX_WIDTH).contains(w))
}

/// A quantity the prover reasons about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key<'a> {
    /// The signed reading of an integer or index value.
    Value(Val<'a>),
    /// The size of dimension `k` of a memref value.
    Dim(Val<'a>, usize),
    /// An integer an op defines without a value naming it: for a loop,
    /// the iteration number of its induction variable `n` (`iv = lb +
    /// step × it`, `it >= 0`); for an `affine.apply`/`min`/`max`, the
    /// quotient in its result `n` (`floor` or `ceil` of the dividend by
    /// the divisor).
    Aux(Op<'a>, usize),
}

/// The ops before an op in its block that say something of the rest of
/// the block ([`Prover::earlier_guards`]), in order.
#[derive(Default)]
pub(crate) struct EarlierOps<'a> {
    /// `cf.assert` and `loom.if` ops.
    pub(crate) guards: Vec<Op<'a>>,
    /// Scalar accesses (`memref.load`/`store`, `affine.load`/`store`):
    /// guards on their own indices, which queries that allow them read
    /// ([`Query::after_accesses`]).
    pub(crate) accesses: Vec<Op<'a>>,
}

/// What an enclosing op is to the ops in its region, for a query's context
/// ([`Query::context`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Around {
    /// An `scf.for`/`loom.for` seen from its body: the body runs after
    /// `iv < ub` was branched on.
    LoopBody,
    /// An `affine.if`: its integer set holds (region 0) or not.
    AffineIf,
    /// An `scf.if`/`loom.if`: its condition holds (region 0) or not.
    If,
    /// Anything else: only its block's earlier guards and accesses say
    /// something.
    Other,
}

impl Around {
    /// What `parent` is to its region `region`.
    fn of(parent: Op<'_>, region: Option<usize>) -> Around {
        match parent.name_bytes() {
            b"scf.for" | b"loom.for" if region == Some(0) => Around::LoopBody,
            b"affine.if" => Around::AffineIf,
            b"scf.if" | b"loom.if" => Around::If,
            _ => Around::Other,
        }
    }
}

/// One enclosing op of a query's op with something to say of it
/// ([`Prover::context_of`]), and the ones around it.
pub(crate) struct ContextLink<'a> {
    /// The enclosing op.
    pub(crate) parent: Op<'a>,
    /// What it is to the query's op.
    pub(crate) around: Around,
    /// Its region that holds the query's op.
    pub(crate) region: Option<usize>,
    /// The guards and accesses before the query's op, or the op around it,
    /// in `parent`'s block.
    pub(crate) earlier: Rc<EarlierOps<'a>>,
    /// The next enclosing op with something to say, up to the function.
    pub(crate) outer: Context<'a>,
}

/// The enclosing ops of an op that say something of it, innermost first
/// (see [`Prover::context_of`]).
pub(crate) type Context<'a> = Option<Rc<ContextLink<'a>>>;

/// What an extremum op always yields ([`Prover::chosen_extremum`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Chosen {
    /// Operand `n` of the op (read when rewriting: an earlier rewrite may
    /// have replaced it).
    Operand(usize),
    Constant(i64),
}

/// Where a fact comes from (for explanations).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Source<'a> {
    /// The value's numeric range at the query's op.
    Range(Val<'a>),
    /// The op defining a value.
    Definition(Op<'a>),
    /// `lb <= iv < ub` of an `scf.for`/`loom.for`.
    LoopBounds(Op<'a>),
    /// The condition of an enclosing `scf.if`/`loom.if` region, or of an
    /// `scf.while` for its after region.
    Condition { op: Op<'a>, holds: bool },
    /// An earlier `loom.if` whose branch (then when `holds` is false)
    /// always exits: the rest of the block runs only when it was not taken.
    GuardExit { op: Op<'a>, holds: bool },
    /// An earlier `cf.assert`: the rest of the block runs only when its
    /// condition held (otherwise the program aborts).
    Assert(Op<'a>),
    /// An earlier scalar access of an enclosing block: its indices were in
    /// bounds, or the program's behaviour was undefined before the query's
    /// op (only in queries that allow it, [`Query::after_accesses`]; a
    /// claim using it rests on that access).
    EarlierAccess(Op<'a>),
    /// An `scf.while` after-region argument equals the forwarded value.
    WhileForward(Op<'a>),
    /// The inductive invariants of a loop.
    Invariant(Op<'a>),
    /// Sizes are non-negative.
    DimNonNegative,
    /// The buffer-size assumption (an option).
    BufferAssumption(Assumptions),
}

/// `constant + Σ k × key >= 0`, independent of any query (a loop
/// invariant, instantiated in each query that needs it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Template<'a> {
    pub(crate) constant: i128,
    pub(crate) terms: Vec<(Key<'a>, i128)>,
}

/// A loop's carried values ((block argument, initial value) pairs) and
/// its back edges (the op starting the next iteration, with the values).
type Carried<'a> = (Vec<(Val<'a>, Val<'a>)>, Vec<(Op<'a>, Vec<Val<'a>>)>);

/// A loop's invariants, and whether their proofs rest on the buffer-size
/// assumption.
type Invariants<'a> = (Vec<Template<'a>>, Assumptions);

type NoWrapAnswers<'a> = FastMap<(Op<'a>, u32, OperandSum<'a>), (Option<Assumptions>, u32)>;

enum InvariantState<'a> {
    /// Being checked: the current candidates (the induction hypothesis;
    /// its version is on [`Prover::checking`]).
    Checking(Invariants<'a>),
    /// Computed under the hypotheses of enclosing loops being checked:
    /// valid while each of those loops is still checking the same
    /// version of its candidates (see [`Prover::invariants`]).
    Under(Invariants<'a>, Vec<(Op<'a>, u64)>),
    Done(Invariants<'a>),
}

/// `constant + Σ k × value`: the exact value a w-bit operation must
/// compute for a no-wrap proof ([`Prover::no_wrap`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct OperandSum<'a> {
    pub(crate) terms: Vec<(Val<'a>, i128)>,
    pub(crate) constant: i128,
}

/// Loops nested this deep in invariant checks get none.
const MAX_INVARIANT_DEPTH: u32 = 6;
/// Rounds of candidate dropping per loop.
const MAX_ROUNDS: usize = 8;
/// Candidate invariants per loop (each costs a proof per back edge and
/// round); the first ones (carried values against their initial values)
/// are kept.
const MAX_CANDIDATES: usize = 48;

/// Relational proofs over one analysed root.
pub(crate) struct Prover<'r, 'f, 'a> {
    pub(crate) ranges: &'r Ranges<'f, 'a>,
    /// The assumptions (options) proofs may use.
    pub(crate) allowed: Assumptions,
    invariants: RefCell<FastMap<Op<'a>, InvariantState<'a>>>,
    /// The next version of a hypothesis (a fresh number each time a loop's
    /// candidates change).
    next_version: Cell<u64>,
    /// The loops whose candidates are being checked (a stack, outermost
    /// first) and the version of each one's hypothesis.
    checking: RefCell<Vec<(Op<'a>, u64)>>,
    /// No-wrap answers ([`Prover::no_wrap`]), with the nesting depth each
    /// was found at.
    no_wrap_known: RefCell<NoWrapAnswers<'a>>,
    /// Nesting of sub-proofs (invariant checks, no-wrap proofs).
    depth: Cell<u32>,
    /// Loops whose candidates are being checked (an induction hypothesis
    /// is in force while this is not 0).
    hypotheses: Cell<u32>,
    /// [`Prover::earlier_guards`] per op: every query at an op nested in a
    /// loop scans the blocks around it, the same ones for every access of
    /// a nest.
    earlier_guards: RefCell<FastMap<Op<'a>, Rc<EarlierOps<'a>>>>,
    /// [`Prover::context_of`] per op: the accesses of a nest share the
    /// ops around them, and walking up to the function from each is
    /// quadratic in the nest's depth.
    /// (Keyed by op and whether earlier accesses say something.)
    contexts: RefCell<FastMap<(Op<'a>, bool), Context<'a>>>,
    /// [`Prover::affine_map_results`] per affine map attribute (uniqued
    /// in the context, which outlives the prover: its handle names it)
    /// and index width: the loops of a nest share a few bound maps.
    affine_maps: RefCell<FastMap<(usize, u32), Option<AffineMapResults>>>,
}

/// The number of inputs of an affine map and its results as linear forms
/// ([`affine_map_results`]).
type AffineMapResults = Rc<(usize, Vec<Option<AffineForm>>)>;

impl<'r, 'f, 'a> Prover<'r, 'f, 'a> {
    pub(crate) fn new(ranges: &'r Ranges<'f, 'a>, allowed: Assumptions) -> Self {
        Prover {
            ranges,
            allowed,
            invariants: RefCell::new(FastMap::default()),
            next_version: Cell::new(0),
            checking: RefCell::new(Vec::new()),
            no_wrap_known: RefCell::new(FastMap::default()),
            depth: Cell::new(0),
            hypotheses: Cell::new(0),
            earlier_guards: RefCell::new(FastMap::default()),
            contexts: RefCell::new(FastMap::default()),
            affine_maps: RefCell::new(FastMap::default()),
        }
    }

    /// [`affine_map_results`] of `attr` at `width`, read once per map.
    pub(crate) fn affine_map_results(&self, attr: MlirAttribute, width: u32) -> Option<AffineMapResults> {
        let key = (attr.ptr as usize, width);
        if let Some(known) = self.affine_maps.borrow().get(&key) {
            return known.clone();
        }
        let results = affine_map_results(attr, width).map(Rc::new);
        self.affine_maps.borrow_mut().insert(key, results.clone());
        results
    }

    /// The guards and the scalar accesses before `op` in its block
    /// ([`EarlierOps`]), among the block's first `scan` ops (the ops a
    /// query's context reads guards from). Kept per op: it reads only the
    /// IR.
    pub(crate) fn earlier_guards(&self, op: Op<'a>, scan: usize) -> Rc<EarlierOps<'a>> {
        if let Some(known) = self.earlier_guards.borrow().get(&op) {
            return known.clone();
        }
        let mut found = EarlierOps::default();
        if let Some(block) = op.block() {
            for o in block.ops().take(scan).take_while(|&o| o != op) {
                if o.is_one_of(&["cf.assert", "loom.if"]) {
                    found.guards.push(o);
                } else if o.is_one_of(&["memref.load", "memref.store", "affine.load", "affine.store"]) {
                    found.accesses.push(o);
                }
            }
        }
        let found = Rc::new(found);
        self.earlier_guards.borrow_mut().insert(op, found.clone());
        found
    }

    /// The enclosing ops of `op` up to its function (included) that say
    /// something of it, innermost first: those that are not
    /// [`Around::Other`] to it, and any whose block has guards (or,
    /// `with_accesses`, scalar accesses) before it (or before the op around
    /// it there, among the block's first `scan` ops,
    /// [`Prover::earlier_guards`]). The others say nothing to
    /// [`Query::context`] and are left out. Kept per op: it reads only the
    /// IR.
    pub(crate) fn context_of(&self, op: Op<'a>, scan: usize, with_accesses: bool) -> Context<'a> {
        // The ops from `op` up to the first one known (or the function),
        // then each linked from the top down.
        let mut chain = Vec::new();
        let mut known: Context<'a> = None;
        {
            let contexts = self.contexts.borrow();
            let mut inner = op;
            while let Some(parent) = inner.parent() {
                if let Some(k) = contexts.get(&(inner, with_accesses)) {
                    known = k.clone();
                    break;
                }
                chain.push((inner, parent));
                if parent.is("func.func") {
                    break;
                }
                inner = parent;
            }
        }
        for (inner, parent) in chain.into_iter().rev() {
            let region = parent.region_index_of(inner);
            let around = Around::of(parent, region);
            let earlier = self.earlier_guards(inner, scan);
            let says = around != Around::Other
                || !earlier.guards.is_empty()
                || (with_accesses && !earlier.accesses.is_empty());
            if says {
                known = Some(Rc::new(ContextLink { parent, around, region, earlier, outer: known }));
            }
            self.contexts.borrow_mut().insert((inner, with_accesses), known.clone());
        }
        known
    }

    /// Drops what the prover keeps (loop invariants, no-wrap answers,
    /// earlier guards and contexts):
    /// called when the walk enters another function, whose queries cannot
    /// reach the ops and values of the last one (a function is isolated
    /// from above), so that the tables stay the size of one function.
    pub(crate) fn forget(&self) {
        if self.hypotheses.get() == 0 {
            self.invariants.borrow_mut().clear();
            self.no_wrap_known.borrow_mut().clear();
            self.earlier_guards.borrow_mut().clear();
            self.contexts.borrow_mut().clear();
            self.ranges.forget();
        }
    }

    /// The carried values of a loop: (block argument, initial value) pairs,
    /// and the points that start the next iteration with their values.
    fn carried(loop_op: Op<'a>) -> Option<Carried<'a>> {
        let block = loop_op.region(0).first_block()?;
        if loop_op.is("scf.while") {
            let args = (0..block.num_args()).map(|i| (block.arg(i), loop_op.operand(i))).collect();
            let yield_op = loop_op.region(1).first_block()?.terminator()?;
            let next = (0..yield_op.num_operands()).map(|i| yield_op.operand(i)).collect();
            Some((args, vec![(yield_op, next)]))
        } else {
            // loom.loop: argument 0 is the token; continues carry the rest.
            let args = (1..block.num_args()).map(|i| (block.arg(i), loop_op.operand(i - 1))).collect();
            let nexts = loop_op
                .nested_ops()
                .into_iter()
                .filter(|op| matches!(op.loom_exit(), Some((ExitKind::Continue, Some(t))) if t == loop_op))
                .map(|op| (op, (1..op.num_operands()).map(|i| op.operand(i)).collect()))
                .collect();
            Some((args, nexts))
        }
    }

    /// Candidate invariants: each carried value against its initial value
    /// (when that is defined outside the loop), against each other carried
    /// value of its type, and against loop-invariant operands of the
    /// comparisons in the loop that use it.
    fn candidates(&self, loop_op: Op<'a>, args: &[(Val<'a>, Val<'a>)]) -> Vec<Template<'a>> {
        let w = self.ranges.index_width;
        let mut out = Vec::new();
        let mut both = |x: Key<'a>, y: Option<Key<'a>>, c: Option<i128>| {
            for s in [1, -1] {
                let mut terms = vec![(x, s)];
                if let Some(y) = y {
                    terms.push((y, -s));
                }
                out.push(Template { constant: c.map_or(0, |c| -s * c), terms });
            }
        };
        let args: Vec<(Val<'a>, Val<'a>)> = args.iter().copied().filter(|&(x, _)| int_width(x, w).is_some()).collect();
        let args = &args[..];
        for (i, &(x, init)) in args.iter().enumerate() {
            if let (Some(bits), Some(width)) = (const_bits(init, w), int_width(x, w)) {
                both(Key::Value(x), None, Some(super::bits::to_signed(bits, width)));
            } else if !init.defined_inside(loop_op) {
                both(Key::Value(x), Some(Key::Value(init)), None);
            }
            for &(y, _) in &args[i + 1..] {
                if super::ir::type_string(y.ty()) == super::ir::type_string(x.ty()) {
                    both(Key::Value(x), Some(Key::Value(y)), None);
                }
            }
        }
        for op in loop_op.nested_ops() {
            if op.compare_predicate().is_none() {
                continue;
            }
            let (a, b) = (op.operand(0), op.operand(1));
            for (x, other) in [(a, b), (b, a)] {
                if args.iter().any(|&(arg, _)| arg == x)
                    && !other.defined_inside(loop_op)
                    && const_bits(other, w).is_none()
                {
                    both(Key::Value(x), Some(Key::Value(other)), None);
                }
            }
        }
        out.dedup();
        out.truncate(MAX_CANDIDATES);
        out
    }

    /// Whether `t` with the carried values replaced (`subst`) holds at `at`:
    /// Some(the assumptions the proof rests on), or None.
    fn holds_at(&self, at: Op<'a>, t: &Template<'a>, subst: &FastMap<Val<'a>, Val<'a>>) -> Option<Assumptions> {
        let mut q = Query::new(self, at);
        let mut lin = Lin::constant(t.constant);
        for &(key, k) in &t.terms {
            let key = match key {
                Key::Value(v) => Key::Value(*subst.get(&v).unwrap_or(&v)),
                other => other,
            };
            lin = q.key_lin(key).and_then(|l| lin.add_scaled(&l, k))?;
        }
        let used = q.prove(&lin)?;
        Some(q.uses_assumption(used))
    }

    /// Whether `sum` (of values `op` reads) lies in the signed w-bit range
    /// wherever `op` runs: then the w-bit operation computing it does not
    /// wrap and its result is that value. Some(the assumptions the proof
    /// rests on), or None.
    ///
    /// Every term is a w-bit value, whose signed reading lies in [SMIN,
    /// SMAX] (the range facts leave these limits out, and a sum near them
    /// needs them). The answer depends only on `op`, `w` and `sum` (a fresh
    /// query at `op`), so it is kept: a proof found outside any induction
    /// hypothesis holds for every later query; a failure is reused only
    /// at the same or a deeper nesting, where no more could be shown.
    pub(crate) fn no_wrap(&self, op: Op<'a>, w: u32, sum: &OperandSum<'a>) -> Option<Assumptions> {
        if let Some(known) = self.known_no_wrap(op, w, sum) {
            return known;
        }
        let depth = self.depth.get();
        let shown = self.sub_proof(op, &|q| Self::prove_in_range(q, sum, w));
        self.keep_no_wrap(op, w, sum, shown, depth);
        shown
    }

    /// [`Prover::no_wrap`] of every sum in `sums` (the sub-sums of one
    /// affine form: subsets of the same operands), in one query at `op`
    /// for those not known yet: it holds the facts of all their operands,
    /// so it shows at least what a query per sum would, unless its budgets
    /// leave a fact out: a sum it does not show gets its own query.
    /// Some(the assumptions of all the proofs), or None.
    pub(crate) fn no_wrap_all(&self, op: Op<'a>, w: u32, sums: &[OperandSum<'a>]) -> Option<Assumptions> {
        let mut assumes = Assumptions::NONE;
        let mut open = Vec::new();
        for sum in sums {
            match self.known_no_wrap(op, w, sum) {
                Some(known) => assumes |= known?,
                None => open.push(sum),
            }
        }
        if open.is_empty() {
            return Some(assumes);
        }
        let depth = self.depth.get();
        let together: Vec<Option<Assumptions>> = self
            .sub_query(op, |q| {
                open.iter().map(|sum| Self::prove_in_range(q, sum, w).map(|used| q.uses_assumption(used))).collect()
            })
            .unwrap_or_default();
        for (i, sum) in open.into_iter().enumerate() {
            match together.get(i).copied().flatten() {
                Some(shown) => {
                    self.keep_no_wrap(op, w, sum, Some(shown), depth);
                    assumes |= shown;
                }
                None => assumes |= self.no_wrap(op, w, sum)?,
            }
        }
        Some(assumes)
    }

    /// [`Prover::no_wrap_all`] asked by a query at `op` itself (an
    /// access's map): the sums are shown in that query, which holds every
    /// fact a fresh query at `op` would (the same context, and the facts of
    /// the sums' operands once it reads them), so it shows at least as
    /// much, without building those facts a second time. A sum it does not
    /// show (its budgets left a fact out) gets its own query.
    pub(crate) fn no_wrap_here(
        &self,
        q: &mut Query<'_, 'r, 'f, 'a>,
        w: u32,
        sums: &[OperandSum<'a>],
    ) -> Option<Assumptions> {
        let op = q.at;
        let mut assumes = Assumptions::NONE;
        for sum in sums {
            match self.known_no_wrap(op, w, sum) {
                Some(known) => assumes |= known?,
                None => match Self::prove_in_range(q, sum, w).map(|used| q.uses_assumption(used)) {
                    Some(shown) => {
                        self.keep_no_wrap(op, w, sum, Some(shown), self.depth.get());
                        assumes |= shown;
                    }
                    None => assumes |= self.no_wrap(op, w, sum)?,
                },
            }
        }
        Some(assumes)
    }

    /// `SMIN <= sum <= SMAX` in `q`: the facts used.
    fn prove_in_range(q: &mut Query<'_, 'r, 'f, 'a>, sum: &OperandSum<'a>, w: u32) -> Option<linear::FactSet> {
        let e = q.operand_sum(sum, w)?;
        let low = q.prove(&e.shifted(-super::bits::smin(w))?)?;
        let high = q.prove(&Lin::constant(super::bits::smax(w)).minus(&e)?)?;
        Some(low.union(high))
    }

    /// A kept no-wrap answer that applies at the current nesting: Some(the
    /// answer), or None (not known, or a failure found less deep).
    fn known_no_wrap(&self, op: Op<'a>, w: u32, sum: &OperandSum<'a>) -> Option<Option<Assumptions>> {
        let known = self.no_wrap_known.borrow();
        let &(answer, at_depth) = known.get(&(op, w, sum.clone()))?;
        (answer.is_some() || self.depth.get() >= at_depth).then_some(answer)
    }

    /// Keeps a no-wrap answer found at nesting `depth`, unless an
    /// induction hypothesis was in force.
    fn keep_no_wrap(&self, op: Op<'a>, w: u32, sum: &OperandSum<'a>, answer: Option<Assumptions>, depth: u32) {
        if self.hypotheses.get() == 0 {
            self.no_wrap_known.borrow_mut().insert((op, w, sum.clone()), (answer, depth));
        }
    }

    /// Whether the value `build` states (over the operands of `op`) is
    /// non-negative wherever `op` runs: Some(the assumptions the proof
    /// rests on), or None.
    pub(crate) fn non_negative(
        &self,
        op: Op<'a>,
        build: &dyn Fn(&mut Query<'_, 'r, 'f, 'a>) -> Option<Lin>,
    ) -> Option<Assumptions> {
        self.sub_proof(op, &|q| build(q).and_then(|e| q.prove(&e)))
    }

    /// A proof `prove` makes in a fresh query at `op`, nested at most
    /// [`MAX_INVARIANT_DEPTH`] deep: Some(the assumptions it rests on).
    fn sub_proof(
        &self,
        op: Op<'a>,
        prove: &dyn Fn(&mut Query<'_, 'r, 'f, 'a>) -> Option<linear::FactSet>,
    ) -> Option<Assumptions> {
        self.sub_query(op, |q| prove(q).map(|u| q.uses_assumption(u))).flatten()
    }

    /// What `run` finds with a fresh query at `op`, nested one level
    /// deeper; None past [`MAX_INVARIANT_DEPTH`].
    fn sub_query<R>(&self, op: Op<'a>, run: impl FnOnce(&mut Query<'_, 'r, 'f, 'a>) -> R) -> Option<R> {
        if self.depth.get() >= MAX_INVARIANT_DEPTH {
            return None;
        }
        self.depth.set(self.depth.get() + 1);
        let mut q = Query::new(self, op);
        let found = run(&mut q);
        self.depth.set(self.depth.get() - 1);
        Some(found)
    }

    /// The inductive invariants of `loop_op` (`scf.while` or `loom.loop`),
    /// computed once; during their computation, the current candidates.
    /// With them: whether any proof involved rests on the buffer-size
    /// assumption.
    pub(crate) fn invariants(&self, loop_op: Op<'a>) -> Invariants<'a> {
        match self.invariants.borrow().get(&loop_op) {
            Some(InvariantState::Checking(c) | InvariantState::Done(c)) => return c.clone(),
            Some(InvariantState::Under(c, hypotheses)) if self.still_checking(hypotheses) => return c.clone(),
            Some(InvariantState::Under(..)) | None => {}
        }
        if self.depth.get() >= MAX_INVARIANT_DEPTH {
            return (Vec::new(), Assumptions::NONE);
        }
        let Some((args, nexts)) = Self::carried(loop_op) else { return (Vec::new(), Assumptions::NONE) };
        // The hypotheses in force while this loop's candidates are checked.
        let under = self.checking();
        self.checking.borrow_mut().push((loop_op, u64::MAX));
        self.depth.set(self.depth.get() + 1);
        self.hypotheses.set(self.hypotheses.get() + 1);
        let entry: FastMap<Val<'a>, Val<'a>> = args.iter().copied().collect();
        let assumed = Cell::new(Assumptions::NONE);
        let holds = |at: Op<'a>, t: &Template<'a>, subst: &FastMap<Val<'a>, Val<'a>>| match self.holds_at(at, t, subst)
        {
            Some(used) => {
                assumed.set(assumed.get() | used);
                true
            }
            None => false,
        };
        // Entry: the candidates must hold for the initial values where the
        // loop starts (no invariant of this loop is assumed there).
        let mut current: Vec<Template<'a>> =
            self.candidates(loop_op, &args).into_iter().filter(|t| holds(loop_op, t, &entry)).collect();
        for _ in 0..MAX_ROUNDS {
            let version = self.next_version.get();
            self.next_version.set(version + 1);
            if let Some(top) = self.checking.borrow_mut().last_mut() {
                *top = (loop_op, version);
            }
            self.invariants.borrow_mut().insert(loop_op, InvariantState::Checking((current.clone(), assumed.get())));
            let before = current.len();
            current.retain(|t| {
                nexts.iter().all(|(point, values)| {
                    if values.len() != args.len() {
                        return false;
                    }
                    let subst = args.iter().zip(values).map(|(&(arg, _), &next)| (arg, next)).collect();
                    holds(*point, t, &subst)
                })
            });
            if current.len() == before {
                break;
            }
        }
        // Not converged within the rounds: keep nothing (the last set may
        // not be inductive).
        let converged = matches!(self.invariants.borrow().get(&loop_op),
            Some(InvariantState::Checking((c, _))) if c.len() == current.len());
        let result = if converged { (current, assumed.get()) } else { (Vec::new(), Assumptions::NONE) };
        self.checking.borrow_mut().pop();
        self.depth.set(self.depth.get() - 1);
        self.hypotheses.set(self.hypotheses.get() - 1);
        if self.hypotheses.get() == 0 {
            self.invariants.borrow_mut().insert(loop_op, InvariantState::Done(result.clone()));
        } else {
            // Computed under enclosing loops' induction hypotheses, which
            // may still lose candidates: reusable only while each of them
            // is unchanged (a nest of loops would otherwise recompute the
            // inner loops' invariants for every query of every round of
            // every enclosing loop: exponential in the nesting).
            self.invariants.borrow_mut().insert(loop_op, InvariantState::Under(result.clone(), under));
        }
        result
    }

    /// The loops whose candidates are being checked, outermost first, with
    /// the version of each one's current hypothesis.
    fn checking(&self) -> Vec<(Op<'a>, u64)> {
        self.checking.borrow().clone()
    }

    /// Whether every hypothesis in `hypotheses` is still in force in the
    /// same version (others may be in force too: a result shown under
    /// fewer hypotheses holds under more).
    fn still_checking(&self, hypotheses: &[(Op<'a>, u64)]) -> bool {
        let now = self.checking.borrow();
        hypotheses.iter().all(|h| now.contains(h))
    }

    /// The operand an `arith.minsi`/`maxsi` or a multi-result
    /// `affine.min`/`affine.max` always yields where it runs, when the
    /// facts show one candidate is at most (min) or at least (max) every
    /// other: for an affine op, a result that is a constant or one of its
    /// operands, the others read as `Query::affine_value` reads them (exact
    /// forms of the lowering's arithmetic) or as quotients. A tile's
    /// `min(4, D - %i)` in a peeled main loop is always 4.
    pub(crate) fn chosen_extremum(&self, op: Op<'a>) -> Option<Chosen> {
        let max = if op.is("arith.minsi") || op.is("affine.min") {
            false
        } else if op.is("arith.maxsi") || op.is("affine.max") {
            true
        } else {
            return None;
        };
        let mut q = Query::new(self, op);
        let (_, candidates) = q.extremum_candidates(op)?;
        // (the candidate's replacement, its form) per candidate.
        let chosen: Vec<Option<Chosen>> = if op.is("arith.minsi") || op.is("arith.maxsi") {
            vec![Some(Chosen::Operand(0)), Some(Chosen::Operand(1))]
        } else {
            let (_, results) = super::semantics::IntOp::affine_map(op, self.ranges.index_width)?;
            results
                .iter()
                .map(|form| {
                    form.as_ref().and_then(|f| match (f.terms.as_slice(), f.as_input()) {
                        ([], _) => Some(Chosen::Constant(f.constant)),
                        (_, Some(p)) if p < op.num_operands() => Some(Chosen::Operand(p)),
                        _ => None,
                    })
                })
                .collect()
        };
        let forms: Vec<(Option<Chosen>, Option<Lin>)> =
            chosen.into_iter().zip(candidates).map(|(c, f)| (c, f.map(|v| v.0))).collect();
        'candidates: for (k, (chosen, lin)) in forms.iter().enumerate() {
            let (Some(chosen), Some(lin)) = (chosen, lin) else { continue };
            for (j, (_, other)) in forms.iter().enumerate() {
                if j == k {
                    continue;
                }
                let Some(other) = other else { continue 'candidates };
                // min: other - lin >= 0; max: lin - other >= 0.
                let goal = if max { lin.minus(other) } else { other.minus(lin) };
                if goal.and_then(|g| q.prove(&g)).is_none() {
                    continue 'candidates;
                }
            }
            return Some(*chosen);
        }
        None
    }

    /// The value of the comparison `cmp` (`arith.cmpi`/`index.cmp`) wherever
    /// it runs, if the relational facts there decide it.
    pub(crate) fn decide(&self, cmp: Op<'a>) -> Option<bool> {
        let pred = cmp.compare_predicate()?;
        let mut q = Query::new(self, cmp);
        let (a, b) = compared(&mut q, cmp)?;
        let all = |q: &mut Query<'_, 'r, 'f, 'a>, goals: &[Option<Lin>]| {
            goals.iter().all(|g| g.as_ref().is_some_and(|g| q.prove(g).is_some()))
        };
        let Some(order) = OrderedCompare::of(pred) else {
            let equal = all(&mut q, &[le(&a, &b), le(&b, &a)]);
            let differ = !equal && (all(&mut q, &[lt(&a, &b)]) || all(&mut q, &[lt(&b, &a)]));
            let eq = if equal {
                Some(true)
            } else if differ {
                Some(false)
            } else {
                None
            };
            return eq.map(|e| e == (pred == Predicate::Eq));
        };
        if all(&mut q, &order.holds(&a, &b)) {
            return Some(true);
        }
        if all(&mut q, &order.fails(&a, &b)) {
            return Some(false);
        }
        None
    }
}

/// The relations (`g >= 0`, forms of `q`, which must be at `cmp`)
/// that together make the comparison `cmp` true: `b - a - 1` for `a
/// slt b`, with `a` for `a ult b` (both orders agree in [0, SMAX]),
/// both `b - a` and `a - b` for `eq`. None for `ne` (no conjunction of
/// relations) or when an operand is not read as a form.
pub(crate) fn true_goals<'a>(q: &mut Query<'_, '_, '_, 'a>, cmp: Op<'a>) -> Option<Vec<Lin>> {
    let pred = cmp.compare_predicate()?;
    let (a, b) = compared(q, cmp)?;
    let goals = match OrderedCompare::of(pred) {
        Some(order) => order.holds(&a, &b),
        None if pred == Predicate::Eq => vec![le(&a, &b), le(&b, &a)],
        None => return None,
    };
    goals.into_iter().collect()
}

/// The operands of comparison `cmp` as forms of `q`, both required
/// defined (a comparison of poison is poison: any constant refines it).
fn compared<'a>(q: &mut Query<'_, '_, '_, 'a>, cmp: Op<'a>) -> Option<(Lin, Lin)> {
    q.require_defined(cmp.operand(0));
    q.require_defined(cmp.operand(1));
    Some((q.value(cmp.operand(0))?, q.value(cmp.operand(1))?))
}

/// `x < y` as `y - x - 1 >= 0`.
fn lt(x: &Lin, y: &Lin) -> Option<Lin> {
    y.minus(x)?.shifted(-1)
}

/// `x <= y` as `y - x >= 0`.
fn le(x: &Lin, y: &Lin) -> Option<Lin> {
    y.minus(x)
}

/// An ordering comparison read as `x < y` or `x <= y` of its operands
/// (swapped for `>`/`>=`); unsigned ones only where both are in [0, SMAX],
/// where both orders agree.
struct OrderedCompare {
    strict: bool,
    swapped: bool,
    unsigned: bool,
}

impl OrderedCompare {
    /// None for `eq` and `ne`.
    fn of(pred: Predicate) -> Option<OrderedCompare> {
        let (strict, swapped, unsigned) = match pred {
            Predicate::Slt => (true, false, false),
            Predicate::Sle => (false, false, false),
            Predicate::Sgt => (true, true, false),
            Predicate::Sge => (false, true, false),
            Predicate::Ult => (true, false, true),
            Predicate::Ule => (false, false, true),
            Predicate::Ugt => (true, true, true),
            Predicate::Uge => (false, true, true),
            Predicate::Eq | Predicate::Ne => return None,
        };
        Some(OrderedCompare { strict, swapped, unsigned })
    }

    fn sides<'l>(&self, a: &'l Lin, b: &'l Lin) -> (&'l Lin, &'l Lin) {
        if self.swapped {
            (b, a)
        } else {
            (a, b)
        }
    }

    /// Relations that make `a pred b` true: `x (<|<=) y` (unsigned: with
    /// `0 <= x`).
    fn holds(&self, a: &Lin, b: &Lin) -> Vec<Option<Lin>> {
        let (x, y) = self.sides(a, b);
        let rel = if self.strict { lt(x, y) } else { le(x, y) };
        vec![rel, Some(if self.unsigned { x.clone() } else { Lin::constant(0) })]
    }

    /// Relations that make `a pred b` false: `y (<=|<) x` (unsigned: with
    /// `0 <= y`).
    fn fails(&self, a: &Lin, b: &Lin) -> Vec<Option<Lin>> {
        let (x, y) = self.sides(a, b);
        let rel = if self.strict { le(y, x) } else { lt(y, x) };
        vec![rel, Some(if self.unsigned { y.clone() } else { Lin::constant(0) })]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `a pred b` on 8-bit values given by their signed readings.
    fn compare(pred: Predicate, a: i128, b: i128) -> bool {
        pred.holds(a.rem_euclid(256) as u128, b.rem_euclid(256) as u128, 8)
    }

    /// Every relation present and at least 0 (constant forms).
    fn all_hold(goals: &[Option<Lin>]) -> bool {
        goals.iter().all(|g| g.as_ref().is_some_and(|g| g.terms.is_empty() && g.constant >= 0))
    }

    #[test]
    fn order_relations_decide_every_8_bit_pair() {
        for pred in Predicate::ALL {
            let Some(order) = OrderedCompare::of(pred) else {
                assert!(matches!(pred, Predicate::Eq | Predicate::Ne));
                continue;
            };
            let (mut shown_true, mut shown_false) = (0, 0);
            for a in -128i128..128 {
                for b in -128i128..128 {
                    let (x, y) = (Lin::constant(a), Lin::constant(b));
                    let holds = all_hold(&order.holds(&x, &y));
                    let fails = all_hold(&order.fails(&x, &y));
                    assert!(!(holds && fails), "{pred:?} {a} {b}: both");
                    if holds {
                        assert!(compare(pred, a, b), "{pred:?} {a} {b}: shown true");
                        shown_true += 1;
                    }
                    if fails {
                        assert!(!compare(pred, a, b), "{pred:?} {a} {b}: shown false");
                        shown_false += 1;
                    }
                }
            }
            // Signed orders decide every pair; unsigned ones the pairs in
            // [0, 127], where both orders agree.
            let decided = if pred.is_signed() { 256 * 256 } else { 128 * 128 };
            assert_eq!(shown_true + shown_false, decided, "{pred:?}");
        }
    }
}
