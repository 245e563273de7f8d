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

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::diagnostics::{emit, Severity};
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
    ],
    run,
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
        rewriter.set_string_attr(l.op, "loom.facts", &text);
    }
    Ok(())
}
