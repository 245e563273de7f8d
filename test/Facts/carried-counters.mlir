// RUN: %loom-opt %s --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Counters carried beside a counted loop's induction variable: an
// iteration argument that starts from a known value and grows by the same
// constant on every iteration (a C front end's second counter, Polygeist's
// `int` counter beside the `index` one) ranges over its start plus the
// steps of the runs before the last. Each case has a near miss that stays
// unproven.

// The shape Polygeist emits for `for (j = 1; j < 20; j++)` inside an
// `affine.for` over the same range: %j runs 1..19.
func.func @front_end_counter(%a: memref<20x20xi32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %r:2 = affine.for %i = 1 to 20 iter_args(%j = %c1, %acc = %c0) -> (i32, i32) {
    %x = arith.index_cast %j : i32 to index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%i, %x] : memref<20x20xi32>
    %s = arith.addi %acc, %v : i32
    %n = arith.addi %j, %c1 : i32
    affine.yield %n, %s : i32, i32
  }
  return %r#1 : i32
}

// -----

// Near miss: starting at 2, the last run reads column 20.
func.func @front_end_counter_one_past(%a: memref<20x20xi32>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = affine.for %i = 1 to 20 iter_args(%j = %c2) -> (i32) {
    %x = arith.index_cast %j : i32 to index
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%i, %x] : memref<20x20xi32>
    %n = arith.addi %j, %c1 : i32
    affine.yield %n : i32
  }
  return
}

// -----

// An index counter going down by 2 (`%j - 2`) in an scf.for of 5 runs:
// 8, 6, 4, 2, 0.
func.func @index_counter_down(%a: memref<9xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%j = %c8) -> (index) {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%j] : memref<9xf32>
    %n = arith.subi %j, %c2 : index
    scf.yield %n : index
  }
  return
}

// -----

// Near miss: one run more reaches -2.
func.func @index_counter_down_one_run_more(%a: memref<9xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%j = %c8) -> (index) {
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%j] : memref<9xf32>
    %n = arith.subi %j, %c2 : index
    scf.yield %n : index
  }
  return
}

// -----

// An i8 counter from 120 by 1 over 10 runs wraps after 127: no range is
// claimed (the index jumps to -128), so the access stays unproven.
func.func @wrapping_counter(%a: memref<256xi8>) {
  %c120 = arith.constant 120 : i8
  %c1 = arith.constant 1 : i8
  %r = affine.for %i = 0 to 10 iter_args(%j = %c120) -> (i8) {
    %x = arith.index_cast %j : i8 to index
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%x] : memref<256xi8>
    %n = arith.addi %j, %c1 : i8
    affine.yield %n : i8
  }
  return
}

// -----

// The same counter over 8 runs stops at 127: in range.
func.func @counter_up_to_the_type_end(%a: memref<256xi8>) {
  %c120 = arith.constant 120 : i8
  %c1 = arith.constant 1 : i8
  %r = affine.for %i = 0 to 8 iter_args(%j = %c120) -> (i8) {
    %x = arith.index_cast %j : i8 to index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%x] : memref<256xi8>
    %n = arith.addi %j, %c1 : i8
    affine.yield %n : i8
  }
  return
}

// -----

// Not a carried counter: a step loaded from memory, a product.
func.func @not_counters(%a: memref<20xf32>, %s: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %step = memref.load %s[%c0] : memref<1xindex>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%j = %c1, %k = %c1) -> (index, index) {
    // expected-remark @below {{not proven in bounds: memref.load}}
    %v = memref.load %a[%j] : memref<20xf32>
    // expected-remark @below {{not proven in bounds: memref.load}}
    %w = memref.load %a[%k] : memref<20xf32>
    %nj = arith.addi %j, %step : index
    %nk = arith.muli %k, %c2 : index
    scf.yield %nj, %nk : index, index
  }
  return
}

// -----

// A loop that never runs: its counter has no value in the body.
func.func @no_runs(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%j = %c100) -> (index) {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%j] : memref<4xf32>
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}
