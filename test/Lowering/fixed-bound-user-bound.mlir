// A user's loom.max_trips = N is a guarantee loom-lower-to-fixed-bound
// relies on (it runs every entry of the loop N times). loom-prove-max-trips,
// which the lowering runs first, refuses a bound below the exact count of
// runs of the loop's body region that loom's facts prove (a loom.for's body
// count; a loom.loop's region runs, its last, leaving run included), with an
// error at the loop naming both, and the pass fails. A bound at or above the
// count, a loop the facts only bound (at_most) or do not count, and a loop
// whose body may end the program or not return (the exact count then says
// nothing about an entry that stops early) keep the user's bound.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' -verify-diagnostics
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-prove-max-trips)' -verify-diagnostics
// The accepted loops lower with the user's bound; the refused ones print
// nothing:
// RUN: not %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' 2>/dev/null | FileCheck %s
// CHECK-NOT: @for_below_count
// CHECK-NOT: @loop_below_region_runs
// CHECK-NOT: @inner_below_count

// 5 body runs; the user said 4.
func.func @for_below_count() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // expected-error @below {{'loom.for' has loom.max_trips = 4, but loom's loop facts prove that its body runs exactly 5 times per entry: the bound is wrong, and loom-lower-to-fixed-bound would stop the loop early; give a bound of at least 5}}
  %r = loom.for %i = %c0 to %c5 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 4 : i64}
  return %r : index
}

// -----

// Counts to 5: the body passes its exit test 5 times and runs a sixth time
// to leave. 5 counts the passes only: too small.
func.func @loop_below_region_runs() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  // expected-error @below {{'loom.loop' has loom.max_trips = 5, but loom's loop facts prove that its body runs exactly 6 times per entry (5 times past its exit test and once to leave)}}
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
    %d = arith.cmpi sge, %i, %c5 : i32
    loom.if %d { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  } {loom.max_trips = 5 : i64}
  return %r : i32
}

// -----

// Per entry: the inner loop runs its body 3 times on each entry; the outer
// loop's bound (given, and exact) is right, the inner one's is not.
func.func @inner_below_count(%m: memref<4x3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  loom.for %i = %c0 to %c4 step %c1 token(%o) {
    // expected-error @below {{'loom.for' has loom.max_trips = 2, but loom's loop facts prove that its body runs exactly 3 times per entry}}
    loom.for %j = %c0 to %c3 step %c1 token(%in) {
      memref.store %z, %m[%i, %j] : memref<4x3xi32>
      loom.yield
    } {loom.max_trips = 2 : i64}
    loom.yield
  } {loom.max_trips = 4 : i64}
  return
}

// -----

// Equal to the count: accepted, and the fixed loops run that many times.
// CHECK-LABEL: func.func @equal_to_count(
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %c5{{[_0-9]*}} step
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %c6{{[_0-9]*}} step
func.func @equal_to_count() -> (index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = loom.for %i = %c0 to %c5 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 5 : i64}
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %five = arith.constant 5 : i32
  %q = loom.loop token(%u) iter_args(%j = %z) : (i32) -> (i32) {
    %d = arith.cmpi sge, %j, %five : i32
    loom.if %d { loom.break %u, %j : i32 }
    %j1 = arith.addi %j, %one : i32
    loom.continue %u, %j1 : i32
  } {loom.max_trips = 6 : i64}
  return %r, %q : index, i32
}

// -----

// Above the count: accepted as given (the lowering runs the extra
// iterations with the loop done).
// CHECK-LABEL: func.func @above_count(
//       CHECK:   %[[N:.*]] = arith.constant 7 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
func.func @above_count() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = loom.for %i = %c0 to %c5 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 7 : i64}
  return %r : index
}

// -----

// No count proven (the loop ends on a loaded value): the user's bound is
// taken as given.
// CHECK-LABEL: func.func @no_count(
//       CHECK:   %[[N:.*]] = arith.constant 2 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
func.func @no_count(%a: memref<?xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %x = memref.load %a[%i] : memref<?xi32>
    %neg = arith.cmpi slt, %x, %z : i32
    loom.if %neg { loom.break %t, %i : index }
    %i1 = arith.addi %i, %c1 : index
    loom.continue %t, %i1 : index
  } {loom.max_trips = 2 : i64}
  return %r : index
}

// -----

// Only an upper bound proven (at most 8 body runs: a break on data may end
// the loop sooner): a smaller user bound is not contradicted.
// CHECK-LABEL: func.func @at_most_only(
//       CHECK:   %[[N:.*]] = arith.constant 3 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
func.func @at_most_only(%a: memref<8xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %c8 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %x = memref.load %a[%i] : memref<8xi32>
    %neg = arith.cmpi slt, %x, %z : i32
    loom.if %neg { loom.break %t, %i : index }
    loom.yield %i : index
  } {loom.max_trips = 3 : i64}
  return %r : index
}

// -----

// The exact count is 100, but the body ends the program when %i is 3: every
// entry runs the body at most 4 times, as the user says. Near misses: the
// bound is kept for a call and for a cf.assert that may fail.
// CHECK-LABEL: func.func @ends_program(
//       CHECK:   %[[N:.*]] = arith.constant 4 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK-LABEL: func.func @may_abort(
//       CHECK:   %[[N:.*]] = arith.constant 4 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
func.func private @exit(i32)
func.func @ends_program() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %c100 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %e = arith.cmpi eq, %i, %c3 : index
    loom.if %e { func.call @exit(%z) : (i32) -> () }
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 4 : i64}
  return %r : index
}
func.func @may_abort() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %r = loom.for %i = %c0 to %c100 step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %e = arith.cmpi ne, %i, %c3 : index
    cf.assert %e, "stops at 3"
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 4 : i64}
  return %r : index
}
