// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.txt format=text})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.txt
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// Nothing that touches memory is silently left out of the report: every
// op that may read or write a memref operand's memory and whose accesses
// loom does not model is listed, unproven, with the reason `not analysed:
// <op>`; an affine access whose map results are its
// operands is modelled (here unproven: %i is any value). Ops that only pass memrefs on (dim, cast,
// dealloc, alloc, loops carrying a memref, terminators) are not accesses.
// This module has 8 memory-touching ops; the report lists exactly those.

// CHECK: accesses: 1 proven, 7 unproven
// CHECK-NEXT: report-complete.mlir:[[@LINE+20]]:3 touch memref.copy: unproven: not analysed: memref.copy
// CHECK-NEXT: report-complete.mlir:[[@LINE+20]]:8 touch affine.load: unproven: affine.load: result 0 of its map may wrap at the index width
// CHECK-NEXT: report-complete.mlir:[[@LINE+20]]:3 touch affine.store: unproven: affine.store: cannot show 0 <= %arg3
// CHECK-NEXT:     precondition: 0 <= %arg3 and %arg3 + 1 <= dim(%arg1, 0)
// CHECK-NEXT:     call sites: not proven: @touch is public: it may be called from outside the module
// CHECK-NEXT: report-complete.mlir:[[@LINE+18]]:8 touch memref.atomic_rmw: unproven: not analysed: memref.atomic_rmw
// CHECK-NEXT: report-complete.mlir:[[@LINE+18]]:3 touch linalg.fill: unproven: not analysed: linalg.fill
// CHECK-NEXT: report-complete.mlir:[[@LINE+18]]:3 touch func.call: unproven: not analysed: func.call
// CHECK-NEXT: report-complete.mlir:[[@LINE+21]]:10 touch memref.load: proven
// CHECK-NEXT: report-complete.mlir:[[@LINE+27]]:3 touch memref.prefetch: unproven: not analysed: memref.prefetch
// CHECK-EMPTY:
// CHECK-NEXT: functions with accesses not proven on their own:
// CHECK-NEXT: @touch: 7 unproven; precondition: 0 <= %arg3 and %arg3 + 1 <= dim(%arg1, 0); without precondition: {{.*}}memref.copy: not analysed: memref.copy; call sites: not proven: @touch is public
// JSON: {"function": "touch", {{.*}}"op": "memref.copy", "status": "unproven", "reason": "not analysed: memref.copy"}
// JSON-COUNT-6: "status": "unproven"
func.func private @ext(memref<?xf32>)
func.func @touch(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<4x4xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  %x = affine.load %a[%i + 1] : memref<?xf32>
  affine.store %x, %b[%i] : memref<?xf32>
  %r = memref.atomic_rmw addf %f, %a[%i] : (f32, memref<?xf32>) -> f32
  linalg.fill ins(%f : f32) outs(%c : memref<4x4xf32>)
  call @ext(%a) : (memref<?xf32>) -> ()
  %d = memref.dim %a, %c0 : memref<?xf32>
  %cast = memref.cast %c : memref<4x4xf32> to memref<?x?xf32>
  scf.for %j = %c0 to %d step %c1 {
    %v = memref.load %a[%j] : memref<?xf32>
  }
  memref.dealloc %b : memref<?xf32>
  %al = memref.alloc(%d) : memref<?xf32>
  %s = scf.for %j = %c0 to %d step %c1 iter_args(%m = %al) -> memref<?xf32> {
    scf.yield %m : memref<?xf32>
  }
  memref.prefetch %a[%i], read, locality<3>, data : memref<?xf32>
  return
}
