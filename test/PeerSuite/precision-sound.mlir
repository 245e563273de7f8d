// Upstream's early-exit precision tests whose point is what must NOT be
// decided, translated to loom: a value a break forwards is one of the
// target's results, so an analysis that only saw the fall-through yield
// would fold wrongly. Upstream sccp and int-range-optimizations treat loom
// ops as opaque and keep these; loom-sccp, which joins what loom's exits
// carry, must keep them too. The cases that must be decided are in
// precision.mlir. Origin: llvm/llvm-project PR 201129,
// mlir/test/Transforms/sccp-structured.mlir (early_exit_not_constant) and
// the integer-range early-exit tests (early_exit_range, whose result is 0 or
// 10, so neither equality is known).
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(sccp))' | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(int-range-optimizations))' | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(loom-sccp))' | FileCheck %s

// Origin: PR 201129, sccp early_exit_not_constant: 5 (break) or 6 (yield).
// CHECK-LABEL: func.func @early_exit_not_constant(
// CHECK:       %[[R:.*]] = loom.scope
// CHECK:       return %[[R]] : i32
func.func @early_exit_not_constant(%cond: i1) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    %c5 = arith.constant 5 : i32
    %c6 = arith.constant 6 : i32
    loom.if %cond {
      loom.break %tok, %c5 : i32
    }
    loom.yield %c6 : i32
  }
  return %0 : i32
}

// -----

// Origin: PR 201129, int-range early_exit_range: 0 or 10, so neither
// `== 0` nor `== 10` may fold.
// CHECK-LABEL: func.func @early_exit_range_not_exact(
// CHECK:       %[[R:.*]] = loom.scope
// CHECK-DAG:   %[[EQ0:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : i32
// CHECK-DAG:   %[[EQ10:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : i32
// CHECK:       return %[[EQ0]], %[[EQ10]] : i1, i1
func.func @early_exit_range_not_exact(%cond: i1) -> (i1, i1) {
  %0 = loom.scope token(%tok) -> (i32) {
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    loom.if %cond {
      loom.break %tok, %c0 : i32
    }
    loom.yield %c10 : i32
  }
  %z = arith.constant 0 : i32
  %t = arith.constant 10 : i32
  %eq0 = arith.cmpi eq, %0, %z : i32
  %eq10 = arith.cmpi eq, %0, %t : i32
  return %eq0, %eq10 : i1, i1
}

// -----

// The same through a loop: 5 from the loop's own break, -5 from the exit of
// the outer loop; after the outer loop the result is either, so the
// comparison stays.
// CHECK-LABEL: func.func @outer_result_not_constant(
// CHECK:       %[[R:.*]] = loom.loop
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : i32
// CHECK:       return %[[NEG]] : i1
func.func @outer_result_not_constant(%cond: i1) -> i1 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %cm5 = arith.constant -5 : i32
  %outer = loom.loop token(%outer_token) -> (i32) {
    %inner = loom.loop token(%inner_token) -> (i32) {
      loom.if %cond {
        loom.break %outer_token, %cm5 : i32
      }
      loom.break %inner_token, %c5 : i32
    }
    loom.break %outer_token, %inner : i32
  }
  %neg = arith.cmpi slt, %outer, %c0 : i32
  return %neg : i1
}
