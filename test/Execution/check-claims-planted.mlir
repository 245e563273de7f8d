// loom-check-claims catches wrong claims where they run: with
// plant=access|fold|count|per-call (test only) the pass plants a wrong
// claim of that kind (an index one element further, a comparison decided
// the other way, a trip count one more, one entry more per call) before
// making its check, and the program
// aborts with the message naming the claim and its location. Without a
// planted claim the checks pass and the program prints what it prints
// without them. At 64 bits through mlir-runner (after loom-lower-to-llvm,
// or loom-lower-to-scf or loom-lower-to-cf and upstream's conversions),
// and at 32 bits through mlir-translate and lli (see lit.local.cfg; the
// program's lines are one further there).
// cf.assert's lowering prints its message with puts and then aborts, which
// does not flush a buffered standard output: stdbuf -o0 makes it
// unbuffered, so the message reaches the pipe.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// With upstream's runtime verification after the claims' checks:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},generate-runtime-verification,loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=ACCESS
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=ACCESS
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=fold},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=FOLD
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=count},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=count},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e fill_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=COUNT-FILL
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=per-call},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=PERCALL
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=per-call},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=PERCALL32
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=ACCESS
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=fold},loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=FOLD
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=ACCESS32
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=fold},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=FOLD32
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims{plant=count},loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | not --crash stdbuf -o0 %lli --entry-function=loom_run_main --extra-module=%S/Inputs/run-void-main.ll - 2>&1 | FileCheck %s --check-prefix=COUNT32

// Claims here: the loop runs its body exactly 4 times, %in is always true,
// the store is in bounds (its last index, 3, is the last element: one
// further is out).
func.func @fill(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  // COUNT-FILL: loom claim violated: scf.for runs its body exactly 4 times per entry at {{.*}}:[[#@LINE+1]]:8
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    // FOLD: loom claim violated: arith.cmpi is always true at {{.*}}:[[#@LINE+2]]:11
    // FOLD32: loom claim violated: arith.cmpi is always true at {{.*}}:[[#@LINE+2]]:11
    %in = arith.cmpi ult, %i, %c4 : index
    %v = arith.index_cast %i : index to i32
    %w = arith.select %in, %v, %z : i32
    // ACCESS: loom claim violated: memref.store index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+2]]:5
    // ACCESS32: loom claim violated: memref.store index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+2]]:5
    memref.store %w, %m[%i] : memref<4xi32>
    %a = arith.addi %acc, %w : i32
    scf.yield %a : i32
  }
  return %s : i32
}

// A count that rests on an assumption (a dynamic dimension of a 2-D
// buffer is below half the address space, so dim + 1 does not wrap): the
// message names it. Evaluated at the loop's entry in i128 (a ceildiv).
func.func @rows(%a: memref<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %n0 = arith.addi %d0, %c1 : index
  // PERCALL: loom claim violated: scf.for is entered 1 times per call of its function at {{.*}}:[[#@LINE+4]]:8 (assuming buffer-dims-below-half-address-space)
  // PERCALL32: loom claim violated: scf.for is entered 1 times per call of its function at {{.*}}:[[#@LINE+4]]:8 (assuming buffer-dims-below-half-address-space)
  // COUNT: loom claim violated: scf.for runs its body exactly (dim(%arg0, 0) + 1) ceildiv 2 times per entry at {{.*}}:[[#@LINE+2]]:8 (assuming buffer-dims-below-half-address-space)
  // COUNT32: loom claim violated: scf.for runs its body exactly (dim(%arg0, 0) + 1) ceildiv 2 times per entry at {{.*}}:[[#@LINE+2]]:8 (assuming buffer-dims-below-half-address-space)
  %r = scf.for %i = %c0 to %n0 step %c2 iter_args(%k = %c0) -> index {
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return %r : index
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloca(%c3, %c2) : memref<?x?xf32>
  // CHECK: 2
  %n = call @rows(%a) : (memref<?x?xf32>) -> index
  vector.print %n : index
  // CHECK-NEXT: 6
  call @fill_main() : () -> ()
  return
}

// The planted count of @fill's loop (COUNT-FILL): run on its own.
func.func @fill_main() {
  %m = memref.alloca() : memref<4xi32>
  %s = call @fill(%m) : (memref<4xi32>) -> i32
  vector.print %s : i32
  return
}
