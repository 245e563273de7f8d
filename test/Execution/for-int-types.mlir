// loom.for with i8 induction variables at the edges of the i8 range, nested,
// with and without a break (the scf lowering uses scf.for for the loop
// nothing leaves and an scf.while for the one with a break). Bounds are
// compared signed; iv + step never wraps here (a wrap past the upper bound is
// undefined behaviour, as for scf.for, so it is not tested).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// count = 0, last = 0
// for i in [lb, ub) step s (i8):       -- no break: scf.for
//   for j in [i, ub) step 1 (i8):      -- breaks when j - i == 2
//     count += 1; last = j; if j - i == 2: break
// returns (count, last)
func.func @nest(%lb: i8, %ub: i8, %s: i8) -> (i32, i8) {
  %c0 = arith.constant 0 : i32
  %z = arith.constant 0 : i8
  %one = arith.constant 1 : i8
  %two = arith.constant 2 : i8
  %c1 = arith.constant 1 : i32
  %r:2 = loom.for %i = %lb to %ub step %s token(%o) iter_args(%n = %c0, %l = %z) -> (i32, i8) : i8 {
    %q:2 = loom.for %j = %i to %ub step %one token(%t) iter_args(%m = %n, %k = %l) -> (i32, i8) : i8 {
      %m1 = arith.addi %m, %c1 : i32
      %d = arith.subi %j, %i : i8
      %stop = arith.cmpi eq, %d, %two : i8
      loom.if %stop { loom.break %t, %m1, %j : i32, i8 }
      loom.yield %m1, %j : i32, i8
    }
    loom.yield %q#0, %q#1 : i32, i8
  }
  return %r#0, %r#1 : i32, i8
}

func.func @main() {
  %m128 = arith.constant -128 : i8
  %m126 = arith.constant -126 : i8
  %m1 = arith.constant -1 : i8
  %one = arith.constant 1 : i8
  %two = arith.constant 2 : i8
  %121 = arith.constant 121 : i8
  %125 = arith.constant 125 : i8
  %127 = arith.constant 127 : i8

  // i in {125, 126} (126 + 1 = 127 = ub exactly, no wrap): inner loops run
  // j = 125, 126 (2) and j = 126 (1).
  // CHECK: 3
  // CHECK-NEXT: 126
  %a:2 = func.call @nest(%125, %127, %one) : (i8, i8, i8) -> (i32, i8)
  vector.print %a#0 : i32
  vector.print %a#1 : i8
  // i in {121, 123, 125} (125 + 2 = 127 = ub exactly): inner loops run 3,
  // 3 and 2 iterations.
  // CHECK-NEXT: 8
  // CHECK-NEXT: 126
  %b:2 = func.call @nest(%121, %127, %two) : (i8, i8, i8) -> (i32, i8)
  vector.print %b#0 : i32
  vector.print %b#1 : i8
  // At the bottom of the range: i in {-128, -127}; inner loops j in
  // [i, -126): 2 and 1 iterations.
  // CHECK-NEXT: 3
  // CHECK-NEXT: -127
  %c:2 = func.call @nest(%m128, %m126, %one) : (i8, i8, i8) -> (i32, i8)
  vector.print %c#0 : i32
  vector.print %c#1 : i8
  // Signed comparison: -1 < 1 (as unsigned 255 > 1 there would be no
  // iteration): i in {-1, 0}, inner loops 2 and 1 iterations.
  // CHECK-NEXT: 3
  // CHECK-NEXT: 0
  %d:2 = func.call @nest(%m1, %one, %one) : (i8, i8, i8) -> (i32, i8)
  vector.print %d#0 : i32
  vector.print %d#1 : i8
  // lb > ub: no iteration.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %e:2 = func.call @nest(%127, %m128, %one) : (i8, i8, i8) -> (i32, i8)
  vector.print %e#0 : i32
  vector.print %e#1 : i8
  return
}
