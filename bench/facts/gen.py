#!/usr/bin/env python3
"""Generates a module with N loops of mixed shapes for the loop-facts benchmark.

Usage: gen.py N [--symbolic | --pipeline] > out.mlir

--symbolic: most loops are bounded by buffer sizes and arguments (scf.for
to dim, %lb to %n, step 3 to dim, %lb to %lb + 8 nsw, scf.while i < %n, a
do-while to dim, a decreasing loop from dim - 1, and a 2-D nest over both
dims of a buffer), so the symbolic facts do most of the work.

--pipeline: loops of the shapes upstream MLIR pipelines produce:
a 2-D scf.parallel and a 2-D scf.forall over a buffer's dims, a copy into
a memref.alloc sized from those dims, a guarded 1-D convolution as
affine.for with affine.load windows (%i + %j) and a symbolic affine.apply
bound, a tile_using_for tile (step 4, affine.min size, memref.subview of a
subview), and an affine.for nest bounded by an affine.min map (the shape
affine-loop-tile makes), so that affine maps, parallel dimensions, sizes of
allocs and subviews and the relational prover's divisibility do the work.

Only upstream ops (scf, arith, index, memref, affine, func), so that
Debian's mlir-opt can parse the same module. Loops come in groups of 8 per function:
header-tested scf.while with a store at the counter, the seed's do-while
shape, scf.for, a decreasing i32 scf.while, an unknown (symbolic bound)
loop, an index-dialect loop, and an scf.while with an scf.for nested in its
body (2 loops).
"""
import sys

GROUP = 8


def group(k):
    b = 4 + k % 13  # vary constants a little
    return f"""
func.func @g{k}(%m: memref<64xi32>, %n: index, %v: i32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cb = arith.constant {b} : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i40 = arith.constant 40 : i32
  %w0 = scf.while (%x = %c0) : (index) -> index {{
    %c = arith.cmpi slt, %x, %cb : index
    scf.condition(%c) %x : index
  }} do {{
  ^bb0(%y: index):
    memref.store %v, %m[%y] : memref<64xi32>
    %nx = arith.addi %y, %c1 : index
    scf.yield %nx : index
  }}
  %t, %cand = scf.while (%b = %c0) : (index) -> (index, index) {{
    %nx = arith.addi %b, %c1 : index
    %k = arith.cmpi ult, %nx, %cb : index
    scf.condition(%k) %b, %nx : index, index
  }} do {{
  ^bb0(%s: index, %nn: index):
    %l = memref.load %m[%s] : memref<64xi32>
    scf.yield %nn : index
  }}
  scf.for %i = %c0 to %cb step %c1 {{
    memref.store %v, %m[%i] : memref<64xi32>
  }}
  %w1 = scf.while (%x = %i40) : (i32) -> i32 {{
    %c = arith.cmpi sgt, %x, %i0 : i32
    scf.condition(%c) %x : i32
  }} do {{
  ^bb0(%y: i32):
    %nx = arith.subi %y, %i1 : i32
    scf.yield %nx : i32
  }}
  %w2 = scf.while (%x = %c0) : (index) -> index {{
    %c = arith.cmpi slt, %x, %n : index
    scf.condition(%c) %x : index
  }} do {{
  ^bb0(%y: index):
    %nx = arith.addi %y, %c1 : index
    scf.yield %nx : index
  }}
  %e0 = index.constant 0
  %e4 = index.constant {b}
  %e1 = index.constant 1
  %w3 = scf.while (%x = %e0) : (index) -> index {{
    %c = index.cmp slt(%x, %e4)
    scf.condition(%c) %x : index
  }} do {{
  ^bb0(%y: index):
    %nx = index.add %y, %e1
    scf.yield %nx : index
  }}
  %w4 = scf.while (%x = %c0) : (index) -> index {{
    %c = arith.cmpi slt, %x, %cb : index
    scf.condition(%c) %x : index
  }} do {{
  ^bb0(%y: index):
    scf.for %j = %c0 to %cb step %c1 {{
      %l = memref.load %m[%j] : memref<64xi32>
    }}
    %nx = arith.addi %y, %c1 : index
    scf.yield %nx : index
  }}
  return
}}
"""


