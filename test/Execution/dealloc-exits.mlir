// Buffers allocated inside loom regions are freed on every way out of them
// by buffer-deallocation-pipeline run with the loom ops still present: the
// normal end of a loom.for iteration, loom.if branch and loom.scope body, a
// continue of the innermost loop, a continue of an outer loop and a break of
// an outer loop from inside an inner one (multi-level exits), a break out of
// a scope, the end of a loom.loop iteration, also for a buffer yielded by an
// scf.if inside a loom body. The lowered code allocates and
// frees through Inputs/alloc-count.c, which aborts on a free of a pointer
// that is not live (double free) and prints the counts after each call:
// `live 0` every time means nothing leaked, and the alloc counts show every
// buffer was really allocated. Both lowerings run after deallocation.
// RUN: %clang -shared -fPIC %S/Inputs/alloc-count.c -o %t.so
// RUN: %loom-opt %s --pass-pipeline='builtin.module(buffer-deallocation-pipeline,func.func(loom-lower-to-cf))' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(buffer-deallocation-pipeline,func.func(loom-lower-to-scf))' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,buffer-deallocation-pipeline,func.func(loom-lower-to-cf))' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s

func.func private @loom_alloc_report()

// Three iterations k of an outer loom.loop, each allocating %a (holding
// k + 1), around a loom.for over i in [0, n) whose iterations each allocate
// %m (holding i) and add t = 10 * i + (k + 1) to the sum. At i == skip the
// iteration is skipped (continue of the for); at i == jump a buffer %x is
// allocated and the outer loop continues with sum + t + 100 (leaving the
// for: %x, %m and %a are freed); at i == stop, likewise, the outer loop is
// left with sum + t + 1000.
func.func @nest(%n: i32, %skip: i32, %jump: i32, %stop: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %c1000 = arith.constant 1000 : i32
  %i0 = arith.constant 0 : index
  %r = loom.loop token(%outer) iter_args(%k = %c0, %acc = %c0) : (i32, i32) -> (i32) {
    %done = arith.cmpi sge, %k, %c3 : i32
    loom.if %done { loom.break %outer, %acc : i32 }
    %k1 = arith.addi %k, %c1 : i32
    %a = memref.alloc() : memref<1xi32>
    memref.store %k1, %a[%i0] : memref<1xi32>
    %s = loom.for %i = %c0 to %n step %c1 token(%inner) iter_args(%s0 = %acc) -> (i32) : i32 {
      %m = memref.alloc() : memref<1xi32>
      memref.store %i, %m[%i0] : memref<1xi32>
      %iv = memref.load %m[%i0] : memref<1xi32>
      %kv = memref.load %a[%i0] : memref<1xi32>
      %iv10 = arith.muli %iv, %c10 : i32
      %t = arith.addi %iv10, %kv : i32
      %isSkip = arith.cmpi eq, %i, %skip : i32
      loom.if %isSkip { loom.continue %inner, %s0 : i32 }
      %isJump = arith.cmpi eq, %i, %jump : i32
      loom.if %isJump {
        %x = memref.alloc() : memref<1xi32>
        memref.store %t, %x[%i0] : memref<1xi32>
        %xv = memref.load %x[%i0] : memref<1xi32>
        %s1 = arith.addi %s0, %xv : i32
        %s2 = arith.addi %s1, %c100 : i32
        loom.continue %outer, %k1, %s2 : i32, i32
      }
      %isStop = arith.cmpi eq, %i, %stop : i32
      loom.if %isStop {
        %x = memref.alloc() : memref<1xi32>
        memref.store %t, %x[%i0] : memref<1xi32>
        %xv = memref.load %x[%i0] : memref<1xi32>
        %s1 = arith.addi %s0, %xv : i32
        %s2 = arith.addi %s1, %c1000 : i32
        loom.break %outer, %s2 : i32
      }
      %next = arith.addi %s0, %t : i32
      loom.yield %next : i32
    }
    loom.continue %outer, %k1, %s : i32, i32
  }
  return %r : i32
}

// A scope allocating %b (holding 7): with %c it is left by a break that
// allocates %y (holding 5) and returns 12; otherwise a loom.if allocates %z
// (holding 3) in a branch that ends normally, and the scope yields 10.
func.func @scoped(%c: i1) -> i32 {
  %i0 = arith.constant 0 : index
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %r = loom.scope token(%s) -> (i32) {
    %b = memref.alloc() : memref<1xi32>
    memref.store %c7, %b[%i0] : memref<1xi32>
    loom.if %c {
      %y = memref.alloc() : memref<1xi32>
      memref.store %c5, %y[%i0] : memref<1xi32>
      %yv = memref.load %y[%i0] : memref<1xi32>
      %bv = memref.load %b[%i0] : memref<1xi32>
      %sum = arith.addi %yv, %bv : i32
      loom.break %s, %sum : i32
    }
    %true = arith.constant true
    %nc = arith.xori %c, %true : i1
    %v = loom.if %nc -> (i32) {
      %z = memref.alloc() : memref<1xi32>
      memref.store %c3, %z[%i0] : memref<1xi32>
      %zv = memref.load %z[%i0] : memref<1xi32>
      loom.yield %zv : i32
    } else {
      loom.yield %c5 : i32
    }
    %bv = memref.load %b[%i0] : memref<1xi32>
    %sum = arith.addi %bv, %v : i32
    loom.yield %sum : i32
  }
  return %r : i32
}

