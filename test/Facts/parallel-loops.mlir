// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// The bounds of scf.parallel and scf.forall induction variables, one
// dimension at a time: each dimension is lb <= iv < ub like scf.for (lb <= iv
// with a positive step), static or dynamic, forall with and without
// explicit lower bounds and steps. Near misses use the wrong bound.

func.func @parallel2d(%a: memref<?x?xf32>, %o: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%d0, %d1) step (%c1, %c1) {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i, %j] : memref<?x?xf32>
    // Near miss: another buffer (o = 1x1, a = 2x2 writes o[1, 0]).
    // expected-remark @below {{cannot show %arg2 + 1 <= dim(%arg1, 0)}}
    // expected-remark @below {{cannot show %arg3 + 1 <= dim(%arg1, 1)}}
    memref.store %v, %o[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}

// -----

func.func @forall_implicit(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.forall (%i) in (%d) {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Explicit bounds and steps, static and dynamic mixed; the near miss's
// upper bound is one past (D = 2 reads a[2]).
func.func @forall_explicit(%a: memref<?xf32>, %lo: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %d1 = arith.addi %d, %c1 : index
  scf.forall (%i, %j) = (0, 1) to (%d, 8) step (4, 1) {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  scf.forall (%i) = (0) to (%d1) step (1) {
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A step that skips past the bound: with step 4, %i + 3 is in bounds only
// when D is a multiple of 4 (D = 5: %i = 4 reads a[7]); %i itself is.
func.func @forall_step_skips(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.forall (%i) = (0) to (%d) step (4) {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i] : memref<?xf32>
    %j = arith.addi %i, %c3 : index
    // expected-remark @below {{not proven in bounds: memref.load}}
    %w = memref.load %a[%j] : memref<?xf32>
  }
  return
}

// -----

// affine.parallel: each dimension is max(lower group) <= iv < min(upper
// group), read from its bound maps, with its step. The tile's min(d1, 10)
// proves the access; the near miss's upper bound min(d1 + 1, 10) lets
// %j reach d1 (d1 = 2: a[0, 2]).
func.func @affine_parallel(%a: memref<?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  affine.parallel (%i, %j) = (0, max(0, %d1 - 10)) to (%d0, min(%d1, 10)) step (2, 1) {
    // expected-remark @below {{affine.store: in bounds (proven)}}
    affine.store %v, %a[%i, %j] : memref<?x?xf32>
  }
  affine.parallel (%i, %j) = (0, 0) to (%d0, min(%d1 + 1, 10)) {
    // expected-remark @below {{cannot show %arg3 + 1 <= dim(%arg0, 1)}}
    affine.store %v, %a[%i, %j] : memref<?x?xf32>
  }
  return
}
