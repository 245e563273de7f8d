#!/usr/bin/env python3
"""Pipelines benchmark driver (bench/pipelines/run.sh calls it).

What it does, per module M written by gen.py and per pipeline P below:
 1. runs P with Debian's mlir-opt; the output, P/M.mlir, is the IR every
    tool is asked about (re-parsed and verified; no linalg op may remain);
 2. counts in P/M.mlir, from the printed IR, the loops (scf.for,
    scf.parallel, scf.forall, scf.while, affine.for, affine.parallel: one
    per op) and the accesses (memref.load/store, affine.load/store with at
    least one index; rank-0 accesses have nothing to prove and are left
    out) and the subviews;
 3. loom: `loom-opt --pass-pipeline=builtin.module(loom-report{format=json
    output=F})` on P/M.mlir; a loop is counted exactly when loom's records
    at its line are all `exact`, an access (subview) is proven when loom's
    record at its line says `proven`; an access loom does not report is
    unproven;
 4. ValueBounds: a copy of P/M.mlir with `"test.compare"` ops after every
    access (`0 <= idx` as LE, `idx < dim` as LT, per index; the index is an
    `affine.apply` of the access map where it is an expression) and every
    subview (`0 <= offset`, `offset + (size - 1) * stride + 1 <= dim(source)`
    per dimension) run through
    `mlir-opt --pass-pipeline=builtin.module(func.func(test-affine-reify-value-bounds))`;
    remarks `true` / `false` / `unknown` per compare; proven when every
    compare of the op is `true`;
 5. LLVM: P/M.mlir through lower-affine, scf-forall-to-for,
    scf-parallel-for-to-nested-fors, generate-runtime-verification (one
    pipeline: lower-affine loads the scf dialect, without which the
    subview verifier crashes, llvm/llvm-project#206410), then
    expand-strided-metadata, lower-affine, convert-scf-to-cf,
    convert-to-llvm, reconcile-unrealized-casts, mlir-translate, opt -O2;
    each check's message names its op's location (line of P/M.mlir), and
    an access (subview) is proven when none of its messages is still
    referenced from code;
 5b. loom's fold: the checked MLIR through `loom-opt
    --pass-pipeline=builtin.module(loom-fold-loop-facts,canonicalize)`;
    counts the checks left, and those left in front of an access or
    subview loom's report calls proven (there must be none);
 6. times loom-report and test-affine-reify-value-bounds on the same
    instrumented file (best of REPEAT; the pass alone, from --mlir-timing,
    and the whole process);
 7. executes: P/M.mlir plus M's driver, with the runtime checks, through
    mlir-runner (and once more with loom-check-claims first: no claim of
    loom's may be violated, and the run must end alike): no check may
    fail, a call whose guard holds must print a checksum > 0 (0
    otherwise), and every pipeline must print the same checksums as the
    first one; the same program with loom's fold after
    the checks must end the same way (same exit status, same checksums).
Nothing here knows which tool is which beyond how to invoke it and read its
answer; no pipeline output is edited before a tool sees it (the compares
are added to a copy that only ValueBounds sees, and loom's timing run).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
MLIR_OPT = os.path.join(LLVM, "mlir-opt")
LOOM = os.environ["LOOM_OPT"]
WORK = os.environ["WORK"]
REPEAT = int(os.environ.get("REPEAT", "3"))
EXEC = os.environ.get("EXEC", "1") == "1"
RUNTIME_LIBS = ",".join(os.path.join(os.path.dirname(LLVM), "lib", n)
                        for n in ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so"))
STDBUF = ["stdbuf", "-o0"] if shutil.which("stdbuf") else []
MODULES = ["contract", "elementwise", "conv", "reduce", "layout"]

# Tile sizes of an op's first three loops; deeper loops are not tiled (as
# usual: tiling 2-3 loops is what real schedules do, and peeling doubles
# the code per tiled loop).
TILE = [4, 3, 5]
FIN = "canonicalize,cse"

# name -> (uses a transform script: None / "for" / "forall", pass pipeline)
PIPELINES = [
    ("loops", None, f"func.func(convert-linalg-to-loops,{FIN})"),
    ("affine", None, f"func.func(convert-linalg-to-affine-loops,{FIN})"),
    ("parallel", None, f"func.func(convert-linalg-to-parallel-loops,{FIN})"),
    ("affine+lower", None, f"func.func(convert-linalg-to-affine-loops,lower-affine,{FIN})"),
    ("affine-par", None, f"func.func(convert-linalg-to-affine-loops,affine-parallelize,{FIN})"),
    ("affine-tile", None, f"func.func(convert-linalg-to-affine-loops,affine-loop-tile{{tile-size=4}},{FIN})"),
    ("affine-tile+lower", None, f"func.func(convert-linalg-to-affine-loops,affine-loop-tile{{tile-size=4}},lower-affine,{FIN})"),
    ("tile-for", "for", f"func.func(convert-linalg-to-loops,{FIN})"),
    ("tile-for+peel", "for", f"func.func(scf-for-loop-peeling,convert-linalg-to-loops,{FIN})"),
    ("tile-forall", "forall", f"func.func(convert-linalg-to-loops,{FIN})"),
    ("tile-forall+for", "forall", f"scf-forall-to-for,func.func(convert-linalg-to-loops,{FIN})"),
    ("parallel-tile", None, f"func.func(convert-linalg-to-parallel-loops,scf-parallel-loop-tiling{{parallel-loop-tile-sizes=4,3}},{FIN})"),
]

LOWER_RV = ("builtin.module(func.func(lower-affine),scf-forall-to-for,scf-parallel-for-to-nested-fors,"
            "generate-runtime-verification)")
FOLD = "builtin.module(loom-fold-loop-facts,canonicalize)"
# Every claim loom makes on the executed program, checked while it runs.
CHECK_CLAIMS = "builtin.module(loom-check-claims)"
LOWER_LLVM = ("builtin.module(expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-to-llvm,"
              "reconcile-unrealized-casts)")
VB = "builtin.module(func.func(test-affine-reify-value-bounds))"


class Fail(Exception):
    pass


PHASES = {}


def run(cmd, cwd=None, inp=None):
    t0 = time.perf_counter()
    try:
        return _run(cmd, cwd, inp)
    finally:
        key = os.path.basename(cmd[0]) + (" " + cmd[-1][:40] if "pass-pipeline" in " ".join(cmd) else "")
        PHASES[key] = PHASES.get(key, 0) + time.perf_counter() - t0


def _run(cmd, cwd=None, inp=None):
    p = subprocess.run(cmd, cwd=cwd, input=inp, capture_output=True, text=True)
    if p.returncode != 0:
        raise Fail(f"{' '.join(cmd)} (in {cwd}) failed ({p.returncode}):\n{p.stderr[-3000:]}")
    return p


SSA = r"%[A-Za-z0-9_$.]+(?:#\d+)?"
LOOP_RE = re.compile(r"^\s*(?:%\S+ = )?(scf\.for|scf\.parallel|scf\.forall|scf\.while|affine\.for|affine\.parallel)\b")
ACC_RE = re.compile(r"^(\s*)(?:(%\S+) = )?(memref\.load|memref\.store|affine\.load|affine\.store) (.*)$")
SV_RE = re.compile(r"^(\s*)(%\S+) = memref\.subview (" + SSA + r")\[([^\]]*)\] \[([^\]]*)\] \[([^\]]*)\] : (.*?) to ")


def split_top(s):
    """Split at commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def memref_shape(ty):
    m = re.match(r"memref<((?:(?:\d+|\?)x)*)", ty.strip())
    if not m:
        raise Fail(f"not a memref type: {ty}")
    return [None if d == "?" else int(d) for d in m.group(1).split("x")[:-1]]


