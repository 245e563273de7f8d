// loom-lower-to-fixed-bound rejects a loop without a bound at the loop, with
// the facts' reason and how to give one, and changes nothing; malformed
// bounds are verifier errors. Near misses are accepted.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' -verify-diagnostics
// A failing run prints no IR at all; the near misses lower:
// RUN: not %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' 2>/dev/null | FileCheck %s --check-prefix=PRINTED
// PRINTED-NOT: @until_negative
// PRINTED-NOT: @symbolic
// PRINTED-NOT: @nest
// PRINTED: func.func @no_bound_needed
// PRINTED-NOT: loom.
// PRINTED: scf.for %{{.*}} = %{{.*}} to %c0{{.*}} step
// PRINTED-NOT: func.func

// The loop ends when a loaded value is negative: no count is proven.
func.func @until_negative(%a: memref<?xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-error @below {{'loom.loop' needs a bound on its trip count for loom-lower-to-fixed-bound: loom's loop facts prove none (unknown: }}
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %x = memref.load %a[%i] : memref<?xi32>
    %neg = arith.cmpi slt, %x, %z : i32
    loom.if %neg { loom.break %t, %i : index }
    %i1 = arith.addi %i, %c1 : index
    loom.continue %t, %i1 : index
  }
  return %r : index
}

// -----

// A loom.for up to an argument: its count is symbolic, not a constant. The
// message says how to give a bound.
func.func @symbolic(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'loom.for' needs a bound on its trip count for loom-lower-to-fixed-bound: loom's loop facts prove none (exact: body max(0, %arg0)}}
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  }
  return %r : index
}

// -----

// Each loop without a bound is reported, the inner one per entry; the one
// with loom.max_trips is not.
func.func @nest(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{'loom.loop' needs a bound}}
  loom.loop token(%o) iter_args(%i = %c0) : (i32) -> () {
    %d = arith.cmpi sge, %i, %n : i32
    loom.if %d { loom.break %o }
    // expected-error @below {{give it `{loom.max_trips = N : i64}`, an upper bound you guarantee on the runs of its body per entry (check-trips=true checks it at run time)}}
    loom.loop token(%in) iter_args(%j = %c0) : (i32) -> () {
      %e = arith.cmpi sge, %j, %i : i32
      loom.if %e { loom.break %in }
      %j1 = arith.addi %j, %c1 : i32
      loom.continue %in, %j1 : i32
    }
    loom.loop token(%in2) iter_args(%j = %c0) : (i32) -> () {
      %e = arith.cmpi sge, %j, %i : i32
      loom.if %e { loom.break %in2 }
      %j1 = arith.addi %j, %c1 : i32
      loom.continue %in2, %j1 : i32
    } {loom.max_trips = 3 : i64}
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %o, %i1 : i32
  }
  return
}

// -----

// Near miss: a loom.loop that no loom.continue targets runs its body once
// and needs no bound; a loom.for may have loom.max_trips = 0 (it then never
// runs its body).
func.func @no_bound_needed(%c: i1, %x: i32, %n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %a : i32 }
    %b = arith.addi %a, %a : i32
    loom.break %t, %b : i32
  }
  %s = loom.for %i = %n to %c0 step %c1 token(%u) iter_args(%k = %c0) -> (index) {
    loom.yield %i : index
  } {loom.max_trips = 0 : i64}
  return %r, %s : i32, index
}

// -----

func.func @zero_on_loop(%n: i32) {
  // expected-error @below {{'loom.loop' op 'loom.max_trips' must be at least 1 on a loom.loop: its body runs at least once per entry}}
  loom.loop token(%t) {
    loom.continue %t
  } {loom.max_trips = 0 : i64}
  return
}

// -----

func.func @negative(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'loom.for' op 'loom.max_trips' must be a non-negative i64 integer, got -1 : i64}}
  loom.for %i = %c0 to %n step %c1 token(%t) {
  } {loom.max_trips = -1 : i64}
  return
}

// -----

func.func @not_i64(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'loom.for' op 'loom.max_trips' must be a non-negative i64 integer, got 4 : i32}}
  loom.for %i = %c0 to %n step %c1 token(%t) {
  } {loom.max_trips = 4 : i32}
  return
}

// -----

func.func @on_a_scope() {
  // expected-error @below {{'loom.scope' op carries 'loom.max_trips', which only a loom.loop or a loom.for may carry}}
  loom.scope token(%s) {
    loom.yield
  } {loom.max_trips = 1 : i64}
  return
}

// -----

func.func @on_scf_for(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'scf.for' op carries 'loom.proven_max_trips', which only a loom.loop or a loom.for may carry}}
  scf.for %i = %c0 to %n step %c1 {
  } {loom.proven_max_trips = 1 : i64}
  return
}

// -----

// A bound that does not fit a 32-bit index (the fixed loop counts its
// iterations in `index`) is rejected, not truncated.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @too_many_for_32_bits(%n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{'loom.loop' has the bound 4294967298 on its trip count, which does not fit the 32-bit index loom-lower-to-fixed-bound counts its iterations in}}
    %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
      %d = arith.cmpi sge, %i, %n : i32
      loom.if %d { loom.break %t, %i : i32 }
      %i1 = arith.addi %i, %c1 : i32
      loom.continue %t, %i1 : i32
    } {loom.max_trips = 4294967298 : i64}
    return %r : i32
  }
}
