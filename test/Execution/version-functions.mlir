// Function versioning (`loom-fold-loop-facts{version-functions=true}`) run:
// each kernel's runtime checks (--generate-runtime-verification) hold under
// a condition on its arguments, so it is versioned; the results are the
// same whichever version runs. @rows runs with arguments that satisfy its
// condition (the unchecked copy). @masked's condition, `%arg0 <=
// dim(%arg1, 0)` (with `%arg0 <= 8`), fails for n = 6 over 4 elements: the
// checked original runs, and its accesses stay in bounds because the flags
// beyond the fourth element are 0. With a flag set there, the original's
// check aborts, as the unversioned program does: no check is lost.
// RUN: sed -e 's/FLAG_BEYOND/0/' %s | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: sed -e 's/FLAG_BEYOND/0/' %s | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: sed -e 's/FLAG_BEYOND/0/' %s > %t.mlir && %with-index32 %t.mlir | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: sed -e 's/FLAG_BEYOND/1/' %s | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize,loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=OOB
// The comparisons versioning folds, checked where they run: true wherever
// the function's condition holds (it does in @rows' call and @masked's
// first), and a planted wrong claim (false there) aborts in @rows.
// RUN: sed -e 's/FLAG_BEYOND/0/' %s | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: sed -e 's/FLAG_BEYOND/0/' %s | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=version},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=PLANTED
// Both kernels are versioned (the IR the first RUN line runs):
// RUN: sed -e 's/FLAG_BEYOND/0/' %s | %mlir-opt --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize)' | FileCheck %s --check-prefix=IR

// CHECK: 8
// CHECK-NEXT: 32
// CHECK-NEXT: 56
// CHECK-NEXT: 10
// CHECK-NEXT: 10
// CHECK-NEXT: 2

// OOB: 8
// OOB: 10
// OOB: ERROR: Runtime op verification failed
// OOB: out-of-bounds access

// PLANTED: loom claim violated: arith.cmpi is true where the function's condition holds ((%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and {{.*}}) at

// IR-LABEL: func.func @rows(
// IR: cf.cond_br %{{.*}}, ^bb2, ^bb1
// IR: ^bb1:
// IR: cf.assert
// IR: ^bb2:
// IR-NOT: cf.assert
// IR: return
// IR-LABEL: func.func @masked(
// IR: cf.cond_br %{{.*}}, ^bb2, ^bb1
// IR: ^bb1:
// IR: cf.assert
// IR: ^bb2:
// IR-NOT: cf.assert
// IR: return
// IR-LABEL: func.func @main(

// y[i] = sum over j < n of A[i, j] * x[j], for i < m.
func.func @rows(%m: i32, %n: index, %A: memref<?x4xi32>, %x: memref<?xi32>, %y: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mi = arith.index_cast %m : i32 to index
  scf.for %i = %c0 to %mi step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.load %A[%i, %j] : memref<?x4xi32>
      %b = memref.load %x[%j] : memref<?xi32>
      %c = memref.load %y[%i] : memref<?xi32>
      %p = arith.muli %a, %b : i32
      %s = arith.addi %c, %p : i32
      memref.store %s, %y[%i] : memref<?xi32>
    }
  }
  return
}

// The sum of a[i] over i < n where flags[i] is not 0.
func.func @masked(%n: index, %a: memref<?xi32>, %flags: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %z) -> (i32) {
    %f = memref.load %flags[%i] : memref<8xi32>
    %on = arith.cmpi ne, %f, %z : i32
    %u = scf.if %on -> (i32) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.addi %t, %v : i32
      scf.yield %w : i32
    } else {
      scf.yield %t : i32
    }
    scf.yield %u : i32
  }
  return %r : i32
}

memref.global "private" @flags4 : memref<8xi32> = dense<[1, 1, 1, 1, 0, FLAG_BEYOND, 0, 0]>
memref.global "private" @flags2 : memref<8xi32> = dense<[0, 1, 0, 1, 0, 0, 0, 0]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %m3 = arith.constant 3 : i32
  %z = arith.constant 0 : i32
  // A[i, j] = 4 i + j, x[j] = j + 1: over j < 3, y[i] = 24 i + 8.
  %A = memref.alloc(%c3) : memref<?x4xi32>
  %x = memref.alloc(%c4) : memref<?xi32>
  %y = memref.alloc(%c3) : memref<?xi32>
  scf.for %j = %c0 to %c4 step %c1 {
    %j1 = arith.addi %j, %c1 : index
    %xv = arith.index_cast %j1 : index to i32
    memref.store %xv, %x[%j] : memref<?xi32>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %z, %y[%i] : memref<?xi32>
    scf.for %j = %c0 to %c4 step %c1 {
      %i4 = arith.muli %i, %c4 : index
      %v = arith.addi %i4, %j : index
      %av = arith.index_cast %v : index to i32
      memref.store %av, %A[%i, %j] : memref<?x4xi32>
    }
  }
  %n3 = arith.constant 3 : index
  func.call @rows(%m3, %n3, %A, %x, %y) : (i32, index, memref<?x4xi32>, memref<?xi32>, memref<?xi32>) -> ()
  scf.for %i = %c0 to %c3 step %c1 {
    %v = memref.load %y[%i] : memref<?xi32>
    vector.print %v : i32
  }
  // a = x = [1, 2, 3, 4].
  %f4 = memref.get_global @flags4 : memref<8xi32>
  %f2 = memref.get_global @flags2 : memref<8xi32>
  %s4 = func.call @masked(%c4, %x, %f4) : (index, memref<?xi32>, memref<8xi32>) -> i32
  vector.print %s4 : i32
  %s6 = func.call @masked(%c6, %x, %f4) : (index, memref<?xi32>, memref<8xi32>) -> i32
  vector.print %s6 : i32
  %s2 = func.call @masked(%c2, %x, %f2) : (index, memref<?xi32>, memref<8xi32>) -> i32
  vector.print %s2 : i32
  memref.dealloc %A : memref<?x4xi32>
  memref.dealloc %x : memref<?xi32>
  memref.dealloc %y : memref<?xi32>
  return
}
