// loom-carry-captured-tensors: the IR it makes (what bufferization then does
// with it is in carry-captured-bufferize.mlir).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-carry-captured-tensors)' --split-input-file | FileCheck %s

// A loom.loop whose breaks all forward the captured tensor or an insert into
// it: the new iteration argument takes that result's position (tied), the
// index argument moves after it, uses inside become the argument, and the
// continue forwards it unchanged. The use before the loop stays.
// CHECK-LABEL: func.func @tie(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<?xi32>
// CHECK: tensor.dim %[[T]]
// CHECK: loom.loop token(%[[TK:.*]]) iter_args(%[[A:.*]] = %[[T]], %[[I:.*]] = %{{.*}}) : (tensor<?xi32>, index) -> (tensor<?xi32>)
// CHECK: loom.break %[[TK]], %[[A]] : tensor<?xi32>
// CHECK: tensor.extract %[[A]][%[[I]]]
// CHECK: %[[U:.*]] = tensor.insert %{{.*}} into %[[A]][%[[I]]]
// CHECK: loom.break %[[TK]], %[[U]] : tensor<?xi32>
// CHECK: loom.continue %[[TK]], %[[A]], %{{.*}} : tensor<?xi32>, index
func.func @tie(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %t : tensor<?xi32> }
    %v = tensor.extract %t[%i] : tensor<?xi32>
    %z = arith.cmpi eq, %v, %x : i32
    loom.if %z {
      %u = tensor.insert %x into %t[%i] : tensor<?xi32>
      loom.break %tk, %u : tensor<?xi32>
    }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2 : index
  }
  return %r : tensor<?xi32>
}

// -----

// No result of the tensor's type: the argument is appended.
// CHECK-LABEL: func.func @append(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<4xi32>
// CHECK: loom.loop token(%[[TK:.*]]) iter_args(%[[I:.*]] = %{{.*}}, %[[A:.*]] = %[[T]]) : (index, tensor<4xi32>) -> (i32)
// CHECK: tensor.insert %{{.*}} into %[[A]][%[[I]]]
// CHECK: loom.continue %[[TK]], %{{.*}}, %[[A]] : index, tensor<4xi32>
func.func @append(%t: tensor<4xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (i32) {
    %u = tensor.insert %x into %t[%i] : tensor<4xi32>
    %e = tensor.extract %u[%c0] : tensor<4xi32>
    %big = arith.cmpi sgt, %e, %x : i32
    loom.if %big { loom.break %tk, %e : i32 }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2 : index
  }
  return %r : i32
}

// -----

// Appended, the argument would be tied to a result the breaks fill with
// something else: the tensor stays captured.
// CHECK-LABEL: func.func @unrelated_result(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<4xi32>
// CHECK: loom.loop token(%{{.*}}) iter_args(%{{.*}} = %{{.*}}) : (index) -> (i32, tensor<4xi32>)
// CHECK: tensor.insert %{{.*}} into %[[T]]
func.func @unrelated_result(%t: tensor<4xi32>, %o: tensor<4xi32>, %x: i32) -> (i32, tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (i32, tensor<4xi32>) {
    %u = tensor.insert %x into %t[%i] : tensor<4xi32>
    %e = tensor.extract %u[%c0] : tensor<4xi32>
    %big = arith.cmpi sgt, %e, %x : i32
    loom.if %big { loom.break %tk, %e, %o : i32, tensor<4xi32> }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2 : index
  }
  return %r#0, %r#1 : i32, tensor<4xi32>
}

// -----

// loom.for: a last iteration argument with its own (unused) result; the
// break and the yield forward the argument.
// CHECK-LABEL: func.func @for_break(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<8xf32>
// CHECK: %[[R:.*]]:2 = loom.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} token(%[[TK:.*]]) iter_args(%[[S:.*]] = %{{.*}}, %[[A:.*]] = %[[T]]) -> (f32, tensor<8xf32>)
// CHECK: tensor.extract %[[A]][%[[I]]]
// CHECK: tensor.insert %{{.*}} into %[[A]][%[[I]]]
// CHECK: loom.break %[[TK]], %{{.*}}, %[[A]] : f32, tensor<8xf32>
// CHECK: loom.yield %{{.*}}, %[[A]] : f32, tensor<8xf32>
// CHECK: return %[[R]]#0 : f32
func.func @for_break(%t: tensor<8xf32>, %x: f32) -> f32 {
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

// A loom.for without iteration arguments may omit its yield: one is added.
// CHECK-LABEL: func.func @for_no_yield(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<8xf32>
// CHECK: loom.for %{{.*}} token(%{{.*}}) iter_args(%[[A:.*]] = %[[T]]) -> (tensor<8xf32>)
// CHECK: vector.print
// CHECK-NEXT: loom.yield %[[A]] : tensor<8xf32>
func.func @for_no_yield(%t: tensor<8xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  loom.for %i = %c0 to %c8 step %c1 token(%tk) {
    %u = tensor.insert %x into %t[%i] : tensor<8xf32>
    %e = tensor.extract %u[%c0] : tensor<8xf32>
    vector.print %e : f32
  }
  return
}

// -----

// Not carried: a tensor the loop only reads, and a tensor also used after
// the loop (as an iteration argument the loop would count as writing it,
// and the read after the loop would copy it on every path).
// CHECK-LABEL: func.func @not_carried(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<8xf32>, %[[W:[a-z0-9]*]]: tensor<8xf32>
// CHECK: loom.for %{{.*}} token(%{{.*}}) iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK: tensor.extract %[[T]]
// CHECK: tensor.insert %{{.*}} into %[[W]]
// CHECK: return %{{.*}}, %[[W]]
func.func @not_carried(%t: tensor<8xf32>, %w: tensor<8xf32>, %x: f32) -> (f32, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %s0 = arith.constant 0.0 : f32
  %r = loom.for %i = %c0 to %c8 step %c1 token(%tk) iter_args(%s = %s0) -> (f32) {
    %v = tensor.extract %t[%i] : tensor<8xf32>
    %neg = arith.cmpf olt, %v, %s0 : f32
    loom.if %neg {
      %u = tensor.insert %x into %w[%i] : tensor<8xf32>
      %e = tensor.extract %u[%c0] : tensor<8xf32>
      loom.break %tk, %e : f32
    }
    %s2 = arith.addf %s, %v : f32
    loom.yield %s2 : f32
  }
  return %r, %w : f32, tensor<8xf32>
}

// -----

// A nest: carried into the outer loop; the outer yield forwards it after
// the inner loop, so the inner loop keeps it captured.
// CHECK-LABEL: func.func @nest(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<?xi32>
// CHECK: loom.for %{{.*}} token(%{{.*}}) iter_args(%{{.*}} = %{{.*}}, %[[A:.*]] = %[[T]]) -> (i32, tensor<?xi32>)
// CHECK: tensor.extract %[[A]]
// CHECK: loom.loop token(%{{.*}}) -> (i32) {
// CHECK: tensor.insert %{{.*}} into %[[A]]
// CHECK: loom.yield %{{.*}}, %[[A]] : i32, tensor<?xi32>
func.func @nest(%t: tensor<?xi32>, %n: index) -> i32 {
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
