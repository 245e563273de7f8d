//! `loom-loop-depth`: annotates every loop with its nesting depth.
//!
//! Every op implementing `LoopLikeOpInterface` (scf, affine, loom loops...)
//! gets `loom.depth = N : i64`, where N counts its enclosing loops (0 for an
//! outermost loop). Small and observable: it shows that a Rust pass walks IR
//! and changes it from any driver (loom-opt, the plugin, melior).

use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRefMut, WalkOrder, WalkResult};
use melior::ir::r#type::IntegerType;
use melior::ir::OperationRef;

use super::foreign::{Options, PassFailure, PassSpec};
use crate::ir::is_loop_like;

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-loop-depth",
    description: "Annotate every loop with its nesting depth (loom.depth)",
    op_name: "",
    options: &[],
    run,
};

/// Number of loop-like ops strictly enclosing `op`.
fn depth<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> i64 {
    let mut count = 0;
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if is_loop_like(&p) {
            count += 1;
        }
        parent = p.parent_operation();
    }
    count
}

fn run(op: OperationRef<'_, '_>, _options: &Options) -> Result<(), PassFailure> {
    // SAFETY: the pass owns its anchor op while it runs; the walk only sets
    // attributes, which does not change the IR's structure.
    let mut anchor = unsafe { OperationRefMut::from_raw(op.to_raw()) };
    // Loops outside the anchor still count, so depth is measured to the top.
    anchor.walk_mut(WalkOrder::PreOrder, |mut inner| {
        if is_loop_like(&inner) {
            let d = depth(&inner);
            // SAFETY: the context outlives every op in it.
            let context = unsafe { inner.context().to_ref() };
            let i64_type = IntegerType::new(context, 64).into();
            inner.set_attribute("loom.depth", IntegerAttribute::new(i64_type, d).into());
        }
        WalkResult::Advance
    });
    Ok(())
}
