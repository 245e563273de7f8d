#!/usr/bin/env python3
"""Buffer-style linalg programs for the pipelines benchmark (bench/pipelines).

Usage: gen.py OUTDIR
Writes, for each module M (contract, elementwise, conv, reduce, layout):
  M.mlir         the kernels: one func.func per program, upstream dialects
                 only (func, arith, memref, scf, linalg)
  M.driver.mlir  func.func @main that calls every kernel of M on a few
                 shape sets and prints a checksum per call (vector.print);
                 appended to a pipeline's output for the spot execution,
                 never part of what is measured
  M.ops.json     every linalg op of M in textual order: its tiling tag
                 (unit attribute `tN`) and its iterator types, from which
                 run.sh builds the transform scripts (and which it checks
                 against mlir-opt --linalg-generalize-named-ops)
  M.calls.json   per call of the driver: kernel name, shapes, whether the
                 shape guard holds and whether the checksum must be non-zero
                 (the guard holds and no size is 0) or 0

Invariants every program keeps (so that every access in every pipeline's
output is in bounds by construction):
- outputs are allocated inside the kernel from the inputs' dims
  (`memref.alloc(%d0, %d1)` of `memref.dim`s), or with static sizes;
- every shape agreement linalg assumes between operands (a contraction's
  k, an elementwise op's equal shapes, a convolution's window fitting its
  input, a diagonal's square input) is tested by an `scf.if` guard before
  the op runs; an output whose size needs the guard to be non-negative
  (convolutions: `n - k + 1`) is allocated inside the guard and yielded;
- outputs allocated outside the guard are filled before it, so a call whose
  guard fails returns zeros (the driver checks it) and reads nothing.
Input values are small positive integers and every result a sum of
products of them below 2^24, so f32 arithmetic is exact and checksums do
not depend on the order a tiled or parallel loop sums in.
No package beyond the Python 3 standard library.
"""

import json
import os
import sys

P, R = "parallel", "reduction"


def mt(shape):
    """The memref type of a shape (None: dynamic)."""
    if not shape:
        return "memref<f32>"
    return "memref<" + "x".join("?" if d is None else str(d) for d in shape) + "xf32>"


class Module:
    def __init__(self, name):
        self.name = name
        self.funcs = []
        self.ops = []  # {"tag", "iterators", "func"}
        self.next_tag = 0

    def tag(self, func, iterators):
        t = f"t{self.next_tag}"
        self.next_tag += 1
        self.ops.append({"tag": t, "iterators": list(iterators), "func": func})
        return t


class Fn:
    """One kernel: `func.func @name(%a0: T0, ...) -> Tout`."""

    def __init__(self, mod, name, args, calls):
        self.mod, self.name, self.args, self.calls = mod, name, args, calls
        self.body = []
        self.consts = {}
        self.n = 0
        self.ind = 4
        self.out_type = None
        for shapes, _ in calls:
            assert len(shapes) == len(args), name
            for s, a in zip(shapes, args):
                assert len(s) == len(a) and all(x is None or x == y for x, y in zip(a, s)), (name, s, a)

    def fresh(self, p="v"):
        self.n += 1
        return f"%{p}{self.n}"

    def e(self, s):
        self.body.append(" " * self.ind + s)

    def c(self, k):
        if k not in self.consts:
            self.consts[k] = f"%c{k}"
        return self.consts[k]

    def arg(self, i):
        return f"%a{i}"

    def ty(self, i):
        return mt(self.args[i])

    def dim(self, i, k):
        """Size k of argument i: a constant when static, else memref.dim."""
        d = self.args[i][k]
        if d is not None:
            return self.c(d)
        v = self.fresh("d")
        self.e(f"{v} = memref.dim {self.arg(i)}, {self.c(k)} : {self.ty(i)}")
        return v

    def binop(self, op, a, b):
        v = self.fresh()
        self.e(f"{v} = arith.{op} {a}, {b} : index")
        return v

    def guard(self, conds):
        """conds: (pred, lhs, rhs) with lhs/rhs index values; their conjunction."""
        ok = None
        for pred, a, b in conds:
            v = self.fresh("g")
            self.e(f"{v} = arith.cmpi {pred}, {a}, {b} : index")
            ok = v if ok is None else self.binop_i1(ok, v)
        return ok

    def binop_i1(self, a, b):
        v = self.fresh("g")
        self.e(f"{v} = arith.andi {a}, {b} : i1")
        return v

    def alloc(self, shape, sizes):
        """memref.alloc of `shape` (None: dynamic) with `sizes` for its dynamic dims."""
        v = self.fresh("o")
        self.e(f"{v} = memref.alloc({', '.join(sizes)}) : {mt(shape)}")
        return v

    def fill(self, out, shape):
        t = self.mod.tag(self.name, [P] * len(shape))
        self.e(f"linalg.fill {{{t}}} ins(%zero : f32) outs({out} : {mt(shape)})")

    def op(self, iterators, text):
        """A linalg op; `{T}` in text stands for its tiling tag."""
        t = self.mod.tag(self.name, iterators)
        for line in text.strip("\n").split("\n"):
            self.e(line.replace("{T}", t))

    def text(self):
        sig = ", ".join(f"{self.arg(i)}: {mt(a)}" for i, a in enumerate(self.args))
        lines = [f"  func.func @{self.name}({sig}) -> {self.out_type} {{"]
        for k, v in sorted(self.consts.items()):
            lines.append(f"    {v} = arith.constant {k} : index")
        lines.append("    %zero = arith.constant 0.0 : f32")
        lines += self.body
        lines.append("  }")
        return "\n".join(lines)


