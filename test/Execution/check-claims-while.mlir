// loom-check-claims on condition-controlled loops, run: the counts of their
// conditions (per entry and per call) and their counters' ranges in the
// condition, in the body and on exit hold, so the checked program prints
// what it prints without the checks, through every lowering, with
// upstream's runtime verification after the checks, and at 32 bits. A
// planted wrong claim (plant=condition: one condition execution more;
// plant=range: every range one higher) aborts with the message naming the
// claim and its loop.
// cf.assert's lowering prints its message with puts and then aborts, which
// does not flush a buffered standard output: stdbuf -o0 makes it
// unbuffered, so the message reaches the pipe.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=condition},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=CONDITION
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=condition},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e guarded_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=CONDITION-GUARDED
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | not --crash stdbuf -o0 %mlir-runner -e guarded_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=RANGE-GUARDED
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=condition},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=CONDITION32
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=RANGE32

// Claims: the condition runs 5 times (counter in [0, 4]), the body 4 times
// (counter in [0, 3]), the loop exits with its counter at 4.
func.func @count_up() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CONDITION: loom claim violated: scf.while runs its condition exactly 5 times per entry at {{.*}}:[[#@LINE+5]]:8
  // RANGE: loom claim violated: scf.while runs its condition with its counter in [0, 4] at {{.*}}:[[#@LINE+4]]:8
  // At 32 bits (the program is one line further):
  // CONDITION32: loom claim violated: scf.while runs its condition exactly 5 times per entry at {{.*}}:[[#@LINE+3]]:8
  // RANGE32: loom claim violated: scf.while runs its condition with its counter in [0, 4] at {{.*}}:[[#@LINE+2]]:8
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c4 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  return %r : index
}

// The do-while shape over i8: the body's argument and the result hold the
// counter plus 1 (condition range of the counter [0, 3], body [0, 2], exit
// 3: the result is 4).
func.func @do_while() -> i8 {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
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

// A decreasing signed counter forwarded minus 1: the result is -1 (the
// counter exits at 0).
func.func @down() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
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

// A symbolic scf.while: counts and ranges read %n (the condition runs
// max(0, n) + 1 times per call, the counter exits at max(0, n)).
func.func @symbolic(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  return %r : i32
}

// A counted loom.loop: its condition (up to the guard) runs max(0, n) + 1
// times, its body max(0, n) times.
func.func @guarded(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CONDITION-GUARDED: loom claim violated: loom.loop runs its condition exactly max(0, %arg0) + 1 times per entry at {{.*}}:[[#@LINE+2]]:8
  // RANGE-GUARDED: loom claim violated: loom.loop runs its condition with its counter in [0, 2147483647] at {{.*}}:[[#@LINE+1]]:8
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> i32 {
    %done = arith.cmpi sge, %i, %n : i32
    loom.if %done { loom.break %t, %i : i32 }
    %k = arith.addi %i, %c1 : i32
    loom.continue %t, %k : i32
  }
  return %r : i32
}

func.func @main() {
  // CHECK: 4
  %a = call @count_up() : () -> index
  vector.print %a : index
  // CHECK-NEXT: 4
  %b = call @do_while() : () -> i8
  vector.print %b : i8
  // CHECK-NEXT: -1
  %c = call @down() : () -> i32
  vector.print %c : i32
  %c7 = arith.constant 7 : i32
  %cm3 = arith.constant -3 : i32
  // CHECK-NEXT: 7
  %d = call @symbolic(%c7) : (i32) -> i32
  vector.print %d : i32
  // CHECK-NEXT: 0
  %e = call @symbolic(%cm3) : (i32) -> i32
  vector.print %e : i32
  // CHECK-NEXT: 7
  %f = call @guarded(%c7) : (i32) -> i32
  vector.print %f : i32
  // CHECK-NEXT: 0
  %g = call @guarded(%cm3) : (i32) -> i32
  vector.print %g : i32
  return
}

// The loom.loop on its own (the planted claims of CONDITION-GUARDED and
// RANGE-GUARDED).
func.func @guarded_main() {
  %c7 = arith.constant 7 : i32
  %f = call @guarded(%c7) : (i32) -> i32
  vector.print %f : i32
  return
}
