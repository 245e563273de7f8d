// RUN: %loom-opt %s --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'
// RUN: %loom-opt %s --split-input-file -o /dev/null --pass-pipeline='builtin.module(loom-report)' 2>/dev/null | FileCheck %s --check-prefix=REPORT

// Type features of the accessed memref and vector that change what an
// access covers: each is either taken into account or makes the access
// unproven with a reason, never wrongly proven. loom-report (REPORT) agrees
// with loom-verify-bounds on them. (Its stderr is dropped: without
// --verify-diagnostics, MLIR lists the expected-remark lines it did not
// see; the exit status still counts.)

// A scalable dimension reads 4 × vscale elements, and vscale (>= 1) is only
// known at run time: with no vscale_range on the function it has no upper
// bound, so no scalable access is proven, even at index 0 of a large
// memref. (vscale = 2 already takes the first load out of bounds.)
// REPORT: {"function": "scalable_unbounded", "loc": "{{.*}}", "op": "vector.load", "status": "unproven", "reason": "vector.load: index 0 (%c4) has range [4, 4], but the access reads 4 × vscale elements along dimension 0 of memref<8xf32> (size 8) and vscale has no known upper bound (function @scalable_unbounded has no vscale_range attribute)"},
// REPORT-NEXT: {"function": "scalable_unbounded", {{.*}} "status": "unproven"
// REPORT-NEXT: {"function": "scalable_unbounded", {{.*}} "status": "unproven"
// REPORT-NEXT: {"function": "scalable_unbounded", {{.*}} "op": "vector.load", "status": "proven"}],
func.func @scalable_unbounded(%m: memref<8xf32>, %big: memref<4096xf32>, %m2: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{not proven in bounds: vector.load: index 0 (%c4) has range [4, 4], but the access reads 4 × vscale elements along dimension 0 of memref<8xf32> (size 8) and vscale has no known upper bound (function @scalable_unbounded has no vscale_range attribute)}}
  %v = vector.load %m[%c4] : memref<8xf32>, vector<[4]xf32>
  // expected-remark @below {{vector.store: index 0 (%c0) has range [0, 0], but the access reads 4 × vscale elements along dimension 0 of memref<4096xf32> (size 4096) and vscale has no known upper bound}}
  vector.store %v, %big[%c0] : memref<4096xf32>, vector<[4]xf32>
  // A fixed-size dimension of a scalable vector is not scalable, but the
  // scalable one still decides.
  // expected-remark @below {{vector.load: index 1 (%c0) has range [0, 0], but the access reads 4 × vscale elements along dimension 1 of memref<4x8xf32> (size 8) and vscale has no known upper bound}}
  %w = vector.load %m2[%c0, %c0] : memref<4x8xf32>, vector<2x[4]xf32>
  // Fixed-size vectors are unaffected.
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %x = vector.load %m[%c4] : memref<8xf32>, vector<4xf32>
  return
}

// -----

// With vscale_range on the func.func (FuncToLLVM turns it into the
// llvm.func's vscale_range, which LLVM may rely on), vscale <= 16: a
// vector<[4]xf32> covers at most 64 elements.
// REPORT: {"function": "scalable_bounded", {{.*}} "op": "vector.load", "status": "proven"},
// REPORT-NEXT: {"function": "scalable_bounded", {{.*}} "status": "unproven", "reason": "vector.load: index 0 (%c1) has range [1, 1], but dimension 0 of memref<64xf32> has size 64 (valid indices for an access of 4 × vscale elements, up to 64 with vscale <= 16: [0, 0])"},
func.func @scalable_bounded(%m: memref<64xf32>, %m2: memref<4x64xf32>) attributes {vscale_range = #llvm.vscale_range<minRange = 1 : i32, maxRange = 16 : i32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %a = vector.load %m[%c0] : memref<64xf32>, vector<[4]xf32>
  // expected-remark @below {{not proven in bounds: vector.load: index 0 (%c1) has range [1, 1], but dimension 0 of memref<64xf32> has size 64 (valid indices for an access of 4 × vscale elements, up to 64 with vscale <= 16: [0, 0])}}
  %b = vector.load %m[%c1] : memref<64xf32>, vector<[4]xf32>
  // Each dimension of a 2-D vector with its own extent: [2] along dim 1
  // covers at most 32 of 64, 2 along dim 0 covers 2 of 4.
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %c = vector.load %m2[%c2, %c0] : memref<4x64xf32>, vector<2x[2]xf32>
  // expected-remark @below {{not proven in bounds: vector.load: index 0 (%c3) has range [3, 3], but dimension 0 of memref<4x64xf32> has size 4 (valid indices for an access of 2 elements: [0, 2])}}
  %d = vector.load %m2[%c3, %c0] : memref<4x64xf32>, vector<2x[2]xf32>
  // [2] along dim 0 covers up to 32 rows of 4.
  // expected-remark @below {{not proven in bounds: vector.load: index 0 (%c0) has range [0, 0], but dimension 0 of memref<4x64xf32> has size 4 (valid indices for an access of 2 × vscale elements, up to 32 with vscale <= 16: none)}}
  %e = vector.load %m2[%c0, %c0] : memref<4x64xf32>, vector<[2]x4xf32>
  return
}

