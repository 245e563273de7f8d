// Memrefs carried through loom ops (iteration arguments, results, exit
// operands) under buffer-deallocation-pipeline run with the loom ops still
// present: ownership indicators travel beside each carried memref, and every
// exit frees what the blocks it leaves own except what it forwards. The
// lowered code allocates and frees through Inputs/alloc-count.c, which
// aborts on a free of a pointer that is not live (double free) and prints
// the counts after each call: `live 0` every time means nothing leaked
// (allocs == frees); the second line counts the test's own buffers (all of
// them memref<7xi32>, a size nothing else allocates: the lowering of
// bufferization.dealloc allocates temporary arrays too), cumulative over
// the calls, showing every buffer was really allocated. The values read
// back from the carried buffers show none was freed while still in use.
// Both lowerings run after deallocation, and loom-lower-to-scf also runs
// before it (upstream's deallocation then sees only scf ops, and the exit
// slots the paths not taken fill with a placeholder: see @found).
// RUN: %clang -shared -fPIC %S/Inputs/alloc-count.c -o %t.so
// RUN: %loom-opt %s --pass-pipeline='builtin.module(buffer-deallocation-pipeline,func.func(loom-lower-to-cf))' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(buffer-deallocation-pipeline,func.func(loom-lower-to-scf))' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(func.func(loom-lower-to-scf),buffer-deallocation-pipeline)' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,buffer-deallocation-pipeline,func.func(loom-lower-to-cf))' | %mlir-opt %generic-alloc-to-llvm | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs,%t.so | FileCheck %s

func.func private @loom_alloc_report()
func.func private @loom_alloc_watch(i64)

