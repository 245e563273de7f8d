#!/usr/bin/env python3
"""Generates a module with N loops of mixed shapes for the loop-facts benchmark.

Usage: gen.py N [--symbolic | --pipeline | --deep-nest [--depth=D]
                  [--refs=R] [--dialect=affine|scf]] > out.mlir

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

--deep-nest: deep loop nests (64 deep unless --depth says otherwise), one
per function, each loop's bounds the maximum and minimum of its R
enclosing loops' induction variables (R = 2 and 3 alternate unless --refs
says otherwise): `affine.for %iK = max (d0, d1 - 1)(%i{K-1}, %i{K-2}) to
min (d0 + 4, d1 + 5, s0)(%i{K-1}, %i{K-2})[%n]`, and the same as scf.for
with arith.maxsi/minsi bounds (affine and scf alternate unless --dialect
says otherwise). Every loop's body loads %a[%iK] (in bounds: %iK < %n, the
buffer's size) and %w[%iK - %i{K-1}] (in bounds: %w has 8 elements and
%i{K-1} <= %iK < %i{K-1} + 4). A module of N loops has N / D nests
(at least one). Such nests once took time exponential in the depth.

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


def deep_maps(refs):
    """The affine maps of --deep-nest's loops with `refs` back-references:
    lower bound max(d0, d1 - 1, d2 - 2, ...), upper bound min(d0 + 4,
    d1 + 5, ..., s0)."""
    dims = ", ".join(f"d{r}" for r in range(refs))
    lo = ", ".join("d0" if r == 0 else f"d{r} - {r}" for r in range(refs))
    hi = ", ".join(f"d{r} + {4 + r}" for r in range(refs))
    return (f"#dn_lo{refs} = affine_map<({dims}) -> ({lo})>\n"
            f"#dn_hi{refs} = affine_map<({dims})[s0] -> ({hi}, s0)>\n")


DEEP_MAPS = deep_maps(2) + deep_maps(3)


def deep_nest(k, depth, refs, dialect):
    """One function with one `depth`-deep nest; loop K's bounds read the
    induction variables of the min(K, refs) loops around it."""
    out = [f"""
func.func @d{k}(%a: memref<?xf32>, %w: memref<8xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
"""]
    for r in range(refs):
        if r > 0:
            out.append(f"  %k{r} = arith.constant {r} : index\n")
        out.append(f"  %e{r} = arith.constant {4 + r} : index\n")
    ind = "  "
    for K in range(depth):
        back = [f"%i{K - 1 - r}" for r in range(min(K, refs))]
        if K == 0:
            if dialect == "affine":
                out.append(f"{ind}affine.for %i0 = 0 to %n {{\n")
            else:
                out.append(f"{ind}scf.for %i0 = %c0 to %n step %c1 {{\n")
        elif dialect == "affine":
            m = len(back)
            if m < refs:  # the outer loops read fewer induction variables
                dims = ", ".join(f"d{r}" for r in range(m))
                lo = ", ".join("d0" if r == 0 else f"d{r} - {r}" for r in range(m))
                hi = ", ".join(f"d{r} + {4 + r}" for r in range(m))
                lo_map = f"affine_map<({dims}) -> ({lo})>"
                hi_map = f"affine_map<({dims})[s0] -> ({hi}, s0)>"
            else:
                lo_map, hi_map = f"#dn_lo{refs}", f"#dn_hi{refs}"
            args = ", ".join(back)
            out.append(f"{ind}affine.for %i{K} = max {lo_map}({args}) to min {hi_map}({args})[%n] {{\n")
        else:
            lo, hi = f"%i{K - 1}", f"%n"
            for r, b in enumerate(back):
                if r > 0:
                    t = f"%l{K}_{r}"
                    out.append(f"{ind}{t} = arith.subi {b}, %k{r} : index\n")
                    out.append(f"{ind}%lm{K}_{r} = arith.maxsi {lo}, {t} : index\n")
                    lo = f"%lm{K}_{r}"
                t = f"%u{K}_{r}"
                out.append(f"{ind}{t} = arith.addi {b}, %e{r} : index\n")
                out.append(f"{ind}%um{K}_{r} = arith.minsi {hi}, {t} : index\n")
                hi = f"%um{K}_{r}"
            out.append(f"{ind}scf.for %i{K} = {lo} to {hi} step %c1 {{\n")
        ind += "  "
        if dialect == "affine":
            out.append(f"{ind}%x{K} = affine.load %a[%i{K}] : memref<?xf32>\n")
            if K > 0:
                out.append(f"{ind}%y{K} = affine.load %w[%i{K} - %i{K - 1}] : memref<8xf32>\n")
        else:
            out.append(f"{ind}%x{K} = memref.load %a[%i{K}] : memref<?xf32>\n")
            if K > 0:
                out.append(f"{ind}%o{K} = arith.subi %i{K}, %i{K - 1} : index\n")
                out.append(f"{ind}%y{K} = memref.load %w[%o{K}] : memref<8xf32>\n")
    for K in reversed(range(depth)):
        ind = ind[:-2]
        out.append(f"{ind}}}\n")
    out.append("  return\n}\n")
    return "".join(out)


def option(name, default):
    for a in sys.argv[2:]:
        if a.startswith(f"--{name}="):
            return a.split("=", 1)[1]
    return default


def main():
    n = int(sys.argv[1])
    out = sys.stdout
    if "--deep-nest" in sys.argv[2:]:
        depth = int(option("depth", "64"))
        refs = option("refs", "mixed")
        dialect = option("dialect", "mixed")
        out.write(DEEP_MAPS)
        for k in range(max(1, n // depth)):
            r = int(refs) if refs != "mixed" else 2 + k % 2
            d = dialect if dialect != "mixed" else ("affine", "scf")[k // 2 % 2]
            out.write(deep_nest(k, depth, r, d))
        return
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
