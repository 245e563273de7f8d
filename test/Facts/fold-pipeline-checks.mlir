// RUN: %mlir-opt %s --lower-affine --generate-runtime-verification | %loom-opt --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' | FileCheck %s

// On the IR of upstream's tiling pipelines after
// lower-affine, --generate-runtime-verification's checks in front of the
// accesses and subviews loom proves fold away (loom-fold-loop-facts, then
// canonicalize), and those in front of near misses stay. lower-affine
// expands `(D floordiv 4) * 4` into arith (the select-ended division
// semantics::lowered_division reads), and the relational prover states it
// as the quotient the affine op has: the main loop of a peeled tiling
// then has only full tiles. (Upstream ops only: Debian's mlir-opt runs
// first, without loom's dialect.)

// CHECK-LABEL: func.func @peeled
// CHECK-NOT: cf.assert
// CHECK: return
func.func @peeled(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %main = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %main step %c4 {
    %t = memref.subview %a[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %c4 step %c4 {
      %x = memref.load %t[%j] : memref<4xf32, strided<[1], offset: ?>>
      memref.store %x, %a[%i] : memref<?xf32>
    }
  }
  return
}

// Near miss: the tiles go up to ((D + 3) floordiv 4) * 4, past D when D
// is not a multiple of 4: the subview's check stays.
// CHECK-LABEL: func.func @overrun
// CHECK: cf.assert {{.*}}memref.subview
// CHECK: return
func.func @overrun(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %over = affine.apply affine_map<()[s0] -> (((s0 + 3) floordiv 4) * 4)>()[%d]
  scf.for %i = %c0 to %over step %c4 {
    %t = memref.subview %a[%i] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  }
  return
}

// A 2-D convolution's input tiles, as tile_using_for makes them (sizes
// from affine.min, windows of size + kernel - 1), guarded by the shape
// agreement of both spatial dims: every check of the window subview
// folds. Deciding each needs the case splits of its own dim (its min, and
// the `size == 0` branch the check sits in) among those of the others
// (only the splits that share a quantity with the goal
// are tried).
// CHECK-LABEL: func.func @conv_window_tiles
// CHECK-NOT: cf.assert
// CHECK: return
func.func @conv_window_tiles(%in: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %in, %c0 : memref<?x?x?x?xf32>
  %h = memref.dim %in, %c1 : memref<?x?x?x?xf32>
  %w = memref.dim %in, %c2 : memref<?x?x?x?xf32>
  %ch = memref.dim %in, %c3 : memref<?x?x?x?xf32>
  %kh = memref.dim %k, %c0 : memref<?x?x?x?xf32>
  %kw = memref.dim %k, %c1 : memref<?x?x?x?xf32>
  %ok1 = arith.cmpi sle, %kh, %h : index
  %ok2 = arith.cmpi sle, %kw, %w : index
  %ok = arith.andi %ok1, %ok2 : i1
  scf.if %ok {
    %oh = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%h, %kh]
    %ow = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%w, %kw]
    scf.for %i = %c0 to %n step %c4 {
      scf.for %j = %c0 to %oh step %c3 {
        scf.for %l = %c0 to %ow step %c5 {
          %si = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 4)>(%i)[%n]
          %sj = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 3)>(%j)[%oh]
          %sl = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 5)>(%l)[%ow]
          %wj = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sj)[%kh]
          %wl = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sl)[%kw]
          %t = memref.subview %in[%i, %j, %l, 0] [%si, %wj, %wl, %ch] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
        }
      }
    }
  }
  return
}

// Near miss: a window one element too wide runs past the input's dim 2
// on the last tile (and its offset past the end when the kernel is
// empty): those checks stay.
// CHECK-LABEL: func.func @conv_window_overrun
// CHECK: cf.assert {{.*}}subview runs out-of-bounds along dimension 2
// CHECK: return
func.func @conv_window_overrun(%in: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %in, %c0 : memref<?x?x?x?xf32>
  %h = memref.dim %in, %c1 : memref<?x?x?x?xf32>
  %w = memref.dim %in, %c2 : memref<?x?x?x?xf32>
  %ch = memref.dim %in, %c3 : memref<?x?x?x?xf32>
  %kh = memref.dim %k, %c0 : memref<?x?x?x?xf32>
  %kw = memref.dim %k, %c1 : memref<?x?x?x?xf32>
  %ok1 = arith.cmpi sle, %kh, %h : index
  %ok2 = arith.cmpi sle, %kw, %w : index
  %ok = arith.andi %ok1, %ok2 : i1
  scf.if %ok {
    %oh = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%h, %kh]
    %ow = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%w, %kw]
    scf.for %i = %c0 to %n step %c4 {
      scf.for %j = %c0 to %oh step %c3 {
        scf.for %l = %c0 to %ow step %c5 {
          %si = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 4)>(%i)[%n]
          %sj = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 3)>(%j)[%oh]
          %sl = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 5)>(%l)[%ow]
          %wj = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sj)[%kh]
          %wl = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%sl)[%kw]
          %t = memref.subview %in[%i, %j, %l, 0] [%si, %wj, %wl, %ch] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
        }
      }
    }
  }
  return
}

