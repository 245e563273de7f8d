// loom-lower-to-llvm takes loom + scf/arith/index/memref/func/vector IR to
// the LLVM dialect only, ready for mlir-translate.
// DEFINE: %{only-llvm} = --implicit-check-not=loom. --implicit-check-not=scf. --implicit-check-not=cf.br --implicit-check-not=cf.cond_br --implicit-check-not=cf.assert --implicit-check-not=arith. --implicit-check-not=memref. --implicit-check-not=vector. --implicit-check-not=index. --implicit-check-not=func.func --implicit-check-not=unrealized_conversion_cast
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s %{only-llvm}
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// The passes and the pipeline are also registered by the plugin (its passes
// are reachable through --pass-pipeline in Debian's mlir-opt):
// RUN: %plugin-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s %{only-llvm}
// RUN: %plugin-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt | FileCheck %s --check-prefix=SCF
// RUN: %plugin-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf)' | %mlir-opt | FileCheck %s --check-prefix=CF

// CHECK: llvm.func @sum(
// CHECK: llvm.func @main(
// CHECK: llvm.call @printI64
// IR: define i32 @sum(
// IR: define void @main(
// SCF: scf.while
// CF: cf.cond_br

func.func @sum(%m: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%acc = %z) -> (i32) {
    %v = memref.load %m[%i] : memref<?xi32>
    %neg = arith.cmpi slt, %v, %z : i32
    loom.if %neg { loom.break %t, %acc : i32 }
    %j = index.add %i, %c1
    %w = arith.addi %acc, %v : i32
    loom.yield %w : i32
  }
  return %r : i32
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %m = memref.alloca(%c4) : memref<?xi32>
  %r = func.call @sum(%m, %c4) : (memref<?xi32>, index) -> i32
  %v = vector.broadcast %r : i32 to vector<2xi32>
  vector.print %v : vector<2xi32>
  return
}
