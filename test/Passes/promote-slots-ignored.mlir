// Slots loom-promote-slots leaves exactly as they are: the address escapes
// (a call, a cast, a subview, the slot stored as a value, returned, yielded
// by a region), a use sits inside a region op the pass does not carry
// values through, in another block, or the slot is not a scalar one.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-promote-slots)' | FileCheck %s

func.func private @use(memref<1xi32>)

// CHECK-LABEL: func.func @passed_to_call
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xi32>
// CHECK-NEXT: memref.store %{{.*}}, %[[S]][%{{.*}}] : memref<1xi32>
// CHECK-NEXT: scf.if
// CHECK-NEXT: call @use(%[[S]])
// CHECK: %[[R:.*]] = memref.load %[[S]][%{{.*}}] : memref<1xi32>
// CHECK-NEXT: return %[[R]]
func.func @passed_to_call(%x: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xi32>
  memref.store %x, %s[%c0] : memref<1xi32>
  scf.if %c {
    func.call @use(%s) : (memref<1xi32>) -> ()
  }
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @cast
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xi32>
// CHECK: memref.cast %[[S]]
// CHECK: memref.load %[[S]]
func.func @cast(%x: i32) -> (i32, memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xi32>
  memref.store %x, %s[%c0] : memref<1xi32>
  %d = memref.cast %s : memref<1xi32> to memref<?xi32>
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r, %d : i32, memref<?xi32>
}

// -----

// CHECK-LABEL: func.func @subview
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xi32>
// CHECK: memref.subview %[[S]]
// CHECK: memref.load %[[S]]
func.func @subview(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xi32>
  %v = memref.subview %s[0] [1] [1] : memref<1xi32> to memref<1xi32, strided<[1]>>
  memref.store %x, %v[%c0] : memref<1xi32, strided<[1]>>
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// The slot is the value a store writes into another buffer.
// CHECK-LABEL: func.func @stored_as_value
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xindex>
// CHECK: memref.store %[[S]], %{{.*}}[] : memref<memref<1xindex>>
// CHECK: memref.load %[[S]]
func.func @stored_as_value(%x: index, %box: memref<memref<1xindex>>) -> index {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xindex>
  memref.store %x, %s[%c0] : memref<1xindex>
  memref.store %s, %box[] : memref<memref<1xindex>>
  %r = memref.load %s[%c0] : memref<1xindex>
  return %r : index
}

// -----

// CHECK-LABEL: func.func @returned
// CHECK: %[[S:.*]] = memref.alloca() : memref<i32>
// CHECK: memref.store %{{.*}}, %[[S]][] : memref<i32>
// CHECK: return %[[S]]
func.func @returned(%x: i32) -> memref<i32> {
  %s = memref.alloca() : memref<i32>
  memref.store %x, %s[] : memref<i32>
  return %s : memref<i32>
}

// -----

// The slot itself leaves a region as a result.
// CHECK-LABEL: func.func @yielded_by_region
// CHECK: %[[S:.*]] = memref.alloca() : memref<i32>
// CHECK: scf.yield %[[S]] : memref<i32>
func.func @yielded_by_region(%x: i32, %c: i1) -> i32 {
  %s = memref.alloca() : memref<i32>
  %t = memref.alloca() : memref<i32>
  memref.store %x, %s[] : memref<i32>
  memref.store %x, %t[] : memref<i32>
  %m = scf.if %c -> (memref<i32>) {
    scf.yield %s : memref<i32>
  } else {
    scf.yield %t : memref<i32>
  }
  %r = memref.load %m[] : memref<i32>
  return %r : i32
}

// -----

// A use inside scf.parallel, which the pass does not carry values through:
// the slot is left alone entirely, also its uses outside the parallel op.
// CHECK-LABEL: func.func @unknown_region_op
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xi32>
// CHECK-NEXT: memref.store %{{.*}}, %[[S]][%{{.*}}] : memref<1xi32>
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: memref.load %[[S]]
// CHECK: %[[R:.*]] = memref.load %[[S]]
// CHECK-NEXT: return %[[R]]
func.func @unknown_region_op(%n: index, %x: i32, %out: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloca() : memref<1xi32>
  memref.store %x, %s[%c0] : memref<1xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %s[%c0] : memref<1xi32>
    memref.store %v, %out[%i] : memref<?xi32>
    scf.reduce
  }
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// The same for affine.for, here below an scf.if the pass knows.
// CHECK-LABEL: func.func @affine_for
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xf32>
// CHECK: affine.for
// CHECK-NEXT: memref.load %[[S]]
// CHECK: memref.store %{{.*}}, %[[S]]
// CHECK: memref.load %[[S]]
func.func @affine_for(%x: f32, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xf32>
  memref.store %x, %s[%c0] : memref<1xf32>
  scf.if %c {
    affine.for %i = 0 to 4 {
      %v = memref.load %s[%c0] : memref<1xf32>
      %w = arith.addf %v, %x : f32
      memref.store %w, %s[%c0] : memref<1xf32>
    }
  }
  %r = memref.load %s[%c0] : memref<1xf32>
  return %r : f32
}

// -----

// A use in another block of the slot's region (upstream mem2reg's case).
// CHECK-LABEL: func.func @other_block
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xi32>
// CHECK: ^bb1:
// CHECK-NEXT: memref.load %[[S]]
func.func @other_block(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xi32>
  memref.store %x, %s[%c0] : memref<1xi32>
  cf.br ^bb1
^bb1:
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// Not scalar slots: two elements, a vector element, a memory space, a
// non-identity layout.
// CHECK-LABEL: func.func @not_scalar
// CHECK: memref.alloca() : memref<2xi32>
// CHECK: memref.alloca() : memref<1xvector<4xi32>>
// CHECK: memref.alloca() : memref<1xi32, 3>
// CHECK: memref.alloca() : memref<1xi32, strided<[1], offset: 2>>
// CHECK-COUNT-4: memref.load
func.func @not_scalar(%x: i32, %y: vector<4xi32>) -> (i32, vector<4xi32>, i32, i32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xi32>
  %b = memref.alloca() : memref<1xvector<4xi32>>
  %c = memref.alloca() : memref<1xi32, 3>
  %d = memref.alloca() : memref<1xi32, strided<[1], offset: 2>>
  memref.store %x, %a[%c0] : memref<2xi32>
  memref.store %y, %b[%c0] : memref<1xvector<4xi32>>
  memref.store %x, %c[%c0] : memref<1xi32, 3>
  memref.store %x, %d[%c0] : memref<1xi32, strided<[1], offset: 2>>
  %ra = memref.load %a[%c0] : memref<2xi32>
  %rb = memref.load %b[%c0] : memref<1xvector<4xi32>>
  %rc = memref.load %c[%c0] : memref<1xi32, 3>
  %rd = memref.load %d[%c0] : memref<1xi32, strided<[1], offset: 2>>
  return %ra, %rb, %rc, %rd : i32, vector<4xi32>, i32, i32
}