def kernel_a(mod, name, args, calls, out_shape, out_sizes, conds, compute):
    """Output allocated (and zero-filled) outside the guard; the op inside.

    out_sizes(f) -> list of index values for the dynamic dims of out_shape;
    conds(f) -> guard conditions (empty: no guard); compute(f, out)."""
    f = Fn(mod, name, args, calls)
    f.out_type = mt(out_shape)
    o = f.alloc(out_shape, out_sizes(f))
    f.fill(o, out_shape)
    cs = conds(f)
    if cs:
        ok = f.guard(cs)
        f.e(f"scf.if {ok} {{")
        f.ind += 2
        compute(f, o)
        f.ind -= 2
        f.e("}")
    else:
        compute(f, o)
    f.e(f"return {o} : {f.out_type}")
    mod.funcs.append(f)


def kernel_b(mod, name, args, calls, out_shape, conds, out_sizes, compute):
    """Output allocated inside the guard (its sizes need it) and yielded;
    the else branch yields an empty output (every size dynamic, all 0)."""
    f = Fn(mod, name, args, calls)
    f.out_type = mt(out_shape)
    ok = f.guard(conds(f))
    r = f.fresh("r")
    f.e(f"{r} = scf.if {ok} -> ({f.out_type}) {{")
    f.ind += 2
    o = f.alloc(out_shape, out_sizes(f))
    f.fill(o, out_shape)
    compute(f, o)
    f.e(f"scf.yield {o} : {f.out_type}")
    f.ind -= 2
    f.e("} else {")
    f.ind += 2
    # Every size is dynamic, so this output is empty and needs no fill (a
    # linalg.fill of a 4-D memref.alloc(%c0, %c0, %c0, %c0) tiled by
    # tile_using_for [4, 3, 5, 0] crashes Debian's mlir-opt: see README).
    assert all(d is None for d in out_shape), name
    z = f.alloc(out_shape, [f.c(0)] * len(out_shape))
    f.e(f"scf.yield {z} : {f.out_type}")
    f.ind -= 2
    f.e("}")
    f.e(f"return {r} : {f.out_type}")
    mod.funcs.append(f)


def dyn(shape):
    return tuple(None for _ in shape)


def ins(f, idx):
    return ", ".join(f.arg(i) for i in idx) + " : " + ", ".join(f.ty(i) for i in idx)


def eq_all(f, i, j, pairs):
    return [("eq", f.dim(i, a), f.dim(j, b)) for a, b in pairs]


def dyn_sizes(f, shape, srcs):
    """Sizes for the dynamic dims of shape; srcs[k] = (arg, dim) per dim."""
    return [f.dim(*srcs[k]) for k, d in enumerate(shape) if d is None]


BODY_ADD = """  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }"""


