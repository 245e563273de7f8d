// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// Adversarial shapes for loop-shape recognition (review of recognize.rs):
// each must be unknown with its reason, or exact with the right facts.

// Two args with the same init; the condition tests %y, which never moves.
// CHECK-LABEL: func.func @same_init_tests_frozen
// CHECK: loom.facts = "unknown: does not terminate (step 0, condition holds)"
func.func @same_init_tests_frozen() {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%x = %c0, %y = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %y, %c4 : i32
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %n = arith.addi %a, %c1 : i32
    scf.yield %n, %b : i32, i32
  }
  return
}

// The counter's next value comes from an scf.if computed on one path only.
// CHECK-LABEL: func.func @next_through_if
// CHECK: loom.facts = "unknown: the counter's next value is not the counter plus a constant: it is computed by 'scf.if', not by adding a constant"
func.func @next_through_if(%p: i1) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %c4 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%a: i32):
    %n = scf.if %p -> i32 {
      %s = arith.addi %a, %c1 : i32
      scf.yield %s : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %n : i32
  }
  return
}

// Condition through arith.select of two comparisons.
// CHECK-LABEL: func.func @condition_select
// CHECK: loom.facts = "unknown: the loop condition is computed by 'arith.select', not by a single integer comparison"
func.func @condition_select(%p: i1) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %c4 : i32
    %d = arith.cmpi sle, %x, %c4 : i32
    %s = arith.select %p, %c, %d : i1
    scf.condition(%s) %x : i32
  } do {
  ^bb0(%a: i32):
    %n = arith.addi %a, %c1 : i32
    scf.yield %n : i32
  }
  return
}

// The bound is loop-carried (an argument), not a constant.
// CHECK-LABEL: func.func @bound_is_argument
// CHECK: loom.facts = "unknown: both sides of the comparison vary with the loop's arguments"
func.func @bound_is_argument() {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%x = %c0, %b = %c4) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %b : i32
    scf.condition(%c) %x, %b : i32, i32
  } do {
  ^bb0(%a: i32, %bb: i32):
    %n = arith.addi %a, %c1 : i32
    scf.yield %n, %bb : i32, i32
  }
  return
}

// A continue inside a loom.if before the guard passes another value.
// CHECK-LABEL: func.func @continue_before_guard
// CHECK: loom.facts = "unknown: no top-of-body guard: 'loom.if' comes before any loom.if that only breaks out of the loop"
func.func @continue_before_guard(%p: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
    loom.if %p {
      %j = arith.addi %a, %c5 : i32
      loom.continue %t, %j : i32
    }
    %done = arith.cmpi sge, %a, %c10 : i32
    loom.if %done { loom.break %t, %a : i32 }
    %a2 = arith.addi %a, %c1 : i32
    loom.continue %t, %a2 : i32
  }
  return %r : i32
}

// A continue after the guard on one path with another step.
// CHECK-LABEL: func.func @continue_other_step
// CHECK: loom.facts = "unknown: a loom.continue at {{.*}} restarts the loop before its end (the counter may be updated on some paths only)"
func.func @continue_other_step(%p: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %a, %c10 : i32
    loom.if %done { loom.break %t, %a : i32 }
    loom.if %p {
      %j = arith.addi %a, %c3 : i32
      loom.continue %t, %j : i32
    }
    %a2 = arith.addi %a, %c1 : i32
    loom.continue %t, %a2 : i32
  }
  return %r : i32
}

// The guard breaks an enclosing loop, not this one.
// CHECK-LABEL: func.func @guard_breaks_outer
// CHECK: loom.facts = "unknown: no top-of-body guard: 'loom.if' comes before any loom.if that only breaks out of the loop"
// CHECK: loom.facts = "unknown: the loop has no iteration arguments (no counter)"
func.func @guard_breaks_outer() {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  loom.loop token(%o) {
    %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
      %done = arith.cmpi sge, %a, %c10 : i32
      loom.if %done { loom.break %o }
      %a2 = arith.addi %a, %c1 : i32
      loom.continue %t, %a2 : i32
    }
    loom.break %o
  }
  return
}