// The remainder loops of a peeled 1-D convolution tiling
// (scf-for-loop-peeling on tile_using_for's loops): the outer one runs
// from (n divsi 4) * 4 to n, the inner one from (k divsi 3) * 3 to k.
// The window's offset %i + %j is non-negative because both quotients
// are: n and k are, and over the integers 3 q + 2 >= k >= 0 gives q >= 0,
// which elimination alone loses when it combines the two loops' facts
// before rounding (solver: the propagated bounds). Its end is the input's
// last element under the guard.
// CHECK-LABEL: func.func @peeled_window_remainder
// CHECK-NOT: cf.assert
// CHECK: return
func.func @peeled_window_remainder(%a: memref<?xf32>, %k: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %dk = memref.dim %k, %c0 : memref<?xf32>
  %da = memref.dim %a, %c0 : memref<?xf32>
  %fits = arith.cmpi sle, %dk, %da : index
  scf.if %fits {
    %d = arith.subi %da, %dk : index
    %n = arith.addi %d, %c1 : index
    %q = arith.divsi %n, %c4 : index
    %main = arith.muli %q, %c4 overflow<nsw> : index
    scf.for %i = %main to %n step %c4 {
      %qk = arith.divsi %dk, %c3 : index
      %mk = arith.muli %qk, %c3 overflow<nsw> : index
      scf.for %j = %mk to %dk step %c3 {
        %off = arith.addi %i, %j : index
        %ri = arith.subi %n, %i : index
        %rj = arith.subi %dk, %j : index
        %s = arith.addi %ri, %rj : index
        %size = arith.subi %s, %c1 : index
        %t = memref.subview %a[%off] [%size] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      }
    }
  }
  return
}

// Near miss: the inner remainder loop starts 3 too low; with a kernel of
// one element its first window starts at -3: the offset's check stays.
// CHECK-LABEL: func.func @peeled_window_remainder_below
// CHECK: cf.assert {{.*}}offset 0 is out-of-bounds
// CHECK: return
func.func @peeled_window_remainder_below(%a: memref<?xf32>, %k: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %dk = memref.dim %k, %c0 : memref<?xf32>
  %da = memref.dim %a, %c0 : memref<?xf32>
  %fits = arith.cmpi sle, %dk, %da : index
  scf.if %fits {
    %d = arith.subi %da, %dk : index
    %n = arith.addi %d, %c1 : index
    %q = arith.divsi %n, %c4 : index
    %main = arith.muli %q, %c4 overflow<nsw> : index
    scf.for %i = %main to %n step %c4 {
      %qk = arith.divsi %dk, %c3 : index
      %mk0 = arith.muli %qk, %c3 overflow<nsw> : index
      %mk = arith.subi %mk0, %c3 : index
      scf.for %j = %mk to %dk step %c3 {
        %off = arith.addi %i, %j : index
        %ri = arith.subi %n, %i : index
        %rj = arith.subi %dk, %j : index
        %s = arith.addi %ri, %rj : index
        %size = arith.subi %s, %c1 : index
        %t = memref.subview %a[%off] [%size] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      }
    }
  }
  return
}

