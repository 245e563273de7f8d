//===- LoomBufferization.h - BufferizableOpInterface for loom ---*- C++ -*-===//
#ifndef LOOM_DIALECT_LOOMBUFFERIZATION_H
#define LOOM_DIALECT_LOOMBUFFERIZATION_H

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace loom {
/// Attaches the BufferizableOpInterface models of loom.loop, loom.for,
/// loom.scope, loom.if, loom.break, loom.continue and loom.yield. Called by
/// LoomDialect::initialize, so every way of loading the dialect (loom-opt,
/// the mlir-opt plugin, the Rust and C APIs) has them.
void attachBufferizableOpInterfaces(mlir::MLIRContext *context);
} // namespace loom

#endif
