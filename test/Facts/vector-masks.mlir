// RUN: %loom-opt %s --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Masked vector accesses are proven when their active lanes are in bounds.
// A vector.create_mask %b of n lanes activates the first clamp(%b, 0, n):
// the access covers [index, index + that) along the masked dimension, and
// nothing when it is 0. A vector.constant_mask activates its sizes. Every
// proven access here reads past the end with its whole vector, so only the
// mask proves it; each near miss activates one lane too many, reads the
// mask along the wrong dimension, or has a mask that is not read.

// The tail of a row: the full vector under a guard on the remaining width,
// the masked one for the rest, and a masked tail with no guard at all.
func.func @tail(%b: memref<?x?xf32>, %pt: vector<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k_end = memref.dim %b, %c0 : memref<?x?xf32>
  %n = memref.dim %b, %c1 : memref<?x?xf32>
  scf.for %k = %c0 to %k_end step %c1 {
    scf.for %j = %c0 to %n step %c32 {
      %rem = arith.subi %n, %j : index
      %full = arith.cmpi sge, %rem, %c32 : index
      scf.if %full {
        // expected-remark @below {{vector.load: in bounds (proven)}}
        %v = vector.load %b[%k, %j] : memref<?x?xf32>, vector<32xf32>
        // expected-remark @below {{vector.store: in bounds (proven)}}
        vector.store %v, %b[%k, %j] : memref<?x?xf32>, vector<32xf32>
      } else {
        %mask = vector.create_mask %rem : vector<32xi1>
        // expected-remark @below {{vector.maskedload: in bounds (proven)}}
        %v = vector.maskedload %b[%k, %j], %mask, %pt : memref<?x?xf32>, vector<32xi1>, vector<32xf32> into vector<32xf32>
        // expected-remark @below {{vector.maskedstore: in bounds (proven)}}
        vector.maskedstore %b[%k, %j], %mask, %v : memref<?x?xf32>, vector<32xi1>, vector<32xf32>
      }
      %all = vector.create_mask %rem : vector<32xi1>
      // expected-remark @below {{vector.maskedload: in bounds (proven)}}
      %w = vector.maskedload %b[%k, %j], %all, %pt : memref<?x?xf32>, vector<32xi1>, vector<32xf32> into vector<32xf32>
      // expected-remark @below {{vector.expandload: in bounds (proven)}}
      %x = vector.expandload %b[%k, %j], %all, %pt : memref<?x?xf32>, vector<32xi1>, vector<32xf32> into vector<32xf32>
      // expected-remark @below {{vector.compressstore: in bounds (proven)}}
      vector.compressstore %b[%k, %j], %all, %x : memref<?x?xf32>, vector<32xi1>, vector<32xf32>
    }
  }
  return
}

// -----

// One lane too many: the last active lane is one past the row.
func.func @one_lane_too_many(%b: memref<?x?xf32>, %pt: vector<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k_end = memref.dim %b, %c0 : memref<?x?xf32>
  %n = memref.dim %b, %c1 : memref<?x?xf32>
  scf.for %k = %c0 to %k_end step %c1 {
    scf.for %j = %c0 to %n step %c32 {
      %rem = arith.subi %n, %j : index
      %over = arith.addi %rem, %c1 : index
      %mask = vector.create_mask %over : vector<32xi1>
      // expected-remark @below {{not proven in bounds: vector.maskedload: cannot show %arg3 + %1 <= dim(%arg0, 1) when 1 <= %1: }}
      %v = vector.maskedload %b[%k, %j], %mask, %pt : memref<?x?xf32>, vector<32xi1>, vector<32xf32> into vector<32xf32>
      // expected-remark @below {{the active elements along dimension 1 are the first clamp(%1, 0, 32) (vector.create_mask)}}
      vector.compressstore %b[%k, %j], %mask, %v : memref<?x?xf32>, vector<32xi1>, vector<32xf32>
    }
  }
  return
}

// -----

// Constant masks: the first 2 of 4 lanes at index 8 of 10 fit, 3 do not;
// a mask with no active lane touches nothing, wherever it points. A
// constant vector.create_mask bound is read the same way.
func.func @constant_masks(%m: memref<10xf32>, %pt: vector<4xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  %two = vector.constant_mask [2] : vector<4xi1>
  %three = vector.constant_mask [3] : vector<4xi1>
  %none = vector.constant_mask [0] : vector<4xi1>
  %two_c = vector.create_mask %c2 : vector<4xi1>
  %three_c = vector.create_mask %c3 : vector<4xi1>
  // expected-remark @below {{vector.maskedload: in bounds (proven)}}
  %a = vector.maskedload %m[%c8], %two, %pt : memref<10xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.maskedload: index 0 (%c8) has range [8, 8], but dimension 0 of memref<10xf32> has size 10 (valid indices for an access of 3 elements: [0, 7]); 3 elements are active along dimension 0 (a constant mask)}}
  %b = vector.maskedload %m[%c8], %three, %pt : memref<10xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expected-remark @below {{vector.maskedstore: in bounds (proven)}}
  vector.maskedstore %m[%c100], %none, %pt : memref<10xf32>, vector<4xi1>, vector<4xf32>
  // expected-remark @below {{vector.expandload: in bounds (proven)}}
  %c = vector.expandload %m[%c8], %two_c, %pt : memref<10xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.compressstore: index 0 (%c8) has range [8, 8], but dimension 0 of memref<10xf32> has size 10 (valid indices for an access of 3 elements: [0, 7]); 3 elements are active along dimension 0 (a constant mask)}}
  vector.compressstore %m[%c8], %three_c, %c : memref<10xf32>, vector<4xi1>, vector<4xf32>
  return
}

