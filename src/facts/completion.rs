//! Whether an iteration of an `scf.for` or `affine.for` certainly runs to
//! its end once it has reached a given op: the condition under which the
//! loop's increment `iv + step` certainly follows, so that its overflow,
//! undefined behaviour by `scf.for`'s semantics, may be assumed away.
//!
//! The rule "a body value satisfies `iv <= MAX - step`" (used by
//! `symbolic::symbols` for an enclosing loop's induction variable) is only
//! sound where the increment executes after every use of the fact: an
//! iteration that ends the program (a call to `exit`, a failing `cf.assert`
//! from `--generate-runtime-verification`), never ends (a loop that may not
//! terminate) or leaves the loop never computes `iv + step`, so nothing is
//! undefined and a fact derived from the rule may be wrong for that
//! iteration. [`Completion::completes_from`] answers, for an `outer` loop
//! and an op `at` inside its body: once `at` starts, does control certainly
//! reach the end of `outer`'s body? That holds when `at` itself and every
//! op after `at` up to the end of the body (at every nesting level, and the
//! whole body of every loop between `at` and `outer`, whose later
//! iterations also run) certainly complete.
//!
//! An op certainly completes ([`Completion::certain`]) when it cannot end
//! the program, loop forever or transfer control out of its parent, and
//! every op nested in it certainly completes:
//! - no calls (`func.call`, `func.call_indirect`, `llvm.call`, ...): a
//!   callee may call `exit`;
//! - no `cf.assert` (it aborts when it fails);
//! - no loops that may not terminate (`scf.while`, `loom.loop`); counted
//!   loops (`scf.for`, `affine.for`, `scf.parallel`, `scf.forall`,
//!   `affine.parallel`, `loom.for`) terminate;
//! - no region of more than one block (unstructured control flow may loop);
//! - only ops of the dialects whose ops are understood here (`arith`,
//!   `index`, `math`, `memref`, `vector`, `affine`, `scf`, `tensor`,
//!   `linalg`, `bufferization`, `ub`, `loom`): anything else may do
//!   anything.
//!
//! Exits: a `loom.break`/`loom.continue` cannot cross `scf.for` or
//! `affine.for` (neither may be crossed by an exit), so inside `outer`'s
//! body every exit targets an op inside the body and control stays in it.
//! Undefined behaviour (an out-of-bounds load, a division by zero) is not
//! an early end: an execution that has it may do anything already.
//!
//! Answers are memoised per op (the IR does not change while facts are
//! computed); the loop records of a function share one memo
//! (`ranges::Kept`), so each op is classified once per function.

use std::cell::RefCell;

use super::ir::{FastMap, Op};

/// Dialects whose ops (other than the ones named in [`ends_early`]) neither
/// end the program nor transfer control out of their parent.
const UNDERSTOOD_DIALECTS: &[&str] =
    &["arith", "index", "math", "memref", "vector", "affine", "scf", "tensor", "linalg", "bufferization", "ub", "loom"];

/// Whether `op`, by its own kind (not its regions), may end the program, run
/// forever or leave its parent other than by its normal end.
fn ends_early(op: Op<'_>) -> bool {
    let name = op.name_ref();
    if matches!(&*name, "cf.assert" | "scf.while" | "loom.loop")
        || name.ends_with(".call")
        || name.contains("call_indirect")
    {
        return true;
    }
    let dialect = name.split('.').next().unwrap_or("");
    !UNDERSTOOD_DIALECTS.contains(&dialect)
}

/// Whether region `r` of `op` has at most one block.
fn single_block(op: Op<'_>, r: usize) -> bool {
    op.region(r).first_block().is_none_or(|b| b.next().is_none())
}

/// Memoised answers for one analysis.
#[derive(Default)]
pub(crate) struct Completion<'a> {
    /// [`Completion::certain`] per op.
    certain: RefCell<FastMap<Op<'a>, bool>>,
    /// Whether `op` and every op after it in its block certainly complete.
    suffix: RefCell<FastMap<Op<'a>, bool>>,
}

impl<'a> Completion<'a> {
    /// Forgets every answer.
    pub(crate) fn clear(&mut self) {
        self.certain.get_mut().clear();
        self.suffix.get_mut().clear();
    }

    /// Whether `op` and everything nested in it certainly complete.
    pub(crate) fn certain(&self, op: Op<'a>) -> bool {
        if let Some(&known) = self.certain.borrow().get(&op) {
            return known;
        }
        let answer = !ends_early(op)
            && (0..op.num_regions()).all(|r| {
                single_block(op, r)
                    && op
                        .region(r)
                        .first_block()
                        .and_then(|b| b.first_op())
                        .is_none_or(|first| self.suffix_certain(first))
            });
        self.certain.borrow_mut().insert(op, answer);
        answer
    }

    /// Whether `op` and every op after it in its block certainly complete.
    fn suffix_certain(&self, op: Op<'a>) -> bool {
        if let Some(&known) = self.suffix.borrow().get(&op) {
            return known;
        }
        // Iterate to the block's end, then fill the memo backwards: blocks
        // may hold thousands of ops, too many for recursion.
        let mut ops = vec![op];
        let mut tail = true;
        while let Some(next) = ops.last().and_then(|o| o.next()) {
            if let Some(&known) = self.suffix.borrow().get(&next) {
                tail = known;
                break;
            }
            ops.push(next);
        }
        for o in ops.into_iter().rev() {
            tail = tail && self.certain(o);
            self.suffix.borrow_mut().insert(o, tail);
        }
        tail
    }

    /// Whether, once `at` (nested in `outer`'s body) starts, control
    /// certainly reaches the end of `outer`'s body: `at`, everything after
    /// it up to the end of the body, and every loop between them, whose
    /// later iterations also run, certainly complete.
    pub(crate) fn completes_from(&self, outer: Op<'a>, at: Op<'a>) -> bool {
        let mut op = at;
        loop {
            if !self.suffix_certain(op) {
                return false;
            }
            let Some(parent) = op.parent() else { return false };
            if parent == outer {
                return true;
            }
            // A loop's later iterations run too: its whole body must
            // complete; any other op must be one that ends normally once
            // its region does (no op of an unknown dialect, no
            // unstructured region).
            let completes = if parent.is_loop_like() {
                self.certain(parent)
            } else {
                !ends_early(parent) && (0..parent.num_regions()).all(|r| single_block(parent, r))
            };
            if !completes {
                return false;
            }
            op = parent;
        }
    }
}
