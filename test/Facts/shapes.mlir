// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// scf.while shapes beyond the worked cases: the counter on the right-hand
// side, decreasing steps written as addi of a negative constant and as
// subi, the index dialect, constants through casts.

// Counter on the right: `4 sgt x` is `x slt 4`.
// CHECK-LABEL: func.func @counter_on_rhs
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step 1, condition [0, 4], body [0, 3], exit 4"
func.func @counter_on_rhs() -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c = arith.cmpi sgt, %c4, %x : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %c1, %y : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// Decreasing by subi: 10 down while x uge 3, step 3: 10, 7, 4 run; 1 fails.
// CHECK-LABEL: func.func @decreasing_subi_unsigned
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter i32 unsigned step -3, condition [1, 10], body [4, 10], exit 1"
func.func @decreasing_subi_unsigned() -> i32 {
  %c10 = arith.constant 10 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.while (%x = %c10) : (i32) -> i32 {
    %c = arith.cmpi uge, %x, %c3 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.subi %y, %c3 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// Decreasing to 0 unsigned with ugt: x = 5 ugt 0, step -1 (addi of -1).
// CHECK-LABEL: func.func @decreasing_ugt_zero
// CHECK: loom.facts = "exact: body 5, condition 6, entries 1, total body 5, total condition 6; counter i8 unsigned step -1, condition [0, 5], body [1, 5], exit 0"
func.func @decreasing_ugt_zero() -> i8 {
  %c5 = arith.constant 5 : i8
  %c0 = arith.constant 0 : i8
  %m1 = arith.constant -1 : i8
  %r = scf.while (%x = %c5) : (i8) -> i8 {
    %c = arith.cmpi ugt, %x, %c0 : i8
    scf.condition(%c) %x : i8
  } do {
  ^bb0(%y: i8):
    %n = arith.addi %y, %m1 : i8
    scf.yield %n : i8
  }
  return %r : i8
}

// x uge 0 never fails: decreasing past 0 wraps.
// CHECK-LABEL: func.func @decreasing_uge_zero_wraps
// CHECK: loom.facts = "unknown: 
func.func @decreasing_uge_zero_wraps() -> i8 {
  %c5 = arith.constant 5 : i8
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %r = scf.while (%x = %c5) : (i8) -> i8 {
    %c = arith.cmpi uge, %x, %c0 : i8
    scf.condition(%c) %x : i8
  } do {
  ^bb0(%y: i8):
    %n = arith.subi %y, %c1 : i8
    scf.yield %n : i8
  }
  return %r : i8
}

// The seed's first example, with the index dialect (store omitted here).
// CHECK-LABEL: func.func @index_dialect
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter index signed step 1, condition [0, 4], body [0, 3], exit 4"
func.func @index_dialect() -> index {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %next = index.add %position, %step
    scf.yield %next : index
  }
  return %terminal : index
}

// index.sub, counter on the right: `0 slt x` while x decreases from 3.
// CHECK-LABEL: func.func @index_sub_rhs
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index signed step -1, condition [0, 3], body [1, 3], exit 0"
func.func @index_sub_rhs() -> index {
  %begin = index.constant 3
  %zero = index.constant 0
  %step = index.constant 1
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%zero, %before)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %next = index.sub %position, %step
    scf.yield %next : index
  }
  return %terminal : index
}

// Constants through exact casts: init = index_cast (i32 -2), bound =
// extui (i8 255) = 255 in i32 -> index_cast; step = trunci (i64 2) : i32 ->
// index_castui.
// CHECK-LABEL: func.func @casts
// CHECK: loom.facts = "exact: body 129, condition 130, entries 1, total body 129, total condition 130; counter index signed step 2, condition [-2, 256], body [-2, 254], exit 256"
func.func @casts() -> index {
  %m2 = arith.constant -2 : i32
  %b8 = arith.constant 255 : i8
  %s64 = arith.constant 2 : i64
  %init = arith.index_cast %m2 : i32 to index
  %b32 = arith.extui %b8 : i8 to i32
  %bound = arith.index_cast %b32 : i32 to index
  %s32 = arith.trunci %s64 : i64 to i32
  %step = arith.index_castui %s32 : i32 to index
  %r = scf.while (%x = %init) : (index) -> index {
    %c = arith.cmpi slt, %x, %bound : index
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    %n = arith.addi %y, %step : index
    scf.yield %n : index
  }
  return %r : index
}

// Extra loop-carried values next to the counter, and the counter forwarded
// at another position.
// CHECK-LABEL: func.func @other_iter_args
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter i64 signed step 2, condition [0, 6], body [0, 4], exit 6"
func.func @other_iter_args(%f: f32) -> (f32, i64) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c2 = arith.constant 2 : i64
  %r:2 = scf.while (%acc = %f, %x = %c0) : (f32, i64) -> (f32, i64) {
    %c = arith.cmpi slt, %x, %c5 : i64
    scf.condition(%c) %acc, %x : f32, i64
  } do {
  ^bb0(%a: f32, %y: i64):
    %a2 = arith.addf %a, %a : f32
    %n = arith.addi %y, %c2 : i64
    scf.yield %a2, %n : f32, i64
  }
  return %r#0, %r#1 : f32, i64
}
