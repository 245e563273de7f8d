// Upstream's early-exit syntax tests, translated to loom: each program
// prints, re-parses and prints the same, in the custom and in the generic
// form. Origin: llvm/llvm-project PR 166688, mlir/test/IR/early-exit.mlir
// (upstream also prints the region-branch predecessors of each loop; loom
// ops do not implement RegionBranchOpInterface, see docs/dialect.md).
// RUN: %loom-opt %s --split-input-file | %loom-opt --split-input-file | FileCheck %s
// RUN: %loom-opt %s --split-input-file --mlir-print-op-generic | %loom-opt --split-input-file | FileCheck %s

// Origin: PR 166688, early-exit.mlir, loop_break.
// CHECK-LABEL: func.func @loop_break(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
func.func @loop_break(%cond: i1) {
  loom.loop token(%loop) {
    loom.if %cond {
      loom.break %loop
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, early-exit.mlir, loop_continue.
// CHECK-LABEL: func.func @loop_continue(
// CHECK:      loom.loop token(%[[O:.*]]) {
// CHECK-NEXT:   loom.loop token(%[[I:.*]]) {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       loom.continue %[[I]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       loom.break %[[O]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     loom.continue %[[I]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[O]]{{$}}
// CHECK-NEXT: }
func.func @loop_continue(%cond1: i1, %cond2: i1) {
  loom.loop token(%outer) {
    loom.loop token(%inner) {
      loom.if %cond1 {
        loom.continue %inner
      }
      loom.if %cond2 {
        loom.break %outer
      }
      loom.continue %inner
    }
    loom.continue %outer
  }
  return
}

// -----

// Origin: PR 166688, early-exit.mlir, loop_with_results.
// CHECK-LABEL: func.func @loop_with_results(
// CHECK-SAME:  %[[V:.*]]: f32) -> f32
// CHECK:      %[[R:.*]] = loom.loop token(%[[T:.*]]) -> (f32) {
// CHECK-NEXT:   loom.break %[[T]], %[[V]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : f32
func.func @loop_with_results(%value: f32) -> f32 {
  %result = loom.loop token(%loop) -> (f32) {
    loom.break %loop, %value : f32
  }
  return %result : f32
}

// -----

// Origin: PR 166688, early-exit.mlir, loop_continue_iterargs.
// CHECK-LABEL: func.func @loop_continue_iterargs(
// CHECK-SAME:  %[[INIT:.*]]: i32)
// CHECK:      loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %[[INIT]]) : (i32) {
// CHECK-NEXT:   loom.continue %[[T]], %[[A]] : i32
// CHECK-NEXT: }
func.func @loop_continue_iterargs(%init: i32) {
  loom.loop token(%loop) iter_args(%next = %init) : (i32) {
    loom.continue %loop, %next : i32
  }
  return
}

// -----

// Origin: PR 166688, early-exit.mlir, continue_outer_from_inner: a continue
// of the outer loop ending the inner loop's body keeps its target.
// CHECK-LABEL: func.func @continue_outer_from_inner(
// CHECK:      loom.loop token(%[[O:.*]]) {
// CHECK-NEXT:   loom.loop token(%{{.*}}) {
// CHECK-NEXT:     loom.continue %[[O]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[O]]{{$}}
// CHECK-NEXT: }
func.func @continue_outer_from_inner() {
  loom.loop token(%outer) {
    loom.loop token(%inner) {
      loom.continue %outer
    }
    loom.continue %outer
  }
  return
}

// -----

// Origin: PR 201129, lower-early-exit.mlir, break_in_entry and
// no_break_inside: a token-carrying region left by a break ending its body,
// and one that only yields.
// CHECK-LABEL: func.func @scope_break_and_yield(
// CHECK:      %[[A:.*]] = loom.scope token(%[[S:.*]]) -> (f32) {
// CHECK-NEXT:   loom.break %[[S]], %{{.*}} : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[B:.*]] = loom.scope token(%{{.*}}) -> (f32) {
// CHECK-NEXT:   loom.yield %{{.*}} : f32
// CHECK-NEXT: }
func.func @scope_break_and_yield(%v: f32) -> (f32, f32) {
  %0 = loom.scope token(%tok) -> (f32) {
    loom.break %tok, %v : f32
  }
  %1 = loom.scope token(%tok) -> (f32) {
    loom.yield %v : f32
  }
  return %0, %1 : f32, f32
}
