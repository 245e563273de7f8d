// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// The do-while worked cases of loop-facts.md, in the seed's form: the
// condition computes next = b + 1, tests next ult 4 and forwards (b, next);
// the body yields next. The loop results are (b, next) on the false edge,
// so the exit of b is the reported exit and next = exit + 1.

// CHECK-LABEL: func.func @dowhile_ult_0_4
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index unsigned step 1, condition [0, 3], body [0, 2], exit 3"
func.func @dowhile_ult_0_4() -> (index, index) {
  %init = index.constant 0
  %end = index.constant 4
  %one = index.constant 1
  %terminal, %candidate = scf.while (%before = %init) : (index) -> (index, index) {
    %next = index.add %before, %one
    %keep_going = index.cmp ult(%next, %end)
    scf.condition(%keep_going) %before, %next : index, index
  } do {
  ^bb0(%body_state: index, %body_candidate: index):
    scf.yield %body_candidate : index
  }
  return %terminal, %candidate : index, index
}

// CHECK-LABEL: func.func @dowhile_ult_3_4
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter index unsigned step 1, condition [3, 3], body never runs, exit 3"
func.func @dowhile_ult_3_4() -> (index, index) {
  %init = index.constant 3
  %end = index.constant 4
  %one = index.constant 1
  %terminal, %candidate = scf.while (%before = %init) : (index) -> (index, index) {
    %next = index.add %before, %one
    %keep_going = index.cmp ult(%next, %end)
    scf.condition(%keep_going) %before, %next : index, index
  } do {
  ^bb0(%body_state: index, %body_candidate: index):
    scf.yield %body_candidate : index
  }
  return %terminal, %candidate : index, index
}

// CHECK-LABEL: func.func @dowhile_ult_4_4
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter index unsigned step 1, condition [4, 4], body never runs, exit 4"
func.func @dowhile_ult_4_4() -> (index, index) {
  %init = index.constant 4
  %end = index.constant 4
  %one = index.constant 1
  %terminal, %candidate = scf.while (%before = %init) : (index) -> (index, index) {
    %next = index.add %before, %one
    %keep_going = index.cmp ult(%next, %end)
    scf.condition(%keep_going) %before, %next : index, index
  } do {
  ^bb0(%body_state: index, %body_candidate: index):
    scf.yield %body_candidate : index
  }
  return %terminal, %candidate : index, index
}

// CHECK-LABEL: func.func @dowhile_ult_9_4
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter index unsigned step 1, condition [9, 9], body never runs, exit 9"
func.func @dowhile_ult_9_4() -> (index, index) {
  %init = index.constant 9
  %end = index.constant 4
  %one = index.constant 1
  %terminal, %candidate = scf.while (%before = %init) : (index) -> (index, index) {
    %next = index.add %before, %one
    %keep_going = index.cmp ult(%next, %end)
    scf.condition(%keep_going) %before, %next : index, index
  } do {
  ^bb0(%body_state: index, %body_candidate: index):
    scf.yield %body_candidate : index
  }
  return %terminal, %candidate : index, index
}

// CHECK-LABEL: func.func @dowhile_ult_umax_4
// CHECK: loom.facts = "unknown: 
func.func @dowhile_ult_umax_4() -> (index, index) {
  %init = index.constant -1
  %end = index.constant 4
  %one = index.constant 1
  %terminal, %candidate = scf.while (%before = %init) : (index) -> (index, index) {
    %next = index.add %before, %one
    %keep_going = index.cmp ult(%next, %end)
    scf.condition(%keep_going) %before, %next : index, index
  } do {
  ^bb0(%body_state: index, %body_candidate: index):
    scf.yield %body_candidate : index
  }
  return %terminal, %candidate : index, index
}

// slt with init = INT_MAX: the first increment wraps.
// CHECK-LABEL: func.func @dowhile_slt_max
// CHECK: loom.facts = "unknown: 
func.func @dowhile_slt_max() -> (i32, i32) {
  %init = arith.constant 2147483647 : i32
  %end = arith.constant 4 : i32
  %one = arith.constant 1 : i32
  %terminal, %candidate = scf.while (%before = %init) : (i32) -> (i32, i32) {
    %next = arith.addi %before, %one : i32
    %keep_going = arith.cmpi slt, %next, %end : i32
    scf.condition(%keep_going) %before, %next : i32, i32
  } do {
  ^bb0(%body_state: i32, %body_candidate: i32):
    scf.yield %body_candidate : i32
  }
  return %terminal, %candidate : i32, i32
}
