// An exit is control flow, not a speculatable computation: `loom.if %c {
// loom.break %outer, ... }` inside an inner loop, with %c invariant in that
// loop, must stay inside it. Hoisted out of the inner loop it would leave
// the outer loop even when the inner loop runs zero times. Each pass that
// moves or folds code (loop-invariant-code-motion, control-flow-sink,
// canonicalize, and the three together) runs on the shape, then the code is
// lowered and run: n = 0 must give 3 (the outer loop runs to its end), as
// must c = false; only n > 0 with c = true breaks, with 100 + k = 100.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion),loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(func.func(control-flow-sink),loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion,control-flow-sink,canonicalize,loop-invariant-code-motion),loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion,control-flow-sink,canonicalize),loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,func.func(loop-invariant-code-motion),loom-lower-to-llvm)' | %run-main | FileCheck %s

// The inner loop is a loom.for over [0, n).
func.func @in_for(%n: index, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r = loom.loop token(%outer) iter_args(%k = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %k, %c3 : i32
    loom.if %done { loom.break %outer, %k : i32 }
    loom.for %i = %z to %n step %one token(%inner) {
      %v = arith.addi %k, %c100 : i32
      loom.if %c { loom.break %outer, %v : i32 }
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %outer, %k1 : i32
  }
  return %r : i32
}

// The inner loop is a loom.loop whose guard leaves it before the loom.if
// when j >= n.
func.func @in_loop(%n: index, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r = loom.loop token(%outer) iter_args(%k = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %k, %c3 : i32
    loom.if %done { loom.break %outer, %k : i32 }
    loom.loop token(%inner) iter_args(%j = %z) : (index) {
      %end = arith.cmpi sge, %j, %n : index
      loom.if %end { loom.break %inner }
      %v = arith.addi %k, %c100 : i32
      loom.if %c { loom.break %outer, %v : i32 }
      %j1 = arith.addi %j, %one : index
      loom.continue %inner, %j1 : index
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %outer, %k1 : i32
  }
  return %r : i32
}

// The same with %c a constant true: canonicalize may fold the loom.if (its
// break then ends the inner body), never lift it out of the inner loop.
func.func @in_for_true(%n: index) -> i32 {
  %c = arith.constant true
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r = loom.loop token(%outer) iter_args(%k = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %k, %c3 : i32
    loom.if %done { loom.break %outer, %k : i32 }
    loom.for %i = %z to %n step %one token(%inner) {
      %v = arith.addi %k, %c100 : i32
      loom.if %c { loom.break %outer, %v : i32 }
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %outer, %k1 : i32
  }
  return %r : i32
}

func.func @main() {
  %n0 = arith.constant 0 : index
  %n2 = arith.constant 2 : index
  %true = arith.constant true
  %false = arith.constant false
  // CHECK: 3
  // CHECK-NEXT: 100
  // CHECK-NEXT: 3
  // CHECK-NEXT: 3
  %a = func.call @in_for(%n0, %true) : (index, i1) -> i32
  vector.print %a : i32
  %b = func.call @in_for(%n2, %true) : (index, i1) -> i32
  vector.print %b : i32
  %c = func.call @in_for(%n2, %false) : (index, i1) -> i32
  vector.print %c : i32
  %d = func.call @in_for(%n0, %false) : (index, i1) -> i32
  vector.print %d : i32
  // CHECK-NEXT: 3
  // CHECK-NEXT: 100
  // CHECK-NEXT: 3
  %e = func.call @in_loop(%n0, %true) : (index, i1) -> i32
  vector.print %e : i32
  %f = func.call @in_loop(%n2, %true) : (index, i1) -> i32
  vector.print %f : i32
  %g = func.call @in_loop(%n2, %false) : (index, i1) -> i32
  vector.print %g : i32
  // CHECK-NEXT: 3
  // CHECK-NEXT: 100
  %h = func.call @in_for_true(%n0) : (index) -> i32
  vector.print %h : i32
  %i = func.call @in_for_true(%n2) : (index) -> i32
  vector.print %i : i32
  return
}
