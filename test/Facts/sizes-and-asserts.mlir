// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Relational facts from allocations and assertions:
// dim(memref.alloc(%a, %b), k) is the k-th dynamic size operand (the same
// for alloca), memref.cast keeps every size, a subview has the sizes it
// names (not rank-reducing), and a cf.assert's condition
// holds for the code after it in its block (and inside the ops after it):
// execution goes on only if it held. Each proven case has a near miss
// with an input that breaks it.

// An output allocated from the input's size, written in the input's loop.
func.func @alloc_from_dim(%a: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %o = memref.alloc(%d) : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %o[%i] : memref<?xf32>
  }
  return %o : memref<?xf32>
}

// -----

// Near miss: the alloc's size is not the loop bound (%n = 0, dim = 1).
func.func @alloc_not_bound(%a: memref<?xf32>, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %o = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
    // expected-remark @below {{cannot show %arg2 + 1 <= dim(%alloc, 0)}}
    memref.store %v, %o[%i] : memref<?xf32>
  }
  return %o : memref<?xf32>
}

// -----

// A 2-D output from two inputs' sizes (static dimension in between);
// the near miss swaps the sizes (m = 1, n = 2 writes o[0, 1] of 2x?x1).
func.func @alloc_2d(%a: memref<?x?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  %o = memref.alloc(%m, %n) : memref<?x3x?xf32>
  %p = memref.alloc(%n, %m) : memref<?x3x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      // expected-remark @below {{memref.store: in bounds (proven)}}
      memref.store %f, %o[%i, %c1, %j] : memref<?x3x?xf32>
      // expected-remark @below {{not proven in bounds: memref.store}}
      memref.store %f, %p[%i, %c1, %j] : memref<?x3x?xf32>
    }
  }
  return
}

// -----

// A cast keeps the size: the view of a 10-element buffer has 10 elements;
// the near miss runs to 11.
func.func @cast_keeps_size(%b: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %f = arith.constant 0.0 : f32
  %s = memref.cast %b : memref<10xf32> to memref<?xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %f, %s[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c11 step %c1 {
    // expected-remark @below {{not proven in bounds: memref.store}}
    memref.store %f, %s[%i] : memref<?xf32>
  }
  return
}

// -----

// An assertion dominating the loop relates %n to the buffer.
func.func @assert_before(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %ok = arith.cmpi sle, %n, %d : index
  cf.assert %ok, "n <= dim"
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Near miss: the assertion comes after the loop (n = 2, dim = 1 reads
// a[1] before the program aborts).
func.func @assert_after(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %ok = arith.cmpi sle, %n, %d : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  cf.assert %ok, "n <= dim"
  return
}

// -----

// An assertion in the loop body on the next index, `%i + 1 <= dim`, bears
// on the access at `%i`: a query states an earlier assertion's condition
// once it meets a value that condition compares or an operand of its
// definition (here `%i`, of `%i + 1`). Near miss: `%i <= dim` allows
// `%i = dim`.
func.func @assert_on_successor(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %ok = arith.cmpi sle, %i1, %d : index
    cf.assert %ok, "i + 1 <= dim"
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %ok = arith.cmpi sle, %i, %d : index
    cf.assert %ok, "i <= dim"
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Near miss: the assertion allows n = dim + 1 (n = 2, dim = 1 reads a[1]).
func.func @assert_too_weak(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %d1 = arith.addi %d, %c1 : index
  %ok = arith.cmpi sle, %n, %d1 : index
  cf.assert %ok, "n <= dim + 1"
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A tile: the subview's size is its size operand, so the loop to %sz
// stays inside the tile, and the tile inside the buffer (%sz = min(4,
// D - %i)). The near miss loops to %sz + 1 (D = 1: reads tile[1] of 1).
func.func @tile(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c4 {
    %r = arith.subi %d, %i : index
    %sz = arith.minsi %r, %c4 : index
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %t = memref.subview %a[%i] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %sz step %c1 {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %v = memref.load %t[%j] : memref<?xf32, strided<[1], offset: ?>>
    }
    %sz1 = arith.addi %sz, %c1 : index
    scf.for %j = %c0 to %sz1 step %c1 {
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %t[%j] : memref<?xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// An assertion on the buffer's size through a memref.dim of its own (as
// every check of --generate-runtime-verification reads it): a question
// about dim(%a, 0) meets it. Near miss: index 2 needs 3 <= dim.
func.func @assert_on_size(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %ok = arith.cmpi sle, %c2, %d : index
  cf.assert %ok, "2 <= dim"
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %v = memref.load %a[%c1] : memref<?xf32>
  // expected-remark @below {{not proven in bounds: memref.load}}
  %w = memref.load %a[%c2] : memref<?xf32>
  return
}

// -----

// A view's size must not be negative (undefined behaviour, which
// upstream's runtime checks let through: for an empty view they test only
// the offset). Under `0 <= %n <= %d`, the views `%a[%i] [%n - %i]` are inside
// `%a`; for `%i < %n` their size is positive too. Near miss: the loop runs
// to `%d`, and `%n - %i` is negative once `%i > %n`.
func.func @negative_size(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %le = arith.cmpi sle, %n, %d : index
  %ge = arith.cmpi sge, %n, %c0 : index
  %ok = arith.andi %le, %ge : i1
  scf.if %ok {
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.subi %n, %i : index
      // expected-remark @below {{memref.subview: in bounds (proven)}}
      %t = memref.subview %a[%i] [%r] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    }
    scf.for %i = %c0 to %d step %c1 {
      %r = arith.subi %n, %i : index
      // expected-remark-re @below {{not proven in bounds: memref.subview: cannot show 0 <= %{{[0-9]+}}:}}
      %t = memref.subview %a[%i] [%r] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    }
    // A tile's size min(%n - %i, 4), shown non-negative from both
    // candidates; near miss: the loop to %d again.
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %n step %c4 {
      %r = arith.subi %n, %i : index
      %sz = arith.minsi %r, %c4 : index
      // expected-remark @below {{memref.subview: in bounds (proven)}}
      %t = memref.subview %a[%i] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    }
    scf.for %i = %c0 to %d step %c4 {
      %r = arith.subi %n, %i : index
      %sz = arith.minsi %r, %c4 : index
      // expected-remark-re @below {{not proven in bounds: memref.subview: cannot show 0 <= %{{[0-9]+}}:}}
      %t = memref.subview %a[%i] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    }
  }
  return
}
