//! Function versioning (`version-functions=true`): a function whose runtime
//! checks all hold under one condition on its arguments runs them only
//! when that condition fails at entry.
//!
//! `--generate-runtime-verification` puts a `cf.assert` before each access
//! (`0 <= i and i < dim(A, 0)`). In a kernel whose sizes are arguments
//! (`for i < m: A[i]`) no check is decided on its own: it holds for some
//! arguments only. Each check's comparisons (the `arith.cmpi`/`index.cmp`
//! leaves of its condition, through `arith.andi`) that phase 1 did not
//! decide get a precondition (`preconditions::derive::for_compare`: a
//! condition on the arguments and their buffers' sizes under which the
//! prover shows the comparison true, every alternative verified by the
//! prover). The function's condition is the conjunction of them all. If
//! every check of the function has one ([`plan`]), the body is duplicated
//! ([`apply`]): the entry block keeps the arguments and its static
//! `memref.alloca`s (shared by both versions), evaluates the condition in
//! `i128` from the arguments and `memref.dim`s (the evaluation of
//! `loom-check-claims`, which cannot wrap) and branches to the copy when it
//! holds, to the original otherwise. In the copy, each such comparison is
//! replaced by `true`, so `canonicalize` removes its `cf.assert`s; the
//! original keeps every check, so behaviour is unchanged on every input.
//!
//! Invariant: a comparison is folded in the copy only when the prover
//! showed it true wherever it runs in executions whose arguments satisfy
//! its precondition at entry, and the copy runs only when the whole
//! condition holds there, evaluated exactly. The facts at a comparison may
//! include earlier `cf.assert`s of the same body: in the copy those hold
//! too (each was shown under the same condition, and the one it rests on
//! dominates it), so no fold rests on a check the copy removed that could
//! have failed.
//! A function is left alone when a check has a leaf that is neither a
//! comparison nor `true`, a comparison phase 1 decided false (its check
//! fails wherever it runs), a `ne`, or one without a precondition (or
//! whose precondition holds only where it does not run); when
//! the condition has more than [`MAX_CLAUSES`] clauses or a term too large
//! to evaluate in `i128`; and when it has no clause (nothing to version:
//! phase 1 folds what the facts decide alone). A versioned function
//! carries its condition, in the report's expression grammar, as
//! `loom.version_condition`; one that has it is not versioned again.

use std::collections::hash_map::Entry;

use super::{Decisions, RestsOn};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::const_bits;
use crate::facts::ir::{shape_of, Def, FastMap, FastSet, Op, Rewriter, Val};
use crate::facts::preconditions::call_sites::enclosing_func;
use crate::facts::preconditions::derive::for_compare;
use crate::facts::preconditions::{Precondition, Quantity};
use crate::facts::{self};
use crate::passes::check_code::emit::{Cmp, Emitter};
use crate::passes::check_code::eval::{emit_expr, magnitude, Leaves};

/// The attribute that names a versioned function's condition (declared by
/// the loom dialect); a function that has it is not versioned again.
const CONDITION_ATTR: &str = "loom.version_condition";

/// Clauses a versioned function's condition may have.
const MAX_CLAUSES: usize = 64;

/// A function to version: its condition and the comparisons it makes true.
pub(in crate::passes) struct Version<'a> {
    func: Op<'a>,
    pub(in crate::passes) condition: Precondition,
    /// In the order their asserts come in pre-order, each once.
    pub(in crate::passes) compares: Vec<Op<'a>>,
    /// What each decision under the condition rests on (a relational
    /// proof: some of the assumptions the options allow).
    pub(in crate::passes) rests_on: RestsOn,
}

/// What is known of a function's checks so far.
enum Checks<'a> {
    Versionable { parts: Vec<Precondition>, compares: Vec<Op<'a>>, allowed: Assumptions },
    Not,
}

/// The comparisons at the leaves of an `i1` condition through
/// `arith.andi` (each once, first found first; a shared operand is read
/// once); Err when a leaf is neither a comparison nor the constant `true`.
fn leaves<'a>(cond: Val<'a>, index_width: u32) -> Result<Vec<Op<'a>>, ()> {
    let mut out = Vec::new();
    let mut seen: FastSet<Val<'a>> = FastSet::default();
    let mut stack = vec![cond];
    while let Some(v) = stack.pop() {
        if !seen.insert(v) || const_bits(v, index_width) == Some(1) {
            continue;
        }
        let Def::Result(op) = v.def() else { return Err(()) };
        if op.is("arith.andi") {
            stack.push(op.operand(1));
            stack.push(op.operand(0));
        } else if op.compare_predicate().is_some() {
            out.push(op);
        } else {
            return Err(());
        }
    }
    Ok(out)
}

/// Whether every quantity of `condition` names an argument of `func`'s
/// entry block, each `dim` one of memref type: what the evaluation at
/// entry reads.
fn readable(condition: &Precondition, func: Op<'_>) -> bool {
    let Some(entry) = func.entry_block(0) else { return false };
    let arg = |n: u32| ((n as usize) < entry.num_args()).then(|| entry.arg(n as usize));
    condition.clauses.iter().flatten().flat_map(|r| r.terms.iter()).all(|&(q, _)| match q {
        Quantity::Arg(n) => arg(n).is_some(),
        Quantity::Dim(n, k) => arg(n).and_then(|a| shape_of(a.ty())).is_some_and(|shape| k < shape.len()),
    })
}

