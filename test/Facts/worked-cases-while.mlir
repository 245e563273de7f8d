// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// Every header-tested worked case of loop-facts.md ("Worked cases" table):
// scf.while whose condition compares the before-region argument with a
// constant and whose body yields argument + step. Expected counts, ranges
// and exits are the table's; "unknown" rows must not get any count.

// CHECK-LABEL: func.func @slt_0_4
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step 1, condition [0, 4], body [0, 3], exit 4"
func.func @slt_0_4() -> i32 {
  %init = arith.constant 0 : i32
  %bound = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_0_0
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter i32 signed step 1, condition [0, 0], body never runs, exit 0"
func.func @slt_0_0() -> i32 {
  %init = arith.constant 0 : i32
  %bound = arith.constant 0 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_5_4
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter i32 signed step 1, condition [5, 5], body never runs, exit 5"
func.func @slt_5_4() -> i32 {
  %init = arith.constant 5 : i32
  %bound = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_7_19_step4
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter i32 signed step 4, condition [7, 19], body [7, 15], exit 19"
func.func @slt_7_19_step4() -> i32 {
  %init = arith.constant 7 : i32
  %bound = arith.constant 19 : i32
  %step = arith.constant 4 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_7_20_step4_partial
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step 4, condition [7, 23], body [7, 19], exit 23"
func.func @slt_7_20_step4_partial() -> i32 {
  %init = arith.constant 7 : i32
  %bound = arith.constant 20 : i32
  %step = arith.constant 4 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @sle_7_19_step4
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step 4, condition [7, 23], body [7, 19], exit 23"
func.func @sle_7_19_step4() -> i32 {
  %init = arith.constant 7 : i32
  %bound = arith.constant 19 : i32
  %step = arith.constant 4 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi sle, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @sle_0_4
// CHECK: loom.facts = "exact: body 5, condition 6, entries 1, total body 5, total condition 6; counter i32 signed step 1, condition [0, 5], body [0, 4], exit 5"
func.func @sle_0_4() -> i32 {
  %init = arith.constant 0 : i32
  %bound = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi sle, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @ult_minus1_4
// CHECK: loom.facts = "exact: body 0, condition 1, entries 1, total body 0, total condition 1; counter i32 unsigned step 1, condition [4294967295, 4294967295], body never runs, exit 4294967295"
func.func @ult_minus1_4() -> i32 {
  %init = arith.constant -1 : i32
  %bound = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi ult, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_minus1_4
// CHECK: loom.facts = "exact: body 5, condition 6, entries 1, total body 5, total condition 6; counter i32 signed step 1, condition [-1, 4], body [-1, 3], exit 4"
func.func @slt_minus1_4() -> i32 {
  %init = arith.constant -1 : i32
  %bound = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_max_minus1_max
// CHECK: loom.facts = "exact: body 1, condition 2, entries 1, total body 1, total condition 2; counter i32 signed step 1, condition [2147483646, 2147483647], body [2147483646, 2147483646], exit 2147483647"
func.func @slt_max_minus1_max() -> i32 {
  %init = arith.constant 2147483646 : i32
  %bound = arith.constant 2147483647 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @slt_max_minus1_max_step2
// CHECK: loom.facts = "unknown: 
func.func @slt_max_minus1_max_step2() -> i32 {
  %init = arith.constant 2147483646 : i32
  %bound = arith.constant 2147483647 : i32
  %step = arith.constant 2 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @sle_bound_max
// CHECK: loom.facts = "unknown: 
func.func @sle_bound_max() -> i32 {
  %init = arith.constant 0 : i32
  %bound = arith.constant 2147483647 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi sle, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @ule_bound_max
// CHECK: loom.facts = "unknown: 
func.func @ule_bound_max() -> i32 {
  %init = arith.constant 0 : i32
  %bound = arith.constant -1 : i32
  %step = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi ule, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @i8_ult_0_255_step2
// CHECK: loom.facts = "unknown: 
func.func @i8_ult_0_255_step2() -> i8 {
  %init = arith.constant 0 : i8
  %bound = arith.constant 255 : i8
  %step = arith.constant 2 : i8
  %r = scf.while (%x = %init) : (i8) -> i8 {
    %c = arith.cmpi ult, %x, %bound : i8
    scf.condition(%c) %x : i8
  } do {
  ^bb0(%y: i8):
    %n = arith.addi %y, %step : i8
    scf.yield %n : i8
  }
  return %r : i8
}

// CHECK-LABEL: func.func @sgt_4_0_step_minus1
// CHECK: loom.facts = "exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter i32 signed step -1, condition [0, 4], body [1, 4], exit 0"
func.func @sgt_4_0_step_minus1() -> i32 {
  %init = arith.constant 4 : i32
  %bound = arith.constant 0 : i32
  %step = arith.constant -1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi sgt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @i64_slt_min_max
// CHECK: loom.facts = "exact: body 18446744073709551615, condition 18446744073709551616, entries 1, total body 18446744073709551615, total condition 18446744073709551616; counter i64 signed step 1, condition [-9223372036854775808, 9223372036854775807], body [-9223372036854775808, 9223372036854775806], exit 9223372036854775807"
func.func @i64_slt_min_max() -> i64 {
  %init = arith.constant -9223372036854775808 : i64
  %bound = arith.constant 9223372036854775807 : i64
  %step = arith.constant 1 : i64
  %r = scf.while (%x = %init) : (i64) -> i64 {
    %c = arith.cmpi slt, %x, %bound : i64
    scf.condition(%c) %x : i64
  } do {
  ^bb0(%y: i64):
    %n = arith.addi %y, %step : i64
    scf.yield %n : i64
  }
  return %r : i64
}
