//===- LoomDialect.h - the loom dialect -------------------------*- C++ -*-===//
#ifndef LOOM_DIALECT_LOOMDIALECT_H
#define LOOM_DIALECT_LOOMDIALECT_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/BuiltinTypes.h"

// The declared discardable attributes' helpers use Operation.
#include "mlir/IR/Operation.h"

#include "LoomDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "LoomTypes.h.inc"

#endif
