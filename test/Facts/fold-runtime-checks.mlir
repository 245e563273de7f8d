// RUN: %mlir-opt %s --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' | FileCheck %s

// Upstream's --generate-runtime-verification puts a
// `cf.assert` in front of every memref.load/store/subview (and of every
// memref.dim, for its index); loom-fold-loop-facts folds every comparison
// the facts decide, and canonicalize then drops the asserts of constant
// true. After the pipeline no check may stay in front of an access
// relational-bounds.mlir proves, and every check in front of an unproven
// access must stay. D = dim(%arg0, 0). (Upstream ops only: Debian's
// mlir-opt runs first, without loom's dialect. vector.load and
// vector.transfer_read get no runtime checks upstream, so they are not
// here.)
//
// An access line is matched at the start of a line ({{^ +}}), so that the
// op text quoted in an assert's message never stands in for it.

// ---------------------------------------------------------------------------
// Proven accesses: no cf.assert anywhere in the function.
// ---------------------------------------------------------------------------

// 0 <= i < D. The memref.dim gets a rank check too (0 < rank 1), which
// the facts decide (the rank of a ranked memref is a constant), as
// canonicalize would.
// CHECK-LABEL: func.func @sum(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: return
func.func @sum(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %d step %c1 iter_args(%s = %z) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %s1 = arith.addi %s, %x : i32
    scf.yield %s1 : i32
  }
  return %r : i32
}

// a[i] = a[i + 2] for i in 0 .. D - 2: 0 <= i and i + 2 <= D - 1.
// CHECK-LABEL: func.func @shift(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}memref.store
// CHECK-NOT: cf.assert
// CHECK: return
func.func @shift(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c2 : index
  scf.for %i = %c0 to %ub step %c1 {
    %k = arith.addi %i, %c2 : index
    %x = memref.load %a[%k] : memref<?xi32>
    memref.store %x, %a[%i] : memref<?xi32>
  }
  return
}

// Pairs, step 2 to D - 1: i <= D - 2, so a[i] and a[i + 1] are in bounds.
// CHECK-LABEL: func.func @pairs(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: return
func.func @pairs(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c1 : index
  %r = scf.for %i = %c0 to %ub step %c2 iter_args(%s = %z) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %k = arith.addi %i, %c1 : index
    %y = memref.load %a[%k] : memref<?xi32>
    %p = arith.muli %x, %y : i32
    %s1 = arith.addi %s, %p : i32
    scf.yield %s1 : i32
  }
  return %r : i32
}

// Reversed: i from D - 1 down while i >= 0; the body sees [0, D - 1].
// CHECK-LABEL: func.func @reversed(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: return
func.func @reversed(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %start = arith.subi %d, %c1 : index
  %r:2 = scf.while (%i = %start, %s = %z) : (index, i32) -> (index, i32) {
    %c = arith.cmpi sge, %i, %c0 : index
    scf.condition(%c) %i, %s : index, i32
  } do {
  ^bb0(%j: index, %t: i32):
    %x = memref.load %a[%j] : memref<?xi32>
    %t1 = arith.addi %t, %x : i32
    %n = arith.subi %j, %c1 : index
    scf.yield %n, %t1 : index, i32
  }
  return %r#1 : i32
}

// Tiles of min(ii + 4, D): ii <= j < min(ii + 4, D) <= D.
// CHECK-LABEL: func.func @tile_fill(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}memref.store
// CHECK-NOT: cf.assert
// CHECK: return
func.func @tile_fill(%a: memref<?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %ii = %c0 to %d step %c4 {
    %e = arith.addi %ii, %c4 : index
    %ub = arith.minsi %e, %d : index
    scf.for %j = %ii to %ub step %c1 {
      memref.store %v, %a[%j] : memref<?xi32>
    }
  }
  return
}

