//! Preconditions: conditions on a function's arguments under which an
//! access that is not proven on its own is in bounds (or a comparison is
//! true, for function versioning: `derive::for_compare`), and their check
//! at the module's calls of the function.
//!
//! A kernel written apart from its caller takes its sizes as arguments
//! (`@kernel(%m: i32, %A: memref<?xf64>)` running `for i < m: A[i]`):
//! nothing inside it relates `%m` to `dim(%A, 0)`, so the access is not
//! proven. Its precondition, `%arg0 <= dim(%arg1, 0)`, says which callers
//! make it safe:
//! - [`derive`]: at the access, the goal the prover failed (`i + 1 <=
//!   dim(A, 0)`), negated, with the facts that hold there, is projected
//!   onto the function's arguments and the sizes of its argument buffers
//!   (Fourier–Motzkin elimination): what remains describes the
//!   argument values for which a violation is not ruled out, a
//!   conjunction `c1 and ... and ck`; its negation, `not c1 or ... or not
//!   ck`, is the candidate (the "or the loop does not run" cases are the
//!   negated conditions for the loops around the access to run). Each
//!   candidate alternative is kept only if the prover then shows the goal
//!   with it assumed: no trust in how it was found.
//! - [`call_sites`]: at each `func.call` of the function in the module,
//!   every clause is proven with the caller's facts, the callee's
//!   arguments replaced by the call's operands (constants, the static and
//!   dynamic sizes of `memref.alloc`s, through casts). An access of a
//!   private function whose every use is such a call, each satisfying its
//!   precondition, is proven through call sites, naming the calls.
//!
//! A precondition is a conjunction of clauses, each a disjunction of
//! linear relations over `%argN` (the signed reading of argument N of the
//! `func.func`, as the prover reads every integer) and `dim(%argN, K)`,
//! printed in the report's expression grammar with `<=`, `or` and `and`:
//! `(%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and %arg1 <= 2100`.
//!
//! Invariant: every alternative of every clause was shown, by the
//! relational prover at the access, to make its goal hold; an access whose
//! clauses all hold at entry of its function is therefore in bounds at
//! every execution. The arguments and the sizes of argument buffers do not
//! change while the function runs, so a relation between them at entry
//! holds at the access.

pub(crate) mod call_sites;
pub(crate) mod derive;
pub(crate) mod report;

use super::ir::Val;
use super::relational::linear::Lin;
use super::relational::Query;
use super::symbolic::expr::{Expr, Leaf};

/// A quantity fixed at the entry of a function: argument `n`, or the
/// size of dimension `k` of the memref that is argument `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Quantity {
    Arg(u32),
    Dim(u32, usize),
}

/// `constant + Σ coefficient × quantity >= 0`, terms sorted, no zero
/// coefficient.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Relation {
    pub(crate) constant: i128,
    pub(crate) terms: Vec<(Quantity, i128)>,
}

/// A function's condition for one access: every clause must hold at entry
/// (a clause holds when one of its relations does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Precondition {
    pub(crate) clauses: Vec<Vec<Relation>>,
    /// The assumptions (options) the proofs under it used, by name.
    pub(crate) assumptions: Vec<&'static str>,
}

/// One `func.call` of a function, and whether it satisfies a precondition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CallCheck {
    /// The calling function's name.
    pub(crate) caller: String,
    pub(crate) loc: String,
    pub(crate) holds: bool,
    /// The assumptions the proof at the call used (when it holds).
    pub(crate) assumptions: Vec<&'static str>,
}

/// What the module's calls say of an access's precondition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CallSites {
    /// Every call of the function in the module, in pre-order.
    pub(crate) calls: Vec<CallCheck>,
    /// Why the calls listed are not all the function's uses, if they may
    /// not be (a public function, a use that is not a call).
    pub(crate) not_all_uses: Option<String>,
}

impl CallSites {
    /// Whether the access is in bounds at every execution: every use of
    /// the function is a listed call, there is one, and each satisfies
    /// the precondition.
    pub(crate) fn proven(&self) -> bool {
        self.not_all_uses.is_none() && !self.calls.is_empty() && self.calls.iter().all(|c| c.holds)
    }

    /// Why the access is not proven through call sites (None when it is).
    pub(crate) fn why_not(&self) -> Option<String> {
        if let Some(why) = &self.not_all_uses {
            return Some(why.clone());
        }
        if self.calls.is_empty() {
            return Some("no call of the function in the module".into());
        }
        let failing = self.calls.iter().filter(|c| !c.holds).count();
        (failing > 0).then(|| format!("not shown at {failing} of {} calls", self.calls.len()))
    }

    /// The assumptions the proofs at the calls used (with those of the
    /// precondition itself: the caller adds them).
    pub(crate) fn assumptions(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = Vec::new();
        for a in self.calls.iter().flat_map(|c| c.assumptions.iter()) {
            if !all.contains(a) {
                all.push(a);
            }
        }
        all
    }
}

impl Quantity {
    /// The quantity as a leaf of the report's expressions.
    pub(crate) fn expr(self) -> Expr {
        match self {
            Quantity::Arg(n) => Expr::leaf(Leaf::Arg(n)),
            Quantity::Dim(n, k) => Expr::leaf(Leaf::Dim(n, k as u64)),
        }
    }
}

