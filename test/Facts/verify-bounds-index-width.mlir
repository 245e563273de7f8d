// RUN: %loom-opt %s -split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Memref indices are signed on the target: with a 16-bit index, the loop
// below reaches the unsigned value 39999, which is the offset -25537. The
// unsigned body range [0, 39999] fits the memref's size, but the access is
// not in bounds, and must not be proven. (The bound is spelled -25536, the
// 16-bit value 40000 is unsigned: `arith.constant 40000 : index` is not a
// 16-bit value, and loom does not read it, see index32-ssa-constants.mlir.)
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {
  func.func @narrow_index(%m: memref<40000xi8>, %v: i8) {
    %c0 = arith.constant 0 : index
    %n = arith.constant -25536 : index
    %c1 = arith.constant 1 : index
    %r = scf.while (%i = %c0) : (index) -> index {
      %c = arith.cmpi ult, %i, %n : index
      scf.condition(%c) %i : index
    } do {
    ^bb0(%j: index):
      // expected-remark @below {{not proven in bounds: memref.store: index 0 (%arg2) has range [0, 39999] (unsigned), but dimension 0 of memref<40000xi8> has size 40000 (valid indices: [0, 32767])}}
      memref.store %v, %m[%j] : memref<40000xi8>
      %k = arith.addi %j, %c1 : index
      scf.yield %k : index
    }
    return
  }
}

// -----

// Below the signed limit the same loop is proven, on a buffer the 16-bit
// index reaches.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {
  func.func @narrow_index_ok(%m: memref<30000xi8>, %v: i8) {
    %c0 = arith.constant 0 : index
    %n = arith.constant 30000 : index
    %c1 = arith.constant 1 : index
    %r = scf.while (%i = %c0) : (index) -> index {
      %c = arith.cmpi ult, %i, %n : index
      scf.condition(%c) %i : index
    } do {
    ^bb0(%j: index):
      // expected-remark @below {{memref.store: in bounds (proven)}}
      memref.store %v, %m[%j] : memref<30000xi8>
      %k = arith.addi %j, %c1 : index
      scf.yield %k : index
    }
    return
  }
}

// -----

// The same loop on the memref<40000xi8> is not proven: the lowering
// computes its allocation size and offsets at 16 bits, where 40000 is
// -25536 (memref.alloc of this type does not allocate 40000 bytes).
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {
  func.func @narrow_index_wide_buffer(%m: memref<40000xi8>, %v: i8) {
    %c0 = arith.constant 0 : index
    %n = arith.constant 30000 : index
    %c1 = arith.constant 1 : index
    %r = scf.while (%i = %c0) : (index) -> index {
      %c = arith.cmpi ult, %i, %n : index
      scf.condition(%c) %i : index
    } do {
    ^bb0(%j: index):
      // expected-remark @below {{not proven in bounds: memref.store: memref<40000xi8> spans more bytes than the 16-bit index reaches}}
      memref.store %v, %m[%j] : memref<40000xi8>
      %k = arith.addi %j, %c1 : index
      scf.yield %k : index
    }
    return
  }
}
