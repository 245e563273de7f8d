//! The facts that hold at one program point, as linear constraints.
//!
//! A [`Query`] is built for one op (the access or comparison being
//! decided). It gives every quantity it is asked about an [`Atom`] (an SSA
//! value's signed reading, or a memref dimension's size) and, lazily, the
//! facts about each atom that hold when the op executes:
//! - its numeric range there (`ranges`: constants, `loom.assume_range`,
//!   loop facts, constant guards);
//! - its definition, when that is linear and provably exact in the signed
//!   order: `addi`/`subi`/`muli`/`shli` (by range, by a relational no-wrap
//!   sub-proof, or by an `overflow<nsw>` flag on a value that cannot be
//!   poison there: one the access's index, a comparison being decided or a
//!   condition branched on is computed from through poison-propagating
//!   ops, see [`Query::require_defined`]; a flagged value the program may
//!   drop, such as the unchosen side of a `select`, proves nothing), casts
//!   that keep the value, `memref.dim`,
//!   `minsi`/`maxsi` (both bounds, and a case split), `select` (a case split
//!   with its condition), divisions and shifts right by constants (the
//!   floor relation `c × v <= x <= c × v + c - 1`);
//! - for an induction variable, its loop's bounds (`scf.for`, `loom.for`:
//!   `lb <= iv < ub`); for an `scf.while` after-region argument, the
//!   forwarded value it equals and the condition that held; for a
//!   loop-carried value (`scf.while` before-region, `loom.loop`), the
//!   loop's inductive invariants ([`super::Prover::invariants`]);
//! - for a dimension size, `0 <= size` and, with the buffer-size
//!   assumption, `size <= (2^(w-1) - 1) floordiv element bytes`.
//!
//! Facts of the context: the conditions of enclosing `scf.if`/`loom.if`
//! regions and the negated condition of every earlier `loom.if` of an
//! enclosing block whose then-region always exits are added first; the
//! condition of every earlier `cf.assert` there once the question meets
//! a value that condition compares ([`Query::defer`]).
//!
//! Invariant: every constraint holds, over the signed readings, at every
//! execution of the query's op (every fact is one of the above, each valid
//! there); anything not shown exact is left out, which weakens but never
//! falsifies. Budgets (atoms, facts, case splits, the distance from the
//! question an atom is expanded at) only leave facts out.

use crate::facts::ir::{FastMap, FastSet};
use smallvec::{smallvec, SmallVec};

use super::difference::refute_by_cycle;
use super::linear::{Atom, Constraint, FactSet, Lin};
use super::solver::{equal_forms, refute, refute_by_pair, refute_in_box};
use super::{int_width, Key, OperandSum, Prover, Source};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::{const_bits, smax, smin, to_signed};
use crate::facts::ir::{
    affine_map_results, affine_parallel_dimension, index_attr, index_constant, loop_dimension, shape_of, AffineForm,
    AffineTree, Def, ExitKind, Op, Part, Val,
};
use crate::facts::predicate::Predicate;
use crate::facts::ranges::Range;
use crate::facts::semantics::{
    lowered_division, poison_flow, size_of, AffineKind, Cast, Division, Extremum, IntOp, Overflow, PoisonFlow,
    Rounding, Size,
};
use crate::facts::trip_count::Order;

/// Atoms per query (at most 64: [`relevant_choices`] keeps atom sets in
/// a u64); past this, facts about new quantities are left out.
const MAX_ATOMS: usize = 64;
const _: () = assert!(MAX_ATOMS <= 64, "relevant_choices keeps atom sets in a u64");
/// Case splits a query records.
const MAX_CHOICES: usize = 16;
/// Case splits one goal is refuted under, of those it can use (a branch
/// that stays open splits further: up to twice the work per split).
const MAX_SPLITS: usize = 8;
/// Up to this many cases, a case analysis refutes each combination of
/// alternatives directly ([`Query::refute_cases`]).
const LEAF_CASES: usize = 4;
/// Ops of a block scanned backwards for exiting guards.
const MAX_GUARD_SCAN: usize = 512;
/// Alternatives a condition may expand to.
const MAX_ALTERNATIVES: usize = 4;
/// Values tracked as not poison per query.
const MAX_DEFINED: usize = 256;
/// Atoms farther than this from the question are not expanded (their
/// facts are left out, like those past the atom budget): in a deep nest
/// every loop's bounds reach the loops around it, and without a limit each
/// query would fill the atom budget with the outer loops' bounds, which a
/// question about an inner loop rarely needs, and eliminate over all of
/// them. The proofs of test/Facts need up to six steps (with five, a
/// folded pipeline's check is lost); eight leave a margin.
const MAX_DISTANCE: u32 = 8;

