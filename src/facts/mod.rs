//! Loop facts: exact trip counts, counter ranges with a no-wrap proof, and
//! what follows from them (in-bounds accesses, decided comparisons).
//!
//! - `bits`: width-bit patterns, their signed/unsigned readings, and the
//!   exact bits of constant values (shared by every module here);
//! - `predicate`: the comparison predicates (`slt`, `uge`, ...);
//! - `interval`: the one interval type (`[lo, hi]` in one order);
//! - `ir`: a copyable view of MLIR IR (ops, values, loom exits) tied to the
//!   borrow of the analysed op, and the rewriter passes change IR through;
//! - `semantics`: what each integer op computes and what each shaped op
//!   states about sizes, written once; every layer below reads ops through
//!   it (the one place an op's name is matched to its meaning);
//! - `trip_count`: the pure arithmetic core (counts and ranges from width,
//!   predicate, init, bound, step and shape, with the no-wrap proof);
//! - `recognize`: loop shapes on IR → core inputs, and the values whose
//!   ranges the facts describe;
//! - `ranges`: ranges of values at program points;
//! - `completion`: whether a loop iteration certainly runs to its end
//!   from an op on (where an increment's undefined overflow may be used);
//! - `analyze` and `checked` (this file): the entry points: every loop of a
//!   module with its facts, depth, number of entries and totals; with
//!   `checked`, every memory access with its proof (`bounds`) too;
//! - `walk`: the order they visit a module in (one function at a time, with
//!   the results of a whole-module order);
//! - `report`: the JSON and text compile reports.
//!
//! Claims are never guesses: whatever is not proven is `unknown` with the
//! reason, and counts that are only upper bounds are `at_most`.

pub(crate) mod ancestry;
pub(crate) mod assumptions;
pub(crate) mod bits;
pub(crate) mod bounds;
mod carried;
pub(crate) mod completion;
pub(crate) mod interval;
pub(crate) mod ir;
pub(crate) mod offset_bound;
pub(crate) mod preconditions;
pub(crate) mod predicate;
pub(crate) mod ranges;
pub(crate) mod recognize;
pub(crate) mod relational;
pub(crate) mod report;
pub(crate) mod schema;
pub(crate) mod semantics;
pub(crate) mod symbolic;
pub(crate) mod trip_count;
pub(crate) mod walk;

use crate::analysis::Options;
use ancestry::Ancestry;
use assumptions::Assumptions;
use interval::Interval;
use ir::{is_isolated_from_above, walk_preorder_skipping, ExitKind, FastMap, Op, Val};
use ranges::{Kept, Range, Ranges, ValueFact};
use recognize::{Core, Observed, Recognized};
use symbolic::counts::SymFacts;
use symbolic::expr::Expr;

/// Counter facts of a loop, in the comparison's order.
#[derive(Clone, Debug)]
pub struct Counter {
    pub type_name: String,
    pub width: u32,
    pub signed: bool,
    pub step: i128,
    pub condition: Interval,
    pub body: Option<Interval>,
    /// None for `at_most` loops (an early exit leaves with another value)
    /// and for symbolic loops.
    pub exit: Option<i128>,
    /// For a loop with symbolic ends: the exact ranges as expressions (the
    /// numeric `condition`/`body` above are then bounds valid for every
    /// argument value). Boxed: a loop with constant ends has none.
    pub symbolic: Option<Box<SymCounter>>,
}

/// Counter facts as expressions (see `symbolic::counts::SymFacts`).
#[derive(Clone, Debug)]
pub struct SymCounter {
    pub condition: (Expr, Expr),
    pub body: (Expr, Expr),
    /// None for `at_most` loops.
    pub exit: Option<Expr>,
}

#[derive(Clone, Debug)]
pub enum Status {
    /// `condition_count` is None for a loop without a condition
    /// (`scf.parallel`, `scf.forall`: see [`LoopRecord::dims`]).
    Exact {
        body_count: u128,
        condition_count: Option<u128>,
    },
    /// The body runs at most `max_body_count` times (early exits).
    AtMost {
        max_body_count: u128,
        why: String,
    },
    Unknown {
        reason: String,
    },
    /// Exact counts as expressions over arguments and buffer sizes.
    SymbolicExact {
        body_count: Expr,
        condition_count: Option<Expr>,
    },
    /// The body runs at most `max_body_count` times (early exits).
    SymbolicAtMost {
        max_body_count: Expr,
        why: String,
    },
}

