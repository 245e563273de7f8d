// Programs lowered by loom-lower-to-fixed-bound print what they print
// through loom-lower-to-scf: breaks and continues at every depth (through
// loom.if and loom.scope, out of nested loops), results and iteration
// arguments, bounds given by loom.max_trips and bounds loom's facts prove,
// and no side effect once a loop is done.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound{check-trips=true})' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-fixed-bound)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// (test/Lowering/fixed-bound.mlir checks the form of the lowered loops.)

// Sum and count of the odd numbers below %n (n <= 10: at most 11 runs of
// the body, the last one breaking): a continue skips the even ones.
func.func @odd_sum(%n: i32) -> (i32, i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = loom.loop token(%t) iter_args(%i = %c0, %s = %c0, %cnt = %z) : (i32, i32, i64) -> (i32, i64) {
    %done = arith.cmpi sge, %i, %n : i32
    loom.if %done { loom.break %t, %s, %cnt : i32, i64 }
    %i1 = arith.addi %i, %c1 : i32
    %rem = arith.remsi %i, %c2 : i32
    %even = arith.cmpi eq, %rem, %c0 : i32
    loom.if %even { loom.continue %t, %i1, %s, %cnt : i32, i32, i64 }
    %s1 = arith.addi %s, %i : i32
    %cnt1 = arith.addi %cnt, %one : i64
    loom.continue %t, %i1, %s1, %cnt1 : i32, i32, i64
  } {loom.max_trips = 11 : i64}
  return %r#0, %r#1 : i32, i64
}

// Copies %src into %dst up to its first negative element and returns how
// many it copied; the bound (8) is proven from the loop's constant bounds.
// Every element of %dst not copied keeps its -7.
func.func @copy_until_negative(%src: memref<8xi32>, %dst: memref<8xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %copied = loom.for %i = %c0 to %c8 step %c1 token(%t) iter_args(%k = %c0) -> (index) {
    %x = memref.load %src[%i] : memref<8xi32>
    %negative = arith.cmpi slt, %x, %zero : i32
    loom.if %negative { loom.break %t, %i : index }
    memref.store %x, %dst[%i] : memref<8xi32>
    %next = arith.addi %i, %c1 : index
    loom.yield %next : index
  }
  return %copied : index
}

// The first (i, j) over [0, n) x [0, m) with i * j == t, or (-1, -1): the
// inner loop breaks the outer one (n, m <= 5).
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
    } {loom.max_trips = 6 : i64}
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %outer, %i1 : i32
  } {loom.max_trips = 6 : i64}
  return %r#0, %r#1 : i32, i32
}

