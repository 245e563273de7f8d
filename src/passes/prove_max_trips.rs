//! `loom-prove-max-trips`: annotates each `loom.loop` and `loom.for` with the
//! constant bound on its body executions per entry that loom's loop facts
//! prove, for `loom-lower-to-fixed-bound` (which runs this pass first), and
//! refuses a user's `loom.max_trips` that the facts prove too small.
//!
//! The attribute is derived: `loom.proven_max_trips = N : i64` says the
//! loop's body region runs at most N times per entry of the loop. From the
//! facts (`facts::analyze`, the same analysis as the report):
//!
//! - `loom.for`: the body count (`exact`) or its upper bound (`at_most`);
//! - a counted `loom.loop`: its body region runs once per condition check
//!   (its guard is the first op of the body), so N is the condition count
//!   (`exact`: body count + 1) or the `at_most` bound + 1 (each run of the
//!   region either passes the guard, at most `max_body_count` times, or
//!   leaves the loop, once).
//!
//! A count that is symbolic but constant counts as a number; a count above
//! `i64::MAX` or any other status gives no bound. A loop without a bound
//! gets `loom.max_trips_unproven = "<the facts' summary>"`
//! instead, so the lowering can say why.
//!
//! The user's bound. `loom.max_trips = N` on a loop is the user's guarantee
//! that its body region runs at most N times per entry (counted as above);
//! the lowering runs every entry of the loop exactly N times, so a bound
//! below what the loop runs changes what the program does. The pass fails,
//! with an error at each such loop naming the proven count and the bound,
//! and changes nothing, when the facts prove the region runs exactly R > N
//! times per entry and every op of the body certainly completes
//! (`facts::completion`: no call, `cf.assert`, loop that may not terminate
//! or op of an unknown dialect in it). An `exact` count says how many times
//! the body runs on an entry that runs to the loop's end; an op that may
//! end the program (a call to `exit`) or never end may stop every entry
//! sooner, so the user's bound may hold where the count does not: such a
//! loop, one whose count is only bounded (`at_most`, which proves no lower
//! bound), and one without a count are accepted as given. A bound at or
//! above the count is accepted.
//!
//! Options: those of the other facts passes (`index-bitwidth`, the index
//! width when the module has no DLTI `index` entry, and the two buffer
//! assumptions; listed in the error when the count used one).
//! `loom-lower-to-fixed-bound` runs the pass with their defaults.

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, INDEX_BITWIDTH};
use super::foreign::{Options, PassFailure, PassSpec};
use crate::diagnostics::{emit, Severity};
use crate::facts::completion::Completion;
use crate::facts::ir::{int_attr, Op, Rewriter};
use crate::facts::{self, bits, report, Status};

/// The derived bound's attribute.
pub(crate) const PROVEN: &str = "loom.proven_max_trips";
/// Set instead of [`PROVEN`] on a loom loop the facts do not bound.
pub(crate) const UNPROVEN: &str = "loom.max_trips_unproven";
/// The user's bound.
const USER: &str = "loom.max_trips";

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-prove-max-trips",
    description: "Annotate each loom.loop/loom.for with the constant bound on its body runs that loom's facts prove (loom.proven_max_trips); fail on a loom.max_trips they prove too small",
    op_name: "",
    options: &[INDEX_BITWIDTH, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS],
    run,
    preserves_ir: false,
};

fn run(mut op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let mut rewriter = Rewriter::new(&mut op);
    let analysis = facts::analyze(rewriter.root(), &analysis_options(options));
    let completion = Completion::default();
    let mut bounds = Vec::new();
    let mut refused = false;
    for l in &analysis.loops {
        let kind = if l.op.is("loom.for") {
            LoomLoop::For
        } else if l.op.is("loom.loop") {
            LoomLoop::Loop
        } else {
            continue;
        };
        let runs = region_runs(kind, &l.status);
        if let (Some(RegionRuns::Exactly(count)), Some(user)) = (runs, user_bound(l.op)) {
            if count > u128::from(user) && body_completes(&completion, l.op) {
                refused = true;
                emit(l.op.location(), Severity::Error, &too_small(kind, &l.op_name, user, count, &l.assumptions));
            }
        }
        bounds.push((l.op, runs.and_then(|r| i64::try_from(r.most()).ok()).ok_or_else(|| report::summary(l))));
    }
    if refused {
        return Err(PassFailure::Reported);
    }
    for (op, bound) in bounds {
        match bound {
            Ok(n) => rewriter.set_i64_attr(op, PROVEN, n),
            Err(summary) => rewriter.set_string_attr(op, UNPROVEN, &summary),
        }
    }
    Ok(())
}

/// The error at a loop whose `loom.max_trips = user` is below the `count`
/// runs of its body region that the facts prove for every entry.
fn too_small(kind: LoomLoop, op_name: &str, user: u64, count: u128, assumptions: &[&str]) -> String {
    let what = match kind {
        LoomLoop::For => format!("its body runs exactly {count} times per entry"),
        LoomLoop::Loop => format!(
            "its body runs exactly {count} times per entry ({} times past its exit test and once to leave)",
            count - 1
        ),
    };
    let assuming =
        if assumptions.is_empty() { String::new() } else { format!(" (assuming {})", assumptions.join(", ")) };
    format!(
        "'{op_name}' has {USER} = {user}, but loom's loop facts prove that {what}{assuming}: the bound is wrong, and \
         loom-lower-to-fixed-bound would stop the loop early; give a bound of at least {count}"
    )
}

