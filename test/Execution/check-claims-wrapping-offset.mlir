// The `at_most` counts of loops whose bound is their lower bound plus a
// constant that may wrap (test/Facts/wrapping-offset-bounds.mlir), run with
// their claims checked: starts where the sum does not wrap and where it
// does, each reaching the largest count on one of them (i8 counters, so
// that the wrapped count, (2^8 - 16) / 4 = 60, runs quickly). A planted
// count (plant=count: at most one fewer) aborts at the loop's first entry
// that reaches the largest count.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=count},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=COUNT
// The claims checked:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @plus_16(
// IR: loom claim violated: scf.for runs its body at most 4 times per entry
// Bodies: 4, or none when %lb + 16 wraps.
func.func @plus_16(%lb: i8) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i8
  %c16 = arith.constant 16 : i8
  %ub = arith.addi %lb, %c16 : i8
  %n = scf.for %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (index) : i8 {
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return %n : index
}

// IR-LABEL: func.func @minus_16(
// IR: loom claim violated: scf.for runs its body at most 60 times per entry
// Bodies: none, or 60 when %lb - 16 wraps.
func.func @minus_16(%lb: i8) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i8
  %cm16 = arith.constant -16 : i8
  %ub = arith.addi %lb, %cm16 : i8
  %n = scf.for %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (index) : i8 {
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return %n : index
}

// IR-LABEL: func.func @plus_16_nsw_unsigned(
// IR: loom claim violated: scf.for runs its body at most 4 times per entry
// nsw, unsigned loop: 4, or none when %lb + 16 wraps unsigned (%lb >= 240).
func.func @plus_16_nsw_unsigned(%lb: i8) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i8
  %c16 = arith.constant 16 : i8
  %ub = arith.addi %lb, %c16 overflow<nsw> : i8
  %n = scf.for unsigned %i = %lb to %ub step %c4 iter_args(%k = %c0) -> (index) : i8 {
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return %n : index
}

// COUNT: loom claim violated: scf.for runs its body at most 4 times per entry at {{.*}}check-claims-wrapping-offset.mlir:24:8
func.func @main() {
  %c0 = arith.constant 0 : i8
  %c120 = arith.constant 120 : i8
  %cm125 = arith.constant -125 : i8
  %cm3 = arith.constant -3 : i8
  // CHECK: 4
  %a = call @plus_16(%c0) : (i8) -> index
  vector.print %a : index
  // CHECK-NEXT: 0
  %b = call @plus_16(%c120) : (i8) -> index
  vector.print %b : index
  // CHECK-NEXT: 0
  %c = call @minus_16(%c0) : (i8) -> index
  vector.print %c : index
  // CHECK-NEXT: 60
  %d = call @minus_16(%cm125) : (i8) -> index
  vector.print %d : index
  // CHECK-NEXT: 4
  %e = call @plus_16_nsw_unsigned(%c0) : (i8) -> index
  vector.print %e : index
  // CHECK-NEXT: 0
  %f = call @plus_16_nsw_unsigned(%cm3) : (i8) -> index
  vector.print %f : index
  return
}
