// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts)' | FileCheck %s --check-prefix=FOLD
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-loop-facts{index-bitwidth=32})' | FileCheck %s --check-prefix=FACTS

// Every fact uses the index width of the data layout that applies to the
// op (the nearest enclosing op with a spec naming index), never the
// analysed root's: a nested module or gpu.module at another width is
// analysed at its own. Each case would be wrong at the
// other width; the device code of a 64-bit host at 32 bits, and the
// reverse.

// At 32 bits %i + %big wraps for every %i in [1, 4]: with %i = 1,
// %m = -2^31 / 2^29 = -4, so the load reads a[-4]. (At 64 bits %m is 4, in
// bounds.) The comparison %m < 0 is true at 32 bits (%m is -4 or -3) and
// false at 64: at 32 bits loom does not decide it (it reads no wrapped
// sum), and must not fold it to the 64-bit answer.
// FOLD-LABEL: module @dev
// FOLD: func.func @k
// FOLD: arith.divsi
// FOLD-NEXT: %[[NEG:.*]] = arith.cmpi slt
// FOLD: scf.yield %{{.*}}, %[[NEG]]
// FOLD: return
module {
  module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @k(%a: memref<10xi8>, %i: index) -> (i8, i1) {
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
  }
}

// -----

// The same device function in a gpu.module of a 64-bit host, next to host
// code where the same arithmetic is in bounds (at 64 bits %m is 4). Both
// scopes in one run: the host's proof stands, the device's does not.
// FOLD-LABEL: func.func @host
// FOLD: %false = arith.constant false
// FOLD: memref.load
// FOLD-NEXT: scf.yield %{{.*}}, %false
// FOLD-LABEL: gpu.module @dev
// FOLD: arith.divsi
// FOLD-NEXT: %[[NEG:.*]] = arith.cmpi slt
// FOLD: scf.yield %{{.*}}, %[[NEG]]
module attributes {gpu.container_module} {
  func.func @host(%a: memref<10xi8>, %i: index) -> (i8, i1) {
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
  gpu.module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @k(%a: memref<10xi8>, %i: index) -> (i8, i1) {
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
  }
}

// -----

// The reverse: a 32-bit host holding a 64-bit device module. At 32 bits
// 2147483642 + 2 * 3 wraps (unknown); at 64 bits the loop runs 3 times.
// The host loop is analysed at 32 bits, the device loop at 64. The host's
// width comes from the index-bitwidth option (FACTS run): Debian's MLIR 22
// verifier crashes on a module whose spec names index nested in another
// whose spec does too (plain mlir-opt, upstream IR only), so the host has
// no spec here. Without the option (other runs) both are 64-bit.
// FACTS-LABEL: func.func @host32
// FACTS: loom.facts = "unknown:
// FACTS-LABEL: func.func @dev64
// FACTS: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index signed step 2, condition [2147483642, 2147483648], body [2147483642, 2147483646], exit 2147483648"
module {
  func.func @host32() -> index {
    %init = arith.constant 2147483642 : index
    %bound = arith.constant 2147483647 : index
    %step = arith.constant 2 : index
    %r = scf.while (%x = %init) : (index) -> index {
      %c = arith.cmpi slt, %x, %bound : index
      scf.condition(%c) %x : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %step : index
      scf.yield %n : index
    }
    return %r : index
  }
  module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 64 : i64>} {
    func.func @dev64() -> index {
      %init = arith.constant 2147483642 : index
      %bound = arith.constant 2147483647 : index
      %step = arith.constant 2 : index
      %r = scf.while (%x = %init) : (index) -> index {
        %c = arith.cmpi slt, %x, %bound : index
        scf.condition(%c) %x : index
      } do {
      ^bb0(%y: index):
        %n = arith.addi %y, %step : index
        scf.yield %n : index
      }
      return %r : index
    }
  }
}

// -----

// A 32-bit device module in a 64-bit host: a counter range in the device
// code is a 32-bit range, and the load at %i - 2^31 (negative for every %i
// in [0, 9]) is not proven; the in-range load in the device is proven at
// 32 bits. (An index constant such as 2147483648, which upstream's folders
// read as 2^31 and the 32-bit target as -2^31, is not read at all: see
// index32-ssa-constants.mlir.)
module {
  module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @loop(%a: memref<10xi8>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      %big = arith.constant -2147483648 : index
      scf.for %i = %c0 to %c10 step %c1 {
        // expected-remark @below {{memref.load: in bounds (proven)}}
        %v = memref.load %a[%i] : memref<10xi8>
        %j = arith.addi %i, %big : index
        // expected-remark @below {{not proven in bounds: memref.load: index 0 (%1) has range [-2147483648, -2147483639]}}
        %w = memref.load %a[%j] : memref<10xi8>
      }
      return
    }
  }
}
