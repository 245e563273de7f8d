// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s --check-prefix=TEXT
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{assume-buffer-bytes-below-half-address-space=false assume-buffer-dims-below-half-address-space=false})' -o /dev/null | FileCheck %s --check-prefix=NOASSUME

// Symbolic counts: the worked cases of symbolic-facts.md and the
// classes upstream's scf.for trip count answers. Expressions read %argN in
// the counter's order; D = dim(%arg0, 0).

// CHECK-LABEL: func.func @worked
func.func @worked(%a: memref<?xi32>, %lb: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  // 0 to D: D.
  // CHECK: loom.facts = "exact: body dim(%arg0, 0), condition dim(%arg0, 0) + 1, {{.*}}condition [0, dim(%arg0, 0)], body [0, dim(%arg0, 0) - 1], exit dim(%arg0, 0)"
  scf.for %i = %c0 to %d step %c1 {
  }
  // %lb to %n: max(0, %n - %lb), signed.
  // CHECK: loom.facts = "exact: body max(0, %arg2 - %arg1), {{.*}}exit max(%arg1, %arg2)"
  scf.for %i = %lb to %n step %c1 {
  }
  // 0 to D step 3: D ceildiv 3 by scf.for semantics, with no assumption
  // (the last increment's overflow is undefined behaviour there; the same
  // loop as an scf.while needs D capped: see @whiles).
  // CHECK: loom.facts = "exact: body dim(%arg0, 0) ceildiv 3, {{[^;]*}}; counter index signed step 3, condition [0, 3 * (dim(%arg0, 0) ceildiv 3)], body [0, 3 * (dim(%arg0, 0) ceildiv 3) - 3], exit 3 * (dim(%arg0, 0) ceildiv 3)"
  scf.for %i = %c0 to %d step %c3 {
  }
  // Step 2 to an argument that may be SMAX: the last increment may
  // overflow, which scf.for makes undefined behaviour: exact (the
  // scf.while near miss below says unknown).
  // CHECK: loom.facts = "exact: body max(0, %arg2 ceildiv 2), {{.*}}exit 2 * max(0, %arg2 ceildiv 2)"
  scf.for %i = %c0 to %n step %c2 {
  }
  // %lb to %lb + 8 nsw, step 2: exactly 4 (the flag makes the sum exact).
  // CHECK: loom.facts = "exact: body 4, condition 5, {{.*}}condition [%arg1, %arg1 + 8], body [%arg1, %arg1 + 6], exit %arg1 + 8"
  %ub = arith.addi %lb, %c8 overflow<nsw> : index
  scf.for %i = %lb to %ub step %c2 {
  }
  // No flag: the sum may wrap below %lb; never exact, at most 4.
  // CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 8 modulo 2^64, which may wrap in the signed order: the largest count over every lower bound)
  %ub2 = arith.addi %lb, %c8 : index
  scf.for %i = %lb to %ub2 step %c2 {
  }
  // The unsigned flag proves no count for a signed loop: at most 4.
  // CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 8 modulo 2^64, which may wrap in the signed order: the largest count over every lower bound)
  %ub3 = arith.addi %lb, %c8 overflow<nuw> : index
  scf.for %i = %lb to %ub3 step %c2 {
  }
  // ... but does for an unsigned one.
  // CHECK: loom.facts = "exact: body 4, condition 5
  scf.for unsigned %i = %lb to %ub3 step %c2 {
  }
  return
}

// CHECK-LABEL: func.func @upstream_classes
func.func @upstream_classes(%s: index, %lb: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %cm1 = arith.constant -1 : index
  // Dynamic step with lb >= ub: 0.
  // CHECK: loom.facts = "exact: body 0, condition 1
  scf.for %i = %c0 to %c0 step %s {
  }
  // CHECK: loom.facts = "exact: body 0, condition 1
  scf.for %i = %c5 to %c0 step %s {
  }
  // Negative constant step with lb >= ub: 0.
  // CHECK: loom.facts = "exact: body 0, condition 1
  scf.for %i = %c5 to %c0 step %cm1 {
  }
  // A dynamic step that may run: unknown.
  // CHECK: loom.facts = "unknown: the step is not a known constant (symbolic step)"
  scf.for %i = %c0 to %c5 step %s {
  }
  return
}

// CHECK-LABEL: func.func @whiles
func.func @whiles(%a: memref<?xf32>, %n: i32, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %d = memref.dim %a, %c0 : memref<?xf32>
  // Header-tested i < %n (signed i32): max(0, %n).
  // CHECK: loom.facts = "exact: body max(0, %arg1), condition max(0, %arg1) + 1
  %r = scf.while (%i = %z) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %one : i32
    scf.yield %next : i32
  }
  // i <= %n: %n may be INT_MAX, where the condition never fails.
  // CHECK: loom.facts = "unknown: symbolic bound: the bound may be the type's extreme value, where the condition never fails"
  %r2 = scf.while (%i = %z) : (i32) -> i32 {
    %more = arith.cmpi sle, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %one : i32
    scf.yield %next : i32
  }
  // scf.while i < %m, i += 2 with %m any index: the loop never ends for
  // %m = SMAX (the last increment wraps), so never exact ...
  // CHECK: loom.facts = "unknown: symbolic bound: the last increment may wrap
  %c2 = arith.constant 2 : index
  %r4 = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %m : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c2 : index
    scf.yield %next : index
  }
  // ... but with an i32 %n sign-extended to index it cannot get near SMAX.
  // CHECK: loom.facts = "exact: body max(0, %arg1 ceildiv 2), condition max(0, %arg1 ceildiv 2) + 1
  %n2 = arith.index_cast %n : i32 to index
  %r5 = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n2 : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c2 : index
    scf.yield %next : index
  }
  // From D - 1 down while i >= 0: D.
  // CHECK: loom.facts = "exact: body dim(%arg0, 0), {{.*}}condition [-1, dim(%arg0, 0) - 1], body [0, dim(%arg0, 0) - 1], exit -1"
  %top = arith.subi %d, %c1 : index
  %r3 = scf.while (%i = %top) : (index) -> index {
    %more = arith.cmpi sge, %i, %c0 : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.subi %j, %c1 : index
    scf.yield %next : index
  }
  return
}

