// RUN: %mlir-opt %s --lower-affine --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' | FileCheck %s

// Issue 19, item 5: on the IR of upstream's tiling pipelines after
// lower-affine, --generate-runtime-verification's checks in front of the
// accesses and subviews loom proves fold away (loom-fold-loop-facts, then
// canonicalize), and those in front of near misses stay. lower-affine
// expands `(D floordiv 4) * 4` into arith (the select-ended division
// semantics::lowered_division reads), and the relational prover states it
// as the quotient the affine op has: the main loop of a peeled tiling
// then has only full tiles. (Upstream ops only: Debian's mlir-opt runs
// first, without loom's dialect.)

// CHECK-LABEL: func.func @peeled
// CHECK-NOT: cf.assert
// CHECK: return
func.func @peeled(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %main step %c4 {
    %t = memref.subview %a[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %c4 step %c4 {
      %x = memref.load %t[%j] : memref<4xf32, strided<[1], offset: ?>>
      memref.store %x, %a[%i] : memref<?xf32>
    }
  }
  return
}

// Near miss: the tiles go up to ((D + 3) floordiv 4) * 4, past D when D
// is not a multiple of 4: the subview's check stays.
// CHECK-LABEL: func.func @overrun
// CHECK: cf.assert {{.*}}memref.subview
// CHECK: return
func.func @overrun(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %over = affine.apply affine_map<()[s0] -> (((s0 + 3) floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %over step %c4 {
    %t = memref.subview %a[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  }
  return
}