/// One fact: where it comes from and its constraints (for explanations).
pub(crate) struct Fact<'a> {
    pub(crate) source: Source<'a>,
    pub(crate) lins: Vec<Lin>,
    /// The fact rests on the buffer-size assumption (a sub-proof or loop
    /// facts used it).
    /// The assumptions (options) the fact rests on.
    pub(crate) assumes: Assumptions,
}

/// Facts at one program point.
pub(crate) struct Query<'q, 'r, 'f, 'a> {
    prover: &'q Prover<'r, 'f, 'a>,
    pub(crate) at: Op<'a>,
    pub(crate) keys: Vec<Key<'a>>,
    atoms: FastMap<Key<'a>, Atom>,
    pub(crate) facts: Vec<Fact<'a>>,
    base: Vec<Constraint>,
    /// The equalities among `base` (`e >= 0` with `-e >= 0` in the same
    /// fact), as `e = 0`, for [`refute_by_pair`].
    equalities: Vec<Constraint>,
    /// The facts that rest on an assumption (an option).
    assuming: FactSet,
    /// Case splits: one of the alternatives holds.
    choices: Vec<Vec<Vec<Constraint>>>,
    /// The atoms expanded, one bit per atom. Atoms are expanded in the
    /// order they are made, nearest to the question first (breadth-first),
    /// so that when the atom budget runs out the facts left out are about
    /// the quantities farthest from it.
    expanded: u64,
    /// Per atom, its distance from the question: 0 for an atom the
    /// question (or its context) names, one more than the atom whose
    /// expansion made it otherwise.
    distance: Vec<u32>,
    /// The distance of the atoms being made ([`Query::expand_until`]).
    making: u32,
    /// The next atom the expansion looks at ([`Query::expand_until`]).
    cursor: usize,
    /// A proof paused the expansion with atoms left to expand.
    paused: bool,
    /// An atom is being expanded (a proof it asks for expands all).
    expanding: bool,
    /// Conditions of earlier `cf.assert`s of enclosing blocks not added
    /// yet: each is added once a value its condition compares has an atom
    /// ([`Query::wake`]).
    dormant: Vec<Dormant<'a>>,
    /// Loops whose invariants / while conditions are already added.
    loops_added: FastSet<Op<'a>>,
    /// Values that cannot be poison where the query's op runs (see
    /// [`Query::require_defined`]), as far as [`Query::is_defined`] has
    /// needed them.
    defined: FastSet<Val<'a>>,
    /// Values required not poison whose operands are not followed yet, in
    /// the order they were required: most queries never ask (only a value
    /// with an `overflow<nsw>` flag does), while following every enclosing
    /// loop's bounds costs a walk per loop of a deep nest.
    undefined_roots: Vec<Val<'a>>,
    /// Values whose w-bit limits are stated ([`Query::operand_sum`]).
    limited: FastSet<Val<'a>>,
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

/// A condition that held at an earlier op of an enclosing block, and the
/// integer values it compares ([`condition_keys`]).
struct Dormant<'a> {
    source: Source<'a>,
    cond: Val<'a>,
    holds: bool,
    keys: SmallVec<[Key<'a>; 4]>,
}

/// Constraints `lin >= 0`, in disjunctive normal form: one of the
/// alternatives (a conjunction) holds. `[[]]` is "true", `[]` is "false".
type Dnf = Vec<Vec<Lin>>;

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    pub(crate) fn new(prover: &'q Prover<'r, 'f, 'a>, at: Op<'a>) -> Self {
        let mut q = Query {
            prover,
            at,
            // Sized for a typical query (a few atoms and facts, a few
            // dozen constraints): growing from empty costs more.
            keys: Vec::with_capacity(16),
            atoms: FastMap::with_capacity_and_hasher(16, Default::default()),
            facts: Vec::with_capacity(16),
            base: Vec::with_capacity(32),
            equalities: Vec::new(),
            assuming: FactSet::default(),
            choices: Vec::new(),
            expanded: 0,
            distance: Vec::with_capacity(16),
            making: 0,
            cursor: 0,
            paused: false,
            expanding: false,
            dormant: Vec::new(),
            loops_added: FastSet::default(),
            defined: FastSet::with_capacity_and_hasher(16, Default::default()),
            undefined_roots: Vec::new(),
            limited: FastSet::default(),
        };
        q.context();
        q
    }

