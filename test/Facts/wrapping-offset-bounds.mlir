// RUN: %loom-opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// Counted loops whose bound is their own lower bound plus a constant that
// may wrap in the loop's order (no flag, or the flag of the other order):
// no count holds for every lower bound, but each lower bound gives one of
// two counts, and loom claims the larger as `at_most`. The shapes are the
// cases without a count of upstream's scf.for trip-count test
// (llvm/llvm-project mlir/test/Dialect/SCF/trip-count.mlir, Apache-2.0
// WITH LLVM-exception), written anew; execution checks of these claims are
// in test/Execution/check-claims-wrapping-offset.mlir.

// 4 bodies, or none when %lb + 16 wraps (then below %lb).
// CHECK-LABEL: func.func @add_no_flag(
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 16 modulo 2^32, which may wrap in the signed order: the largest count over every lower bound)
func.func @add_no_flag(%lb: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c = arith.constant 16 : i32
  %ub = arith.addi %lb, %c  : i32
  %r = scf.for %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

// No body, or (2^32 - 16) / 4 when %lb - 16 wraps (then far above %lb).
// CHECK-LABEL: func.func @sub_no_flag(
// CHECK: loom.facts = "at_most: body <= 1073741820 (the bound is the lower bound + -16 modulo 2^32, which may wrap in the signed order
func.func @sub_no_flag(%lb: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c = arith.constant -16 : i32
  %ub = arith.addi %lb, %c  : i32
  %r = scf.for %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

// nsw does not keep %lb + 16 from wrapping in the unsigned order.
// CHECK-LABEL: func.func @add_nsw_unsigned_loop(
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 16 modulo 2^32, which may wrap in the unsigned order
func.func @add_nsw_unsigned_loop(%lb: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c = arith.constant 16 : i32
  %ub = arith.addi %lb, %c overflow<nsw> : i32
  %r = scf.for unsigned %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

// Unsigned: + (2^32 - 16) wraps unless %lb < 16 (then (2^32 - 16) / 4 bodies).
// CHECK-LABEL: func.func @sub_nsw_unsigned_loop(
// CHECK: loom.facts = "at_most: body <= 1073741820 (the bound is the lower bound + 4294967280 modulo 2^32, which may wrap in the unsigned order
func.func @sub_nsw_unsigned_loop(%lb: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c = arith.constant -16 : i32
  %ub = arith.addi %lb, %c overflow<nsw> : i32
  %r = scf.for unsigned %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

// nuw does not keep %lb + 16 from wrapping in the signed order.
// CHECK-LABEL: func.func @add_nuw_signed_loop(
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 16 modulo 2^32, which may wrap in the signed order
func.func @add_nuw_signed_loop(%lb: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c = arith.constant 16 : i32
  %ub = arith.addi %lb, %c overflow<nuw> : i32
  %r = scf.for %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

// nuw means %lb < 16 (unsigned), so %lb - 16 is below %lb: never runs.
// CHECK-LABEL: func.func @sub_nuw_signed_loop(
// CHECK: loom.facts = "at_most: body <= 0 (the bound is the lower bound + -16 modulo 2^32, which may wrap in the signed order
func.func @sub_nuw_signed_loop(%lb: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c = arith.constant -16 : i32
  %ub = arith.addi %lb, %c overflow<nuw> : i32
  %r = scf.for %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

// The constant on the left, index counter, and a tile's bound: the minimum
// (in the loop's order) of such a sum and another value runs no more.
// CHECK-LABEL: func.func @tile(
// CHECK: loom.facts = "at_most: body <= 32 (the bound is the minimum of another value and the lower bound + 32 modulo 2^64, which may wrap in the signed order: the largest count over every lower bound)
// CHECK: loom.facts = "at_most: body <= 8 (the bound is the lower bound + 32 modulo 2^64, which may wrap in the signed order
func.func @tile(%lb: index, %n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %e = arith.addi %c32, %lb : index
  %ub = arith.minsi %e, %n : index
  scf.for %i = %lb to %ub step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %lb to %e step %c4 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// Near misses: the sum of another value than the lower bound, a maximum,
// a minimum in the other order, a constant that is not one: unknown.
// CHECK-LABEL: func.func @near_misses(
// CHECK: loom.facts = "unknown
// CHECK: loom.facts = "unknown
// CHECK: loom.facts = "unknown
// CHECK: loom.facts = "unknown
// CHECK-NOT: loom.facts
func.func @near_misses(%lb: i32, %other: i32, %n: i32, %c: i32) {
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %a = arith.addi %other, %c16 : i32
  scf.for %i = %lb to %a step %c1 : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  %b = arith.addi %lb, %c16 : i32
  %mx = arith.maxsi %b, %n : i32
  scf.for %i = %lb to %mx step %c1 : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  %mu = arith.minui %b, %n : i32
  scf.for %i = %lb to %mu step %c1 : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  %d = arith.addi %lb, %c : i32
  scf.for %i = %lb to %d step %c1 : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}
