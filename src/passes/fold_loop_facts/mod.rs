//! `loom-fold-loop-facts`: folds comparisons and selects that the facts
//! decide, so that a proven fact pays off in the IR.
//!
//! Phase 1 (analysis only): for every `arith.cmpi`/`index.cmp`, the ranges
//! of both operands where the comparison executes (`facts::ranges`: loop
//! facts, constants, `loom.assume_range`, enclosing guards) decide it when
//! every pair of values gives the same answer in the predicate's order;
//! for example `arith.cmpi ult, %i, %c4` in the body of a loop whose body
//! range of `%i` is [0, 3] is always true. Comparisons whose operands have
//! an empty range (code that never runs) are left alone. Each comparison is
//! decided at the index width of its own scope (a nested module or
//! `gpu.module` whose data layout sets another width is analysed at that
//! width: `facts::Scope`).
//! What the ranges leave open, the relational facts may decide
//! (`facts::relational`: loop bounds against symbolic bounds, guards,
//! exact arithmetic, invariants): `arith.cmpi slt, %i, %dim` in the body of
//! `scf.for %i = %c0 to %dim` is true. So the bounds checks that
//! `--generate-runtime-verification` puts before an access loom proves fold
//! to `true`, and `canonicalize` then removes their `cf.assert`s.
//! The prover also decides `arith.minsi`/`maxsi` and `affine.min`/`max`
//! whose result is always one candidate (an operand, or a constant map
//! result): the tile size `min(4, D - %i)` in the main loop of a peeled
//! tiling is always 4 (`Prover::chosen_extremum`).
//! Phase 2 (rewrite): each decided comparison is replaced by an
//! `arith.constant` of the same i1 value inserted before it, and erased.
//! Then every scalar `arith.select` whose condition is now a constant is
//! replaced by the operand it selects, and each decided extremum by its
//! candidate (read when rewriting, after earlier replacements). All
//! decisions are made on the
//! unchanged IR before the first rewrite, so no rewrite can influence
//! another decision.
//! With `version-functions=true`, a function whose runtime checks all
//! hold under one condition on its arguments is versioned: checked when
//! the condition fails at entry, unchecked when it holds ([`version`];
//! planned on the unchanged IR too, applied after the folds above, so
//! both versions have them).

pub(super) mod version;

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::const_bits;
use crate::facts::ir::{walk_preorder, Op, Rewriter};
use crate::facts::predicate::Predicate;
use crate::facts::ranges::Range;
use crate::facts::relational::Chosen;
use crate::facts::{self};

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-fold-loop-facts",
    description: "Fold comparisons and selects decided by loop facts",
    op_name: "",
    options: &[INDEX_BITWIDTH, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, VERSION_FUNCTIONS],
    run,
    preserves_ir: false,
};

/// The `version-functions` option (see [`version`]).
pub const VERSION_FUNCTIONS: PassOption = PassOption {
    name: "version-functions",
    description: "Version each function whose runtime checks (cf.assert) all hold under a condition on its arguments: the checks run only when the condition fails at entry",
    default: "false",
    kind: OptionKind::Flag,
};

/// The value of `a pred b` for all values of the ranges, if it is the same.
pub fn decide(pred: Predicate, a: &Range, b: &Range) -> Option<bool> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let (x, y) = if pred.is_signed() { (a.s, b.s) } else { (a.u, b.u) };
    match pred {
        Predicate::Eq | Predicate::Ne => {
            let eq = if a.single().is_some() && a.single() == b.single() {
                Some(true)
            } else if a.s.hi < b.s.lo || b.s.hi < a.s.lo || a.u.hi < b.u.lo || b.u.hi < a.u.lo {
                Some(false)
            } else {
                None
            };
            eq.map(|e| if pred == Predicate::Eq { e } else { !e })
        }
        Predicate::Slt | Predicate::Ult => (x.hi < y.lo).then_some(true).or((x.lo >= y.hi).then_some(false)),
        Predicate::Sle | Predicate::Ule => (x.hi <= y.lo).then_some(true).or((x.lo > y.hi).then_some(false)),
        Predicate::Sgt | Predicate::Ugt => (x.lo > y.hi).then_some(true).or((x.hi <= y.lo).then_some(false)),
        Predicate::Sge | Predicate::Uge => (x.lo >= y.hi).then_some(true).or((x.hi < y.lo).then_some(false)),
    }
}

