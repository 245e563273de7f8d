// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: python3 -m json.tool %t.json > /dev/null
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.txt format=text})' -o /dev/null
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t.txt

// Nesting: entries are the product of what the enclosing loops run the
// region holding the loop (the body count, or the condition count for a
// loop in an scf.while's condition region); totals = entries x counts.
// A loop under a conditional has unknown entries (and no totals).

// CHECK: {"version": 2, "index_bitwidth": 64,
// CHECK-NEXT: "loops": [
// CHECK-NEXT: {"function": "nest", "loc": "{{.*}}report-nesting.mlir:43:8", "op": "scf.while", "depth": 0, "status": "exact", "body_count": 4, "condition_count": 5, "entries": 1, "total_body_count": 4, "total_condition_count": 5, "counter": {"type": "index", "width": 64, "signed": true, "step": 1, "condition": [0, 4], "body": [0, 3], "exit": 4}},
// A loop in the condition region runs once per condition execution (5).
// CHECK-NEXT: {"function": "nest", "loc": "{{.*}}", "op": "scf.for", "depth": 1, "status": "exact", "body_count": 2, "condition_count": 3, "entries": 5, "total_body_count": 10, "total_condition_count": 15, "counter": {"type": "index", "width": 64, "signed": true, "step": 1, "condition": [0, 2], "body": [0, 1], "exit": 2}, "note": "counted by scf.for semantics (overflow of the final induction value is undefined behaviour)"},
// CHECK-NEXT: {"function": "nest", "loc": "{{.*}}", "op": "scf.for", "depth": 1, "status": "exact", "body_count": 3, "condition_count": 4, "entries": 4, "total_body_count": 12, "total_condition_count": 16,
// CHECK-NEXT: {"function": "nest", "loc": "{{.*}}", "op": "loom.loop", "depth": 2, "status": "exact", "body_count": 2, "condition_count": 3, "entries": 12, "total_body_count": 24, "total_condition_count": 36,
// Under scf.if: entries unknown, so no totals.
// CHECK-NEXT: {"function": "nest", "loc": "{{.*}}", "op": "scf.for", "depth": 3, "status": "exact", "body_count": 1, "condition_count": 2, "counter":
// Inside a loop whose count is symbolic: entries are not a number (nest
// totals as expressions are not derived yet), so the inner loop has none.
// CHECK-NEXT: {"function": "symbolic", "loc": "{{.*}}", "op": "scf.for", "depth": 0, "status": "exact", "entries": 1, {{.*}}"body_count_expr": "max(0, %arg0)",
// CHECK-NEXT: {"function": "symbolic", "loc": "{{.*}}", "op": "scf.for", "depth": 1, "status": "exact", "body_count": 2, "condition_count": 3, "counter":
// CHECK: ],
// CHECK-NEXT: "accesses": []}

// TEXT: loom loop facts (index width 64)
// TEXT: location function op depth status body condition entries total body total condition
// TEXT: report-nesting.mlir:{{[0-9:]+}} nest scf.while 0 exact 4 5 1 4 5
// TEXT: nest loom.loop 2 exact 2 3 12 24 36
// TEXT: symbolic scf.for 0 exact max(0, %arg0) max(0, %arg0) + 1 1 max(0, %arg0) max(0, %arg0) + 1
// TEXT: loop details:
// TEXT: exact: body max(0, %arg0), condition max(0, %arg0) + 1
// TEXT: accesses: 0 proven, 0 unproven

func.func @nest(%p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = scf.while (%x = %c0) : (index) -> index {
    scf.for %k = %c0 to %c2 step %c1 {
    }
    %c = arith.cmpi slt, %x, %c4 : index
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    scf.for %j = %c0 to %c3 step %c1 {
      loom.loop token(%t) iter_args(%a = %c0) : (index) -> () {
        %done = arith.cmpi uge, %a, %c2 : index
        loom.if %done { loom.break %t }
        scf.if %p {
          scf.for %m = %c0 to %c1 step %c1 {
          }
        }
        %a2 = arith.addi %a, %c1 : index
        loom.continue %t, %a2 : index
      }
    }
    %n = arith.addi %y, %c1 : index
    scf.yield %n : index
  }
  return
}

func.func @symbolic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
    }
  }
  return
}
