//===- LoomInterfaces.h - early-exit interfaces -----------------*- C++ -*-===//
//
// The three pieces any dialect uses to take part in token-addressed exits.
// See tablegen/LoomInterfaces.td for their contracts.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_DIALECT_LOOMINTERFACES_H
#define LOOM_DIALECT_LOOMINTERFACES_H

#include "mlir/IR/OpDefinition.h"

namespace loom {

/// What a RegionExitTerminatorOpInterface terminator does.
enum class ExitKind {
  /// Leave the target; forwarded operands become its results.
  Break,
  /// Start the target loop's next iteration with the forwarded operands.
  Continue,
  /// Normal end of the parent's region.
  Yield,
};

namespace OpTrait {
/// An op an exit addressed to one of its ancestors may pass through.
template <typename ConcreteType>
class PropagateControlFlowBreak
    : public mlir::OpTrait::TraitBase<ConcreteType, PropagateControlFlowBreak> {};
} // namespace OpTrait

/// Whether `op` lets exits pass through it.
bool propagatesControlFlowBreak(mlir::Operation *op);

namespace detail {
mlir::Operation *getExitTarget(mlir::Operation *exit);
mlir::LogicalResult verifyRegionExitTerminator(mlir::Operation *op);
mlir::LogicalResult verifyHasBreakingControlFlow(mlir::Operation *op);
/// Checks that every !loom.token block argument of `op`'s regions is
/// argument #0 of the entry block and that `op` defines a token
/// (LoomTokenArguments.cpp).
mlir::LogicalResult checkTokenBlockArguments(mlir::Operation *op);
} // namespace detail
} // namespace loom

#include "LoomInterfaces.h.inc"

#endif
