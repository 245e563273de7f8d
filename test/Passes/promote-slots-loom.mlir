// loom-promote-slots through loom's ops: the slot becomes one more result
// of loom.if/loom.scope/loom.loop/loom.for (and an iteration argument of
// the loops), and every loom.break/loom.continue addressed to such an op
// forwards the slot's current value.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-promote-slots)' | FileCheck %s

// The break forwards the value to the loop's result, the continue to the
// next iteration.
// CHECK-LABEL: func.func @loop_break_continue
// CHECK-NOT: memref.alloca
// CHECK: %[[R:.*]] = loom.loop token(%[[T:[a-z0-9_]+]]) iter_args(%[[V:[a-z0-9_]+]] = %c0_i32) : (i32) -> (i32) {
// CHECK: loom.if %{{.*}} -> (i32) {
// CHECK-NEXT: loom.break %[[T]], %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: loom.yield %[[V]] : i32
// CHECK: %[[V1:.*]] = arith.addi %[[V]], %c1_i32 : i32
// CHECK-NEXT: loom.continue %[[T]], %[[V1]] : i32
// CHECK: return %[[R]] : i32
func.func @loop_break_continue(%n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s = memref.alloca() : memref<1xi32>
  memref.store %z, %s[%c0] : memref<1xi32>
  loom.loop token(%t) {
    %v = memref.load %s[%c0] : memref<1xi32>
    %done = arith.cmpi sge, %v, %n : i32
    loom.if %done { loom.break %t }
    %v1 = arith.addi %v, %one : i32
    memref.store %v1, %s[%c0] : memref<1xi32>
    loom.continue %t
  }
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// A loom.for inside a loom.scope: the break to the scope carries the value
// stored in the loop, the continue and the yield carry it to the next
// iteration; operands the ops had keep their positions.
// CHECK-LABEL: func.func @for_in_scope
// CHECK-NOT: memref.alloca
// CHECK: %[[S:.*]]:2 = loom.scope token(%[[SC:[a-z0-9_]+]]) -> (i1, index) {
// CHECK-NEXT: %[[F:.*]]:2 = loom.for %[[I:[a-z0-9_]+]] = %c0 to %{{.*}} step %c1 token(%[[T:[a-z0-9_]+]]) iter_args(%[[W:[a-z0-9_]+]] = %c0, %{{.*}} = %c0) -> (index, index) {
// CHECK: %[[A:.*]] = loom.if %{{.*}} -> (index) {
// CHECK-NEXT: loom.break %[[SC]], %true, %[[I]] : i1, index
// CHECK-NEXT: } else {
// CHECK-NEXT: loom.yield %[[I]] : index
// CHECK: %[[B:.*]] = loom.if %{{.*}} -> (index) {
// CHECK-NEXT: loom.continue %[[T]], %[[W]], %[[A]] : index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: loom.yield %[[A]] : index
// CHECK: loom.yield %{{.*}}, %[[B]] : index, index
// CHECK: loom.yield %false, %[[F]]#1 : i1, index
// CHECK: return %[[S]]#1 : index
func.func @for_in_scope(%n: index, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloca() : memref<1xindex>
  memref.store %c0, %s[%c0] : memref<1xindex>
  %q = loom.scope token(%sc) -> (i1) {
    %w = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%w = %c0) -> (index) {
      memref.store %i, %s[%c0] : memref<1xindex>
      %hit = arith.cmpi eq, %i, %k : index
      %true = arith.constant true
      loom.if %hit { loom.break %sc, %true : i1 }
      %skip = arith.cmpi ult, %i, %c1 : index
      loom.if %skip { loom.continue %t, %w : index }
      %w1 = arith.addi %w, %i : index
      loom.yield %w1 : index
    }
    %false = arith.constant false
    loom.yield %false : i1
  }
  %r = memref.load %s[%c0] : memref<1xindex>
  return %r : index
}

// -----

// A slot allocated in a loop body: a break leaving the loop leaves the
// slot's lifetime and forwards nothing.
// CHECK-LABEL: func.func @break_leaves_scope
// CHECK-NOT: memref.alloca
// CHECK: loom.loop token(%[[T:[a-z0-9_]+]]) iter_args(%[[I:[a-z0-9_]+]] = %{{.*}}) : (i32) {
// CHECK: loom.if %{{.*}} {
// CHECK-NEXT: loom.break %[[T]]{{$}}
// CHECK: %[[V:.*]] = arith.subi %[[I]], %c1_i32 : i32
// CHECK-NEXT: loom.continue %[[T]], %[[V]] : i32
func.func @break_leaves_scope(%n: i32) {
  %c0 = arith.constant 0 : index
  loom.loop token(%t) iter_args(%i = %n) : (i32) {
    %s = memref.alloca() : memref<1xi32>
    memref.store %i, %s[%c0] : memref<1xi32>
    %zero = arith.constant 0 : i32
    %done = arith.cmpi sle, %i, %zero : i32
    loom.if %done { loom.break %t }
    %v = memref.load %s[%c0] : memref<1xi32>
    %one = arith.constant 1 : i32
    %v1 = arith.subi %v, %one : i32
    loom.continue %t, %v1 : i32
  }
  return
}
