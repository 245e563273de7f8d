//! `loom-check-claims`: makes every claim the loop facts make on the input
//! IR checked at run time, so a wrong claim aborts the program with a
//! message naming it instead of going unnoticed.
//!
//! The claims are those of the other facts passes on the same IR and
//! options, computed before anything changes: the accesses
//! `loom-verify-bounds` proves in bounds and those the report proves
//! through the calls of their function ([`access`]), the comparisons and
//! extrema `loom-fold-loop-facts` decides ([`fold`], through that pass's
//! own phase 1), the comparisons its function versioning makes true under
//! a function's condition ([`fold`], through its own plan), exact and at-most body and condition counts per loop
//! entry, multi-dimensional loops included ([`counts`]), the counters'
//! ranges in conditions, bodies and on exit wherever a value holds the
//! counter ([`ranges`]) and, for counted loops, from the body count where
//! none does ([`exit`]), and per call of a function, each loop's entries
//! and total body and condition counts ([`totals`]). Expressions are
//! evaluated where the check is ([`eval`]): an enclosing loop's counter
//! they read is read there.
//! Each becomes a `cf.assert` of what the claim says about the run-time
//! values, with the message
//! `loom claim violated: <what> at <location>[ (assuming <assumptions>)]`,
//! where the assumptions are the options the claim rests on (as the reports
//! name them). The check code is built in `i128` (see [`emit`]), so it
//! cannot wrap; it is plain `arith`/`memref`/`cf`/`affine`/`vector` IR that
//! every loom lowering and `--generate-runtime-verification` accept. A
//! claim whose check cannot be built soundly (see each module) is left
//! unchecked, never checked against something else. Order in a body: the
//! count's increment, the counter's range, then each op's own checks.
//!
//! A decision of the relational prover does not say which assumptions it
//! used: its message names every one it was allowed (`may assume ...`).
//! The condition counts, condition ranges and exit values of `scf.for`,
//! `affine.for` and `loom.for`, which no value of the IR holds, are checked
//! after the loop from its body count and lower bound ([`exit`]).
//! Not checked: the condition and exit values of parallel dimensions and a
//! `loom.loop`'s exit value, no value of the IR until a lowering makes
//! them; counts of loops inside an op that may run its regions
//! concurrently (no slot one thread owns); the counter ranges of an
//! `scf.while` or `loom.loop` whose recognition, run again on the
//! unchanged IR, no longer names the values holding its counter (left
//! without a remark). Per-call totals that would read an enclosing loop's
//! counter are not claimed, so there is nothing to check.
//!
//! `remark-unchecked=true`: a remark at each claim left unchecked, with
//! why for counts.
//!
//! `plant` (test only): plants one wrong claim of a kind in every claim of
//! that kind before its check is made (`access`: every index one element
//! further; `fold`: the other boolean, or the candidate plus one; `count`:
//! one body execution more, or one fewer for an at-most count;
//! `condition`: one condition execution more, per entry and per call;
//! `range`: every counter range one higher; `per-call`: one entry and one
//! body execution more per call; `version`: a comparison false where its
//! function's versioning condition holds), to show that the checks catch
//! wrong claims where they run.

mod access;
mod counts;
mod exit;
mod fold;
mod ranges;
mod totals;

use melior::ir::operation::OperationRefMut;

use super::check_code::emit::Emitter;
use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, INDEX_BITWIDTH};
use super::fold_loop_facts::{decisions, version, Decisions, RestsOn};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::diagnostics::{emit, Severity};
use crate::facts::ir::{index_bitwidth, Op, Rewriter};
use crate::facts::{self, walk::Collect};

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-check-claims",
    description: "Insert a run-time check (cf.assert) of every claim the loop facts make",
    op_name: "",
    options: &[
        PassOption {
            name: "plant",
            description: "Test only: plant a wrong claim of this kind before checking it (none, access, fold, count, condition, range, per-call, version)",
            default: "none",
            kind: OptionKind::Choice(&PLANTS),
        },
        PassOption {
            name: "remark-unchecked",
            description: "Emit a remark at each claim whose check could not be built",
            default: "false",
            kind: OptionKind::Flag,
        },
        INDEX_BITWIDTH,
        ASSUME_BUFFER_BYTES,
        ASSUME_BUFFER_DIMS,
    ],
    run,
    preserves_ir: false,
};

/// The kinds of wrong claim `plant` may plant (test only), by option value.
const PLANTS: [&str; 8] = ["none", "access", "fold", "count", "condition", "range", "per-call", "version"];

/// A kind of wrong claim planted before its check is made (test only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plant {
    None,
    Access,
    Fold,
    /// A body count per entry.
    Count,
    /// A condition count, per entry and per call.
    Condition,
    Range,
    /// Entries and total body count per call.
    PerCall,
    /// A comparison true under its function's versioning condition.
    Version,
}

impl Plant {
    /// The kind an option value names (None for a value not in [`PLANTS`]).
    fn parse(value: &str) -> Option<Plant> {
        Some(match value {
            "none" => Plant::None,
            "access" => Plant::Access,
            "fold" => Plant::Fold,
            "count" => Plant::Count,
            "condition" => Plant::Condition,
            "range" => Plant::Range,
            "per-call" => Plant::PerCall,
            "version" => Plant::Version,
            _ => return None,
        })
    }
}

/// One claim: the op it is about, and what its message names.
pub(super) struct Claim<'a> {
    op: Op<'a>,
    op_name: String,
    loc: String,
    assumptions: Vec<&'static str>,
    /// The claim rests on some of `assumptions`, not known which.
    some_of: bool,
}

