// Exits forwarding several values of different types (i1, i32, i64, index,
// f32, f64): breaks of a loop from two ifs deep, a break of a scope whose
// results feed a continue.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm result through mlir-translate and lli, as it is
// and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// state = (false, 0, 0, 0, 0.0, 0.0)
// while a < n:
//   if a odd: state = (!b, a+1, c+3000000000, d+2, e+0.5, f+0.25)   (scope break)
//   else:     state = (!b, a+1, c+1, d+1, e+1.0, f+1.5)              (scope yield)
// mode 0 returns the state; otherwise (!b, 2a, c-1, d+1, 2e, 2f).
func.func @types(%n: i32, %mode: i32) -> (i1, i32, i64, index, f32, f64) {
  %false = arith.constant false
  %true = arith.constant true
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %l0 = arith.constant 0 : i64
  %l1 = arith.constant 1 : i64
  %lbig = arith.constant 3000000000 : i64
  %x0 = arith.constant 0 : index
  %x1 = arith.constant 1 : index
  %x2 = arith.constant 2 : index
  %f0 = arith.constant 0.0 : f32
  %fhalf = arith.constant 0.5 : f32
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %d0 = arith.constant 0.0 : f64
  %dq = arith.constant 0.25 : f64
  %d15 = arith.constant 1.5 : f64
  %d2 = arith.constant 2.0 : f64
  %r:6 = loom.loop token(%t) iter_args(%b = %false, %a = %i0, %c = %l0, %d = %x0, %e = %f0, %f = %d0)
      : (i1, i32, i64, index, f32, f64) -> (i1, i32, i64, index, f32, f64) {
    %stop = arith.cmpi sge, %a, %n : i32
    loom.if %stop {
      %m0 = arith.cmpi eq, %mode, %i0 : i32
      loom.if %m0 {
        loom.break %t, %b, %a, %c, %d, %e, %f : i1, i32, i64, index, f32, f64
      } else {
        %nb = arith.xori %b, %true : i1
        %a2 = arith.muli %a, %i2 : i32
        %c2 = arith.subi %c, %l1 : i64
        %dd = arith.addi %d, %x1 : index
        %e2 = arith.mulf %e, %f2 : f32
        %ff = arith.mulf %f, %d2 : f64
        loom.break %t, %nb, %a2, %c2, %dd, %e2, %ff : i1, i32, i64, index, f32, f64
      }
    }
    %nb = arith.xori %b, %true : i1
    %a1 = arith.addi %a, %i1 : i32
    %x:6 = loom.scope token(%s) -> (i1, i32, i64, index, f32, f64) {
      %odd = arith.andi %a, %i1 : i32
      %isodd = arith.cmpi ne, %odd, %i0 : i32
      loom.if %isodd {
        %c3 = arith.addi %c, %lbig : i64
        %d3 = arith.addi %d, %x2 : index
        %e3 = arith.addf %e, %fhalf : f32
        %f3 = arith.addf %f, %dq : f64
        loom.break %s, %nb, %a1, %c3, %d3, %e3, %f3 : i1, i32, i64, index, f32, f64
      }
      %c4 = arith.addi %c, %l1 : i64
      %d4 = arith.addi %d, %x1 : index
      %e4 = arith.addf %e, %f1 : f32
      %f4 = arith.addf %f, %d15 : f64
      loom.yield %nb, %a1, %c4, %d4, %e4, %f4 : i1, i32, i64, index, f32, f64
    }
    loom.continue %t, %x#0, %x#1, %x#2, %x#3, %x#4, %x#5 : i1, i32, i64, index, f32, f64
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : i1, i32, i64, index, f32, f64
}

func.func @show(%n: i32, %mode: i32) {
  %r:6 = func.call @types(%n, %mode) : (i32, i32) -> (i1, i32, i64, index, f32, f64)
  vector.print %r#0 : i1
  vector.print %r#1 : i32
  vector.print %r#2 : i64
  vector.print %r#3 : index
  vector.print %r#4 : f32
  vector.print %r#5 : f64
  return
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // a = 0 (even), 1 (odd), 2 (even):
  // CHECK: 1
  // CHECK-NEXT: 3
  // CHECK-NEXT: 3000000002
  // CHECK-NEXT: 4
  // CHECK-NEXT: 2.5
  // CHECK-NEXT: 3.25
  func.call @show(%c3, %c0) : (i32, i32) -> ()
  // CHECK-NEXT: 0
  // CHECK-NEXT: 6
  // CHECK-NEXT: 3000000001
  // CHECK-NEXT: 5
  // CHECK-NEXT: 5
  // CHECK-NEXT: 6.5
  func.call @show(%c3, %c1) : (i32, i32) -> ()
  // Zero iterations.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  func.call @show(%c0, %c0) : (i32, i32) -> ()
  // One iteration (a = 0, even), second break.
  // CHECK-NEXT: 0
  // CHECK-NEXT: 2
  // CHECK-NEXT: 0
  // CHECK-NEXT: 2
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  func.call @show(%c1, %c1) : (i32, i32) -> ()
  return
}
