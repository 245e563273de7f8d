// One-Shot Bufferize with loom ops present: copies are made only where
// aliasing requires them.
// Only @swap needs allow-return-allocs-from-loops (the execution tests
// bufferize the others' kind without it).
// RUN: %loom-opt %s --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" --split-input-file | FileCheck %s

// The original tensor is read after the loop: one copy, before the loop;
// the body then works in place on it.
// CHECK-LABEL: func.func @original_read(
// CHECK-SAME: %[[T:[a-z0-9]*]]: memref<8xf32
// CHECK: %[[C:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: %[[R:.*]] = loom.for %{{.*}} token(%[[TK:.*]]) iter_args(%[[A:.*]] = %[[C]]) -> (memref<8xf32>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: loom.break %[[TK]], %[[A]]
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: loom.yield %[[A]]
// CHECK: memref.load %[[T]]
func.func @original_read(%t: tensor<8xf32>, %x: f32, %lim: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = loom.for %i = %c0 to %c8 step %c1 token(%tk) iter_args(%a = %t) -> (tensor<8xf32>) {
    %v = tensor.extract %a[%i] : tensor<8xf32>
    %big = arith.cmpf ogt, %v, %lim : f32
    loom.if %big { loom.break %tk, %a : tensor<8xf32> }
    %a2 = tensor.insert %x into %a[%i] : tensor<8xf32>
    loom.yield %a2 : tensor<8xf32>
  }
  %e = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %e : tensor<8xf32>, f32
}

// -----

// A loop result tied to no iteration argument is what its breaks forward:
// the function argument itself on one break. The other break forwards a
// tensor.insert into the argument, which the analysis must copy (it cannot
// tell that the argument is not read again by a later iteration): one
// copy, on that path only; nothing is copied per iteration.
// CHECK-LABEL: func.func @untied_result(
// CHECK-SAME: %[[T:[a-z0-9]*]]: memref<?xi32
// CHECK: loom.loop token(%[[TK:.*]]) iter_args(%{{.*}} = %{{.*}}) : (index) -> (memref<?xi32, strided<[?], offset: ?>>)
// CHECK: loom.if
// CHECK-NEXT: loom.break %[[TK]], %[[T]]
// CHECK: loom.if
// CHECK: %[[D:.*]] = memref.alloc(
// CHECK: memref.copy %[[T]], %[[D]]
// CHECK: memref.store %{{.*}}, %[[D]]
// CHECK: %[[DC:.*]] = memref.cast %[[D]]
// CHECK: loom.break %[[TK]], %[[DC]]
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: loom.continue
func.func @untied_result(%t: tensor<?xi32>) -> tensor<?xi32> {
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

// Swapped iteration arguments (an error without
// allow-return-allocs-from-loops, see bufferize-errors.mlir) are copied every iteration, as
// upstream does for scf.for.
// CHECK-LABEL: func.func @swap(
// CHECK: loom.for %{{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}})
// CHECK: %[[CY:.*]] = memref.alloc()
// CHECK: memref.copy %[[Y]], %[[CY]]
// CHECK: %[[CX:.*]] = memref.alloc()
// CHECK: memref.copy %[[X]], %[[CX]]
// CHECK: loom.yield
func.func @swap(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = loom.for %i = %c0 to %c4 step %c1 token(%tk) iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    loom.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// A break to a loom.scope from inside a loom.for forwards the loop's
// iteration argument, whose buffer is the loop's init's: the analysis does
// not relate the two, so the break copies it (on leaving) rather than let
// the scope result alias %x unseen; %x is then updated in place after it.
// CHECK-LABEL: func.func @crossing(
// CHECK-SAME: %[[X:[a-z0-9]*]]: memref<8xf32
// CHECK: loom.scope token(%[[S:.*]]) ->
// CHECK: loom.for %{{.*}} iter_args(%[[B:.*]] = %{{.*}})
// CHECK: loom.if
// CHECK-NEXT: %[[C:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[B]], %[[C]]
// CHECK-NEXT: %[[CC:.*]] = memref.cast %[[C]]
// CHECK-NEXT: loom.break %[[S]], %[[CC]]
// CHECK: memref.store %{{.*}}, %[[X]]
func.func @crossing(%x: tensor<8xf32>, %other: tensor<8xf32>, %v: f32, %c: i1) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = loom.scope token(%s) -> (tensor<8xf32>) {
    %l = loom.for %i = %c0 to %c8 step %c1 token(%tk) iter_args(%b = %x) -> (tensor<8xf32>) {
      loom.if %c { loom.break %s, %b : tensor<8xf32> }
      loom.yield %b : tensor<8xf32>
    }
    loom.yield %other : tensor<8xf32>
  }
  %x2 = tensor.insert %v into %x[%c0] : tensor<8xf32>
  return %r, %x2 : tensor<8xf32>, tensor<8xf32>
}
