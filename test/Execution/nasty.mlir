// Exits to every kind of enclosing target from deep inside mixed nests, with
// a trace of which exits ran, and loom ops inside scf ops (which lowerings
// must keep valid: single-block regions).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// scope S {
//   loop L (i = 0, acc = 0) {
//     if i >= n: break L (acc)
//     for F j in [0, 4) (x = acc) {
//       v = if j == i % 4 {
//             k = (i + j) % 5
//             if k == 0: print 100+i; continue L (i+1, x+1)
//             if k == 1: print 200+i; break F (x+10)
//             if k == 2: print 300+i; continue F (x+100)
//             if k == 3 and i > 5: print 400+i; break S (i, x)
//             yield x + 1000
//           } else { yield x + 1 }
//       yield v
//     }
//     continue L (i+1, f)
//   }
//   yield (-1, L)
// }
func.func @nasty(%n: i32) -> (i32, i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c100 = arith.constant 100 : i32
  %c200 = arith.constant 200 : i32
  %c300 = arith.constant 300 : i32
  %c400 = arith.constant 400 : i32
  %m1 = arith.constant -1 : i32
  %l0 = arith.constant 0 : i64
  %l1 = arith.constant 1 : i64
  %l10 = arith.constant 10 : i64
  %l100 = arith.constant 100 : i64
  %l1000 = arith.constant 1000 : i64
  %r:2 = loom.scope token(%S) -> (i32, i64) {
    %lr = loom.loop token(%L) iter_args(%i = %c0, %acc = %l0) : (i32, i64) -> (i64) {
      %end = arith.cmpi sge, %i, %n : i32
      loom.if %end { loom.break %L, %acc : i64 }
      %i1 = arith.addi %i, %c1 : i32
      %im4 = arith.remsi %i, %c4 : i32
      %f = loom.for %j = %c0 to %c4 step %c1 token(%F) iter_args(%x = %acc) -> (i64) : i32 {
        %here = arith.cmpi eq, %j, %im4 : i32
        %v = loom.if %here -> (i64) {
          %ij = arith.addi %i, %j : i32
          %k = arith.remsi %ij, %c5 : i32
          %k0 = arith.cmpi eq, %k, %c0 : i32
          loom.if %k0 {
            %p = arith.addi %c100, %i : i32
            vector.print %p : i32
            %x1 = arith.addi %x, %l1 : i64
            loom.continue %L, %i1, %x1 : i32, i64
          }
          %k1 = arith.cmpi eq, %k, %c1 : i32
          loom.if %k1 {
            %p = arith.addi %c200, %i : i32
            vector.print %p : i32
            %x10 = arith.addi %x, %l10 : i64
            loom.break %F, %x10 : i64
          }
          %k2 = arith.cmpi eq, %k, %c2 : i32
          loom.if %k2 {
            %p = arith.addi %c300, %i : i32
            vector.print %p : i32
            %x100 = arith.addi %x, %l100 : i64
            loom.continue %F, %x100 : i64
          }
          %k3 = arith.cmpi eq, %k, %c3 : i32
          %late = arith.cmpi sgt, %i, %c5 : i32
          %both = arith.andi %k3, %late : i1
          loom.if %both {
            %p = arith.addi %c400, %i : i32
            vector.print %p : i32
            loom.break %S, %i, %x : i32, i64
          }
          %x1000 = arith.addi %x, %l1000 : i64
          loom.yield %x1000 : i64
        } else {
          %x1 = arith.addi %x, %l1 : i64
          loom.yield %x1 : i64
        }
        loom.yield %v : i64
      }
      loom.continue %L, %i1, %f : i32, i64
    }
    loom.yield %m1, %lr : i32, i64
  }
  return %r#0, %r#1 : i32, i64
}

// Sum over i in [1, n) of the number of Collatz steps from i to 1: a
// loom.loop in an scf.for body (a single-block region), and a loom.scope in
// an scf.if inside that loop.
func.func @collatz_sum(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %steps = loom.loop token(%t) iter_args(%k = %i, %s = %z) : (index, i32) -> (i32) {
      %done = arith.cmpi eq, %k, %c1 : index
      loom.if %done { loom.break %t, %s : i32 }
      %s1 = arith.addi %s, %one : i32
      %q = arith.remui %k, %c2 : index
      %even = arith.cmpi eq, %q, %c0 : index
      %next = scf.if %even -> (index) {
        %h = arith.divui %k, %c2 : index
        scf.yield %h : index
      } else {
        %odd = loom.scope token(%sc) -> (index) {
          %k3 = arith.muli %k, %c3 : index
          %k31 = arith.addi %k3, %c1 : index
          loom.break %sc, %k31 : index
        }
        scf.yield %odd : index
      }
      loom.continue %t, %next, %s1 : index, i32
    }
    %acc1 = arith.addi %acc, %steps : i32
    scf.yield %acc1 : i32
  }
  return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c12 = arith.constant 12 : i32
  // CHECK:      100
  // CHECK-NEXT: 301
  // CHECK-NEXT: -1
  // CHECK-NEXT: 1107
  %a:2 = func.call @nasty(%c3) : (i32) -> (i32, i64)
  vector.print %a#0 : i32
  vector.print %a#1 : i64
  // CHECK-NEXT: 100
  // CHECK-NEXT: 301
  // CHECK-NEXT: 203
  // CHECK-NEXT: 205
  // CHECK-NEXT: 406
  // CHECK-NEXT: 6
  // CHECK-NEXT: 2136
  %b:2 = func.call @nasty(%c12) : (i32) -> (i32, i64)
  vector.print %b#0 : i32
  vector.print %b#1 : i64
  // CHECK-NEXT: -1
  // CHECK-NEXT: 0
  %c:2 = func.call @nasty(%c0) : (i32) -> (i32, i64)
  vector.print %c#0 : i32
  vector.print %c#1 : i64

  // 0 + 1 + 7 + 2 + 5 + 8 + 16 for i = 1 .. 7.
  // CHECK-NEXT: 39
  %x8 = arith.constant 8 : index
  %x1 = arith.constant 1 : index
  %d = func.call @collatz_sum(%x8) : (index) -> i32
  vector.print %d : i32
  // CHECK-NEXT: 0
  %e = func.call @collatz_sum(%x1) : (index) -> i32
  vector.print %e : i32
  return
}
