// Linear search in a read-only tensor: loom.for leaves at the first match
// (100 when there is none).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
//
// The first RUN line bufferizes with the loom ops present (their
// BufferizableOpInterface models), then lowers them; deallocation runs after
// loom-lower-to-scf here (this program allocates nothing; the others are
// deallocated with the loom ops present in dealloc-tensor.mlir).
// The second lowers first and bufferizes the scf form.

func.func @search(%t: tensor<8xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %none = arith.constant 100 : index
  %r = loom.for %i = %c0 to %c8 step %c1 token(%tk) iter_args(%found = %none) -> (index) {
    %v = tensor.extract %t[%i] : tensor<8xi32>
    %hit = arith.cmpi eq, %v, %key : i32
    loom.if %hit { loom.break %tk, %i : index }
    loom.yield %found : index
  }
  return %r : index
}

func.func @main() {
  %t = arith.constant dense<[4, 8, 15, 16, 23, 42, 15, 7]> : tensor<8xi32>
  %k1 = arith.constant 15 : i32
  %k2 = arith.constant 7 : i32
  %k3 = arith.constant 99 : i32
  %r1 = func.call @search(%t, %k1) : (tensor<8xi32>, i32) -> index
  %r2 = func.call @search(%t, %k2) : (tensor<8xi32>, i32) -> index
  %r3 = func.call @search(%t, %k3) : (tensor<8xi32>, i32) -> index
  // CHECK: 2
  vector.print %r1 : index
  // CHECK-NEXT: 7
  vector.print %r2 : index
  // CHECK-NEXT: 100
  vector.print %r3 : index
  return
}
