//===- LoweringCommon.h - shared by loom-lower-to-cf/scf --------*- C++ -*-===//
//
// Checks and rewrites the early-exit lowerings need: whether every exit in
// the IR can be lowered at all, the handling of loom.assume_range, and the
// index width of the data layout that applies at an op.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_LIB_PASSES_LOWERINGCOMMON_H
#define LOOM_LIB_PASSES_LOWERINGCOMMON_H

#include "loom/Passes.h"
#include "mlir/IR/Operation.h"

namespace loom {

/// Whether `op` is one of the loom ops with regions that the lowerings
/// rewrite (loom.loop, loom.for, loom.scope, loom.if).
bool isLoomRegionOp(mlir::Operation *op);

/// Reports (and returns failure for) every exit under `root` the lowerings
/// cannot express: an exit that is not a loom.break/loom.continue, one whose
/// target is not a loom op, or one that crosses an op other than a loom
/// region op on its way to the target. Nothing is changed.
mlir::LogicalResult checkLowerableExits(mlir::Operation *root,
                                        llvm::StringRef passName);

/// Removes every loom.assume_range under `root` (replacing it with its
/// input), after inserting a cf.assert on its range when `mode` is Check.
void lowerAssumeRanges(mlir::Operation *root, AssumeRangeMode mode);

/// The index width of the data layout that applies at `op`, or 0 when it has
/// no fixed width.
unsigned dataLayoutIndexBitwidth(mlir::Operation *op);

} // namespace loom

#endif
