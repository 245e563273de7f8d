// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.off.json assume-buffer-bytes-below-half-address-space=false assume-buffer-dims-below-half-address-space=false})' -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off.json
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.txt format=text})' -o /dev/null
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t.txt
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts{remarks=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Assumptions flow with every fact derived from them:
// a claim that rests on a fact that used an assumption lists it, in the
// JSON report, the text report and the remarks. Each claim listed here
// changes with the assumption off (OFF), which is what makes it rest on it.

// The inner loop counts from %i to %i + 8: exact (8) only because %i + 8
// cannot wrap. The outer scf.for is exact without any assumption (by
// scf.for semantics), but %i can then be up to SMAX - 3; with the
// buffer-size assumption %i is below the capped size of %a, so %i + 8 fits.
// CHECK: "function": "nest", {{.*}}"op": "scf.for", {{.*}}"status": "exact", {{.*}}"total_condition_count_expr": "dim(%arg0, 0) ceildiv 4 + 1"},
// CHECK: "function": "nest", {{.*}}"op": "scf.while", {{.*}}"status": "exact", "body_count": 8, {{.*}}"assumptions": ["buffer-bytes-below-half-address-space"]}
// OFF: "function": "nest", {{.*}}"op": "scf.for", {{.*}}"status": "exact", {{.*}}"total_condition_count_expr": "dim(%arg0, 0) ceildiv 4 + 1"},
// OFF: "function": "nest", {{.*}}"op": "scf.while", {{.*}}"status": "unknown"
// TEXT: assumption-flow.mlir:[[@LINE+10]]:{{[0-9]+}}: exact: body 8, condition 9, {{.*}}; assuming buffer-bytes-below-half-address-space
// REMARK: assumption-flow.mlir:[[@LINE+9]]:{{[0-9]+}}: remark: loop facts: exact: body 8, condition 9, {{.*}}; assuming buffer-bytes-below-half-address-space
func.func @nest(%a: memref<?xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %d step %c4 iter_args(%s = %c0) -> (index) {
    %b = arith.addi %i, %c8 : index
    %w = scf.while (%j = %i) : (index) -> index {
      %c = arith.cmpi slt, %j, %b : index
      scf.condition(%c) %j : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %c1 : index
      scf.yield %n : index
    }
    %t = arith.addi %s, %w : index
    scf.yield %t : index
  }
  return %r : index
}

// The same through an scf.for bound.
// CHECK: "function": "nest_for", {{.*}}"depth": 1, "status": "exact", "body_count": 8, {{.*}}"assumptions": ["buffer-bytes-below-half-address-space"]}
// Without the assumption, the sum may wrap: at most 8 (none when it does).
// OFF: "function": "nest_for", {{.*}}"depth": 1, "status": "at_most", "max_body_count": 8,
func.func @nest_for(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %d step %c4 {
    %b = arith.addi %i, %c8 : index
    scf.for %j = %i to %b step %c1 {
    }
  }
  return
}

// The inner loop's own counts (3) need no assumption, but its totals are
// made of the outer count, which does (the outer loop is an scf.while,
// whose counter really wraps: its last increment fits only when %a's size
// is capped): the loop lists it.
// CHECK: "function": "numeric_nest", {{.*}}"depth": 1, "status": "exact", "body_count": 3, {{.*}}"total_body_count_expr": "3 * (dim(%arg0, 0) ceildiv 3)", {{.*}}"assumptions": ["buffer-bytes-below-half-address-space"]}
// OFF: "function": "numeric_nest", {{.*}}"depth": 1, "status": "exact", "body_count": 3, "condition_count": 4, "counter": {{.*}}"exit": 3}}{{[],]}}
func.func @numeric_nest(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %d : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%x: index):
    %w = scf.while (%j = %c0) : (index) -> index {
      %c = arith.cmpi slt, %j, %c3 : index
      scf.condition(%c) %j : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %c1 : index
      scf.yield %n : index
    }
    %next = arith.addi %x, %c3 : index
    scf.yield %next : index
  }
  return
}

// A multi-dimensional loop is claimed only when every dimension is read,
// so each dimension's facts rest on the assumptions any dimension used:
// dimension 1's bound %d + 12 (no nsw flag) is read only with the
// buffer-size assumption, and the inner scf.while, exact only because
// dimension 0's range (%i < 16) makes %i + 8 fit, lists it although its
// own dimension used none. The non-entry block keeps the entries (which
// would also pass the forall's assumptions on) out of the picture (found
// by the symbolic fuzzer, seed 33151).
// CHECK: "function": "forall_dims", {{.*}}"op": "scf.forall", {{.*}}"status": "exact", {{.*}}"assumptions": ["buffer-bytes-below-half-address-space"], "dims"
// CHECK: "function": "forall_dims", {{.*}}"op": "scf.while", {{.*}}"status": "exact", "body_count": 8, {{.*}}"assumptions": ["buffer-bytes-below-half-address-space"]}
// OFF: "function": "forall_dims", {{.*}}"op": "scf.forall", {{.*}}"status": "unknown"
// OFF: "function": "forall_dims", {{.*}}"op": "scf.while", {{.*}}"status": "unknown"
func.func @forall_dims(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %u = arith.addi %d, %c12 : index
  cf.br ^body
^body:
  scf.forall (%i, %j) in (16, %u) {
    %e = arith.addi %i, %c8 : index
    %w = scf.while (%x = %i) : (index) -> index {
      %go = arith.cmpi slt, %x, %e : index
      scf.condition(%go) %x : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %c1 : index
      scf.yield %n : index
    }
  }
  return
}
