// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// Loops the analysis cannot prove are unknown, with the reason, and carry
// no counts.

// An argument bound with step 2: %n may be INT_MAX, where the last
// increment wraps.
// CHECK-LABEL: func.func @symbolic_bound
// CHECK: loom.facts = "unknown: symbolic bound: the last increment may wrap for some argument values (the bound may be within the step of the type's extreme value)"
func.func @symbolic_bound(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 2 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %n : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = arith.addi %y, %c1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// A truncated argument is not a symbol loom reads.
// CHECK-LABEL: func.func @symbolic_init
// CHECK: loom.facts = "unknown: the counter's initial value is not a constant or a symbol loom reads: it is computed by 'arith.trunci', which symbolic facts do not read"
func.func @symbolic_init(%w: i64) -> i32 {
  %i = arith.trunci %w : i64 to i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %i) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %c4 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = arith.addi %y, %c1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// A non-additive recurrence.
// CHECK-LABEL: func.func @multiplied
// CHECK: loom.facts = "unknown: the counter's next value is not the counter plus a constant: it is computed by 'arith.muli', not by adding a constant"
func.func @multiplied() -> i32 {
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%x = %c1) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %c100 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = arith.muli %y, %c2 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// The counter is modified on some paths only.
// CHECK-LABEL: func.func @modified_on_some_paths
// CHECK: loom.facts = "unknown: the counter's next value is not the counter plus a constant: it is computed by 'scf.if', not by adding a constant"
func.func @modified_on_some_paths(%p: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c9 = arith.constant 9 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %c9 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = scf.if %p -> i32 {
      %a = arith.addi %y, %c1 : i32
      scf.yield %a : i32
    } else {
      %b = arith.addi %y, %c2 : i32
      scf.yield %b : i32
    }
    scf.yield %v : i32
  }
  return %r : i32
}

// A bound that changes in the loop.
// CHECK-LABEL: func.func @variant_bound
// CHECK: loom.facts = "unknown: the bound is not loop-invariant"
func.func @variant_bound() -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %r:2 = scf.while (%x = %c0, %n = %c9) : (i32, i32) -> (i32, i32) {
    %m = arith.subi %n, %x : i32
    %c = arith.cmpi slt, %x, %m : i32
    scf.condition(%c) %x, %n : i32, i32
  } do {
  ^bb0(%y: i32, %k: i32):
    %v = arith.addi %y, %c1 : i32
    scf.yield %v, %k : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// A condition that is not a single comparison.
// CHECK-LABEL: func.func @two_comparisons
// CHECK: loom.facts = "unknown: the loop condition is computed by 'arith.andi', not by a single integer comparison"
func.func @two_comparisons(%p: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %c9 : i32
    %d = arith.andi %c, %p : i1
    scf.condition(%d) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = arith.addi %y, %c1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// The do-while shape must test counter + step, not another offset.
// CHECK-LABEL: func.func @offset_mismatch
// CHECK: loom.facts = "unknown: the condition tests the counter plus 2 but the counter advances by 1"
func.func @offset_mismatch() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c9 = arith.constant 9 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %t = arith.addi %x, %c2 : i32
    %c = arith.cmpi slt, %t, %c9 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = arith.addi %y, %c1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// Equality tests are not analysed.
// CHECK-LABEL: func.func @not_equal
// CHECK: loom.facts = "unknown: the loop condition is an equality comparison (eq/ne), which is not analysed"
func.func @not_equal() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi ne, %x, %c9 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %v = arith.addi %y, %c1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// Symbolic scf.for bounds and unsupported loop ops.
// CHECK-LABEL: func.func @for_symbolic
// CHECK: loom.facts = "unknown: the bound is not a constant or a symbol loom reads: 'arith.addi' may wrap in the signed order (no nsw flag, and its operand's range allows it)"
// CHECK: loom.facts = "unknown: 'acc.loop' loops are not analysed"
func.func @for_symbolic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n1 = arith.addi %n, %c1 : index
  scf.for %i = %c0 to %n1 step %c1 {
  }
  acc.loop control(%i : index) = (%c0 : index) to (%n : index) step (%c1 : index) {
    acc.yield
  } attributes {independent = [#acc.device_type<none>]}
  return
}