// Rows i < 4 of columns j < 5 with v(i, j) = (7i + 3j) % 11 - 2: a negative
// value ends its row (the inner loom.for continues the outer one, through a
// loom.scope), a value of 8 ends everything (it breaks the outer loop), and
// every value added is also stored at %log[i * 5 + j]. Both bounds are
// proven. Returns the sum and the number of rows cut short.
func.func @rows(%log: memref<20xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %seven = arith.constant 7 : i32
  %three = arith.constant 3 : i32
  %eleven = arith.constant 11 : i32
  %eight = arith.constant 8 : i32
  %r:2 = loom.for %i = %c0 to %c4 step %c1 token(%outer) iter_args(%s = %z, %cut = %z) -> (i32, i32) {
    %ii = arith.index_cast %i : index to i32
    %row = arith.muli %ii, %seven : i32
    %s2 = loom.for %j = %c0 to %c5 step %c1 token(%inner) iter_args(%acc = %s) -> (i32) {
      %jj = arith.index_cast %j : index to i32
      %col = arith.muli %jj, %three : i32
      %sum = arith.addi %row, %col : i32
      %m = arith.remsi %sum, %eleven : i32
      %v = arith.subi %m, %two : i32
      %acc1 = loom.scope token(%sc) -> (i32) {
        %neg = arith.cmpi slt, %v, %z : i32
        %cut1 = arith.addi %cut, %one : i32
        loom.if %neg { loom.continue %outer, %acc, %cut1 : i32, i32 }
        %big = arith.cmpi eq, %v, %eight : i32
        loom.if %big { loom.break %outer, %acc, %cut : i32, i32 }
        %a = arith.addi %acc, %v : i32
        %pos = arith.muli %i, %c5 : index
        %at = arith.addi %pos, %j : index
        memref.store %v, %log[%at] : memref<20xi32>
        loom.yield %a : i32
      }
      loom.yield %acc1 : i32
    }
    loom.yield %s2, %cut : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// A loop whose body may run 0 times (a loom.for over [lo, hi) with lo >= hi),
// over i8, with a step of 3: sums the induction values.
func.func @steps(%lo: i8, %hi: i8) -> i8 {
  %c3 = arith.constant 3 : i8
  %z = arith.constant 0 : i8
  %r = loom.for %i = %lo to %hi step %c3 token(%t) iter_args(%s = %z) -> (i8) : i8 {
    %s1 = arith.addi %s, %i : i8
    loom.yield %s1 : i8
  } {loom.max_trips = 4 : i64}
  return %r : i8
}

// Three ways out of an inner loop (its own break, a break and a continue of
// the outer loop: an i32 outcome code), a loom.loop that nothing continues
// (no bound needed), and a store per run of the inner body: counts how many
// times each exit is taken over 4 outer iterations.
func.func @three_ways(%cells: memref<4xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %r:2 = loom.loop token(%outer) iter_args(%i = %c0, %tries = %c0) : (i32, i32) -> (i32, i32) {
    %stop = arith.cmpi sge, %i, %c4 : i32
    loom.if %stop { loom.break %outer, %i, %tries : i32, i32 }
    %i1 = arith.addi %i, %c1 : i32
    %inner:1 = loom.loop token(%in) iter_args(%j = %c0) : (i32) -> (i32) {
      %ix = arith.index_cast %j : i32 to index
      %old = memref.load %cells[%ix] : memref<4xi32>
      %new = arith.addi %old, %c1 : i32
      memref.store %new, %cells[%ix] : memref<4xi32>
      %sum = arith.addi %i, %j : i32
      %is3 = arith.cmpi eq, %sum, %c3 : i32
      %once = loom.loop token(%o) -> (i1) {
        loom.break %o, %is3 : i1
      }
      loom.if %once { loom.continue %outer, %i1, %j : i32, i32 }
      %j1 = arith.addi %j, %c1 : i32
      %jend = arith.cmpi sge, %j1, %c3 : i32
      loom.if %jend { loom.break %in, %j1 : i32 }
      %late = arith.cmpi sgt, %i, %c3 : i32
      loom.if %late { loom.break %outer, %c0, %c0 : i32, i32 }
      loom.continue %in, %j1 : i32
    } {loom.max_trips = 3 : i64}
    %t1 = arith.addi %tries, %inner#0 : i32
    loom.continue %outer, %i1, %t1 : i32, i32
  } {loom.max_trips = 5 : i64}
  return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c10 = arith.constant 10 : i32
  %c99 = arith.constant 99 : i32

  // CHECK: 25
  // CHECK-NEXT: 5
  %a:2 = func.call @odd_sum(%c10) : (i32) -> (i32, i64)
  vector.print %a#0 : i32
  vector.print %a#1 : i64
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %b:2 = func.call @odd_sum(%c0) : (i32) -> (i32, i64)
  vector.print %b#0 : i32
  vector.print %b#1 : i64

  %src = memref.alloca() : memref<8xi32>
  %dst = memref.alloca() : memref<8xi32>
  %filler = arith.constant -7 : i32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i5 = arith.constant 5 : index
  %i8 = arith.constant 8 : index
  scf.for %k = %i0 to %i8 step %i1 {
    %kk = arith.index_cast %k : index to i32
    memref.store %kk, %src[%k] : memref<8xi32>
    memref.store %filler, %dst[%k] : memref<8xi32>
  }
  %m1 = arith.constant -1 : i32
  memref.store %m1, %src[%i5] : memref<8xi32>
  // Five elements copied; %dst[5..7] untouched (-7), no store after the
  // break.
  // CHECK-NEXT: 5
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: 4
  %n = func.call @copy_until_negative(%src, %dst) : (memref<8xi32>, memref<8xi32>) -> index
  vector.print %n : index
  %d5 = memref.load %dst[%i5] : memref<8xi32>
  vector.print %d5 : i32
  %i7 = arith.constant 7 : index
  %d7 = memref.load %dst[%i7] : memref<8xi32>
  vector.print %d7 : i32
  %i4 = arith.constant 4 : index
  %d4 = memref.load %dst[%i4] : memref<8xi32>
  vector.print %d4 : i32
  // No negative element: all 8 copied (the loop ends by iv >= ub).
  // CHECK-NEXT: 8
  memref.store %c6, %src[%i5] : memref<8xi32>
  %n2 = func.call @copy_until_negative(%src, %dst) : (memref<8xi32>, memref<8xi32>) -> index
  vector.print %n2 : index

  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  %f:2 = func.call @find2(%c5, %c5, %c6) : (i32, i32, i32) -> (i32, i32)
  vector.print %f#0 : i32
  vector.print %f#1 : i32
  // CHECK-NEXT: -1
  // CHECK-NEXT: -1
  %g:2 = func.call @find2(%c3, %c4, %c99) : (i32, i32, i32) -> (i32, i32)
  vector.print %g#0 : i32
  vector.print %g#1 : i32

  %log = memref.alloca() : memref<20xi32>
  %i20 = arith.constant 20 : index
  scf.for %k = %i0 to %i20 step %i1 {
    memref.store %filler, %log[%k] : memref<20xi32>
  }
  // Row 0 is cut at once (v = -2), row 1 adds 5 and then meets 8, which
  // ends everything.
  // CHECK-NEXT: 5
  // CHECK-NEXT: 1
  %rw:2 = func.call @rows(%log) : (memref<20xi32>) -> (i32, i32)
  vector.print %rw#0 : i32
  vector.print %rw#1 : i32
  // The log: only the 5 of row 1 was stored (nothing after the break).
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: 5
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  // CHECK-NEXT: -7
  scf.for %k = %i0 to %i20 step %i1 {
    %v = memref.load %log[%k] : memref<20xi32>
    vector.print %v : i32
  }

  // 3 + 6 + 9 + 12; no run for lo > hi nor lo == hi.
  // CHECK-NEXT: 30
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %lo = arith.constant 3 : i8
  %hi = arith.constant 14 : i8
  %s1 = func.call @steps(%lo, %hi) : (i8, i8) -> i8
  vector.print %s1 : i8
  %s2 = func.call @steps(%hi, %lo) : (i8, i8) -> i8
  vector.print %s2 : i8
  %s3 = func.call @steps(%lo, %lo) : (i8, i8) -> i8
  vector.print %s3 : i8

  %cells = memref.alloca() : memref<4xi32>
  scf.for %k = %i0 to %i4 step %i1 {
    memref.store %c0, %cells[%k] : memref<4xi32>
  }
  // The outer loop ends at i = 4; the last continue of it (i = 3, j = 0)
  // forwarded j as the tries. Each cell counts the inner runs at its j.
  // CHECK-NEXT: 4
  // CHECK-NEXT: 0
  // CHECK-NEXT: 4
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  // CHECK-NEXT: 0
  %w:2 = func.call @three_ways(%cells) : (memref<4xi32>) -> (i32, i32)
  vector.print %w#0 : i32
  vector.print %w#1 : i32
  scf.for %k = %i0 to %i4 step %i1 {
    %v = memref.load %cells[%k] : memref<4xi32>
    vector.print %v : i32
  }
  return
}
