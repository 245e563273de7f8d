// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// Tiles whose bounds are multiples of the step,
// as scf-for-loop-peeling and tile_using_forall make them: an scf.for,
// affine.for or scf.forall with a constant step s >= 2 has body values
// lb + s * it (it >= 0 an integer), and an affine result `(e floordiv m) *
// c` or `e ceildiv m` is c times an integer quotient q with the floor (or
// ceiling) relations. Over the integers `4 it < 4 q` is `4 it + 4 <= 4 q`,
// which proves a full tile in bounds. Near misses: a tile one wider than
// the step, a tile of another buffer, a bound not a multiple of the step,
// the next tile's start.

// The main loop of a peeled tiling: full tiles of 4 up to (D floordiv 4) * 4.
func.func @peeled(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %main step %c4 {
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %t = memref.subview %a[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    // expected-remark @below {{not proven in bounds: memref.subview}}
    %u = memref.subview %a[%i] [5] [1] : memref<?xf32> to memref<5xf32, strided<[1], offset: ?>>
    // expected-remark @below {{not proven in bounds: memref.subview}}
    %v = memref.subview %b[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  }
  // Near miss: the bound D itself is not a multiple of 4.
  scf.for %i = %c0 to %d step %c4 {
    // expected-remark @below {{not proven in bounds: memref.subview}}
    %t = memref.subview %a[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// The same with affine.for (affine-loop-tile's full tiles) and a ceildiv
// count: tile_using_forall's `forall (%t) in (D ceildiv 4)` with offset
// 4 * %t: every tile starts in bounds, 4 t <= 4 (q - 1) <= D - 1.
func.func @forall_tiles(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 8) * 8)>()[%d]
  affine.for %i = 0 to %main step 8 {
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %t = memref.subview %a[%i] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1], offset: ?>>
  }
  %n = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%d]
  scf.forall (%t) in (%n) {
    %o = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %sz = affine.min affine_map<(d0)[s0] -> (d0 * -4 + s0, 4)>(%t)[%d]
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %s = memref.subview %a[%o] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%o] : memref<?xf32>
  }
  // Near miss: the next tile's start, 4 * %t + 4, is past the end in the
  // last tile.
  scf.forall (%t) in (%n) {
    %o = affine.apply affine_map<(d0) -> (d0 * 4 + 4)>(%t)
    // expected-remark @below {{not proven in bounds: memref.load}}
    %x = memref.load %a[%o] : memref<?xf32>
  }
  return
}

// -----

// The dividend's numeric range does not keep (L floordiv 4) * 4 from
// wrapping when L = (D - K) + 1 (the sum may wrap, as far as ranges
// know); a guard K <= D, read by the relational prover, makes 0 <= L, and
// then 0 <= 4 q <= L. Near miss: tiles up to ((L + 4) floordiv 4) * 4,
// which may pass L.
func.func @guarded_dividend(%a: memref<?xf32>, %w: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %k = memref.dim %w, %c0 : memref<?xf32>
  %ok = arith.cmpi sle, %k, %d : index
  scf.if %ok {
    %diff = arith.subi %d, %k : index
    %n = arith.addi %diff, %c1 : index
    %out = memref.alloc(%n) : memref<?xf32>
    %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%n]
    scf.for %i = %c0 to %main step %c4 {
      // expected-remark @below {{memref.subview: in bounds (proven)}}
      %t = memref.subview %out[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    }
    %over = affine.apply affine_map<()[s0] -> (((s0 + 4) floordiv 4) * 4)>()[%n]
    scf.for %i = %c0 to %over step %c4 {
      // expected-remark @below {{not proven in bounds: memref.subview}}
      %t = memref.subview %out[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    }
  }
  return
}
