//===- Passes.h - loom's C++ passes -----------------------------*- C++ -*-===//
#ifndef LOOM_PASSES_H
#define LOOM_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/Pass.h"

namespace loom {
/// What the lowerings do with `loom.assume_range`.
enum class AssumeRangeMode {
  /// Replace it with its input: the range is trusted.
  Drop,
  /// Insert a `cf.assert` on lo <= x <= hi (signed), then replace it.
  Check,
};

#define GEN_PASS_DECL
#include "LoomPasses.h.inc"

/// Registers every C++ loom pass and pipeline (idempotent).
void registerAllPasses();
} // namespace loom

#endif