// -----

// vscale_range of an llvm.func (its property) bounds vscale the same way,
// and loop facts combine with it: the body sees %i in [0, 32], and with
// vscale <= 4 a vector<[4]xf32> covers at most 16 of the 48 elements.
llvm.func @scalable_llvm_func() vscale_range(1, 4) {
  %m = memref.alloca() : memref<48xf32>
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %c33 = arith.constant 33 : index
  loom.for %i = %c0 to %c48 step %c16 token(%t) : index {
    // expected-remark @below {{vector.load: in bounds (proven)}}
    %v = vector.load %m[%i] : memref<48xf32>, vector<[4]xf32>
    loom.yield
  }
  // expected-remark @below {{not proven in bounds: vector.load: index 0 (%c33) has range [33, 33], but dimension 0 of memref<48xf32> has size 48 (valid indices for an access of 4 × vscale elements, up to 16 with vscale <= 4: [0, 32])}}
  %w = vector.load %m[%c33] : memref<48xf32>, vector<[4]xf32>
  llvm.return
}

// -----

// `llvm.vscale_range` on a func.func is a discardable attribute nothing
// lowers to the target (FuncToLLVM only carries `vscale_range`): it is no
// bound.
func.func @scalable_wrong_spelling(%m: memref<64xf32>) attributes {llvm.vscale_range = #llvm.vscale_range<minRange = 1 : i32, maxRange = 16 : i32>} {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{vector.load: index 0 (%c0) has range [0, 0], but the access reads 4 × vscale elements along dimension 0 of memref<64xf32> (size 64) and vscale has no known upper bound (function @scalable_wrong_spelling has llvm.vscale_range, which is not lowered to the target: the attribute is vscale_range)}}
  %a = vector.load %m[%c0] : memref<64xf32>, vector<[4]xf32>
  return
}

// -----

// maxRange = 0 means "no maximum" (as vscale_range(1, 0) in LLVM IR).
func.func @scalable_no_max(%m: memref<64xf32>) attributes {vscale_range = #llvm.vscale_range<minRange = 1 : i32, maxRange = 0 : i32>} {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{and vscale has no known upper bound (function @scalable_no_max: its vscale_range #llvm.vscale_range<minRange = 1 : i32, maxRange = 0 : i32> has maxRange = 0, which means no upper bound)}}
  %a = vector.load %m[%c0] : memref<64xf32>, vector<[4]xf32>
  return
}

// -----

// vector.transfer_read/write are accesses too. `in_bounds = [true]` is the
// op's own claim (undefined behaviour if false), never a proof: the
// footprint is proven like a vector.load's, and when it is not, the message
// says the claim was not relied on.
// REPORT: {"function": "transfer_in_bounds", {{.*}} "op": "vector.transfer_read", "status": "proven"},
// REPORT-NEXT: {"function": "transfer_in_bounds", {{.*}} "op": "vector.transfer_read", "status": "unproven", "reason": "vector.transfer_read: index 1 (%c5) has range [5, 5], but dimension 1 of memref<4x8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); in_bounds = true for vector dimension 0 is the op's claim, not a proof"},
func.func @transfer_in_bounds(%m: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %pad = arith.constant 0.0 : f32
  // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
  %a = vector.transfer_read %m[%c0, %c4], %pad {in_bounds = [true]} : memref<4x8xf32>, vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 1 (%c5) has range [5, 5], but dimension 1 of memref<4x8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); in_bounds = true for vector dimension 0 is the op's claim, not a proof}}
  %b = vector.transfer_read %m[%c0, %c5], %pad {in_bounds = [true]} : memref<4x8xf32>, vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.transfer_write: index 1 (%c5) has range [5, 5], but dimension 1 of memref<4x8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); in_bounds = true for vector dimension 0 is the op's claim, not a proof}}
  vector.transfer_write %a, %m[%c0, %c5] {in_bounds = [true]} : vector<4xf32>, memref<4x8xf32>
  // Without the claim (in_bounds = [false]) the same footprint is unproven.
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 1 (%c5) has range [5, 5], but dimension 1 of memref<4x8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4])}}
  %c = vector.transfer_read %m[%c0, %c5], %pad : memref<4x8xf32>, vector<4xf32>
  // The non-vector dimension must be in bounds too.
  // expected-remark @below {{not proven in bounds: vector.transfer_write: index 0 (%c4) has range [4, 4], but dimension 0 of memref<4x8xf32> has size 4 (valid indices: [0, 3])}}
  vector.transfer_write %a, %m[%c4, %c0] {in_bounds = [true]} : vector<4xf32>, memref<4x8xf32>
  return
}