// All three views of a 2-D convolution tile as tile_using_forall makes
// them (input window, filter, output tile), in one block: the output
// tile's checks come after the sixteen of the two views before it. A
// query states an earlier check's cf.assert only once the question meets
// a value that check compares, so those checks do not spend the query's
// atoms and case splits before its own facts are in: every check folds.
// CHECK-LABEL: func.func @conv_forall_views
// CHECK-NOT: cf.assert
// CHECK: return
func.func @conv_forall_views(%in: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %in, %c0 : memref<?x?x?x?xf32>
  %h = memref.dim %in, %c1 : memref<?x?x?x?xf32>
  %w = memref.dim %in, %c2 : memref<?x?x?x?xf32>
  %ch = memref.dim %in, %c3 : memref<?x?x?x?xf32>
  %kh = memref.dim %k, %c0 : memref<?x?x?x?xf32>
  %kw = memref.dim %k, %c1 : memref<?x?x?x?xf32>
  %kc = memref.dim %k, %c2 : memref<?x?x?x?xf32>
  %f = memref.dim %k, %c3 : memref<?x?x?x?xf32>
  %ok1 = arith.cmpi sle, %kh, %h : index
  %ok2 = arith.cmpi sle, %kw, %w : index
  %ok3 = arith.cmpi eq, %ch, %kc : index
  %ok12 = arith.andi %ok1, %ok2 : i1
  %ok = arith.andi %ok12, %ok3 : i1
  scf.if %ok {
    %oh = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%h, %kh]
    %ow = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%w, %kw]
    %out = memref.alloc(%n, %oh, %ow, %f) : memref<?x?x?x?xf32>
    %ti = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%n]
    %tj = affine.apply affine_map<()[s0] -> (s0 ceildiv 3)>()[%oh]
    %tl = affine.apply affine_map<()[s0] -> (s0 ceildiv 5)>()[%ow]
    scf.forall (%a0, %a1, %a2) in (%ti, %tj, %tl) {
      %i = affine.apply affine_map<(d0) -> (d0 * 4)>(%a0)
      %j = affine.apply affine_map<(d0) -> (d0 * 3)>(%a1)
      %l = affine.apply affine_map<(d0) -> (d0 * 5)>(%a2)
      %si = affine.min affine_map<(d0)[s0] -> (d0 * -4 + s0, 4)>(%a0)[%n]
      %sj = affine.min affine_map<(d0)[s0] -> (d0 * -3 + s0, 3)>(%a1)[%oh]
      %sl = affine.min affine_map<(d0)[s0] -> (d0 * -5 + s0, 5)>(%a2)[%ow]
      %wj = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sj)[%kh]
      %wl = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sl)[%kw]
      %t = memref.subview %in[%i, %j, %l, 0] [%si, %wj, %wl, %ch] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
      %tk = memref.subview %k[0, 0, 0, 0] [%kh, %kw, %kc, %f] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
      %to = memref.subview %out[%i, %j, %l, 0] [%si, %sj, %sl, %f] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
    }
  }
  return
}

// Near miss: the output tile is 5 wide in dim 2 where the last tile has
// fewer: its check along dimension 2 stays (and only the output's).
// CHECK-LABEL: func.func @conv_forall_views_overrun
// CHECK-NOT: cf.assert {{.*}}%subview =
// CHECK: cf.assert {{.*}}subview runs out-of-bounds along dimension 2
// CHECK-NOT: cf.assert
// CHECK: return
func.func @conv_forall_views_overrun(%in: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %in, %c0 : memref<?x?x?x?xf32>
  %h = memref.dim %in, %c1 : memref<?x?x?x?xf32>
  %w = memref.dim %in, %c2 : memref<?x?x?x?xf32>
  %ch = memref.dim %in, %c3 : memref<?x?x?x?xf32>
  %kh = memref.dim %k, %c0 : memref<?x?x?x?xf32>
  %kw = memref.dim %k, %c1 : memref<?x?x?x?xf32>
  %kc = memref.dim %k, %c2 : memref<?x?x?x?xf32>
  %f = memref.dim %k, %c3 : memref<?x?x?x?xf32>
  %ok1 = arith.cmpi sle, %kh, %h : index
  %ok2 = arith.cmpi sle, %kw, %w : index
  %ok3 = arith.cmpi eq, %ch, %kc : index
  %ok12 = arith.andi %ok1, %ok2 : i1
  %ok = arith.andi %ok12, %ok3 : i1
  scf.if %ok {
    %oh = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%h, %kh]
    %ow = affine.apply affine_map<()[s0, s1] -> (s0 - s1 + 1)>()[%w, %kw]
    %out = memref.alloc(%n, %oh, %ow, %f) : memref<?x?x?x?xf32>
    %ti = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%n]
    %tj = affine.apply affine_map<()[s0] -> (s0 ceildiv 3)>()[%oh]
    %tl = affine.apply affine_map<()[s0] -> (s0 ceildiv 5)>()[%ow]
    scf.forall (%a0, %a1, %a2) in (%ti, %tj, %tl) {
      %i = affine.apply affine_map<(d0) -> (d0 * 4)>(%a0)
      %j = affine.apply affine_map<(d0) -> (d0 * 3)>(%a1)
      %l = affine.apply affine_map<(d0) -> (d0 * 5)>(%a2)
      %si = affine.min affine_map<(d0)[s0] -> (d0 * -4 + s0, 4)>(%a0)[%n]
      %sj = affine.min affine_map<(d0)[s0] -> (d0 * -3 + s0, 3)>(%a1)[%oh]
      %sl = affine.min affine_map<(d0)[s0] -> (d0 * -5 + s0, 5)>(%a2)[%ow]
      %wj = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sj)[%kh]
      %wl = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - 1)>(%sl)[%kw]
      %t = memref.subview %in[%i, %j, %l, 0] [%si, %wj, %wl, %ch] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
      %tk = memref.subview %k[0, 0, 0, 0] [%kh, %kw, %kc, %f] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
      %to = memref.subview %out[%i, %j, %l, 0] [%si, %sj, %c5, %f] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
    }
  }
  return
}
