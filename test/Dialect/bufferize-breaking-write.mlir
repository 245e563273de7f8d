// The loom exit models and a write to an iteration argument on a path that
// leaves the loop (LoomBufferization.cpp, "Exits"): the loom.continue's
// read, which stands for the next iteration, does not conflict with it, so
// it bufferizes in place; a write that may reach a continue, or a continue
// forwarding a value defined outside the loop, still copies.
// RUN: %loom-opt %s --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" --split-input-file | FileCheck %s

// The write's path breaks the loop.
// CHECK-LABEL: func.func @breaks(
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @breaks(%t: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %r = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a : tensor<?xi32> }
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %z = arith.cmpi eq, %v, %x : i32
    loom.if %z {
      %u = tensor.insert %x into %a[%i] : tensor<?xi32>
      loom.break %tk, %u : tensor<?xi32>
    }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %a, %i2 : tensor<?xi32>, index
  }
  return %r : tensor<?xi32>
}

// -----

// Through a loom.scope whose every way out (its own break, its yield)
// leads to a break of the loop: both writes in place.
// CHECK-LABEL: func.func @through_scope(
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @through_scope(%t: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
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

// -----

// The write is in a loom.if branch that falls through to the continue:
// copied (the next iteration reads the old value).
// CHECK-LABEL: func.func @falls_through(
// CHECK: loom.loop token(%{{.*}}) iter_args(%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: %[[C:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %[[A]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
func.func @falls_through(%t: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %r = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a : tensor<?xi32> }
    %v = tensor.extract %a[%c0] : tensor<?xi32>
    %z = arith.cmpi eq, %v, %x : i32
    %w = loom.if %z -> (tensor<?xi32>) {
      %u = tensor.insert %x into %a[%c0] : tensor<?xi32>
      loom.yield %u : tensor<?xi32>
    } else {
      loom.yield %a : tensor<?xi32>
    }
    %e = tensor.extract %w[%c0] : tensor<?xi32>
    %big = arith.cmpi sgt, %e, %x : i32
    loom.if %big { loom.break %tk, %w : tensor<?xi32> }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %a, %i2 : tensor<?xi32>, index
  }
  return %r : tensor<?xi32>
}

// -----

// After the write, a nested loom.if may continue the loop: copied.
// CHECK-LABEL: func.func @nested_continue(
// CHECK: loom.loop token(%{{.*}}) iter_args(%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: %[[C:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %[[A]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
func.func @nested_continue(%t: tensor<?xi32>, %n: index, %c: i1) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %r = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a : tensor<?xi32> }
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %z = arith.cmpi eq, %v, %x : i32
    loom.if %z {
      %u = tensor.insert %x into %a[%c0] : tensor<?xi32>
      %i2 = arith.addi %i, %c1 : index
      loom.if %c { loom.continue %tk, %a, %i2 : tensor<?xi32>, index }
      loom.break %tk, %u : tensor<?xi32>
    }
    %i3 = arith.addi %i, %c1 : index
    loom.continue %tk, %a, %i3 : tensor<?xi32>, index
  }
  return %r : tensor<?xi32>
}

// -----

// The continue forwards a tensor defined outside the loop, which the
// breaking path writes: a later iteration reads it, so it is copied.
// CHECK-LABEL: func.func @defined_outside(
// CHECK-SAME: %{{[a-z0-9]*}}: memref<?xi32{{.*}}>, %[[S:[a-z0-9]*]]: memref<?xi32
// CHECK: loom.loop
// CHECK: %[[C:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %[[S]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
func.func @defined_outside(%t: tensor<?xi32>, %s: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  %r = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a : tensor<?xi32> }
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %z = arith.cmpi eq, %v, %x : i32
    loom.if %z {
      %u = tensor.insert %x into %s[%c0] : tensor<?xi32>
      loom.break %tk, %u : tensor<?xi32>
    }
    %i3 = arith.addi %i, %c1 : index
    loom.continue %tk, %s, %i3 : tensor<?xi32>, index
  }
  return %r : tensor<?xi32>
}
