// A tensor carried through two nested loom.for loops; the inner loop leaves
// both at once (a multi-level break) when it meets the stop value.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
//
// The first RUN line bufferizes with the loom ops present (their
// BufferizableOpInterface models), then lowers them; deallocation runs after
// loom-lower-to-scf here; test/Execution/dealloc-tensor.mlir deallocates this
// program with the loom ops present.
// The second lowers first and bufferizes the scf form.

func.func @bump_until(%t: tensor<3x3xi32>, %stop: i32) -> tensor<3x3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  %r = loom.for %i = %c0 to %c3 step %c1 token(%outer) iter_args(%a = %t) -> (tensor<3x3xi32>) {
    %inner = loom.for %j = %c0 to %c3 step %c1 token(%in) iter_args(%b = %a) -> (tensor<3x3xi32>) {
      %v = tensor.extract %b[%i, %j] : tensor<3x3xi32>
      %s = arith.cmpi eq, %v, %stop : i32
      loom.if %s { loom.break %outer, %b : tensor<3x3xi32> }
      %v2 = arith.addi %v, %one : i32
      %b2 = tensor.insert %v2 into %b[%i, %j] : tensor<3x3xi32>
      loom.yield %b2 : tensor<3x3xi32>
    }
    loom.yield %inner : tensor<3x3xi32>
  }
  return %r : tensor<3x3xi32>
}

func.func @show(%t: tensor<3x3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = tensor.extract %t[%i, %j] : tensor<3x3xi32>
      vector.print %v : i32
    }
  }
  return
}

func.func @main() {
  %t = arith.constant dense<[[10, 20, 30], [40, 0, 60], [70, 80, 90]]> : tensor<3x3xi32>
  %stop = arith.constant 0 : i32
  %r = func.call @bump_until(%t, %stop) : (tensor<3x3xi32>, i32) -> tensor<3x3xi32>
  // CHECK: 11
  // CHECK-NEXT: 21
  // CHECK-NEXT: 31
  // CHECK-NEXT: 41
  // CHECK-NEXT: 0
  // CHECK-NEXT: 60
  // CHECK-NEXT: 70
  // CHECK-NEXT: 80
  // CHECK-NEXT: 90
  func.call @show(%r) : (tensor<3x3xi32>) -> ()
  // No stop value: every element is bumped, the loops end normally.
  %never = arith.constant -5 : i32
  %r2 = func.call @bump_until(%t, %never) : (tensor<3x3xi32>, i32) -> tensor<3x3xi32>
  // CHECK-NEXT: 11
  // CHECK-NEXT: 21
  // CHECK-NEXT: 31
  // CHECK-NEXT: 41
  // CHECK-NEXT: 1
  // CHECK-NEXT: 61
  // CHECK-NEXT: 71
  // CHECK-NEXT: 81
  // CHECK-NEXT: 91
  func.call @show(%r2) : (tensor<3x3xi32>) -> ()
  return
}