# --------------------------------------------------------------------------
def contract():
    m = Module("contract")
    # matmul, dynamic: guard dim(a,1) == dim(b,0)
    for nm, sa, sb in [
        ("matmul_dyn", (None, None), (None, None)),
        ("matmul_static", (8, 6), (6, 5)),
        ("matmul_mixed", (None, 6), (6, None)),
    ]:
        good = [(7, 6), (6, 5)] if sa[1] == 6 else [(7, 9), (9, 5)]
        calls = [([(7, 6), (6, 5)] if nm != "matmul_static" else [(8, 6), (6, 5)], True)]
        if nm == "matmul_dyn":
            calls = [(good, True), ([(5, 4), (3, 6)], False), ([(1, 1), (1, 1)], True)]
        out = (sa[0], sb[1])
        kernel_a(m, nm, [sa, sb], calls, out,
                 lambda f, out=out: dyn_sizes(f, out, [(0, 0), (1, 1)]),
                 lambda f: [("eq", f.dim(0, 1), f.dim(1, 0))] if None in (f.args[0][1], f.args[1][0]) else [],
                 lambda f, o, out=out: f.op([P, P, R], f"linalg.matmul {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : {mt(out)})"))
    kernel_a(m, "matvec_dyn", [(None, None), (None,)], [([(7, 9), (9,)], True), ([(4, 3), (5,)], False)],
             (None,), lambda f: [f.dim(0, 0)], lambda f: [("eq", f.dim(0, 1), f.dim(1, 0))],
             lambda f, o: f.op([P, R], f"linalg.matvec {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : memref<?xf32>)"))
    kernel_a(m, "vecmat_dyn", [(None,), (None, None)], [([(9,), (9, 7)], True), ([(3,), (4, 3)], False)],
             (None,), lambda f: [f.dim(1, 1)], lambda f: [("eq", f.dim(0, 0), f.dim(1, 0))],
             lambda f, o: f.op([P, R], f"linalg.vecmat {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : memref<?xf32>)"))
    kernel_a(m, "batch_matmul_dyn", [(None, None, None), (None, None, None)],
             [([(2, 5, 7), (2, 7, 3)], True), ([(2, 5, 7), (3, 7, 3)], False)],
             (None, None, None), lambda f: [f.dim(0, 0), f.dim(0, 1), f.dim(1, 2)],
             lambda f: [("eq", f.dim(0, 0), f.dim(1, 0)), ("eq", f.dim(0, 2), f.dim(1, 1))],
             lambda f, o: f.op([P, P, P, R], f"linalg.batch_matmul {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : memref<?x?x?xf32>)"))
    kernel_a(m, "dot_dyn", [(None,), (None,)], [([(11,), (11,)], True), ([(4,), (5,)], False)],
             (), lambda f: [], lambda f: [("eq", f.dim(0, 0), f.dim(1, 0))],
             lambda f, o: f.op([R], f"linalg.dot {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : memref<f32>)"))
    # matmul with B transposed, as a generic: C[i,j] += A[i,k] * B[j,k]
    kernel_a(m, "matmul_bt_dyn", [(None, None), (None, None)], [([(7, 9), (5, 9)], True), ([(3, 4), (3, 5)], False)],
             (None, None), lambda f: [f.dim(0, 0), f.dim(1, 0)], lambda f: [("eq", f.dim(0, 1), f.dim(1, 1))],
             lambda f, o: f.op([P, P, R], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}}
    ins({ins(f, [0, 1])}) outs({o} : memref<?x?xf32>) {{
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }}"""))
    # 4-D contraction: C[b,h,i,j] += A[b,h,i,k] * B[b,h,k,j]
    kernel_a(m, "bmm4d_dyn", [(None,) * 4, (None,) * 4], [([(2, 2, 3, 5), (2, 2, 5, 4)], True), ([(2, 2, 3, 5), (2, 1, 5, 4)], False)],
             (None,) * 4, lambda f: [f.dim(0, 0), f.dim(0, 1), f.dim(0, 2), f.dim(1, 3)],
             lambda f: [("eq", f.dim(0, 0), f.dim(1, 0)), ("eq", f.dim(0, 1), f.dim(1, 1)), ("eq", f.dim(0, 3), f.dim(1, 2))],
             lambda f, o: f.op([P, P, P, P, R], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(b, h, i, j, k) -> (b, h, i, k)>, affine_map<(b, h, i, j, k) -> (b, h, k, j)>, affine_map<(b, h, i, j, k) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}}
    ins({ins(f, [0, 1])}) outs({o} : memref<?x?x?x?xf32>) {{
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }}"""))
    return m


