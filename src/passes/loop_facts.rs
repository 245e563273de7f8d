//! `loom-loop-facts`: attaches each loop's proven facts as an attribute.
//!
//! Every loop-like op gets `loom.facts = "<summary>"`: `exact: body N,
//! condition N+1, ...; counter <type> <order> step S, condition [a, b],
//! body [c, d], exit e`, or `at_most: body <= N (why)`, or
//! `unknown: <reason>` (see `facts::report::summary`). With `remarks=true`
//! the same text is emitted as a remark at the loop, for
//! `--verify-diagnostics` tests. Whenever the context has MLIR 22's remark
//! engine (`--remark-format=...` with `--remarks-filter=loom-loop-facts`,
//! say), each loop also gets an analysis remark `LoopFacts` of pass
//! `loom-loop-facts` whose arguments are the loop's JSON report fields (see
//! [`remark_args`]), whatever `remarks` says. The facts come from `facts::analyze`
//! (shape recognition + the arithmetic core with its no-wrap proof); the
//! pass only writes them down, so it never changes what the IR means.
//!
//! The index width is the module's DLTI `index` entry when present, else
//! the `index-bitwidth` option (default 64).

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::diagnostics::{emit, emit_remark, remarks_enabled, RemarkKind, Severity};
use crate::facts::schema::{LoopReport, LoopStatus};
use crate::facts::{self, ir::Rewriter, report};

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-loop-facts",
    description: "Attach proven trip counts and counter ranges to loops (loom.facts)",
    op_name: "",
    options: &[
        PassOption {
            name: "remarks",
            description: "Also emit the facts as remarks",
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

fn run(mut op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let remarks = options.flag("remarks");
    let mut rewriter = Rewriter::new(&mut op);
    let analysis = facts::analyze(rewriter.root(), &analysis_options(options));
    for l in &analysis.loops {
        let text = report::summary(l);
        if remarks {
            emit(l.op.location(), Severity::Remark, &format!("loop facts: {text}"));
        }
        if remarks_enabled(l.op.location()) {
            let r = LoopReport::from_record(l);
            emit_remark(
                l.op.location(),
                RemarkKind::Analysis,
                SPEC.argument,
                "LoopFacts",
                &r.function,
                &remark_args(&r),
            );
        }
        rewriter.set_string_attr(l.op, "loom.facts", &text);
    }
    Ok(())
}

/// A loop's report (the JSON report's loop entry, schema v2) as remark
/// arguments, in the JSON field order and under the JSON names: `op`,
/// `depth`, `status` (`exact`, `at_most`, `unknown`), the counts present
/// (`body_count`, `condition_count`, `max_body_count`, `entries`,
/// `total_body_count`, `total_condition_count`, each as a number or, for
/// symbolic counts, as `*_expr`), `reason`, the counter (`counter_type`,
/// `counter_signed`, `counter_step`, `counter_condition`, `counter_body` as
/// `[lo, hi]`, `counter_exit`, or their `*_expr` forms), `note`, and one
/// `assumption` per assumption the facts relied on. Absent fields are left
/// out, as in the JSON.
pub(crate) fn remark_args(r: &LoopReport) -> Vec<(&'static str, String)> {
    let mut args = vec![("op", r.op.clone()), ("depth", r.depth.to_string())];
    let status = match r.status {
        LoopStatus::Exact => "exact",
        LoopStatus::AtMost => "at_most",
        LoopStatus::Unknown => "unknown",
    };
    args.push(("status", status.to_string()));
    let mut count = |key: &'static str, n: Option<u128>, key_expr: &'static str, e: &Option<String>| {
        if let Some(n) = n {
            args.push((key, n.to_string()));
        }
        if let Some(e) = e {
            args.push((key_expr, e.clone()));
        }
    };
    count("body_count", r.body_count, "body_count_expr", &r.body_count_expr);
    count("condition_count", r.condition_count, "condition_count_expr", &r.condition_count_expr);
    count("max_body_count", r.max_body_count, "max_body_count_expr", &r.max_body_count_expr);
    count("entries", r.entries, "entries_expr", &None);
    count("total_body_count", r.total_body_count, "total_body_count_expr", &r.total_body_count_expr);
    count(
        "total_condition_count",
        r.total_condition_count,
        "total_condition_count_expr",
        &r.total_condition_count_expr,
    );
    if let Some(reason) = &r.reason {
        args.push(("reason", reason.clone()));
    }
    if let Some(c) = &r.counter {
        let pair = |[lo, hi]: &[i128; 2]| format!("[{lo}, {hi}]");
        let expr_pair = |[lo, hi]: &[String; 2]| format!("[{lo}, {hi}]");
        args.push(("counter_type", c.type_name.clone()));
        args.push(("counter_signed", c.signed.to_string()));
        args.push(("counter_step", c.step.to_string()));
        args.push(("counter_condition", pair(&c.condition)));
        if let Some(e) = &c.condition_expr {
            args.push(("counter_condition_expr", expr_pair(e)));
        }
        if let Some(b) = &c.body {
            args.push(("counter_body", pair(b)));
        }
        if let Some(e) = &c.body_expr {
            args.push(("counter_body_expr", expr_pair(e)));
        }
        if let Some(x) = c.exit {
            args.push(("counter_exit", x.to_string()));
        }
        if let Some(e) = &c.exit_expr {
            args.push(("counter_exit_expr", e.clone()));
        }
    }
    if let Some(note) = &r.note {
        args.push(("note", note.clone()));
    }
    for a in &r.assumptions {
        args.push(("assumption", a.clone()));
    }
    args
}