def parse_ops(path):
    """Loops, accesses and subviews of a printed module, by line (1-based)."""
    loops, accesses, subviews, rank0 = {}, {}, {}, set()
    with open(path) as fh:
        lines = fh.read().split("\n")
    func = None
    for n, line in enumerate(lines, 1):
        fm = re.match(r"^\s*func\.func (?:private )?@(\w+)", line)
        if fm:
            func = fm.group(1)
        if re.search(r'"(memref|affine)\.(load|store)"|"memref\.subview"', line):
            raise Fail(f"{path}:{n}: access in generic form: the parser below would miss it")
        m = LOOP_RE.match(line)
        if m:
            loops[n] = {"op": m.group(1), "func": func}
            continue
        m = ACC_RE.match(line)
        if m:
            indent, _res, op, rest = m.groups()
            if op.endswith("store"):
                _val, rest = rest.split(", ", 1)
            mm = re.match(r"(" + SSA + r")\[(.*)\] : (memref<.*>)$", rest)
            if not mm:
                raise Fail(f"{path}:{n}: cannot read access: {line.strip()}")
            mem, idx, ty = mm.groups()
            idx = split_top(idx)
            if not idx:
                rank0.add(n)
                continue
            accesses[n] = {"op": op, "func": func, "mem": mem, "idx": idx, "type": ty, "indent": indent}
            continue
        m = SV_RE.match(line)
        if m:
            indent, res, src, offs, sizes, strides, ty = m.groups()
            subviews[n] = {"op": "memref.subview", "func": func, "mem": src, "offs": split_top(offs),
                           "sizes": split_top(sizes), "strides": split_top(strides), "type": ty, "indent": indent}
    return loops, accesses, subviews, rank0, lines


