// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// affine.for and affine.load/affine.store as convert-linalg-to-affine-loops
// emits them: the induction
// variable is in [max(lower bound results), min(upper bound results)) for
// each result that is one of the bound map's operands or a constant, and
// an access whose map results are its operands (`%a[%i, %j]`) is checked
// like memref.load; other results are read as linear forms when the
// lowering's arithmetic cannot wrap (never proven by guess).

// A copy into an output allocated from the input's sizes.
func.func @copy2d(%a: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  %o = memref.alloc(%d0, %d1) : memref<?x?xf32>
  affine.for %i = 0 to %d0 {
    affine.for %j = 0 to %d1 {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i, %j] : memref<?x?xf32>
      // expected-remark @below {{affine.store: in bounds (proven)}}
      affine.store %v, %o[%i, %j] : memref<?x?xf32>
    }
  }
  return %o : memref<?x?xf32>
}

// -----

// Near misses: another buffer (b = 1x1, a = 2x2 reads b[1, 0]); the
// dimensions swapped (a = 1x2 reads a[1, 0]); a constant bound the buffer
// is not known to reach (a = 1x1 reads a[1, 0]).
func.func @near_misses(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %d0 {
    affine.for %j = 0 to %d1 {
      // expected-remark @below {{cannot show %arg2 + 1 <= dim(%arg1, 0)}}
      // expected-remark @below {{cannot show %arg3 + 1 <= dim(%arg1, 1)}}
      %w = affine.load %b[%i, %j] : memref<?x?xf32>
      // expected-remark @below {{cannot show %arg3 + 1 <= dim(%arg0, 0)}}
      // expected-remark @below {{cannot show %arg2 + 1 <= dim(%arg0, 1)}}
      %x = affine.load %a[%j, %i] : memref<?x?xf32>
    }
  }
  affine.for %i = 0 to 10 {
    // expected-remark @below {{not proven in bounds: affine.load}}
    %v = affine.load %a[%i, %c0] : memref<?x?xf32>
  }
  return
}

// -----

// Multi-result bounds: max of the lower results, min of the upper ones:
// the loop stays below 10 whatever %n is.
func.func @min_max_bounds(%n: index, %m: index) {
  %s = memref.alloca() : memref<10xf32>
  affine.for %i = max affine_map<()[s0] -> (0, s0)>()[%n] to min affine_map<()[s0] -> (10, s0)>()[%m] {
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %v = affine.load %s[%i] : memref<10xf32>
  }
  // Near miss: without the 0 in the lower bound, %n = -1 reads s[-1].
  affine.for %i = %n to min affine_map<()[s0] -> (10, s0)>()[%m] {
    // expected-remark @below {{not proven in bounds: affine.load}}
    %v = affine.load %s[%i] : memref<10xf32>
  }
  return
}

// -----

// Map results that are sums (windows, convolutions) are read as the
// linear form lower-affine computes exactly (no partial sum wraps). Near
// misses: one past the end, a window whose guard is on the wrong buffer,
// a result that may wrap, floordivs on a buffer that may be empty.
func.func @window(%a: memref<?xf32>, %w: memref<?xf32>, %b: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %k = memref.dim %w, %c0 : memref<?xf32>
  %kb = memref.dim %b, %c0 : memref<?xf32>
  affine.for %i = 1 to %d {
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %v = affine.load %a[%i - 1] : memref<?xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %u = affine.load %a[%i + 1] : memref<?xf32>
  }
  %ok = arith.cmpi sle, %k, %d : index
  scf.if %ok {
    affine.for %i = 0 to affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%d, %k] {
      affine.for %j = 0 to %k {
        // expected-remark @below {{affine.load: in bounds (proven)}}
        %v = affine.load %a[%i + %j] : memref<?xf32>
      }
      affine.for %j = 0 to %kb {
        // expected-remark @below {{not proven in bounds: affine.load}}
        %v = affine.load %a[%i + %j] : memref<?xf32>
      }
    }
  }
  affine.for %i = 0 to 4 {
    // expected-remark @below {{may wrap at the index width}}
    %v = affine.load %a[%i + %n] : memref<?xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %u = affine.load %a[%i floordiv 2] : memref<?xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %s = affine.load %a[%i floordiv 2 + 1] : memref<?xf32>
  }
  return
}

// -----

