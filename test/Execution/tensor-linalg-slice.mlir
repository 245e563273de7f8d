// A linalg op on a slice inside a loom.for that breaks: each block of four
// is doubled in place until a block starts above the limit.
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

func.func @double_blocks(%t: tensor<16xf32>, %limit: f32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = loom.for %i = %c0 to %c16 step %c4 token(%tk) iter_args(%a = %t) -> (tensor<16xf32>) {
    %s = tensor.extract_slice %a[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %d = linalg.add ins(%s, %s : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    %a2 = tensor.insert_slice %d into %a[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
    %first = tensor.extract %a2[%i] : tensor<16xf32>
    %big = arith.cmpf ogt, %first, %limit : f32
    loom.if %big { loom.break %tk, %a2 : tensor<16xf32> }
    loom.yield %a2 : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %t = arith.constant dense<[1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 5.0, 5.0, 5.0, 5.0, 1.0, 1.0, 1.0, 1.0]> : tensor<16xf32>
  %limit = arith.constant 8.0 : f32
  %r = func.call @double_blocks(%t, %limit) : (tensor<16xf32>, f32) -> tensor<16xf32>
  // Blocks 0..2 doubled (block 2 reaches 10 > 8 and breaks), block 3 kept.
  // CHECK-COUNT-4: 2
  // CHECK-COUNT-4: 4
  // CHECK-COUNT-4: 10
  // CHECK-COUNT-4: 1
  scf.for %i = %c0 to %c16 step %c1 {
    %v = tensor.extract %r[%i] : tensor<16xf32>
    vector.print %v : f32
  }
  return
}
