// One-Shot Bufferize after loom-carry-captured-tensors: a write to a carried
// tensor on a path that leaves the loop is in place (no copy); a write that
// a later iteration, or a read after the loop, can observe is still copied.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-carry-captured-tensors,one-shot-bufferize{bufferize-function-boundaries})' --split-input-file | FileCheck %s

// bench/tensor's mark_first_negative: the insert on the breaking path writes
// the argument's buffer in place.
// CHECK-LABEL: func.func @break_path(
// CHECK-SAME: %[[T:[a-z0-9]*]]: memref<?xi32
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: loom.loop token(%[[TK:.*]]) iter_args(%[[A:.*]] = %[[T]], %{{.*}} = %{{.*}})
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: loom.break %[[TK]], %[[A]]
// CHECK: loom.continue %[[TK]], %[[A]]
// CHECK: return
func.func @break_path(%t: tensor<?xi32>) -> tensor<?xi32> {
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

// -----

// loom.for, the write's path breaks: in place too (the break forwards the
// carried argument to a result nothing uses, which is not a read).
// CHECK-LABEL: func.func @for_break_path(
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @for_break_path(%t: tensor<8xf32>, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %s0 = arith.constant 0.0 : f32
  %r = loom.for %i = %c0 to %c8 step %c1 token(%tk) iter_args(%s = %s0) -> (f32) {
    %v = tensor.extract %t[%i] : tensor<8xf32>
    %neg = arith.cmpf olt, %v, %s0 : f32
    loom.if %neg {
      %u = tensor.insert %x into %t[%i] : tensor<8xf32>
      %e = tensor.extract %u[%c0] : tensor<8xf32>
      loom.break %tk, %e : f32
    }
    %s2 = arith.addf %s, %v : f32
    loom.yield %s2 : f32
  }
  return %r : f32
}

// -----

// The write's path continues and the next iteration reads the old value at
// the written position: copied, every iteration, before the write.
// CHECK-LABEL: func.func @continue_path(
// CHECK: loom.loop token(%[[TK:.*]]) iter_args(%{{.*}}, %{{.*}}, %[[A:.*]] = %{{.*}})
// CHECK: %[[C:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %[[A]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
// CHECK: loom.continue %[[TK]], %{{.*}}, %{{.*}}, %[[A]]
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

// -----

// The tensor is also returned after the loop: not carried, and the write on
// the breaking path copies it there, as without the pass.
// CHECK-LABEL: func.func @read_after(
// CHECK-SAME: %[[T:[a-z0-9]*]]: memref<8xf32
// CHECK: loom.for
// CHECK: loom.if
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[T]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
// CHECK: return %{{.*}}, %[[T]]
func.func @read_after(%t: tensor<8xf32>, %x: f32) -> (f32, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %s0 = arith.constant 0.0 : f32
  %r = loom.for %i = %c0 to %c8 step %c1 token(%tk) iter_args(%s = %s0) -> (f32) {
    %v = tensor.extract %t[%i] : tensor<8xf32>
    %neg = arith.cmpf olt, %v, %s0 : f32
    loom.if %neg {
      %u = tensor.insert %x into %t[%i] : tensor<8xf32>
      %e = tensor.extract %u[%c0] : tensor<8xf32>
      loom.break %tk, %e : f32
    }
    %s2 = arith.addf %s, %v : f32
    loom.yield %s2 : f32
  }
  return %r, %t : f32, tensor<8xf32>
}

// -----

// The write breaks the inner loop only; the next outer iteration reads the
// old value: copied inside the inner loop.
// CHECK-LABEL: func.func @inner_break(
// CHECK: loom.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A:.*]] = %{{.*}})
// CHECK: loom.loop
// CHECK: %[[C:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %[[A]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
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
