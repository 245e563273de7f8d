//===- Passes.h - loom's C++ passes -----------------------------*- C++ -*-===//
#ifndef LOOM_PASSES_H
#define LOOM_PASSES_H

#include "mlir/Pass/Pass.h"

namespace loom {
#define GEN_PASS_DECL
#include "LoomPasses.h.inc"

/// Registers every C++ loom pass and pipeline (idempotent).
void registerAllPasses();
} // namespace loom

#endif
