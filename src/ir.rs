//! Small queries on MLIR IR that melior does not offer, answered by loom's C API.

use melior::ir::operation::OperationLike;

use crate::ffi;

/// Whether `op` implements MLIR's `LoopLikeOpInterface`.
pub fn is_loop_like<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> bool {
    // SAFETY: `op` borrows a live melior operation for the whole call, so
    // its raw handle is valid (and non-null); loomOpIsLoopLike only checks
    // which interfaces the op implements.
    unsafe { ffi::loomOpIsLoopLike(op.to_raw()) }
}