# ---------------------------------------------------------------- ValueBounds
class Instr:
    def __init__(self):
        self.n = 0

    def fresh(self):
        self.n += 1
        return f"%__vb{self.n}"


def index_value(ins, out, ind, expr):
    """An index value for an access index: the SSA value itself, a constant,
    or an affine.apply of the access's expression."""
    expr = expr.strip()
    if re.fullmatch(SSA, expr):
        return expr
    if re.fullmatch(r"-?\d+", expr):
        v = ins.fresh()
        out.append(f"{ind}{v} = arith.constant {expr} : index")
        return v
    dims, syms = [], []

    def sym(m):
        if m.group(1) not in syms:
            syms.append(m.group(1))
        return f"s{syms.index(m.group(1))}"

    e = re.sub(r"symbol\((" + SSA + r")\)", sym, expr)

    def dim(m):
        if m.group(0) not in dims:
            dims.append(m.group(0))
        return f"d{dims.index(m.group(0))}"

    e = re.sub(SSA, dim, e)
    v = ins.fresh()
    mp = f"affine_map<({', '.join(f'd{i}' for i in range(len(dims)))})[{', '.join(f's{i}' for i in range(len(syms)))}] -> ({e})>"
    out.append(f"{ind}{v} = affine.apply {mp}({', '.join(dims)})[{', '.join(syms)}]")
    return v


def dim_value(ins, out, ind, mem, ty, k):
    shape = memref_shape(ty)
    v = ins.fresh()
    if shape[k] is not None:
        out.append(f"{ind}{v} = arith.constant {shape[k]} : index")
        return v
    c = ins.fresh()
    out.append(f"{ind}{c} = arith.constant {k} : index")
    out.append(f"{ind}{v} = memref.dim {mem}, {c} : {ty}")
    return v


def compare(out, ind, a, b, cmp):
    out.append(f'{ind}"test.compare"({a}, {b}) {{cmp = "{cmp}"}} : (index, index) -> ()')
    return len(out)  # 1-based line of the compare in `out` once written


def instrument(lines, accesses, subviews, path):
    """Writes the copy with compares; returns {compare line: op line}."""
    ins = Instr()
    out, owner = [], {}
    for n, line in enumerate(lines, 1):
        out.append(line)
        if n in accesses:
            a = accesses[n]
            ind = a["indent"]
            c0 = ins.fresh()
            out.append(f"{ind}{c0} = arith.constant 0 : index")
            for k, e in enumerate(a["idx"]):
                i = index_value(ins, out, ind, e)
                d = dim_value(ins, out, ind, a["mem"], a["type"], k)
                owner[compare(out, ind, c0, i, "LE")] = n
                owner[compare(out, ind, i, d, "LT")] = n
        elif n in subviews:
            s = subviews[n]
            ind = s["indent"]
            c0 = ins.fresh()
            out.append(f"{ind}{c0} = arith.constant 0 : index")
            for k, (o, sz, st) in enumerate(zip(s["offs"], s["sizes"], s["strides"])):
                ov = index_value(ins, out, ind, o)
                szv = index_value(ins, out, ind, sz)
                end = ins.fresh()
                if re.fullmatch(r"-?\d+", st):
                    out.append(f"{ind}{end} = affine.apply affine_map<(d0, d1) -> (d0 + (d1 - 1) * {st} + 1)>({ov}, {szv})")
                else:  # a dynamic stride: (size - 1) * stride is not affine
                    stv = index_value(ins, out, ind, st)
                    one, a, b, c = ins.fresh(), ins.fresh(), ins.fresh(), ins.fresh()
                    out.append(f"{ind}{one} = arith.constant 1 : index")
                    out.append(f"{ind}{a} = arith.subi {szv}, {one} : index")
                    out.append(f"{ind}{b} = arith.muli {a}, {stv} : index")
                    out.append(f"{ind}{c} = arith.addi {ov}, {b} : index")
                    out.append(f"{ind}{end} = arith.addi {c}, {one} : index")
                d = dim_value(ins, out, ind, s["mem"], s["type"], k)
                owner[compare(out, ind, c0, ov, "LE")] = n
                owner[compare(out, ind, end, d, "LE")] = n
    with open(path, "w") as fh:
        fh.write("\n".join(out))
    return owner