/// What phase 1 decides: each decided comparison with its value, and each
/// decided extremum with the candidate it always is (both in pre-order),
/// each with what it rests on. `loom-check-claims` checks exactly these
/// decisions at run time.
pub(super) struct Decisions<'a> {
    pub(super) compares: Vec<(Op<'a>, bool, RestsOn)>,
    pub(super) extrema: Vec<(Op<'a>, Chosen, RestsOn)>,
}

/// The assumptions a decision rests on: exactly these (a decision by the
/// operands' ranges), or some of these (a relational proof, which does
/// not say which it used: every assumption it was allowed).
#[derive(Clone, Copy, Debug)]
pub(super) enum RestsOn {
    Exactly(Assumptions),
    AtMost(Assumptions),
}

/// Phase 1: the comparisons and extrema the facts of `analysis` decide.
pub(super) fn decisions<'a>(analysis: &facts::Analysis<'a>) -> Decisions<'a> {
    let mut decided = Decisions { compares: Vec::new(), extrema: Vec::new() };
    // Each scope at its own index width; nothing in an opaque one.
    for scope in analysis.scopes().iter().filter(|s| s.opaque().is_none()) {
        let ranges = scope.ranges();
        let prover = analysis.prover(&ranges);
        analysis.walk_scope(scope, &mut |inner| {
            if let Some(chosen) = prover.chosen_extremum(inner) {
                decided.extrema.push((inner, chosen, RestsOn::AtMost(prover.allowed)));
                return;
            }
            let Some(pred) = inner.compare_predicate() else { return };
            let (Some(a), Some(b)) = (ranges.at(inner.operand(0), inner), ranges.at(inner.operand(1), inner)) else {
                return;
            };
            if let Some(value) = decide(pred, &a, &b) {
                let read = ranges.assumptions_of(inner.operand(0)) | ranges.assumptions_of(inner.operand(1));
                decided.compares.push((inner, value, RestsOn::Exactly(read.intersect(prover.allowed))));
            } else if let Some(value) = prover.decide(inner) {
                decided.compares.push((inner, value, RestsOn::AtMost(prover.allowed)));
            }
        });
    }
    decided
}

/// Replaces comparison `cmp` by an `arith.constant` of `value` inserted
/// before it, and erases it (left alone when it is in no block).
///
/// # Safety
/// Neither `cmp` nor its result may be used afterwards (compares have no
/// regions, so nothing else is freed with it).
unsafe fn replace_compare<'a>(rw: &mut Rewriter<'a>, cmp: Op<'a>, value: bool) {
    let Some(constant) = rw.insert_bool_constant(cmp, value) else { return };
    rw.replace_all_uses(cmp.result(0), constant);
    // SAFETY: every use of `cmp` now reads `constant`, and by this
    // function's contract no handle to it is used after this.
    unsafe { rw.erase(cmp) };
}

fn run(mut op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let mut rewriter = Rewriter::new(&mut op);
    let root = rewriter.root();
    let analysis = facts::analyze(root, &analysis_options(options));
    let decided = decisions(&analysis);
    let versions = if options.flag(VERSION_FUNCTIONS.name) { version::plan(&analysis, &decided) } else { Vec::new() };
    let Decisions { compares: decided, extrema } = decided;
    for (cmp, value, _) in decided {
        // SAFETY: each decided compare is collected once, and `decided`
        // holds no other handle into it.
        unsafe { replace_compare(&mut rewriter, cmp, value) };
    }
    for (extremum, chosen, _) in extrema {
        let value = match chosen {
            Chosen::Operand(n) => Some(extremum.operand(n)),
            Chosen::Constant(c) => rewriter.insert_constant(extremum, extremum.result(0).ty(), c),
        };
        let Some(value) = value.filter(|v| *v != extremum.result(0)) else { continue };
        rewriter.replace_all_uses(extremum.result(0), value);
        // SAFETY: `extremum` (collected above, each op once) is not used
        // after this, and min/max ops have no regions; `value` is an
        // operand of it or a new constant, which stay live.
        unsafe { rewriter.erase(extremum) };
    }
    for v in &versions {
        version::apply(&mut rewriter, v);
    }
    let mut selects = Vec::new();
    walk_preorder(root, &mut |inner| {
        if inner.is("arith.select") {
            // An i1 condition: the index width does not matter.
            if let Some(c) = const_bits(inner.operand(0), analysis.index_width) {
                selects.push((inner, c != 0));
            }
        }
    });
    for (select, value) in selects {
        let chosen = select.operand(if value { 1 } else { 2 });
        if chosen == select.result(0) {
            // Selects its own result (possible in a graph region): replacing
            // would keep every use, so erasing would leave them dangling.
            continue;
        }
        rewriter.replace_all_uses(select.result(0), chosen);
        // SAFETY: `select` (collected above, each select once) is not used
        // after this, and selects have no regions; `chosen` is another
        // value (checked above), which stays live.
        unsafe { rewriter.erase(select) };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_check_in_body_is_true() {
        let i = Range::signed(0, 3, 64);
        let four = Range::exact(4, 64);
        assert_eq!(decide(Predicate::Ult, &i, &four), Some(true));
        assert_eq!(decide(Predicate::Slt, &i, &four), Some(true));
        assert_eq!(decide(Predicate::Uge, &i, &four), Some(false));
        let cond = Range::signed(0, 4, 64);
        assert_eq!(decide(Predicate::Ult, &cond, &four), None);
    }

    #[test]
    fn equality() {
        let a = Range::exact(3, 8);
        assert_eq!(decide(Predicate::Eq, &a, &Range::exact(3, 8)), Some(true));
        assert_eq!(decide(Predicate::Ne, &a, &Range::signed(4, 9, 8)), Some(true));
        assert_eq!(decide(Predicate::Eq, &a, &Range::signed(0, 9, 8)), None);
    }
}
