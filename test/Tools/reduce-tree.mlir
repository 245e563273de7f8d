// loom-reduce is MLIR's reducer with loom registered. Here the input is
// "interesting" while it still contains a loom.break (Inputs/has-break.sh;
// the reducer only ever shows the script IR that verifies, and prints the
// verifier errors of the candidates it rejects on stderr). The
// reduction tree drops the functions and the ops the breaks do not need,
// and keeps the loop with both breaks.
// RUN: %loom-reduce %s -reduction-tree='traversal-mode=0 test=/bin/sh test-arg=%S/Inputs/has-break.sh' | FileCheck %s

// CHECK-NOT:  @unrelated
// CHECK-NOT:  @count
// CHECK:      func.func @search(%[[A:.*]]: memref<?xi32>, %[[N:.*]]: index, %[[KEY:.*]]: i32) -> index {
// CHECK-NEXT:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:   %[[R:.*]] = loom.loop token(%[[T:.*]]) iter_args(%[[I:.*]] = %[[C0]]) : (index) -> (index) {
// CHECK-NEXT:     %[[DONE:.*]] = arith.cmpi sge, %[[I]], %[[N]] : index
// CHECK-NEXT:     loom.if %[[DONE]] {
// CHECK-NEXT:       loom.break %[[T]], %[[N]] : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[X:.*]] = memref.load %[[A]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:     %[[HIT:.*]] = arith.cmpi eq, %[[X]], %[[KEY]] : i32
// CHECK-NEXT:     loom.if %[[HIT]] {
// CHECK-NEXT:       loom.break %[[T]], %[[I]] : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:     loom.continue %[[T]], %[[NEXT]] : index
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[R]] : index
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT:  @

func.func @unrelated(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  %m = arith.muli %s, %s : i32
  return %m : i32
}

func.func @count(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %next = arith.addi %acc, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}

func.func @search(%a: memref<?xi32>, %n: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %scaled = arith.muli %n, %c2 : index
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %done = arith.cmpi sge, %i, %n : index
    loom.if %done { loom.break %t, %n : index }
    %x = memref.load %a[%i] : memref<?xi32>
    %hit = arith.cmpi eq, %x, %key : i32
    %twice = arith.addi %x, %x : i32
    loom.if %hit { loom.break %t, %i : index }
    %next = arith.addi %i, %c1 : index
    loom.continue %t, %next : index
  }
  %sum = arith.addi %r, %scaled : index
  return %r : index
}
