// RUN: %loom-opt %s --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Accesses whose proof would rest on a constant an attribute states (an
// affine map's constant, coefficient or divisor, a loop's step, a view's
// static offset) where index is 32 bits wide: the lowering truncates it
// (3000000000 is -1294967296, 4294967298 is 2, 4294967296 is 0), so the
// access is not proven from its 64-bit value. Each case has a near miss
// with a constant that fits 32 bits, still proven. The indices quoted are
// those of the program lowered directly.

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // %i floordiv -1294967296 is -1 for %i in [1999999999, 2000000000].
  func.func @divisor(%a: memref<1xi64>, %b: memref<2xi64>) {
    affine.for %i = 1999999999 to 2000000001 {
      // expected-remark @below {{not proven in bounds: affine.load: its map's constant 3000000000 does not fit the 32-bit index}}
      %v = affine.load %a[%i floordiv 3000000000] : memref<1xi64>
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %w = affine.load %b[%i floordiv 2000000000] : memref<2xi64>
    }
    return
  }

  // %i mod -1294967296 (remsi) is %i - 1294967296 for %i >= 1294967296:
  // the index is about -1294967296, not 0 or 1.
  func.func @modulus(%a: memref<2xi64>) {
    affine.for %i = 1999999999 to 2000000001 {
      // expected-remark @below {{not proven in bounds: affine.load: its map's constant 3000000000 does not fit the 32-bit index}}
      %v = affine.load %a[%i mod 3000000000 - 1999999999] : memref<2xi64>
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %w = affine.load %a[%i mod 2100000000 - 1999999999] : memref<2xi64>
    }
    return
  }

  // 1 ceildiv -1294967296 and 2 ceildiv -1294967296 are 0: the index is -1.
  func.func @ceiling(%a: memref<1xi64>) {
    affine.for %i = 1 to 3 {
      // expected-remark @below {{not proven in bounds: affine.load: its map's constant 3000000000 does not fit the 32-bit index}}
      %v = affine.load %a[%i ceildiv 3000000000 - 1] : memref<1xi64>
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %w = affine.load %a[%i ceildiv 2000000000 - 1] : memref<1xi64>
    }
    return
  }

  // Steps of 4294967298 run as steps of 2: %i is 0, then 2.
  func.func @steps(%a: memref<1xi64>) {
    affine.for %i = 0 to 4 step 4294967298 {
      // expected-remark @below {{not proven in bounds: affine.load}}
      %v = affine.load %a[%i] : memref<1xi64>
    }
    affine.parallel (%i) = (0) to (4) step (4294967298) {
      // expected-remark @below {{not proven in bounds: affine.load}}
      %v = affine.load %a[%i] : memref<1xi64>
    }
    scf.forall (%i) = (0) to (4) step (4294967298) {
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %a[%i] : memref<1xi64>
    }
    // Near misses: the largest 32-bit step takes %i from 0 past 4.
    affine.for %i = 0 to 4 step 2147483647 {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i] : memref<1xi64>
    }
    affine.parallel (%i) = (0) to (4) step (2147483647) {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i] : memref<1xi64>
    }
    scf.forall (%i) = (0) to (4) step (2147483647) {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %v = memref.load %a[%i] : memref<1xi64>
    }
    return
  }

  // min(%i + 4294967296, 1) is min(%i, 1) = %i as executed, for %i in
  // [-2, -1]; max(%i - 4294967296, 0) is max(%i, 0) = %i, for %i in [0, 1].
  func.func @extrema(%a: memref<2xi64>, %b: memref<1xi64>) {
    affine.for %i = -2 to 0 {
      %m = affine.min affine_map<(d0) -> (d0 + 4294967296, 1)>(%i)
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %a[%m] : memref<2xi64>
      %n = affine.min affine_map<(d0) -> (d0 + 2147483647, 1)>(%i)
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %w = memref.load %a[%n] : memref<2xi64>
    }
    affine.for %i = 0 to 2 {
      %m = affine.max affine_map<(d0) -> (d0 - 4294967296, 0)>(%i)
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %b[%m] : memref<1xi64>
      %n = affine.max affine_map<(d0) -> (d0 - 2147483647, 0)>(%i)
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %w = memref.load %b[%n] : memref<1xi64>
    }
    return
  }

  // A view's static offset, size or stride: 4294967296 is 0.
  func.func @views(%a: memref<?xi8>) {
    // expected-remark @below {{not proven in bounds: memref.subview: its static offset 4294967296 does not fit the 32-bit index}}
    %s = memref.subview %a[4294967296] [2] [1] : memref<?xi8> to memref<2xi8, strided<[1], offset: 4294967296>>
    // expected-remark @below {{not proven in bounds: memref.subview: its static stride 4294967297 does not fit the 32-bit index}}
    %t = memref.subview %a[0] [2] [4294967297] : memref<?xi8> to memref<2xi8, strided<[4294967297]>>
    return
  }
}

// -----

