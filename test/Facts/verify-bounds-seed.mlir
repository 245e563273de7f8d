// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds)'

// The seed's example (loom-scf-while.txt) in MLIR form: the store at the
// counter into a 4-element buffer, in an scf.while from 0 while < 4, is in
// bounds with no assumption: the body observes the counter in [0, 3].

func.func @seed(%output: memref<4xi32>) -> index {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %value = index.casts %position : index to i32
    memref.store %value, %output[%position] : memref<4xi32>
    %next = index.add %position, %step
    scf.yield %next : index
  }
  return %terminal : index
}

// -----

// The same store in the condition region sees the final failing value 4.
func.func @seed_in_condition(%output: memref<4xi32>) -> index {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %value = index.casts %before : index to i32
    // expected-error @below {{access not proven in bounds: memref.store: index 0 (%arg1) has range [0, 4], but dimension 0 of memref<4xi32> has size 4 (valid indices: [0, 3])}}
    memref.store %value, %output[%before] : memref<4xi32>
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %next = index.add %position, %step
    scf.yield %next : index
  }
  return %terminal : index
}

// -----

// Off by one: `<= 4` lets the body see 4.
func.func @seed_sle(%output: memref<4xi32>) -> index {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp sle(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %value = index.casts %position : index to i32
    // expected-error @below {{access not proven in bounds: memref.store: index 0 (%arg1) has range [0, 4], but dimension 0 of memref<4xi32> has size 4 (valid indices: [0, 3])}}
    memref.store %value, %output[%position] : memref<4xi32>
    %next = index.add %position, %step
    scf.yield %next : index
  }
  return %terminal : index
}

// -----

// The loop's result is its exit value, 4: out of bounds after the loop.
func.func @after_loop(%output: memref<4xi32>) {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %zero = arith.constant 0 : i32
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %next = index.add %position, %step
    scf.yield %next : index
  }
  // expected-error @below {{index 0 (%0) has range [4, 4], but dimension 0 of memref<4xi32> has size 4}}
  memref.store %zero, %output[%terminal] : memref<4xi32>
  return
}