#[derive(Clone, Debug)]
pub struct LoopRecord<'a> {
    pub op: Op<'a>,
    pub op_name: String,
    pub function: String,
    pub loc: String,
    pub depth: u32,
    pub status: Status,
    pub counter: Option<Counter>,
    /// For a loop of several induction variables (`scf.parallel`,
    /// `scf.forall`): each one's facts, in order, as the loop of the nest
    /// it lowers to (then `status` is the product and `counter` is None).
    pub dims: Vec<Dimension>,
    pub note: Option<&'static str>,
    /// Assumptions (options) the facts rely on, by their report names.
    pub assumptions: Vec<&'static str>,
    /// Times the loop is entered per entry of its function; None: unknown
    /// or symbolic.
    pub entries: Option<u128>,
    /// The same as an expression (a constant when `entries` is known; a
    /// product of enclosing symbolic counts otherwise).
    pub entries_expr: Option<Expr>,
    /// The order `entries_expr` reads its arguments in (None: no argument
    /// in it). Expressions read `%argN` in their loop's order, so counts of
    /// loops with different orders are never multiplied.
    entries_signed: Option<bool>,
}

/// One induction variable of a multi-dimensional loop: its facts as the
/// `scf.for` of the lowered nest (counts per entry of that loop).
#[derive(Clone, Debug)]
pub struct Dimension {
    pub status: Status,
    pub counter: Option<Counter>,
}

impl LoopRecord<'_> {
    /// (body count, condition count if the loop has a condition) per entry
    /// as expressions, when exact.
    fn count_exprs(&self) -> Option<(Expr, Option<Expr>)> {
        match &self.status {
            Status::Exact { body_count, condition_count } => Some((
                Expr::constant(i128::try_from(*body_count).ok()?),
                match condition_count {
                    Some(c) => Some(Expr::constant(i128::try_from(*c).ok()?)),
                    None => None,
                },
            )),
            Status::SymbolicExact { body_count, condition_count } => {
                Some((body_count.clone(), condition_count.clone()))
            }
            _ => None,
        }
    }

    /// Whether the loop's expressions read `%argN` in signed order (its
    /// counter's order; every dimension of a multi-dimensional loop is
    /// signed); None without a counter.
    pub(crate) fn signed(&self) -> Option<bool> {
        self.counter.as_ref().or_else(|| self.dims.first()?.counter.as_ref()).map(|c| c.signed)
    }

    /// Symbolic (total body count, total condition count if any) per entry
    /// of the function, when the counts are exact and the totals are not
    /// numbers.
    pub fn symbolic_totals(&self) -> Option<(Expr, Option<Expr>)> {
        if self.totals().is_some() {
            return None;
        }
        let (b, c) = self.count_exprs()?;
        if b.has_opaque() || c.as_ref().is_some_and(Expr::has_opaque) {
            // The count may differ from one entry to the next.
            return None;
        }
        let e = self.entries_expr.as_ref()?;
        // This loop's expressions read %argN in its own counter's order.
        if self.entries_signed.is_some() && self.entries_signed != self.signed() {
            return None;
        }
        let tb = b.mul(e)?;
        let tc = match c {
            Some(c) => Some(c.mul(e)?),
            None => None,
        };
        (tb.as_constant().is_none() || tc.as_ref().is_some_and(|t| t.as_constant().is_none())).then_some((tb, tc))
    }

    /// (total body count, total condition count if any) when exact.
    pub fn totals(&self) -> Option<(u128, Option<u128>)> {
        match (&self.status, self.entries) {
            (Status::Exact { body_count, condition_count }, Some(e)) => {
                let tc = match condition_count {
                    Some(c) => Some(e.checked_mul(*c)?),
                    None => None,
                };
                Some((e.checked_mul(*body_count)?, tc))
            }
            _ => None,
        }
    }
}

