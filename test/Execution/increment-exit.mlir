// An iteration that ends the program before its increment: the inner loop
// runs 4, 4 and 0 times for %i = 116, 120, 124 (124 + 4 wraps to -128 at
// i8), then @exit ends the program before `124 + 4` would be computed as
// the outer loop's next value. Nothing is undefined, so loom must not count
// the inner loop by the rule `iv <= MAX - step` (it would claim 4 per
// entry: 12 in all).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s --check-prefix=FACTS

// CHECK: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 0
// CHECK-NOT: {{[0-9]}}

// The inner loop runs 4, 4 and 0 times: at most 4 (never exact).
// FACTS-LABEL: func.func @g
// FACTS: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^8
// FACTS: loom.facts = "exact: body max(0, (%arg1 - %arg0) ceildiv 4)
func.func private @exit(i32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @g(%lb: i8, %ub: i8) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %c124 = arith.constant 124 : i8
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %code = arith.constant 0 : i32
  scf.for %i = %lb to %ub step %c4 : i8 {
    %e = arith.addi %i, %c4 : i8
    %n = scf.for %j = %i to %e step %c1 iter_args(%k = %z) -> (i64) : i8 {
      %k1 = arith.addi %k, %one : i64
      scf.yield %k1 : i64
    }
    func.call @printI64(%n) : (i64) -> ()
    func.call @printNewline() : () -> ()
    %last = arith.cmpi eq, %i, %c124 : i8
    scf.if %last {
      func.call @exit(%code) : (i32) -> ()
    }
  }
  return
}

func.func @main() {
  %lb = arith.constant 116 : i8
  %ub = arith.constant 127 : i8
  func.call @g(%lb, %ub) : (i8, i8) -> ()
  return
}
