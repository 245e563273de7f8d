//! The expansion of a query's atoms: adding the facts about each atom.
//!
//! Atoms are expanded breadth-first, in the order they are made, nearest
//! to the question first ([`Query::expand_until`] goes on up to a given
//! distance, [`Query::settle`] finishes a paused expansion). Expanding a
//! memref dimension's size states `0 <= size` and, with the buffer-size
//! assumption, its upper limit ([`Query::expand_dim`]); expanding a value
//! states its range and the facts of its definition, loop or while
//! argument ([`Query::expand_value`]).
//!
//! Invariant: a pause only delays facts, so a query that pauses and goes
//! on gathers the same facts in the same order (budgets included) as one
//! that expands everything at once; atoms past [`MAX_DISTANCE`] are not
//! expanded (their facts are left out).

use super::{Query, MAX_DISTANCE};
use crate::facts::bits::{smax, smin};
use crate::facts::ir::{Def, Val};
use crate::facts::relational::linear::{Atom, Lin};
use crate::facts::relational::{Key, Source};
use crate::facts::semantics::{size_of, Size};

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    /// Adds the facts of every atom not expanded yet (and of the atoms
    /// they bring), and the dormant conditions they wake.
    pub(super) fn expand_all(&mut self) {
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
    pub(super) fn expand_until(&mut self, level: u32) -> bool {
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
    pub(super) fn settle(&mut self) {
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
}
