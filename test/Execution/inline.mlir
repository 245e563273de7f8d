// Inlined loom code runs as the calls did: a function with loom exits
// inlined into a loom.for body and into a loom.if branch that breaks an
// outer loop, and a call inside a loom region inlined. Run without
// inlining, and with the inliner (and its default canonicalization) before
// both lowerings; the first RUN line checks that the calls are gone.
// RUN: %loom-opt %s --inline | FileCheck %s --check-prefix=INLINED
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(inline,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(inline,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s

// INLINED-NOT: call @first_multiple
// INLINED-NOT: call @square
// INLINED: func.func @main

// The first multiple of %d in [%lo, %hi), or -1: a loom.loop left by breaks.
func.func private @first_multiple(%lo: i32, %hi: i32, %d: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %r = loom.loop token(%t) iter_args(%i = %lo) : (i32) -> (i32) {
    %end = arith.cmpi sge, %i, %hi : i32
    loom.if %end { loom.break %t, %m1 : i32 }
    %rem = arith.remsi %i, %d : i32
    %hit = arith.cmpi eq, %rem, %c0 : i32
    loom.if %hit { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  }
  return %r : i32
}

func.func private @square(%x: i32) -> i32 {
  %s = arith.muli %x, %x : i32
  return %s : i32
}

// Sum over k in [0, n) of square(first_multiple(k, k + 10, 7)), skipping
// the -1s with a continue.
func.func @sum_squares(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %c10 = arith.constant 10 : i32
  %m1 = arith.constant -1 : i32
  %r = loom.for %k = %c0 to %n step %c1 token(%t) iter_args(%acc = %c0) -> (i32) : i32 {
    %hi = arith.addi %k, %c10 : i32
    %f = func.call @first_multiple(%k, %hi, %c7) : (i32, i32, i32) -> i32
    %none = arith.cmpi eq, %f, %m1 : i32
    loom.if %none { loom.continue %t, %acc : i32 }
    %sq = func.call @square(%f) : (i32) -> i32
    %acc1 = arith.addi %acc, %sq : i32
    loom.yield %acc1 : i32
  }
  return %r : i32
}

// The first k in [0, 100) whose first multiple of %d in [k, k + 3) exists,
// times 1000 plus that multiple, found by breaking an outer loom.loop from
// inside a loom.if holding the inlined loop; -1 if none.
func.func @search(%d: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  %c1000 = arith.constant 1000 : i32
  %m1 = arith.constant -1 : i32
  %r = loom.loop token(%o) iter_args(%k = %c0) : (i32) -> (i32) {
    %end = arith.cmpi sge, %k, %c100 : i32
    loom.if %end { loom.break %o, %m1 : i32 }
    %odd = arith.andi %k, %c1 : i32
    %isOdd = arith.cmpi ne, %odd, %c0 : i32
    loom.if %isOdd {
      %hi = arith.addi %k, %c3 : i32
      %f = func.call @first_multiple(%k, %hi, %d) : (i32, i32, i32) -> i32
      %found = arith.cmpi ne, %f, %m1 : i32
      loom.if %found {
        %kk = arith.muli %k, %c1000 : i32
        %v = arith.addi %kk, %f : i32
        loom.break %o, %v : i32
      }
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %o, %k1 : i32
  }
  return %r : i32
}

func.func @main() {
  %n = arith.constant 5 : i32
  %d1 = arith.constant 13 : i32
  %d2 = arith.constant 1000 : i32
  // k = 0..4: first multiples of 7 in [k, k + 10) are 0, 7, 7, 7, 7.
  // CHECK: 196
  %a = func.call @sum_squares(%n) : (i32) -> i32
  vector.print %a : i32
  // Odd k with a multiple of 13 in [k, k + 3): k = 11 (multiple 13).
  // CHECK-NEXT: 11013
  %b = func.call @search(%d1) : (i32) -> i32
  vector.print %b : i32
  // CHECK-NEXT: -1
  %c = func.call @search(%d2) : (i32) -> i32
  vector.print %c : i32
  return
}