// -----

// A 2-D constant mask: rows and columns each by their own size.
func.func @constant_mask_2d(%m: memref<6x10xf32>, %pt: vector<4x4xf32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %fits = vector.constant_mask [2, 2] : vector<4x4xi1>
  %rows = vector.constant_mask [3, 2] : vector<4x4xi1>
  // expected-remark @below {{vector.maskedload: in bounds (proven)}}
  %a = vector.maskedload %m[%c4, %c8], %fits, %pt : memref<6x10xf32>, vector<4x4xi1>, vector<4x4xf32> into vector<4x4xf32>
  // expected-remark @below {{not proven in bounds: vector.maskedload: index 0 (%c4) has range [4, 4], but dimension 0 of memref<6x10xf32> has size 6 (valid indices for an access of 3 elements: [0, 3]); 3 elements are active along dimension 0 (a constant mask)}}
  %b = vector.maskedload %m[%c4, %c8], %rows, %pt : memref<6x10xf32>, vector<4x4xi1>, vector<4x4xf32> into vector<4x4xf32>
  return
}

// -----

// Transfers: their own mask, an enclosing vector.mask's, and a 2-D mask.
func.func @transfers(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c4 {
    scf.for %j = %c0 to %cols step %c8 {
      %ri = arith.subi %rows, %i : index
      %rj = arith.subi %cols, %j : index
      %mask = vector.create_mask %rj : vector<8xi1>
      // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
      %v = vector.transfer_read %m[%i, %j], %pad, %mask : memref<?x?xf32>, vector<8xf32>
      // expected-remark @below {{vector.transfer_write: in bounds (proven)}}
      vector.transfer_write %v, %m[%i, %j], %mask : vector<8xf32>, memref<?x?xf32>
      // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
      %w = vector.mask %mask { vector.transfer_read %m[%i, %j], %pad : memref<?x?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
      // expected-remark @below {{vector.transfer_write: in bounds (proven)}}
      vector.mask %mask { vector.transfer_write %w, %m[%i, %j] : vector<8xf32>, memref<?x?xf32> } : vector<8xi1>
      %tile = vector.create_mask %ri, %rj : vector<4x8xi1>
      // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
      %t = vector.transfer_read %m[%i, %j], %pad, %tile : memref<?x?xf32>, vector<4x8xf32>
    }
  }
  return
}

// -----

// A permutation map: the mask runs along the memref dimensions the map
// names, in their order (rows, then columns), whatever vector dimension
// reads them. Masking the rows with the columns' remainder is a near miss.
func.func @transposed(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c4 {
    scf.for %j = %c0 to %cols step %c8 {
      %ri = arith.subi %rows, %i : index
      %rj = arith.subi %cols, %j : index
      %tile = vector.create_mask %ri, %rj : vector<4x8xi1>
      // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
      %t = vector.transfer_read %m[%i, %j], %pad, %tile {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<8x4xf32>
      %col_mask = vector.create_mask %rj : vector<8xi1>
      // expected-remark @below {{not proven in bounds: vector.transfer_read: cannot show %arg1 + %1 <= dim(%arg0, 0) when 1 <= %1: }}
      %u = vector.transfer_read %m[%i, %j], %pad, %col_mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<8xf32>
    }
  }
  return
}

// -----

// Masks that are not read: every lane may be active, and the reason names
// the mask.
func.func @unread(%m: memref<?xf32>, %given: vector<8xi1>, %pt: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %j = %c0 to %n step %c8 {
    %rem = arith.subi %n, %j : index
    %prefix = vector.create_mask %rem : vector<8xi1>
    %both = arith.andi %prefix, %given : vector<8xi1>
    // expected-remark @below {{the mask %arg1 is a block argument, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
    %a = vector.maskedload %m[%j], %given, %pt : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    // expected-remark @below {{the mask %2 is arith.andi, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
    vector.maskedstore %m[%j], %both, %a : memref<?xf32>, vector<8xi1>, vector<8xf32>
  }
  return
}

// -----

// The lowering compares lanes against a create_mask bound truncated to 32
// bits, so a bound below -2^31 may activate lanes: the proof needs a
// lower bound on it (here -100), or the whole vector to fit.
func.func @bound_below(%m: memref<?xf32>, %b: index, %pt: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %c_100 = arith.constant -100 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %mask = vector.create_mask %b : vector<8xi1>
  %le = arith.cmpi sle, %b, %n : index
  scf.if %le {
    // expected-remark @below {{not proven in bounds: vector.maskedload: cannot show 8 <= dim(%arg0, 0) when %arg1 + 2147483649 <= 0: }}
    %a = vector.maskedload %m[%c0], %mask, %pt : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  }
  %ge = arith.cmpi sge, %b, %c_100 : index
  %both = arith.andi %le, %ge : i1
  scf.if %both {
    // expected-remark @below {{vector.maskedload: in bounds (proven)}}
    %a = vector.maskedload %m[%c0], %mask, %pt : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  }
  return
}
