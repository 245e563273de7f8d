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
//! regions (and `affine.if` integer sets) and the negated condition of
//! every earlier `loom.if` of an enclosing block whose then-region always
//! exits are added first; the condition of every earlier `cf.assert` there
//! once the question meets a value that condition compares
//! ([`Query::defer`]), and, in a query that allows them
//! ([`Query::after_accesses`]), the bounds of every earlier scalar access
//! there the same way.
//!
//! Invariant: every constraint holds, over the signed readings, at every
//! execution of the query's op (every fact is one of the above, each valid
//! there); anything not shown exact is left out, which weakens but never
//! falsifies. Budgets (atoms, facts, case splits, the distance from the
//! question an atom is expanded at) only leave facts out.
//!
//! This module holds a query's state, its atoms, the recording of facts
//! and the budgets; the rest is split by concern: [`context`] (the
//! facts of the context and what conditions say), [`expand`] (adding each
//! atom's facts, breadth-first), [`definition`] (the facts of a value's
//! defining op), [`loops`] (induction variables, `scf.while` arguments,
//! loop invariants), [`affine`] (affine maps read as linear forms) and
//! [`prove`] (deciding a goal: cheap refutations, elimination, case
//! splits).

mod affine;
mod context;
mod definition;
mod expand;
mod loops;
mod prove;

use crate::facts::ir::{FastMap, FastSet};
use smallvec::{smallvec, SmallVec};

use super::linear::{Atom, Constraint, FactSet, Lin};
use super::{int_width, Key, Prover, Source};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::to_signed;
use crate::facts::bounds::IndexOf;
use crate::facts::ir::{index_constant, shape_of, Op, Val};
use crate::facts::semantics::{poison_flow, PoisonFlow};

/// Atoms per query (at most 64: `prove::relevant_choices` keeps atom sets in
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
    /// fact), as `e = 0`, for [`super::solver::refute_by_pair_of`].
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
    /// Conditions of earlier `cf.assert`s (and, with `after_accesses`, the
    /// bounds of earlier accesses) of enclosing blocks not added yet: each
    /// is added once a value it compares has an atom ([`Query::wake`]).
    dormant: Vec<Dormant<'a>>,
    /// Whether earlier scalar accesses of enclosing blocks are facts
    /// ([`Query::after_accesses`]).
    after_accesses: bool,
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

/// What held at an earlier op of an enclosing block, and the quantities it
/// relates (`context::condition_keys`; an access's index values and sizes).
struct Dormant<'a> {
    source: Source<'a>,
    what: Held<'a>,
    keys: SmallVec<[Key<'a>; 4]>,
}

/// What a [`Dormant`] fact says.
enum Held<'a> {
    /// `cond` was `holds`.
    Condition { cond: Val<'a>, holds: bool },
    /// Each index of `access` is in bounds of its dimension: `0 <= i` and
    /// `i + 1 <= dim(memref, k)`, the index an operand or a result of its
    /// affine map.
    InBounds { access: Op<'a>, memref: Val<'a>, indices: SmallVec<[IndexOf<'a>; 4]> },
}

/// Constraints `lin >= 0`, in disjunctive normal form: one of the
/// alternatives (a conjunction) holds. `[[]]` is "true", `[]` is "false".
type Dnf = Vec<Vec<Lin>>;

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    pub(crate) fn new(prover: &'q Prover<'r, 'f, 'a>, at: Op<'a>) -> Self {
        Self::make(prover, at, false)
    }

    /// A query whose facts also include the bounds of every earlier scalar
    /// access of an enclosing block (`memref.load`/`store`, and
    /// `affine.load`/`store` whose map results are operands): an index out
    /// of bounds there is undefined behaviour, so where the query's op runs
    /// each was in bounds, in every execution without undefined behaviour
    /// before it. A claim resting on one must name it
    /// ([`Query::earlier_accesses`]).
    pub(crate) fn after_accesses(prover: &'q Prover<'r, 'f, 'a>, at: Op<'a>) -> Self {
        Self::make(prover, at, true)
    }

    fn make(prover: &'q Prover<'r, 'f, 'a>, at: Op<'a>, after_accesses: bool) -> Self {
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
            after_accesses,
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
        if let Some(bits) = self.prover.ranges.const_bits(v) {
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

    /// The earlier accesses whose bounds the facts `used` include
    /// ([`Query::after_accesses`]), each once, in order.
    pub(crate) fn earlier_accesses(&self, used: FactSet) -> Vec<Op<'a>> {
        let mut out = Vec::new();
        for f in used.facts().filter_map(|i| self.facts.get(i)) {
            if let Source::EarlierAccess(op) = f.source {
                if !out.contains(&op) {
                    out.push(op);
                }
            }
        }
        out
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
