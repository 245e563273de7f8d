// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims{remark-unchecked=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// loom-check-claims on the counts of multi-dimensional loops and of loops
// whose count reads an enclosing loop's counter. A multi-dimensional loop's
// body runs the product of its dimensions' counts per entry; its
// executions may run concurrently, so each counts with one indivisible
// memref.atomic_rmw addi on the slot (set to 0 before the loop, compared
// after it), and so does its total per call. A count that reads a value the report cannot name (an
// enclosing loop's counter) is evaluated right before the loop, where that
// value is in scope. A loop inside a region that may run concurrently is
// left unchecked (no counting slot would be one thread's), with a remark.

// CHECK-LABEL: func.func @parallel(
func.func @parallel(%m: memref<4x6xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i32
  // CHECK: %[[TWELVE:.*]] = arith.constant 12 : i128
  // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
  // CHECK-NEXT: memref.store %[[ZERO]], %[[SLOT:alloca[_0-9]*]][]
  // CHECK: scf.parallel
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
  // CHECK-NEXT: memref.atomic_rmw addi %[[ONE]], %[[SLOT]][] : (i64, memref<i64>) -> i64
  // CHECK-NEXT: arith.constant 1 : i64
  // CHECK-NEXT: memref.atomic_rmw addi
  // REMARK: check-claims-multidim.mlir:[[#@LINE+13]]:5: remark: loom-check-claims: claim not checked: scf.for trip count: it is in no function, or inside an op that may run its regions concurrently
  // REMARK-NOT: remark
  // CHECK: scf.reduce
  // CHECK: %[[RAN:.*]] = memref.load %[[SLOT]][]
  // CHECK-NEXT: %[[WRAN:.*]] = arith.extui %[[RAN]] : i64 to i128
  // CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[WRAN]], %[[TWELVE]] : i128
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.parallel runs its body exactly 12 times per entry at {{.*}}check-claims-multidim.mlir:[[#@LINE+5]]:3"
  // Per call: entered once (counted before it), its body 12 times in all
  // (counted with an atomic add too).
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.parallel is entered 1 times per call of its function at {{.*}}:[[#@LINE+2]]:3"
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.parallel runs its body 12 times per call of its function at {{.*}}:[[#@LINE+1]]:3"
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c6) step (%c1, %c2) {
    memref.store %z, %m[%i, %j] : memref<4x6xi32>
    scf.for %k = %c0 to %c4 step %c1 {
      "test.use"(%k) : (index) -> ()
    }
    scf.reduce
  }
  return
}

// -----

// A symbolic product (an affine.parallel over a dynamic size), evaluated
// at the loop's entry.
// CHECK-LABEL: func.func @affine_parallel(
func.func @affine_parallel(%m: memref<?x8xi32>) {
  %z = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?x8xi32>
  // CHECK: affine.parallel
  // CHECK-NEXT: arith.constant 1 : i64
  // CHECK-NEXT: memref.atomic_rmw addi
  // CHECK: cf.assert %{{.*}}, "loom claim violated: affine.parallel runs its body exactly 8 * dim(%arg0, 0) times per entry at {{.*}}:[[#@LINE+1]]:3"
  affine.parallel (%i, %j) = (0, 0) to (%d, 8) {
    memref.store %z, %m[%i, %j] : memref<?x8xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @forall(
func.func @forall(%m: memref<4xi32>) {
  %z = arith.constant 0 : i32
  // CHECK: scf.forall
  // CHECK-NEXT: arith.constant 1 : i64
  // CHECK-NEXT: memref.atomic_rmw addi
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.forall runs its body exactly 4 times per entry at {{.*}}:[[#@LINE+1]]:3"
  scf.forall (%i) in (4) {
    memref.store %z, %m[%i] : memref<4xi32>
  }
  return
}

// -----

// The inner loop runs %i times per entry: its count reads the outer loop's
// counter, read right before the inner loop (sign-extended: the counter's
// order); the same for the upper end of its counter's range.
// CHECK-LABEL: func.func @triangle(
func.func @triangle(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for %[[I:[^ ]*]] =
  // CHECK: %[[WI:.*]] = arith.index_cast %[[I]] : index to i128
  // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
  // CHECK-NEXT: memref.store %[[ZERO]], %[[SLOT:alloca[_0-9]*]][]
  // CHECK: scf.for %[[J:[^ ]*]] = %{{.*}} to %[[I]]
  // CHECK: %[[WJ:.*]] = arith.index_cast %[[J]] : index to i128
  // CHECK: %[[WI2:.*]] = arith.index_cast %[[I]] : index to i128
  // CHECK-NEXT: %[[HI:.*]] = arith.addi %{{.*}}, %[[WI2]] : i128
  // CHECK-NEXT: arith.cmpi sle
  // CHECK-NEXT: arith.cmpi sle, %[[WJ]], %[[HI]] : i128
  // CHECK-NEXT: arith.andi
  // CHECK-NEXT: cf.assert %{{.*}}, "loom claim violated: scf.for runs its body with its counter in [0, <argument 0 of scf.for at {{.*}}:[[#@LINE+11]]:3> - 1] at {{.*}}:[[#@LINE+12]]:5"
  // CHECK: %[[RAN:.*]] = memref.load %[[SLOT]][]
  // CHECK-NEXT: %[[WRAN:.*]] = arith.extui %[[RAN]] : i64 to i128
  // CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[WRAN]], %[[WI]] : i128
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.for runs its body exactly <argument 0 of scf.for at {{.*}}:[[#@LINE+7]]:3> times per entry at {{.*}}:[[#@LINE+8]]:5"
  // Per call: the inner loop is entered max(0, %arg0) times.
  // CHECK: "loom claim violated: scf.for is entered max(0, %arg0) times per call of its function at {{.*}}:[[#@LINE+6]]:5"
  // Its total body count is not claimed (it would be a sum over the outer
  // loop's counter), so none is checked.
  // CHECK-NOT: scf.for runs its body {{.*}} per call of its function at {{.*}}:[[#@LINE+3]]:5"
  // CHECK: return
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %i step %c1 {
      "test.use"(%j) : (index) -> ()
    }
  }
  return
}