def vb_verdicts(stderr, fname, owner):
    """{op line: True when all its compares are true}."""
    seen = {}
    for m in re.finditer(r"^(?:.*/)?" + re.escape(fname) + r":(\d+):\d+: (remark|error): (true|false|unknown)$",
                         stderr, re.M):
        seen[int(m.group(1))] = m.group(3)
    verdict = {}
    for cl, op in owner.items():
        if cl not in seen:
            raise Fail(f"{fname}: no ValueBounds answer for the compare at line {cl}")
        verdict[op] = verdict.get(op, True) and seen[cl] == "true"
    counts = {k: sum(1 for v in seen.values() if v == k) for k in ("true", "false", "unknown")}
    return verdict, counts


# ---------------------------------------------------------------- LLVM
MSG_LOC = re.compile(r"Location: loc\(\\22(?:[^\\]*/)?([^\\]*)\\22:(\d+):(\d+)\)")


def check_kinds(msg):
    if "out-of-bounds access" in msg:
        return "access"
    if "subview" in msg and "out-of-bounds" in msg:
        return "subview"
    return "other"


def rv_checks(mlir_text, fname):
    """Distinct (kind, line) of the cf.assert messages in the checked MLIR."""
    found = set()
    for m in re.finditer(r'cf\.assert %[^,]*, "([^"]*)"', mlir_text):
        msg = m.group(1)
        lm = MSG_LOC.search(msg)
        if not lm or lm.group(1) != fname:
            raise Fail(f"a runtime check without a location in {fname}: {msg[:200]}")
        found.add((check_kinds(msg), int(lm.group(2))))
    return found


def ll_surviving(ll_text, fname):
    """(kind, line) of the check messages still referenced from code."""
    kinds = {}
    for m in re.finditer(r'^(@[-A-Za-z0-9_.$]+) = .*c"([^\n]*)"', ll_text, re.M):
        if "Runtime op verification failed" in m.group(2):
            lm = re.search(r"Location: loc\(\\22(?:[^\\]*/)?([^\\]*)\\22:(\d+):(\d+)\)", m.group(2))
            if not lm or lm.group(1) != fname:
                raise Fail(f"an LLVM check message without a location in {fname}")
            kinds[m.group(1)] = (check_kinds(m.group(2)), int(lm.group(2)))
    used = set()
    for line in ll_text.split("\n"):
        if re.match(r"^@[-A-Za-z0-9_.$]+ = ", line):
            continue
        for g in re.findall(r"@[-A-Za-z0-9_.$]+", line):
            if g in kinds:
                used.add(kinds[g])
    return used


# ---------------------------------------------------------------- execution
def execute(checked, cwd):
    """Lowers the checked MLIR of a module with its driver and runs @main."""
    low = run([MLIR_OPT, f"--pass-pipeline={LOWER_LLVM}"], cwd=cwd, inp=checked).stdout
    # stdbuf: a failed check aborts, and its message (puts) would stay in
    # stdio's buffer.
    return subprocess.run(STDBUF + [os.path.join(LLVM, "mlir-runner"), "-e", "main", "-entry-point-result=void",
                          f"-shared-libs={RUNTIME_LIBS}"], input=low, capture_output=True, text=True, cwd=cwd)


# ---------------------------------------------------------------- timing
def timed(cmd, cwd, pass_pat):
    """(best wall seconds, best pass seconds from --mlir-timing)."""
    best_w, best_p = None, None
    for _ in range(REPEAT):
        t = time.perf_counter()
        p = subprocess.run(cmd + ["--mlir-timing", "--mlir-disable-threading"], cwd=cwd, capture_output=True, text=True)
        w = time.perf_counter() - t
        if p.returncode != 0:
            raise Fail(f"{' '.join(cmd)} failed:\n{p.stderr[-2000:]}")
        # The last column is wall time (with threading, user time comes first).
        ps = [float(m.group(1)) for m in re.finditer(
            r"^\s*(?:[0-9.]+ \([ 0-9.]+%\)\s+)*([0-9.]+) \([ 0-9.]+%\)\s+" + pass_pat + r"\s*$", p.stderr, re.M)]
        if not ps:
            raise Fail(f"no --mlir-timing line for {pass_pat} in:\n{p.stderr[-2000:]}")
        pt = sum(ps)
        best_w = w if best_w is None else min(best_w, w)
        best_p = pt if best_p is None else min(best_p, pt)
    return best_w, best_p


