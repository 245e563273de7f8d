// loom.assume_range with assume-range=check at a 32-bit index width: the
// verifier checked the bounds at 32 bits and the check compares at 32 bits,
// so nothing is truncated on the way. -5 is stopped by [0, 2^31 - 1] (the
// range [2^31, 2^32 - 1], which truncation would make [-2^31, -1] and
// so let -5 through, is rejected by the verifier: see
// test/Dialect/invalid.mlir); the limits of 32 signed bits pass.
// mlir-runner cannot parse a module with a dlti.dl_spec (see
// lit.local.cfg): mlir-translate and lli run it.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %mlir-translate --mlir-to-llvmir | not --crash %lli --entry-function=minus5 -
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %mlir-translate --mlir-to-llvmir | not --crash %lli --entry-function=int_min -
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm{assume-range=check})' | %translate-run-main | FileCheck %s
// The default (drop) trusts the range and drops the check.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf{assume-range=check})' | FileCheck %s --check-prefix=CF
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | FileCheck %s --check-prefix=LLVM

// The check compares i32 values with i32 bounds.
// LLVM-LABEL: llvm.func @nonneg(
//  LLVM-SAME:     %[[X:.*]]: i32) -> i32
//  LLVM-DAG:     %[[LO:.*]] = llvm.mlir.constant(0 : index) : i32
//  LLVM-DAG:     %[[HI:.*]] = llvm.mlir.constant(2147483647 : index) : i32
//      LLVM:     llvm.icmp "sge" %[[X]], %[[LO]] : i32
//      LLVM:     llvm.icmp "sle" %[[X]], %[[HI]] : i32

// CF-LABEL: func.func @nonneg(
//      CF:   arith.constant 2147483647 : index
//      CF:   cf.assert %{{.*}}, "loom.assume_range violated: value outside [0, 2147483647]"

// IR-LABEL: define i32 @nonneg(i32 %0)
//  IR-NEXT:   ret i32 %0

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @nonneg(%x: index) -> index {
    %y = loom.assume_range %x [0, 2147483647] : index
    return %y : index
  }

  func.func @negative(%x: index) -> index {
    %y = loom.assume_range %x [-2147483648, -1] : index
    return %y : index
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %max = arith.constant 2147483647 : index
    %min = arith.constant -2147483648 : index
    %m5 = arith.constant -5 : index
    // CHECK: 0
    // CHECK-NEXT: 2147483647
    // CHECK-NEXT: 2147483648
    // CHECK-NEXT: 4294967291
    %a = func.call @nonneg(%c0) : (index) -> index
    vector.print %a : index
    %b = func.call @nonneg(%max) : (index) -> index
    vector.print %b : index
    %c = func.call @negative(%min) : (index) -> index
    vector.print %c : index
    %d = func.call @negative(%m5) : (index) -> index
    vector.print %d : index
    return
  }

  func.func @minus5() {
    %m5 = arith.constant -5 : index
    %a = func.call @nonneg(%m5) : (index) -> index
    vector.print %a : index
    return
  }

  func.func @int_min() {
    %c = arith.constant -2147483648 : index
    %a = func.call @nonneg(%c) : (index) -> index
    vector.print %a : index
    return
  }
}
