// A load of a promoted slot before any store reads ub.poison, as upstream
// mem2reg does: the slot's memory is undefined until written.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-promote-slots)' | FileCheck %s

// CHECK-LABEL: func.func @load_before_store
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: i32)
// CHECK-NEXT: %[[P:.*]] = ub.poison : i32
// CHECK-NOT: memref
// CHECK: return %[[P]], %[[X]] : i32, i32
func.func @load_before_store(%x: i32) -> (i32, i32) {
  %s = memref.alloca() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %r = memref.load %s[%c0] : memref<1xi32>
  memref.store %x, %s[%c0] : memref<1xi32>
  %q = memref.load %s[%c0] : memref<1xi32>
  return %r, %q : i32, i32
}

// -----

// Written on one path only: the other path carries poison out of the if.
// CHECK-LABEL: func.func @written_on_one_path
// CHECK-SAME: (%[[C:[a-z0-9_]+]]: i1, %[[X:[a-z0-9_]+]]: f32)
// CHECK-NEXT: %[[P:.*]] = ub.poison : f32
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT: scf.yield %[[X]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[P]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : f32
func.func @written_on_one_path(%c: i1, %x: f32) -> f32 {
  %s = memref.alloca() : memref<f32>
  scf.if %c {
    memref.store %x, %s[] : memref<f32>
  }
  %r = memref.load %s[] : memref<f32>
  return %r : f32
}

// -----

// A slot allocated in a loop body is a new slot in every iteration: its
// first load reads poison, not the previous iteration's value.
// CHECK-LABEL: func.func @fresh_in_each_iteration
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:[a-z0-9_]+]] = %{{.*}}) -> (index) {
// CHECK-NEXT: %[[P:.*]] = ub.poison : index
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[P]] : index
// CHECK-NEXT: scf.yield %[[S]] : index
func.func @fresh_in_each_iteration(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %s = memref.alloca() : memref<1xindex>
    %v = memref.load %s[%c0] : memref<1xindex>
    %sum = arith.addi %a, %v : index
    memref.store %i, %s[%c0] : memref<1xindex>
    scf.yield %sum : index
  }
  return %r : index
}