// Binary search over [lo, hi) from [0, D): 0 <= lo <= mid < hi <= D
// (the inductive invariant of relational-bounds.mlir's @binary_search).
// CHECK-LABEL: func.func @binary_search(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: return
func.func @binary_search(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%lo = %c0, %hi = %d) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %lo, %hi : index
    scf.condition(%c) %lo, %hi : index, index
  } do {
  ^bb0(%l: index, %h: index):
    %diff = arith.subi %h, %l : index
    %half = arith.divsi %diff, %c2 : index
    %mid = arith.addi %l, %half : index
    %x = memref.load %a[%mid] : memref<?xi32>
    %lt = arith.cmpi slt, %x, %key : i32
    %mid1 = arith.addi %mid, %c1 : index
    %nlo = arith.select %lt, %mid1, %l : index
    %nhi = arith.select %lt, %h, %mid : index
    scf.yield %nlo, %nhi : index, index
  }
  return %r#0 : index
}

// Guarded by the comparison compilers write (for i in 0..n: if i < len):
// 0 <= i (the loop) and i < D (the then-region).
// CHECK-LABEL: func.func @guarded(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK-NOT: cf.assert
// CHECK: return
func.func @guarded(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
    %inb = arith.cmpi slt, %i, %d : index
    %s1 = scf.if %inb -> i32 {
      %x = memref.load %a[%i] : memref<?xi32>
      %t = arith.addi %s, %x : i32
      scf.yield %t : i32
    } else {
      scf.yield %s : i32
    }
    scf.yield %s1 : i32
  }
  return %r : i32
}

// Windows of 4 as subviews, i in 0 .. D - 3: 0 <= i and i + 4 <= D. The
// subview's checks read the size through memref.extract_strided_metadata
// of %arg0, which is D. (Loads of the static window are checked against 4
// and fold already. The scf dialect must be loaded before
// --generate-runtime-verification reaches a subview: Debian's MLIR 22
// crashes otherwise, llvm/llvm-project#206410; the loop here loads it.)
// CHECK-LABEL: func.func @windows(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.subview
// CHECK-NOT: cf.assert
// CHECK: return
func.func @windows(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c3 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %z) -> i32 {
    %w = memref.subview %a[%i] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: ?>>
    %t = scf.for %k = %c0 to %c4 step %c1 iter_args(%u = %s) -> i32 {
      %x = memref.load %w[%k] : memref<4xi32, strided<[1], offset: ?>>
      %u1 = arith.addi %u, %x : i32
      scf.yield %u1 : i32
    }
    scf.yield %t : i32
  }
  return %r : i32
}

// The rank check of a memref.dim with a constant index (upstream compares
// memref.rank with it) folds.
// CHECK-LABEL: func.func @dim_rank(
// CHECK-NOT: cf.assert
// CHECK: memref.dim
// CHECK-NOT: cf.assert
// CHECK: return
func.func @dim_rank(%m: memref<?x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %d = memref.dim %m, %c1 : memref<?x?xf32>
  return %d : index
}

// ---------------------------------------------------------------------------
// Unproven accesses: the check stays, right in front of the access.
// ---------------------------------------------------------------------------

// An argument bound: n = 1, D = 0 reads a[0].
// CHECK-LABEL: func.func @sum_n(
// CHECK: cf.assert %{{.*}}, "{{.*}}out-of-bounds access
// CHECK-NEXT: {{^ +}}%{{.*}} = memref.load
// CHECK: return
func.func @sum_n(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %s1 = arith.addi %s, %x : i32
    scf.yield %s1 : i32
  }
  return %r : i32
}

// Pairs, step 2 to D: a[i] is proven (no check), a[i + 1] is not (D = 1,
// i = 0 reads a[1]): its check stays.
// CHECK-LABEL: func.func @pairs_odd(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK: cf.assert %{{.*}}, "{{.*}}out-of-bounds access
// CHECK-NEXT: {{^ +}}%{{.*}} = memref.load
// CHECK: return
func.func @pairs_odd(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %d step %c2 iter_args(%s = %z) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %k = arith.addi %i, %c1 : index
    %y = memref.load %a[%k] : memref<?xi32>
    %p = arith.muli %x, %y : i32
    %s1 = arith.addi %s, %p : i32
    scf.yield %s1 : i32
  }
  return %r : i32
}