/// A part of the analysed IR with one index width: the analysed root, or a
/// nested op whose data layout gives `index` another width (a `gpu.module`
/// at 32 bits inside a 64-bit host module, or the reverse). Each scope is
/// analysed on its own, at its own width: its ops are those under its root
/// that are not inside a nested scope, so no fact, range or proof ever
/// mixes two widths.
pub(crate) struct Scope<'a> {
    root: Op<'a>,
    /// The width of `index` for every op of the scope (the data layout's
    /// `index` entry, as MLIR's `DataLayout` resolves it, else the option).
    pub(crate) index_width: u32,
    /// Facts stated at the width [`Ranges`] reads their values at (the
    /// value's type, `index` at `index_width`).
    facts: FastMap<Val<'a>, ValueFact<'a>>,
    /// Induction caps and completions read while recognising the loops of
    /// the function being analysed ([`Ranges::keeping`]), dropped with its
    /// facts.
    kept: Kept<'a>,
    /// Set when nothing in the scope is claimed, and why: its root changes
    /// the index width but is not isolated from above, so values defined
    /// outside it (at another width) may be used inside.
    opaque: Option<String>,
}

impl<'a> Scope<'a> {
    /// The scope of `root`, whose index width `width` differs from the
    /// enclosing scope's `outer`.
    fn new(root: Op<'a>, width: u32, outer: u32) -> Scope<'a> {
        let opaque = (!is_isolated_from_above(root)).then(|| {
            format!(
                "'{}' at {} sets the index width to {width} bits (the enclosing code has {outer}) but is not isolated from above, so values of either width may meet in it",
                root.name(),
                root.loc_string()
            )
        });
        Scope { root, index_width: width, facts: FastMap::default(), kept: Kept::default(), opaque }
    }

    /// The analysed root's scope.
    fn root(root: Op<'a>, width: u32) -> Scope<'a> {
        Scope { root, index_width: width, facts: FastMap::default(), kept: Kept::default(), opaque: None }
    }

    /// Range queries over the scope, at its index width.
    pub(crate) fn ranges(&self) -> Ranges<'_, 'a> {
        Ranges::new(&self.facts, self.index_width)
    }

    /// Why nothing in the scope is claimed, if nothing is.
    pub(crate) fn opaque(&self) -> Option<&str> {
        self.opaque.as_deref()
    }
}

/// Every loop of a module, and the value facts for range queries.
pub struct Analysis<'a> {
    /// The analysed root's scope first, then the nested ones in pre-order.
    scopes: Vec<Scope<'a>>,
    /// The root of each nested scope, with its index in `scopes`.
    borders: FastMap<Op<'a>, usize>,
    pub loops: Vec<LoopRecord<'a>>,
    /// Index width at the analysed root (DLTI entry or the option); nested
    /// scopes may have others (each loop's counter says its width).
    pub index_width: u32,
    /// The assumptions proofs may use (options).
    allowed: Assumptions,
}

impl<'a> Analysis<'a> {
    /// The scopes of the analysed IR (the root's first).
    pub(crate) fn scopes(&self) -> &[Scope<'a>] {
        &self.scopes
    }

    /// Walks the ops of `scope` in pre-order (not those of nested scopes).
    pub(crate) fn walk_scope(&self, scope: &Scope<'a>, f: &mut impl FnMut(Op<'a>)) {
        walk_preorder_skipping(scope.root, &|op| op != scope.root && self.borders.contains_key(&op), f);
    }

