//! `loom-prove-max-trips`: annotates each `loom.loop` and `loom.for` with the
//! constant bound on its body executions per entry that loom's loop facts
//! prove, for `loom-lower-to-fixed-bound` (which runs this pass first).
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
//! instead, so the lowering can say why. Nothing else changes. The index
//! width is the module's DLTI `index` entry when present, else 64; the
//! facts' default assumptions apply (listed in the report).

use melior::ir::operation::OperationRefMut;

use super::foreign::{Options, PassFailure, PassSpec};
use crate::analysis::Options as AnalysisOptions;
use crate::facts::ir::Rewriter;
use crate::facts::{self, report, Status};

/// The derived bound's attribute.
pub(crate) const PROVEN: &str = "loom.proven_max_trips";
/// Set instead of [`PROVEN`] on a loom loop the facts do not bound.
pub(crate) const UNPROVEN: &str = "loom.max_trips_unproven";

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-prove-max-trips",
    description: "Annotate each loom.loop/loom.for with the constant bound on its body runs that loom's facts prove (loom.proven_max_trips)",
    op_name: "",
    options: &[],
    run,
    preserves_ir: false,
};

fn run(mut op: OperationRefMut<'_, '_>, _options: &Options) -> Result<(), PassFailure> {
    let mut rewriter = Rewriter::new(&mut op);
    let analysis = facts::analyze(rewriter.root(), &AnalysisOptions::default());
    for l in &analysis.loops {
        let kind = if l.op.is("loom.for") {
            LoomLoop::For
        } else if l.op.is("loom.loop") {
            LoomLoop::Loop
        } else {
            continue;
        };
        match region_runs(kind, &l.status) {
            Some(n) => rewriter.set_i64_attr(l.op, PROVEN, n),
            None => rewriter.set_string_attr(l.op, UNPROVEN, &report::summary(l)),
        }
    }
    Ok(())
}

/// The two loom loops, which count their body region differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoomLoop {
    For,
    Loop,
}

/// How many times the loop's body region runs at most per entry, from its
/// facts; None without a constant bound that fits an `i64`.
fn region_runs(kind: LoomLoop, status: &Status) -> Option<i64> {
    let (body, exact_condition) = match status {
        Status::Exact { body_count, condition_count } => (*body_count, *condition_count),
        Status::AtMost { max_body_count, .. } => (*max_body_count, None),
        Status::SymbolicExact { body_count, condition_count } => (
            u128::try_from(body_count.as_constant()?).ok()?,
            match condition_count {
                Some(c) => Some(u128::try_from(c.as_constant()?).ok()?),
                None => None,
            },
        ),
        Status::SymbolicAtMost { max_body_count, .. } => (u128::try_from(max_body_count.as_constant()?).ok()?, None),
        Status::Unknown { .. } => return None,
    };
    let runs = match kind {
        LoomLoop::For => body,
        LoomLoop::Loop => match exact_condition {
            Some(c) => c,
            None => body.checked_add(1)?,
        },
    };
    i64::try_from(runs).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loom_for_runs_its_body_count() {
        let exact = Status::Exact { body_count: 7, condition_count: Some(8) };
        assert_eq!(region_runs(LoomLoop::For, &exact), Some(7));
        let at_most = Status::AtMost { max_body_count: 5, why: String::new() };
        assert_eq!(region_runs(LoomLoop::For, &at_most), Some(5));
    }

    #[test]
    fn loom_loop_runs_its_region_once_more_than_past_the_guard() {
        let exact = Status::Exact { body_count: 7, condition_count: Some(8) };
        assert_eq!(region_runs(LoomLoop::Loop, &exact), Some(8));
        let at_most = Status::AtMost { max_body_count: 5, why: String::new() };
        assert_eq!(region_runs(LoomLoop::Loop, &at_most), Some(6));
        let zero = Status::Exact { body_count: 0, condition_count: Some(1) };
        assert_eq!(region_runs(LoomLoop::Loop, &zero), Some(1));
    }

    #[test]
    fn no_bound_without_a_constant_that_fits() {
        let unknown = Status::Unknown { reason: String::new() };
        assert_eq!(region_runs(LoomLoop::For, &unknown), None);
        let huge = Status::Exact { body_count: u128::from(u64::MAX), condition_count: None };
        assert_eq!(region_runs(LoomLoop::For, &huge), None);
        let overflow = Status::AtMost { max_body_count: u128::MAX, why: String::new() };
        assert_eq!(region_runs(LoomLoop::Loop, &overflow), None);
    }
}
