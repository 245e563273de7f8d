// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts)' | FileCheck %s
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s --check-prefix=FACTS

// An `index` constant (arith.constant, index.constant) is stored with 64
// bits. Where index is 32 bits wide, upstream's folders compute with the
// 64-bit value and the lowered code with its low 32 bits; the two agree
// exactly when the value is a signed 32-bit value. loom reads an index
// constant, and constant arithmetic on it, only where they agree, as it
// reads attribute constants (index32-attribute-*.mlir): 3000000000 is
// 3000000000 to a folder and -1294967296 to the target, and which one the
// program computes depends on what folds on the way
// (test/Execution/index32-ssa-constants.mlir runs both).

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // loom-lower-to-llvm folds %neg with the 64-bit value (false); the
  // 32-bit reading would say true. Nothing is folded.
  // CHECK-LABEL: func.func @direct
  // CHECK: %[[NEG:.*]] = arith.cmpi slt
  // CHECK-NEXT: "test.use"(%[[NEG]])
  // CHECK: %[[Q:.*]] = arith.cmpi sgt
  // CHECK-NEXT: "test.use"(%[[Q]])
  func.func @direct() {
    %c0 = arith.constant 0 : index
    %big = arith.constant 3000000000 : index
    %neg = arith.cmpi slt, %big, %c0 : index
    "test.use"(%neg) : (i1) -> ()
    %w = arith.index_cast %big : index to i64
    %c0_i64 = arith.constant 0 : i64
    %q = arith.cmpi sgt, %w, %c0_i64 : i64
    "test.use"(%q) : (i1) -> ()
    return
  }

  // Inside a loop %i + %big is computed at run time, at 32 bits (%neg is
  // true); once canonicalize folds the one-iteration loop, with 64 bits
  // (%neg is false). Nothing is folded.
  // CHECK-LABEL: func.func @in_loop
  // CHECK: scf.for
  // CHECK: %[[NEG:.*]] = arith.cmpi slt
  // CHECK-NEXT: "test.use"(%[[NEG]])
  func.func @in_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %big = arith.constant 3000000000 : index
    scf.for %i = %c0 to %c1 step %c1 {
      %s = arith.addi %i, %big : index
      %neg = arith.cmpi slt, %s, %c0 : index
      "test.use"(%neg) : (i1) -> ()
    }
    return
  }

  // A sum of constants that wraps at 32 bits: 2147483647 + 1 is 2^31 to a
  // folder and -2^31 to the target. Not folded.
  // CHECK-LABEL: func.func @wrapped_sum
  // CHECK: %[[NEG:.*]] = arith.cmpi slt
  // CHECK-NEXT: "test.use"(%[[NEG]])
  func.func @wrapped_sum() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %max = arith.constant 2147483647 : index
    %s = arith.addi %max, %c1 : index
    %neg = arith.cmpi slt, %s, %c0 : index
    "test.use"(%neg) : (i1) -> ()
    return
  }

  // Near misses, read and folded: constants that are signed 32-bit values
  // (-1 is stored as 2^64 - 1, which both readings take as -1), a sum
  // that wraps at 32 bits and comes back (both readings agree on the
  // result), and an i32 constant (32 bits by its type).
  // CHECK-LABEL: func.func @fits
  // CHECK-COUNT-4: "test.use"(%true
  func.func @fits() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m1 = arith.constant -1 : index
    %neg = arith.cmpi slt, %m1, %c0 : index
    "test.use"(%neg) : (i1) -> ()
    %max = arith.constant 2147483647 : index
    %pos = arith.cmpi sgt, %max, %c0 : index
    "test.use"(%pos) : (i1) -> ()
    %s = arith.addi %max, %c1 : index
    %back = arith.subi %s, %c1 : index
    %same = arith.cmpi eq, %back, %max : index
    "test.use"(%same) : (i1) -> ()
    %b32 = arith.constant 3000000000 : i32
    %z32 = arith.constant 0 : i32
    %neg32 = arith.cmpi slt, %b32, %z32 : i32
    "test.use"(%neg32) : (i1) -> ()
    return
  }
}

// -----

// A loop bound: 3000000000 runs zero times at 32 bits (its bound is
// -1294967296) unless a folder computes with it first. Unknown; with
// 2000000000 the count is exact.
// FACTS-LABEL: func.func @bound
// FACTS: loom.facts = "unknown:
// FACTS-LABEL: func.func @bound_fits
// FACTS: loom.facts = "exact: body 2000000000,
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @bound() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %big = arith.constant 3000000000 : index
    scf.for %i = %c0 to %big step %c1 {
      "test.use"(%i) : (index) -> ()
    }
    return
  }
  func.func @bound_fits() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 2000000000 : index
    scf.for %i = %c0 to %n step %c1 {
      "test.use"(%i) : (index) -> ()
    }
    return
  }
}