// 125 run; the exit 130 is a mathematical value past i8's range.
// CHECK-LABEL: func.func @loom_for_i8_near_max
// CHECK: loom.facts = "exact: body 2, condition 3, entries 1, total body 2, total condition 3; counter i8 signed step 5, condition [120, 130], body [120, 125], exit 130"
func.func @loom_for_i8_near_max() {
  %lb = arith.constant 120 : i8
  %ub = arith.constant 127 : i8
  %s = arith.constant 5 : i8
  loom.for %i = %lb to %ub step %s token(%t) : i8 {
    loom.yield
  }
  return
}

// The counter %x is fed from the other after-argument (%b, a copy of %y).
// CHECK-LABEL: func.func @swap_yield
// CHECK: loom.facts = "unknown: the counter's next value is not the counter plus a constant: it depends on a block argument that is not the counter"
func.func @swap_yield() {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%x = %c0, %y = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %c4 : i32
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %n = arith.addi %a, %c1 : i32
    scf.yield %b, %n : i32, i32
  }
  return
}

// Forwarded in swapped positions; the counter still advances by 1 through %b.
// CHECK-LABEL: func.func @fwd_swap
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step 1, condition [0, 4], body [0, 3], exit 4"
func.func @fwd_swap() {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%x = %c0, %y = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %c4 : i32
    scf.condition(%c) %y, %x : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %n = arith.addi %b, %c1 : i32
    scf.yield %n, %a : i32, i32
  }
  return
}

// The next value is chosen by arith.select between two steps.
// CHECK-LABEL: func.func @select_yield
// CHECK: loom.facts = "unknown: the counter's next value is not the counter plus a constant: it is computed by 'arith.select', not by adding a constant"
func.func @select_yield(%p: i1) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%x = %c0) : (i32) -> (i32) {
    %c = arith.cmpi slt, %x, %c4 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%a: i32):
    %n = arith.addi %a, %c1 : i32
    %m = arith.addi %a, %c2 : i32
    %s = arith.select %p, %n, %m : i32
    scf.yield %s : i32
  }
  return
}

// The condition is a negated comparison (xori with true).
// CHECK-LABEL: func.func @xori
// CHECK: loom.facts = "unknown: the loop condition is computed by 'arith.xori', not by a single integer comparison"
func.func @xori(%p: i1) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %t = arith.constant true
  %r = scf.while (%x = %c0) : (i32) -> (i32) {
    %c = arith.cmpi sge, %x, %c4 : i32
    %nc = arith.xori %c, %t : i1
    scf.condition(%nc) %x : i32
  } do {
  ^bb0(%a: i32):
    %n = arith.addi %a, %c1 : i32
    scf.yield %n : i32
  }
  return
}

// Bound and step constants defined inside the loop regions.
// CHECK-LABEL: func.func @inside
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step 1, condition [0, 4], body [0, 3], exit 4"
func.func @inside() {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%x = %c0) : (i32) -> (i32) {
    %c4 = arith.constant 4 : i32
    %c = arith.cmpi slt, %x, %c4 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%a: i32):
    %c1 = arith.constant 1 : i32
    %n = arith.addi %a, %c1 : i32
    scf.yield %n : i32
  }
  return
}

// Do-while forwarding only next = x + 1, which the body passes back.
// CHECK-LABEL: func.func @dw_next_only
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter i32 signed step 1, condition [0, 3], body [0, 2], exit 3"
func.func @dw_next_only() {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %c0) : (i32) -> (i32) {
    %n = arith.addi %x, %c1 : i32
    %c = arith.cmpi slt, %n, %c4 : i32
    scf.condition(%c) %n : i32
  } do {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }
  return
}
