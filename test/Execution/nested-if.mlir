// Breaks and continues from inside nested loom.ifs (up to three deep), and a
// loom.if with results one of whose branches exits.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// i, acc = 0, 0
// loop:
//   if i < n:
//     if i % 3 == 0:
//       if i > 10: break (i, acc)
//       continue (i + 1, acc + 100)
//   else:
//     break (i, -1)
//   v = i if i even else (continue (i + 1, acc + 1000) if i == 7 else 2 * i)
//   continue (i + 1, acc + v)
func.func @classify(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %c1000 = arith.constant 1000 : i32
  %m1 = arith.constant -1 : i32
  %r:2 = loom.loop token(%t) iter_args(%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %i1 = arith.addi %i, %c1 : i32
    %inside = arith.cmpi slt, %i, %n : i32
    loom.if %inside {
      %r3 = arith.remsi %i, %c3 : i32
      %m3 = arith.cmpi eq, %r3, %c0 : i32
      loom.if %m3 {
        %big = arith.cmpi sgt, %i, %c10 : i32
        loom.if %big { loom.break %t, %i, %acc : i32, i32 }
        %a100 = arith.addi %acc, %c100 : i32
        loom.continue %t, %i1, %a100 : i32, i32
      }
    } else {
      loom.break %t, %i, %m1 : i32, i32
    }
    %r2 = arith.remsi %i, %c2 : i32
    %even = arith.cmpi eq, %r2, %c0 : i32
    %v = loom.if %even -> (i32) {
      loom.yield %i : i32
    } else {
      %seven = arith.cmpi eq, %i, %c7 : i32
      loom.if %seven {
        %a1000 = arith.addi %acc, %c1000 : i32
        loom.continue %t, %i1, %a1000 : i32, i32
      }
      %twice = arith.muli %i, %c2 : i32
      loom.yield %twice : i32
    }
    %acc1 = arith.addi %acc, %v : i32
    loom.continue %t, %i1, %acc1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// A loom.if with results whose then-branch breaks the loop and whose value
// is used after it: max over 0..n-1 of (i * 5) % 7, stopping at a 6.
func.func @first_six(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %r:2 = loom.loop token(%t) iter_args(%i = %c0, %best = %c0) : (i32, i32) -> (i32, i32) {
    %end = arith.cmpi sge, %i, %n : i32
    loom.if %end { loom.break %t, %i, %best : i32, i32 }
    %p = arith.muli %i, %c5 : i32
    %v = arith.remsi %p, %c7 : i32
    %is6 = arith.cmpi eq, %v, %c6 : i32
    %w = loom.if %is6 -> (i32) {
      loom.break %t, %i, %v : i32, i32
    } else {
      %m = arith.maxsi %best, %v : i32
      loom.yield %m : i32
    }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1, %w : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c20 = arith.constant 20 : i32
  // Breaks three ifs deep at i = 12.
  // CHECK: 12
  // CHECK-NEXT: 1458
  %a:2 = func.call @classify(%c20) : (i32) -> (i32, i32)
  vector.print %a#0 : i32
  vector.print %a#1 : i32
  // Breaks from the else branch at i = n.
  // CHECK-NEXT: 5
  // CHECK-NEXT: -1
  %b:2 = func.call @classify(%c5) : (i32) -> (i32, i32)
  vector.print %b#0 : i32
  vector.print %b#1 : i32
  // CHECK-NEXT: 0
  // CHECK-NEXT: -1
  %c:2 = func.call @classify(%c0) : (i32) -> (i32, i32)
  vector.print %c#0 : i32
  vector.print %c#1 : i32
  // CHECK-NEXT: 1
  // CHECK-NEXT: -1
  %d:2 = func.call @classify(%c1) : (i32) -> (i32, i32)
  vector.print %d#0 : i32
  vector.print %d#1 : i32
  // (i * 5) % 7 for i = 0, 1, 2, 3, 4: 0, 5, 3, 1, 6 -> stops at i = 4.
  // CHECK-NEXT: 4
  // CHECK-NEXT: 6
  %e:2 = func.call @first_six(%c20) : (i32) -> (i32, i32)
  vector.print %e#0 : i32
  vector.print %e#1 : i32
  // Ends normally at i = 3 with max(0, 5, 3) = 5.
  // CHECK-NEXT: 3
  // CHECK-NEXT: 5
  %f:2 = func.call @first_six(%c3) : (i32) -> (i32, i32)
  vector.print %f#0 : i32
  vector.print %f#1 : i32
  return
}