// An upstream region op inside a loom body: the buffer an scf.if yields
// (one of two allocated in its branches) is owned by the loom.for body
// through the scf.if's ownership result, and freed by the break as well as
// at the end of the iteration. The sum of 2i (odd i) or 3i (even i) over
// [0, n), or at i == stop the sum so far plus that value plus 1000.
func.func @upstream_inside(%n: i32, %stop: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c1000 = arith.constant 1000 : i32
  %i0 = arith.constant 0 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%s = %c0) -> (i32) : i32 {
    %bit = arith.andi %i, %c1 : i32
    %odd = arith.cmpi ne, %bit, %c0 : i32
    %p = scf.if %odd -> (memref<1xi32>) {
      %u = memref.alloc() : memref<1xi32>
      %v = arith.muli %i, %c2 : i32
      memref.store %v, %u[%i0] : memref<1xi32>
      scf.yield %u : memref<1xi32>
    } else {
      %w = memref.alloc() : memref<1xi32>
      %v = arith.muli %i, %c3 : i32
      memref.store %v, %w[%i0] : memref<1xi32>
      scf.yield %w : memref<1xi32>
    }
    %pv = memref.load %p[%i0] : memref<1xi32>
    %next = arith.addi %s, %pv : i32
    %isStop = arith.cmpi eq, %i, %stop : i32
    loom.if %isStop {
      %out = arith.addi %next, %c1000 : i32
      loom.break %t, %out : i32
    }
    loom.yield %next : i32
  }
  return %r : i32
}

func.func @main() {
  %n = arith.constant 4 : i32
  %zero = arith.constant 0 : i32
  %none = arith.constant -1 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %true = arith.constant true
  %false = arith.constant false

  // CHECK: 204
  // CHECK-NEXT: allocs 15 frees 15 live 0
  %r0 = func.call @nest(%n, %none, %none, %none) : (i32, i32, i32, i32) -> i32
  vector.print %r0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 168
  // CHECK-NEXT: allocs 30 frees 30 live 0
  %r1 = func.call @nest(%n, %i1, %none, %none) : (i32, i32, i32, i32) -> i32
  vector.print %r1 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 408
  // CHECK-NEXT: allocs 45 frees 45 live 0
  %r2 = func.call @nest(%n, %none, %i2, %none) : (i32, i32, i32, i32) -> i32
  vector.print %r2 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 1033
  // CHECK-NEXT: allocs 50 frees 50 live 0
  %r3 = func.call @nest(%n, %none, %none, %i2) : (i32, i32, i32, i32) -> i32
  vector.print %r3 : i32
  func.call @loom_alloc_report() : () -> ()

  // A skip at i = 1, then the stop at i = 2 of the first outer iteration.
  // CHECK-NEXT: 1022
  // CHECK-NEXT: allocs 55 frees 55 live 0
  %r4 = func.call @nest(%n, %i1, %none, %i2) : (i32, i32, i32, i32) -> i32
  vector.print %r4 : i32
  func.call @loom_alloc_report() : () -> ()

  // No inner iterations: only the three %a.
  // CHECK-NEXT: 0
  // CHECK-NEXT: allocs 58 frees 58 live 0
  %r5 = func.call @nest(%zero, %none, %none, %none) : (i32, i32, i32, i32) -> i32
  vector.print %r5 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 12
  // CHECK-NEXT: allocs 60 frees 60 live 0
  %s0 = func.call @scoped(%true) : (i1) -> i32
  vector.print %s0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 10
  // CHECK-NEXT: allocs 62 frees 62 live 0
  %s1 = func.call @scoped(%false) : (i1) -> i32
  vector.print %s1 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 14
  // CHECK-NEXT: allocs 66 frees 66 live 0
  %u0 = func.call @upstream_inside(%n, %none) : (i32, i32) -> i32
  vector.print %u0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 1008
  // CHECK-NEXT: allocs 69 frees 69 live 0
  %u1 = func.call @upstream_inside(%n, %i2) : (i32, i32) -> i32
  vector.print %u1 : i32
  func.call @loom_alloc_report() : () -> ()
  return
}
