//! `loom-verify-bounds`: proves memory accesses in bounds from loop facts.
//!
//! For every memory access of a memref (`memref.load/store`,
//! `vector.load/store`, the masked, expanding and compressing vector
//! accesses, `vector.transfer_read/write` and `memref.subview`; see
//! `facts::bounds`), each index must provably lie in `[0, size - extent]`
//! of its dimension, for every vscale the function allows: first by the
//! ranges of `facts::ranges` (constants, `loom.assume_range`, loop facts,
//! `scf.if`/`loom.if` guards comparing the index with a constant), then by
//! the relational facts of `facts::relational` (the index against a
//! symbolic size: loop bounds, guards, exact arithmetic, invariants).
//!
//! `mode=error` (default): each unproven access is an error naming the
//! index, its known range and the dimension, and the pass fails.
//! `mode=remark`: a remark for every access, proven or not; never fails.
//! A proof that used the buffer-size assumption says so (`in bounds
//! (proven) assuming buffer-bytes-below-half-address-space`); with
//! `explain=true`, a relational proof also lists the facts it used. A
//! proof that rests on an earlier access to the same element names it
//! (`in bounds (proven) given memref.load at <loc> was`).
//! An index of a dynamic dimension that is not proven names the relation
//! that failed and what was known (`cannot show %i + 1 <= dim(%arg0, 0):
//! known: ...; nothing relates dim(%arg0, 0) to the other values`).
//!
//! Whenever the context has MLIR 22's remark engine (`--remark-format=...`
//! with `--remarks-filter=loom-verify-bounds`, say), in either mode, each
//! access also gets a structured remark of pass `loom-verify-bounds`: a
//! passed remark `InBounds` (argument `op`) or a missed remark
//! `NotProvenInBounds` (arguments `op` and one `reason` per unproven index,
//! the text the error or remark gives).

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::diagnostics::{emit, emit_remark, remarks_enabled, RemarkKind, Severity};
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
        PassOption {
            name: "explain",
            description: "with mode=remark: say which facts each relational proof used",
            default: "false",
            kind: OptionKind::Flag,
        },
        INDEX_BITWIDTH,
        ASSUME_BUFFER_BYTES,
        ASSUME_BUFFER_DIMS,
    ],
    run,
    preserves_ir: true,
};

fn run(op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let mode = options.choice("mode").to_string();
    let explain = options.flag("explain") && mode == "remark";
    let found = facts::checked(Op::of(&op), &analysis_options(options), explain, facts::walk::Collect::new);
    let mut failed = false;
    for access in found.accesses {
        let loc = access.op.location();
        if remarks_enabled(loc) {
            let mut args = vec![("op", access.op_name.clone())];
            args.extend(access.failures.iter().map(|f| ("reason", f.message(&access.op_name))));
            let (kind, name) = if access.proven() {
                (RemarkKind::Passed, "InBounds")
            } else {
                (RemarkKind::Missed, "NotProvenInBounds")
            };
            emit_remark(loc, kind, SPEC.argument, name, &access.function, &args);
        }
        if access.proven() {
            if mode == "remark" {
                let mut text = format!("{}: in bounds (proven)", access.op_name);
                if !access.assumptions.is_empty() {
                    text.push_str(&format!(" assuming {}", access.assumptions.join(", ")));
                }
                if !access.rests_on.is_empty() {
                    let on: Vec<String> =
                        access.rests_on.iter().map(|e| format!("{} at {}", e.name(), e.loc_string())).collect();
                    let verb = if on.len() == 1 { "was" } else { "were" };
                    text.push_str(&format!(" given {} {verb}", on.join(" and ")));
                }
                if !access.facts.is_empty() {
                    text.push_str(&format!(" from {}", access.facts.join("; ")));
                }
                emit(loc, Severity::Remark, &text);
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