# --------------------------------------------------------------------------
def elementwise():
    m = Module("elementwise")
    good = {1: (13,), 2: (7, 5), 3: (3, 5, 4), 4: (2, 3, 5, 3)}
    for rank, static in [(1, False), (2, False), (3, True), (4, False), (2, True)]:
        for opn in (["add"] if rank != 2 else ["add", "max"]) + (["sub"] if rank == 4 else []) + (["mul"] if rank == 3 else []):
            shape = good[rank] if static else (None,) * rank
            g = good[rank]
            calls = [([g, g], True)]
            if not static:
                bad = list(g)
                bad[-1] += 1
                calls += [([g, tuple(bad)], False), ([(1,) * rank, (1,) * rank], True)]
            nm = f"{opn}_{rank}d_{'static' if static else 'dyn'}"
            kernel_a(m, nm, [shape, shape], calls, shape,
                     lambda f, r=rank: dyn_sizes(f, f.args[0], [(0, k) for k in range(r)]),
                     lambda f, r=rank, s=static: [] if s else [("eq", f.dim(0, k), f.dim(1, k)) for k in range(r)],
                     lambda f, o, opn=opn, r=rank: f.op([P] * r, f"linalg.{opn} {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : {f.ty(0)})"))
    # copy 3-D, dynamic (no guard needed: one input, output from its dims)
    kernel_a(m, "copy_3d_dyn", [(None,) * 3], [([(3, 4, 5)], True), ([(1, 0, 2)], True)], (None,) * 3,
             lambda f: [f.dim(0, k) for k in range(3)], lambda f: [],
             lambda f, o: f.op([P] * 3, f"linalg.copy {{{{T}}}} ins({ins(f, [0])}) outs({o} : memref<?x?x?xf32>)"))
    # broadcast a vector along a new leading dim: out[n, m] = b[m], n from a
    kernel_a(m, "broadcast_2d_dyn", [(None, None), (None,)], [([(4, 6), (6,)], True), ([(4, 6), (5,)], False)], (None, None),
             lambda f: [f.dim(0, 0), f.dim(0, 1)], lambda f: [("eq", f.dim(0, 1), f.dim(1, 0))],
             lambda f, o: f.op([P, P], f"linalg.broadcast ins({ins(f, [1])}) outs({o} : memref<?x?xf32>) dimensions = [0] {{{{T}}}}"))
    # bias add as a generic: out[i, j] = a[i, j] + b[j]
    kernel_a(m, "bias_add_2d_dyn", [(None, None), (None,)], [([(5, 7), (7,)], True), ([(5, 7), (6,)], False)], (None, None),
             lambda f: [f.dim(0, 0), f.dim(0, 1)], lambda f: [("eq", f.dim(0, 1), f.dim(1, 0))],
             lambda f, o: f.op([P, P], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}}
    ins({ins(f, [0, 1])}) outs({o} : memref<?x?xf32>) {{
{BODY_ADD}"""))
    # relu 4-D as a generic (one input)
    kernel_a(m, "relu_4d_dyn", [(None,) * 4], [([(2, 3, 4, 3)], True)], (None,) * 4,
             lambda f: [f.dim(0, k) for k in range(4)], lambda f: [],
             lambda f, o: f.op([P] * 4, f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins({ins(f, [0])}) outs({o} : memref<?x?x?x?xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %x, %zero : f32
    linalg.yield %s : f32
  }}"""))
    return m


