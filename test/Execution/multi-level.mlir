// Breaks that leave two and three nested loops at once, and a continue of an
// outer loop from an inner loop.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// The first (i, j) in row-major order over [0, n) x [0, m) with i * j == t,
// or (-1, -1): the inner loop breaks the outer one.
func.func @find2(%n: i32, %m: i32, %target: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %r:2 = loom.loop token(%outer) iter_args(%i = %c0) : (i32) -> (i32, i32) {
    %iend = arith.cmpi sge, %i, %n : i32
    loom.if %iend { loom.break %outer, %m1, %m1 : i32, i32 }
    loom.loop token(%inner) iter_args(%j = %c0) : (i32) -> () {
      %jend = arith.cmpi sge, %j, %m : i32
      loom.if %jend { loom.break %inner }
      %p = arith.muli %i, %j : i32
      %hit = arith.cmpi eq, %p, %target : i32
      loom.if %hit { loom.break %outer, %i, %j : i32, i32 }
      %j1 = arith.addi %j, %c1 : i32
      loom.continue %inner, %j1 : i32
    }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %outer, %i1 : i32
  }
  return %r#0, %r#1 : i32, i32
}

// The first (i, j, k) in [0, n)^3 with i*i + j*j + k*k == t, and how many
// triples were tried (i64, carried through all three loops): the innermost
// loop breaks the outermost one.
func.func @find3(%n: i32, %target: i32) -> (i32, i32, i32, i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:4 = loom.loop token(%l1) iter_args(%i = %c0, %cnt_i = %z) : (i32, i64) -> (i32, i32, i32, i64) {
    %iend = arith.cmpi sge, %i, %n : i32
    loom.if %iend { loom.break %l1, %m1, %m1, %m1, %cnt_i : i32, i32, i32, i64 }
    %ii = arith.muli %i, %i : i32
    %cnt_j_out = loom.loop token(%l2) iter_args(%j = %c0, %cnt_j = %cnt_i) : (i32, i64) -> (i64) {
      %jend = arith.cmpi sge, %j, %n : i32
      loom.if %jend { loom.break %l2, %cnt_j : i64 }
      %jj = arith.muli %j, %j : i32
      %ij = arith.addi %ii, %jj : i32
      %cnt_k_out = loom.loop token(%l3) iter_args(%k = %c0, %cnt_k = %cnt_j) : (i32, i64) -> (i64) {
        %kend = arith.cmpi sge, %k, %n : i32
        loom.if %kend { loom.break %l3, %cnt_k : i64 }
        %kk = arith.muli %k, %k : i32
        %sum = arith.addi %ij, %kk : i32
        %cnt = arith.addi %cnt_k, %one : i64
        %hit = arith.cmpi eq, %sum, %target : i32
        loom.if %hit { loom.break %l1, %i, %j, %k, %cnt : i32, i32, i32, i64 }
        %k1 = arith.addi %k, %c1 : i32
        loom.continue %l3, %k1, %cnt : i32, i64
      }
      %j1 = arith.addi %j, %c1 : i32
      loom.continue %l2, %j1, %cnt_k_out : i32, i64
    }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %l1, %i1, %cnt_j_out : i32, i64
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i64
}

// Sums v(i, j) = (7i + 3j) % 11 - 2 over rows i < n and columns j < m, but a
// negative value ends its row: the inner loop continues the outer loop.
// Returns the sum and the number of rows cut short.
func.func @rows(%n: i32, %m: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %c11 = arith.constant 11 : i32
  %r:2 = loom.loop token(%outer) iter_args(%i = %c0, %acc = %c0, %cut = %c0) : (i32, i32, i32) -> (i32, i32) {
    %iend = arith.cmpi sge, %i, %n : i32
    loom.if %iend { loom.break %outer, %acc, %cut : i32, i32 }
    %i1 = arith.addi %i, %c1 : i32
    %i7 = arith.muli %i, %c7 : i32
    %row = loom.loop token(%inner) iter_args(%j = %c0, %racc = %acc) : (i32, i32) -> (i32) {
      %jend = arith.cmpi sge, %j, %m : i32
      loom.if %jend { loom.break %inner, %racc : i32 }
      %j3 = arith.muli %j, %c3 : i32
      %s = arith.addi %i7, %j3 : i32
      %q = arith.remsi %s, %c11 : i32
      %v = arith.subi %q, %c2 : i32
      %neg = arith.cmpi slt, %v, %c0 : i32
      loom.if %neg {
        %cut1 = arith.addi %cut, %c1 : i32
        loom.continue %outer, %i1, %racc, %cut1 : i32, i32, i32
      }
      %racc1 = arith.addi %racc, %v : i32
      %j1 = arith.addi %j, %c1 : i32
      loom.continue %inner, %j1, %racc1 : i32, i32
    }
    loom.continue %outer, %i1, %row, %cut : i32, i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c14 = arith.constant 14 : i32
  %c100 = arith.constant 100 : i32

  // CHECK: 2
  // CHECK-NEXT: 3
  %a:2 = func.call @find2(%c5, %c5, %c6) : (i32, i32, i32) -> (i32, i32)
  vector.print %a#0 : i32
  vector.print %a#1 : i32
  // CHECK-NEXT: -1
  // CHECK-NEXT: -1
  %b:2 = func.call @find2(%c5, %c5, %c7) : (i32, i32, i32) -> (i32, i32)
  vector.print %b#0 : i32
  vector.print %b#1 : i32
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %c:2 = func.call @find2(%c3, %c4, %c0) : (i32, i32, i32) -> (i32, i32)
  vector.print %c#0 : i32
  vector.print %c#1 : i32
  // Zero iterations of the outer loop.
  // CHECK-NEXT: -1
  // CHECK-NEXT: -1
  %d:2 = func.call @find2(%c0, %c4, %c0) : (i32, i32, i32) -> (i32, i32)
  vector.print %d#0 : i32
  vector.print %d#1 : i32

  // 1 + 4 + 9 = 14, found after 16 + 4 + 4 + 4 = 28 triples.
  // CHECK-NEXT: 1
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  // CHECK-NEXT: 28
  %e:4 = func.call @find3(%c4, %c14) : (i32, i32) -> (i32, i32, i32, i64)
  vector.print %e#0 : i32
  vector.print %e#1 : i32
  vector.print %e#2 : i32
  vector.print %e#3 : i64
  // Not found: all 27 triples tried.
  // CHECK-NEXT: -1
  // CHECK-NEXT: -1
  // CHECK-NEXT: -1
  // CHECK-NEXT: 27
  %f:4 = func.call @find3(%c3, %c100) : (i32, i32) -> (i32, i32, i32, i64)
  vector.print %f#0 : i32
  vector.print %f#1 : i32
  vector.print %f#2 : i32
  vector.print %f#3 : i64
  // Found on the first triple.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1
  %g:4 = func.call @find3(%c4, %c0) : (i32, i32) -> (i32, i32, i32, i64)
  vector.print %g#0 : i32
  vector.print %g#1 : i32
  vector.print %g#2 : i32
  vector.print %g#3 : i64

  // CHECK-NEXT: 51
  // CHECK-NEXT: 3
  %h:2 = func.call @rows(%c4, %c5) : (i32, i32) -> (i32, i32)
  vector.print %h#0 : i32
  vector.print %h#1 : i32
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %k:2 = func.call @rows(%c0, %c5) : (i32, i32) -> (i32, i32)
  vector.print %k#0 : i32
  vector.print %k#1 : i32
  // v(0, 0) = -2: the only row is cut at once.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1
  %l:2 = func.call @rows(%c1, %c1) : (i32, i32) -> (i32, i32)
  vector.print %l#0 : i32
  vector.print %l#1 : i32
  return
}
