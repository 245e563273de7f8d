// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// affine.for and affine.load/affine.store as convert-linalg-to-affine-loops
// emits them (issue 19, parts 2 and 4, a first slice): the induction
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
// a result that may wrap, a floordiv (not read).
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
    // expected-remark @below {{has a floordiv, ceildiv or mod}}
    %u = affine.load %a[%i floordiv 2] : memref<?xf32>
  }
  return
}

// -----

// affine.vector_load/affine.vector_store as affine-super-vectorize emits
// them: the vector covers the trailing dimension, so each index must leave
// room for its 4 lanes. Proven: a loop to dim - 3 by 4 (identity map), and
// `%i + 4` in a loop to dim - 7 (a map the checker reads as a linear form);
// near misses: the loop to dim - 2 (the last vector may run one past) and
// `%i + 5`.
func.func @vectors(%a: memref<?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %r = memref.dim %b, %c0 : memref<?x?xf32>
  %w = memref.dim %b, %c1 : memref<?x?xf32>
  affine.for %i = 0 to affine_map<()[s0] -> (s0 - 3)>()[%d] step 4 {
    // expected-remark @below {{affine.vector_load: in bounds (proven)}}
    %v = affine.vector_load %a[%i] : memref<?xf32>, vector<4xf32>
    // expected-remark @below {{affine.vector_store: in bounds (proven)}}
    affine.vector_store %v, %a[%i] : memref<?xf32>, vector<4xf32>
  }
  affine.for %i = 0 to affine_map<()[s0] -> (s0 - 2)>()[%d] step 4 {
    // expected-remark @below {{not proven in bounds: affine.vector_load}}
    %v = affine.vector_load %a[%i] : memref<?xf32>, vector<4xf32>
  }
  affine.for %i = 0 to affine_map<()[s0] -> (s0 - 7)>()[%d] {
    // expected-remark @below {{affine.vector_load: in bounds (proven)}}
    %v = affine.vector_load %a[%i + 4] : memref<?xf32>, vector<4xf32>
    // expected-remark @below {{not proven in bounds: affine.vector_store}}
    affine.vector_store %v, %a[%i + 5] : memref<?xf32>, vector<4xf32>
  }
  // A 2-D buffer: the vector covers dimension 1 only.
  affine.for %i = 0 to %r {
    affine.for %j = 0 to affine_map<()[s0] -> (s0 - 3)>()[%w] {
      // expected-remark @below {{affine.vector_load: in bounds (proven)}}
      %v = affine.vector_load %b[%i, %j] : memref<?x?xf32>, vector<4xf32>
    }
  }
  return
}
