// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-fold-loop-facts)' | FileCheck %s
// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(lower-affine,loom-fold-loop-facts,canonicalize)' | FileCheck %s --check-prefix=LOWER

// loom-fold-loop-facts folds the affine.min/affine.max and
// arith.minsi/maxsi the facts decide: in the main loop
// of a peeled tiling the tile size min(4, D - %i) is always 4 (the loop
// runs only full tiles, `%i + 4 <= (D floordiv 4) * 4 <= D`). Each result
// is replaced by the operand or constant it always equals. Near misses,
// kept: the same min in a loop over all of D (the last tile may be
// shorter), and maxsi(%n, 0) for any %n. The LOWER run checks the same
// after lower-affine (its arith expansion of the min: cmpi + select, whose
// comparison folds; canonicalize makes the kept one an arith.minsi).

// CHECK-LABEL: func.func @peeled
// LOWER-LABEL: func.func @peeled
func.func @peeled(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%d]
  // CHECK: scf.for
  // CHECK-NOT: affine.min
  // CHECK-NOT: arith.minsi
  // CHECK: "test.use"(%[[C4:.*]], %[[C4]]) : (index, index) -> ()
  // LOWER: scf.for
  // LOWER-NEXT: "test.use"(%c4, %c4) : (index, index) -> ()
  scf.for %i = %c0 to %main step %c4 {
    %sz = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%d]
    %m = arith.minsi %sz, %c4 : index
    "test.use"(%sz, %m) : (index, index) -> ()
  }
  // CHECK: scf.for
  // CHECK: affine.min
  // LOWER: scf.for
  // LOWER: arith.minsi
  scf.for %i = %c0 to %d step %c4 {
    %sz = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%d]
    "test.use"(%sz) : (index) -> ()
  }
  // CHECK: arith.maxsi
  %x = arith.maxsi %n, %c0 : index
  "test.use"(%x) : (index) -> ()
  return
}