// A result `c * (L floordiv m)`, `c * (L ceildiv m)` or `c * (L mod m)` is
// read as the quotient or remainder it is (m q <= L <= m q + m - 1, the
// remainder L - m q): a cyclic index `%i mod 4` stays below 4 whatever
// `%i` is, `(%i mod 4) * 2` below 7, `%i floordiv 4` below `%n floordiv 4
// + 1` for `%i < %n`. Near misses: buffers one element short, and a
// quotient of a loop over another buffer's size.
func.func @divisions(%a: memref<4xf32>, %b: memref<3xf32>, %c: memref<7xf32>, %d: memref<6xf32>, %n: index) {
  affine.for %i = 0 to %n {
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %v = affine.load %a[%i mod 4] : memref<4xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %u = affine.load %b[%i mod 4] : memref<3xf32>
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %x = affine.load %c[(%i mod 4) * 2] : memref<7xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %y = affine.load %d[(%i mod 4) * 2] : memref<6xf32>
  }
  return
}

// -----

func.func @quotients(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %v = affine.load %a[%i floordiv 4] : memref<?xf32>
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %w = affine.load %a[%i ceildiv 4] : memref<?xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %u = affine.load %b[%i floordiv 4] : memref<?xf32>
  }
  return
}

// -----

// Divisions inside sums (any affine map), each read by
// its own quotient (m q <= L <= m q + m - 1), with every dividend,
// product and the result shown exact: `%i mod 4 + %j` stays below 7,
// `%i floordiv 4 + %j` below 7 for `%i < 16`, a nested `(%i mod 8)
// floordiv 2 + %j mod 2` below 5, and `(%i floordiv 4) * 4 + %i mod 4` is
// `%i` itself (relationally: below dim for `%i < dim`). The same through
// affine.apply into memref.load (its sums shown exact by their ranges).
// Near misses: a buffer one element short, ceildiv instead of floordiv,
// one past `%i`.
func.func @divisions_in_sums(%a: memref<7xf32>, %b: memref<6xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 4 {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i mod 4 + %j] : memref<7xf32>
      // expected-remark @below {{not proven in bounds: affine.load}}
      %u = affine.load %b[%i mod 4 + %j] : memref<6xf32>
      %k = affine.apply affine_map<(d0, d1) -> (d0 mod 4 + d1)>(%i, %j)
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %w = memref.load %a[%k] : memref<7xf32>
      // expected-remark @below {{not proven in bounds: memref.load}}
      %y = memref.load %b[%k] : memref<6xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i floordiv 4 + %j] : memref<7xf32>
      // expected-remark @below {{not proven in bounds: affine.load}}
      %u = affine.load %a[%i ceildiv 4 + %j] : memref<7xf32>
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %w = affine.load %b[(%i mod 8) floordiv 2 + %j mod 2] : memref<6xf32>
    }
  }
  affine.for %i = 0 to %d {
    // expected-remark @below {{affine.load: in bounds (proven)}}
    %v = affine.load %x[(%i floordiv 4) * 4 + %i mod 4] : memref<?xf32>
    // expected-remark @below {{not proven in bounds: affine.load}}
    %u = affine.load %x[(%i floordiv 4) * 4 + %i mod 4 + 1] : memref<?xf32>
  }
  return
}

// -----

// A sum of six parts (three induction variables, two symbols and a
// constant): past five, the parts whose sign their ranges give are
// grouped for the no-wrap proof (every partial sum lies between the
// non-positive and the non-negative group's sums), so it is read. Near
// miss: the guard one weaker, the last iteration reads dim.
func.func @long_sum(%x: memref<?xf32>, %s0: index, %s1: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %x, %c0 : memref<?xf32>
  %e = arith.addi %s0, %c4 overflow<nsw> : index
  %ok1 = arith.cmpi sge, %s1, %c0 : index
  %ok2 = arith.cmpi sle, %s1, %s0 : index
  %ok3 = arith.cmpi slt, %e, %d : index
  %g = arith.andi %ok1, %ok2 : i1
  %g2 = arith.andi %g, %ok3 : i1
  scf.if %g2 {
    affine.for %i = 0 to 2 {
      affine.for %j = 0 to 2 {
        affine.for %k = 0 to 2 {
          // expected-remark @below {{affine.load: in bounds (proven)}}
          %v = affine.load %x[%i + %j + %k + %s0 - %s1 + 1] : memref<?xf32>
        }
      }
    }
  }
  %ok4 = arith.cmpi sle, %e, %d : index
  %h = arith.andi %g, %ok4 : i1
  scf.if %h {
    affine.for %i = 0 to 2 {
      affine.for %j = 0 to 2 {
        affine.for %k = 0 to 2 {
          // expected-remark @below {{not proven in bounds: affine.load: cannot show}}
          %v = affine.load %x[%i + %j + %k + %s0 - %s1 + 1] : memref<?xf32>
        }
      }
    }
  }
  return
}
