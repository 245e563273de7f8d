// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s

// loom-check-claims on the counters of condition-controlled loops: an
// scf.while's counter (a before-region argument) in the claimed condition
// range at the start of its condition, each after-region argument fed from
// it in the body range at the start of its body, each result fed from it
// at the claimed exit value right after the loop; a counted loom.loop's
// counter in the condition range at the start of its body and in the body
// range after its guard. A value holding the counter plus a constant is
// read back as `(value - offset) mod 2^width` in the counter's order.
// (Counts of the same loops: check-claims-counts.mlir; the counters of
// counted loops: check-claims-ranges.mlir.)

// CHECK-LABEL: func.func @header_tested(
func.func @header_tested() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: scf.while (%[[I:[^ ]*]] =
  // CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i128
  // CHECK-NEXT: %[[LO:.*]] = arith.constant 0 : i128
  // CHECK-NEXT: %[[HI:.*]] = arith.constant 4 : i128
  // CHECK-NEXT: %[[A:.*]] = arith.cmpi sle, %[[LO]], %[[W]] : i128
  // CHECK-NEXT: %[[B:.*]] = arith.cmpi sle, %[[W]], %[[HI]] : i128
  // CHECK-NEXT: %[[OK:.*]] = arith.andi %[[A]], %[[B]] : i1
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.while runs its condition with its counter in [0, 4] at {{.*}}check-claims-ranges-while.mlir:[[#@LINE+18]]:8"
  // CHECK-NEXT: arith.cmpi slt, %[[I]],
  // CHECK: ^bb0(%[[J:[^ ]*]]: index):
  // CHECK: %[[WJ:.*]] = arith.index_cast %[[J]] : index to i128
  // CHECK-NEXT: %[[BLO:.*]] = arith.constant 0 : i128
  // CHECK-NEXT: %[[BHI:.*]] = arith.constant 3 : i128
  // CHECK-NEXT: %[[BA:.*]] = arith.cmpi sle, %[[BLO]], %[[WJ]] : i128
  // CHECK-NEXT: %[[BB:.*]] = arith.cmpi sle, %[[WJ]], %[[BHI]] : i128
  // CHECK-NEXT: %[[BOK:.*]] = arith.andi %[[BA]], %[[BB]] : i1
  // CHECK-NEXT: cf.assert %[[BOK]], "loom claim violated: scf.while runs its body with its counter (its body's argument 0) in [0, 3] at {{.*}}check-claims-ranges-while.mlir:[[#@LINE+9]]:8"
  // CHECK-NEXT: arith.addi %[[J]],
  // CHECK: %[[WR:.*]] = arith.index_cast %[[R:.*]] : index to i128
  // CHECK-NEXT: %[[ELO:.*]] = arith.constant 4 : i128
  // CHECK-NEXT: %[[EHI:.*]] = arith.constant 4 : i128
  // CHECK-NEXT: %[[EA:.*]] = arith.cmpi sle, %[[ELO]], %[[WR]] : i128
  // CHECK-NEXT: %[[EB:.*]] = arith.cmpi sle, %[[WR]], %[[EHI]] : i128
  // CHECK-NEXT: %[[EOK:.*]] = arith.andi %[[EA]], %[[EB]] : i1
  // CHECK-NEXT: cf.assert %[[EOK]], "loom claim violated: scf.while exits with its counter (its result 0) at 4 at {{.*}}check-claims-ranges-while.mlir:[[#@LINE+1]]:8"
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c4 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  // CHECK-NEXT: return %[[R]]
  return %r : index
}

// -----

// The do-while shape over i8 (unsigned): the condition computes next = b +
// 1, compares it and forwards it; the after-region argument and the result
// hold the counter plus 1, read back as (value + 255) urem 256.
// CHECK-LABEL: func.func @do_while(
func.func @do_while() -> i8 {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  // CHECK: "loom claim violated: scf.while runs its condition with its counter in [0, 3] at {{.*}}:[[#@LINE+14]]:8"
  // CHECK: ^bb0(%[[N:[^ ]*]]: i8):
  // CHECK: %[[WN:.*]] = arith.extui %[[N]] : i8 to i128
  // CHECK-NEXT: %[[K:.*]] = arith.constant 255 : i128
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[WN]], %[[K]] : i128
  // CHECK-NEXT: %[[M:.*]] = arith.constant 256 : i128
  // CHECK-NEXT: %[[V:.*]] = arith.remui %[[S]], %[[M]] : i128
  // CHECK-NEXT: %[[LO:.*]] = arith.constant 0 : i128
  // CHECK-NEXT: %[[HI:.*]] = arith.constant 2 : i128
  // CHECK-NEXT: %[[A:.*]] = arith.cmpi sle, %[[LO]], %[[V]] : i128
  // CHECK-NEXT: %[[B:.*]] = arith.cmpi sle, %[[V]], %[[HI]] : i128
  // CHECK-NEXT: %[[OK:.*]] = arith.andi %[[A]], %[[B]] : i1
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.while runs its body with its counter (its body's argument 0 - 1) in [0, 2] at {{.*}}:[[#@LINE+2]]:8"
  // CHECK: "loom claim violated: scf.while exits with its counter (its result 0 - 1) at 3 at {{.*}}:[[#@LINE+1]]:8"
  %r = scf.while (%b = %c0) : (i8) -> i8 {
    %next = arith.addi %b, %c1 : i8
    %go = arith.cmpi ult, %next, %c4 : i8
    scf.condition(%go) %next : i8
  } do {
  ^bb0(%n: i8):
    scf.yield %n : i8
  }
  return %r : i8
}

// -----

// A signed counter held minus 1 (i32, a decreasing loop forwarding b - 1):
// read back as (value + 1) urem 2^32, then as a signed value (the body
// sees b in [1, 5], the result is b - 1 for b = 0).
// CHECK-LABEL: func.func @down(
func.func @down() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  // CHECK: ^bb0(%[[P:[^ ]*]]: i32):
  // CHECK: %[[WR:.*]] = arith.extui %[[P]] : i32 to i128
  // CHECK-NEXT: %[[K:.*]] = arith.constant 1 : i128
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[WR]], %[[K]] : i128
  // CHECK-NEXT: %[[M:.*]] = arith.constant 4294967296 : i128
  // CHECK-NEXT: %[[U:.*]] = arith.remui %[[S]], %[[M]] : i128
  // CHECK-NEXT: %[[H:.*]] = arith.constant 2147483648 : i128
  // CHECK-NEXT: %[[NEG:.*]] = arith.cmpi sle, %[[H]], %[[U]] : i128
  // CHECK-NEXT: %[[MM:.*]] = arith.constant -4294967296 : i128
  // CHECK-NEXT: %[[D:.*]] = arith.addi %[[U]], %[[MM]] : i128
  // CHECK-NEXT: %[[V:.*]] = arith.select %[[NEG]], %[[D]], %[[U]] : i128
  // CHECK-NEXT: %[[LO:.*]] = arith.constant 1 : i128
  // CHECK-NEXT: %[[HI:.*]] = arith.constant 5 : i128
  // CHECK-NEXT: %[[A:.*]] = arith.cmpi sle, %[[LO]], %[[V]] : i128
  // CHECK-NEXT: %[[B:.*]] = arith.cmpi sle, %[[V]], %[[HI]] : i128
  // CHECK-NEXT: %[[OK:.*]] = arith.andi %[[A]], %[[B]] : i1
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.while runs its body with its counter (its body's argument 0 + 1) in [1, 5] at {{.*}}:[[#@LINE+2]]:8"
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.while exits with its counter (its result 0 + 1) at 0 at {{.*}}:[[#@LINE+1]]:8"
  %r = scf.while (%b = %c5) : (i32) -> i32 {
    %go = arith.cmpi sgt, %b, %c0 : i32
    %prev = arith.subi %b, %c1 : i32
    scf.condition(%go) %prev : i32
  } do {
  ^bb0(%p: i32):
    %q = arith.addi %p, %c1 : i32
    %b2 = arith.subi %q, %c1 : i32
    scf.yield %b2 : i32
  }
  return %r : i32
}

// -----

// A counted loom.loop: its counter (a body argument) in the condition
// range at the start of the body, and in the body range after its guard;
// a symbolic count, so the exact ranges as expressions too.
// CHECK-LABEL: func.func @guarded(
// CHECK-SAME: %[[N:[^:]*]]: i32
func.func @guarded(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: loom.loop token(%{{.*}}) iter_args(%[[I:[^ ]*]] =
  // CHECK: %[[W:.*]] = arith.extsi %[[I]] : i32 to i128
  // CHECK: cf.assert %{{.*}}, "loom claim violated: loom.loop runs its condition with its counter in [0, 2147483647] at {{.*}}:[[#@LINE+20]]:8"
  // CHECK-NEXT: %[[SLO:.*]] = arith.constant 0 : i128
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i128
  // CHECK-NEXT: %[[WN:.*]] = arith.extsi %[[N]] : i32 to i128
  // CHECK-NEXT: %[[SHI:.*]] = arith.maxsi %[[Z]], %[[WN]] : i128
  // CHECK-NEXT: %[[A:.*]] = arith.cmpi sle, %[[SLO]], %[[W]] : i128
  // CHECK-NEXT: %[[B:.*]] = arith.cmpi sle, %[[W]], %[[SHI]] : i128
  // CHECK-NEXT: %[[OK:.*]] = arith.andi %[[A]], %[[B]] : i1
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: loom.loop runs its condition with its counter in [0, max(0, %arg0)] at {{.*}}:[[#@LINE+12]]:8"
  // CHECK-NEXT: arith.cmpi sge, %[[I]], %[[N]]
  // CHECK-NEXT: loom.if
  // CHECK-NEXT: loom.break
  // CHECK-NEXT: }
  // The body count's increment, then the body range.
  // CHECK: memref.store
  // CHECK: memref.store
  // CHECK-NEXT: %[[WB:.*]] = arith.extsi %[[I]] : i32 to i128
  // CHECK: cf.assert %{{.*}}, "loom claim violated: loom.loop runs its body with its counter in [0, 2147483646] at {{.*}}:[[#@LINE+3]]:8"
  // CHECK: cf.assert %{{.*}}, "loom claim violated: loom.loop runs its body with its counter in [0, max(0, %arg0) - 1] at {{.*}}:[[#@LINE+2]]:8"
  // CHECK-NEXT: arith.addi %[[I]],
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> i32 {
    %done = arith.cmpi sge, %i, %n : i32
    loom.if %done { loom.break %t, %i : i32 }
    %k = arith.addi %i, %c1 : i32
    loom.continue %t, %k : i32
  }
  return %r : i32
}

// -----

// An early exit: the count is an upper bound and the loop may leave with
// another value than the exit value, but the condition and body ranges
// still hold (and are checked).
// CHECK-LABEL: func.func @early(
func.func @early(%m: memref<8xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  // CHECK: "loom claim violated: loom.loop runs its condition with its counter in [0, 8] at {{.*}}:[[#@LINE+3]]:8"
  // CHECK: "loom claim violated: loom.loop runs its body with its counter in [0, 7] at {{.*}}:[[#@LINE+2]]:8"
  // CHECK: "loom claim violated: loom.loop runs its body at most 8 times per entry at {{.*}}:[[#@LINE+1]]:8"
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> index {
    %done = arith.cmpi sge, %i, %c8 : index
    loom.if %done { loom.break %t, %i : index }
    %x = memref.load %m[%i] : memref<8xi32>
    %hit = arith.cmpi eq, %x, %z : i32
    loom.if %hit { loom.break %t, %i : index }
    %k = arith.addi %i, %c1 : index
    loom.continue %t, %k : index
  }
  return %r : index
}
