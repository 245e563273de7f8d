// RUN: %loom-opt %s --pass-pipeline='builtin.module(func.func(loom-loop-depth))' | FileCheck %s
// RUN: %loomopt-bin %s --loom-loop-depth | FileCheck %s

// The Rust pass annotates every loop, upstream or loom, with its depth.
// CHECK-LABEL: func.func @nest
func.func @nest(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  scf.for %i = %c0 to %n step %c1 {
    // CHECK: loom.loop token
    loom.loop token(%t) {
      // CHECK: loom.for
      loom.for %j = %c0 to %n step %c1 token(%u) {
        loom.yield
      // CHECK: } {loom.depth = 2 : i64}
      }
      loom.break %t
    // CHECK: } {loom.depth = 1 : i64}
    }
  // CHECK: } {loom.depth = 0 : i64}
  }
  return
}
