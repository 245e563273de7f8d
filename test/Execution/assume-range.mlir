// loom.assume_range with assume-range=check: values in range run through;
// a value out of range stops the program (cf.assert aborts).
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf{assume-range=check})' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | not --crash %mlir-runner -e out_of_range -entry-point-result=void -shared-libs=%runner-libs
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm{assume-range=check})' | %run-main | FileCheck %s
// The default (drop) trusts the range: no check, the value passes through.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-runner -e out_of_range -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s --check-prefix=DROP
// DROP: 5
// Through mlir-translate and lli, as it is and with a 32-bit index (see
// lit.local.cfg; assume-range-index32.mlir has the 32-bit limits):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | %mlir-translate --mlir-to-llvmir | not --crash %lli --entry-function=out_of_range -
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

func.func @clamp_index(%x: index) -> index {
  %y = loom.assume_range %x [0, 3] : index
  return %y : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  // CHECK: 0
  // CHECK-NEXT: 3
  %a = func.call @clamp_index(%c0) : (index) -> index
  vector.print %a : index
  %b = func.call @clamp_index(%c3) : (index) -> index
  vector.print %b : index
  return
}

func.func @out_of_range() {
  %c5 = arith.constant 5 : index
  %a = func.call @clamp_index(%c5) : (index) -> index
  vector.print %a : index
  return
}
