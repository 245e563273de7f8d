// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s

// Loop facts from constants that attributes state (affine map constants,
// coefficients and divisors, steps, static bounds, static sizes) where
// index is 32 bits wide. lower-affine materialises each as an index
// constant, which the conversion to LLVM truncates to 32 bits
// (3000000000 is -1294967296, 4294967298 is 2), while upstream's folders
// compute with the 64-bit value: such a constant is not read, and what
// rests on it is unknown with the reason. Each case has a near miss with
// a constant that fits 32 bits, whose facts stay. The values quoted "at
// 32 bits" are those the lowered program computes at run time; where the
// operand is a constant, the lowering may fold it with the 64-bit value
// instead (test/Execution/index32-attribute-constants.mlir runs both):
// neither value is a fact.

// CHECK-LABEL: loop details:
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // For %n = 2000000000 the bound is 2000000000 floordiv -1294967296 + 3
  // = 2 at 32 bits (the execution test counts 2), 3 by the 64-bit values.
  func.func @floordiv_bound(%n: index) {
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the bound is not a constant or a symbol loom reads: an affine map's constant 3000000000 does not fit the 32-bit index
    affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 3000000000 + 3)>()[%n] {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body (%arg0 - 1999999999) ceildiv 2000000000 + 3,
    affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 2000000000 + 3)>()[%n] {
      "test.use"(%i) : (index) -> ()
    }
    return
  }

  // 2000000000 mod 3000000000 is 705032704 at 32 bits (remsi by
  // -1294967296), 2000000000 by the 64-bit values; 2000000000 ceildiv
  // 3000000000 is 0 at 32 bits, 1 by the 64-bit values.
  func.func @mod_ceildiv_bounds(%a: memref<2000000000xi8>) {
    %c = arith.constant 2000000000 : index
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the bound is not a constant or a symbol loom reads: an affine map's constant 3000000000 does not fit the 32-bit index
    affine.for %i = 0 to affine_map<()[s0] -> (s0 mod 3000000000)>()[%c] {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the bound is not a constant or a symbol loom reads: an affine map's constant 3000000000 does not fit the 32-bit index
    affine.for %i = 0 to affine_map<()[s0] -> (s0 ceildiv 3000000000)>()[%c] {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 1, condition 2,
    affine.for %i = 0 to affine_map<()[s0] -> (s0 ceildiv 2147483647)>()[%c] {
      "test.use"(%i) : (index) -> ()
    }
    // A coefficient: %c * 4294967297 is %c at 32 bits.
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the bound is not a constant or a symbol loom reads: an affine map's constant 4294967297 does not fit the 32-bit index
    affine.for %i = 0 to affine_map<()[s0] -> (s0 * 4294967297)>()[%c] {
      "test.use"(%i) : (index) -> ()
    }
    return
  }

  // An affine.parallel's bound map: 2 iterations at 32 bits, 3 by the
  // 64-bit values.
  func.func @parallel_bound() {
    %c = arith.constant 2000000000 : index
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: induction variable 0: the bound is not a constant or a symbol loom reads: an affine map's constant 3000000000 does not fit the 32-bit index
    affine.parallel (%i) = (0) to (symbol(%c) floordiv 3000000000 + 3) {
      "test.use"(%i) : (index) -> ()
    }
    return
  }

  // Steps of 4294967298 run as steps of 2.
  func.func @steps() {
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the step 4294967298 does not fit the 32-bit index
    affine.for %i = 0 to 4 step 4294967298 {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the step 4294967298 of induction variable 1 does not fit the 32-bit index
    affine.parallel (%i, %j) = (0, 0) to (4, 4) step (1, 4294967298) {
      "test.use"(%i, %j) : (index, index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: induction variable 1: its static step 4294967298 does not fit the 32-bit index
    scf.forall (%i, %j) = (0, 0) to (4, 4) step (1, 4294967298) {
      "test.use"(%i, %j) : (index, index) -> ()
    }
    // Near misses: the largest 32-bit step.
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 1, condition 2,
    affine.for %i = 0 to 4 step 2147483647 {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 4,
    affine.parallel (%i, %j) = (0, 0) to (4, 4) step (1, 2147483647) {
      "test.use"(%i, %j) : (index, index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 4,
    scf.forall (%i, %j) = (0, 0) to (4, 4) step (1, 2147483647) {
      "test.use"(%i, %j) : (index, index) -> ()
    }
    return
  }

  // Static bounds: 2147483650 is -2147483646, so the loop runs 0 times as
  // executed, 3 times by the 64-bit values; 4294967296 to 4294967298 runs
  // from 0 to 2.
  func.func @static_bounds() {
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: induction variable 0: its static upper bound 2147483650 does not fit the 32-bit index
    scf.forall (%i) = (2147483647) to (2147483650) step (1) {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: induction variable 0: its static lower bound 4294967296 does not fit the 32-bit index
    scf.forall (%i) = (4294967296) to (4294967298) step (1) {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the counter's initial value is not a constant or a symbol loom reads: an affine map's constant 4294967296 does not fit the 32-bit index
    affine.for %i = 4294967296 to 4294967298 {
      "test.use"(%i) : (index) -> ()
    }
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 2, entries 1, total body 2; dimension 0: exact: body 2, condition 3,
    scf.forall (%i) = (2147483645) to (2147483647) step (1) {
      "test.use"(%i) : (index) -> ()
    }
    return
  }

  // A static size is a constant the lowering truncates too: memref.dim
  // of this dimension is -1294967296 at 32 bits.
  func.func @static_size(%a: memref<3000000000xi8>, %b: memref<2000000000xi8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = memref.dim %a, %c0 : memref<3000000000xi8>
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the bound is not a constant or a symbol loom reads: memref.dim of a static size: 3000000000 does not fit the 32-bit index
    affine.for %i = 0 to %d {
      "test.use"(%i) : (index) -> ()
    }
    %e = memref.dim %b, %c0 : memref<2000000000xi8>
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 2000000000,
    affine.for %i = 0 to %e {
      "test.use"(%i) : (index) -> ()
    }
    return
  }
}

// -----

// Each scope reads at its own width: the same loop in a 64-bit host and in
// its 32-bit device module.
// CHECK-LABEL: loop details:
module {
  func.func @host(%n: index) {
    // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body max(0, (%arg0 - 2999999999) ceildiv 3000000000 + 3),
    affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 3000000000 + 3)>()[%n] {
      "test.use"(%i) : (index) -> ()
    }
    return
  }
  module @device attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @device(%n: index) {
      // CHECK: index32-attribute-constants.mlir:[[@LINE+1]]:7: unknown: the bound is not a constant or a symbol loom reads: an affine map's constant 3000000000 does not fit the 32-bit index
      affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 3000000000 + 3)>()[%n] {
        "test.use"(%i) : (index) -> ()
      }
      return
    }
  }
}
