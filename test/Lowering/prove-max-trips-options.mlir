// loom-prove-max-trips takes the options of the other facts passes. With
// index-bitwidth=32 (the module has no DLTI entry) the bound 3000000000
// does not fit the index, so no count is proven and the user's bound is kept
// (the loop is marked unproven); at the default 64 bits the exact count
// 3000000000 refuses the user's 10.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-prove-max-trips{index-bitwidth=32})' | FileCheck %s --check-prefix=NARROW
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-prove-max-trips)' -verify-diagnostics

// NARROW-LABEL: func.func @wide(
//       NARROW:   loom.for
//       NARROW:   } {loom.max_trips = 10 : i64, loom.max_trips_unproven = "unknown: {{.*}}"}
func.func @wide() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3000000000 : index
  // expected-error @below {{'loom.for' has loom.max_trips = 10, but loom's loop facts prove that its body runs exactly 3000000000 times per entry}}
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%s = %c0) -> (index) {
    %s1 = arith.addi %s, %i : index
    loom.yield %s1 : index
  } {loom.max_trips = 10 : i64}
  return %r : index
}
