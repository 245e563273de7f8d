// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Every fact source of loom-verify-bounds, in remark mode (a remark for
// each access, proven or not).

func.func @constants(%m: memref<4x8xf32>) {
  %c3 = arith.constant 3 : index
  %c7 = index.constant 7
  %c8 = arith.constant 8 : index
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %v = memref.load %m[%c3, %c7] : memref<4x8xf32>
  // expected-remark @below {{not proven in bounds: memref.store: index 1 (%c8) has range [8, 8], but dimension 1 of memref<4x8xf32> has size 8 (valid indices: [0, 7])}}
  memref.store %v, %m[%c3, %c8] : memref<4x8xf32>
  return
}

// -----

func.func @assume(%m: memref<16xi32>, %i: index, %j: index) {
  %a = loom.assume_range %i [0, 15] : index
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %v = memref.load %m[%a] : memref<16xi32>
  %b = loom.assume_range %j [-1, 15] : index
  // expected-remark @below {{index 0 (%2) has range [-1, 15], but dimension 0 of memref<16xi32> has size 16}}
  memref.store %v, %m[%b] : memref<16xi32>
  // expected-remark @below {{index 0 (%arg1) has range unknown (any value), but dimension 0}}
  memref.store %v, %m[%i] : memref<16xi32>
  return
}

// -----

// Guards: scf.if / loom.if comparing the index with a constant narrow it in
// their branches; arithmetic on ranges without wrap carries them on.
func.func @guards(%m: memref<10xi32>, %i: index, %v: i32) {
  %c10 = arith.constant 10 : index
  %c0 = arith.constant 0 : index
  %ok = arith.cmpi ult, %i, %c10 : index
  scf.if %ok {
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %m[%i] : memref<10xi32>
  } else {
    // expected-remark @below {{index 0 (%arg1) has range [10, 18446744073709551615] (unsigned), but dimension 0}}
    memref.store %v, %m[%i] : memref<10xi32>
  }
  %c5 = arith.constant 5 : index
  %small = arith.cmpi slt, %i, %c5 : index
  %nonneg = arith.cmpi sge, %i, %c0 : index
  loom.if %nonneg {
    loom.if %small {
      %c4 = arith.constant 4 : index
      %k = arith.addi %i, %c4 : index
      // expected-remark @below {{memref.store: in bounds (proven)}}
      memref.store %v, %m[%k] : memref<10xi32>
      %c6 = arith.constant 6 : index
      %l = arith.addi %i, %c6 : index
      // expected-remark @below {{index 0 (%4) has range [6, 10], but dimension 0 of memref<10xi32> has size 10}}
      memref.store %v, %m[%l] : memref<10xi32>
    }
  }
  return
}

// -----

// Vector accesses cover `size` elements along the trailing dimensions.
func.func @vectors(%m: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %v = vector.load %m[%c0, %c12] : memref<4x16xf32>, vector<4xf32>
  // expected-remark @below {{vector.store: index 1 (%c13) has range [13, 13], but dimension 1 of memref<4x16xf32> has size 16 (valid indices for an access of 4 elements: [0, 12])}}
  vector.store %v, %m[%c0, %c13] : memref<4x16xf32>, vector<4xf32>
  return
}

// -----

// A dynamic dimension is proven only from relational facts (see
// relational-bounds.mlir): nothing says this buffer is not empty, and the
// message names the relation that failed.
func.func @dynamic(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{not proven in bounds: memref.load: cannot show 1 <= dim(%arg0, 0): only the sizes' own bounds are known}}
  %v = memref.load %m[%c0] : memref<?xf32>
  return
}

// -----

// Do-while: the body observes b in [0, 2] and next = b + 1 in [1, 3].
func.func @do_while(%m: memref<3xi32>, %v: i32) {
  %init = index.constant 0
  %end = index.constant 4
  %one = index.constant 1
  %terminal, %candidate = scf.while (%before = %init) : (index) -> (index, index) {
    %next = index.add %before, %one
    %keep_going = index.cmp ult(%next, %end)
    scf.condition(%keep_going) %before, %next : index, index
  } do {
  ^bb0(%body_state: index, %body_candidate: index):
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %m[%body_state] : memref<3xi32>
    // expected-remark @below {{index 0 (%arg3) has range [1, 3], but dimension 0 of memref<3xi32> has size 3}}
    memref.store %v, %m[%body_candidate] : memref<3xi32>
    scf.yield %body_candidate : index
  }
  return
}

// -----

// Counted loom.loop: before its guard the counter has the condition range
// (including the final 4), after it the body range; loom.for: body range.
func.func @loom_loops(%m: memref<4xi32>, %v: i32) {
  %c0 = index.constant 0
  %c4 = index.constant 4
  %c1 = index.constant 1
  loom.loop token(%t) iter_args(%a = %c0) : (index) -> () {
    // expected-remark @below {{index 0 (%arg3) has range [0, 4], but dimension 0 of memref<4xi32> has size 4}}
    memref.store %v, %m[%a] : memref<4xi32>
    %done = index.cmp uge(%a, %c4)
    loom.if %done { loom.break %t }
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %m[%a] : memref<4xi32>
    %a2 = index.add %a, %c1
    loom.continue %t, %a2 : index
  }
  loom.for %i = %c0 to %c4 step %c1 token(%u) : index {
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %m[%i] : memref<4xi32>
    loom.yield
  }
  return
}
