// loom-check-claims on masked vector accesses proven through their masks:
// the check of each reads the mask's active count (clamp(bound, 0, lanes)
// of a vector.create_mask), as the proof does, so the checked program runs
// (its whole vectors would not fit: 13 elements in steps of 8, a 3x5
// matrix in 2x4 tiles) and prints what it prints without the checks,
// through loom-lower-to-llvm (not at 32 bits: there upstream's lowering of
// a 2-D transfer_read fails). A planted wrong claim (plant=access:
// every index one element further) aborts at the first masked access
// whose active lanes then pass the end, with the message naming it.
// cf.assert's lowering prints its message with puts and then aborts, which
// does not flush a buffered standard output: stdbuf -o0 makes it
// unbuffered, so the message reaches the pipe.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=ACCESS
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e squeeze_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=SQUEEZE
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e truncated_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e tiles_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=TILES

memref.global "private" @row : memref<13xf32> = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]>
memref.global "private" @tile : memref<3x5xf32> = dense<0.0>

// Adds 1 to every element, 8 at a time; the last 5 under a mask.
func.func @add_one(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant dense<1.0> : vector<8xf32>
  %pt = arith.constant dense<0.0> : vector<8xf32>
  %n = memref.dim %b, %c0 : memref<?xf32>
  scf.for %j = %c0 to %n step %c8 {
    %rem = arith.subi %n, %j : index
    %mask = vector.create_mask %rem : vector<8xi1>
    // ACCESS: loom claim violated: vector.maskedload index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:10
    %v = vector.maskedload %b[%j], %mask, %pt : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    %w = arith.addf %v, %one : vector<8xf32>
    vector.maskedstore %b[%j], %mask, %w : memref<?xf32>, vector<8xi1>, vector<8xf32>
  }
  return
}

// Doubles every element through expandload/compressstore of prefix masks
// (their popcount: the active count).
func.func @double(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pt = arith.constant dense<0.0> : vector<8xf32>
  %n = memref.dim %b, %c0 : memref<?xf32>
  scf.for %j = %c0 to %n step %c8 {
    %rem = arith.subi %n, %j : index
    %mask = vector.create_mask %rem : vector<8xi1>
    // SQUEEZE: loom claim violated: vector.expandload index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:10
    %v = vector.expandload %b[%j], %mask, %pt : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    %w = arith.addf %v, %v : vector<8xf32>
    vector.compressstore %b[%j], %mask, %w : memref<?xf32>, vector<8xi1>, vector<8xf32>
  }
  return
}

// Adds 10 to every element of a matrix in 2x4 tiles, masked at the edges
// in both dimensions.
func.func @tiles(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %ten = arith.constant dense<10.0> : vector<2x4xf32>
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c2 {
    scf.for %j = %c0 to %cols step %c4 {
      %ri = arith.subi %rows, %i : index
      %rj = arith.subi %cols, %j : index
      %mask = vector.create_mask %ri, %rj : vector<2x4xi1>
      // TILES: loom claim violated: vector.transfer_read index 1 in bounds of dimension 1 at {{.*}}:[[#@LINE+1]]:12
      %t = vector.transfer_read %m[%i, %j], %pad, %mask : memref<?x?xf32>, vector<2x4xf32>
      %u = arith.addf %t, %ten : vector<2x4xf32>
      vector.transfer_write %u, %m[%i, %j], %mask : vector<2x4xf32>, memref<?x?xf32>
    }
  }
  return
}

// A bound below -2^31 activates no lane by the op's semantics, but the
// lowering compares the lanes against it truncated to 32 bits
// (-2^32 + 3 reads as 3): the check counts every lane then, so the
// planted claim is caught although the mask's semantics touch nothing.
func.func @truncated(%m: memref<8xf32>, %b: index) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %pt = arith.constant dense<0.0> : vector<8xf32>
  %mask = vector.create_mask %b : vector<8xi1>
  // TRUNCATED: loom claim violated: vector.maskedload index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:8
  %v = vector.maskedload %m[%c0], %mask, %pt : memref<8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return %v : vector<8xf32>
}

func.func @truncated_main() {
  %m = memref.alloca() : memref<8xf32>
  %b = arith.constant -4294967293 : index
  %v = call @truncated(%m, %b) : (memref<8xf32>, index) -> vector<8xf32>
  return
}

func.func @main() {
  %g = memref.get_global @row : memref<13xf32>
  %b = memref.cast %g : memref<13xf32> to memref<?xf32>
  call @add_one(%b) : (memref<?xf32>) -> ()
  call @double(%b) : (memref<?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c0f = arith.constant 0.0 : f32
  %v = vector.load %g[%c0] : memref<13xf32>, vector<13xf32>
  // CHECK: ( 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26 )
  vector.print %v : vector<13xf32>
  %t = memref.get_global @tile : memref<3x5xf32>
  %m = memref.cast %t : memref<3x5xf32> to memref<?x?xf32>
  call @tiles(%m) : (memref<?x?xf32>) -> ()
  %r = vector.transfer_read %t[%c0, %c0], %c0f {in_bounds = [true, true]} : memref<3x5xf32>, vector<3x5xf32>
  // CHECK-NEXT: ( ( 10, 10, 10, 10, 10 ), ( 10, 10, 10, 10, 10 ), ( 10, 10, 10, 10, 10 ) )
  vector.print %r : vector<3x5xf32>
  return
}

func.func @squeeze_main() {
  %g = memref.get_global @row : memref<13xf32>
  %b = memref.cast %g : memref<13xf32> to memref<?xf32>
  call @double(%b) : (memref<?xf32>) -> ()
  return
}

func.func @tiles_main() {
  %t = memref.get_global @tile : memref<3x5xf32>
  %m = memref.cast %t : memref<3x5xf32> to memref<?x?xf32>
  call @tiles(%m) : (memref<?x?xf32>) -> ()
  return
}
