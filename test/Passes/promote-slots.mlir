// loom-promote-slots through each structured region kind: a slot written
// inside the op becomes one more result of it (and one more iteration
// argument of a loop); loads read the value stored last on the path.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-promote-slots)' | FileCheck %s

// CHECK-LABEL: func.func @if_without_else
// CHECK-SAME: (%[[C:[a-z0-9_]+]]: i1, %[[X:[a-z0-9_]+]]: i32)
// CHECK-NOT: memref.alloca
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[W:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT: scf.yield %[[W]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
func.func @if_without_else(%c: i1, %x: i32) -> i32 {
  %s = memref.alloca() : memref<i32>
  memref.store %x, %s[] : memref<i32>
  scf.if %c {
    %v = memref.load %s[] : memref<i32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %s[] : memref<i32>
  }
  %r = memref.load %s[] : memref<i32>
  return %r : i32
}

// -----

// An scf.if with results of its own keeps them first; each branch yields
// the slot's value at its end.
// CHECK-LABEL: func.func @if_with_results
// CHECK-SAME: (%[[C:[a-z0-9_]+]]: i1, %[[X:[a-z0-9_]+]]: index, %[[Y:[a-z0-9_]+]]: index)
// CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (f32, index) {
// CHECK: scf.yield %{{.*}}, %[[X]] : f32, index
// CHECK-NEXT: } else {
// CHECK: scf.yield %{{.*}}, %[[Y]] : f32, index
// CHECK: arith.addi %[[R]]#1, %[[R]]#1 : index
func.func @if_with_results(%c: i1, %x: index, %y: index) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xindex>
  %f = scf.if %c -> (f32) {
    memref.store %x, %s[%c0] : memref<1xindex>
    %one = arith.constant 1.0 : f32
    scf.yield %one : f32
  } else {
    memref.store %y, %s[%c0] : memref<1xindex>
    %two = arith.constant 2.0 : f32
    scf.yield %two : f32
  }
  %v = memref.load %s[%c0] : memref<1xindex>
  %w = arith.addi %v, %v : index
  return %f, %w : f32, index
}

// -----

// scf.for: the slot becomes the last iteration argument; a memref<1x1xf64>
// has one element too.
// CHECK-LABEL: func.func @for_loop
// CHECK-NOT: memref.alloca
// CHECK: %[[CST:.*]] = arith.constant 1.5
// CHECK: %[[R:[a-z0-9_]+]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[K:[a-z0-9_]+]] = %{{.*}}, %[[A:[a-z0-9_]+]] = %[[CST]]) -> (index, f64) {
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[A]], %[[CST]] : f64
// CHECK-NEXT: scf.yield %[[K]], %[[B]] : index, f64
// CHECK: return %[[R]]#1 : f64
func.func @for_loop(%n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.5 : f64
  %s = memref.alloca() : memref<1x1xf64>
  memref.store %f, %s[%c0, %c0] : memref<1x1xf64>
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (index) {
    %v = memref.load %s[%c0, %c0] : memref<1x1xf64>
    %w = arith.addf %v, %f : f64
    memref.store %w, %s[%c0, %c0] : memref<1x1xf64>
    scf.yield %k : index
  }
  %r = memref.load %s[%c0, %c0] : memref<1x1xf64>
  return %r : f64
}

// -----

// scf.while: both regions get the slot as their last argument, the
// condition forwards the value the "before" region ends with.
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: i32)
// CHECK-NOT: memref.alloca
// CHECK: %[[R:[a-z0-9_]+]] = scf.while (%[[I:[a-z0-9_]+]] = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %[[GO:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT: scf.condition(%[[GO]]) %[[I]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[J:[a-z0-9_]+]]: i32):
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[J]], %c1_i32 : i32
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK: return %[[R]] : i32
func.func @while_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s = memref.alloca() : memref<1xi32>
  memref.store %z, %s[%c0] : memref<1xi32>
  scf.while : () -> () {
    %v = memref.load %s[%c0] : memref<1xi32>
    %go = arith.cmpi slt, %v, %n : i32
    scf.condition(%go)
  } do {
    %v = memref.load %s[%c0] : memref<1xi32>
    %v1 = arith.addi %v, %one : i32
    memref.store %v1, %s[%c0] : memref<1xi32>
    scf.yield
  }
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// A store in the "before" region of an scf.while reaches the "after"
// region through the condition and the loop's result.
// CHECK-LABEL: func.func @while_store_in_condition
// CHECK: %[[R:[a-z0-9_]+]]:2 = scf.while (%[[A:[a-z0-9_]+]] = %{{.*}}, %[[S:[a-z0-9_]+]] = %{{.*}}) : (i64, i64) -> (i64, i64) {
// CHECK: %[[D:.*]] = arith.muli %[[S]], %{{.*}} : i64
// CHECK: scf.condition(%{{.*}}) %[[A]], %[[D]] : i64, i64
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[A2:[a-z0-9_]+]]: i64, %[[S2:[a-z0-9_]+]]: i64):
// CHECK: arith.addi %[[A2]], %[[S2]] : i64
// CHECK: scf.yield %{{.*}}, %[[S2]] : i64, i64
// CHECK: return %[[R]]#1 : i64
func.func @while_store_in_condition(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %s = memref.alloca() : memref<1xi64>
  memref.store %one, %s[%c0] : memref<1xi64>
  %a = scf.while (%a = %one) : (i64) -> i64 {
    %v = memref.load %s[%c0] : memref<1xi64>
    %d = arith.muli %v, %two : i64
    memref.store %d, %s[%c0] : memref<1xi64>
    %go = arith.cmpi slt, %a, %n : i64
    scf.condition(%go) %a : i64
  } do {
  ^bb0(%a: i64):
    %v = memref.load %s[%c0] : memref<1xi64>
    %a1 = arith.addi %a, %v : i64
    scf.yield %a1 : i64
  }
  %r = memref.load %s[%c0] : memref<1xi64>
  return %r : i64
}