// -----

// The typical scalable transfer: the in_bounds claim does not make it
// proven, vscale's missing bound is the reason.
func.func @transfer_scalable(%m: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 1 (%c0) has range [0, 0], but the access reads 4 × vscale elements along dimension 1 of memref<4x8xf32> (size 8) and vscale has no known upper bound (function @transfer_scalable has no vscale_range attribute); in_bounds = true for vector dimension 0 is the op's claim, not a proof}}
  %a = vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true]} : memref<4x8xf32>, vector<[4]xf32>
  return
}

// -----

// A transfer's permutation map says which memref dimension each vector
// dimension runs along; a broadcast (0) result reads one element.
func.func @transfer_permutation(%m: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %pad = arith.constant 0.0 : f32
  // A column: 4 rows from row 0.
  // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
  %a = vector.transfer_read %m[%c0, %c7], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x8xf32>, vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 0 (%c1) has range [1, 1], but dimension 0 of memref<4x8xf32> has size 4 (valid indices for an access of 4 elements: [0, 0])}}
  %b = vector.transfer_read %m[%c1, %c7], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x8xf32>, vector<4xf32>
  // A transpose: vector dim 0 (8) along memref dim 1, vector dim 1 (4) along dim 0.
  // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
  %c = vector.transfer_read %m[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<8x4xf32>
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 1 (%c1) has range [1, 1], but dimension 1 of memref<4x8xf32> has size 8 (valid indices for an access of 8 elements: [0, 0])}}
  %d = vector.transfer_read %m[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<8x4xf32>
  // A broadcast reads the one element at the indices.
  // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
  %e = vector.transfer_read %m[%c0, %c7], %pad {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

// Transfers on tensors touch no memory: they are not accesses (no remark).
func.func @transfer_tensor(%t: tensor<4x8xf32>) -> vector<4xf32> {
  %c7 = arith.constant 7 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %t[%c7, %c7], %pad : tensor<4x8xf32>, vector<4xf32>
  return %a : vector<4xf32>
}

// -----

// A mask that is not a vector.create_mask or vector.constant_mask (here a
// function argument) is not read: masked-off lanes touch no memory, but
// which lanes are on is not known, so the whole vector must fit (then the
// access is in bounds whatever the mask). Masks that are read:
// vector-masks.mlir.
func.func @masked(%m: memref<8xf32>, %mask: vector<4xi1>, %pt: vector<4xf32>) {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %pad = arith.constant 0.0 : f32
  // expected-remark @below {{vector.maskedload: in bounds (proven)}}
  %a = vector.maskedload %m[%c4], %mask, %pt : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.maskedload: index 0 (%c5) has range [5, 5], but dimension 0 of memref<8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); the mask %arg1 is a block argument, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
  %b = vector.maskedload %m[%c5], %mask, %pt : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expected-remark @below {{vector.maskedstore: in bounds (proven)}}
  vector.maskedstore %m[%c4], %mask, %pt : memref<8xf32>, vector<4xi1>, vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.maskedstore: index 0 (%c5) has range [5, 5], but dimension 0 of memref<8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); the mask %arg1 is a block argument, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
  vector.maskedstore %m[%c5], %mask, %pt : memref<8xf32>, vector<4xi1>, vector<4xf32>
  // expand/compress touch at most as many consecutive elements as lanes.
  // expected-remark @below {{vector.expandload: index 0 (%c5) has range [5, 5], but dimension 0 of memref<8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); the mask %arg1 is a block argument, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
  %c = vector.expandload %m[%c5], %mask, %pt : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expected-remark @below {{vector.compressstore: in bounds (proven)}}
  vector.compressstore %m[%c4], %mask, %pt : memref<8xf32>, vector<4xi1>, vector<4xf32>
  // A transfer's own mask, and the mask of an enclosing vector.mask.
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 0 (%c5) has range [5, 5], but dimension 0 of memref<8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); the mask %arg1 is a block argument, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
  %d = vector.transfer_read %m[%c5], %pad, %mask : memref<8xf32>, vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 0 (%c5) has range [5, 5], but dimension 0 of memref<8xf32> has size 8 (valid indices for an access of 4 elements: [0, 4]); the enclosing vector.mask's mask %arg1 is a block argument, not a vector.create_mask or vector.constant_mask: every lane may be active, so the whole vector must fit}}
  %e = vector.mask %mask { vector.transfer_read %m[%c5], %pad : memref<8xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return
}

// -----

