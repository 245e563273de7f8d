// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s

// loom-check-claims after each comparison and extremum loom-fold-loop-facts
// decides (its own phase 1): a cf.assert that the run-time result is the
// constant or candidate the fold would replace it with. A decision of the
// relational prover names every assumption it was allowed ("may assume"):
// it does not say which it used. (Count checks: check-claims-counts.mlir.)

// CHECK-LABEL: func.func @decided(
func.func @decided(%m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    // CHECK: %[[IN:.*]] = arith.cmpi ult,
    // CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
    // CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[IN]], %[[TRUE]] : i1
    // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: arith.cmpi is always true at {{.*}}check-claims-fold.mlir:[[#@LINE+1]]:11"
    %in = arith.cmpi ult, %i, %c4 : index
    // CHECK-NEXT: %[[OUT:.*]] = arith.cmpi sge,
    // CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
    // CHECK-NEXT: %[[OK2:.*]] = arith.cmpi eq, %[[OUT]], %[[FALSE]] : i1
    // CHECK-NEXT: cf.assert %[[OK2]], "loom claim violated: arith.cmpi is always false at {{.*}}check-claims-fold.mlir:[[#@LINE+1]]:12"
    %out = arith.cmpi sge, %i, %c4 : index
    "test.use"(%in, %out) : (i1, i1) -> ()
  }
  return
}

// -----

// Near miss: %i may be 4 or more, so the comparison is not decided and has
// no check.
// CHECK-LABEL: func.func @open(
func.func @open(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    // CHECK: arith.cmpi ult,
    // CHECK-NEXT: "test.use"
    %in = arith.cmpi ult, %i, %c4 : index
    "test.use"(%in) : (i1) -> ()
  }
  // CHECK-NOT: is always
  return
}

// -----

// Extrema: the tile size of a peeled tiling is always 4 (a constant map
// result), and minsi(%sz, 4) always its operand 0.
// CHECK-LABEL: func.func @peeled(
func.func @peeled(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %main step %c4 {
    // CHECK: %[[SZ:.*]] = affine.min
    // CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
    // CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[SZ]], %[[FOUR]] : index
    // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: affine.min is always 4 at {{.*}}:[[#@LINE+1]]:11 (may assume buffer-bytes-below-half-address-space, buffer-dims-below-half-address-space)"
    %sz = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%d]
    // CHECK-NEXT: %[[M:.*]] = arith.minsi %[[SZ]], %{{.*}} : index
    // CHECK-NEXT: %[[OK2:.*]] = arith.cmpi eq, %[[M]], %[[SZ]] : index
    // CHECK-NEXT: cf.assert %[[OK2]], "loom claim violated: arith.minsi is always operand 0 at {{.*}}:[[#@LINE+1]]:10 (may assume
    %m = arith.minsi %sz, %c4 : index
    "test.use"(%sz, %m) : (index, index) -> ()
  }
  return
}
