// Attribute constants at a 32-bit index, run: what the lowered program
// prints next to what loom claims about it. lower-affine materialises an
// affine map's constants and an affine.for's step as index constants,
// which the conversion to LLVM truncates to 32 bits, while upstream's
// folders compute with the 64-bit values; loom reads neither (see
// index_constant in src/facts/ir.rs) and says unknown, and folds nothing
// that rests on them. Near misses (the same shapes with constants that
// fit 32 bits) keep their claims, and execution agrees with them.
// mlir-runner cannot parse a module with a dlti.dl_spec (see
// lit.local.cfg): mlir-translate and lli run it.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// Folding with loom's facts first must not change what the program prints.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-fold-loop-facts,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s --check-prefix=FACTS

// FACTS-LABEL: loop details:

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // 3000000000 is -1294967296 at 32 bits: 1999999999 floordiv it is -1
  // (mathematically 0), so `q == 0` is false at run time. (The loop's
  // bounds fit: it runs twice, as loom says.)
  func.func @quotient_in_loop() {
    %c0 = arith.constant 0 : index
    // FACTS: index32-attribute-constants.mlir:[[@LINE+1]]:5: exact: body 2, condition 3,
    affine.for %i = 1999999999 to 2000000001 {
      %q = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%i)
      %z = arith.cmpi eq, %q, %c0 : index
      %q64 = arith.index_cast %q : index to i64
      vector.print %q64 : i64
      vector.print %z : i1
    }
    return
  }

  // The bound is 2000000000 floordiv 3000000000 + 3: 3 mathematically, 2
  // as executed.
  func.func @count(%n: index) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // FACTS: index32-attribute-constants.mlir:[[@LINE+1]]:10: unknown: the bound is not a constant or a symbol loom reads: an affine map's constant 3000000000 does not fit the 32-bit index
    %r = affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 3000000000 + 3)>()[%n] iter_args(%k = %c0) -> index {
      %k1 = arith.addi %k, %c1 : index
      affine.yield %k1 : index
    }
    %r64 = arith.index_cast %r : index to i64
    return %r64 : i64
  }

  // Near miss: 2000000000 fits, the count is 2000000000 floordiv
  // 2000000000 + 3 = 4, and the program counts 4.
  func.func @count_fits(%n: index) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // FACTS: index32-attribute-constants.mlir:[[@LINE+1]]:10: exact: body (%arg0 - 1999999999) ceildiv 2000000000 + 3,
    %r = affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 2000000000 + 3)>()[%n] iter_args(%k = %c0) -> index {
      %k1 = arith.addi %k, %c1 : index
      affine.yield %k1 : index
    }
    %r64 = arith.index_cast %r : index to i64
    return %r64 : i64
  }

  // Step 4294967298 runs with step 2: %i is 0, then 2.
  func.func @steps() {
    %c0 = arith.constant 0 : index
    // FACTS: index32-attribute-constants.mlir:[[@LINE+1]]:5: unknown: the step 4294967298 does not fit the 32-bit index
    affine.for %i = 0 to 4 step 4294967298 {
      %z = arith.cmpi eq, %i, %c0 : index
      %i64 = arith.index_cast %i : index to i64
      vector.print %i64 : i64
      vector.print %z : i1
    }
    return
  }

  // max(s0, 4294967296) is max(s0, 0) as executed: 0 for s0 = 0.
  func.func @max(%s: index) -> (i64, i1) {
    %c0 = arith.constant 0 : index
    %m = affine.max affine_map<()[s0] -> (s0, 4294967296)>()[%s]
    %z = arith.cmpi eq, %m, %c0 : index
    %m64 = arith.index_cast %m : index to i64
    return %m64, %z : i64, i1
  }

  // The same quotient of an argument, computed at run time: -1.
  func.func @quotient_of(%n: index) -> i64 {
    %q = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%n)
    %q64 = arith.index_cast %q : index to i64
    return %q64 : i64
  }

  func.func @main() {
    %n = arith.constant 2000000000 : index
    %c0 = arith.constant 0 : index
    // Of the constant 2000000000 here, the lowering folds the quotient
    // with 64-bit values: 0. What a wide constant computes depends on
    // what folds on the way, which is why loom reads neither value.
    // CHECK: 0
    // CHECK-NEXT: -1
    %q = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%n)
    %q64 = arith.index_cast %q : index to i64
    vector.print %q64 : i64
    %r = func.call @quotient_of(%n) : (index) -> i64
    vector.print %r : i64
    // CHECK-NEXT: -1
    // CHECK-NEXT: 0
    // CHECK-NEXT: -1
    // CHECK-NEXT: 0
    func.call @quotient_in_loop() : () -> ()
    // CHECK-NEXT: 2
    %k = func.call @count(%n) : (index) -> i64
    vector.print %k : i64
    // CHECK-NEXT: 4
    %k2 = func.call @count_fits(%n) : (index) -> i64
    vector.print %k2 : i64
    // CHECK-NEXT: 0
    // CHECK-NEXT: 1
    // CHECK-NEXT: 2
    // CHECK-NEXT: 0
    func.call @steps() : () -> ()
    // CHECK-NEXT: 0
    // CHECK-NEXT: 1
    %m, %mz = func.call @max(%c0) : (index) -> (i64, i1)
    vector.print %m : i64
    vector.print %mz : i1
    return
  }
}