impl<'a> Claim<'a> {
    fn new(op: Op<'a>, assumptions: Vec<&'static str>) -> Claim<'a> {
        Claim { op, op_name: op.name(), loc: op.loc_string(), assumptions, some_of: false }
    }

    /// A fold decision's claim, with what it rests on.
    fn decided(op: Op<'a>, rests_on: RestsOn) -> Claim<'a> {
        let (assumed, some_of) = match rests_on {
            RestsOn::Exactly(a) => (a, false),
            RestsOn::AtMost(a) => (a, true),
        };
        Claim { some_of, ..Claim::new(op, assumed.names().collect()) }
    }

    /// `loom claim violated: <what> at <loc>[ (assuming ...)]` (`may
    /// assume ...` when it is not known which of them it rests on).
    fn message(&self, what: &str) -> String {
        let mut text = format!("loom claim violated: {what} at {}", self.loc);
        if !self.assumptions.is_empty() {
            let how = if self.some_of { "may assume" } else { "assuming" };
            text.push_str(&format!(" ({how} {})", self.assumptions.join(", ")));
        }
        text
    }
}

fn run(mut op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let Some(plant) = Plant::parse(options.choice("plant")) else {
        return Err(PassFailure::Unlocated(format!(
            "loom-check-claims: unknown plant kind '{}'",
            options.choice("plant")
        )));
    };
    let analysis_options = analysis_options(options);
    let mut rewriter = Rewriter::new(&mut op);
    let root = rewriter.root();
    // Every claim is read off the unchanged IR first.
    let mut found = facts::checked(root, &analysis_options, false, Collect::new);
    facts::preconditions::call_sites::resolve(root, &analysis_options, &mut found.accesses);
    let analysis = facts::analyze(root, &analysis_options);
    let decided = decisions(&analysis);
    let versions = version::plan(&analysis, &decided);
    let Decisions { compares, extrema } = decided;
    let roles = ranges::roles(&analysis, &analysis_options);
    let Some(mut em) = Emitter::new(&mut rewriter) else {
        return Err(PassFailure::Unlocated("loom-check-claims: the context cannot make i1, i64 and i128".into()));
    };
    let mut unchecked = Vec::new();
    // Counts first: a `loom.loop`'s guard is found by its place in the
    // body, so every plan is read before anything is inserted.
    let plans: Vec<_> = found
        .loops
        .iter()
        .filter(|l| counts::claims_count(l))
        .map(|l| (Claim::new(l.op, l.assumptions.clone()), counts::plan(l)))
        .collect();
    let range_plans: Vec<_> = found
        .loops
        .iter()
        .flat_map(|l| ranges::plans(l, &roles).into_iter().map(|p| (Claim::new(l.op, l.assumptions.clone()), p)))
        .collect();
    let exit_plans: Vec<_> = found
        .loops
        .iter()
        .filter_map(|l| exit::plan(l).map(|p| (Claim::new(l.op, l.assumptions.clone()), p)))
        .collect();
    let total_plans: Vec<_> = found
        .loops
        .iter()
        .flat_map(|l| totals::plans(l).into_iter().map(|p| (Claim::new(l.op, l.assumptions.clone()), p)))
        .collect();
    for (claim, plan) in plans {
        if !plan.is_some_and(|p| counts::check(&mut em, p, &claim, plant)) {
            let why = format!("trip count: {}", counts::why_unchecked(claim.op));
            unchecked.push((claim, why));
        }
    }
    for (claim, plan) in exit_plans {
        if !exit::check(&mut em, plan, &claim, plant) {
            unchecked.push((claim, "condition count, condition range and exit value".to_string()));
        }
    }
    for (claim, plan) in total_plans {
        if !totals::check(&mut em, plan, &claim, plant) {
            unchecked.push((claim, "count per call".to_string()));
        }
    }
    // Then the ranges, at the start of each body (before the accesses' checks).
    for (claim, plan) in range_plans {
        if !ranges::check(&mut em, plan, &claim, plant == Plant::Range) {
            unchecked.push((claim, "counter range".to_string()));
        }
    }
    // Proven on their own, or through the calls of their function.
    for a in found.accesses.iter().filter(|a| a.proven() || a.proven_through_calls()) {
        let claim = Claim::new(a.op, a.claim_assumptions());
        let width = index_bitwidth(a.op, analysis_options.index_bitwidth);
        if !access::check(&mut em, &claim, &a.rests_on, plant == Plant::Access, width) {
            unchecked.push((claim, "in bounds".to_string()));
        }
    }
    for (cmp, value, rests_on) in compares {
        let claim = Claim::decided(cmp, rests_on);
        if !fold::compare(&mut em, &claim, value, plant == Plant::Fold) {
            unchecked.push((claim, "decided".to_string()));
        }
    }
    for v in &versions {
        for &cmp in &v.compares {
            let claim = Claim::decided(cmp, v.rests_on);
            if !fold::under_condition(&mut em, &claim, &v.condition, plant == Plant::Version) {
                unchecked.push((claim, "true under the function's condition".to_string()));
            }
        }
    }
    for (extremum, chosen, rests_on) in extrema {
        let claim = Claim::decided(extremum, rests_on);
        if !fold::extremum(&mut em, &claim, chosen, plant == Plant::Fold) {
            unchecked.push((claim, "decided".to_string()));
        }
    }
    if options.flag("remark-unchecked") {
        for (claim, what) in unchecked {
            emit(
                claim.op.location(),
                Severity::Remark,
                &format!("loom-check-claims: claim not checked: {} {what}", claim.op_name),
            );
        }
    }
    Ok(())
}
