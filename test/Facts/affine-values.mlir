// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// affine.apply / affine.min / affine.max as tiling and linalg lowering
// emit them: each result of the map is a linear form
// over the operands (sums, multiples by constants), read as exact only
// when every sub-sum the lowering's wrapping arithmetic may compute is
// shown in range (by the operands' ranges, else by relational no-wrap
// proofs); min is at most every result and equals one of them, max dually.
// Each proven case has a near miss with an input that breaks it.

// A 1-D tile: %sz = min(4, D - %i), the subview [%i, %i + %sz) stays in
// the buffer, and so does %i + %j for %j < %sz (a window index).
#tile = affine_map<(d0)[s0] -> (4, -d0 + s0)>
#sum = affine_map<(d0, d1) -> (d0 + d1)>
func.func @tile(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c4 {
    %sz = affine.min #tile(%i)[%d]
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %t = memref.subview %a[%i] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %sz step %c1 {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %v = memref.load %t[%j] : memref<?xf32, strided<[1], offset: ?>>
      %k = affine.apply #sum(%i, %j)
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %w = memref.load %a[%k] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: a min that can exceed the buffer by one (D = 1, %i = 0:
// %sz = 2, the subview [0, 2) of a 1-element buffer).
#tile = affine_map<(d0)[s0] -> (4, -d0 + s0 + 1)>
func.func @tile_too_big(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c4 {
    %sz = affine.min #tile(%i)[%d]
    // expected-remark @below {{not proven in bounds: memref.subview}}
    %t = memref.subview %a[%i] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// A 1-D convolution window: out[i] += x[i + j] * k[j], guarded by
// dim(x) == dim(out) + dim(k) - 1; the near miss has no guard (out = 2,
// k = 2, x = 1 reads x[1]).
#sum = affine_map<(d0, d1) -> (d0 + d1)>
func.func @conv(%x: memref<?xf32>, %k: memref<?xf32>, %o: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %do = memref.dim %o, %c0 : memref<?xf32>
  %dk = memref.dim %k, %c0 : memref<?xf32>
  %dx = memref.dim %x, %c0 : memref<?xf32>
  %s = arith.addi %do, %dk : index
  %s1 = arith.subi %s, %c1 : index
  %ok = arith.cmpi eq, %s1, %dx : index
  scf.if %ok {
    scf.for %i = %c0 to %do step %c1 {
      scf.for %j = %c0 to %dk step %c1 {
        %idx = affine.apply #sum(%i, %j)
        // expected-remark @below {{memref.load: in bounds (proven)}}
        %v = memref.load %x[%idx] : memref<?xf32>
      }
    }
  }
  scf.for %i = %c0 to %do step %c1 {
    scf.for %j = %c0 to %dk step %c1 {
      %idx = affine.apply #sum(%i, %j)
      // expected-remark @below {{not proven in bounds: memref.load}}
      %v = memref.load %x[%idx] : memref<?xf32>
    }
  }
  return
}

// -----

// max(0, %i - 2) is in [0, %i]; the near miss max(-1, %i - 2) is -1 for
// %i = 0.
#clamp = affine_map<(d0) -> (0, d0 - 2)>
#loose = affine_map<(d0) -> (-1, d0 - 2)>
func.func @clamped(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    %m = affine.max #clamp(%i)
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %v = memref.load %a[%m] : memref<?xf32>
    %n = affine.max #loose(%i)
    // expected-remark @below {{not proven in bounds: memref.load}}
    %w = memref.load %a[%n] : memref<?xf32>
  }
  return
}

// -----

// affine-loop-tile's inner loop: from %i to min(%i + 4, D).
func.func @affine_tile(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  affine.for %i = 0 to %d step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%d] {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %v = affine.load %a[%j] : memref<?xf32>
    }
    // Near miss: without D in the min (D = 1 reads a[1]).
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
      // expected-remark @below {{not proven in bounds: affine.load}}
      %v = affine.load %a[%j] : memref<?xf32>
    }
  }
  return
}

// -----

// A tile of a 2-D buffer, whose sizes have no buffer-size cap (another
// dimension may be 0): min(D0 - %i, 4) is exact because D0 - %i is in
// range (0 <= %i < D0, both w-bit values), shown relationally.
#tile = affine_map<(d0)[s0] -> (-d0 + s0, 4)>
func.func @tile2d(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c4 {
    %sz = affine.min #tile(%i)[%d0]
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %s = memref.subview %a[%i, 0] [%sz, %d1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  }
  return
}
