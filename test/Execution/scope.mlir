// loom.scope early exits: from its own body, from a loop inside it, and a
// scope inside a loop that a continue of the loop passes through.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// (-1, -1.0) for x < 0; (1, 0.5) when 2x > 100; else (2x, 2.0).
func.func @classify(%x: i32) -> (i32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c100 = arith.constant 100 : i32
  %m1 = arith.constant -1 : i32
  %fm1 = arith.constant -1.0 : f32
  %fhalf = arith.constant 0.5 : f32
  %f2 = arith.constant 2.0 : f32
  %r:2 = loom.scope token(%s) -> (i32, f32) {
    %neg = arith.cmpi slt, %x, %c0 : i32
    loom.if %neg { loom.break %s, %m1, %fm1 : i32, f32 }
    %y = arith.muli %x, %c2 : i32
    %big = arith.cmpi sgt, %y, %c100 : i32
    loom.if %big { loom.break %s, %c1, %fhalf : i32, f32 }
    loom.yield %y, %f2 : i32, f32
  }
  return %r#0, %r#1 : i32, f32
}

// The first i < n with i * i >= x, or -1: the loop breaks the scope.
func.func @first_square_above(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %r = loom.scope token(%s) -> (i32) {
    loom.loop token(%t) iter_args(%i = %c0) : (i32) -> () {
      %end = arith.cmpi sge, %i, %n : i32
      loom.if %end { loom.break %t }
      %sq = arith.muli %i, %i : i32
      %ge = arith.cmpi sge, %sq, %x : i32
      loom.if %ge { loom.break %s, %i : i32 }
      %i1 = arith.addi %i, %c1 : i32
      loom.continue %t, %i1 : i32
    }
    loom.yield %m1 : i32
  }
  return %r : i32
}

// acc = 0; for i < n: { if i % 4 == 3: continue; s = 1000 if i*i > lim
// else i*i; acc += s; if acc > cap: return (acc, i) }; return (acc, n).
// The continue leaves the scope; the break of the scope skips its yield.
func.func @scope_in_loop(%n: i32, %lim: i32, %cap: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c1000 = arith.constant 1000 : i32
  %r:2 = loom.loop token(%t) iter_args(%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %end = arith.cmpi sge, %i, %n : i32
    loom.if %end { loom.break %t, %acc, %n : i32, i32 }
    %i1 = arith.addi %i, %c1 : i32
    %s = loom.scope token(%sc) -> (i32) {
      %q = arith.remsi %i, %c4 : i32
      %skip = arith.cmpi eq, %q, %c3 : i32
      loom.if %skip { loom.continue %t, %i1, %acc : i32, i32 }
      %sq = arith.muli %i, %i : i32
      %over = arith.cmpi sgt, %sq, %lim : i32
      loom.if %over { loom.break %sc, %c1000 : i32 }
      loom.yield %sq : i32
    }
    %acc1 = arith.addi %acc, %s : i32
    %capped = arith.cmpi sgt, %acc1, %cap : i32
    loom.if %capped { loom.break %t, %acc1, %i : i32, i32 }
    loom.continue %t, %i1, %acc1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c30 = arith.constant 30 : i32
  %c60 = arith.constant 60 : i32
  %c1000 = arith.constant 1000 : i32
  %c100000 = arith.constant 100000 : i32
  %m5 = arith.constant -5 : i32
  // CHECK: -1
  // CHECK-NEXT: -1
  %a:2 = func.call @classify(%m5) : (i32) -> (i32, f32)
  vector.print %a#0 : i32
  vector.print %a#1 : f32
  // CHECK-NEXT: 1
  // CHECK-NEXT: 0.5
  %b:2 = func.call @classify(%c60) : (i32) -> (i32, f32)
  vector.print %b#0 : i32
  vector.print %b#1 : f32
  // CHECK-NEXT: 20
  // CHECK-NEXT: 2
  %c:2 = func.call @classify(%c10) : (i32) -> (i32, f32)
  vector.print %c#0 : i32
  vector.print %c#1 : f32
  // CHECK-NEXT: 4
  %d = func.call @first_square_above(%c10, %c10) : (i32, i32) -> i32
  vector.print %d : i32
  // CHECK-NEXT: -1
  %e = func.call @first_square_above(%c10, %c1000) : (i32, i32) -> i32
  vector.print %e : i32
  // CHECK-NEXT: -1
  %f = func.call @first_square_above(%c0, %c0) : (i32, i32) -> i32
  vector.print %f : i32
  // 0 + 1 + 4 + 16 + 25 + 3 * 1000 (i = 6, 8, 9; i = 3 and 7 are skipped).
  // CHECK-NEXT: 3046
  // CHECK-NEXT: 10
  %g:2 = func.call @scope_in_loop(%c10, %c30, %c100000) : (i32, i32, i32) -> (i32, i32)
  vector.print %g#0 : i32
  vector.print %g#1 : i32
  // CHECK-NEXT: 1046
  // CHECK-NEXT: 6
  %h:2 = func.call @scope_in_loop(%c10, %c30, %c1000) : (i32, i32, i32) -> (i32, i32)
  vector.print %h#0 : i32
  vector.print %h#1 : i32
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %k:2 = func.call @scope_in_loop(%c0, %c0, %c0) : (i32, i32, i32) -> (i32, i32)
  vector.print %k#0 : i32
  vector.print %k#1 : i32
  return
}