// `while (i <= D)`: the body sees i = D; D = 0 reads a[0].
// CHECK-LABEL: func.func @le_loop(
// CHECK: cf.assert %{{.*}}, "{{.*}}out-of-bounds access
// CHECK-NEXT: {{^ +}}%{{.*}} = memref.load
// CHECK: return
func.func @le_loop(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%i = %c0, %s = %z) : (index, i32) -> (index, i32) {
    %c = arith.cmpi sle, %i, %d : index
    scf.condition(%c) %i, %s : index, i32
  } do {
  ^bb0(%j: index, %t: i32):
    %x = memref.load %a[%j] : memref<?xi32>
    %t1 = arith.addi %t, %x : i32
    %n = arith.addi %j, %c1 : index
    scf.yield %n, %t1 : index, i32
  }
  return %r#1 : i32
}

// The wrong buffer: b[i] = a[i] for i < dim(a, 0). The load is proven (no
// check); the store is not (dim(a, 0) = 2, dim(b, 0) = 1 writes b[1]).
// CHECK-LABEL: func.func @copy_wrong_bound(
// CHECK-NOT: cf.assert
// CHECK: {{^ +}}%{{.*}} = memref.load
// CHECK: cf.assert %{{.*}}, "{{.*}}out-of-bounds access
// CHECK-NEXT: {{^ +}}memref.store
// CHECK: return
func.func @copy_wrong_bound(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    memref.store %x, %b[%i] : memref<?xi32>
  }
  return
}

// A sentinel loop: `while (a[i] != 0) i++` loads in the condition region
// with nothing bounding i; a = [7] (D = 1) reads a[1].
// CHECK-LABEL: func.func @sentinel(
// CHECK: cf.assert %{{.*}}, "{{.*}}out-of-bounds access
// CHECK-NEXT: {{^ +}}%{{.*}} = memref.load
// CHECK: return
func.func @sentinel(%a: memref<?xi32>) -> index {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (index) -> index {
    %x = memref.load %a[%i] : memref<?xi32>
    %nz = arith.cmpi ne, %x, %z : i32
    scf.condition(%nz) %i : index
  } do {
  ^bb0(%j: index):
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return %r : index
}

// Windows of 4 up to D - 2: D = 3, i = 0 takes [0, 4). The check of the
// window's end stays; the check of its offset (0 <= i < D, as i <= D - 3)
// is decided by the facts and goes.
// CHECK-LABEL: func.func @windows_too_far(
// CHECK-NOT: offset 0 is out-of-bounds
// CHECK: cf.assert %{{.*}}, "{{.*}}subview runs out-of-bounds along dimension 0
// CHECK-NEXT: {{^ +}}%{{.*}} = memref.subview
// CHECK: return
func.func @windows_too_far(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c2 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %z) -> i32 {
    %w = memref.subview %a[%i] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: ?>>
    %t = scf.for %k = %c0 to %c4 step %c1 iter_args(%u = %s) -> i32 {
      %x = memref.load %w[%k] : memref<4xi32, strided<[1], offset: ?>>
      %u1 = arith.addi %u, %x : i32
      scf.yield %u1 : i32
    }
    scf.yield %t : i32
  }
  return %r : i32
}

// A memref.dim whose index is an argument: its rank check stays (k = 2).
// CHECK-LABEL: func.func @dim_dynamic_index(
// CHECK: cf.assert %{{.*}}, "{{.*}}index is out of bounds
// CHECK-NEXT: memref.dim
// CHECK: return
func.func @dim_dynamic_index(%m: memref<?x?xf32>, %k: index) -> index {
  %d = memref.dim %m, %k : memref<?x?xf32>
  return %d : index
}
