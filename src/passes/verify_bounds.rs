//! `loom-verify-bounds`: proves memory accesses in bounds from loop facts.
//!
//! For every memory access of a memref (`memref.load/store`,
//! `vector.load/store`, the masked, expanding and compressing vector
//! accesses and `vector.transfer_read/write`; see `facts::bounds`), each
//! index must provably lie in `[0, size - extent]` of its (statically sized)
//! dimension, for every vscale the function allows, using the ranges of `facts::ranges`:
//! constants, `loom.assume_range`, loop facts (a value observed in a loop's
//! body has the body range, one observed in the condition region has the
//! condition range, which includes the final failing value) and
//! `scf.if`/`loom.if` guards comparing the index with a constant.
//!
//! `mode=error` (default): each unproven access is an error naming the
//! index, its known range and the dimension, and the pass fails.
//! `mode=remark`: a remark for every access, proven or not; never fails.

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::diagnostics::{emit, Severity};
use crate::facts::{self, ir::Op};

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-verify-bounds",
    description: "Prove memref/vector accesses in bounds from loop facts and assumptions",
    op_name: "",
    options: &[
        PassOption {
            name: "mode",
            description: "error: unproven accesses are errors; remark: report every access",
            default: "error",
            kind: OptionKind::Choice(&["error", "remark"]),
        },
        INDEX_BITWIDTH,
        ASSUME_BUFFER_BYTES,
    ],
    run,
};

fn run(op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let mode = options.choice("mode").to_string();
    let analysis = facts::analyze(Op::of(&op), &analysis_options(options));
    let mut failed = false;
    for access in analysis.accesses() {
        let loc = access.op.location();
        if access.proven() {
            if mode == "remark" {
                emit(loc, Severity::Remark, &format!("{}: in bounds (proven)", access.op_name));
            }
            continue;
        }
        for f in &access.failures {
            let text = f.message(&access.op_name);
            if mode == "error" {
                failed = true;
                emit(loc, Severity::Error, &format!("access not proven in bounds: {text}"));
            } else {
                emit(loc, Severity::Remark, &format!("not proven in bounds: {text}"));
            }
        }
    }
    if failed {
        Err(PassFailure::Reported)
    } else {
        Ok(())
    }
}
