// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// scf.for (signed and unsigned), loom.for (a break makes the count an upper
// bound) and counted loom.loops.

// CHECK-LABEL: func.func @scf_for_signed
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter index signed step 3, condition [-5, 7], body [-5, 4], exit 7"
func.func @scf_for_signed() {
  %lb = arith.constant -5 : index
  %ub = arith.constant 5 : index
  %s = arith.constant 3 : index
  scf.for %i = %lb to %ub step %s {
  }
  return
}

// Unsigned: -5 read unsigned is huge, so no iteration with lb = 4294967291.
// CHECK-LABEL: func.func @scf_for_unsigned
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter i32 unsigned step 3, condition [4294967291, 4294967291], body never runs, exit 4294967291"
func.func @scf_for_unsigned() {
  %lb = arith.constant -5 : i32
  %ub = arith.constant 5 : i32
  %s = arith.constant 3 : i32
  scf.for unsigned %i = %lb to %ub step %s : i32 {
  }
  return
}

// CHECK-LABEL: func.func @scf_for_unsigned_runs
// CHECK: loom.facts = "exact: body 2, condition 3, entries 1, total body 2, total condition 3; counter i8 unsigned step 100, condition [10, 210], body [10, 110], exit 210"
func.func @scf_for_unsigned_runs() {
  %lb = arith.constant 10 : i8
  %ub = arith.constant -56 : i8
  %s = arith.constant 100 : i8
  scf.for unsigned %i = %lb to %ub step %s : i8 {
  }
  return
}

// A loom.for without early exit is exact.
// CHECK-LABEL: func.func @loom_for_exact
// CHECK: loom.facts = "exact: body 8, condition 9, entries 1, total body 8, total condition 9; counter index signed step 1, condition [0, 8], body [0, 7], exit 8"
func.func @loom_for_exact() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  loom.for %i = %c0 to %c8 step %c1 token(%t) {
    loom.yield
  }
  return
}

// Its break makes 8 an upper bound; there is no exit value.
// CHECK-LABEL: func.func @loom_for_break
// CHECK: loom.facts = "at_most: body <= 8 (a loom.break at {{.*}}counted-loops.mlir:[[@LINE+7]]:{{[0-9]+}} leaves the loop), entries 1; counter index signed step 1, condition [0, 8], body [0, 7]"
func.func @loom_for_break(%c: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  loom.for %i = %c0 to %c8 step %c1 token(%t) {
    loom.if %c {
      loom.break %t
    }
    loom.yield
  }
  return
}

// Counted loom.loop: top-of-body guard that breaks, continue adds the step.
// CHECK-LABEL: func.func @loom_loop_counted
// CHECK: loom.facts = "exact: body 5, condition 6, entries 1, total body 5, total condition 6; counter i32 signed step 2, condition [0, 10], body [0, 8], exit 10"
func.func @loom_loop_counted() -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c2 = arith.constant 2 : i32
  %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %a, %c10 : i32
    loom.if %done { loom.break %t, %a : i32 }
    %a2 = arith.addi %a, %c2 : i32
    loom.continue %t, %a2 : i32
  }
  return %r : i32
}

// The guard in the else branch, counter on the right, unsigned decreasing.
// CHECK-LABEL: func.func @loom_loop_else_guard
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index unsigned step -1, condition [0, 3], body [1, 3], exit 0"
func.func @loom_loop_else_guard() {
  %c3 = index.constant 3
  %c0 = index.constant 0
  %c1 = index.constant 1
  loom.loop token(%t) iter_args(%a = %c3) : (index) -> () {
    %more = index.cmp ult(%c0, %a)
    loom.if %more {
    } else {
      loom.break %t
    }
    %a2 = index.sub %a, %c1
    loom.continue %t, %a2 : index
  }
  return
}

// Another break later in the body: an upper bound.
// CHECK-LABEL: func.func @loom_loop_second_break
// CHECK: loom.facts = "at_most: body <= 4 (a loom.break at {{.*}} leaves the loop early), entries 1; counter index signed step 1, condition [0, 4], body [0, 3]"
func.func @loom_loop_second_break(%c: i1) {
  %c0 = index.constant 0
  %c4 = index.constant 4
  %c1 = index.constant 1
  loom.loop token(%t) iter_args(%a = %c0) : (index) -> () {
    %done = index.cmp sge(%a, %c4)
    loom.if %done { loom.break %t }
    loom.if %c { loom.break %t }
    %a2 = index.add %a, %c1
    loom.continue %t, %a2 : index
  }
  return
}

// A continue on some path with another counter value: unknown.
// CHECK-LABEL: func.func @loom_loop_other_continue
// CHECK: loom.facts = "unknown: a loom.continue at {{.*}} restarts the loop before its end (the counter may be updated on some paths only)"
func.func @loom_loop_other_continue(%c: i1) {
  %c0 = index.constant 0
  %c4 = index.constant 4
  %c1 = index.constant 1
  %c2 = index.constant 2
  loom.loop token(%t) iter_args(%a = %c0) : (index) -> () {
    %done = index.cmp sge(%a, %c4)
    loom.if %done { loom.break %t }
    %skip = index.add %a, %c2
    loom.if %c { loom.continue %t, %skip : index }
    %a2 = index.add %a, %c1
    loom.continue %t, %a2 : index
  }
  return
}
