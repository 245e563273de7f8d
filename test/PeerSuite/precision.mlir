// Upstream's precision tests for early exits, translated to loom: constant
// propagation (sccp) and integer ranges (int-range-optimizations) across
// breaks. A value a break forwards reaches the target's results and nothing
// between the break and the target; the lines marked DECIDE are what an
// analysis that models loom's exits must fold, and loom-sccp (which does
// both) folds all ten. Upstream's test dialect op `test.reflect_bounds`
// (which prints the inferred range) is replaced by comparisons with the
// range's ends, which fold to `true` exactly when the range is known.
// Upstream sccp and int-range-optimizations decide none of the ten on loom
// IR: they treat loom ops as opaque (loom ops do not implement
// RegionBranchOpInterface), so their results are unknown. Origins:
// llvm/llvm-project PR 166688, mlir/test/Transforms/sccp-structured
// early-exit cases (scf.loop); PR 201129,
// mlir/test/Transforms/sccp-structured.mlir and
// mlir/test/Dialect/Arith/int-range-early-exit.mlir (scf.execute_region
// with a token, here loom.scope). The cases that must not fold are in
// precision-sound.mlir. After loom-lower-to-scf (which fills a slot a path
// does not use with the value the other branch carries there, where one is
// at hand), upstream sccp decides the three constant cases (SCF-SCCP) and
// int-range-optimizations the seven range cases, as on loom IR.
// RUN: %loom-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(func.func(loom-sccp))' | FileCheck %s --check-prefixes=SCCP,RANGE
// RUN: %loom-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf,func.func(sccp))' | FileCheck %s --check-prefix=SCF-SCCP
// RUN: %loom-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf,func.func(int-range-optimizations))' | FileCheck %s --check-prefix=RANGE

// Origin: PR 166688, sccp early_exit_dead_code. The inner loop's own break
// forwards 5; its other exit (-5) leaves both loops, so after the inner loop
// %inner is 5 and the comparison is false.
// SCCP-LABEL: func.func @early_exit_dead_code(
// DECIDE: the comparison folds to false, the final break forwards 5.
// SCCP-DAG:   %[[FALSE:.*]] = arith.constant false
// SCCP-DAG:   %[[C5:.*]] = arith.constant 5 : i32
// SCCP:       loom.if %[[FALSE]] {
// SCCP:       loom.break %{{.*}}, %[[C5]] : i32
// SCF-SCCP-LABEL: func.func @early_exit_dead_code(
// SCF-SCCP-DAG:   %[[FALSE:.*]] = arith.constant false
// SCF-SCCP-DAG:   %[[C5:.*]] = arith.constant 5 : i32
// SCF-SCCP:       scf.if %[[FALSE]] {
// SCF-SCCP:       scf.yield %[[C5]] : i32
func.func @early_exit_dead_code(%cond: i1) -> i32 {
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
    %is_neg = arith.cmpi slt, %inner, %c0 : i32
    loom.if %is_neg {
      "test.dead_op"() : () -> ()
    }
    loom.break %outer_token, %inner : i32
  }
  return %outer : i32
}

// -----

// Origin: PR 201129, sccp early_exit_constant: both exits forward 5.
// SCCP-LABEL: func.func @early_exit_constant(
// DECIDE: the scope's result is the constant 5.
// SCCP:       %[[C5:.*]] = arith.constant 5 : i32
// SCCP:       return %[[C5]] : i32
// SCF-SCCP-LABEL: func.func @early_exit_constant(
// SCF-SCCP:       %[[C5:.*]] = arith.constant 5 : i32
// SCF-SCCP:       return %[[C5]] : i32
func.func @early_exit_constant(%cond: i1) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    %c5 = arith.constant 5 : i32
    loom.if %cond {
      loom.break %tok, %c5 : i32
    }
    loom.yield %c5 : i32
  }
  return %0 : i32
}

// -----

// Origin: PR 201129, sccp early_exit_all_break_outer: the inner scope never
// produces its result; the outer one is the break's 4.
// SCCP-LABEL: func.func @early_exit_all_break_outer(
// DECIDE: the outer scope's result is the constant 4.
// SCCP:       %[[C4:.*]] = arith.constant 4 : i32
// SCCP:       return %[[C4]] : i32
// SCF-SCCP-LABEL: func.func @early_exit_all_break_outer(
// SCF-SCCP:       %[[C4:.*]] = arith.constant 4 : i32
// SCF-SCCP:       return %[[C4]] : i32
func.func @early_exit_all_break_outer(%cond: i1) -> i32 {
  %0 = loom.scope token(%tok_outer) -> (i32) {
    %c4 = arith.constant 4 : i32
    %1 = loom.scope token(%tok_inner) -> (i32) {
      loom.break %tok_outer, %c4 : i32
    }
    loom.yield %1 : i32
  }
  return %0 : i32
}

// -----

