// One-Shot Bufferize with loom ops present (their BufferizableOpInterface
// models): a tensor updated in place and carried by a loom loop that may
// break bufferizes to the function argument's buffer, with no allocation
// and no copy, as upstream's scf.for.
// RUN: %loom-opt %s --one-shot-bufferize=bufferize-function-boundaries --cse --canonicalize --split-input-file | FileCheck %s
// RUN: %loom-opt %s --one-shot-bufferize=bufferize-function-boundaries --cse --canonicalize --split-input-file | FileCheck %s --check-prefix=NONE
// Nowhere in the output:
// NONE-NOT: memref.alloc
// NONE-NOT: memref.copy
// NONE-NOT: bufferization.alloc_tensor

// CHECK-LABEL: func.func @prefix(
// CHECK-SAME: %[[T:.*]]: memref<?xi32, strided<[?], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: %[[R:.*]]:2 = loom.loop token(%[[TK:.*]]) iter_args(%[[A:.*]] = %[[T]], %{{.*}} = %{{.*}}) : (memref<?xi32, strided<[?], offset: ?>>, index) -> (memref<?xi32, strided<[?], offset: ?>>, index)
// CHECK: loom.break %[[TK]], %[[A]], %{{.*}} : memref<?xi32, strided<[?], offset: ?>>, index
// CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}]
// CHECK: loom.continue %[[TK]], %[[A]], %{{.*}} : memref<?xi32, strided<[?], offset: ?>>, index
// CHECK: return %[[R]]#0, %[[R]]#1
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

// -----

// A multi-level break forwards the inner loop's iteration argument: it is
// the outer one's buffer (the inner init is in place and every value the
// inner loop carries is its argument), so no copy is made on leaving.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME: %[[T:[a-z0-9]*]]: memref<4x4xi32
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: loom.for %{{.*}} token(%[[O:.*]]) iter_args(%[[A:.*]] = %[[T]])
// CHECK: loom.for %{{.*}} token(%{{.*}}) iter_args(%[[B:.*]] = %[[A]])
// CHECK: loom.break %[[O]], %[[B]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: loom.yield %[[B]]
func.func @nested(%t: tensor<4x4xi32>, %stop: i32) -> tensor<4x4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i32
  %r = loom.for %i = %c0 to %c4 step %c1 token(%o) iter_args(%a = %t) -> (tensor<4x4xi32>) {
    %inner = loom.for %j = %c0 to %c4 step %c1 token(%in) iter_args(%b = %a) -> (tensor<4x4xi32>) {
      %v = tensor.extract %b[%i, %j] : tensor<4x4xi32>
      %s = arith.cmpi eq, %v, %stop : i32
      loom.if %s { loom.break %o, %b : tensor<4x4xi32> }
      %v2 = arith.addi %v, %one : i32
      %b2 = tensor.insert %v2 into %b[%i, %j] : tensor<4x4xi32>
      loom.yield %b2 : tensor<4x4xi32>
    }
    loom.yield %inner : tensor<4x4xi32>
  }
  return %r : tensor<4x4xi32>
}

// -----

// A linalg op on a slice of the carried tensor, in a loom.for that breaks:
// the op writes the subview in place.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[T:[a-z0-9]*]]: memref<16xf32
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: loom.for %{{.*}} token(%[[TK:.*]]) iter_args(%[[A:.*]] = %[[T]])
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK: linalg.add ins(%[[S]], %[[S]] : {{.*}}) outs(%[[S]] :
// CHECK: loom.break %[[TK]], %[[A]]
// CHECK: loom.yield %[[A]]
func.func @slice(%t: tensor<16xf32>, %limit: f32) -> tensor<16xf32> {
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

// -----

// A read-only tensor searched by a loom.for: nothing is allocated.
// CHECK-LABEL: func.func @search(
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: loom.for
// CHECK: memref.load
// CHECK: return
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