def symbolic_group(k):
    s = 2 + k % 3  # vary steps a little
    return f"""
func.func @s{k}(%a: memref<?x?xf32>, %b: memref<?xi32>, %lb: index, %n: index, %v: i32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cs = arith.constant {s} : index
  %c8 = arith.constant 8 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  %db = memref.dim %b, %c0 : memref<?xi32>
  scf.for %i = %c0 to %db step %c1 {{
    memref.store %v, %b[%i] : memref<?xi32>
  }}
  scf.for %i = %lb to %n step %c1 {{
  }}
  scf.for %i = %c0 to %db step %cs {{
  }}
  %ub = arith.addi %lb, %c8 overflow<nsw> : index
  scf.for %i = %lb to %ub step %c1 {{
  }}
  %w0 = scf.while (%x = %c0) : (index) -> index {{
    %c = arith.cmpi slt, %x, %n : index
    scf.condition(%c) %x : index
  }} do {{
  ^bb0(%y: index):
    %nx = arith.addi %y, %c1 : index
    scf.yield %nx : index
  }}
  %t, %cand = scf.while (%x = %c0) : (index) -> (index, index) {{
    %nx = arith.addi %x, %c1 : index
    %k = arith.cmpi slt, %nx, %db : index
    scf.condition(%k) %x, %nx : index, index
  }} do {{
  ^bb0(%y: index, %yn: index):
    scf.yield %yn : index
  }}
  %top = arith.subi %db, %c1 : index
  %w1 = scf.while (%x = %top) : (index) -> index {{
    %c = arith.cmpi sge, %x, %c0 : index
    scf.condition(%c) %x : index
  }} do {{
  ^bb0(%y: index):
    %nx = arith.subi %y, %c1 : index
    scf.yield %nx : index
  }}
  scf.for %i = %c0 to %d0 step %c1 {{
    scf.for %j = %c0 to %d1 step %c1 {{
    }}
  }}
  return
}}
"""


SYMBOLIC_GROUP = 9

PIPELINE_MAPS = """
#pl_min4 = affine_map<(d0)[s0] -> (4, s0 - d0)>
#pl_min2 = affine_map<(d0)[s0] -> (2, s0 - d0)>
#pl_out = affine_map<()[s0, s1] -> (s0 - s1 + 1)>
#pl_id = affine_map<(d0) -> (d0)>
#pl_tile = affine_map<(d0)[s0] -> (d0 + 8, s0)>
"""


def pipeline_group(k):
    return f"""
func.func @p{k}(%a: memref<?x?xf32>, %b: memref<?xf32>, %w: memref<?xf32>, %v: f32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  %db = memref.dim %b, %c0 : memref<?xf32>
  %dw = memref.dim %w, %c0 : memref<?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%d0, %d1) step (%c1, %c1) {{
    memref.store %v, %a[%i, %j] : memref<?x?xf32>
    scf.reduce
  }}
  scf.forall (%i, %j) in (%d0, %d1) {{
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
  }}
  %o = memref.alloc(%d0, %d1) : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {{
    scf.for %j = %c0 to %d1 step %c1 {{
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %x, %o[%i, %j] : memref<?x?xf32>
    }}
  }}
  memref.dealloc %o : memref<?x?xf32>
  %ok = arith.cmpi sge, %db, %dw : index
  scf.if %ok {{
    %n = affine.apply #pl_out()[%db, %dw]
    affine.for %i = 0 to %n {{
      affine.for %j = 0 to %dw {{
        %x = affine.load %b[%i + %j] : memref<?xf32>
        %y = affine.load %w[%j] : memref<?xf32>
      }}
    }}
  }}
  scf.for %i = %c0 to %db step %c4 {{
    %sz = affine.min #pl_min4(%i)[%db]
    %t = memref.subview %b[%i] [%sz] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %h = affine.min #pl_min2(%c0)[%sz]
    %u = memref.subview %t[0] [%h] [1] : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %e = %c0 to %h step %c1 {{
      memref.store %v, %u[%e] : memref<?xf32, strided<[1], offset: ?>>
    }}
  }}
  affine.for %i = 0 to %db step 8 {{
    affine.for %j = #pl_id(%i) to min #pl_tile(%i)[%db] {{
      affine.store %v, %b[%j] : memref<?xf32>
    }}
  }}
  return
}}
"""


PIPELINE_GROUP = 10


def main():
    n = int(sys.argv[1])
    out = sys.stdout
    if "--pipeline" in sys.argv[2:]:
        out.write(PIPELINE_MAPS)
        for k in range((n + PIPELINE_GROUP - 1) // PIPELINE_GROUP):
            out.write(pipeline_group(k))
        return
    if "--symbolic" in sys.argv[2:]:
        for k in range((n + SYMBOLIC_GROUP - 1) // SYMBOLIC_GROUP):
            out.write(symbolic_group(k))
        return
    for k in range((n + GROUP - 1) // GROUP):
        out.write(group(k))


if __name__ == "__main__":
    main()