# ---------------------------------------------------------------- setup
def check_ops_json(src):
    """gen.py's iterator types against mlir-opt's generalization, op by op."""
    for mod in MODULES:
        ops = json.load(open(os.path.join(src, mod + ".ops.json")))
        gen = run([MLIR_OPT, mod + ".mlir", "--linalg-generalize-named-ops"], cwd=src).stdout
        its = re.findall(r"linalg\.generic \{.*?iterator_types = \[([^\]]*)\]", gen)
        its = [[x.strip().strip('"') for x in i.split(",")] if i.strip() else [] for i in its]
        if len(its) != len(ops):
            raise Fail(f"{mod}: {len(ops)} ops in ops.json, {len(its)} generics after generalization")
        for o, i in zip(ops, its):
            if o["iterators"] != i:
                raise Fail(f"{mod}: op {o['tag']} of {o['func']}: gen.py says {o['iterators']}, mlir-opt {i}")


def transform_script(src, mod, kind):
    ops = json.load(open(os.path.join(src, mod + ".ops.json")))
    lines = ["module attributes {transform.with_named_sequence} {",
             "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {"]
    for k, o in enumerate(ops):
        sizes = [TILE[j] if j < len(TILE) else 0 for j in range(len(o["iterators"]))]
        if kind == "forall":
            sizes = [s if it == "parallel" else 0 for s, it in zip(sizes, o["iterators"])]
            if not any(sizes):
                continue  # nothing parallel to distribute
        n = sum(1 for s in sizes if s)
        if n == 0:
            continue  # a rank-0 fill: no loop to tile
        lines.append(f"    %m{k} = transform.structured.match attributes{{{o['tag']}}} in %root : (!transform.any_op) -> !transform.any_op")
        if kind == "for":
            res = ", ".join(["!transform.any_op"] * (n + 1))
            lines.append(f"    %t{k}, %l{k}:{n} = transform.structured.tile_using_for %m{k} tile_sizes {sizes} : (!transform.any_op) -> ({res})")
        else:
            lines.append(f"    %t{k}, %l{k} = transform.structured.tile_using_forall %m{k} tile_sizes {sizes} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)")
    lines += ["    transform.yield", "  }", "}"]
    path = os.path.join(src, f"{mod}.tile-{kind}.mlir")
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return path