    /// Relational proofs over a scope, from `ranges` (see
    /// [`Scope::ranges`]) and the options.
    pub(crate) fn prover<'r, 'f>(&self, ranges: &'r Ranges<'f, 'a>) -> relational::Prover<'r, 'f, 'a> {
        relational::Prover::new(ranges, self.allowed)
    }
}

/// A range from the core's interval in the comparison's order, shifted by
/// `offset` (mod 2^width) when that provably does not wrap.
fn shifted(span: Interval, offset: u128, width: u32, signed: bool) -> Option<Range> {
    let s = bits::to_signed(offset, width);
    let candidates =
        if s == 0 { vec![0] } else { vec![s, if s > 0 { s - (1i128 << width) } else { s + (1i128 << width) }] };
    let full = Range::full(width);
    let limits = if signed { full.s } else { full.u };
    for r in candidates {
        let moved = span.shifted(r);
        if moved.lo >= limits.lo && moved.hi <= limits.hi {
            return Some(Range::in_order(moved, width, signed));
        }
    }
    Some(Range::full(width))
}

/// Records what `rec` says about its values, at the width range queries
/// read each value at (its type's, `index` at `index_width`, the scope's).
/// That is the loop's own width (a loop is recognised at its scope's
/// width); should they ever differ, a range of the loop's width says
/// nothing at the query width (full), while "never observed" (a body that
/// never runs) holds at any width. `assumes`: the assumptions the facts
/// rest on.
fn value_facts<'a>(
    rec: &Recognized<'a>,
    index_width: u32,
    assumes: Assumptions,
    facts: &mut FastMap<Val<'a>, ValueFact<'a>>,
) {
    // Symbolic loops contribute their numeric envelopes (bounds valid for
    // every argument value), and nothing about the exit value.
    let (condition, body, exit) = match &rec.core {
        Core::Exact { condition, body, exit, .. } => (condition, body, Some(*exit)),
        Core::Symbolic { condition, body, .. } => (condition, body, None),
        Core::Unknown(_) => return,
    };
    for role in &rec.roles {
        let Some(query_width) = bits::carrier(role.value, index_width).map(|t| t.width()) else { continue };
        let at_query_width =
            |r: Option<Range>| r.map(|r| if r.width == query_width { r } else { Range::full(query_width) });
        let span = |observed: Observed| -> Option<Option<Range>> {
            let range = match observed {
                Observed::Condition => shifted(*condition, role.offset, rec.width, rec.signed),
                Observed::Body => body.and_then(|b| shifted(b, role.offset, rec.width, rec.signed)),
                Observed::Exit => match exit {
                    Some(e) if rec.at_most.is_none() => shifted(Interval::point(e), role.offset, rec.width, rec.signed),
                    _ => return None,
                },
            };
            Some(at_query_width(range))
        };
        let Some(range) = span(role.observed) else { continue };
        let after_guard = role.split_at.map(|g| Box::new((g, span(Observed::Body).flatten())));
        facts.insert(role.value, ValueFact { range, after_guard, assumes });
    }
}

/// Whether `op` may end its block's execution early (it contains a loom
/// exit whose target is not inside it).
fn may_leave(op: Op<'_>) -> bool {
    std::iter::once(op).chain(op.nested_ops()).any(|o| match o.loom_exit() {
        Some((ExitKind::Yield, _)) | None => false,
        Some((_, Some(t))) => !t.is_within(op) || (t == op && o != op),
        Some((_, None)) => true,
    })
}

/// Whether `op` is in the entry block of its region (which runs once per
/// entry of the region, unless an op before `op` leaves it early).
fn in_entry_block(op: Op<'_>) -> bool {
    match (op.block(), op.block().and_then(|b| b.parent_region()).and_then(|r| r.first_block())) {
        (Some(b), Some(first)) => b == first,
        _ => false,
    }
}

/// How many times `inner` (directly in a region of loop `parent`) runs per
/// entry of `parent`; None when not exactly known. The parent's counts are
/// the same on every entry (their symbols are function arguments and
/// buffer sizes), so products over a nest are exact.
fn runs_per_entry<'a>(inner: Op<'a>, parent: Op<'a>, around: &Enclosing<'a>) -> Option<Expr> {
    let (body_count, condition_count) = around.counts.clone()?;
    let block = inner.block()?;
    let guard = around.guard;
    // Nothing before `inner` in its block may skip it.
    for sibling in block.ops() {
        if sibling == inner {
            break;
        }
        if Some(sibling) != guard && may_leave(sibling) {
            return None;
        }
    }
    match &*parent.name_ref() {
        "scf.while" => {
            if parent.region_index_of(inner)? == 0 {
                condition_count
            } else {
                Some(body_count)
            }
        }
        "scf.for" | "loom.for" | "affine.for" | "scf.parallel" | "scf.forall" | "affine.parallel" => Some(body_count),
        "loom.loop" => {
            let guard = guard?;
            if guard.is_before(inner) {
                Some(body_count)
            } else {
                condition_count
            }
        }
        _ => None,
    }
}

