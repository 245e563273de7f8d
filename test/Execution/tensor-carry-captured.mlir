// Tensors written inside loom loops, carried by loom-carry-captured-tensors
// before bufferization: the same results as without the pass (second RUN
// line), whether the write was made in place (breaking paths) or copied
// (a path that continues, an inner loop's break, a read after the loop).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-carry-captured-tensors,one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-carry-captured-tensors,one-shot-bufferize{bufferize-function-boundaries},loom-lower-to-scf,buffer-deallocation-pipeline)' | %mlir-opt --pass-pipeline="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %run-main | FileCheck %s

// Replaces the first negative element by 100 (bench/tensor).
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

// Sum of %t[0] over %n iterations, each writing 7 into %t[0] and adding
// that too: every iteration reads the original %t[0].
func.func @continue_path(%t: tensor<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %r = loom.loop token(%tk) iter_args(%i = %c0, %s = %z) : (index, i32) -> (i32) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %s : i32 }
    %v = tensor.extract %t[%c0] : tensor<?xi32>
    %u = tensor.insert %x into %t[%c0] : tensor<?xi32>
    %w = tensor.extract %u[%c0] : tensor<?xi32>
    %s1 = arith.addi %s, %v : i32
    %s2 = arith.addi %s1, %w : i32
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2, %s2 : index, i32
  }
  return %r : i32
}

// The same with the write in an inner loop that it breaks.
func.func @inner_break(%t: tensor<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %n step %c1 token(%outer) iter_args(%s = %z) -> (i32) {
    %v = tensor.extract %t[%c0] : tensor<?xi32>
    %w = loom.loop token(%inner) -> (i32) {
      %u = tensor.insert %x into %t[%c0] : tensor<?xi32>
      %e = tensor.extract %u[%c0] : tensor<?xi32>
      loom.break %inner, %e : i32
    }
    %s1 = arith.addi %s, %v : i32
    %s2 = arith.addi %s1, %w : i32
    loom.yield %s2 : i32
  }
  return %r : i32
}

// Sum up to the first negative element, then write %x there and return its
// first element; the original tensor is returned too (read after the loop).
func.func @read_after(%t: tensor<?xi32>, %x: i32) -> (i32, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %n step %c1 token(%tk) iter_args(%s = %z) -> (i32) {
    %v = tensor.extract %t[%i] : tensor<?xi32>
    %neg = arith.cmpi slt, %v, %z : i32
    loom.if %neg {
      %u = tensor.insert %x into %t[%c0] : tensor<?xi32>
      %e = tensor.extract %u[%c0] : tensor<?xi32>
      %s2 = arith.addi %s, %e : i32
      loom.break %tk, %s2 : i32
    }
    %s3 = arith.addi %s, %v : i32
    loom.yield %s3 : i32
  }
  return %r, %t : i32, tensor<?xi32>
}

// Already carried by hand: the first 7 found is rewritten (7), then the
// first element too unless it is above 7; both writes on paths that break.
func.func @through_scope(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a : tensor<?xi32> }
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %z = arith.cmpi eq, %v, %x : i32
    loom.if %z {
      %w = loom.scope token(%s) -> (tensor<?xi32>) {
        %u = tensor.insert %x into %a[%i] : tensor<?xi32>
        %f = tensor.extract %u[%c0] : tensor<?xi32>
        %big = arith.cmpi sgt, %f, %x : i32
        loom.if %big { loom.break %s, %u : tensor<?xi32> }
        %u2 = tensor.insert %x into %u[%c0] : tensor<?xi32>
        loom.yield %u2 : tensor<?xi32>
      }
      loom.break %tk, %w : tensor<?xi32>
    }
    %i3 = arith.addi %i, %c1 : index
    loom.continue %tk, %a, %i3 : tensor<?xi32>, index
  }
  return %r : tensor<?xi32>
}

func.func @print(%t: tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = tensor.extract %t[%i] : tensor<?xi32>
    vector.print %v : i32
  }
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %x = arith.constant 50 : i32
  %a = arith.constant dense<[4, 5, -6, 7, -8]> : tensor<5xi32>
  %ad = tensor.cast %a : tensor<5xi32> to tensor<?xi32>
  %m = func.call @mark_first_negative(%ad) : (tensor<?xi32>) -> tensor<?xi32>
  // CHECK: 4
  // CHECK-NEXT: 5
  // CHECK-NEXT: 100
  // CHECK-NEXT: 7
  // CHECK-NEXT: -8
  func.call @print(%m) : (tensor<?xi32>) -> ()
  %b = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %bd = tensor.cast %b : tensor<5xi32> to tensor<?xi32>
  %none = func.call @mark_first_negative(%bd) : (tensor<?xi32>) -> tensor<?xi32>
  // CHECK-NEXT: 1
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  // CHECK-NEXT: 4
  // CHECK-NEXT: 5
  func.call @print(%none) : (tensor<?xi32>) -> ()
  // 3 * (4 + 7)
  // CHECK-NEXT: 33
  %s1 = func.call @continue_path(%ad, %c3) : (tensor<?xi32>, index) -> i32
  vector.print %s1 : i32
  // CHECK-NEXT: 33
  %s2 = func.call @inner_break(%ad, %c3) : (tensor<?xi32>, index) -> i32
  vector.print %s2 : i32
  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  // CHECK-NEXT: -6
  // CHECK-NEXT: 7
  // CHECK-NEXT: -8
  %ts = func.call @through_scope(%ad) : (tensor<?xi32>) -> tensor<?xi32>
  func.call @print(%ts) : (tensor<?xi32>) -> ()
  // 4 + 5 + 50, then the original tensor (untouched by the calls above)
  // CHECK-NEXT: 59
  // CHECK-NEXT: 4
  // CHECK-NEXT: 5
  // CHECK-NEXT: -6
  // CHECK-NEXT: 7
  // CHECK-NEXT: -8
  %r:2 = func.call @read_after(%ad, %x) : (tensor<?xi32>, i32) -> (i32, tensor<?xi32>)
  vector.print %r#0 : i32
  func.call @print(%r#1) : (tensor<?xi32>) -> ()
  return
}
