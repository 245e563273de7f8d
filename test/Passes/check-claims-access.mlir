// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s

// loom-check-claims puts before each access loom-verify-bounds proves, per
// dimension, `0 <= i` and `i + extent <= size` with the index read signed
// as an i128 (so neither can wrap) and one cf.assert naming the access and
// its location. (The loops' count and range checks, which come first in
// the body, are in check-claims-counts.mlir and check-claims-ranges.mlir.)

// CHECK-LABEL: func.func @static_store(
func.func @static_store(%m: memref<4xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
  scf.for %i = %c0 to %c4 step %c1 {
    // CHECK: "loom claim violated: scf.for runs its body with its counter in
    // CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i128
    // CHECK-DAG: %[[SIZE:.*]] = arith.constant 4 : i128
    // CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i128
    // CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i128
    // CHECK: %[[LOW:.*]] = arith.cmpi sle, %[[ZERO]], %[[W]] : i128
    // CHECK: %[[END:.*]] = arith.addi %[[W]], %[[ONE]] : i128
    // CHECK: %[[HIGH:.*]] = arith.cmpi sle, %[[END]], %[[SIZE]] : i128
    // CHECK: %[[OK:.*]] = arith.andi %[[LOW]], %[[HIGH]] : i1
    // CHECK: cf.assert %[[OK]], "loom claim violated: memref.store index 0 in bounds of dimension 0 at {{.*}}check-claims-access.mlir:[[#@LINE+2]]:5"
    // CHECK-NEXT: memref.store
    memref.store %v, %m[%i] : memref<4xi32>
  }
  return
}

// -----

// Near miss: %n may exceed 4, so the store is not proven and has no check
// (the loop's count, max(0, %n), is a claim: its check is the only one).
// CHECK-LABEL: func.func @unproven(
func.func @unproven(%m: memref<4xi32>, %v: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK-NOT: in bounds
  // CHECK: memref.store
  // CHECK-NOT: in bounds
  // CHECK: runs its body exactly max(0, %arg2) times
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<4xi32>
  }
  return
}

// -----

// A dynamic size is read by memref.dim where the access runs.
// CHECK-LABEL: func.func @dynamic(
func.func @dynamic(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  %d = memref.dim %m, %c0 : memref<?xf32>
  // CHECK: scf.for %[[I:[^ ]*]] =
  %s = scf.for %i = %c0 to %d step %c1 iter_args(%a = %f) -> f32 {
    // CHECK: "loom claim violated: scf.for runs its body with its counter in
    // CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i128
    // CHECK: %[[DIM:.*]] = memref.dim %arg0, %{{.*}} : memref<?xf32>
    // CHECK: %[[SIZE:.*]] = arith.index_castui %[[DIM]] : index to i128
    // CHECK: arith.cmpi sle, %{{.*}}, %[[SIZE]] : i128
    // CHECK: cf.assert %{{.*}}, "loom claim violated: memref.load index 0 in bounds of dimension 0 at {{.*}}check-claims-access.mlir:[[#@LINE+2]]:10"
    // CHECK-NEXT: memref.load
    %x = memref.load %m[%i] : memref<?xf32>
    %y = arith.addf %a, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
}

// -----

// A vector access covers its vector's size along the dimension: extent 4.
// CHECK-LABEL: func.func @vector(
func.func @vector(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c4 {
    // CHECK: "loom claim violated: scf.for runs its body with its counter in
    // CHECK: %[[W:.*]] = arith.index_cast
    // CHECK-DAG: %[[SIZE:.*]] = arith.constant 16 : i128
    // CHECK-DAG: %[[EXTENT:.*]] = arith.constant 4 : i128
    // CHECK: %[[END:.*]] = arith.addi %[[W]], %[[EXTENT]] : i128
    // CHECK: arith.cmpi sle, %[[END]], %[[SIZE]] : i128
    // CHECK: cf.assert %{{.*}}, "loom claim violated: vector.load index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:10"
    %v = vector.load %m[%i] : memref<16xf32>, vector<4xf32>
    vector.store %v, %m[%i] : memref<16xf32>, vector<4xf32>
  }
  return
}

// -----

// An affine access whose map result is not an operand: the index is that
// result alone, computed by affine.apply where the access runs.
// CHECK: #[[MAP:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @affine(
func.func @affine(%m: memref<9xf32>) {
  // CHECK: affine.for %[[I:[^ ]*]] = 0 to 8
  affine.for %i = 0 to 8 {
    // CHECK: %[[R:.*]] = affine.apply #[[MAP]](%[[I]])
    // CHECK: arith.index_cast %[[R]] : index to i128
    // CHECK: cf.assert %{{.*}}, "loom claim violated: affine.load index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:10"
    %x = affine.load %m[%i + 1] : memref<9xf32>
    affine.store %x, %m[%i] : memref<9xf32>
  }
  return
}

// -----

// A subview per source dimension: offset and size non-negative, and the
// last element inside the source when the size is at least 1, the offset
// at most the size otherwise (selected at run time).
// CHECK-LABEL: func.func @subview(
func.func @subview(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %main step %c4 {
    // CHECK: "loom claim violated: scf.for runs its body with its counter in
    // CHECK: %[[O:.*]] = arith.index_cast %{{.*}} : index to i128
    // CHECK: %[[N:.*]] = arith.constant 4 : i128
    // CHECK: %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : i128
    // CHECK: %[[SPAN:.*]] = arith.muli %[[LAST]], %{{.*}} : i128
    // CHECK: %[[E0:.*]] = arith.addi %[[O]], %[[SPAN]] : i128
    // CHECK: %[[E1:.*]] = arith.addi %[[E0]], %{{.*}} : i128
    // CHECK: %[[FULL:.*]] = arith.cmpi sle, %[[E1]], %{{.*}} : i128
    // CHECK: %[[EMPTY:.*]] = arith.cmpi sle, %[[O]], %{{.*}} : i128
    // CHECK: %[[NONEMPTY:.*]] = arith.cmpi sle, %{{.*}}, %[[N]] : i128
    // CHECK: arith.select %[[NONEMPTY]], %[[FULL]], %[[EMPTY]] : i1
    // CHECK: cf.assert %{{.*}}, "loom claim violated: memref.subview in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:10"
    %t = memref.subview %m[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    "test.use"(%t) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
  }
  return
}

// -----

// A proof that rests on an assumption (here: that d + 2^62 does not wrap,
// so the guard is never true): the message names it.
// CHECK-LABEL: func.func @assumed(
func.func @assumed(%a: memref<?xi8>, %b: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  %d = memref.dim %b, %c0 : memref<?xi64>
  %e = arith.addi %d, %big : index
  %c = arith.cmpi slt, %e, %c0 : index
  scf.if %c {
    // CHECK: cf.assert %{{.*}}, "loom claim violated: memref.load index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:10 (assuming buffer-bytes-below-half-address-space)"
    %v = memref.load %a[%e] : memref<?xi8>
    "test.use"(%v) : (i8) -> ()
  }
  return
}