/// What recognition gave for one loop op.
enum Recognitions<'a> {
    One(Box<Recognized<'a>>),
    /// One per induction variable (`scf.parallel`, `scf.forall`).
    Dims(Vec<Recognized<'a>>),
}

/// Why a multi-dimensional loop's facts are per dimension.
const DIMENSIONS_NOTE: &str =
    "counted per dimension, as the nest of scf.for it lowers to (dimension 0 outermost); the body runs the product";

/// The status, counter, note and guard (see [`Enclosing::guard`]) of one
/// recognised loop (or dimension), with its value facts recorded in
/// `facts` and the assumptions it used added to `assumptions`.
fn record<'a>(
    rec: Recognized<'a>,
    iw: u32,
    assumptions: &mut Assumptions,
    facts: &mut FastMap<Val<'a>, ValueFact<'a>>,
) -> (Status, Option<Counter>, Option<&'static str>, Option<Op<'a>>) {
    if let Core::Symbolic { assumptions: used, .. } = &rec.core {
        *assumptions |= *used;
    }
    value_facts(&rec, iw, *assumptions, facts);
    let guard = rec.roles.iter().find_map(|r| r.split_at);
    // `rec` is consumed: its facts move into the record.
    let Recognized { type_name, width, signed, step, core, at_most, note, .. } = rec;
    let counter = |condition: Interval,
                   body: Option<Interval>,
                   exit: Option<i128>,
                   symbolic: Option<Box<SymCounter>>| {
        Counter { type_name, width, signed, step, condition, body, exit, symbolic }
    };
    match core {
        Core::Unknown(reason) => (Status::Unknown { reason }, None, note, guard),
        Core::Symbolic { facts: f, condition, body, .. } => {
            let SymFacts { body_count, condition_count, condition: sym_condition, body: sym_body, exit, .. } = *f;
            let symbolic =
                SymCounter { condition: sym_condition, body: sym_body, exit: at_most.is_none().then_some(exit) };
            let status = match at_most {
                None => Status::SymbolicExact { body_count, condition_count: Some(condition_count) },
                Some(why) => Status::SymbolicAtMost { max_body_count: body_count, why },
            };
            (status, Some(counter(condition, body, None, Some(Box::new(symbolic)))), note, guard)
        }
        Core::Exact { body_count, condition_count, condition, body, exit } => {
            let exit = at_most.is_none().then_some(exit);
            let status = match at_most {
                None => Status::Exact { body_count, condition_count: Some(condition_count) },
                Some(why) => Status::AtMost { max_body_count: body_count, why },
            };
            (status, Some(counter(condition, body, exit, None)), note, guard)
        }
    }
}

/// A multi-dimensional loop's status: exact (the product of the body
/// counts, no condition) when every dimension is exact.
fn product_of(dims: &[Dimension]) -> Status {
    let mut number: Option<u128> = Some(1);
    let mut expr = Expr::constant(1);
    for (n, d) in dims.iter().enumerate() {
        let count = match &d.status {
            Status::Exact { body_count, .. } => {
                number = number.and_then(|p| p.checked_mul(*body_count));
                i128::try_from(*body_count).ok().map(Expr::constant)
            }
            Status::SymbolicExact { body_count, .. } => {
                number = None;
                Some(body_count.clone())
            }
            Status::Unknown { reason } => {
                return Status::Unknown { reason: format!("induction variable {n}: {reason}") }
            }
            _ => None,
        };
        match count.and_then(|c| expr.mul(&c)) {
            Some(e) => expr = e,
            None => {
                return Status::Unknown { reason: "the product of the dimensions' counts is not expressible".into() }
            }
        }
    }
    // A product that folds to a number (a dimension with no iteration) is one.
    match number.or_else(|| expr.as_constant().and_then(|c| u128::try_from(c).ok())) {
        Some(body_count) => Status::Exact { body_count, condition_count: None },
        None => Status::SymbolicExact { body_count: expr, condition_count: None },
    }
}

