// loom-sccp with exits nested in an op of another dialect. Uses the
// test-only loomtest dialect, which only loom-opt registers.
// RUN: %loomopt-bin %s --split-input-file --pass-pipeline='builtin.module(func.func(loom-sccp))' | FileCheck %s

// A break nested in an op of another dialect that exits pass through is
// joined like any other: 7 or 5, not a constant.
// CHECK-LABEL: func.func @exit_through_foreign_op(
// CHECK:       %[[R:.*]] = loom.scope
// CHECK:       return %[[R]] : i32
func.func @exit_through_foreign_op(%cond: i1) -> i32 {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %r = loom.scope token(%s) -> (i32) {
    loomtest.wrap {
      loom.if %cond { loom.break %s, %c7 : i32 }
      loomtest.end
    }
    loom.yield %c5 : i32
  }
  return %r : i32
}

// -----

// The same break, every path forwarding 7: the result is 7.
// CHECK-LABEL: func.func @exit_through_foreign_op_constant(
// CHECK:       %[[C7:.*]] = arith.constant 7 : i32
// CHECK:       return %[[C7]] : i32
func.func @exit_through_foreign_op_constant(%cond: i1) -> i32 {
  %c7 = arith.constant 7 : i32
  %r = loom.scope token(%s) -> (i32) {
    loomtest.wrap {
      loom.if %cond { loom.break %s, %c7 : i32 }
      loomtest.end
    }
    loom.yield %c7 : i32
  }
  return %r : i32
}
