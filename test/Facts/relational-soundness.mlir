// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts)' | FileCheck %s --check-prefix=FOLD

// Cases a review of the relational prover found wrongly proven or wrongly
// folded (each was, before the fix): facts that hold only in some
// executions must not decide the others.

// An nsw flag makes a sum exact only where poison would be undefined
// behaviour. Here the flagged sum is poison for x = INT_MAX, but the
// select then picks %i: x = 2147483647, i = 100 reads a[100] of 10.
func.func @nsw_dropped_by_select(%a: memref<10xi8>, %x: i32, %i: index) {
  %c1 = arith.constant 1 : i32
  %imax = arith.constant 2147483647 : i32
  %p = arith.addi %x, %c1 overflow<nsw> : i32
  %e = arith.index_cast %p : i32 to index
  %z = arith.subi %e, %e : index
  %c = arith.cmpi eq, %x, %imax : i32
  %idx = arith.select %c, %i, %z : index
  // expected-remark @below {{not proven in bounds: memref.load}}
  %v = memref.load %a[%idx] : memref<10xi8>
  return
}

// -----

// The same through a comparison loom-fold-loop-facts must not fold: for
// x = INT_MAX and i = -5 the select gives -5 and `sge` is false.
// FOLD-LABEL: func.func @nsw_fold
// FOLD: arith.cmpi sge
func.func @nsw_fold(%x: i32, %i: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %imax = arith.constant 2147483647 : i32
  %p = arith.addi %x, %c1 overflow<nsw> : i32
  %e = arith.index_cast %p : i32 to index
  %z = arith.subi %e, %e : index
  %c = arith.cmpi eq, %x, %imax : i32
  %idx = arith.select %c, %i, %z : index
  %r = arith.cmpi sge, %idx, %c0 : index
  return %r : i1
}

// -----

// Where the flagged value is the index itself, poison would be undefined
// behaviour: the flag makes i + 1 exact (i + 1 <= D - 1 as i < D - 1).
func.func @nsw_index(%a: memref<?xi32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %dm1 = arith.subi %d, %c1 : index
  %lo = arith.cmpi sge, %i, %c0 : index
  %hi = arith.cmpi slt, %i, %dm1 : index
  %ok = arith.andi %lo, %hi : i1
  scf.if %ok {
    %j = arith.addi %i, %c1 overflow<nsw> : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%j] : memref<?xi32>
  }
  return
}

// -----

// A stride-0 view may have any size (the buffer-size assumption says
// nothing of it): src of size 1, n = 2^62 makes dim = 2^62, e wraps to
// -2^63 and the guarded load reads a[-2^63].
func.func @stride_zero(%a: memref<?xi8>, %src: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  scf.for %k = %c0 to %n step %n {
    // expected-remark @below {{memref.subview}}
    %v = memref.subview %src[0][%n][0] : memref<?xi64> to memref<?xi64, strided<[0]>>
    %d = memref.dim %v, %c0 : memref<?xi64, strided<[0]>>
    %e = arith.addi %d, %big : index
    %c = arith.cmpi slt, %e, %c0 : index
    scf.if %c {
      // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
      %x = memref.load %a[%e] : memref<?xi8>
    }
  }
  return
}

// -----

// A proof that needs the buffer-size assumption only inside a sub-proof
// (here: that d + 2^62 does not wrap, so the guard is never true) says
// so.
func.func @assumption_in_subproof(%a: memref<?xi8>, %b: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  %d = memref.dim %b, %c0 : memref<?xi64>
  %e = arith.addi %d, %big : index
  %c = arith.cmpi slt, %e, %c0 : index
  scf.if %c {
    // expected-remark @below {{memref.load: in bounds (proven) assuming buffer-bytes-below-half-address-space}}
    %v = memref.load %a[%e] : memref<?xi8>
  }
  return
}

// -----

// A static size the 32-bit index cannot hold is not a value: dim < 0 may
// well be true once lowered, and the guarded load is unproven (and the
// comparison is not folded).
// FOLD-LABEL: func.func @huge_static
// FOLD: arith.cmpi slt
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @huge_static(%a: memref<3000000000xi8>, %b: memref<?xi8>, %k: index) {
    %c0 = arith.constant 0 : index
    %d = memref.dim %a, %c0 : memref<3000000000xi8>
    %c = arith.cmpi slt, %d, %c0 : index
    scf.if %c {
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %b[%k] : memref<?xi8>
    }
    return
  }
}
