// loom-check-claims on counted loops (scf.for, affine.for, loom.for), run:
// their condition counts, their counters' condition ranges and their exit
// values (which no value holds: checked from the body count and the lower
// bound after the loop) hold, so the checked program prints what it prints
// without the checks, through every lowering, with upstream's runtime
// verification after the checks, and at 32 bits. A planted wrong claim
// (plant=condition: one condition execution more; plant=range: every range
// and the exit one higher) aborts with the message naming the claim and its
// loop. Each main runs loops that never run their body first, so that no
// body-range check fires before the exit checks.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,lower-affine,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,lower-affine,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=condition},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=CONDITION
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e for_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=EXIT-FOR
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=condition},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e affine_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=CONDITION-AFFINE
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=range},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=EXIT32
// The checks the pass makes, and those it leaves out:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s --check-prefix=IR

// Claims: the condition runs max(0, %n ceildiv 3) + 1 times, sees the
// counter in [0, 3 * max(0, %n ceildiv 3)], which is the exit value.
// IR-LABEL: func.func @up_by_3(
// IR: loom claim violated: scf.for runs its condition exactly max(0, %arg0 ceildiv 3) + 1 times per entry
// IR: loom claim violated: scf.for exits with its counter at 3 * max(0, %arg0 ceildiv 3)
// IR: loom claim violated: scf.for runs its condition with its counter in [0, 3 * max(0, %arg0 ceildiv 3)]
func.func @up_by_3(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  // At 32 bits (EXIT32) the program is one line further.
  // CONDITION: loom claim violated: scf.for runs its condition exactly max(0, %arg0 ceildiv 3) + 1 times per entry at {{.*}}:[[#@LINE+3]]:8
  // EXIT: loom claim violated: scf.for exits with its counter at 3 * max(0, %arg0 ceildiv 3) at {{.*}}:[[#@LINE+2]]:8
  // EXIT32: loom claim violated: scf.for exits with its counter at 3 * max(0, %arg0 ceildiv 3) at {{.*}}:[[#@LINE+2]]:8
  %r = scf.for %i = %c0 to %n step %c3 iter_args(%a = %c0) -> (index) {
    %b = arith.addi %a, %i : index
    scf.yield %b : index
  }
  return %r : index
}

// An i8 counter, constant bounds: exact 4 bodies, 5 conditions, exit 12.
// IR-LABEL: func.func @small(
// IR: loom claim violated: scf.for runs its condition exactly 5 times per entry
// IR: loom claim violated: scf.for exits with its counter at 12
func.func @small() -> i32 {
  %c0 = arith.constant 0 : i8
  %c10 = arith.constant 10 : i8
  %c3 = arith.constant 3 : i8
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c10 step %c3 iter_args(%a = %z) -> (i32) : i8 {
    %e = arith.extsi %i : i8 to i32
    %b = arith.addi %a, %e : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// loom.for: exit max(0, %n); one with a break to itself is not checked.
// IR-LABEL: func.func @loom_for(
// IR: loom claim violated: loom.for runs its condition exactly max(0, %arg0) + 1 times per entry
// IR: loom claim violated: loom.for exits with its counter at max(0, %arg0)
// IR: loom claim violated: loom.for runs its condition with its counter in [0, 9223372036854775807]
// IR: loom claim violated: loom.for runs its condition with its counter in [0, max(0, %arg0)]
// IR-NOT: loom.for exits
// IR-NOT: loom.for runs its condition
// IR-LABEL: func.func @affine(
func.func @loom_for(%n: index, %stop: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // EXIT-FOR: loom claim violated: loom.for exits with its counter at max(0, %arg0) at {{.*}}:[[#@LINE+1]]:8
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %c0) -> (index) {
    %b = arith.addi %a, %c1 : index
    loom.yield %b : index
  }
  %s = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %r) -> (index) {
    %hit = arith.cmpi eq, %i, %stop : index
    loom.if %hit {
      loom.break %t, %a : index
    }
    %b = arith.addi %a, %c1 : index
    loom.yield %b : index
  }
  return %s : index
}

// affine.for: its lower bound is a map; the first body execution's
// counter stands for it, so an entry that runs no body is not checked.
// IR: loom claim violated: affine.for runs its condition exactly 4 times per entry
// IR: loom claim violated: affine.for exits with its counter at 17
func.func @affine(%m: memref<20xindex>) {
  // CONDITION-AFFINE: loom claim violated: affine.for runs its condition exactly 4 times per entry at {{.*}}:[[#@LINE+1]]:3
  affine.for %i = 2 to 17 step 5 {
    affine.store %i, %m[%i] : memref<20xindex>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %n0 = call @up_by_3(%c0) : (index) -> index
  // CHECK: 0
  vector.print %n0 : index
  %0 = call @up_by_3(%c7) : (index) -> index
  // CHECK-NEXT: 9
  vector.print %0 : index
  %1 = call @small() : () -> i32
  // CHECK-NEXT: 18
  vector.print %1 : i32
  %c3 = arith.constant 3 : index
  %3 = call @loom_for(%c7, %c3) : (index, index) -> index
  // CHECK-NEXT: 10
  vector.print %3 : index
  %m = memref.alloca() : memref<20xindex>
  call @affine(%m) : (memref<20xindex>) -> ()
  %v = memref.load %m[%c7] : memref<20xindex>
  // CHECK-NEXT: 7
  vector.print %v : index
  return
}

func.func @for_main() {
  %c0 = arith.constant 0 : index
  %0 = call @loom_for(%c0, %c0) : (index, index) -> index
  vector.print %0 : index
  return
}

func.func @affine_main() {
  %m = memref.alloca() : memref<20xindex>
  call @affine(%m) : (memref<20xindex>) -> ()
  return
}
