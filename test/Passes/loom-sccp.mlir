// loom-sccp on what the peer suite (test/PeerSuite/precision*.mlir) does
// not cover: loop-carried values (joined from inits and continues, widened
// when they change), loom.for results and induction variables, loom.if
// results, exits behind a condition known to select the other branch, and
// loops of other dialects (exits nested in an op of another dialect:
// loom-sccp-third-party.mlir). Each case that folds has a near miss beside
// it that must not.
// RUN: %loom-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(func.func(loom-sccp))' | FileCheck %s

// A loop-carried value every continue passes on unchanged is its init.
// CHECK-LABEL: func.func @carried_unchanged(
// CHECK:       %[[C3:.*]] = arith.constant 3 : i32
// CHECK:       loom.loop
// CHECK:       return %[[C3]] : i32
func.func @carried_unchanged(%cond: i1) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = loom.loop token(%t) iter_args(%a = %c3) : (i32) -> (i32) {
    loom.if %cond { loom.break %t, %a : i32 }
    loom.continue %t, %a : i32
  }
  return %r : i32
}

// -----

// A counter: 0, 1, 2, ... The break forwards it once it reaches 10, so the
// result is not 0 and `r < 5` must not fold (the range widens when the
// carried value changes; it is never a constant).
// CHECK-LABEL: func.func @carried_counter(
// CHECK:       %[[R:.*]] = loom.loop
// CHECK:       %[[LT:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : i32
// CHECK:       return %[[LT]], %[[R]] : i1, i32
func.func @carried_counter() -> (i1, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %a, %c10 : i32
    loom.if %done { loom.break %t, %a : i32 }
    %a1 = arith.addi %a, %c1 : i32
    loom.continue %t, %a1 : i32
  }
  %lt = arith.cmpi slt, %r, %c5 : i32
  return %lt, %r : i1, i32
}

// -----

// An exit inside a branch whose condition is known to be false never runs:
// the scope's result is the yield's 5.
// CHECK-LABEL: func.func @exit_behind_false(
// CHECK:       %[[C5:.*]] = arith.constant 5 : i32
// CHECK:       return %[[C5]] : i32
func.func @exit_behind_false() -> i32 {
  %false = arith.constant false
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %r = loom.scope token(%s) -> (i32) {
    loom.if %false { loom.break %s, %c7 : i32 }
    loom.yield %c5 : i32
  }
  return %r : i32
}

// -----

// The same with a condition known to be true: the else branch's exit never
// runs, the then branch's always does.
// CHECK-LABEL: func.func @exit_in_else_behind_true(
// CHECK:       %[[C7:.*]] = arith.constant 7 : i32
// CHECK:       return %[[C7]] : i32
func.func @exit_in_else_behind_true() -> i32 {
  %true = arith.constant true
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %r = loom.scope token(%s) -> (i32) {
    loom.if %true {
      loom.break %s, %c7 : i32
    } else {
      loom.break %s, %c5 : i32
    }
    loom.yield %c5 : i32
  }
  return %r : i32
}

// -----

// A condition computed from an unknown argument: both exits may run.
// CHECK-LABEL: func.func @exit_behind_unknown(
// CHECK:       %[[R:.*]] = loom.scope
// CHECK:       return %[[R]] : i32
func.func @exit_behind_unknown(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %cond = arith.cmpi sgt, %x, %c0 : i32
  %r = loom.scope token(%s) -> (i32) {
    loom.if %cond { loom.break %s, %c7 : i32 }
    loom.yield %c5 : i32
  }
  return %r : i32
}

// -----

// loom.for: the induction variable lies in [0, 9], so `i < 10` is true; the
// result is the final iteration argument or a break's operand, all 4.
// CHECK-LABEL: func.func @for_constant(
// CHECK-DAG:   %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK:       loom.for
// CHECK:       "test.use"(%[[TRUE]]) : (i1) -> ()
// CHECK:       return %[[C4]] : i32
func.func @for_constant(%cond: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c4 = arith.constant 4 : i32
  %r = loom.for %i = %c0 to %c10 step %c1 token(%t) iter_args(%acc = %c4) -> (i32) {
    %in = arith.cmpi slt, %i, %c10 : index
    "test.use"(%in) : (i1) -> ()
    loom.if %cond { loom.break %t, %acc : i32 }
    loom.yield %acc : i32
  }
  return %r : i32
}

// -----

// loom.for whose body yields 1 after an init of 0: the result is 0 (no
// iteration) or 1, not a constant; a break forwarding 9 would make it
// neither either.
// CHECK-LABEL: func.func @for_not_constant(
// CHECK:       %[[R:.*]] = loom.for
// CHECK:       return %[[R]] : i32
func.func @for_not_constant(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%acc = %z) -> (i32) {
    loom.yield %one : i32
  }
  return %r : i32
}

// -----

// loom.if results: both branches yield 3; a near miss yields 3 or 4.
// CHECK-LABEL: func.func @if_results(
// CHECK:       %[[C3:.*]] = arith.constant 3 : i32
// CHECK:       %[[B:.*]] = loom.if
// CHECK:       return %[[C3]], %[[B]] : i32, i32
func.func @if_results(%cond: i1) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %a = loom.if %cond -> (i32) {
    loom.yield %c3 : i32
  } else {
    loom.yield %c3 : i32
  }
  %b = loom.if %cond -> (i32) {
    loom.yield %c3 : i32
  } else {
    loom.yield %c4 : i32
  }
  return %a, %b : i32, i32
}

// -----

// A continue forwarding something other than the init makes the carried
// value unknown: the break forwards it, so the result is not 0.
// CHECK-LABEL: func.func @carried_changed_by_continue(
// CHECK:       %[[R:.*]] = loom.loop
// CHECK:       return %[[R]] : i32
func.func @carried_changed_by_continue(%cond: i1, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
    loom.if %cond { loom.break %t, %a : i32 }
    loom.continue %t, %x : i32
  }
  return %r : i32
}

// -----

// An affine.for's induction variable gets the pessimistic range (MLIR 22's
// bound-based range for other dialects' loops crashes on affine.for); the
// pass completes and leaves the loop alone.
// CHECK-LABEL: func.func @affine_loop(
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} step 4 {
func.func @affine_loop(%n: index) {
  affine.for %i = 0 to %n step 4 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