// Each scope reads at its own width: the same access in a 64-bit host,
// where 3000000000 is itself (2000000000 floordiv 3000000000 = 0), and in
// its 32-bit device module.
module {
  func.func @host(%a: memref<1xi64>) {
    affine.for %i = 1999999999 to 2000000001 {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i floordiv 3000000000] : memref<1xi64>
    }
    return
  }
  module @device attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @device(%a: memref<1xi64>) {
      affine.for %i = 1999999999 to 2000000001 {
        // expected-remark @below {{not proven in bounds: affine.load: its map's constant 3000000000 does not fit the 32-bit index}}
        %v = affine.load %a[%i floordiv 3000000000] : memref<1xi64>
      }
      return
    }
  }
}

// -----

// The same in a gpu.module at 32 bits beside its 64-bit host.
module attributes {gpu.container_module} {
  gpu.module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    gpu.func @kernel(%a: memref<1xi64>) kernel {
      affine.for %i = 1999999999 to 2000000001 {
        // expected-remark @below {{not proven in bounds: affine.load: its map's constant 3000000000 does not fit the 32-bit index}}
        %v = affine.load %a[%i floordiv 3000000000] : memref<1xi64>
      }
      gpu.return
    }
  }
  func.func @host(%a: memref<1xi64>) {
    affine.for %i = 1999999999 to 2000000001 {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%i floordiv 3000000000] : memref<1xi64>
    }
    return
  }
}

// -----

// Static sizes, strides and offsets of memref types are constants the
// lowering computes with at 32 bits too: a type whose static sizes span
// more bytes than 2^31 - 1 has offsets and an allocation size that wrap (%a[40000, 0] below is the offset
// 40000 * 65537 = 2621480000, -1673487296 at 32 bits; the alloc of
// 4294967304 bytes allocates 8), so no access to it is proven. Near
// misses: the largest spans that fit.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @spans(%a: memref<65536x65537xi8>, %b: memref<32767x65536xi8>, %v: i8) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c30000 = arith.constant 30000 : index
    %c40000 = arith.constant 40000 : index
    // expected-remark @below {{not proven in bounds: memref.store: memref<65536x65537xi8> spans more bytes than the 32-bit index reaches}}
    memref.store %v, %a[%c40000, %c0] : memref<65536x65537xi8>
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %b[%c30000, %c0] : memref<32767x65536xi8>
    // expected-remark @below {{not proven in bounds: affine.store: memref<65536x65537xi8> spans more bytes than the 32-bit index reaches}}
    affine.store %v, %a[symbol(%c30000) + 10000, 0] : memref<65536x65537xi8>
    // expected-remark @below {{affine.store: in bounds (proven)}}
    affine.store %v, %b[symbol(%c30000) + 1, 0] : memref<32767x65536xi8>
    // expected-remark @below {{not proven in bounds: memref.subview: memref<65536x65537xi8> spans more bytes than the 32-bit index reaches}}
    %s = memref.subview %a[40000, 0] [1, 1] [1, 1] : memref<65536x65537xi8> to memref<1x1xi8, strided<[65537, 1], offset: 2621480000>>
    %big = memref.alloc() : memref<4294967304xi8>
    // expected-remark @below {{not proven in bounds: memref.store: memref<4294967304xi8> spans more bytes than the 32-bit index reaches}}
    memref.store %v, %big[%c100] : memref<4294967304xi8>
    %fits = memref.alloc() : memref<2147483647xi8>
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %fits[%c100] : memref<2147483647xi8>
    // A 4-byte element counts 4 bytes: 536870912 x i32 is 2^31 bytes.
    %words = memref.alloc() : memref<536870912xi32>
    %z = arith.constant 0 : i32
    // expected-remark @below {{not proven in bounds: memref.store: memref<536870912xi32> spans more bytes than the 32-bit index reaches}}
    memref.store %z, %words[%c100] : memref<536870912xi32>
    return
  }

  // A strided layout's static offset and strides: 4294967296 is 0 and
  // 2147483648 is -2147483648 at 32 bits. Near miss: the last element at
  // offset 2147483646.
  func.func @layouts(%a: memref<2xi8, strided<[1], offset: 4294967296>>, %b: memref<2x2xi8, strided<[2147483648, 1]>>,
                     %c: memref<2xi8, strided<[1], offset: 2147483645>>, %v: i8) {
    %c1 = arith.constant 1 : index
    // expected-remark @below {{not proven in bounds: memref.store: memref<2xi8, strided<[1], offset: 4294967296>> has element offsets beyond what the 32-bit index reaches}}
    memref.store %v, %a[%c1] : memref<2xi8, strided<[1], offset: 4294967296>>
    // expected-remark @below {{not proven in bounds: memref.store: memref<2x2xi8, strided<[2147483648, 1]>> has element offsets beyond what the 32-bit index reaches}}
    memref.store %v, %b[%c1, %c1] : memref<2x2xi8, strided<[2147483648, 1]>>
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %v, %c[%c1] : memref<2xi8, strided<[1], offset: 2147483645>>
    return
  }
}
