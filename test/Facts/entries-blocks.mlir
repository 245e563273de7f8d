// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// `entries` (and the totals made from it) is the number of times a loop
// is entered per call of its function. It is known only where every block
// on the way up runs exactly once per entry of its region: an entry block
// (MLIR gives it no predecessors), inside a loop whose count is exact, up
// to the function. A loop in any other block, or inside an op that may run
// its region any number of times, has its per-entry counts only. In each
// case below the loop's own counts are exact
// and `"counter"` follows `condition_count` directly: no entries, no totals.

// The scf.while sits in the body of a cf loop that runs %n times: the
// body runs 4 * %n times per call, not 4.
// CHECK: "function": "cf_loop"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "counter"
func.func @cf_loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  cf.br ^h(%c0, %c0 : index, index)
^h(%k: index, %acc: index):
  %go = arith.cmpi slt, %k, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %w = scf.while (%j = %c0) : (index) -> index {
    %c = arith.cmpi slt, %j, %c4 : index
    scf.condition(%c) %j : index
  } do {
  ^bb0(%y: index):
    %nx = arith.addi %y, %c1 : index
    scf.yield %nx : index
  }
  %k1 = arith.addi %k, %c1 : index
  %a1 = arith.addi %acc, %w : index
  cf.br ^h(%k1, %a1 : index, index)
^exit:
  return %acc : index
}

// A block reached only on one side of a branch runs 0 or 1 times.
// CHECK: "function": "branch_target"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "counter"
func.func @branch_target(%go: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  cf.cond_br %go, ^then, ^done
^then:
  scf.for %i = %c0 to %c4 step %c1 {
  }
  cf.br ^done
^done:
  return
}

// The entry block of a multi-block function runs once per call.
// CHECK: "function": "entry_block"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "entries": 1, "total_body_count": 4, "total_condition_count": 5
func.func @entry_block(%go: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
  }
  cf.cond_br %go, ^a, ^b
^a:
  cf.br ^b
^b:
  return
}

// Inside an exact outer loop, in a non-entry block of a multi-block
// scf.execute_region: the inner loop runs 3 * (0 or 1) times.
// CHECK: "function": "execute_region_blocks", {{.*}}"body_count": 3, "condition_count": 4, "entries": 1,
// CHECK: "function": "execute_region_blocks"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "counter"
func.func @execute_region_blocks(%go: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %o = %c0 to %c3 step %c1 {
    scf.execute_region {
      cf.cond_br %go, ^in, ^out
    ^in:
      scf.for %i = %c0 to %c4 step %c1 {
      }
      cf.br ^out
    ^out:
      scf.yield
    }
  }
  return
}

// Ops loom does not model may run their region any number of times: an
// unregistered op, async.execute.
// CHECK: "function": "unknown_op"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "counter"
func.func @unknown_op() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  "test.repeat"() ({
    scf.for %i = %c0 to %c4 step %c1 {
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// CHECK: "function": "async_region"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "counter"
func.func @async_region() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = async.execute {
    scf.for %i = %c0 to %c4 step %c1 {
    }
    async.yield
  }
  return
}

// A loom.scope's region, like any other op's that is not a loop loom counts.
// CHECK: "function": "in_scope"
// CHECK-SAME: "body_count": 4, "condition_count": 5, "counter"
func.func @in_scope() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  loom.scope token(%s) {
    scf.for %i = %c0 to %c4 step %c1 {
    }
  }
  return
}