// A memref of vectors: vector.load/store of the element type move one
// element, not a vector's worth of elements (so a scalable element is in
// bounds whatever vscale is); a transfer's trailing vector dims are the
// element's.
func.func @vector_elements(%m: memref<4xvector<8xf32>>, %s: memref<4xvector<[4]xf32>>, %pad: vector<8xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %a = vector.load %m[%c3] : memref<4xvector<8xf32>>, vector<8xf32>
  // expected-remark @below {{not proven in bounds: vector.load: index 0 (%c4) has range [4, 4], but dimension 0 of memref<4xvector<8xf32>> has size 4 (valid indices: [0, 3])}}
  %b = vector.load %m[%c4] : memref<4xvector<8xf32>>, vector<8xf32>
  // expected-remark @below {{vector.store: in bounds (proven)}}
  vector.store %a, %m[%c3] : memref<4xvector<8xf32>>, vector<8xf32>
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %c = vector.load %s[%c3] : memref<4xvector<[4]xf32>>, vector<[4]xf32>
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %d = memref.load %s[%c3] : memref<4xvector<[4]xf32>>
  // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
  %e = vector.transfer_read %m[%c2], %pad {in_bounds = [true]} : memref<4xvector<8xf32>>, vector<2x8xf32>
  // expected-remark @below {{not proven in bounds: vector.transfer_read: index 0 (%c3) has range [3, 3], but dimension 0 of memref<4xvector<8xf32>> has size 4 (valid indices for an access of 2 elements: [0, 2]); in_bounds = true for vector dimension 0 is the op's claim, not a proof}}
  %f = vector.transfer_read %m[%c3], %pad {in_bounds = [true]} : memref<4xvector<8xf32>>, vector<2x8xf32>
  return
}

// -----

// A dimension of size 0 has no valid index: nothing is in bounds.
func.func @zero_size(%z: memref<0xf32>, %z2: memref<4x0xf32>, %v: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{not proven in bounds: memref.load: index 0 (%c0) has range [0, 0], but dimension 0 of memref<0xf32> has size 0 (valid indices: none)}}
  %x = memref.load %z[%c0] : memref<0xf32>
  // expected-remark @below {{not proven in bounds: memref.store: index 1 (%c0) has range [0, 0], but dimension 1 of memref<4x0xf32> has size 0 (valid indices: none)}}
  memref.store %x, %z2[%c0, %c0] : memref<4x0xf32>
  // expected-remark @below {{not proven in bounds: vector.store: index 0 (%c0) has range [0, 0], but dimension 0 of memref<0xf32> has size 0 (valid indices for an access of 4 elements: none)}}
  vector.store %v, %z[%c0] : memref<0xf32>, vector<4xf32>
  return
}

// -----

// A rank-0 memref holds one element and takes no index: always in bounds
// (also when that element is a scalable vector).
func.func @rank_zero(%r: memref<f32>, %s: memref<vector<[4]xf32>>) {
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %x = memref.load %r[] : memref<f32>
  // expected-remark @below {{memref.store: in bounds (proven)}}
  memref.store %x, %r[] : memref<f32>
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %y = memref.load %s[] : memref<vector<[4]xf32>>
  return
}

// -----

// Layouts do not change which indices are valid: indices are logical
// (the layout maps them to memory afterwards), so the logical shape bounds
// them for strided and affine-map layouts alike.
func.func @layouts(%s: memref<8xf32, strided<[2], offset: ?>>, %t: memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, %u: memref<4x8xf32, strided<[16, 1], offset: 3>>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %a = memref.load %s[%c7] : memref<8xf32, strided<[2], offset: ?>>
  // expected-remark @below {{not proven in bounds: memref.load: index 0 (%c8) has range [8, 8], but dimension 0 of memref<8xf32, strided<[2], offset: ?>> has size 8 (valid indices: [0, 7])}}
  %b = memref.load %s[%c8] : memref<8xf32, strided<[2], offset: ?>>
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %c = memref.load %t[%c3, %c7] : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  // expected-remark @below {{not proven in bounds: memref.load: index 0 (%c4) has range [4, 4], but dimension 0 of memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>> has size 4 (valid indices: [0, 3])}}
  %d = memref.load %t[%c4, %c0] : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  // expected-remark @below {{vector.load: in bounds (proven)}}
  %e = vector.load %u[%c3, %c4] : memref<4x8xf32, strided<[16, 1], offset: 3>>, vector<4xf32>
  // expected-remark @below {{not proven in bounds: vector.load: index 1 (%c7) has range [7, 7], but dimension 1 of memref<4x8xf32, strided<[16, 1], offset: 3>> has size 8 (valid indices for an access of 4 elements: [0, 4])}}
  %f = vector.load %u[%c3, %c7] : memref<4x8xf32, strided<[16, 1], offset: 3>>, vector<4xf32>
  return
}
