//===- LoomDialectInternal.h - pieces LoomDialect::initialize adds -*- C++ -*-===//
//
// Declarations shared by the dialect's source files only (not installed):
// the interfaces the dialect registers when it is loaded.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_LIB_DIALECT_LOOMDIALECTINTERNAL_H
#define LOOM_LIB_DIALECT_LOOMDIALECTINTERNAL_H

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace loom {
class LoomDialect;

/// Adds loom's DialectInlinerInterface (LoomInliner.cpp).
void addInlinerInterface(LoomDialect &dialect);

/// Attaches the BufferDeallocationOpInterface models of loom's region ops
/// and exits (LoomDeallocation.cpp). The ops must be registered.
void attachBufferDeallocationModels(mlir::MLIRContext &context);

/// Appends to `context` the dialect extension that checks, on every
/// `func.func`, where !loom.token block arguments are (LoomTokenArguments.cpp).
void appendTokenArgumentChecks(mlir::MLIRContext &context);
} // namespace loom

#endif
