// Dynamic shape: zero a prefix of a tensor<?xi32> in place until a sentinel
// (loom.loop with two breaks and a continue, tensor and index carried).
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

func.func @prefix(%t: tensor<?xi32>, %sentinel: i32) -> (tensor<?xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r:2 = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>, index) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a, %i : tensor<?xi32>, index }
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %s = arith.cmpi eq, %v, %sentinel : i32
    loom.if %s { loom.break %tk, %a, %i : tensor<?xi32>, index }
    %a2 = tensor.insert %z into %a[%i] : tensor<?xi32>
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %a2, %i2 : tensor<?xi32>, index
  }
  return %r#0, %r#1 : tensor<?xi32>, index
}

func.func @show(%t: tensor<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  vector.print %n : index
  %d = tensor.dim %t, %c0 : tensor<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    %v = tensor.extract %t[%i] : tensor<?xi32>
    vector.print %v : i32
  }
  return
}

func.func @main() {
  %s = arith.constant 9 : i32
  %a = arith.constant dense<[5, 6, 7, 9, 8, 9]> : tensor<6xi32>
  %da = tensor.cast %a : tensor<6xi32> to tensor<?xi32>
  %ra:2 = func.call @prefix(%da, %s) : (tensor<?xi32>, i32) -> (tensor<?xi32>, index)
  // CHECK: 3
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 9
  // CHECK-NEXT: 8
  // CHECK-NEXT: 9
  func.call @show(%ra#0, %ra#1) : (tensor<?xi32>, index) -> ()
  // No sentinel: the whole tensor is zeroed and the first break is taken.
  %b = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %db = tensor.cast %b : tensor<3xi32> to tensor<?xi32>
  %rb:2 = func.call @prefix(%db, %s) : (tensor<?xi32>, i32) -> (tensor<?xi32>, index)
  // CHECK-NEXT: 3
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  func.call @show(%rb#0, %rb#1) : (tensor<?xi32>, index) -> ()
  return
}
