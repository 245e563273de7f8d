//===- LoomOps.h - loom operations ------------------------------*- C++ -*-===//
#ifndef LOOM_DIALECT_LOOMOPS_H
#define LOOM_DIALECT_LOOMOPS_H

#include "loom/Dialect/LoomDialect.h"
#include "loom/Dialect/LoomInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "LoomOps.h.inc"

#endif