# ---------------------------------------------------------------- main
def main():
    src = os.path.join(WORK, "src")
    run([sys.executable, os.path.join(HERE, "gen.py"), src])
    check_ops_json(src)
    calls = {m: json.load(open(os.path.join(src, m + ".calls.json"))) for m in MODULES}
    rows, details, reference = [], [], {}
    problems = []
    only = [x for x in os.environ.get("PIPELINES", "").split(",") if x]
    unknown = [x for x in only if x not in [p[0] for p in PIPELINES]]
    if unknown:
        raise Fail(f"unknown pipeline(s) {unknown}; known: {[p[0] for p in PIPELINES]}")
    for pname, tkind, pipe in PIPELINES:
        if only and pname not in only:
            continue
        pdir = os.path.join(WORK, re.sub(r"[^A-Za-z0-9_-]", "_", pname))
        os.makedirs(pdir, exist_ok=True)
        tot = dict(loops=0, loops_exact=0, acc=0, acc_loom=0, acc_vb=0, acc_o2=0, acc_gap=0, acc_only=0, sv=0,
                   sv_loom=0, sv_vb=0, sv_o2=0, sv_gap=0, sv_only=0, rank0=0, loom_w=0.0, loom_p=0.0, vb_w=0.0, vb_p=0.0, rv=0, rv_kept=0, rv_kept_proven=0,
                   calls=0, exec_ok=0, fold_ok=0, claims_ok=0)
        for mod in MODULES:
            fname = f"{mod}.mlir"
            full = pipe
            if tkind:
                full = f"transform-preload-library{{transform-library-paths={transform_script(src, mod, tkind)}}},transform-interpreter,{pipe}"
            out = run([MLIR_OPT, os.path.join(src, fname), f"--pass-pipeline=builtin.module({full})"]).stdout
            with open(os.path.join(pdir, fname), "w") as fh:
                fh.write(out)
            run([MLIR_OPT, fname, "-o", "/dev/null"], cwd=pdir)  # re-parses and verifies
            if re.search(r"\blinalg\.", out):
                raise Fail(f"{pname}/{fname}: linalg ops remain")
            loops, acc, svs, rank0, lines = parse_ops(os.path.join(pdir, fname))
            # loom
            rep = os.path.join(pdir, mod + ".loom.json")
            run([LOOM, fname, f"--pass-pipeline=builtin.module(loom-report{{format=json output={rep}}})",
                 "-o", "/dev/null"], cwd=pdir)
            report = json.load(open(rep))
            lexact, lproven = {}, {}
            for lr in report["loops"]:
                ln = int(lr["loc"].rsplit(":", 2)[-2])
                lexact[ln] = lexact.get(ln, True) and lr["status"] == "exact"
            lreason = {}
            for ar in report["accesses"]:
                ln = int(ar["loc"].rsplit(":", 2)[-2])
                lproven[ln] = lproven.get(ln, True) and ar["status"] == "proven"
                if "reason" in ar:
                    lreason[ln] = ar["reason"]
            # ValueBounds
            vbname = f"{mod}.vb.mlir"
            owner = instrument(lines, acc, svs, os.path.join(pdir, vbname))
            p = subprocess.run([MLIR_OPT, vbname, f"--pass-pipeline={VB}", "-o", "/dev/null"], cwd=pdir,
                               capture_output=True, text=True)
            if p.returncode != 0:
                raise Fail(f"{pname}/{vbname}: test-affine-reify-value-bounds failed:\n{p.stderr[-2000:]}")
            vb, counts = vb_verdicts(p.stderr, vbname, owner)
            for k, v in counts.items():
                tot["cmp_" + k] = tot.get("cmp_" + k, 0) + v
            if counts["false"]:
                # Every access is in bounds by construction: a compare
                # ValueBounds refutes is a bug here or there.
                problems.append(f"{pname}/{vbname}: {counts['false']} compares are false")
            # LLVM
            rv = run([MLIR_OPT, fname, f"--pass-pipeline={LOWER_RV}"], cwd=pdir).stdout
            with open(os.path.join(pdir, mod + ".rv.mlir"), "w") as fh:
                fh.write(rv)
            inserted = rv_checks(rv, fname)
            # loom's fold: the checks in front of what loom proves must go
            folded = run([LOOM, f"--pass-pipeline={FOLD}"], cwd=pdir, inp=rv).stdout
            with open(os.path.join(pdir, mod + ".folded.mlir"), "w") as fh:
                fh.write(folded)
            kept = rv_checks(folded, fname)
            llvm_dialect = run([MLIR_OPT, f"--pass-pipeline={LOWER_LLVM}"], cwd=pdir, inp=rv).stdout
            ll = run([os.path.join(LLVM, "mlir-translate"), "--mlir-to-llvmir"], inp=llvm_dialect).stdout
            o2 = run([os.path.join(LLVM, "opt"), "-O2", "-S"], inp=ll).stdout
            with open(os.path.join(pdir, mod + ".O2.ll"), "w") as fh:
                fh.write(o2)
            left = ll_surviving(o2, fname)
            # The ops counted here and the ops the other tools saw must be
            # the same: every access and subview got its check, no check or
            # loom record names a line not counted (a parser miss).
            for ln in acc:
                if ("access", ln) not in inserted:
                    raise Fail(f"{pname}/{fname}:{ln}: no runtime check was inserted for this access")
            for ln in svs:
                if ("subview", ln) not in inserted:
                    raise Fail(f"{pname}/{fname}:{ln}: no runtime check was inserted for this subview")
            for kind, ln in inserted:
                if (kind == "access" and ln not in acc and ln not in rank0) or (kind == "subview" and ln not in svs):
                    raise Fail(f"{pname}/{fname}:{ln}: a runtime check for an op not counted here ({kind})")
            for ln in lproven:
                if ln not in acc and ln not in svs and ln not in rank0:
                    raise Fail(f"{pname}/{fname}:{ln}: loom reports an access not counted here")
            for ln in lexact:
                if ln not in loops:
                    raise Fail(f"{pname}/{fname}:{ln}: loom reports a loop not counted here")
            # timing, both tools on the instrumented file
            lw, lp = timed([LOOM, vbname, "--allow-unregistered-dialect",
                            f"--pass-pipeline=builtin.module(loom-report{{format=json output={rep}.t}})",
                            "-o", "/dev/null"], pdir, r"loom-report")
            vw, vp = timed([MLIR_OPT, vbname, f"--pass-pipeline={VB}", "-o", "/dev/null"], pdir,
                           r"(?:\(anonymous namespace\)::)?TestReifyValueBounds")
            # tallies
            t = tot
            t["loops"] += len(loops)
            t["loops_exact"] += sum(1 for ln in loops if lexact.get(ln, False))
            t["rank0"] += len(rank0)
            t["rv"] += len(inserted)
            t["rv_kept"] += len(kept)
            t["rv_kept_proven"] += sum(1 for kind, ln in kept if kind in ("access", "subview") and lproven.get(ln, False))
            for kind, ops, k in (("access", acc, "acc"), ("subview", svs, "sv")):
                for ln, a in ops.items():
                    lo, v, o = lproven.get(ln, False), vb.get(ln, False), (kind, ln) not in left
                    t[k] += 1
                    t[k + "_gap"] += (v or o) and not lo
                    t[k + "_only"] += lo and not (v or o)
                    t[k + "_loom"] += lo
                    t[k + "_vb"] += v
                    t[k + "_o2"] += o
                    details.append({"pipeline": pname, "module": mod, "line": ln, "op": a["op"], "func": a["func"],
                                    "loom": lo, "valuebounds": v, "O2": o,
                                    "loom_reason": lreason.get(ln, "" if lo else "not in loom's report")})
            for ln, lp_ in loops.items():
                details.append({"pipeline": pname, "module": mod, "line": ln, "op": lp_["op"], "func": lp_["func"],
                                "loom_exact": lexact.get(ln, False)})
            t["loom_w"] += lw
            t["loom_p"] += lp
            t["vb_w"] += vw
            t["vb_p"] += vp
            # execution
            if EXEC:
                body = out.rstrip()
                if not body.endswith("}"):
                    raise Fail(f"{pname}/{fname}: output does not end with the module's brace")
                driver = open(os.path.join(src, mod + ".driver.mlir")).read()
                prog = body[:-1] + driver + "}\n"
                ename = f"{mod}.exec.mlir"
                with open(os.path.join(pdir, ename), "w") as fh:
                    fh.write(prog)
                erv = run([MLIR_OPT, ename, f"--pass-pipeline={LOWER_RV}"], cwd=pdir).stdout
                ex = execute(erv, pdir)
                got = ex.stdout.split()
                # The same program with loom's fold after the checks must
                # print the same checksums (a fold that removes a needed
                # check or changes a value shows here).
                fx = execute(run([LOOM, f"--pass-pipeline={FOLD}"], cwd=pdir, inp=erv).stdout, pdir)
                if fx.returncode != ex.returncode or fx.stdout.split() != got:
                    problems.append(f"{pname}/{mod}: the folded program ended differently "
                                    f"({fx.returncode}, {len(fx.stdout.split())} checksums)")
                else:
                    t["fold_ok"] += 1
                # Once more with every claim loom makes on the program
                # checked as it runs (before the runtime checks): a wrong
                # claim aborts with "loom claim violated".
                claimed = run([LOOM, ename, f"--pass-pipeline={CHECK_CLAIMS}"], cwd=pdir).stdout
                cx = execute(run([MLIR_OPT, f"--pass-pipeline={LOWER_RV}"], cwd=pdir, inp=claimed).stdout, pdir)
                violated = re.search(r"loom claim violated[^\n]*", cx.stdout)
                if violated:
                    problems.append(f"{pname}/{mod}: {violated.group(0)}")
                elif cx.returncode != ex.returncode or cx.stdout.split() != got:
                    problems.append(f"{pname}/{mod}: the program with loom's claims checked ended differently "
                                    f"({cx.returncode}, {len(cx.stdout.split())} checksums)")
                else:
                    t["claims_ok"] += 1
                cl = calls[mod]
                t["calls"] += len(cl)
                if ex.returncode != 0:
                    msg = re.search(r"ERROR: Runtime op verification failed.*?Location: [^\n]*", ex.stdout, re.S)
                    problems.append(f"{pname}/{mod}: execution failed ({ex.returncode}): "
                                    f"{msg.group(0) if msg else ex.stderr[-600:]}")
                elif len(got) != len(cl):
                    problems.append(f"{pname}/{mod}: {len(got)} checksums for {len(cl)} calls")
                else:
                    ok = 0
                    for c, g in zip(cl, got):
                        v = float(g)
                        if (v != 0) != c["nonzero"]:
                            problems.append(f"{pname}/{mod}: {c['kernel']} {c['shapes']}: checksum {g}, expected "
                                            f"{'non-zero' if c['nonzero'] else '0'} (guard {'holds' if c['good'] else 'fails'})")
                        else:
                            ok += 1
                    ref = reference.setdefault(mod, (pname, got))
                    if ref[1] != got:
                        problems.append(f"{pname}/{mod}: checksums differ from {ref[0]}'s: {got} vs {ref[1]}")
                    else:
                        t["exec_ok"] += ok
        rows.append((pname, tot))
        print(f"  {pname}: done", file=sys.stderr, flush=True)
    if os.environ.get("PHASES"):
        for k, v in sorted(PHASES.items(), key=lambda kv: -kv[1]):
            print(f"  {v:8.2f} s  {k}", file=sys.stderr)

    with open(os.path.join(WORK, "details.json"), "w") as fh:
        json.dump(details, fh, indent=0)
    print_tables(rows)
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


