//! Small queries on MLIR IR that melior does not offer, answered by loom's C API.

use melior::ir::operation::OperationLike;

use crate::ffi;

/// Whether `op` implements MLIR's `LoopLikeOpInterface`.
pub fn is_loop_like<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> bool {
    // SAFETY: `op` is a live operation.
    unsafe { ffi::loomOpIsLoopLike(op.to_raw()) }
}