/// Analyses every loop under `root`, keeping every value fact for range
/// queries afterwards (the folding and loop-facts passes). The one engine
/// is [`walk::Walk`], which every facts pass, the Rust API and the C API
/// run ([`checked`] adds the accesses).
///
/// One index width per scope ([`Scope`]): the root's, and one per nested op
/// whose data layout sets another. A loop is recognised at its scope's
/// width with the facts of the enclosing loops of its scope only, and its
/// facts are recorded in that scope's facts, so no range ever mixes two
/// widths (`Range` asserts it).
///
/// Assumptions flow with facts: a loop whose recognition read a fact that
/// rests on an assumption (an enclosing loop's counter range that used the
/// buffer-size cap, say) lists that assumption, and so do the facts it
/// records, for the loops and accesses that read them in turn.
pub fn analyze<'a>(root: Op<'a>, options: &Options) -> Analysis<'a> {
    let mut walk = walk::Walk::new(root, options);
    let mut found = walk::Collect::new(walk.index_width);
    walk.run(walk::Work::LoopsKeepingFacts, &mut found);
    let walk::Walk { scopes, borders, index_width, allowed, .. } = walk;
    Analysis { scopes, borders, loops: found.loops, index_width, allowed }
}

/// Every loop and every memory access under `root` (each access with its
/// bounds proof; with `explain`, each relational proof names the facts it
/// used), handed in pre-order as they are found to the sink `start` makes
/// from the index width at the root.
pub(crate) fn checked<'a, S: walk::Sink<'a>>(
    root: Op<'a>,
    options: &Options,
    explain: bool,
    start: impl FnOnce(u32) -> S,
) -> S {
    let mut walk = walk::Walk::new(root, options);
    let mut sink = start(walk.index_width);
    walk.run(walk::Work::LoopsAndAccesses { explain }, &mut sink);
    sink
}

/// What the entries of the loops nested in a recorded loop read of it.
struct Enclosing<'a> {
    /// Body and condition counts per entry, when exact.
    counts: Option<(Expr, Option<Expr>)>,
    /// The order its expressions read `%argN` in.
    signed: Option<bool>,
    assumptions: Vec<&'static str>,
    /// A counted `loom.loop`'s guard (the op that starts its body).
    guard: Option<Op<'a>>,
}

