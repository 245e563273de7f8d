//! `loom-loop-facts`: attaches each loop's proven facts as an attribute.
//!
//! Every loop-like op gets `loom.facts = "<summary>"`: `exact: body N,
//! condition N+1, ...; counter <type> <order> step S, condition [a, b],
//! body [c, d], exit e`, or `at_most: body <= N (why)`, or
//! `unknown: <reason>` (see `facts::report::summary`). With `remarks=true`
//! the same text is emitted as a remark at the loop, for
//! `--verify-diagnostics` tests. The facts come from `facts::analyze`
//! (shape recognition + the arithmetic core with its no-wrap proof); the
//! pass only writes them down, so it never changes what the IR means.
//!
//! The index width is the module's DLTI `index` entry when present, else
//! the `index-bitwidth` option (default 64).

use melior::ir::operation::OperationRefMut;

use super::facts_common::{index_bitwidth, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::diagnostics::{emit, Severity};
use crate::facts::{self, ir::Op, report};

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
    ],
    run,
};

fn run(op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let remarks = options.flag("remarks");
    let iw = index_bitwidth(options);
    let root = Op(op.to_raw());
    let analysis = facts::analyze(root, iw);
    for l in &analysis.loops {
        let text = report::summary(l);
        if remarks {
            // SAFETY: `l.op` is a live op under the anchor; its location is
            // uniqued in the context, which outlives this run, and `loc` is
            // used only in this iteration.
            let loc = unsafe { melior::ir::Location::from_raw(l.op.location()) };
            emit(loc, Severity::Remark, &format!("loop facts: {text}"));
        }
        facts::ir::set_string_attr(l.op, "loom.facts", &text);
    }
    Ok(())
}