// loom.for with a break: at most D.
// CHECK-LABEL: func.func @early_exit
// CHECK: loom.facts = "at_most: body <= dim(%arg0, 0)
func.func @early_exit(%a: memref<?xi32>, %key: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  loom.for %i = %c0 to %d step %c1 token(%t) {
    %v = memref.load %a[%i] : memref<?xi32>
    %hit = arith.cmpi eq, %v, %key : i32
    loom.if %hit {
      loom.break %t
    }
    loom.yield
  }
  return
}

// JSON v2: version 2, *_expr fields only where symbolic, assumptions.
// JSON: {"version": 2,
// JSON: "status": "exact", "entries": 1, "counter": {"type": "index", "width": 64, "signed": true, "step": 1, "condition": [0, 9223372036854775807], "body": [0, 9223372036854775806], "condition_expr": ["0", "dim(%arg0, 0)"], "body_expr": ["0", "dim(%arg0, 0) - 1"], "exit_expr": "dim(%arg0, 0)"}, {{.*}}"body_count_expr": "dim(%arg0, 0)", "condition_count_expr": "dim(%arg0, 0) + 1", "total_body_count_expr": "dim(%arg0, 0)", "total_condition_count_expr": "dim(%arg0, 0) + 1"}
// JSON: "body_count_expr": "dim(%arg0, 0) ceildiv 3", {{[^]]*}}"total_condition_count_expr": "dim(%arg0, 0) ceildiv 3 + 1"}
// JSON: "status": "exact", "body_count": 4, "condition_count": 5,
// JSON: "status": "at_most", {{.*}}"max_body_count_expr": "dim(%arg0, 0)"

// TEXT: exact    dim(%arg0, 0)            dim(%arg0, 0) + 1
// TEXT: accesses:

// Without the assumption the step-3 loop is not exact.
// NOASSUME-NOT: assumptions
// NOASSUME: "reason": "symbolic bound: the last increment may wrap

// Nest totals: products of the enclosing loops' symbolic counts.
// CHECK-LABEL: func.func @nest
// CHECK: loom.facts = "exact: body dim(%arg0, 1), condition dim(%arg0, 1) + 1, entries dim(%arg0, 0), total body dim(%arg0, 0) * dim(%arg0, 1), total condition dim(%arg0, 0) * (dim(%arg0, 1) + 1);
// CHECK: loom.facts = "exact: body 4, condition 5, entries dim(%arg0, 0), total body 4 * dim(%arg0, 0), total condition 5 * dim(%arg0, 0);
// Counts read %argN in their loop's order: an unsigned loop in a signed one
// gets no symbolic entries or totals.
// CHECK: loom.facts = "exact: body max(0, %arg1 - 1), condition max(0, %arg1 - 1) + 1; counter index unsigned
// CHECK: loom.facts = "exact: body dim(%arg0, 0), condition dim(%arg0, 0) + 1, entries 1,
func.func @nest(%a: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
    }
    scf.for %j = %c0 to %c4 step %c1 {
    }
    scf.for unsigned %j = %c1 to %n step %c1 {
    }
  }
  return
}

// Symbols the grammar cannot name (an enclosing loop's counter, a loaded
// value): exact, shown in loom.facts and the text report, and absent from
// the JSON fields (no count, no counter, no totals).
// CHECK-LABEL: func.func @unnamed
// CHECK: loom.facts = "exact: body max(0, %arg0 - <argument 0 of scf.for at {{.*}}>), condition max(0, %arg0 - <argument 0 of scf.for at {{.*}}>) + 1, entries max(0, %arg0); counter
// CHECK: loom.facts = "exact: body max(0, %arg0), condition max(0, %arg0) + 1, entries 1,
// CHECK: loom.facts = "exact: body max(0, <the value loaded at {{.*}}>), condition max(0, <the value loaded at {{.*}}>) + 1, entries 1;
// JSON: "function": "unnamed", "loc": "{{.*}}", "op": "scf.for", "depth": 0, "status": "exact", "entries": 1, "counter":
// JSON-NEXT: "function": "unnamed", "loc": "{{.*}}", "op": "scf.for", "depth": 1, "status": "exact", "note":
// JSON-NEXT: "function": "unnamed", "loc": "{{.*}}", "op": "scf.for", "depth": 0, "status": "exact", "entries": 1, "note":
func.func @unnamed(%n: index, %m: memref<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = memref.load %m[] : memref<index>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %i to %n step %c1 {
    }
  }
  scf.for %i = %c0 to %k step %c1 {
  }
  return
}
