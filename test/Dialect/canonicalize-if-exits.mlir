// Canonicalization of a loom.if with a branch that always exits (ends in a
// loom.break or loom.continue): the ops after an if whose branches all exit
// are erased; results only one branch yields are forwarded; the branch that
// falls through moves after the if. Cases marked "origin" translate tests of
// llvm/llvm-project PR 166688, mlir/test/Dialect/SCF/canonicalize-early-exit
// (the scf.loop canonicalization tests; `scf.break [%t]` is `loom.break %t`).
// RUN: %loom-opt --allow-unregistered-dialect %s --canonicalize --split-input-file | FileCheck %s

// Origin: PR 166688, simplify_if_with_break_in_both_branches. Both branches
// break: the op and the continue after the if never run (and the loop, which
// nothing continues any more, runs once: a loom.scope).
// CHECK-LABEL: func.func @break_in_both_branches(
// CHECK:      %[[R:.*]] = loom.scope token(%[[T:.*]]) -> (index) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break %[[T]], %{{.*}} : index
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.break %[[T]], %{{.*}} : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @break_in_both_branches(%cond: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = loom.loop token(%t) -> (index) {
    loom.if %cond {
      loom.break %t, %c0 : index
    } else {
      loom.break %t, %c1 : index
    }
    "test.op"() : () -> ()
    loom.continue %t
  }
  return %0 : index
}

// -----

// Origin: PR 166688, simplify_if_with_continue_in_both_branches.
// CHECK-LABEL: func.func @continue_in_both_branches(
// CHECK:      loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %{{.*}}) : (i32) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.continue %[[T]], %[[A]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]], %[[A]] : i32
// CHECK-NEXT: }
// CHECK-NOT: test.op
func.func @continue_in_both_branches(%cond: i1, %init: i32) {
  loom.loop token(%t) iter_args(%a = %init) : (i32) {
    loom.if %cond {
      loom.continue %t, %a : i32
    } else {
      loom.continue %t, %a : i32
    }
    "test.op"() : () -> ()
    loom.continue %t, %a : i32
  }
  return
}

// -----

// A break in one branch, a continue in the other; the dead tail uses a
// result of the if and defines values the old terminator used.
// CHECK-LABEL: func.func @break_and_continue(
// CHECK:      loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %{{.*}}) : (i32) -> (i32) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break %[[T]], %[[A]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[N:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:   loom.continue %[[T]], %[[N]] : i32
// CHECK-NEXT: }
func.func @break_and_continue(%cond: i1, %init: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %init) : (i32) -> (i32) {
    %x = loom.if %cond -> (i32) {
      loom.break %t, %a : i32
    } else {
      %n = arith.addi %a, %a : i32
      loom.continue %t, %n : i32
    }
    %dead = "test.op"(%x) : (i32) -> i32
    loom.continue %t, %dead : i32
  }
  return %r : i32
}

// -----