/// The functions of `analysis`'s root to version (see the module header),
/// found on the unchanged IR; `decided` is phase 1's result on it.
pub(in crate::passes) fn plan<'a>(analysis: &facts::Analysis<'a>, decided: &Decisions<'a>) -> Vec<Version<'a>> {
    let known: FastMap<Op<'a>, bool> = decided.compares.iter().map(|(op, value, _)| (*op, *value)).collect();
    let mut order: Vec<Op<'a>> = Vec::new();
    let mut checks: FastMap<Op<'a>, Checks<'a>> = FastMap::default();
    for scope in analysis.scopes().iter().filter(|s| s.opaque().is_none()) {
        let ranges = scope.ranges();
        let prover = analysis.prover(&ranges);
        let width = ranges.index_width;
        analysis.walk_scope(scope, &mut |op| {
            if !op.is("cf.assert") {
                return;
            }
            let Some(func) = enclosing_func(op).filter(|f| !f.has_attr(CONDITION_ATTR)) else { return };
            let state = match checks.entry(func) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(e) => {
                    order.push(func);
                    e.insert(Checks::Versionable { parts: Vec::new(), compares: Vec::new(), allowed: prover.allowed })
                }
            };
            let Checks::Versionable { parts, compares, .. } = state else { return };
            let Ok(found) = leaves(op.operand(0), width) else {
                *state = Checks::Not;
                return;
            };
            for cmp in found {
                match known.get(&cmp) {
                    Some(true) => continue,
                    Some(false) => {
                        *state = Checks::Not;
                        return;
                    }
                    None => {}
                }
                if compares.contains(&cmp) {
                    continue;
                }
                match for_compare(&prover, cmp, width) {
                    Ok(p) => {
                        parts.push(p);
                        compares.push(cmp);
                    }
                    Err(_) => {
                        *state = Checks::Not;
                        return;
                    }
                }
            }
        });
    }
    let mut out = Vec::new();
    for func in order {
        let Some(Checks::Versionable { parts, compares, allowed }) = checks.remove(&func) else { continue };
        let Some(condition) = Precondition::all(&parts) else { continue };
        if condition.clauses.is_empty() || condition.clauses.len() > MAX_CLAUSES || !readable(&condition, func) {
            continue;
        }
        // Every relation evaluates in i128 without wrapping.
        let leaves = Leaves::args_of(compares[0]);
        let fits =
            condition.clauses.iter().flatten().all(|r| r.expr().is_some_and(|e| magnitude(&e, &leaves).is_some()));
        if fits {
            out.push(Version { func, condition, compares, rests_on: RestsOn::AtMost(allowed) });
        }
    }
    out
}

/// Versions `v.func` (see the module header). When the function cannot be
/// duplicated the IR is unchanged; when its condition cannot be built
/// after that (no op here fails to build in practice), the branch keeps
/// the constant `false` and the function's attribute says `false`: the
/// checked body always runs. Behaviour is unchanged either way.
pub(super) fn apply<'a>(rw: &mut Rewriter<'a>, v: &Version<'a>) {
    let Some((branch, copies)) = rw.version_function_body(v.func, &v.compares) else { return };
    for cmp in copies {
        // SAFETY: each copy is made above once and not used after this.
        unsafe { super::replace_compare(rw, cmp, true) };
    }
    let placeholder = branch.operand(0);
    let Some(condition) = Emitter::new(rw).and_then(|mut em| emit_condition(&mut em, branch, &v.condition)) else {
        rw.set_string_attr(v.func, CONDITION_ATTR, "false");
        return;
    };
    rw.set_operand(branch, 0, condition);
    rw.set_string_attr(v.func, CONDITION_ATTR, &v.condition.text());
    if let Def::Result(constant) = placeholder.def() {
        // SAFETY: the placeholder `arith.constant` made with the branch had
        // that one use, now replaced; nothing else holds it.
        unsafe { rw.erase(constant) };
    }
}

/// `condition` evaluated before `before` (an op of the function, where
/// every argument is visible): each relation `e >= 0` in `i128`, `or`
/// within a clause, `and` across clauses. (Arguments and buffer sizes do
/// not change while the function runs: the value is the one at entry.)
pub(in crate::passes) fn emit_condition<'a>(
    em: &mut Emitter<'_, 'a>,
    before: Op<'a>,
    condition: &Precondition,
) -> Option<Val<'a>> {
    let leaves = Leaves::args_of(before);
    let zero = em.wide_const(before, 0)?;
    let mut clauses = Vec::new();
    for clause in &condition.clauses {
        let mut any: Option<Val<'a>> = None;
        for r in clause {
            let e = emit_expr(em, before, &r.expr()?, &leaves, Some(true))?;
            let holds = em.cmp(before, Cmp::Sle, zero, e)?;
            any = Some(match any {
                Some(a) => em.binary(before, "arith.ori", a, holds)?,
                None => holds,
            });
        }
        clauses.push(any?);
    }
    em.all(before, &clauses)
}