def pct(a, b):
    return f"{a} ({100 * a / b:.0f}%)" if b else "0"


def print_tables(rows):
    print("\n### Loops and in-bounds accesses proven, per pipeline\n")
    print("| pipeline | loops | loom exact | accesses | loom | ValueBounds | LLVM -O2 | subviews | loom | ValueBounds | LLVM -O2 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = {}
    for name, t in rows:
        for k, v in t.items():
            total[k] = total.get(k, 0) + v
        print(f"| {name} | {t['loops']} | {pct(t['loops_exact'], t['loops'])} | {t['acc']} | {pct(t['acc_loom'], t['acc'])} | "
              f"{pct(t['acc_vb'], t['acc'])} | {pct(t['acc_o2'], t['acc'])} | {t['sv']} | {pct(t['sv_loom'], t['sv'])} | "
              f"{pct(t['sv_vb'], t['sv'])} | {pct(t['sv_o2'], t['sv'])} |")
    t = total
    print(f"| **total** | {t['loops']} | {pct(t['loops_exact'], t['loops'])} | {t['acc']} | {pct(t['acc_loom'], t['acc'])} | "
          f"{pct(t['acc_vb'], t['acc'])} | {pct(t['acc_o2'], t['acc'])} | {t['sv']} | {pct(t['sv_loom'], t['sv'])} | "
          f"{pct(t['sv_vb'], t['sv'])} | {pct(t['sv_o2'], t['sv'])} |")
    print("\n### The gap: proven by ValueBounds or LLVM -O2 but not by loom (and the converse)\n")
    print("| pipeline | accesses: gap | loom only | subviews: gap | loom only | ValueBounds compares true / unknown / false |")
    print("|---|---:|---:|---:|---:|---|")
    for name, t in rows + [("**total**", total)]:
        print(f"| {name} | {t['acc_gap']} | {t['acc_only']} | {t['sv_gap']} | {t['sv_only']} | "
              f"{t.get('cmp_true', 0)} / {t.get('cmp_unknown', 0)} / {t.get('cmp_false', 0)} |")
    print(f"\n### Time on the same instrumented modules (best of {REPEAT}; seconds summed over the 5 modules)\n")
    print("| pipeline | loom-report pass | ValueBounds pass | ratio | loom-opt process | mlir-opt process | ratio | spot execution |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, t in rows + [("**total**", total)]:
        ex = f"{t['exec_ok']}/{t['calls']} calls" if EXEC else "skipped"
        print(f"| {name} | {t['loom_p']:.4f} | {t['vb_p']:.4f} | {t['loom_p'] / t['vb_p']:.2f} | {t['loom_w']:.3f} | "
              f"{t['vb_w']:.3f} | {t['loom_w'] / t['vb_w']:.2f} | {ex} |")
    print("\n### Runtime checks left by loom's fold (`loom-fold-loop-facts,canonicalize` after the checks)\n")
    print("| pipeline | runtime checks | left after the fold | left in front of what loom proves | folded execution | execution with loom's claims checked |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, t in rows + [("**total**", total)]:
        modules = len(MODULES) if name != '**total**' else len(MODULES) * len(rows)
        fx = f"{t['fold_ok']}/{modules} modules alike" if EXEC else "skipped"
        cx = f"{t['claims_ok']}/{modules} modules alike" if EXEC else "skipped"
        print(f"| {name} | {t['rv']} | {t['rv_kept']} | {t['rv_kept_proven']} | {fx} | {cx} |")
    print(f"\n(rank-0 accesses, not counted above: {total['rank0']})")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Fail as e:
        print(f"bench/pipelines: {e}", file=sys.stderr)
        sys.exit(1)