// -----

// scf.execute_region and memref.alloca_scope get one more result.
// CHECK-LABEL: func.func @execute_region_and_alloca_scope
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: index, %[[Y:[a-z0-9_]+]]: index)
// CHECK-NOT: memref.alloca()
// CHECK: %[[E:.*]] = scf.execute_region -> index {
// CHECK-NEXT: scf.yield %[[X]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[A:.*]] = memref.alloca_scope -> (index) {
// CHECK-NEXT: %[[Z:.*]] = arith.addi %[[E]], %[[Y]] : index
// CHECK-NEXT: memref.alloca_scope.return %[[Z]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[A]] : index
func.func @execute_region_and_alloca_scope(%x: index, %y: index) -> index {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<1xindex>
  scf.execute_region {
    memref.store %x, %s[%c0] : memref<1xindex>
    scf.yield
  }
  memref.alloca_scope {
    %v = memref.load %s[%c0] : memref<1xindex>
    %z = arith.addi %v, %y : index
    memref.store %z, %s[%c0] : memref<1xindex>
  }
  %r = memref.load %s[%c0] : memref<1xindex>
  return %r : index
}

// -----

// Nested regions: an scf.if inside an scf.for inside an scf.while, with
// two slots; a region that only reads a slot forwards it unchanged.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: memref.alloca
// CHECK: %[[W:[a-z0-9_]+]]:2 = scf.while (%[[I:[a-z0-9_]+]] = %{{.*}}, %[[ACC:[a-z0-9_]+]] = %{{.*}}) : (i32, i32) -> (i32, i32)
// CHECK: scf.condition(%{{.*}}) %[[I]], %[[ACC]] : i32, i32
// CHECK: ^bb0(%[[I2:[a-z0-9_]+]]: i32, %[[ACC2:[a-z0-9_]+]]: i32):
// CHECK-NEXT: %[[F:[a-z0-9_]+]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[FI:[a-z0-9_]+]] = %[[I2]], %[[FA:[a-z0-9_]+]] = %[[ACC2]]) -> (i32, i32) {
// CHECK: %[[IF:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[FA]], %[[FI]] : i32
// CHECK-NEXT: scf.yield %[[FI]], %[[SUM]] : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[FI]], %[[FA]] : i32, i32
// CHECK: scf.yield %[[IF]]#0, %[[IF]]#1 : i32, i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[F]]#0, %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[NEXT]], %[[F]]#1 : i32, i32
// CHECK: return %[[W]]#1 : i32
func.func @nested(%n: i32, %m: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %i = memref.alloca() : memref<1xi32>
  %acc = memref.alloca() : memref<1xi32>
  memref.store %z, %i[%c0] : memref<1xi32>
  memref.store %z, %acc[%c0] : memref<1xi32>
  scf.while : () -> () {
    %iv = memref.load %i[%c0] : memref<1xi32>
    %go = arith.cmpi slt, %iv, %n : i32
    scf.condition(%go)
  } do {
    scf.for %j = %c0 to %m step %c1 {
      %odd = arith.cmpi ne, %j, %c0 : index
      scf.if %odd {
        %iv = memref.load %i[%c0] : memref<1xi32>
        %a = memref.load %acc[%c0] : memref<1xi32>
        %sum = arith.addi %a, %iv : i32
        memref.store %sum, %acc[%c0] : memref<1xi32>
      }
    }
    %iv = memref.load %i[%c0] : memref<1xi32>
    %next = arith.addi %iv, %one : i32
    memref.store %next, %i[%c0] : memref<1xi32>
    scf.yield
  }
  %r = memref.load %acc[%c0] : memref<1xi32>
  return %r : i32
}

// -----

// A slot allocated inside a region and used only there is promoted within
// that region, even inside a region op the pass does not carry through.
// CHECK-LABEL: func.func @alloca_inside_parallel
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: index, %[[X:[a-z0-9_]+]]: i32, %[[C:[a-z0-9_]+]]: i1,
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT: scf.yield %[[D]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[R]], %{{.*}}[%{{.*}}] : memref<?xi32>
func.func @alloca_inside_parallel(%n: index, %x: i32, %c: i1, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%p) = (%c0) to (%n) step (%c1) {
    %s = memref.alloca() : memref<1xi32>
    memref.store %x, %s[%c0] : memref<1xi32>
    scf.if %c {
      %v = memref.load %s[%c0] : memref<1xi32>
      %d = arith.addi %v, %v : i32
      memref.store %d, %s[%c0] : memref<1xi32>
    }
    %r = memref.load %s[%c0] : memref<1xi32>
    memref.store %r, %out[%p] : memref<?xi32>
    scf.reduce
  }
  return
}
