// loom-check-claims on the count of a multi-dimensional loop (counted with
// an atomic add, its executions may run concurrently) and on a count that
// reads an enclosing loop's counter, run: the claims hold, so the checked
// program prints what it prints without the checks, through the lowerings
// and at 32 bits; a planted wrong count (plant=count: one execution more;
// plant=per-call: one entry more per call) aborts with the message naming
// the claim and its loop.
// cf.assert's lowering prints its message with puts and then aborts, which
// does not flush a buffered standard output: stdbuf -o0 makes it
// unbuffered, so the message reaches the pipe.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=count},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e grid_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=per-call},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e grid_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=PERCALL
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=count},loom-lower-to-llvm)' | not --crash stdbuf -o0 %mlir-runner -e triangle_main -entry-point-result=void -shared-libs=%runner-libs 2>&1 | FileCheck %s --check-prefix=TRIANGLE

// The body runs 4 * 3 = 12 times per entry.
func.func @grid(%m: memref<4x6xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %one = arith.constant 1 : i32
  // COUNT: loom claim violated: scf.parallel runs its body exactly 12 times per entry at {{.*}}:[[#@LINE+2]]:3
  // PERCALL: loom claim violated: scf.parallel is entered 1 times per call of its function at {{.*}}:[[#@LINE+1]]:3
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c6) step (%c1, %c2) {
    memref.store %one, %m[%i, %j] : memref<4x6xi32>
    scf.reduce
  }
  return
}

// The inner loop runs %i times per entry: 0 + 1 + ... + (n - 1) in all.
func.func @triangle(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> index {
    // TRIANGLE: loom claim violated: scf.for runs its body exactly <argument 0 of scf.for at {{.*}}:[[#@LINE-1]]:8> times per entry at {{.*}}:[[#@LINE+1]]:10
    %s = scf.for %j = %c0 to %i step %c1 iter_args(%b = %a) -> index {
      %b1 = arith.addi %b, %c1 : index
      scf.yield %b1 : index
    }
    scf.yield %s : index
  }
  return %r : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i32
  %m = memref.alloca() : memref<4x6xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      memref.store %z, %m[%i, %j] : memref<4x6xi32>
    }
  }
  call @grid(%m) : (memref<4x6xi32>) -> ()
  %total = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %z) -> i32 {
    %row = scf.for %j = %c0 to %c6 step %c1 iter_args(%u = %t) -> i32 {
      %x = memref.load %m[%i, %j] : memref<4x6xi32>
      %u1 = arith.addi %u, %x : i32
      scf.yield %u1 : i32
    }
    scf.yield %row : i32
  }
  // CHECK: 12
  vector.print %total : i32
  // CHECK-NEXT: 10
  %t5 = arith.constant 5 : index
  %r = call @triangle(%t5) : (index) -> index
  vector.print %r : index
  return
}

// The grid on its own (the planted count of COUNT).
func.func @grid_main() {
  %m = memref.alloca() : memref<4x6xi32>
  call @grid(%m) : (memref<4x6xi32>) -> ()
  return
}

// The triangle on its own (the planted count of TRIANGLE).
func.func @triangle_main() {
  %c5 = arith.constant 5 : index
  %r = call @triangle(%c5) : (index) -> index
  vector.print %r : index
  return
}
