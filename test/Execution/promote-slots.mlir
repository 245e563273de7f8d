// Programs keeping their locals in stack slots (as a C front end does) print
// the same before and after loom-promote-slots: slots through scf.while,
// scf.for, scf.if, scf.execute_region, memref.alloca_scope and loom's loops
// and exits, lowered by loom-lower-to-llvm and by the scf path. Every
// pipeline starts or follows the promotion with canonicalize, which inlines
// a memref.alloca_scope holding no alloca: upstream convert-scf-to-cf
// cannot lower an scf.while inside one (the scope must keep one block).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots,canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots,canonicalize,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The promoted functions have no slot left (@main's buffer is no slot):
// The same with every claim loom's facts make checked at run time, before
// and after the promotion (the promoted loops' counts, counter ranges and
// accesses are among them):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(canonicalize,loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots,canonicalize,loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots,canonicalize,loom-check-claims)' | FileCheck %s --check-prefix=CLAIMS
// CLAIMS: loom claim violated: scf.while runs its body exactly max(0, %arg1) times per entry
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots)' | FileCheck %s --check-prefix=IR
// IR-NOT: memref.alloca()
// IR: func.func @main

// int sum(int *a, int n) { int i = 0, s = 0; while (i < n) { s += a[i]; i++; } return s; }
func.func @sum(%a: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %i = memref.alloca() : memref<1xi32>
  %s = memref.alloca() : memref<1xi32>
  memref.store %z, %i[%c0] : memref<1xi32>
  memref.store %z, %s[%c0] : memref<1xi32>
  memref.alloca_scope {
    scf.while : () -> () {
      %iv = memref.load %i[%c0] : memref<1xi32>
      %go = arith.cmpi slt, %iv, %n : i32
      scf.condition(%go)
    } do {
      %iv = memref.load %i[%c0] : memref<1xi32>
      %k = arith.index_cast %iv : i32 to index
      %x = memref.load %a[%k] : memref<?xi32>
      %acc = memref.load %s[%c0] : memref<1xi32>
      %acc1 = arith.addi %acc, %x : i32
      memref.store %acc1, %s[%c0] : memref<1xi32>
      %next = arith.addi %iv, %one : i32
      memref.store %next, %i[%c0] : memref<1xi32>
      scf.yield
    }
  }
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}

// Index of the first element > t, or -1: a loom.loop whose break leaves
// with the slot's value, a found flag kept in a slot.
func.func @find_first_above(%a: memref<?xi32>, %t: i32) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : i64
  %n = memref.dim %a, %c0 : memref<?xi32>
  %pos = memref.alloca() : memref<i64>
  %i = memref.alloca() : memref<index>
  memref.store %m1, %pos[] : memref<i64>
  memref.store %c0, %i[] : memref<index>
  loom.loop token(%tk) {
    %iv = memref.load %i[] : memref<index>
    %end = arith.cmpi sge, %iv, %n : index
    loom.if %end { loom.break %tk }
    %x = memref.load %a[%iv] : memref<?xi32>
    %above = arith.cmpi sgt, %x, %t : i32
    loom.if %above {
      %p = arith.index_cast %iv : index to i64
      memref.store %p, %pos[] : memref<i64>
      loom.break %tk
    }
    %next = arith.addi %iv, %c1 : index
    memref.store %next, %i[] : memref<index>
    loom.continue %tk
  }
  %r = memref.load %pos[] : memref<i64>
  return %r : i64
}

// Nested scf.for / scf.if / scf.execute_region with a float slot, and a
// loom.for left by a break to an enclosing loom.scope.
func.func @nested(%n: index) -> (f64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f64
  %f = memref.alloca() : memref<1x1xf64>
  %last = memref.alloca() : memref<1xindex>
  memref.store %half, %f[%c0, %c0] : memref<1x1xf64>
  memref.store %c0, %last[%c0] : memref<1xindex>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c3 : index
    %z = arith.cmpi eq, %r, %c0 : index
    scf.if %z {
      scf.execute_region {
        %v = memref.load %f[%c0, %c0] : memref<1x1xf64>
        %w = arith.addf %v, %v : f64
        memref.store %w, %f[%c0, %c0] : memref<1x1xf64>
        scf.yield
      }
    } else {
      %v = memref.load %f[%c0, %c0] : memref<1x1xf64>
      %w = arith.addf %v, %half : f64
      memref.store %w, %f[%c0, %c0] : memref<1x1xf64>
    }
  }
  loom.scope token(%sc) {
    loom.for %j = %c0 to %n step %c1 token(%t) {
      memref.store %j, %last[%c0] : memref<1xindex>
      %big = arith.cmpi uge, %j, %c3 : index
      loom.if %big { loom.break %sc }
      loom.yield
    }
    memref.store %n, %last[%c0] : memref<1xindex>
    loom.yield
  }
  %rf = memref.load %f[%c0, %c0] : memref<1x1xf64>
  %rl = memref.load %last[%c0] : memref<1xindex>
  return %rf, %rl : f64, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %buf = memref.alloca() : memref<6xi32>
  scf.for %k = %c0 to %c6 step %c1 {
    %sq = arith.muli %k, %k : index
    %x = arith.index_cast %sq : index to i32
    memref.store %x, %buf[%k] : memref<6xi32>
  }
  %a = memref.cast %buf : memref<6xi32> to memref<?xi32>
  %n6 = arith.constant 6 : i32
  %n0 = arith.constant 0 : i32
  %n4 = arith.constant 4 : i32
  // CHECK: 55
  %s6 = func.call @sum(%a, %n6) : (memref<?xi32>, i32) -> i32
  vector.print %s6 : i32
  // CHECK-NEXT: 0
  %s0 = func.call @sum(%a, %n0) : (memref<?xi32>, i32) -> i32
  vector.print %s0 : i32
  // CHECK-NEXT: 14
  %s4 = func.call @sum(%a, %n4) : (memref<?xi32>, i32) -> i32
  vector.print %s4 : i32
  // CHECK-NEXT: 3
  %t8 = arith.constant 8 : i32
  %p = func.call @find_first_above(%a, %t8) : (memref<?xi32>, i32) -> i64
  vector.print %p : i64
  // CHECK-NEXT: -1
  %t99 = arith.constant 99 : i32
  %q = func.call @find_first_above(%a, %t99) : (memref<?xi32>, i32) -> i64
  vector.print %q : i64
  // n = 6: i = 0..5, i % 3 == 0 doubles, else adds 0.5:
  // 0.5 -> 1 -> 1.5 -> 2 -> 4 -> 4.5 -> 5; the loom.for breaks at j = 3.
  // CHECK-NEXT: 5
  // CHECK-NEXT: 3
  %rf, %rl = func.call @nested(%c6) : (index) -> (f64, index)
  vector.print %rf : f64
  vector.print %rl : index
  // n = 2: 0.5 -> 1 -> 1.5; the loom.for ends normally, last = n = 2.
  // CHECK-NEXT: 1.5
  // CHECK-NEXT: 2
  %rf2, %rl2 = func.call @nested(%c2) : (index) -> (f64, index)
  vector.print %rf2 : f64
  vector.print %rl2 : index
  return
}
