// loom-check-claims checks an access proven through call sites like any
// proven access: the checks pass when the program runs, and a planted
// wrong claim (plant=access: the index one element further) aborts at the
// kernel's store, which its function alone does not prove.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=ACCESS

// CHECK: 7
// ACCESS: loom claim violated: memref.store index 0 in bounds of dimension 0 at {{.*}}call-site-claims.mlir:[[#@LINE+6]]:5
func.func private @fill(%n: index, %a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<?xi32>
  }
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = memref.alloc() : memref<8xi32>
  %d = memref.cast %s : memref<8xi32> to memref<?xi32>
  func.call @fill(%c8, %d) : (index, memref<?xi32>) -> ()
  %x = memref.load %s[%c7] : memref<8xi32>
  vector.print %x : i32
  memref.dealloc %s : memref<8xi32>
  return
}
