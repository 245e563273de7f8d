// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' | FileCheck %s
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report)' | FileCheck %s --check-prefix=JSON
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(scf-forall-to-for),loom-report{format=text})' | FileCheck %s --check-prefix=NEST

// scf.parallel and scf.forall counts: each induction
// variable is counted as the scf.for it becomes when the op is lowered to
// a nest (dimension 0 outermost): signed lb <= iv < ub, overflow of the
// final value undefined. The body runs the product of the counts; the op
// has no condition (no condition count, `-` in the table) and its
// per-dimension facts are `dims` in JSON. The NEST prefix checks the
// same counts on the nest scf-forall-to-for makes of the scf.forall ops.
// Each exact case has a near miss that must stay unknown.

// CHECK-LABEL: loop details:

func.func @parallel(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  // CHECK: parallel-counts.mlir:[[@LINE+3]]:3: exact: body dim(%arg0, 0) * (dim(%arg0, 1) ceildiv 2), entries 1, total body dim(%arg0, 0) * (dim(%arg0, 1) ceildiv 2); dimension 0: exact: body dim(%arg0, 0), condition dim(%arg0, 0) + 1, counter index signed step 1, condition [0, dim(%arg0, 0)], body [0, dim(%arg0, 0) - 1], exit dim(%arg0, 0); dimension 1: exact: body dim(%arg0, 1) ceildiv 2, condition dim(%arg0, 1) ceildiv 2 + 1, counter index signed step 2
  // JSON: "op": "scf.parallel", "depth": 0, "status": "exact", "entries": 1, {{.*}}"body_count_expr": "dim(%arg0, 0) * (dim(%arg0, 1) ceildiv 2)", {{.*}}"dims": [{"status": "exact", "body_count_expr": "dim(%arg0, 0)", "condition_count_expr": "dim(%arg0, 0) + 1", "counter": {{.*}}}, {"status": "exact", "body_count_expr": "dim(%arg0, 1) ceildiv 2", "condition_count_expr": "dim(%arg0, 1) ceildiv 2 + 1", "counter": {{.*}}"step": 2,
  // The inner loop runs once per body execution of the parallel loop.
  scf.parallel (%i, %j) = (%c0, %c0) to (%d0, %d1) step (%c1, %c2) {
    // CHECK: parallel-counts.mlir:[[@LINE+1]]:5: exact: body 3, condition 4, entries dim(%arg0, 0) * (dim(%arg0, 1) ceildiv 2), total body 3 * (dim(%arg0, 0) * (dim(%arg0, 1) ceildiv 2)), total condition 4 * (dim(%arg0, 0) * (dim(%arg0, 1) ceildiv 2))
    scf.for %k = %c0 to %c3 step %c1 {
      "test.use"(%i, %j, %k) : (index, index, index) -> ()
    }
    scf.reduce
  }
  // Constant bounds: 4 x 2.
  // CHECK: parallel-counts.mlir:[[@LINE+2]]:3: exact: body 8, entries 1, total body 8; dimension 0: exact: body 4, condition 5, counter index signed step 3, condition [0, 12], body [0, 9], exit 12; dimension 1: exact: body 2, condition 3
  // JSON: "op": "scf.parallel", "depth": 0, "status": "exact", "body_count": 8, "entries": 1, "total_body_count": 8,
  scf.parallel (%i, %j) = (%c0, %c1) to (%c10, %c3) step (%c3, %c1) {
    "test.use"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  return
}

// -----

// Near misses: a dynamic step, and a bound loom does not read (%n + 1 may
// wrap): unknown, naming the dimension.
func.func @parallel_unknown(%n: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n1 = arith.addi %n, %c1 : index
  // CHECK: parallel-counts.mlir:[[@LINE+1]]:3: unknown: induction variable 1: the step is not a known constant (symbolic step)
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %s) {
    "test.use"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  // CHECK: parallel-counts.mlir:[[@LINE+1]]:3: unknown: induction variable 0: the bound is not a constant or a symbol loom reads
  scf.parallel (%i) = (%c0) to (%n1) step (%c1) {
    "test.use"(%i) : (index) -> ()
    scf.reduce
  }
  return
}

// -----

// scf.forall: implicit lower bounds and steps, explicit static and dynamic
// ones mixed, and a dimension with lb >= ub (no iteration).
func.func @forall(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  // CHECK: parallel-counts.mlir:[[@LINE+3]]:3: exact: body 4 * max(0, %arg1), entries 1, total body 4 * max(0, %arg1); dimension 0: exact: body max(0, %arg1), condition max(0, %arg1) + 1
  // NEST: parallel-counts.mlir:[[@LINE+2]]:3: exact: body max(0, %arg1), condition max(0, %arg1) + 1, entries 1,
  // NEST-NEXT: parallel-counts.mlir:[[@LINE+1]]:3: exact: body 4, condition 5, entries max(0, %arg1),
  scf.forall (%i, %j) in (%n, 4) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  // CHECK: parallel-counts.mlir:[[@LINE+2]]:3: exact: body dim(%arg0, 0) ceildiv 4, entries 1, total body dim(%arg0, 0) ceildiv 4; dimension 0: exact: body dim(%arg0, 0) ceildiv 4, condition dim(%arg0, 0) ceildiv 4 + 1, counter index signed step 4, condition [0, 4 * (dim(%arg0, 0) ceildiv 4)], body [0, 4 * (dim(%arg0, 0) ceildiv 4) - 4]
  // NEST: parallel-counts.mlir:[[@LINE+1]]:3: exact: body dim(%arg0, 0) ceildiv 4, condition dim(%arg0, 0) ceildiv 4 + 1, entries 1, total body dim(%arg0, 0) ceildiv 4, total condition dim(%arg0, 0) ceildiv 4 + 1; counter index signed step 4, condition [0, 4 * (dim(%arg0, 0) ceildiv 4)], body [0, 4 * (dim(%arg0, 0) ceildiv 4) - 4]
  scf.forall (%i) = (0) to (%d) step (4) {
    "test.use"(%i) : (index) -> ()
  }
  // CHECK: parallel-counts.mlir:[[@LINE+1]]:3: exact: body 0, entries 1, total body 0; dimension 0: exact: body 0, condition 1
  scf.forall (%i, %j) = (5, 0) to (3, %n) step (1, 2) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}

// -----

// affine.parallel: per dimension from max(lower group) to min(upper
// group) by its step, the maps read as affine.for reads them. The near
// miss's lower bound %n - 4 may wrap (lower-affine computes it with
// wrapping arithmetic): unknown, naming the dimension.
func.func @affine_parallel(%a: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  // CHECK: parallel-counts.mlir:[[@LINE+2]]:3: exact: body (dim(%arg0, 0) ceildiv 2) * min(10, dim(%arg0, 1)), entries 1, total body (dim(%arg0, 0) ceildiv 2) * min(10, dim(%arg0, 1)); dimension 0: exact: body dim(%arg0, 0) ceildiv 2, condition dim(%arg0, 0) ceildiv 2 + 1, counter index signed step 2, condition [0, 2 * (dim(%arg0, 0) ceildiv 2)], body [0, 2 * (dim(%arg0, 0) ceildiv 2) - 2], exit 2 * (dim(%arg0, 0) ceildiv 2); dimension 1: exact: body min(10, dim(%arg0, 1)), condition min(10, dim(%arg0, 1)) + 1
  // JSON: "op": "affine.parallel", "depth": 0, "status": "exact", "entries": 1, {{.*}}"body_count_expr": "(dim(%arg0, 0) ceildiv 2) * min(10, dim(%arg0, 1))", {{.*}}"dims": [{"status": "exact", "body_count_expr": "dim(%arg0, 0) ceildiv 2",
  affine.parallel (%i, %j) = (0, 0) to (%d0, min(%d1, 10)) step (2, 1) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  // Constant bounds, lb >= ub in dimension 1: the body never runs.
  // CHECK: parallel-counts.mlir:[[@LINE+1]]:3: exact: body 0, entries 1, total body 0; dimension 0: exact: body 3, condition 4, counter index signed step 3, condition [1, 10], body [1, 7], exit 10; dimension 1: exact: body 0, condition 1
  affine.parallel (%i, %j) = (1, 5) to (8, 3) step (3, 1) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  // CHECK: parallel-counts.mlir:[[@LINE+1]]:3: unknown: induction variable 0: the counter's initial value is not a constant or a symbol loom reads: an affine map result may wrap at the index width
  affine.parallel (%i) = (max(0, %n - 4)) to (8) {
    "test.use"(%i) : (index) -> ()
  }
  return
}