/// The user's `loom.max_trips` on `op` (the verifier has checked that it is
/// a non-negative `i64`); None without one.
fn user_bound(op: Op<'_>) -> Option<u64> {
    let (raw, width) = int_attr(op.attr(USER)?)?;
    u64::try_from(bits::to_signed(u128::from(raw), width)).ok()
}

/// Whether every op of the body of the loom loop `op` certainly completes
/// (see `facts::completion`): each run of the body then reaches its exit.
fn body_completes<'a>(completion: &Completion<'a>, op: Op<'a>) -> bool {
    let Some(body) = op.region(0).first_block() else { return false };
    body.next().is_none() && body.ops().all(|o| completion.certain(o))
}

/// The two loom loops, which count their body region differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoomLoop {
    For,
    Loop,
}

/// What the facts prove about the runs of a loop's body region per entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RegionRuns {
    /// Exactly this many on every entry that reaches the loop's end.
    Exactly(u128),
    /// At most this many.
    AtMost(u128),
}

impl RegionRuns {
    /// The most runs per entry.
    fn most(self) -> u128 {
        match self {
            RegionRuns::Exactly(n) | RegionRuns::AtMost(n) => n,
        }
    }
}

/// How many times the loop's body region runs per entry, from its facts;
/// None without a constant count or bound.
fn region_runs(kind: LoomLoop, status: &Status) -> Option<RegionRuns> {
    let (body, exact, condition) = match status {
        Status::Exact { body_count, condition_count } => (*body_count, true, *condition_count),
        Status::AtMost { max_body_count, .. } => (*max_body_count, false, None),
        Status::SymbolicExact { body_count, condition_count } => (
            u128::try_from(body_count.as_constant()?).ok()?,
            true,
            match condition_count {
                Some(c) => Some(u128::try_from(c.as_constant()?).ok()?),
                None => None,
            },
        ),
        Status::SymbolicAtMost { max_body_count, .. } => {
            (u128::try_from(max_body_count.as_constant()?).ok()?, false, None)
        }
        Status::Unknown { .. } => return None,
    };
    match (kind, exact, condition) {
        (LoomLoop::For, true, _) => Some(RegionRuns::Exactly(body)),
        (LoomLoop::For, false, _) => Some(RegionRuns::AtMost(body)),
        (LoomLoop::Loop, true, Some(c)) => Some(RegionRuns::Exactly(c)),
        // Each run of the region passes the guard (at most `body` times)
        // or leaves the loop (once).
        (LoomLoop::Loop, _, _) => Some(RegionRuns::AtMost(body.checked_add(1)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loom_for_runs_its_body_count() {
        let exact = Status::Exact { body_count: 7, condition_count: Some(8) };
        assert_eq!(region_runs(LoomLoop::For, &exact), Some(RegionRuns::Exactly(7)));
        let at_most = Status::AtMost { max_body_count: 5, why: String::new() };
        assert_eq!(region_runs(LoomLoop::For, &at_most), Some(RegionRuns::AtMost(5)));
    }

    #[test]
    fn loom_loop_runs_its_region_once_more_than_past_the_guard() {
        let exact = Status::Exact { body_count: 7, condition_count: Some(8) };
        assert_eq!(region_runs(LoomLoop::Loop, &exact), Some(RegionRuns::Exactly(8)));
        let at_most = Status::AtMost { max_body_count: 5, why: String::new() };
        assert_eq!(region_runs(LoomLoop::Loop, &at_most), Some(RegionRuns::AtMost(6)));
        let zero = Status::Exact { body_count: 0, condition_count: Some(1) };
        assert_eq!(region_runs(LoomLoop::Loop, &zero), Some(RegionRuns::Exactly(1)));
    }

    #[test]
    fn an_exact_loom_loop_count_without_a_condition_count_is_only_a_bound() {
        let exact = Status::Exact { body_count: 7, condition_count: None };
        assert_eq!(region_runs(LoomLoop::Loop, &exact), Some(RegionRuns::AtMost(8)));
    }

    #[test]
    fn no_bound_without_a_constant() {
        let unknown = Status::Unknown { reason: String::new() };
        assert_eq!(region_runs(LoomLoop::For, &unknown), None);
        let overflow = Status::AtMost { max_body_count: u128::MAX, why: String::new() };
        assert_eq!(region_runs(LoomLoop::Loop, &overflow), None);
    }

    #[test]
    fn a_count_past_i64_is_exact_but_no_bound() {
        let huge = Status::Exact { body_count: u128::from(u64::MAX), condition_count: None };
        let runs = region_runs(LoomLoop::For, &huge);
        assert_eq!(runs, Some(RegionRuns::Exactly(u128::from(u64::MAX))));
        assert!(runs.and_then(|r| i64::try_from(r.most()).ok()).is_none());
    }

    #[test]
    fn the_error_names_the_count_and_the_bound() {
        let for_message = too_small(LoomLoop::For, "loom.for", 4, 5, &[]);
        assert!(for_message.starts_with("'loom.for' has loom.max_trips = 4, but loom's loop facts prove that its body runs exactly 5 times per entry: "), "{for_message}");
        let loop_message = too_small(LoomLoop::Loop, "loom.loop", 3, 6, &["buffer-bytes-below-half-address-space"]);
        assert!(loop_message.contains("exactly 6 times per entry (5 times past its exit test and once to leave) (assuming buffer-bytes-below-half-address-space)"), "{loop_message}");
    }
}
