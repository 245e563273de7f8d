// IR without loom ops: loom-lower-to-cf and loom-lower-to-scf leave it
// unchanged (same output as a plain round trip), and loom-lower-to-llvm
// lowers its upstream ops.
// RUN: %loom-opt %s > %t.roundtrip
// RUN: %loom-opt %s > %t.cf --pass-pipeline='builtin.module(loom-lower-to-cf)'
// RUN: %loom-opt %s > %t.scf --pass-pipeline='builtin.module(loom-lower-to-scf)'
// RUN: diff %t.roundtrip %t.cf
// RUN: diff %t.roundtrip %t.scf
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// LLVM-LABEL: llvm.func @upstream(
//   LLVM-NOT: scf.
//   LLVM-NOT: cf.
//   LLVM-NOT: arith.
func.func @upstream(%lb: index, %ub: index, %s: index, %x: i32, %c: i1) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (i32) {
    %v = scf.if %c -> (i32) {
      %a = arith.addi %acc, %acc : i32
      scf.yield %a : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %v : i32
  }
  cf.br ^bb1(%r : i32)
^bb1(%y: i32):
  return %y : i32
}
