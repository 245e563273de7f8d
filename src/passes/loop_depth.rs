//! `loom-loop-depth`: annotates every loop with its nesting depth.
//!
//! Every op implementing `LoopLikeOpInterface` (scf, affine, loom loops...)
//! gets `loom.depth = N : i64`, where N counts its enclosing loops (0 for an
//! outermost loop). Small and observable: it shows that a Rust pass walks IR
//! and changes it from any driver (loom-opt, the plugin, melior).

use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRefMut, WalkOrder, WalkResult};
use melior::ir::r#type::IntegerType;

use super::foreign::{Options, PassFailure, PassSpec};
use crate::facts::ir::Op;

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-loop-depth",
    description: "Annotate every loop with its nesting depth (loom.depth)",
    op_name: "",
    options: &[],
    run,
    preserves_ir: false,
};

fn run(mut anchor: OperationRefMut<'_, '_>, _options: &Options) -> Result<(), PassFailure> {
    // Loops outside the anchor still count, so depth is measured to the top.
    anchor.walk_mut(WalkOrder::PreOrder, |mut inner| {
        let op = Op::of(&inner);
        if op.is_loop_like() {
            let d = i64::from(op.loop_depth());
            // `ContextRef::to_ref` returns a reference into the `ContextRef`
            // value itself: it must be called on a local that outlives every
            // use, never on a temporary (`inner.context().to_ref()` dangled,
            // and release builds crashed on it).
            let context_ref = inner.context();
            // SAFETY: `context_ref` lives until the end of this closure body,
            // after the last use of `context`; the MLIR context it names
            // outlives the pass run.
            let context = unsafe { context_ref.to_ref() };
            let i64_type = IntegerType::new(context, 64).into();
            inner.set_attribute("loom.depth", IntegerAttribute::new(i64_type, d).into());
        }
        WalkResult::Advance
    });
    Ok(())
}
