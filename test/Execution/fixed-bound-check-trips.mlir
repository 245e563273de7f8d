// loom-lower-to-fixed-bound{check-trips=true}: a loom.max_trips below what
// the loop runs aborts after the loop, naming the loop; without the check
// such a bound is broken silently (the loop stops early), and a bound that
// holds passes the check. The short loops count to an argument, so loom's
// facts prove no count that would refuse the bound before the lowering
// (test/Lowering/fixed-bound-user-bound.mlir).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound{check-trips=true})' | %mlir-opt %upstream-to-llvm | not --crash stdbuf -o0 %mlir-runner -e short_loop -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound{check-trips=true})' | %mlir-opt %upstream-to-llvm | not --crash stdbuf -o0 %mlir-runner -e short_for -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=FOR
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound{check-trips=true})' | %mlir-opt %upstream-to-llvm | %mlir-runner -e enough -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s --check-prefix=ENOUGH
// The same with loom's claims checked first (the exact counts of @enough's loops):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-fixed-bound{check-trips=true})' | %mlir-opt %upstream-to-llvm | %mlir-runner -e enough -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s --check-prefix=ENOUGH
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' | %mlir-opt %upstream-to-llvm | %mlir-runner -e short_loop -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s --check-prefix=UNCHECKED

// Counts to 5: its body runs 6 times, but the user said 3.
// LOOP: loom-lower-to-fixed-bound: the loom.loop at {{.*}}fixed-bound-check-trips.mlir:[[# @LINE + 5]]:8 was not done after its 3 iterations (loom.max_trips)
// UNCHECKED-NOT: 5
func.func private @count_to(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
    %d = arith.cmpi sge, %i, %n : i32
    loom.if %d { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  } {loom.max_trips = 3 : i64}
  return %r : i32
}
func.func @short_loop() {
  %c5 = arith.constant 5 : i32
  %r = func.call @count_to(%c5) : (i32) -> i32
  vector.print %r : i32
  return
}

// 5 body runs, the user said 4: the fifth `iv < ub` test would still pass.
// FOR: loom-lower-to-fixed-bound: the loom.for at {{.*}}fixed-bound-check-trips.mlir:[[# @LINE + 4]]:8 was not done after its 4 iterations (loom.max_trips)
func.func private @sum_to(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 4 : i64}
  return %r : index
}
func.func @short_for() {
  %c5 = arith.constant 5 : index
  %r = func.call @sum_to(%c5) : (index) -> index
  vector.print %r : index
  return
}

// Exactly enough: 5 body runs of the loom.for, 6 of the loom.loop.
// ENOUGH: 10
// ENOUGH-NEXT: 5
func.func @enough() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = loom.for %i = %c0 to %c5 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 5 : i64}
  vector.print %r : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %five = arith.constant 5 : i32
  %q = loom.loop token(%u) iter_args(%i = %z) : (i32) -> (i32) {
    %d = arith.cmpi sge, %i, %five : i32
    loom.if %d { loom.break %u, %i : i32 }
    %i1 = arith.addi %i, %one : i32
    loom.continue %u, %i1 : i32
  } {loom.max_trips = 6 : i64}
  vector.print %q : i32
  return
}