impl Relation {
    /// The relation as a form of `query` (`lin >= 0`), argument N read as
    /// `argument(N)`: the function's own argument where the function is
    /// analysed, a call's operand at a call. None when a quantity is not
    /// read (no such argument, or not a form).
    pub(crate) fn lin<'a>(
        &self,
        query: &mut Query<'_, '_, '_, 'a>,
        argument: impl Fn(u32) -> Option<Val<'a>>,
    ) -> Option<Lin> {
        let mut lin = Lin::constant(self.constant);
        for &(q, k) in &self.terms {
            let v = match q {
                Quantity::Arg(n) => query.value(argument(n)?)?,
                Quantity::Dim(n, d) => query.dim(argument(n)?, d)?,
            };
            lin = lin.add_scaled(&v, k)?;
        }
        Some(lin)
    }

    /// `constant + Σ coefficient × quantity`, the expression the relation
    /// says is at least 0; None if it does not fit an expression.
    pub(crate) fn expr(&self) -> Option<Expr> {
        let mut e = Expr::constant(self.constant);
        for &(q, k) in &self.terms {
            e = e.add(&q.expr().scale(k)?)?;
        }
        Some(e)
    }

    /// `lhs <= rhs` with every coefficient positive, in the report's
    /// expression grammar (`%arg0 + 1 <= dim(%arg2, 0)`); None if a side
    /// does not fit an expression.
    pub(crate) fn text(&self) -> Option<String> {
        let leaf = Quantity::expr;
        let mut lhs = Expr::constant(0);
        let mut rhs = Expr::constant(0);
        for &(q, k) in &self.terms {
            if k > 0 {
                rhs = rhs.add(&leaf(q).scale(k)?)?;
            } else {
                lhs = lhs.add(&leaf(q).scale(k.checked_neg()?)?)?;
            }
        }
        if self.constant > 0 {
            rhs = rhs.add_const(self.constant)?;
        } else {
            lhs = lhs.add_const(self.constant.checked_neg()?)?;
        }
        Some(format!("{lhs} <= {rhs}"))
    }
}

impl Precondition {
    /// The condition as text: clauses joined by `and`, the alternatives of
    /// each by `or` (parenthesised when there are several clauses).
    pub(crate) fn text(&self) -> String {
        let clause = |c: &Vec<Relation>| {
            let parts: Vec<String> = c.iter().map(|r| r.text().unwrap_or_else(|| "?".into())).collect();
            if parts.len() > 1 && self.clauses.len() > 1 {
                format!("({})", parts.join(" or "))
            } else {
                parts.join(" or ")
            }
        };
        self.clauses.iter().map(clause).collect::<Vec<_>>().join(" and ")
    }

    /// The conjunction of several preconditions (clauses in order, each
    /// once).
    pub(crate) fn all<'p>(parts: impl IntoIterator<Item = &'p Precondition>) -> Option<Precondition> {
        let mut out = Precondition { clauses: Vec::new(), assumptions: Vec::new() };
        let mut any = false;
        for p in parts {
            any = true;
            for c in &p.clauses {
                if !out.clauses.contains(c) {
                    out.clauses.push(c.clone());
                }
            }
            for a in &p.assumptions {
                if !out.assumptions.contains(a) {
                    out.assumptions.push(a);
                }
            }
        }
        any.then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(constant: i128, terms: &[(Quantity, i128)]) -> Relation {
        Relation { constant, terms: terms.to_vec() }
    }

    #[test]
    fn relations_print_with_positive_sides() {
        let a0 = Quantity::Arg(0);
        let d = Quantity::Dim(2, 0);
        assert_eq!(rel(0, &[(a0, -1), (d, 1)]).text().unwrap(), "%arg0 <= dim(%arg2, 0)");
        assert_eq!(rel(2100, &[(Quantity::Arg(1), -1)]).text().unwrap(), "%arg1 <= 2100");
        assert_eq!(rel(-1, &[(a0, -1), (d, 1)]).text().unwrap(), "%arg0 + 1 <= dim(%arg2, 0)");
        assert_eq!(rel(0, &[(a0, -1)]).text().unwrap(), "%arg0 <= 0");
        assert_eq!(rel(-3, &[(a0, 2)]).text().unwrap(), "3 <= 2 * %arg0");
    }

    #[test]
    fn clauses_join_with_and_and_or() {
        let a = rel(0, &[(Quantity::Arg(0), -1), (Quantity::Dim(2, 0), 1)]);
        let b = rel(0, &[(Quantity::Arg(1), -1)]);
        let c = rel(2100, &[(Quantity::Arg(1), -1)]);
        let one = Precondition { clauses: vec![vec![a.clone(), b.clone()]], assumptions: Vec::new() };
        assert_eq!(one.text(), "%arg0 <= dim(%arg2, 0) or %arg1 <= 0");
        let two = Precondition { clauses: vec![vec![a, b], vec![c]], assumptions: Vec::new() };
        assert_eq!(two.text(), "(%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and %arg1 <= 2100");
        let both = Precondition::all([&one, &two]).unwrap();
        assert_eq!(both.clauses.len(), 2);
    }
}
