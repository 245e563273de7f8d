// Tensor results that are not iteration arguments: a loom.loop carrying
// only an index breaks with an updated tensor (copied on leaving), and a
// loom.scope / loom.if pair forwards tensors to their results.
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

func.func @mark_first_negative(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %mark = arith.constant 100 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %t : tensor<?xi32> }
    %v = tensor.extract %t[%i] : tensor<?xi32>
    %isneg = arith.cmpi slt, %v, %z : i32
    loom.if %isneg {
      %u = tensor.insert %mark into %t[%i] : tensor<?xi32>
      loom.break %tk, %u : tensor<?xi32>
    }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2 : index
  }
  return %r : tensor<?xi32>
}

func.func @pick(%t: tensor<?xi32>, %c: i1, %x: i32) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %r = loom.scope token(%s) -> (tensor<?xi32>) {
    %u = loom.if %c -> (tensor<?xi32>) {
      %t2 = tensor.insert %x into %t[%c0] : tensor<?xi32>
      loom.break %s, %t2 : tensor<?xi32>
    } else {
      loom.yield %t : tensor<?xi32>
    }
    %c1 = arith.constant 1 : index
    %t3 = tensor.insert %x into %u[%c1] : tensor<?xi32>
    loom.yield %t3 : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

func.func @show(%t: tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c0 : tensor<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    %v = tensor.extract %t[%i] : tensor<?xi32>
    vector.print %v : i32
  }
  return
}

func.func @main() {
  %a = arith.constant dense<[3, -4, 5, -6]> : tensor<4xi32>
  %da = tensor.cast %a : tensor<4xi32> to tensor<?xi32>
  %ra = func.call @mark_first_negative(%da) : (tensor<?xi32>) -> tensor<?xi32>
  // CHECK: 3
  // CHECK-NEXT: 100
  // CHECK-NEXT: 5
  // CHECK-NEXT: -6
  func.call @show(%ra) : (tensor<?xi32>) -> ()
  %true = arith.constant true
  %false = arith.constant false
  %x = arith.constant 7 : i32
  %b = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %db = tensor.cast %b : tensor<3xi32> to tensor<?xi32>
  %rb = func.call @pick(%db, %true, %x) : (tensor<?xi32>, i1, i32) -> tensor<?xi32>
  // CHECK-NEXT: 7
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  func.call @show(%rb) : (tensor<?xi32>) -> ()
  %rc = func.call @pick(%db, %false, %x) : (tensor<?xi32>, i1, i32) -> tensor<?xi32>
  // CHECK-NEXT: 1
  // CHECK-NEXT: 7
  // CHECK-NEXT: 3
  func.call @show(%rc) : (tensor<?xi32>) -> ()
  return
}