/// Recognises loop `op` in `scope` (its enclosing loops recorded before it,
/// in `enclosing`; `exits`: whether the code around may hold a loom exit,
/// see [`recognize::Context::exits`]), records its value facts in the
/// scope and what nested loops read of it in `enclosing`, and returns its
/// record.
fn loop_record<'a>(
    scope: &mut Scope<'a>,
    enclosing: &mut FastMap<Op<'a>, Enclosing<'a>>,
    ancestry: &Ancestry<'a>,
    allowed: Assumptions,
    exits: bool,
    op: Op<'a>,
) -> LoopRecord<'a> {
    let iw = scope.index_width;
    let multi = recognize::is_multi_dimensional(op);
    let mut assumptions = Assumptions::NONE;
    let recognized = match &scope.opaque {
        Some(why) => Err(why.clone()),
        None => {
            // Symbols' ranges: from types, guards, assumptions and the
            // facts of enclosing loops (analysed first: pre-order).
            let ranges = Ranges::keeping(&scope.facts, iw, &scope.kept);
            let ctx = recognize::Context { ranges: &ranges, allowed, exits };
            let rec = if multi {
                recognize::recognize_dims(op, iw, &ctx).map(Recognitions::Dims)
            } else {
                recognize::recognize(op, iw, &ctx).map(|r| Recognitions::One(Box::new(r)))
            };
            assumptions |= ranges.assumptions_read();
            rec
        }
    };
    let mut guard = None;
    let (status, counter, note, dims) = match recognized {
        Err(reason) => (Status::Unknown { reason }, None, None, Vec::new()),
        Ok(Recognitions::One(rec)) => {
            let (status, counter, note, g) = record(*rec, iw, &mut assumptions, &mut scope.facts);
            guard = g;
            (status, counter, note, Vec::new())
        }
        Ok(Recognitions::Dims(recs)) => {
            // The op is claimed only if every dimension is recognised,
            // so each dimension's value facts rest on the assumptions
            // any dimension used (without them, none is claimed).
            for rec in &recs {
                if let Core::Symbolic { assumptions: used, .. } = &rec.core {
                    assumptions |= *used;
                }
            }
            let dims: Vec<Dimension> = recs
                .into_iter()
                .map(|rec| {
                    let (status, counter, _, g) = record(rec, iw, &mut assumptions, &mut scope.facts);
                    guard = g.or(guard);
                    Dimension { status, counter }
                })
                .collect();
            (product_of(&dims), None, Some(DIMENSIONS_NOTE), dims)
        }
    };
    if matches!(status, Status::Unknown { .. }) {
        // No claim, so nothing rests on an assumption.
        assumptions = Assumptions::NONE;
    } else if dims.is_empty() && scope.opaque.is_none() {
        // Counters carried beside the induction variable.
        let found = {
            let ranges = Ranges::keeping(&scope.facts, iw, &scope.kept);
            carried::counter_facts(op, &status, counter.as_ref(), &ranges, assumptions)
        };
        carried::record(found, &mut scope.facts);
    }
    let place = ancestry.of(op);
    let mut l = LoopRecord {
        op,
        op_name: op.name(),
        function: place.function(),
        loc: op.loc_string(),
        depth: place.loop_depth,
        status,
        counter,
        dims,
        note,
        assumptions: assumptions.names().collect(),
        entries: None,
        entries_expr: None,
        entries_signed: None,
    };
    entries(&mut l, enclosing);
    enclosing.insert(
        op,
        Enclosing { counts: l.count_exprs(), signed: l.signed(), assumptions: l.assumptions.clone(), guard },
    );
    l
}

/// Sets the entries of `l`: the product of what each enclosing loop runs
/// its region, up to the enclosing symbol (function). Unknown through any
/// other op, and wherever a block may run more or less than once per entry
/// of its region: only an entry block runs exactly once (MLIR gives it no
/// predecessors); any other block (a `cf` loop's body, a branch's target)
/// may run any number of times.
fn entries<'a>(l: &mut LoopRecord<'a>, enclosing: &FastMap<Op<'a>, Enclosing<'a>>) {
    let mut entries = Some(Expr::constant(1));
    let mut signed: Option<bool> = None;
    // The assumptions of the enclosing counts the entries are made of.
    let mut inherited: Vec<&'static str> = Vec::new();
    let mut inner = l.op;
    while let Some(parent) = inner.parent() {
        if !in_entry_block(inner) {
            entries = None;
            break;
        }
        if parent.has_attr("sym_name") || parent.is("builtin.module") {
            break;
        }
        let around = enclosing.get(&parent);
        let factor = around.and_then(|p| {
            runs_per_entry(inner, parent, p).filter(|f| !f.has_opaque()).filter(|f| {
                // A symbolic factor reads its arguments in the parent's order.
                if f.as_constant().is_some() {
                    return true;
                }
                let agrees = signed.is_none() || signed == p.signed;
                signed = signed.or(p.signed);
                agrees
            })
        });
        if let (Some(_), Some(p)) = (&factor, around) {
            inherited.extend(&p.assumptions);
        }
        entries = entries.zip(factor).and_then(|(e, f)| e.mul(&f));
        if entries.is_none() {
            break;
        }
        inner = parent;
    }
    l.entries = entries.as_ref().and_then(|e| u128::try_from(e.as_constant()?).ok());
    // A loop's expressions read %argN in its own order: symbolic entries
    // read in another order are not stated for it.
    if signed.is_some() && signed != l.signed() {
        entries = None;
    }
    // Stated entries (the number, or the expression) rest on what the
    // enclosing counts rest on.
    if entries.is_some() || l.entries.is_some() {
        for a in inherited {
            if !l.assumptions.contains(&a) {
                l.assumptions.push(a);
            }
        }
    }
    l.entries_expr = entries;
    l.entries_signed = signed;
}