// Origin: PR 166688, remove_unused_if_results1. The else branch breaks, so the
// results are what the then branch yields, all defined before the if: the
// uses take them directly and the if loses its results.
// CHECK-LABEL: func.func @forward_yielded_results(
// CHECK:      %[[FOO:.*]]:3 = "test.foo"
// CHECK-NEXT: loom.if %{{.*}} {
// CHECK-NEXT: } else {
// CHECK-NEXT:   loom.break %{{.*}}, %[[FOO]]#2 : index
// CHECK-NEXT: }
// CHECK-NEXT: "test.op"(%[[FOO]]#1)
func.func @forward_yielded_results(%cond: i1) -> index {
  %0 = loom.loop token(%t) -> (index) {
    %foo:3 = "test.foo"() : () -> (i32, i64, index)
    %res:3 = loom.if %cond -> (i32, i64, index) {
      loom.yield %foo#0, %foo#1, %foo#2 : i32, i64, index
    } else {
      loom.break %t, %foo#2 : index
    }
    "test.op"(%res#1) : (i64) -> ()
    loom.continue %t
  }
  return %0 : index
}

// -----

// Origin: PR 166688, simplify_if_with_breaking_controlflow_in_both_branches.
// The then branch breaks; the else branch (whose nested if may break) runs
// exactly when control goes on, so it moves after the if, and the op after
// the if, now after the moved continue, is erased.
// CHECK-LABEL: func.func @hoist_else_with_nested_exit(
// CHECK:      %[[FOO:.*]] = "test.foo"
// CHECK-NEXT: loom.if %{{.*}} {
// CHECK-NEXT:   loom.break %[[T:.*]], %[[FOO]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[BAR:.*]] = "test.bar"
// CHECK-NEXT: loom.if %{{.*}} {
// CHECK-NEXT:   loom.break %[[T]], %[[BAR]] : index
// CHECK-NEXT: }
// CHECK-NEXT: loom.continue %[[T]]
// CHECK-NOT: test.op
func.func @hoist_else_with_nested_exit(%cond: i1, %cond2: i1) -> index {
  %0 = loom.loop token(%t) -> (index) {
    %foo = "test.foo"() : () -> index
    loom.if %cond {
      loom.break %t, %foo : index
    } else {
      %bar = "test.bar"() : () -> index
      loom.if %cond2 {
        loom.break %t, %bar : index
      }
      loom.continue %t
    }
    "test.op"() : () -> ()
    loom.continue %t
  }
  return %0 : index
}

// -----

// The then branch falls through with a value it computes: its ops move
// after the if and the if's result becomes that value.
// CHECK-LABEL: func.func @hoist_then_branch(
// CHECK:      loom.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} token(%[[T:.*]]) iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:   } else {
// CHECK-NEXT:     loom.break %[[T]], %[[A]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[S:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:   %[[U:.*]] = arith.addi %[[S]], %[[A]] : i32
// CHECK-NEXT:   loom.yield %[[U]] : i32
func.func @hoist_then_branch(%n: index, %init: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %init) -> (i32) {
    %v = loom.if %c -> (i32) {
      %sq = arith.muli %a, %a : i32
      loom.yield %sq : i32
    } else {
      loom.break %t, %a : i32
    }
    %u = arith.addi %v, %a : i32
    loom.yield %u : i32
  }
  return %r : i32
}

// -----

// Near miss: the branch with the break can fall through (the break is in a
// nested if, the branch ends in loom.yield): both branches yield, the
// results stay and nothing moves.
// CHECK-LABEL: func.func @exit_that_can_fall_through(
// CHECK:      %[[V:.*]] = loom.if %{{.*}} -> (i32) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.yield %{{.*}} : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   loom.yield %{{.*}} : i32
// CHECK-NEXT: }
// CHECK-NEXT: "test.op"(%[[V]])
func.func @exit_that_can_fall_through(%c: i1, %d: i1, %x: i32, %y: i32) {
  loom.loop token(%t) {
    %v = loom.if %c -> (i32) {
      loom.if %d { loom.break %t }
      loom.yield %x : i32
    } else {
      loom.yield %y : i32
    }
    "test.op"(%v) : (i32) -> ()
    loom.continue %t
  }
  return
}

// -----

// Near miss: both branches exit the inner loop only. The ops after the if in
// the inner loop are dead (and the inner loop, continued no more, becomes a
// scope); the ops after the inner loop are not.
// CHECK-LABEL: func.func @inner_exit_keeps_outer_tail(
// CHECK:      loom.loop token(%[[O:.*]]) {
// CHECK-NEXT:   loom.scope token(%[[I:.*]]) {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       loom.break %[[I]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     loom.break %[[I]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.live"() : () -> ()
// CHECK-NEXT:   loom.continue %[[O]]
func.func @inner_exit_keeps_outer_tail(%c: i1, %d: i1) {
  loom.loop token(%outer) {
    loom.loop token(%inner) {
      loom.if %c { loom.break %inner } else { loom.break %inner }
      "test.dead"() : () -> ()
      loom.continue %inner
    }
    "test.live"() : () -> ()
    loom.continue %outer
  }
  return
}

// -----

// Near miss: one branch exits the outer loop, the other falls through; the
// op after the if still runs on the fall-through path and stays.
// CHECK-LABEL: func.func @outer_exit_one_branch(
// CHECK:      loom.loop token(%[[O:.*]]) {
// CHECK-NEXT:   loom.loop token(%[[I:.*]]) {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       loom.break %[[O]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.kept"() : () -> ()
// CHECK-NEXT:     loom.continue %[[I]]{{$}}
func.func @outer_exit_one_branch(%c: i1) {
  loom.loop token(%outer) {
    loom.loop token(%inner) {
      loom.if %c { loom.break %outer } else { loom.yield }
      "test.kept"() : () -> ()
      loom.continue %inner
    }
    loom.continue %outer
  }
  return
}
