// A loom.for that runs zero times returns its inits: an init copied out of
// place (here a constant, which bufferization may not write) must be copied
// into its new buffer even though the loop body never reads its iteration
// argument (regression: reduced from `loom-difftest --tensors` seed 682,
// where the buffer was allocated but never filled). Bufferized with the loom
// ops present, with and without deallocation before the lowering, and after
// loom-lower-to-scf.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},loom-lower-to-scf,buffer-deallocation-pipeline,convert-linalg-to-loops,convert-bufferization-to-memref,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},buffer-deallocation-pipeline,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},buffer-deallocation-pipeline,convert-linalg-to-loops,convert-bufferization-to-memref,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},loom-lower-to-scf,buffer-deallocation-pipeline,convert-linalg-to-loops,convert-bufferization-to-memref,loom-lower-to-llvm)' | %run-main | FileCheck %s

func.func @run(%lb: index, %ub: index) -> i32 {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %init = arith.constant dense<[-1]> : tensor<1xi32>
  %other = arith.constant dense<[7]> : tensor<1xi32>
  %r = loom.for %i = %lb to %ub step %c1 token(%t) iter_args(%a = %init) -> (tensor<1xi32>) : index {
    loom.yield %other : tensor<1xi32>
  }
  %v = tensor.extract %r[%c0] : tensor<1xi32>
  return %v : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // Zero iterations: the init.
  %a = func.call @run(%c3, %c0) : (index, index) -> i32
  // CHECK: -1
  vector.print %a : i32
  // Two iterations: the yielded value.
  %b = func.call @run(%c0, %c2) : (index, index) -> i32
  // CHECK-NEXT: 7
  vector.print %b : i32
  return
}