# --------------------------------------------------------------------------
def conv():
    m = Module("conv")

    def window_out(f, i, k, wi, wk):
        # size k of input i minus size wk of window wi, plus 1
        d = f.binop("subi", f.dim(i, k), f.dim(wi, wk))
        return f.binop("addi", d, f.c(1))

    kernel_b(m, "conv_1d_dyn", [(None,), (None,)], [([(13,), (3,)], True), ([(2,), (3,)], False), ([(3,), (3,)], True)], (None,),
             lambda f: [("sle", f.dim(1, 0), f.dim(0, 0))],
             lambda f: [window_out(f, 0, 0, 1, 0)],
             lambda f, o: f.op([P, R], f"linalg.conv_1d {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : memref<?xf32>)"))
    kernel_b(m, "conv_2d_dyn", [(None, None), (None, None)], [([(7, 9), (3, 2)], True), ([(7, 1), (3, 2)], False)], (None, None),
             lambda f: [("sle", f.dim(1, 0), f.dim(0, 0)), ("sle", f.dim(1, 1), f.dim(0, 1))],
             lambda f: [window_out(f, 0, 0, 1, 0), window_out(f, 0, 1, 1, 1)],
             lambda f, o: f.op([P, P, R, R], f"linalg.conv_2d {{{{T}}}} ins({ins(f, [0, 1])}) outs({o} : memref<?x?xf32>)"))
    # conv_1d_nwc_wcf, static: in 2x10x3, filter 3x3x4 -> out 2x8x4
    kernel_a(m, "conv_1d_nwc_static", [(2, 10, 3), (3, 3, 4)], [([(2, 10, 3), (3, 3, 4)], True)], (2, 8, 4),
             lambda f: [], lambda f: [],
             lambda f, o: f.op([P, P, P, R, R], f"linalg.conv_1d_nwc_wcf {{{{T}}, strides = dense<1> : tensor<1xi64>, dilations = dense<1> : tensor<1xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<2x8x4xf32>)"))
    # conv_2d_nhwc_hwcf, dynamic, stride 1: guard kh <= h, kw <= w, c == c'
    kernel_b(m, "conv_2d_nhwc_dyn", [(None,) * 4, (None,) * 4],
             [([(1, 6, 7, 2), (3, 2, 2, 3)], True), ([(1, 6, 7, 2), (3, 2, 3, 3)], False)], (None,) * 4,
             lambda f: [("sle", f.dim(1, 0), f.dim(0, 1)), ("sle", f.dim(1, 1), f.dim(0, 2)), ("eq", f.dim(0, 3), f.dim(1, 2))],
             lambda f: [f.dim(0, 0), window_out(f, 0, 1, 1, 0), window_out(f, 0, 2, 1, 1), f.dim(1, 3)],
             lambda f, o: f.op([P, P, P, P, R, R, R], f"linalg.conv_2d_nhwc_hwcf {{{{T}}, strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<?x?x?x?xf32>)"))
    # conv_2d_nhwc_hwcf, static, stride 2: in 1x9x9x2, filter 3x3x2x3 -> out 1x4x4x3
    kernel_a(m, "conv_2d_nhwc_s2_static", [(1, 9, 9, 2), (3, 3, 2, 3)], [([(1, 9, 9, 2), (3, 3, 2, 3)], True)], (1, 4, 4, 3),
             lambda f: [], lambda f: [],
             lambda f, o: f.op([P, P, P, P, R, R, R], f"linalg.conv_2d_nhwc_hwcf {{{{T}}, strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<1x4x4x3xf32>)"))
    # conv_2d_nchw_fchw, static, dilation 2: in 1x2x8x8, filter 3x2x2x2 -> out 1x3x6x6
    kernel_a(m, "conv_2d_nchw_d2_static", [(1, 2, 8, 8), (3, 2, 2, 2)], [([(1, 2, 8, 8), (3, 2, 2, 2)], True)], (1, 3, 6, 6),
             lambda f: [], lambda f: [],
             lambda f, o: f.op([P, P, P, P, R, R, R], f"linalg.conv_2d_nchw_fchw {{{{T}}, strides = dense<1> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<1x3x6x6xf32>)"))
    # depthwise conv, dynamic: in n x h x w x c, filter kh x kw x c
    kernel_b(m, "depthwise_2d_dyn", [(None,) * 4, (None,) * 3],
             [([(1, 5, 6, 3), (2, 3, 3)], True), ([(1, 5, 6, 3), (2, 3, 2)], False)], (None,) * 4,
             lambda f: [("sle", f.dim(1, 0), f.dim(0, 1)), ("sle", f.dim(1, 1), f.dim(0, 2)), ("eq", f.dim(0, 3), f.dim(1, 2))],
             lambda f: [f.dim(0, 0), window_out(f, 0, 1, 1, 0), window_out(f, 0, 2, 1, 1), f.dim(0, 3)],
             lambda f, o: f.op([P, P, P, P, R, R], f"linalg.depthwise_conv_2d_nhwc_hwc {{{{T}}, strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<?x?x?x?xf32>)"))
    # sum pooling, dynamic (the window is a shape-only memref argument)
    kernel_b(m, "pool_sum_dyn", [(None,) * 4, (None, None)],
             [([(2, 5, 7, 2), (2, 3)], True), ([(2, 5, 2, 2), (2, 3)], False)], (None,) * 4,
             lambda f: [("sle", f.dim(1, 0), f.dim(0, 1)), ("sle", f.dim(1, 1), f.dim(0, 2))],
             lambda f: [f.dim(0, 0), window_out(f, 0, 1, 1, 0), window_out(f, 0, 2, 1, 1), f.dim(0, 3)],
             lambda f, o: f.op([P, P, P, P, R, R], f"linalg.pooling_nhwc_sum {{{{T}}, strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<?x?x?x?xf32>)"))
    # max pooling, static, stride 2: in 1x8x8x2, window 2x2 -> out 1x4x4x2
    kernel_a(m, "pool_max_s2_static", [(1, 8, 8, 2), (2, 2)], [([(1, 8, 8, 2), (2, 2)], True)], (1, 4, 4, 2),
             lambda f: [], lambda f: [],
             lambda f, o: f.op([P, P, P, P, R, R], f"linalg.pooling_nhwc_max {{{{T}}, strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({ins(f, [0, 1])}) outs({o} : memref<1x4x4x2xf32>)"))
    # stencil as a generic: out[i] = in[i + 1] + in[i + 2], out size n - 2 (the
    # output is the first operand indexed by i alone: it sets the loop bound)
    kernel_b(m, "stencil_1d_dyn", [(None,)], [([(12,)], True), ([(1,)], False), ([(3,)], True)], (None,),
             lambda f: [("sle", f.c(2), f.dim(0, 0))],
             lambda f: [f.binop("subi", f.dim(0, 0), f.c(2))],
             lambda f, o: f.op([P], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i + 2)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}}
    ins({f.arg(0)}, {f.arg(0)} : memref<?xf32>, memref<?xf32>) outs({o} : memref<?xf32>) {{
{BODY_ADD}"""))
    return m


# --------------------------------------------------------------------------
def reduce():
    m = Module("reduce")

    def red(name, shape, dims, calls):
        keep = [k for k in range(len(shape)) if k not in dims]
        out = tuple(shape[k] for k in keep)
        iters = [R if k in dims else P for k in range(len(shape))]
        kernel_a(m, name, [shape], calls, out,
                 lambda f: [f.dim(0, k) for k in keep if shape[k] is None], lambda f: [],
                 lambda f, o: f.op(iters, f"""linalg.reduce ins({ins(f, [0])}) outs({o} : {mt(out)}) dimensions = [{', '.join(map(str, dims))}] {{{{T}}}}
  (%x: f32, %acc: f32) {{
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }}"""))

    red("row_sum_dyn", (None, None), [1], [([(6, 9)], True), ([(3, 0)], True)])
    red("sum_3d_02_dyn", (None,) * 3, [0, 2], [([(3, 5, 4)], True)])
    red("sum_4d_13_static", (2, 3, 4, 5), [1, 3], [([(2, 3, 4, 5)], True)])
    red("sum_1d_dyn", (None,), [0], [([(17,)], True)])
    # column max as a generic (reduction on the outer loop)
    kernel_a(m, "col_max_dyn", [(None, None)], [([(6, 5)], True)], (None,),
             lambda f: [f.dim(0, 1)], lambda f: [],
             lambda f, o: f.op([R, P], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}}
    ins({ins(f, [0])}) outs({o} : memref<?xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %x, %acc : f32
    linalg.yield %s : f32
  }}"""))
    # full reduction to rank 0 of a 2-D buffer
    kernel_a(m, "total_2d_dyn", [(None, None)], [([(5, 7)], True)], (),
             lambda f: [], lambda f: [],
             lambda f, o: f.op([R, R], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}}
    ins({ins(f, [0])}) outs({o} : memref<f32>) {{
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }}"""))
    # diagonal sum: out[] += a[i, i]; needs a square input (guard)
    kernel_a(m, "trace_dyn", [(None, None)], [([(6, 6)], True), ([(6, 4)], False)], (),
             lambda f: [], lambda f: [("eq", f.dim(0, 0), f.dim(0, 1))],
             lambda f, o: f.op([R], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}}
    ins({ins(f, [0])}) outs({o} : memref<f32>) {{
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }}"""))
    # dot of rows of two matrices: out[i] += a[i, k] * b[i, k]
    kernel_a(m, "row_dot_dyn", [(None, None), (None, None)], [([(4, 7), (4, 7)], True), ([(4, 7), (4, 6)], False)], (None,),
             lambda f: [f.dim(0, 0)], lambda f: [("eq", f.dim(0, 0), f.dim(1, 0)), ("eq", f.dim(0, 1), f.dim(1, 1))],
             lambda f, o: f.op([P, R], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}}
    ins({ins(f, [0, 1])}) outs({o} : memref<?xf32>) {{
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }}"""))
    return m


# --------------------------------------------------------------------------
def layout():
    m = Module("layout")

    def tr(name, shape, perm, calls):
        out = tuple(shape[p] for p in perm)
        kernel_a(m, name, [shape], calls, out,
                 lambda f: [f.dim(0, p) for p in perm if shape[p] is None], lambda f: [],
                 lambda f, o: f.op([P] * len(shape), f"linalg.transpose ins({ins(f, [0])}) outs({o} : {mt(out)}) permutation = [{', '.join(map(str, perm))}] {{{{T}}}}"))

    tr("transpose_2d_dyn", (None, None), [1, 0], [([(5, 8)], True), ([(1, 3)], True)])
    tr("transpose_3d_static", (3, 4, 5), [2, 0, 1], [([(3, 4, 5)], True)])
    tr("transpose_4d_dyn", (None,) * 4, [0, 3, 1, 2], [([(2, 3, 4, 5)], True)])
    tr("transpose_3d_mixed", (None, 4, None), [1, 2, 0], [([(3, 4, 5)], True)])
    # out[i, j] = a[i, j] + b[j, i]: guard dim(a,0) == dim(b,1), dim(a,1) == dim(b,0)
    kernel_a(m, "add_transposed_dyn", [(None, None), (None, None)], [([(4, 6), (6, 4)], True), ([(4, 6), (4, 6)], False)], (None, None),
             lambda f: [f.dim(0, 0), f.dim(0, 1)],
             lambda f: [("eq", f.dim(0, 0), f.dim(1, 1)), ("eq", f.dim(0, 1), f.dim(1, 0))],
             lambda f, o: f.op([P, P], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}}
    ins({ins(f, [0, 1])}) outs({o} : memref<?x?xf32>) {{
{BODY_ADD}"""))
    # diagonal extraction: out[i] = a[i, i]; needs a square input (guard)
    kernel_a(m, "diagonal_dyn", [(None, None)], [([(5, 5)], True), ([(5, 3)], False)], (None,),
             lambda f: [f.dim(0, 0)], lambda f: [("eq", f.dim(0, 0), f.dim(0, 1))],
             lambda f, o: f.op([P], f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}}
    ins({ins(f, [0])}) outs({o} : memref<?xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  }}"""))
    # outer product 2-D -> 4-D: out[a, b, c, d] = x[a, b] * y[c, d]
    kernel_a(m, "outer_4d_dyn", [(None, None), (None, None)], [([(2, 3), (3, 2)], True), ([(1, 4), (0, 2)], True)], (None,) * 4,
             lambda f: [f.dim(0, 0), f.dim(0, 1), f.dim(1, 0), f.dim(1, 1)], lambda f: [],
             lambda f, o: f.op([P] * 4, f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(a, b, c, d) -> (a, b)>, affine_map<(a, b, c, d) -> (c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins({ins(f, [0, 1])}) outs({o} : memref<?x?x?x?xf32>) {{
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  }}"""))
    # NCHW -> NHWC of an input with static channels, as a generic
    kernel_a(m, "nchw_to_nhwc_mixed", [(None, 3, None, None)], [([(2, 3, 4, 5)], True)], (None, None, None, 3),
             lambda f: [f.dim(0, 0), f.dim(0, 2), f.dim(0, 3)], lambda f: [],
             lambda f, o: f.op([P] * 4, f"""linalg.generic {{{{T}}, indexing_maps = [affine_map<(n, h, w, c) -> (n, c, h, w)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins({ins(f, [0])}) outs({o} : memref<?x?x?x3xf32>) {{
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  }}"""))
    return m


