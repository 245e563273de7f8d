//===- FillValues.h - values for slots no path reads -------------*- C++ -*-===//
//
// loom-lower-to-scf packs the values of every way out of a region into one
// list of results; a path fills the slots of the other ways with ub.poison.
// refineFills replaces such a fill, where a value is at hand, by the value
// the other branch of the same scf.if yields in that position, so that
// upstream sccp and integer-range analysis see one value instead of the
// join of it and poison.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_LIB_PASSES_FILLVALUES_H
#define LOOM_LIB_PASSES_FILLVALUES_H

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"

namespace loom {

/// Replaces, in every `scf.yield` of an `scf.if` that uses one of `fills`
/// (ub.poison ops the lowering made for slots the path taken does not use),
/// the fill by the operand the other branch yields in the same position,
/// when that operand is not a fill itself and is either defined outside the
/// scf.if (it dominates the fill) or a constant (cloned at the fill). A
/// fill left without uses is erased. Sound for any value: the slot is never
/// read on the fill's path, and poison may be refined to any value.
void refineFills(mlir::RewriterBase &rewriter,
                 llvm::ArrayRef<mlir::ub::PoisonOp> fills);

} // namespace loom

#endif
