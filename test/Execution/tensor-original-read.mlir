// The tensor updated by a breaking loom.for is read again after the loop:
// bufferization must copy it before the loop, so the original stays intact.
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

func.func @clip(%t: tensor<?xf32>, %cap: f32) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %neg = arith.constant 0.0 : f32
  %r = loom.for %i = %c0 to %n step %c1 token(%tk) iter_args(%a = %t) -> (tensor<?xf32>) {
    %v = tensor.extract %a[%i] : tensor<?xf32>
    %stop = arith.cmpf olt, %v, %neg : f32
    loom.if %stop { loom.break %tk, %a : tensor<?xf32> }
    %m = arith.minimumf %v, %cap : f32
    %a2 = tensor.insert %m into %a[%i] : tensor<?xf32>
    loom.yield %a2 : tensor<?xf32>
  }
  %orig = tensor.extract %t[%c0] : tensor<?xf32>
  return %r, %orig : tensor<?xf32>, f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %t = arith.constant dense<[7.0, 2.0, 9.0, -1.0, 8.0]> : tensor<5xf32>
  %d = tensor.cast %t : tensor<5xf32> to tensor<?xf32>
  %cap = arith.constant 3.0 : f32
  %r:2 = func.call @clip(%d, %cap) : (tensor<?xf32>, f32) -> (tensor<?xf32>, f32)
  // CHECK: 7
  vector.print %r#1 : f32
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  // CHECK-NEXT: -1
  // CHECK-NEXT: 8
  scf.for %i = %c0 to %c5 step %c1 {
    %v = tensor.extract %r#0[%i] : tensor<?xf32>
    vector.print %v : f32
  }
  return
}