// Origin: PR 201129, int-range early_exit_range: 0 (break) or 10 (yield).
// RANGE-LABEL: func.func @early_exit_range(
// DECIDE: 0 <= %0 and %0 <= 10 both fold to true.
// RANGE:       %[[TRUE:.*]] = arith.constant true
// RANGE:       return %[[TRUE]], %[[TRUE]] : i1, i1
func.func @early_exit_range(%cond: i1) -> (i1, i1) {
  %0 = loom.scope token(%tok) -> (i32) {
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    loom.if %cond {
      loom.break %tok, %c0 : i32
    }
    loom.yield %c10 : i32
  }
  %lo = arith.constant 0 : i32
  %hi = arith.constant 10 : i32
  %ge = arith.cmpi sge, %0, %lo : i32
  %le = arith.cmpi sle, %0, %hi : i32
  return %ge, %le : i1, i1
}

// -----

// Origin: PR 201129, int-range early_exit_dead_code: in [0, 5], so < 100.
// RANGE-LABEL: func.func @early_exit_dead_code(
// DECIDE: %0 < 100 folds to true.
// RANGE:       %[[TRUE:.*]] = arith.constant true
// RANGE:       return %[[TRUE]] : i1
func.func @early_exit_dead_code(%cond: i1) -> i1 {
  %0 = loom.scope token(%tok) -> (i32) {
    %c0 = arith.constant 0 : i32
    %c5 = arith.constant 5 : i32
    loom.if %cond {
      loom.break %tok, %c0 : i32
    }
    loom.yield %c5 : i32
  }
  %c100 = arith.constant 100 : i32
  %cmp = arith.cmpi slt, %0, %c100 : i32
  return %cmp : i1
}

// -----

// Origin: PR 201129, int-range outer_early_exit_range: 1 (break to the
// outer scope) or 7 (the inner scope's yield, forwarded).
// RANGE-LABEL: func.func @outer_early_exit_range(
// DECIDE: 1 <= %0 and %0 <= 7 both fold to true.
// RANGE:       %[[TRUE:.*]] = arith.constant true
// RANGE:       return %[[TRUE]], %[[TRUE]] : i1, i1
func.func @outer_early_exit_range(%cond: i1) -> (i1, i1) {
  %0 = loom.scope token(%tok_outer) -> (i32) {
    %c1 = arith.constant 1 : i32
    %1 = loom.scope token(%tok_inner) -> (i32) {
      %c7 = arith.constant 7 : i32
      loom.if %cond {
        loom.break %tok_outer, %c1 : i32
      }
      loom.yield %c7 : i32
    }
    loom.yield %1 : i32
  }
  %lo = arith.constant 1 : i32
  %hi = arith.constant 7 : i32
  %ge = arith.cmpi sge, %0, %lo : i32
  %le = arith.cmpi sle, %0, %hi : i32
  return %ge, %le : i1, i1
}

// -----

// Origin: PR 201129, int-range immediate_break: exactly 3.
// RANGE-LABEL: func.func @immediate_break(
// DECIDE: %0 == 3 folds to true.
// RANGE:       %[[TRUE:.*]] = arith.constant true
// RANGE:       return %[[TRUE]] : i1
func.func @immediate_break(%cond: i1) -> i1 {
  %0 = loom.scope token(%tok) -> (i32) {
    %c3 = arith.constant 3 : i32
    loom.break %tok, %c3 : i32
  }
  %c3b = arith.constant 3 : i32
  %eq = arith.cmpi eq, %0, %c3b : i32
  return %eq : i1
}

// -----

// Origin: PR 201129, int-range range_all_break_outer: the outer result is
// exactly 4 (the inner scope's result is never produced).
// RANGE-LABEL: func.func @range_all_break_outer(
// DECIDE: %0 == 4 folds to true.
// RANGE:       %[[TRUE:.*]] = arith.constant true
// RANGE:       return %[[TRUE]] : i1
func.func @range_all_break_outer(%cond: i1) -> i1 {
  %0 = loom.scope token(%tok_outer) -> (i32) {
    %c4 = arith.constant 4 : i32
    %1 = loom.scope token(%tok_inner) -> (i32) {
      loom.break %tok_outer, %c4 : i32
    }
    loom.yield %1 : i32
  }
  %c4b = arith.constant 4 : i32
  %eq = arith.cmpi eq, %0, %c4b : i32
  return %eq : i1
}

// -----

// Origin: PR 201129, int-range nested_and_immediate_break: 2 or 8.
// RANGE-LABEL: func.func @nested_and_immediate_break(
// DECIDE: 2 <= %0 and %0 <= 8 both fold to true.
// RANGE:       %[[TRUE:.*]] = arith.constant true
// RANGE:       return %[[TRUE]], %[[TRUE]] : i1, i1
func.func @nested_and_immediate_break(%cond: i1) -> (i1, i1) {
  %0 = loom.scope token(%tok) -> (i32) {
    %c2 = arith.constant 2 : i32
    %c8 = arith.constant 8 : i32
    loom.if %cond {
      loom.break %tok, %c2 : i32
    }
    loom.break %tok, %c8 : i32
  }
  %lo = arith.constant 2 : i32
  %hi = arith.constant 8 : i32
  %ge = arith.cmpi sge, %0, %lo : i32
  %le = arith.cmpi sle, %0, %hi : i32
  return %ge, %le : i1, i1
}
