// loom.for: early break, running to completion, continue, zero and one
// iterations, an i64 induction variable, a break of an enclosing scope and of
// an enclosing loom.for.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// acc = 0; for i in [lb, ub) step s: { acc' = acc + i; if acc' > limit:
// break (acc', true); acc = acc' }; results (acc, broke).
func.func @sum_until(%lb: index, %ub: index, %s: index, %limit: index) -> (index, i1) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %c0, %b = %false) -> (index, i1) {
    %acc1 = arith.addi %acc, %i : index
    %over = arith.cmpi sgt, %acc1, %limit : index
    loom.if %over { loom.break %t, %acc1, %true : index, i1 }
    loom.yield %acc1, %b : index, i1
  }
  return %r#0, %r#1 : index, i1
}

// Sum and count of the i in [lb, ub) step s (i64) that are not multiples of
// 3; multiples are skipped with a continue.
func.func @skip3(%lb: i64, %ub: i64, %s: i64) -> (i64, i32) {
  %z = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %z, %n = %c0) -> (i64, i32) : i64 {
    %q = arith.remsi %i, %c3 : i64
    %m = arith.cmpi eq, %q, %z : i64
    loom.if %m { loom.continue %t, %acc, %n : i64, i32 }
    %acc1 = arith.addi %acc, %i : i64
    %n1 = arith.addi %n, %c1 : i32
    loom.yield %acc1, %n1 : i64, i32
  }
  return %r#0, %r#1 : i64, i32
}

// The first i < n with i % 7 == 6, or -1: a loom.for without iteration
// arguments breaks the enclosing scope.
func.func @first_mod7(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %m1 = arith.constant -1 : index
  %r = loom.scope token(%s) -> (index) {
    loom.for %i = %c0 to %n step %c1 token(%t) {
      %q = arith.remsi %i, %c7 : index
      %hit = arith.cmpi eq, %q, %c6 : index
      loom.if %hit { loom.break %s, %i : index }
    }
    loom.yield %m1 : index
  }
  return %r : index
}

// The first pair i < j < n (lexicographic) with i + 2j == t, as 100i + j,
// or -1: the inner loom.for breaks the outer one; the number of pairs tried
// is an iteration argument of both.
func.func @pair(%n: i32, %t: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c100 = arith.constant 100 : i32
  %m1 = arith.constant -1 : i32
  %r:2 = loom.for %i = %c0 to %n step %c1 token(%outer) iter_args(%res = %m1, %tried = %c0) -> (i32, i32) : i32 {
    %j0 = arith.addi %i, %c1 : i32
    %tried1 = loom.for %j = %j0 to %n step %c1 token(%inner) iter_args(%k = %tried) -> (i32) : i32 {
      %k1 = arith.addi %k, %c1 : i32
      %j2 = arith.muli %j, %c2 : i32
      %sum = arith.addi %i, %j2 : i32
      %hit = arith.cmpi eq, %sum, %t : i32
      loom.if %hit {
        %h = arith.muli %i, %c100 : i32
        %code = arith.addi %h, %j : i32
        loom.break %outer, %code, %k1 : i32, i32
      }
      loom.yield %k1 : i32
    }
    loom.yield %res, %tried1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %c1000 = arith.constant 1000 : index

  // Breaks at i = 6 (0 + 1 + ... + 6 = 21 > 20).
  // CHECK: 21
  // CHECK-NEXT: 1
  %a:2 = func.call @sum_until(%c0, %c10, %c1, %c20) : (index, index, index, index) -> (index, i1)
  vector.print %a#0 : index
  vector.print %a#1 : i1
  // Completes.
  // CHECK-NEXT: 45
  // CHECK-NEXT: 0
  %b:2 = func.call @sum_until(%c0, %c10, %c1, %c1000) : (index, index, index, index) -> (index, i1)
  vector.print %b#0 : index
  vector.print %b#1 : i1
  // Zero iterations (lb == ub and lb > ub).
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %c:2 = func.call @sum_until(%c5, %c5, %c1, %c0) : (index, index, index, index) -> (index, i1)
  vector.print %c#0 : index
  vector.print %c#1 : i1
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %d:2 = func.call @sum_until(%c10, %c0, %c1, %c0) : (index, index, index, index) -> (index, i1)
  vector.print %d#0 : index
  vector.print %d#1 : i1
  // One iteration, completing.
  // CHECK-NEXT: 3
  // CHECK-NEXT: 0
  %e:2 = func.call @sum_until(%c3, %c4, %c1, %c1000) : (index, index, index, index) -> (index, i1)
  vector.print %e#0 : index
  vector.print %e#1 : i1
  // One iteration, breaking.
  // CHECK-NEXT: 3
  // CHECK-NEXT: 1
  %f:2 = func.call @sum_until(%c3, %c4, %c1, %c0) : (index, index, index, index) -> (index, i1)
  vector.print %f#0 : index
  vector.print %f#1 : i1
  // 0 + 3 + 6 + 9 with step 3.
  // CHECK-NEXT: 18
  // CHECK-NEXT: 0
  %g:2 = func.call @sum_until(%c0, %c10, %c3, %c1000) : (index, index, index, index) -> (index, i1)
  vector.print %g#0 : index
  vector.print %g#1 : i1

  // i = -5, -3, -1, 1, 3, 5, 7, 9 without -3, 3, 9: sum 7, count 5.
  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  %lm5 = arith.constant -5 : i64
  %l10 = arith.constant 10 : i64
  %l2 = arith.constant 2 : i64
  %l0 = arith.constant 0 : i64
  %l1 = arith.constant 1 : i64
  %h:2 = func.call @skip3(%lm5, %l10, %l2) : (i64, i64, i64) -> (i64, i32)
  vector.print %h#0 : i64
  vector.print %h#1 : i32
  // One iteration that continues.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %k:2 = func.call @skip3(%l0, %l1, %l1) : (i64, i64, i64) -> (i64, i32)
  vector.print %k#0 : i64
  vector.print %k#1 : i32

  // (vector.print prints index as unsigned: print -1 as i64.)
  // CHECK-NEXT: 6
  %m = func.call @first_mod7(%c20) : (index) -> index
  %m64 = arith.index_cast %m : index to i64
  vector.print %m64 : i64
  // CHECK-NEXT: -1
  %o = func.call @first_mod7(%c5) : (index) -> index
  %o64 = arith.index_cast %o : index to i64
  vector.print %o64 : i64
  // CHECK-NEXT: -1
  %p = func.call @first_mod7(%c0) : (index) -> index
  %p64 = arith.index_cast %p : index to i64
  vector.print %p64 : i64

  // i + 2j == 7 with i < j < 5: (1, 3), after trying (0,1), (0,2), (0,3),
  // (0,4), (1,2) and (1,3).
  // CHECK-NEXT: 103
  // CHECK-NEXT: 6
  %i5 = arith.constant 5 : i32
  %i7 = arith.constant 7 : i32
  %i50 = arith.constant 50 : i32
  %q:2 = func.call @pair(%i5, %i7) : (i32, i32) -> (i32, i32)
  vector.print %q#0 : i32
  vector.print %q#1 : i32
  // Not found: all 10 pairs tried.
  // CHECK-NEXT: -1
  // CHECK-NEXT: 10
  %u:2 = func.call @pair(%i5, %i50) : (i32, i32) -> (i32, i32)
  vector.print %u#0 : i32
  vector.print %u#1 : i32
  return
}
