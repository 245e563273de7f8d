// Affine and math ops written by the user: loom-lower-to-llvm runs
// lower-affine before convert-scf-to-cf (affine.for becomes scf.for, then a
// CFG) and convert-math-to-llvm, so they reach the LLVM dialect and
// mlir-translate like the rest.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s --implicit-check-not=affine. --implicit-check-not=math. --implicit-check-not=scf. --implicit-check-not=unrealized_conversion_cast
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-LABEL: llvm.func @abs_sum(
//       CHECK:   llvm.cond_br
//       CHECK:   llvm.intr.abs
// IR-LABEL: define i32 @abs_sum(
//       IR:   call i32 @llvm.abs.i32(
#map = affine_map<(d0) -> (d0 * 2)>
func.func @abs_sum(%m: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 4 iter_args(%acc = %z) -> (i32) {
    %j = affine.apply #map(%i)
    %v = memref.load %m[%j] : memref<8xi32>
    %a = math.absi %v : i32
    %s = arith.addi %acc, %a : i32
    affine.yield %s : i32
  }
  return %r : i32
}
