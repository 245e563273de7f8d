// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-fold-loop-facts)' | FileCheck %s

// A bounds check inside the body of a loop running 0..3 is always true;
// the same check in the condition region (which also sees 4) is not.

// CHECK-LABEL: func.func @bounds_check
func.func @bounds_check(%m: memref<4xi32>, %v: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.while (%x = %c0) : (index) -> index {
    // CHECK: scf.while
    // The loop's own test and the condition-region check stay.
    // CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : index
    // CHECK: arith.cmpi slt
    %inb = arith.cmpi ult, %x, %c4 : index
    %c = arith.cmpi slt, %x, %c4 : index
    %both = arith.andi %c, %inb : i1
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    // CHECK: } do {
    // CHECK-NEXT: ^bb0(%[[Y:.*]]: index):
    // CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
    // CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
    // CHECK-NEXT: scf.if %[[TRUE]] {
    // CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[Y]]]
    // CHECK-NEXT: }
    // The select on a decided condition is replaced by its operand.
    // CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[Y]]]
    // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[Y]]
    // CHECK-NEXT: scf.yield %[[NEXT]] : index
    %ok = arith.cmpi ult, %y, %c4 : index
    %neg = arith.cmpi slt, %y, %c0 : index
    scf.if %ok {
      memref.store %v, %m[%y] : memref<4xi32>
    }
    %s = arith.select %neg, %c0, %y : index
    memref.store %v, %m[%s] : memref<4xi32>
    %n = arith.addi %y, %c1 : index
    scf.yield %n : index
  }
  return %r : index
}

// Not decided: a symbolic value.
// CHECK-LABEL: func.func @undecided
// CHECK: arith.cmpi ult
func.func @undecided(%i: index) -> i1 {
  %c4 = arith.constant 4 : index
  %ok = arith.cmpi ult, %i, %c4 : index
  return %ok : i1
}

// Guards decide nested comparisons too; index.cmp folds the same way.
// CHECK-LABEL: func.func @guarded
// CHECK: scf.if
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: scf.yield %[[T]]
func.func @guarded(%i: index) -> i1 {
  %c4 = index.constant 4
  %c8 = index.constant 8
  %ok = index.cmp ult(%i, %c4)
  %r = scf.if %ok -> i1 {
    %lt8 = index.cmp slt(%i, %c8)
    scf.yield %lt8 : i1
  } else {
    %f = arith.constant false
    scf.yield %f : i1
  }
  return %r : i1
}