# --------------------------------------------------------------------------
def driver(mod):
    """func.func @main: every kernel on its shape sets, one checksum each.

    Inputs hold ((linear index * 7 + 3 + argument number) mod 11) + 1; the
    checksum is sum(out[l] * (l mod 7 + 1)) over the output's linear index l."""
    lines = ["  func.func @main() {"]
    n = [0]

    def fresh(p="m"):
        n[0] += 1
        return f"%{p}{n[0]}"

    def c(k):
        v = fresh("k")
        lines.append(f"    {v} = arith.constant {k} : index")
        return v

    def loops(sizes, body):
        """Nested scf.for over sizes (index values); body(ivs, linear)."""
        c0, c1 = c(0), c(1)
        ivs = []
        ind = 4
        for s in sizes:
            iv = fresh("i")
            lines.append(" " * ind + f"scf.for {iv} = {c0} to {s} step {c1} {{")
            ivs.append(iv)
            ind += 2
        lin = c0
        for iv, s in zip(ivs, sizes):
            a = fresh()
            lines.append(" " * ind + f"{a} = arith.muli {lin}, {s} : index")
            b = fresh()
            lines.append(" " * ind + f"{b} = arith.addi {a}, {iv} : index")
            lin = b
        body(ivs, lin, " " * ind)
        for _ in sizes:
            ind -= 2
            lines.append(" " * ind + "}")

    calls = []
    for f in mod.funcs:
        for shapes, good in f.calls:
            # A checksum is 0 when the guard fails (empty or zero-filled
            # output) or some size is 0 (empty output, or sums over an empty
            # range); otherwise some output element is a non-zero sum.
            nonzero = good and all(d > 0 for s in shapes for d in s)
            calls.append({"kernel": f.name, "good": good, "nonzero": nonzero, "shapes": [list(s) for s in shapes]})
            vals = []
            for ai, (shape, conc) in enumerate(zip(f.args, shapes)):
                dyns = [c(d) for d, s in zip(conc, shape) if s is None]
                v = fresh("in")
                lines.append(f"    {v} = memref.alloc({', '.join(dyns)}) : {mt(shape)}")
                sizes = [c(d) for d in conc]

                def fill(ivs, lin, ind, v=v, shape=shape, ai=ai):
                    a, b, r, i, x = fresh(), fresh(), fresh(), fresh(), fresh()
                    c7, c3, c11 = fresh("k"), fresh("k"), fresh("k")
                    lines.append(f"{ind}{c7} = arith.constant 7 : index")
                    lines.append(f"{ind}{c3} = arith.constant {3 + ai} : index")
                    lines.append(f"{ind}{c11} = arith.constant 11 : index")
                    lines.append(f"{ind}{a} = arith.muli {lin}, {c7} : index")
                    lines.append(f"{ind}{b} = arith.addi {a}, {c3} : index")
                    lines.append(f"{ind}{r} = arith.remui {b}, {c11} : index")
                    lines.append(f"{ind}{i} = arith.index_cast {r} : index to i64")
                    lines.append(f"{ind}{x} = arith.sitofp {i} : i64 to f32")
                    one = fresh()
                    lines.append(f"{ind}{one} = arith.constant 1.0 : f32")
                    y = fresh()
                    lines.append(f"{ind}{y} = arith.addf {x}, {one} : f32")
                    lines.append(f"{ind}memref.store {y}, {v}[{', '.join(ivs)}] : {mt(shape)}")

                loops(sizes, fill)
                vals.append((v, mt(shape)))
            res = fresh("res")
            lines.append(f"    {res} = func.call @{f.name}({', '.join(v for v, _ in vals)}) : "
                         f"({', '.join(t for _, t in vals)}) -> {f.out_type}")
            acc = fresh("acc")
            lines.append(f"    {acc} = memref.alloca() : memref<f32>")
            z = fresh()
            lines.append(f"    {z} = arith.constant 0.0 : f32")
            lines.append(f"    memref.store {z}, {acc}[] : memref<f32>")
            rank = f.out_type.count("x")
            rsizes = []
            for k in range(rank):
                kk = c(k)
                d = fresh("rd")
                lines.append(f"    {d} = memref.dim {res}, {kk} : {f.out_type}")
                rsizes.append(d)

            def ck(ivs, lin, ind, res=res, acc=acc, ty=f.out_type):
                w, w1, wi, wf, v, p, s, old = (fresh() for _ in range(8))
                c7, c1 = fresh("k"), fresh("k")
                lines.append(f"{ind}{c7} = arith.constant 7 : index")
                lines.append(f"{ind}{c1} = arith.constant 1 : index")
                lines.append(f"{ind}{w} = arith.remui {lin}, {c7} : index")
                lines.append(f"{ind}{w1} = arith.addi {w}, {c1} : index")
                lines.append(f"{ind}{wi} = arith.index_cast {w1} : index to i64")
                lines.append(f"{ind}{wf} = arith.sitofp {wi} : i64 to f32")
                lines.append(f"{ind}{v} = memref.load {res}[{', '.join(ivs)}] : {ty}")
                lines.append(f"{ind}{p} = arith.mulf {v}, {wf} : f32")
                lines.append(f"{ind}{old} = memref.load {acc}[] : memref<f32>")
                lines.append(f"{ind}{s} = arith.addf {old}, {p} : f32")
                lines.append(f"{ind}memref.store {s}, {acc}[] : memref<f32>")

            loops(rsizes, ck)
            out = fresh()
            lines.append(f"    {out} = memref.load {acc}[] : memref<f32>")
            lines.append(f"    vector.print {out} : f32")
            for v, t in vals:
                lines.append(f"    memref.dealloc {v} : {t}")
            lines.append(f"    memref.dealloc {res} : {f.out_type}")
    lines.append("    return")
    lines.append("  }")
    return "\n".join(lines) + "\n", calls


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen.py OUTDIR")
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    for mod in (contract(), elementwise(), conv(), reduce(), layout()):
        with open(os.path.join(outdir, mod.name + ".mlir"), "w") as fh:
            fh.write(f"// Generated by bench/pipelines/gen.py: module {mod.name}\n")
            fh.write("module {\n" + "\n".join(f.text() for f in mod.funcs) + "\n}\n")
        text, calls = driver(mod)
        with open(os.path.join(outdir, mod.name + ".driver.mlir"), "w") as fh:
            fh.write(text)
        with open(os.path.join(outdir, mod.name + ".ops.json"), "w") as fh:
            json.dump(mod.ops, fh, indent=1)
        with open(os.path.join(outdir, mod.name + ".calls.json"), "w") as fh:
            json.dump(calls, fh, indent=1)


if __name__ == "__main__":
    main()
