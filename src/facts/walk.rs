//! The order the facts analysis visits a module in: one function at a time.
//!
//! Every result is the one a walk of the whole module would give — every
//! loop in pre-order (each after the loops enclosing it, whose facts its
//! recognition reads), then every access in pre-order (after every loop,
//! whose facts its proof reads) — but the work is done one `func.func` at a
//! time: its loops, each loop's entries, then its accesses, while its IR is
//! still in the caches, and its value facts are dropped when it is done
//! (unless the caller asks to keep them: the folding passes query the whole
//! module afterwards). On a module of 100 000 loops, walking the whole IR
//! once per phase and holding every fact until the end costs more in cache
//! misses than the analysis costs in instructions.
//!
//! Why the results are the same:
//! - A function is isolated from above: no query about its ops reaches a
//!   value defined outside it, and no query outside reaches one of its own.
//!   So its value facts can live in a table of their own, and its accesses
//!   need only its own loops to be done.
//! - A loop's entries multiply the counts of its enclosing loops up to the
//!   enclosing symbol (`func.func` has one), so they never read a loop
//!   outside its function, and a loop's enclosing loops come before it in
//!   pre-order: its entries are known as soon as it is recorded.
//! - The prover keeps answers only within a function (`Prover::forget`),
//!   so a fresh prover per function answers as the module-wide one did.
//! - The ops outside every function (rare: a module-level loop) are
//!   analysed first, all of their loops before any of their accesses (a
//!   module's body is a graph region, where a use may come before its
//!   definition); their results are handed out in their pre-order place,
//!   between the functions around them.
//!
//! Results reach the caller through a [`Sink`], each channel (loops,
//! accesses) in pre-order, so a report can be written as it is built.

use std::mem;

use super::ancestry::Ancestry;
use super::assumptions::Assumptions;
use super::bounds::{Access, Checker, Earlier};
use super::ir::{index_bitwidth, sets_index_width, FastMap, Op};
use super::recognize::may_exit_early;
use super::relational::Prover;
use super::{loop_record, Enclosing, LoopRecord, Ranges, Scope};
use crate::analysis::Options;

/// Where the analysis' results go, each kind in pre-order of its ops.
pub(crate) trait Sink<'a> {
    fn found_loop(&mut self, record: LoopRecord<'a>);
    fn found_access(&mut self, access: Access<'a>);
}

/// Every result, in order.
pub(crate) struct Collect<'a> {
    /// Index width at the analysed root.
    pub(crate) index_width: u32,
    pub(crate) loops: Vec<LoopRecord<'a>>,
    pub(crate) accesses: Vec<Access<'a>>,
}

impl Collect<'_> {
    pub(crate) fn new(index_width: u32) -> Self {
        Collect { index_width, loops: Vec::new(), accesses: Vec::new() }
    }
}

impl<'a> Sink<'a> for Collect<'a> {
    fn found_loop(&mut self, record: LoopRecord<'a>) {
        self.loops.push(record);
    }
    fn found_access(&mut self, access: Access<'a>) {
        self.accesses.push(access);
    }
}

/// What a walk computes besides the loops.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Work {
    /// Loops only, keeping every value fact (for queries after the walk).
    LoopsKeepingFacts,
    /// Loops and accesses, each function's facts dropped when it is done;
    /// `explain`: each relational proof names the facts it used.
    LoopsAndAccesses { explain: bool },
}

