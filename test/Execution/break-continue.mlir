// Break out of a loop with results; continue with new iteration arguments;
// zero- and one-iteration loops.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// Sum and count of the odd numbers below %n: even numbers are skipped with a
// continue; the loop is left with a break whose results (i32, i64) differ
// from the iteration arguments (i32, i32, i64).
func.func @odd_sum(%n: i32) -> (i32, i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = loom.loop token(%t) iter_args(%i = %c0, %s = %c0, %cnt = %z) : (i32, i32, i64) -> (i32, i64) {
    %done = arith.cmpi sge, %i, %n : i32
    loom.if %done { loom.break %t, %s, %cnt : i32, i64 }
    %i1 = arith.addi %i, %c1 : i32
    %rem = arith.remsi %i, %c2 : i32
    %even = arith.cmpi eq, %rem, %c0 : i32
    loom.if %even { loom.continue %t, %i1, %s, %cnt : i32, i32, i64 }
    %s1 = arith.addi %s, %i : i32
    %cnt1 = arith.addi %cnt, %one : i64
    loom.continue %t, %i1, %s1, %cnt1 : i32, i32, i64
  }
  return %r#0, %r#1 : i32, i64
}

// A loop whose body always breaks runs exactly once; a loop without
// iteration arguments or results.
func.func @once(%x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    %d = arith.muli %a, %a : i32
    loom.break %t, %d : i32
  }
  return %r : i32
}

// Counts down from %x with a loop that has no iteration arguments: the state
// lives in memory.
func.func @countdown(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m = memref.alloca() : memref<i32>
  memref.store %x, %m[] : memref<i32>
  %steps = memref.alloca() : memref<i32>
  memref.store %c0, %steps[] : memref<i32>
  loom.loop token(%t) {
    %v = memref.load %m[] : memref<i32>
    %z = arith.cmpi sle, %v, %c0 : i32
    loom.if %z { loom.break %t }
    %v1 = arith.subi %v, %c1 : i32
    memref.store %v1, %m[] : memref<i32>
    %s = memref.load %steps[] : memref<i32>
    %s1 = arith.addi %s, %c1 : i32
    memref.store %s1, %steps[] : memref<i32>
    loom.continue %t
  }
  %r = memref.load %steps[] : memref<i32>
  return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c10 = arith.constant 10 : i32
  %c7 = arith.constant 7 : i32
  %m3 = arith.constant -3 : i32

  // CHECK: 25
  // CHECK-NEXT: 5
  %a:2 = func.call @odd_sum(%c10) : (i32) -> (i32, i64)
  vector.print %a#0 : i32
  vector.print %a#1 : i64
  // Zero iterations of the loop's continuing path.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %b:2 = func.call @odd_sum(%c0) : (i32) -> (i32, i64)
  vector.print %b#0 : i32
  vector.print %b#1 : i64
  // Only 0 (even, skipped by continue) is seen.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %c:2 = func.call @odd_sum(%c1) : (i32) -> (i32, i64)
  vector.print %c#0 : i32
  vector.print %c#1 : i64
  // One odd number: 1.
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  %d:2 = func.call @odd_sum(%c2) : (i32) -> (i32, i64)
  vector.print %d#0 : i32
  vector.print %d#1 : i64
  // CHECK-NEXT: 49
  %e = func.call @once(%c7) : (i32) -> i32
  vector.print %e : i32
  // CHECK-NEXT: 7
  %f = func.call @countdown(%c7) : (i32) -> i32
  vector.print %f : i32
  // CHECK-NEXT: 0
  %g = func.call @countdown(%m3) : (i32) -> i32
  vector.print %g : i32
  return
}
