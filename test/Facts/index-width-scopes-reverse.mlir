// RUN: %loom-opt %s --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark index-bitwidth=32})'
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-fold-loop-facts{index-bitwidth=32})' | FileCheck %s

// The reverse of index-width-scopes.mlir: a 32-bit host (the index-bitwidth
// option; Debian's MLIR 22 verifier crashes on a spec naming index nested
// in another that does, so the host has none) holding a 64-bit device
// module. The same arithmetic is out of bounds in the host and in bounds
// in the device: for %i in [1, 4], %i + 2^31 - 1 wraps at 32 bits, and
// %m = (%i + 2^31 - 1) / 2^29 is -4 or -3 there, 4 at 64 bits. The
// comparison %m < 0 folds to false in the device and stays in the host
// (loom reads no wrapped sum; the 64-bit answer would be wrong there).

// CHECK-LABEL: func.func @host32
// CHECK: arith.divsi
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpi slt
// CHECK: scf.yield %{{.*}}, %[[NEG]]
// CHECK-LABEL: module @dev
// CHECK: %false = arith.constant false
// CHECK: memref.load
// CHECK-NEXT: scf.yield %{{.*}}, %false
module {
  func.func @host32(%a: memref<10xi8>, %i: index) -> (i8, i1) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %big = arith.constant 2147483647 : index
    %div = arith.constant 536870912 : index
    %z = arith.constant 0 : i8
    %f = arith.constant false
    %lo = arith.cmpi sgt, %i, %c0 : index
    %hi = arith.cmpi slt, %i, %c5 : index
    %ok = arith.andi %lo, %hi : i1
    %r:2 = scf.if %ok -> (i8, i1) {
      %k = arith.addi %i, %big : index
      %m = arith.divsi %k, %div : index
      %neg = arith.cmpi slt, %m, %c0 : index
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %a[%m] : memref<10xi8>
      scf.yield %v, %neg : i8, i1
    } else {
      scf.yield %z, %f : i8, i1
    }
    return %r#0, %r#1 : i8, i1
  }
  module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 64 : i64>} {
    func.func @dev64(%a: memref<10xi8>, %i: index) -> (i8, i1) {
      %c0 = arith.constant 0 : index
      %c5 = arith.constant 5 : index
      %big = arith.constant 2147483647 : index
      %div = arith.constant 536870912 : index
      %z = arith.constant 0 : i8
      %f = arith.constant false
      %lo = arith.cmpi sgt, %i, %c0 : index
      %hi = arith.cmpi slt, %i, %c5 : index
      %ok = arith.andi %lo, %hi : i1
      %r:2 = scf.if %ok -> (i8, i1) {
        %k = arith.addi %i, %big : index
        %m = arith.divsi %k, %div : index
        %neg = arith.cmpi slt, %m, %c0 : index
        // expected-remark @below {{memref.load: in bounds (proven)}}
        %v = memref.load %a[%m] : memref<10xi8>
        scf.yield %v, %neg : i8, i1
      } else {
        scf.yield %z, %f : i8, i1
      }
      return %r#0, %r#1 : i8, i1
    }
  }
}