    /// Records that `v` is not poison where the query's op runs (the op,
    /// or a branch that led to it, would be undefined behaviour otherwise:
    /// an access's index, a condition branched on, a loop bound compared),
    /// and so are the operands it was computed from by poison-propagating
    /// ops. Only there does an `overflow<nsw>` flag make a result exact:
    /// elsewhere the poison may be dropped (the unchosen side of a
    /// `select`, a branch not taken) and the flag says nothing. The
    /// operands are followed when [`Query::is_defined`] first asks, in the
    /// order the values were required (the same set as following them at
    /// once, [`MAX_DEFINED`] included).
    pub(crate) fn require_defined(&mut self, v: Val<'a>) {
        self.settle();
        self.undefined_roots.push(v);
    }

    /// Whether `v` cannot be poison where the query's op runs: one of the
    /// values required so, or an operand they were computed from by
    /// poison-propagating ops ([`Query::require_defined`]).
    fn is_defined(&mut self, v: Val<'a>) -> bool {
        for root in std::mem::take(&mut self.undefined_roots) {
            let mut work: SmallVec<[Val<'a>; 8]> = smallvec![root];
            while let Some(v) = work.pop() {
                if self.defined.len() >= MAX_DEFINED || !self.defined.insert(v) {
                    continue;
                }
                let Some(op) = v.defining_op() else { continue };
                match poison_flow(op) {
                    PoisonFlow::Operands => work.extend((0..op.num_operands()).map(|i| op.operand(i))),
                    // A poison condition makes the result poison; a poison
                    // side only when it is chosen.
                    PoisonFlow::Condition => work.push(op.operand(0)),
                    PoisonFlow::Stops => {}
                }
            }
        }
        self.defined.contains(&v)
    }

    fn width(&self, v: Val<'a>) -> Option<u32> {
        int_width(v, self.prover.ranges.index_width)
    }

    /// The atom of `key`, created (and queued for expansion) if new; None
    /// past the budget.
    fn atom(&mut self, key: Key<'a>) -> Option<Atom> {
        if let Some(a) = self.atoms.get(&key) {
            return Some(*a);
        }
        if self.keys.len() >= MAX_ATOMS {
            return None;
        }
        let a = Atom(self.keys.len() as u32);
        self.keys.push(key);
        self.distance.push(self.making);
        self.atoms.insert(key, a);
        Some(a)
    }

    /// `v` as a linear form: its constant value, or its atom.
    pub(crate) fn value(&mut self, v: Val<'a>) -> Option<Lin> {
        self.settle();
        let w = self.width(v)?;
        if let Some(bits) = const_bits(v, self.prover.ranges.index_width) {
            return Some(Lin::constant(to_signed(bits, w)));
        }
        self.atom(Key::Value(v)).map(Lin::atom)
    }

    /// Dimension `k` of `memref`: its static size, or its atom.
    pub(crate) fn dim(&mut self, memref: Val<'a>, k: usize) -> Option<Lin> {
        self.settle();
        let shape = shape_of(memref.ty())?;
        match shape.get(k)? {
            // A size the index width cannot hold is not a value the
            // target computes with: unknown.
            Some(size) => index_constant(*size, self.prover.ranges.index_width).ok().map(|s| Lin::constant(s.into())),
            None => self.atom(Key::Dim(memref, k)).map(Lin::atom),
        }
    }

    pub(crate) fn key_lin(&mut self, key: Key<'a>) -> Option<Lin> {
        self.settle();
        match key {
            Key::Value(v) => self.value(v),
            Key::Dim(m, k) => self.dim(m, k),
            Key::Aux(..) => self.atom(key).map(Lin::atom),
        }
    }

    /// Records a fact (left out past the fact budget).
    fn fact(&mut self, source: Source<'a>, lins: Vec<Lin>) {
        self.fact_with(source, lins, Assumptions::NONE);
    }

    /// Records a fact that may rest on the buffer-size assumption.
    fn fact_with(&mut self, source: Source<'a>, lins: Vec<Lin>, assumes: Assumptions) {
        let id = self.facts.len();
        if id >= FactSet::CAPACITY || lins.is_empty() {
            return;
        }
        let why = FactSet::single(id);
        self.base.extend(lins.iter().map(|l| Constraint { lin: l.clone(), why }));
        for (i, e) in lins.iter().enumerate() {
            let negated_too =
                || lins.iter().enumerate().any(|(j, f)| j != i && f.constant == -e.constant && f.opposes(e));
            if e.terms.first().is_some_and(|t| t.1 > 0) && negated_too() {
                self.equalities.push(Constraint { lin: e.clone(), why });
            }
        }
        if assumes != Assumptions::NONE || matches!(source, Source::BufferAssumption(_)) {
            self.assuming = self.assuming.union(why);
        }
        self.facts.push(Fact { source, lins, assumes });
    }

    /// The assumptions a proof from the facts `used` rests on.
    pub(crate) fn uses_assumption(&self, used: FactSet) -> Assumptions {
        used.facts().filter_map(|i| self.facts.get(i)).fold(Assumptions::NONE, |a, f| match f.source {
            Source::BufferAssumption(b) => a | f.assumes | b,
            _ => a | f.assumes,
        })
    }

    /// Records a disjunction: one fact, a case split if it has more than
    /// one alternative.
    fn assume(&mut self, source: Source<'a>, dnf: Dnf) {
        self.assume_with(source, dnf, Assumptions::NONE);
    }

    /// A disjunction that may rest on the buffer-size assumption.
    fn assume_with(&mut self, source: Source<'a>, dnf: Dnf, assumes: Assumptions) {
        match dnf.len() {
            0 => self.fact_with(source, vec![Lin::constant(-1)], assumes),
            1 => self.fact_with(source, dnf.into_iter().next().unwrap_or_default(), assumes),
            _ => {
                let id = self.facts.len();
                if id >= FactSet::CAPACITY || self.choices.len() >= MAX_CHOICES {
                    return;
                }
                let why = FactSet::single(id);
                let alternatives =
                    dnf.iter().map(|conj| conj.iter().map(|l| Constraint { lin: l.clone(), why }).collect()).collect();
                self.choices.push(alternatives);
                self.facts.push(Fact { source, lins: Vec::new(), assumes });
            }
        }
    }

    /// `a = b` as two constraints.
    fn equal(a: &Lin, b: &Lin) -> Option<Vec<Lin>> {
        Some(vec![a.minus(b)?, b.minus(a)?])
    }

    /// Conditions of the context: enclosing if regions, and earlier
    /// `loom.if`s whose then-region always exits.
    fn context(&mut self) {
        let mut inner = self.at;
        while let Some(parent) = inner.parent() {
            let parent_name = parent.name_bytes();
            if matches!(parent_name, b"scf.for" | b"loom.for") && parent.region_index_of(inner) == Some(0) {
                // The body runs after `iv < ub` was branched on.
                self.require_defined(parent.operand(0));
                self.require_defined(parent.operand(1));
            }
            if matches!(parent_name, b"scf.if" | b"loom.if") {
                self.require_defined(parent.operand(0));
                if let Some(region) = parent.region_index_of(inner) {
                    let holds = region == 0;
                    let dnf = self.condition(parent.operand(0), holds, 0);
                    self.assume(Source::Condition { op: parent, holds }, dnf);
                }
            }
            if let Some(block) = inner.block() {
                for op in block.ops().take(MAX_GUARD_SCAN) {
                    if op == inner {
                        break;
                    }
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
                            // The rest of the block runs only when the
                            // exiting branch was not taken.
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
            }
            if parent_name == b"func.func" {
                break;
            }
            inner = parent;
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
            self.dormant.push(Dormant { source, cond, holds, keys });
        }
    }

    /// States the dormant conditions that compare a value with an atom;
    /// whether there were any.
    fn wake(&mut self) -> bool {
        let atoms = &self.atoms;
        let (woken, dormant): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.dormant).into_iter().partition(|d| d.keys.iter().any(|k| atoms.contains_key(k)));
        self.dormant = dormant;
        for d in &woken {
            let dnf = self.condition(d.cond, d.holds, 0);
            self.assume(d.source, dnf);
        }
        !woken.is_empty()
    }

    /// What `cond` (an i1) being `holds` says, as a disjunction.
    fn condition(&mut self, cond: Val<'a>, holds: bool, depth: u32) -> Dnf {
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
    fn outside_form(&mut self, if_op: Op<'a>, y: Val<'a>, depth: u32, assumed: &mut Assumptions) -> Option<Lin> {
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

    /// Adds the facts of every atom not expanded yet (and of the atoms
    /// they bring), and the dormant conditions they wake.
    fn expand_all(&mut self) {
        self.expand_until(u32::MAX);
    }

    /// Goes on with the expansion, in its order, while the next atom to
    /// expand is at most `level` from the question: true when it paused
    /// before one farther, false when nothing is left. The order is that
    /// of a single pass: atoms in the order they were made (each one not
    /// expanded yet and at most [`MAX_DISTANCE`] from the question), then,
    /// if that wakes dormant conditions, another pass, until none wakes;
    /// a pause only delays the rest, so that a query that pauses and goes
    /// on gathers the facts a query that never pauses does, in the same
    /// order (budgets included), as long as nothing else happens in
    /// between ([`Query::settle`]).
    fn expand_until(&mut self, level: u32) -> bool {
        loop {
            while let Some(&key) = self.keys.get(self.cursor) {
                let i = self.cursor;
                let bit = 1u64 << i;
                if self.expanded & bit != 0 || self.distance[i] > MAX_DISTANCE {
                    self.cursor += 1;
                    continue;
                }
                if self.distance[i] > level {
                    self.paused = true;
                    return true;
                }
                self.cursor += 1;
                self.expanded |= bit;
                self.making = self.distance[i].saturating_add(1);
                let expanding = std::mem::replace(&mut self.expanding, true);
                let a = Atom(i as u32);
                match key {
                    Key::Value(v) => self.expand_value(a, v),
                    Key::Dim(m, k) => self.expand_dim(a, m, k),
                    // Stated by the op that defines it, when it is met.
                    Key::Aux(..) => {}
                }
                self.expanding = expanding;
                self.making = 0;
            }
            if self.dormant.is_empty() || !self.wake() {
                self.paused = false;
                return false;
            }
            self.cursor = 0;
        }
    }

    /// Finishes an expansion a proof paused, before anything else changes
    /// the query (a new atom, a value required not poison): the facts are
    /// then those, in the order, a query whose every proof expands all
    /// gathers.
    fn settle(&mut self) {
        if self.paused && !self.expanding {
            self.expand_all();
        }
    }

    fn expand_dim(&mut self, a: Atom, memref: Val<'a>, k: usize) {
        let d = Lin::atom(a);
        self.fact(Source::DimNonNegative, vec![d.clone()]);
        // A buffer's size as its definition states it: the dynamic size
        // operand of the dimension (sizes are non-negative: a negative one
        // is undefined behaviour); a cast keeps every size; a subview's is
        // its size operand.
        let size = size_of(memref, k, self.prover.ranges.index_width).and_then(|size| match size {
            Size::Value(v) => self.key_lin(Key::Value(v)),
            Size::SameAs(source) => self.key_lin(Key::Dim(source, k)),
            Size::Constant(c) => Some(Lin::constant(c.into())),
        });
        // `size_of` states sizes only of op results: the defining op is there.
        let eq = size.and_then(|s| Self::equal(&d, &s));
        if let (Some(eq), Some(def)) = (eq, memref.defining_op()) {
            self.fact(Source::Definition(def), eq);
        }
        if let Some((cap, rests_on)) = self.prover.ranges.buffer_size_cap(memref.ty(), k, self.prover.allowed) {
            if let Some(l) = Lin::constant(cap).minus(&d) {
                self.fact(Source::BufferAssumption(rests_on), vec![l]);
            }
        }
    }

    fn expand_value(&mut self, a: Atom, v: Val<'a>) {
        let Some(w) = self.width(v) else { return };
        let x = Lin::atom(a);
        // Its range where the query's op runs.
        if let Some(r) = self.prover.ranges.at(v, self.at) {
            let assumes = self.prover.ranges.assumptions_of(v).intersect(self.prover.allowed);
            if r.is_empty() {
                self.fact_with(Source::Range(v), vec![Lin::constant(-1)], assumes);
                return;
            }
            let mut lins = Vec::new();
            if r.s.lo > smin(w) {
                lins.extend(x.shifted(-r.s.lo));
            }
            if r.s.hi < smax(w) {
                lins.extend(Lin::constant(r.s.hi).minus(&x));
            }
            self.fact_with(Source::Range(v), lins, assumes);
        }
        match v.def() {
            Def::Result(op) => self.definition(op, v, &x, w),
            Def::Arg(block, n) => {
                let Some(parent) = block.parent_op() else { return };
                let region = block.parent_region();
                let in_region = |i: usize| i < parent.num_regions() && region == Some(parent.region(i));
                if (parent.is("scf.for") && n == 0 && in_region(0)) || (parent.is("loom.for") && n == 1) {
                    self.induction(parent, &x);
                } else if parent.is("affine.for") && n == 0 && in_region(0) {
                    self.affine_induction(parent, &x);
                } else if (parent.is("scf.parallel") || parent.is("scf.forall")) && in_region(0) {
                    self.parallel_induction(parent, n, &x);
                } else if parent.is("affine.parallel") && in_region(0) {
                    self.affine_parallel_induction(parent, n, &x);
                } else if parent.is("scf.while") && in_region(1) {
                    self.while_after(parent, &x, n);
                } else if (parent.is("scf.while") && in_region(0)) || (parent.is("loom.loop") && n >= 1) {
                    self.invariants(parent);
                }
            }
        }
    }

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
            self.require_defined(x);
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
    /// (w-bit) terms as facts ([`Prover::no_wrap`]).
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
    fn lowered_division(&mut self, op: Op<'a>, v: &Lin, w: u32) -> bool {
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

    /// `max(lb results) <= iv < min(ub results)` of an `affine.for` (its
    /// step is positive): each result loom reads exactly (`affine_value`)
    /// gives its relation (one it does not read is left out, which only
    /// weakens the facts). Nothing when the step does not fit the index
    /// width: the lowered loop steps by its truncation, which may be
    /// negative (`iv` then falls below `lb`).
    fn affine_induction(&mut self, for_op: Op<'a>, iv: &Lin) {
        let w = self.prover.ranges.index_width;
        let Some(Ok(step)) = for_op.attr("step").and_then(|s| index_attr(s, w)) else { return };
        let maps = ["lowerBoundMap", "upperBoundMap"].map(|m| for_op.attr(m).and_then(|m| affine_map_results(m, w)));
        let [Some((lb_inputs, lbs)), Some((_, ubs))] = maps else { return };
        self.affine_bounds(for_op, 0, iv, (&lbs, &ubs, lb_inputs), Some(i128::from(step)));
    }

    /// `max(lb results) <= iv < min(ub results)` of induction variable `n`
    /// of an `affine.parallel` (its group's results of each bound map, read
    /// as [`Query::affine_induction`] reads an `affine.for`'s; the step is
    /// positive; nothing when it does not fit the index width).
    fn affine_parallel_induction(&mut self, op: Op<'a>, n: usize, iv: &Lin) {
        let w = self.prover.ranges.index_width;
        let Ok(dim) = affine_parallel_dimension(op, n, w) else { return };
        let maps = ["lowerBoundsMap", "upperBoundsMap"].map(|m| op.attr(m).and_then(|m| affine_map_results(m, w)));
        let [Some((_, lbs)), Some((_, ubs))] = maps else { return };
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
    fn induction(&mut self, for_op: Op<'a>, iv: &Lin) {
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
    fn parallel_induction(&mut self, loop_op: Op<'a>, n: usize, iv: &Lin) {
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
    fn while_after(&mut self, while_op: Op<'a>, arg: &Lin, n: usize) {
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
    fn invariants(&mut self, loop_op: Op<'a>) {
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

    /// Facts from `v`'s defining op.
    fn definition(&mut self, op: Op<'a>, value: Val<'a>, v: &Lin, w: u32) {
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

    /// Whether `goal >= 0` holds at the query's op: the facts used, or None.
    pub(crate) fn prove(&mut self, goal: &Lin) -> Option<FactSet> {
        self.prove_assuming(goal, &[])
    }

    /// Whether `goal >= 0` holds at the query's op whenever every
    /// `assumption >= 0` does too (a case of a case analysis the caller
    /// makes): the facts used, or None.
    ///
    /// The facts are gathered outwards from the question, one step at a
    /// time up to [`MAX_DISTANCE`], and after each step that added some,
    /// the refutations that cost a pass or a few over the constraints are
    /// tried ([`Query::refute_simply`]); only when none succeeds with
    /// every fact is the system eliminated. In a deep nest most goals
    /// follow from a chain of bounds a few steps long, while an
    /// elimination over every loop within reach costs about a million
    /// instructions. Facts left out only weaken an attempt, and the last
    /// one has every fact the full expansion gives.
    pub(crate) fn prove_assuming(&mut self, goal: &Lin, assumptions: &[Lin]) -> Option<FactSet> {
        let negated = Constraint { lin: goal.scaled(-1)?.shifted(-1)?, why: FactSet::default() };
        let assumed: Vec<Constraint> =
            assumptions.iter().map(|a| Constraint { lin: a.clone(), why: FactSet::default() }).collect();
        // The system's size at the last attempt: one that has not grown
        // fails again.
        let mut tried = None;
        for level in 0..=MAX_DISTANCE {
            // A proof asked for while an atom is expanded expands all, as
            // the expansion would if it had not paused.
            let paused = if self.expanding {
                self.expand_all();
                false
            } else {
                self.expand_until(level)
            };
            let size = Some((self.base.len(), self.choices.len()));
            if tried != size {
                tried = size;
                if let Some(why) = self.refute_simply(&negated, &assumed) {
                    return Some(why);
                }
            }
            if !paused {
                break;
            }
        }
        self.refute_by_elimination(&negated, &assumed)
    }

    /// Whether the facts gathered so far refute `negated` (a goal's
    /// negation) together with `assumed` by one of the refutations that
    /// cost a pass or a few over the constraints: the facts used, or None.
    fn refute_simply(&self, negated: &Constraint, assumed: &[Constraint]) -> Option<FactSet> {
        // Most goals follow from the atoms' bounds alone; only a bound
        // that rests on no assumption is used there, so that an
        // elimination that needs none is not pre-empted by one that does.
        if let Some(why) = refute_in_box(self.base.iter().chain(assumed), self.assuming, &negated.lin) {
            return Some(why);
        }
        // So does a goal that one fact contradicts once sizes and other
        // equal quantities are named alike ([`refute_by_pair`]): first by
        // facts that rest on no assumption, for the same reason; then by
        // any, as the elimination would (which prefers no proof to another
        // by its assumptions, and finds every one a pair finds).
        // (Without facts that rest on an assumption, the second attempt
        // would repeat the first.)
        let exclusions: &[FactSet] = if self.assuming == FactSet::default() {
            &[FactSet::default()]
        } else {
            &[self.assuming, FactSet::default()]
        };
        let pairs: Vec<&Constraint> = self.base.iter().chain(assumed).collect();
        if let Some(why) =
            exclusions.iter().find_map(|&excluded| refute_by_pair(&pairs, &self.equalities, excluded, &negated.lin))
        {
            return Some(why);
        }
        // A chain of differences (loop bounds through minima to a size),
        // in the same order, with the goal's forms once equal quantities
        // are named alike (`o = i - j` makes `o >= 0` a difference).
        let atoms = self.keys.len();
        exclusions.iter().find_map(|&excluded| {
            let forms = equal_forms(negated, &self.equalities, excluded);
            refute_by_cycle(self.base.iter().chain(assumed), &forms, excluded, atoms)
        })
    }

    /// Whether the facts gathered so far refute `negated` together with
    /// `assumed` by elimination, splitting cases where that alone does
    /// not: the facts used, or None.
    fn refute_by_elimination(&self, negated: &Constraint, assumed: &[Constraint]) -> Option<FactSet> {
        let system = || self.base.iter().chain([negated]).chain(assumed);
        if let Some(why) = refute(system()) {
            return Some(why);
        }
        // Case splits: under every alternative of the first split the goal
        // can use, the system must be refuted, splitting further only
        // where it is not yet.
        if self.choices.is_empty() {
            return None;
        }
        let splits = relevant_choices(&self.base, &self.choices, [negated].into_iter().chain(assumed));
        if splits.is_empty() {
            return None;
        }
        let system: Vec<&Constraint> = system().collect();
        self.refute_cases(&system, &negated.lin, &splits)
    }

    /// Whether `system` (not refuted as it is) is refuted in every case of
    /// `splits`: the facts used, or None. Up to [`LEAF_CASES`] cases, each
    /// combination of alternatives is refuted; past that, the cases are
    /// split one at a time: under each alternative of `splits[0]`, a
    /// branch closes as soon as its constraints contradict and splits
    /// further by the rest only if they do not, so a split that only one
    /// alternative survives (its others contradict the facts) costs one
    /// refutation per alternative instead of doubling the rest. A closed
    /// branch refutes every combination below it (they have more
    /// constraints), so both show whatever refuting every combination
    /// shows.
    fn refute_cases(&self, system: &[&Constraint], negated: &Lin, splits: &[usize]) -> Option<FactSet> {
        let refuted = |branch: &[&Constraint]| {
            refute_in_box(branch.iter().copied(), self.assuming, negated).or_else(|| refute(branch.iter().copied()))
        };
        if splits.is_empty() {
            return None;
        }
        let cases: usize = splits.iter().map(|&c| self.choices[c].len()).product();
        let mut why = FactSet::default();
        if cases <= LEAF_CASES {
            // Combinations numbered in mixed radix, one digit per split.
            for mut n in 0..cases {
                let mut branch = system.to_vec();
                for &c in splits {
                    let choice = &self.choices[c];
                    branch.extend(&choice[n % choice.len()]);
                    n /= choice.len();
                }
                why = why.union(refuted(&branch)?);
            }
            return Some(why);
        }
        let (&first, rest) = splits.split_first()?;
        for alternative in &self.choices[first] {
            let mut branch = system.to_vec();
            branch.extend(alternative);
            why = why.union(match refuted(&branch) {
                Some(w) => w,
                None => self.refute_cases(&branch, negated, rest)?,
            });
        }
        Some(why)
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

/// The case splits (indices into `choices`, at most [`MAX_SPLITS`], in
/// the order they were recorded) that can bear on refuting `seeds` with
/// `base`: those whose alternatives share an atom with the seeds, directly
/// or through base constraints and other such splits. A split that shares
/// none constrains other quantities only: each of its cases leaves the
/// seeds' part of the system as it was, so it cannot help, and leaving it
/// out (like any fact) stays sound.
fn relevant_choices<'c>(
    base: &[Constraint],
    choices: &[Vec<Vec<Constraint>>],
    seeds: impl IntoIterator<Item = &'c Constraint>,
) -> Vec<usize> {
    // Atoms are numbered below MAX_ATOMS <= 64.
    let mask = |c: &Constraint| c.lin.terms.iter().fold(0u64, |m, &(a, _)| m | (1u64 << a.0));
    let mut reached = seeds.into_iter().fold(0u64, |m, c| m | mask(c));
    let base: Vec<u64> = base.iter().map(mask).collect();
    let split: Vec<u64> = choices.iter().map(|alts| alts.iter().flatten().fold(0u64, |m, c| m | mask(c))).collect();
    let mut used_base = vec![false; base.len()];
    let mut relevant = vec![false; choices.len()];
    let mut grew = true;
    while grew {
        grew = false;
        for (i, &m) in base.iter().enumerate() {
            if !used_base[i] && m & reached != 0 {
                (used_base[i], reached, grew) = (true, reached | m, true);
            }
        }
        for (i, &m) in split.iter().enumerate() {
            if !relevant[i] && m & reached != 0 {
                (relevant[i], reached, grew) = (true, reached | m, true);
            }
        }
    }
    (0..choices.len()).filter(|&i| relevant[i]).take(MAX_SPLITS).collect()
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

/// Which result of `op` `v` is.
fn result_index<'a>(op: Op<'a>, v: Val<'a>) -> Option<usize> {
    (0..op.num_results()).find(|&i| op.result(i) == v)
}

/// Operand `r` of the terminator of region `region` of `op` (an `scf.if`).
fn yielded<'a>(op: Op<'a>, region: usize, r: usize) -> Option<Val<'a>> {
    if region >= op.num_regions() {
        return None;
    }
    let t = op.region(region).first_block()?.terminator()?;
    (r < t.num_operands()).then(|| t.operand(r))
}

/// The conjunction of two disjunctions (None past the alternative budget).
fn conjunction(x: &Dnf, y: &Dnf) -> Option<Dnf> {
    if x.len() * y.len() > MAX_ALTERNATIVES {
        return None;
    }
    Some(
        x.iter()
            .flat_map(|a| {
                y.iter().map(move |b| {
                    let mut c = a.clone();
                    c.extend(b.iter().cloned());
                    c
                })
            })
            .collect(),
    )
}
