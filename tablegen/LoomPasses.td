//===- LoomPasses.td - loom's C++ passes ------------------*- tablegen -*-===//
//
// Passes written in C++. Passes written in Rust (loop facts, reports) are
// registered at run time through loomRegisterForeignPass; see src/passes/.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_PASSES_TD
#define LOOM_PASSES_TD

include "mlir/Pass/PassBase.td"

#endif // LOOM_PASSES_TD
