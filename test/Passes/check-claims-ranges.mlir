// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s

// loom-check-claims at the start of a loop's body: its counter, widened to
// i128 in the counter's order, lies in the claimed body range (numeric,
// and for a symbolic loop also the exact range as expressions of the
// function's arguments). (Counts: check-claims-counts.mlir.)

// CHECK-LABEL: func.func @constant(
func.func @constant() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: scf.for %[[I:[^ ]*]] =
  // CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i128
  // CHECK-NEXT: %[[LO:.*]] = arith.constant 0 : i128
  // CHECK-NEXT: %[[HI:.*]] = arith.constant 3 : i128
  // CHECK-NEXT: %[[A:.*]] = arith.cmpi sle, %[[LO]], %[[W]] : i128
  // CHECK-NEXT: %[[B:.*]] = arith.cmpi sle, %[[W]], %[[HI]] : i128
  // CHECK-NEXT: %[[OK:.*]] = arith.andi %[[A]], %[[B]] : i1
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.for runs its body with its counter in [0, 3] at {{.*}}check-claims-ranges.mlir:[[#@LINE+1]]:3"
  scf.for %i = %c0 to %c4 step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A loom.for over i8 (its counter is argument 1, after the token): read
// sign-extended (its order is signed); the symbolic range too.
// CHECK-LABEL: func.func @symbolic(
// CHECK-SAME: %[[N:[^:]*]]: i8
func.func @symbolic(%n: i8) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  // CHECK: loom.for %[[I:[^ ]*]] =
  // CHECK: %[[W:.*]] = arith.extsi %[[I]] : i8 to i128
  // CHECK: cf.assert %{{.*}}, "loom claim violated: loom.for runs its body with its counter in [0, 126] at
  // CHECK: %[[WN:.*]] = arith.extsi %[[N]] : i8 to i128
  // CHECK: %[[MAX:.*]] = arith.maxsi %{{.*}}, %[[WN]] : i128
  // CHECK: %[[HI:.*]] = arith.addi %{{.*}}, %[[MAX]] : i128
  // CHECK: arith.cmpi sle, %[[W]], %[[HI]] : i128
  // CHECK: cf.assert %{{.*}}, "loom claim violated: loom.for runs its body with its counter in [0, max(0, %arg0) - 1] at {{.*}}:[[#@LINE+1]]:3"
  loom.for %i = %c0 to %n step %c1 token(%t) : i8 {
    "test.use"(%i) : (i8) -> ()
  }
  return
}

// -----

// Each induction variable of an scf.parallel.
// CHECK-LABEL: func.func @parallel(
func.func @parallel() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  // CHECK: scf.parallel (%[[I:[^,]*]], %[[J:[^)]*]]) =
  // CHECK: arith.index_cast %[[I]] : index to i128
  // CHECK: "loom claim violated: scf.parallel runs its body with its induction variable 0 in [0, 2] at
  // CHECK: arith.index_cast %[[J]] : index to i128
  // CHECK: "loom claim violated: scf.parallel runs its body with its induction variable 1 in [0, 4] at
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c5) step (%c1, %c1) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}
