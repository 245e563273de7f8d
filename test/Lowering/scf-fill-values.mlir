// loom-lower-to-scf packs every way out of a region into one result list;
// a path fills the slots of the ways it does not take. In an scf.if, a slot
// holds the value the other branch yields there when that value is defined
// outside the scf.if or is a constant (FillValues.h), not ub.poison; when
// the other branch's value is computed inside it, the slot stays poison.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf)' | FileCheck %s

// The inner loop's break forwards %a (defined outside), the outer exit %b:
// each branch fills the other's slot with the other's value.
// CHECK-LABEL: func.func @fill_from_other_branch(
// CHECK-SAME:    %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK:       scf.if %[[C]] -> (i1, i32, i32) {
// CHECK:         scf.yield %{{.*}}, %[[A]], %[[B]] : i1, i32, i32
// CHECK:       } else {
// CHECK:         scf.yield %{{.*}}, %[[A]], %[[B]] : i1, i32, i32
// CHECK-NOT:   ub.poison
func.func @fill_from_other_branch(%cond: i1, %a: i32, %b: i32) -> i32 {
  %outer = loom.loop token(%ot) -> (i32) {
    %inner = loom.loop token(%it) -> (i32) {
      loom.if %cond {
        loom.break %ot, %b : i32
      }
      loom.break %it, %a : i32
    }
    loom.break %ot, %inner : i32
  }
  return %outer : i32
}

// -----

// The outer exit's value is computed inside its branch: the other branch's
// slot for it stays poison.
// CHECK-LABEL: func.func @fill_stays_poison(
// CHECK:       scf.if %{{.*}} -> (i1, i32, i32) {
// CHECK:         %[[S:.*]] = arith.addi
// CHECK:         scf.yield %{{.*}}, %{{.*}}, %[[S]] : i1, i32, i32
// CHECK:       } else {
// CHECK:         %[[P:.*]] = ub.poison : i32
// CHECK:         scf.yield %{{.*}}, %{{.*}}, %[[P]] : i1, i32, i32
func.func @fill_stays_poison(%cond: i1, %a: i32, %b: i32) -> i32 {
  %outer = loom.loop token(%ot) -> (i32) {
    %inner = loom.loop token(%it) -> (i32) {
      loom.if %cond {
        %s = arith.addi %a, %b : i32
        loom.break %ot, %s : i32
      }
      loom.break %it, %a : i32
    }
    loom.break %ot, %inner : i32
  }
  return %outer : i32
}