// A loom.for whose buffer is replaced by a fresh one every iteration (the
// old one is freed, ownership passes to the next iteration and then to the
// result): holds the sum of i over [0, n).
func.func @replace(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %init = memref.alloc() : memref<7xi32>
  memref.store %c0, %init[%i0] : memref<7xi32>
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%b = %init) -> (memref<7xi32>) : i32 {
    %v = memref.load %b[%i0] : memref<7xi32>
    %v2 = arith.addi %v, %i : i32
    %f = memref.alloc() : memref<7xi32>
    memref.store %v2, %f[%i0] : memref<7xi32>
    loom.yield %f : memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// The same with loom.loop: continue with a fresh buffer, break with the
// carried one. Holds the sum of 2k over [0, n).
func.func @loop_replace(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %i0 = arith.constant 0 : index
  %init = memref.alloc() : memref<7xi32>
  memref.store %c0, %init[%i0] : memref<7xi32>
  %r = loom.loop token(%t) iter_args(%k = %c0, %b = %init) : (i32, memref<7xi32>) -> (memref<7xi32>) {
    %done = arith.cmpi sge, %k, %n : i32
    loom.if %done { loom.break %t, %b : memref<7xi32> }
    %v = memref.load %b[%i0] : memref<7xi32>
    %k2 = arith.muli %k, %c2 : i32
    %v2 = arith.addi %v, %k2 : i32
    %f = memref.alloc() : memref<7xi32>
    memref.store %v2, %f[%i0] : memref<7xi32>
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %t, %k1, %f : i32, memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// A break carrying a buffer allocated in the body: at i == stop the loop
// ends with a fresh buffer holding (sum so far) + 1000; the buffer of that
// iteration and the carried one are freed.
func.func @break_fresh(%n: i32, %stop: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1000 = arith.constant 1000 : i32
  %i0 = arith.constant 0 : index
  %init = memref.alloc() : memref<7xi32>
  memref.store %c0, %init[%i0] : memref<7xi32>
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%b = %init) -> (memref<7xi32>) : i32 {
    %v = memref.load %b[%i0] : memref<7xi32>
    %v2 = arith.addi %v, %i : i32
    %f = memref.alloc() : memref<7xi32>
    memref.store %v2, %f[%i0] : memref<7xi32>
    %isStop = arith.cmpi eq, %i, %stop : i32
    loom.if %isStop {
      %x = memref.alloc() : memref<7xi32>
      %v3 = arith.addi %v2, %c1000 : i32
      memref.store %v3, %x[%i0] : memref<7xi32>
      loom.break %t, %x : memref<7xi32>
    }
    loom.yield %f : memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// Two nested loom.for loops, both carrying a buffer counted up by one per
// inner iteration (a fresh buffer each time). At step i * n + j == stop the
// inner loop leaves both loops at once (a multi-level break through three
// blocks: the loom.if's, the inner body, the outer body) with: a fresh
// buffer holding count + 100 (which == 0), the inner iteration argument
// (which == 1: the count before this step) or the outer iteration argument
// (which == 2: the count at the start of this outer iteration).
func.func @two_level(%n: i32, %stop: i32, %which: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c100 = arith.constant 100 : i32
  %i0 = arith.constant 0 : index
  %init = memref.alloc() : memref<7xi32>
  memref.store %c0, %init[%i0] : memref<7xi32>
  %r = loom.for %i = %c0 to %n step %c1 token(%outer) iter_args(%a = %init) -> (memref<7xi32>) : i32 {
    %in = loom.for %j = %c0 to %n step %c1 token(%inner) iter_args(%b = %a) -> (memref<7xi32>) : i32 {
      %v = memref.load %b[%i0] : memref<7xi32>
      %v1 = arith.addi %v, %c1 : i32
      %f = memref.alloc() : memref<7xi32>
      memref.store %v1, %f[%i0] : memref<7xi32>
      %in_ = arith.muli %i, %n : i32
      %step = arith.addi %in_, %j : i32
      %isStop = arith.cmpi eq, %step, %stop : i32
      loom.if %isStop {
        %w1 = arith.cmpi eq, %which, %c1 : i32
        loom.if %w1 { loom.break %outer, %b : memref<7xi32> }
        %w2 = arith.cmpi eq, %which, %c2 : i32
        loom.if %w2 { loom.break %outer, %a : memref<7xi32> }
        %x = memref.alloc() : memref<7xi32>
        %v3 = arith.addi %v1, %c100 : i32
        memref.store %v3, %x[%i0] : memref<7xi32>
        loom.break %outer, %x : memref<7xi32>
      }
      loom.yield %f : memref<7xi32>
    }
    loom.yield %in : memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// Continue of an outer loom.loop from inside an inner loom.for, with a
// fresh buffer holding (carried value) + k; each inner iteration also
// allocates a buffer %m that is not carried and is freed on both ways out
// (the inner loop's yield and the continue). Holds the sum of k over
// [0, n).
func.func @continue_fresh(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %i0 = arith.constant 0 : index
  %init = memref.alloc() : memref<7xi32>
  memref.store %c0, %init[%i0] : memref<7xi32>
  %r = loom.loop token(%t) iter_args(%k = %c0, %b = %init) : (i32, memref<7xi32>) -> (memref<7xi32>) {
    %done = arith.cmpi sge, %k, %n : i32
    loom.if %done { loom.break %t, %b : memref<7xi32> }
    %k1 = arith.addi %k, %c1 : i32
    loom.for %j = %c0 to %c2 step %c1 token(%u) : i32 {
      %m = memref.alloc() : memref<7xi32>
      memref.store %j, %m[%i0] : memref<7xi32>
      %mv = memref.load %m[%i0] : memref<7xi32>
      %last = arith.cmpi eq, %mv, %c1 : i32
      loom.if %last {
        %v = memref.load %b[%i0] : memref<7xi32>
        %v2 = arith.addi %v, %k : i32
        %f = memref.alloc() : memref<7xi32>
        memref.store %v2, %f[%i0] : memref<7xi32>
        loom.continue %t, %k1, %f : i32, memref<7xi32>
      }
      loom.yield
    }
    loom.continue %t, %k1, %b : i32, memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// A loom.scope with a memref result: the buffer %b (holding 7) it yields,
// or with %c a buffer %y (holding 5) a break carries out, %b being freed.
func.func @scope_result(%c: i1) -> i32 {
  %i0 = arith.constant 0 : index
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %r = loom.scope token(%s) -> (memref<7xi32>) {
    %b = memref.alloc() : memref<7xi32>
    memref.store %c7, %b[%i0] : memref<7xi32>
    loom.if %c {
      %y = memref.alloc() : memref<7xi32>
      memref.store %c5, %y[%i0] : memref<7xi32>
      loom.break %s, %y : memref<7xi32>
    }
    loom.yield %b : memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// A loom.if with a memref result inside a loom.for: odd iterations yield a
// fresh buffer, even ones the carried buffer itself (the result aliases
// the iteration argument: only a runtime alias check tells whether to free
// it). Holds the sum of the odd i in [0, n).
func.func @if_result(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %init = memref.alloc() : memref<7xi32>
  memref.store %c0, %init[%i0] : memref<7xi32>
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%b = %init) -> (memref<7xi32>) : i32 {
    %bit = arith.andi %i, %c1 : i32
    %odd = arith.cmpi ne, %bit, %c0 : i32
    %v = loom.if %odd -> (memref<7xi32>) {
      %z = memref.alloc() : memref<7xi32>
      %bv = memref.load %b[%i0] : memref<7xi32>
      %s = arith.addi %bv, %i : i32
      memref.store %s, %z[%i0] : memref<7xi32>
      loom.yield %z : memref<7xi32>
    } else {
      loom.yield %b : memref<7xi32>
    }
    loom.yield %v : memref<7xi32>
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

// One buffer (holding 9) forwarded twice by a break: both results own it,
// it is freed once.
func.func @twice() -> i32 {
  %i0 = arith.constant 0 : index
  %c9 = arith.constant 9 : i32
  %r:2 = loom.loop token(%t) -> (memref<7xi32>, memref<7xi32>) {
    %x = memref.alloc() : memref<7xi32>
    memref.store %c9, %x[%i0] : memref<7xi32>
    loom.break %t, %x, %x : memref<7xi32>, memref<7xi32>
  }
  %a = memref.load %r#0[%i0] : memref<7xi32>
  %b = memref.load %r#1[%i0] : memref<7xi32>
  %s = arith.addi %a, %b : i32
  return %s : i32
}

// Two carried buffers trading places: each iteration yields a fresh
// buffer (p + q) and the old p, so the old q is freed once owned, and the
// ownership of p moves from the first iteration argument to the second.
// Fibonacci from p = 1, q = 0: p after n iterations.
func.func @fib(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %p0 = memref.alloc() : memref<7xi32>
  memref.store %c1, %p0[%i0] : memref<7xi32>
  %q0 = memref.alloc() : memref<7xi32>
  memref.store %c0, %q0[%i0] : memref<7xi32>
  %r:2 = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%p = %p0, %q = %q0) -> (memref<7xi32>, memref<7xi32>) : i32 {
    %pv = memref.load %p[%i0] : memref<7xi32>
    %qv = memref.load %q[%i0] : memref<7xi32>
    %s = arith.addi %pv, %qv : i32
    %f = memref.alloc() : memref<7xi32>
    memref.store %s, %f[%i0] : memref<7xi32>
    loom.yield %f, %p : memref<7xi32>, memref<7xi32>
  }
  %x = memref.load %r#0[%i0] : memref<7xi32>
  return %x : i32
}

// A loom.loop whose break forwards a buffer made in the breaking branch.
// Lowered to scf.while, the continue path must fill the break's slot with
// some memref<7xi32>, and none is at hand there (no iteration argument or
// function argument has that type): it holds the function's zero-element
// stack buffer, which deallocation never frees (a ub.poison memref there
// reached free()). Holds 100 + n.
func.func @found(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %i0 = arith.constant 0 : index
  %r = loom.loop token(%t) iter_args(%k = %c0) : (i32) -> (memref<7xi32>) {
    %done = arith.cmpi sge, %k, %n : i32
    loom.if %done {
      %m = memref.alloc() : memref<7xi32>
      %v = arith.addi %k, %c100 : i32
      memref.store %v, %m[%i0] : memref<7xi32>
      loom.break %t, %m : memref<7xi32>
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %t, %k1 : i32
  }
  %x = memref.load %r[%i0] : memref<7xi32>
  return %x : i32
}

func.func @main() {
  %n = arith.constant 4 : i32
  %zero = arith.constant 0 : i32
  %none = arith.constant -1 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i5 = arith.constant 5 : i32
  %true = arith.constant true
  %false = arith.constant false
  // The test's buffers are memref<7xi32>: 28 bytes.
  %size = arith.constant 28 : i64
  func.call @loom_alloc_watch(%size) : (i64) -> ()

  // CHECK: 6
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 5 freed 5
  %r0 = func.call @replace(%n) : (i32) -> i32
  vector.print %r0 : i32
  func.call @loom_alloc_report() : () -> ()

  // No iteration: the result is the initial buffer.
  // CHECK-NEXT: 0
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 6 freed 6
  %r1 = func.call @replace(%zero) : (i32) -> i32
  vector.print %r1 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 12
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 11 freed 11
  %l0 = func.call @loop_replace(%n) : (i32) -> i32
  vector.print %l0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 6
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 16 freed 16
  %b0 = func.call @break_fresh(%n, %none) : (i32, i32) -> i32
  vector.print %b0 : i32
  func.call @loom_alloc_report() : () -> ()

  // Iterations 0, 1, 2 (sums 0, 1, 3), then the break's buffer.
  // CHECK-NEXT: 1003
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 21 freed 21
  %b1 = func.call @break_fresh(%n, %i2) : (i32, i32) -> i32
  vector.print %b1 : i32
  func.call @loom_alloc_report() : () -> ()

  // Break at the first iteration: the carried buffer is the initial one.
  // CHECK-NEXT: 1000
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 24 freed 24
  %b2 = func.call @break_fresh(%n, %zero) : (i32, i32) -> i32
  vector.print %b2 : i32
  func.call @loom_alloc_report() : () -> ()

  // All 16 steps.
  // CHECK-NEXT: 16
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 41 freed 41
  %t0 = func.call @two_level(%n, %none, %zero) : (i32, i32, i32) -> i32
  vector.print %t0 : i32
  func.call @loom_alloc_report() : () -> ()

  // Stop at step 5 (i = 1, j = 1): six counts, then the fresh buffer.
  // CHECK-NEXT: 106
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 49 freed 49
  %t1 = func.call @two_level(%n, %i5, %zero) : (i32, i32, i32) -> i32
  vector.print %t1 : i32
  func.call @loom_alloc_report() : () -> ()

  // The inner iteration argument: the count before step 5.
  // CHECK-NEXT: 5
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 56 freed 56
  %t2 = func.call @two_level(%n, %i5, %i1) : (i32, i32, i32) -> i32
  vector.print %t2 : i32
  func.call @loom_alloc_report() : () -> ()

  // The outer iteration argument: the count after the first outer iteration.
  // CHECK-NEXT: 4
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 63 freed 63
  %t3 = func.call @two_level(%n, %i5, %i2) : (i32, i32, i32) -> i32
  vector.print %t3 : i32
  func.call @loom_alloc_report() : () -> ()

  // Stop at step 0 with the inner iteration argument: the initial buffer.
  // CHECK-NEXT: 0
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 65 freed 65
  %t4 = func.call @two_level(%n, %zero, %i1) : (i32, i32, i32) -> i32
  vector.print %t4 : i32
  func.call @loom_alloc_report() : () -> ()

  // Four fresh buffers and eight %m.
  // CHECK-NEXT: 6
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 78 freed 78
  %c0 = func.call @continue_fresh(%n) : (i32) -> i32
  vector.print %c0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 5
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 80 freed 80
  %s0 = func.call @scope_result(%true) : (i1) -> i32
  vector.print %s0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 7
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 81 freed 81
  %s1 = func.call @scope_result(%false) : (i1) -> i32
  vector.print %s1 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 4
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 84 freed 84
  %f0 = func.call @if_result(%n) : (i32) -> i32
  vector.print %f0 : i32
  func.call @loom_alloc_report() : () -> ()

  // CHECK-NEXT: 18
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 85 freed 85
  %w0 = func.call @twice() : () -> i32
  vector.print %w0 : i32
  func.call @loom_alloc_report() : () -> ()

  // Two initial buffers and four fresh ones.
  // CHECK-NEXT: 5
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 91 freed 91
  %p0 = func.call @fib(%n) : (i32) -> i32
  vector.print %p0 : i32
  func.call @loom_alloc_report() : () -> ()

  // One buffer, made by the break.
  // CHECK-NEXT: 104
  // CHECK-NEXT: allocs [[A:[0-9]+]] frees [[A]] live 0
  // CHECK-NEXT: buffers 92 freed 92
  %d0 = func.call @found(%n) : (i32) -> i32
  vector.print %d0 : i32
  func.call @loom_alloc_report() : () -> ()
  return
}