/// One analysis of the IR under a root.
pub(crate) struct Walk<'a> {
    root: Op<'a>,
    /// The root's scope first, then the nested ones in pre-order.
    pub(super) scopes: Vec<Scope<'a>>,
    /// The root of each nested scope, with its index in `scopes`.
    pub(super) borders: FastMap<Op<'a>, usize>,
    /// Index width at the root (DLTI entry or the option).
    pub(crate) index_width: u32,
    pub(super) allowed: Assumptions,
    /// What the entries of nested loops read of each loop recorded so far
    /// (of the current function, or outside every function).
    enclosing: FastMap<Op<'a>, Enclosing<'a>>,
    /// The function and loop depth of each loop and access.
    ancestry: Ancestry<'a>,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(root: Op<'a>, options: &Options) -> Walk<'a> {
        let fallback = options.index_bitwidth.clamp(1, super::bits::MAX_WIDTH);
        let index_width = index_bitwidth(root, fallback);
        let (scopes, borders) = find_scopes(root, index_width, fallback);
        Walk {
            root,
            scopes,
            borders,
            index_width,
            allowed: options.assumptions(),
            enclosing: FastMap::default(),
            ancestry: Ancestry::default(),
        }
    }

    /// Runs the analysis, handing every result to `sink`.
    pub(crate) fn run(&mut self, work: Work, sink: &mut impl Sink<'a>) {
        let root = self.root;
        // The ops outside every function: their loops, then their accesses,
        // each with the number of functions before it in pre-order.
        let mut functions = Vec::new();
        let mut loops = Vec::new();
        walk_scoped(root, &self.borders, 0, &mut |s, op| {
            if op != root && op.is("func.func") {
                functions.push((op, s));
                return false;
            }
            if op.is_loop_like() {
                let record =
                    loop_record(&mut self.scopes[s], &mut self.enclosing, &self.ancestry, self.allowed, true, op);
                loops.push((functions.len(), record));
            }
            true
        });
        let mut accesses = Vec::new();
        if let Work::LoopsAndAccesses { explain } = work {
            let before = std::cell::Cell::new(0);
            let outside = &mut |op: Op<'a>| {
                let outside = op == root || !op.is("func.func");
                if !outside {
                    before.set(before.get() + 1);
                }
                outside
            };
            self.check_accesses(root, 0, explain, outside, &mut |a| accesses.push((before.get(), a)));
        }
        let mut loops = loops.into_iter().peekable();
        let mut accesses = accesses.into_iter().peekable();
        for n in 0..=functions.len() {
            while let Some((_, record)) = loops.next_if(|(before, _)| *before <= n) {
                sink.found_loop(record);
            }
            while let Some((_, access)) = accesses.next_if(|(before, _)| *before <= n) {
                sink.found_access(access);
            }
            if let Some(&(function, s)) = functions.get(n) {
                self.function(function, s, work, sink);
            }
        }
    }

    /// Analyses one function (in scope `s`) completely, on tables of its own.
    fn function(&mut self, function: Op<'a>, s: usize, work: Work, sink: &mut impl Sink<'a>) {
        let outer_facts = mem::take(&mut self.scopes[s].facts);
        let outer_enclosing = mem::take(&mut self.enclosing);
        // One walk of the function instead of one of each loop's body.
        let exits = may_exit_early(function);
        walk_scoped(function, &self.borders, s, &mut |s, op| {
            if op.is_loop_like() {
                sink.found_loop(loop_record(
                    &mut self.scopes[s],
                    &mut self.enclosing,
                    &self.ancestry,
                    self.allowed,
                    exits,
                    op,
                ));
            }
            true
        });
        // The induction caps and completions its loops kept name its ops
        // only.
        for scope in &mut self.scopes {
            scope.kept.clear();
        }
        if let Work::LoopsAndAccesses { explain } = work {
            self.check_accesses(function, s, explain, &mut |_| true, &mut |a| sink.found_access(a));
        }
        self.ancestry.forget();
        let facts = mem::replace(&mut self.scopes[s].facts, outer_facts);
        if work == Work::LoopsKeepingFacts {
            self.scopes[s].facts.extend(facts);
        }
        self.enclosing = outer_enclosing;
    }

    /// Checks every access under `top` (in scope `scope`) in pre-order, not
    /// entering the ops for which `enter` is false, each in its scope; an
    /// access in an opaque scope is unproven, with the scope's reason.
    fn check_accesses(
        &self,
        top: Op<'a>,
        scope: usize,
        explain: bool,
        enter: &mut impl FnMut(Op<'a>) -> bool,
        found: &mut impl FnMut(Access<'a>),
    ) {
        let ranges: Vec<Ranges<'_, 'a>> = self.scopes.iter().map(Scope::ranges).collect();
        let provers: Vec<_> = ranges.iter().map(|r| Prover::new(r, self.allowed)).collect();
        let checkers: Vec<_> = provers
            .iter()
            .map(|prover| Checker { prover, explain, after_accesses: false, ancestry: &self.ancestry })
            .collect();
        let mut earlier = Earlier::default();
        walk_scoped(top, &self.borders, scope, &mut |scope, op| {
            if !enter(op) {
                return false;
            }
            if op.is("func.func") {
                provers[scope].forget();
            }
            if let Some(mut a) = checkers[scope].check(op) {
                if let Some(why) = self.scopes[scope].opaque() {
                    a.not_analysed(why);
                } else {
                    if !a.proven() {
                        checkers[scope].rest_on_earlier(&mut a, &earlier, scope);
                    }
                    earlier.note(scope, op);
                }
                found(a);
            }
            true
        });
    }
}

/// Walks `op` and, where `f` returns true, its nested ops in pre-order,
/// each with the index of its scope (`scope` for `op`; a border op starts
/// its own).
pub(super) fn walk_scoped<'a>(
    op: Op<'a>,
    borders: &FastMap<Op<'a>, usize>,
    scope: usize,
    f: &mut impl FnMut(usize, Op<'a>) -> bool,
) {
    if !f(scope, op) {
        return;
    }
    for r in 0..op.num_regions() {
        let mut block = op.region(r).first_block();
        while let Some(b) = block {
            let mut inner = b.first_op();
            while let Some(o) = inner {
                walk_scoped(o, borders, borders.get(&o).copied().unwrap_or(scope), f);
                inner = o.next();
            }
            block = b.next();
        }
    }
}

/// The scopes under `root` (whose index width is `width`): `root`'s, then
/// one per nested op that sets another index width, in pre-order; and the
/// roots of the nested ones with their indices.
fn find_scopes<'a>(root: Op<'a>, width: u32, fallback: u32) -> (Vec<Scope<'a>>, FastMap<Op<'a>, usize>) {
    fn nested<'a>(
        op: Op<'a>,
        width: u32,
        fallback: u32,
        scopes: &mut Vec<Scope<'a>>,
        borders: &mut FastMap<Op<'a>, usize>,
    ) {
        for r in 0..op.num_regions() {
            let mut block = op.region(r).first_block();
            while let Some(b) = block {
                let mut inner = b.first_op();
                while let Some(o) = inner {
                    let mut w = width;
                    if o.num_regions() > 0 && sets_index_width(o) {
                        w = index_bitwidth(o, fallback);
                        if w != width {
                            borders.insert(o, scopes.len());
                            scopes.push(Scope::new(o, w, width));
                        }
                    }
                    if o.num_regions() > 0 {
                        nested(o, w, fallback, scopes, borders);
                    }
                    inner = o.next();
                }
                block = b.next();
            }
        }
    }
    let mut scopes = vec![Scope::root(root, width)];
    let mut borders = FastMap::default();
    nested(root, width, fallback, &mut scopes, &mut borders);
    (scopes, borders)
}
