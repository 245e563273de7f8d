#!/usr/bin/env python3
"""Real-world corpus benchmark driver (bench/realworld/run.sh calls it; the
tables are printed by report.py).

What it measures: loom's loop facts and in-bounds proofs on MLIR that other
people wrote (MANIFEST.tsv lists every file: origin, licence, pipeline,
edits), next to the two anchors bench/pipelines already runs: upstream
ValueBounds (`test-affine-reify-value-bounds`) and LLVM `opt -O2` after
`--generate-runtime-verification`.

Per manifest row (a file; a file whose RUN lines use --split-input-file is
split at `// -----` and each part is a unit of its own):
 1. the stored text, with the row's recorded edits (regex substitutions,
    each with its reason) applied, goes through the row's recorded pipeline
    with Debian's mlir-opt; the printed output is the IR every tool sees
    (no linalg/tensor/tosa/transform op may remain);
 2. loops (one per op: scf.for/parallel/forall/while, affine.for/parallel)
    and accesses (memref/affine load/store with indices, subviews) are read
    from that printed IR with bench/pipelines/measure.py's parser; an access
    is trivial when every index is a constant and the memref's shape is
    static (every tool proves those; the tables count the others);
 3. loom-report{format=json}: a loop is exact / at_most / unknown by loom's
    records at its line (no record: unknown); an access is proven when its
    record says so; vector accesses loom reports (vector.load/store,
    transfer_read/write, masked/gather/scatter/expand/compress) are counted
    for loom alone (the anchors' instrumentation covers memref/affine ops);
 4. ValueBounds and LLVM -O2 on the same accesses, exactly as
    bench/pipelines/measure.py does it (its functions, imported);
 5. a unit with a `func.func @main` runs: the pipeline output with the
    runtime checks through mlir-runner, and once more with
    `loom-check-claims` first; a violated claim fails the run; both runs
    must end alike (exit status, output);
 6. time: loom-report (the pass, from --mlir-timing, and the process)
    against parse+print (`loom-opt F -o /dev/null`), best of REPEAT.
A unit whose step fails the way its manifest row's `expect` column records
(a known, explained limitation) is counted as such; any other failure is
reported and makes the exit status non-zero.

loom's schema v2 report has no call-site proofs: the column "via call
sites" is printed as n/a until the report carries them.
"""

import collections
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "pipelines"))
import measure as pm  # noqa: E402  (bench/pipelines/measure.py: parser, ValueBounds, LLVM, timing)

LLVM = pm.LLVM
MLIR_OPT = pm.MLIR_OPT
LOOM = pm.LOOM
WORK = pm.WORK
CORPUS = os.environ["CORPUS"]
REPEAT = pm.REPEAT
EXEC = pm.EXEC
ONLY = [x for x in os.environ.get("SOURCES", "").split(",") if x]
EXEC_TIMEOUT = int(os.environ.get("EXEC_TIMEOUT", "120"))

# Lowering for execution: n-D vector transfers need vector-to-scf first.
LOWER_EXEC = ("builtin.module(convert-vector-to-scf,expand-strided-metadata,lower-affine,convert-scf-to-cf,"
              "convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts)")
VECTOR_ACCESS = re.compile(r"^(vector\.(load|store|transfer_read|transfer_write|maskedload|maskedstore|gather|scatter|"
                           r"expandload|compressstore)|affine\.vector_(load|store))$")
# The ops the anchors are asked about (bench/pipelines/measure.py's parser).
ANCHORED = re.compile(r"^(memref\.(load|store|subview)|affine\.(load|store))$")
RV_MSG = "Runtime op verification failed"
LEFT_OVER = re.compile(r"(^\s*|= )\"?(linalg|tensor|tosa|transform)\.\w+", re.M)


# A module whose memref.global initializers hold more elements than this is
# not lowered to LLVM IR: mlir-translate writes every element of a splat
# (1.7 GB of text for one 240-line buddy-mlir FFN example), so neither the
# -O2 anchor nor execution can run on it; the manifest records each such file.
GLOBAL_LIMIT = 1 << 20


def global_elements(text):
    n = 0
    for m in re.finditer(r"^\s*memref\.global [^\n]*: memref<((?:\d+x)*)[a-z]", text, re.M):
        k = 1
        for d in filter(None, m.group(1).split("x")):
            k *= int(d)
        n += k
    return n


def limited(row, uname, tot, step, why):
    """A step not run on a unit: a known limitation if the manifest records it."""
    exp = expect_of(row)
    if step in exp:
        tot["expected"].append(f"{row['file']}{uname}: {step}: {why} (recorded: {exp[step]})")
    else:
        tot["failures"].append(f"{row['file']}{uname}: {step}: {why} (not recorded in MANIFEST.tsv)")


class Expected(Exception):
    """A failure the manifest records as a known limitation."""


def read_manifest():
    rows = []
    with open(os.path.join(HERE, "MANIFEST.tsv")) as fh:
        head = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            if line.strip():
                rows.append(dict(zip(head, line.rstrip("\n").split("\t"))))
    return rows


def expect_of(row):
    """{step: reason} from the `expect` column: `step: reason; step: reason`."""
    out = {}
    for part in filter(None, (p.strip() for p in row.get("expect", "").split(";"))):
        step, _, why = part.partition(":")
        out[step.strip()] = why.strip()
    return out


def apply_edits(text, edits):
    for rx, rep, why in (json.loads(edits) if edits else []):
        text, n = re.subn(rx, rep, text, flags=re.S)
        if n == 0:
            raise pm.Fail(f"recorded edit does not apply: {rx} ({why})")
    return text


def units(row):
    """(name, text) per unit of a manifest row."""
    path = os.path.join(CORPUS, row["file"])
    if not os.path.exists(path):
        raise pm.Fail(f"{row['file']}: not in the corpus directory {CORPUS}")
    text = apply_edits(open(path).read(), row["edits"])
    if row["split"] != "yes":
        return [("", text)]
    parts = re.split(r"^// -----.*$", text, flags=re.M)
    return [(f"#{k}", p) for k, p in enumerate(parts) if re.search(r"\S", re.sub(r"//.*", "", p))]


def constants(lines):
    """SSA names bound to integer constants, per function (names repeat across functions)."""
    out, func = collections.defaultdict(set), None
    for line in lines:
        m = re.match(r"^\s*func\.func (?:private )?@(\w+)", line)
        if m:
            func = m.group(1)
        m = re.match(r"^\s*(%[\w$.]+) = arith\.constant -?\d+ : index", line)
        if m:
            out[func].add(m.group(1))
    return out


def trivial(acc, consts):
    if any(d is None for d in pm.memref_shape(acc["type"])):
        return False
    return all(re.fullmatch(r"-?\d+", e.strip()) or e.strip() in consts.get(acc["func"], ()) for e in acc["idx"])


def reason_key(reason):
    r = re.sub(r"%[\w$.#]+", "%v", reason or "not in loom's report")
    r = re.sub(r"@[\w$.]+", "@f", r)
    r = re.sub(r"\b\d+\b", "N", r)
    return r[:160]


def timed_wall(cmd, cwd):
    best = None
    for _ in range(REPEAT):
        t = time.perf_counter()
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
        w = time.perf_counter() - t
        if p.returncode != 0:
            raise pm.Fail(f"{' '.join(cmd)} failed:\n{p.stderr[-2000:]}")
        best = w if best is None else min(best, w)
    return best


def run_program(mlir_text, cwd, tag):
    """Lowers a checked program and runs @main; returns the process result."""
    low = pm.run([MLIR_OPT, f"--pass-pipeline={LOWER_EXEC}"], cwd=cwd, inp=mlir_text).stdout
    ret = re.search(r"llvm\.func @main\([^)]*\)(?: -> (\S+))?", low)
    res = {"i32": "i32", "i64": "i64", "f32": "f32"}.get(ret.group(1) if ret and ret.group(1) else "", "void")
    with open(os.path.join(cwd, f"{tag}.llvm.mlir"), "w") as fh:
        fh.write(low)
    try:
        return subprocess.run(pm.STDBUF + [os.path.join(LLVM, "mlir-runner"), "-e", "main", f"-entry-point-result={res}",
                              f"-shared-libs={pm.RUNTIME_LIBS}"], input=low, capture_output=True, text=True, cwd=cwd,
                              timeout=EXEC_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Expected("exec: timeout")


def measure_unit(row, uname, text, udir, tot, details):
    base = "unit.mlir"
    with open(os.path.join(udir, "input.mlir"), "w") as fh:
        fh.write(text)
    out = pm.run([MLIR_OPT, "input.mlir", f"--pass-pipeline={row['pipeline']}"], cwd=udir).stdout
    if LEFT_OVER.search(out):
        raise pm.Fail("the pipeline leaves linalg/tensor/tosa/transform ops")
    with open(os.path.join(udir, base), "w") as fh:
        fh.write(out)
    loops, acc, svs, rank0, lines = pm.parse_ops(os.path.join(udir, base))
    consts = constants(lines)
    # loom
    rep = os.path.join(udir, "loom.json")
    pm.run([LOOM, base, f"--pass-pipeline=builtin.module(loom-report{{format=json output={rep}}})", "-o", "/dev/null"],
           cwd=udir)
    report = json.load(open(rep))
    lstat, lproven, lreason, vec = {}, {}, {}, {}
    # per line: every access there proven, on its own or through the calls
    # of its function; some access there unproven with a precondition
    # some access there proven resting on an earlier access to its element
    lcalls, lprecond, lrests = {}, {}, {}
    for lr in report["loops"]:
        ln = int(lr["loc"].rsplit(":", 2)[-2])
        prev = lstat.get(ln, "exact")
        order = ["exact", "at_most", "unknown"]
        lstat[ln] = order[max(order.index(prev), order.index(lr["status"]))]
    for ar in report["accesses"]:
        ln = int(ar["loc"].rsplit(":", 2)[-2])
        if VECTOR_ACCESS.match(ar["op"]):
            vec[ln] = (ar["op"], vec.get(ln, (None, True))[1] and ar["status"] == "proven", ar.get("reason"))
            continue
        if not ANCHORED.match(ar["op"]):
            # calls and copies with memref operands, prefetches: loom's
            # records, not accesses any anchor is asked about
            tot["other"][(ar["op"], ar["status"])] += 1
            continue
        lproven[ln] = lproven.get(ln, True) and ar["status"] == "proven"
        via_calls = ar.get("call_sites", {}).get("proven", False)
        lcalls[ln] = lcalls.get(ln, True) and (ar["status"] == "proven" or via_calls)
        lprecond[ln] = lprecond.get(ln, False) or (ar["status"] != "proven" and "precondition" in ar)
        lrests[ln] = lrests.get(ln, False) or (ar["status"] == "proven" and "rests_on" in ar)
        if "reason" in ar:
            lreason[ln] = ar["reason"]
    for ln in lstat:
        if ln not in loops:
            raise pm.Fail(f"{base}:{ln}: loom reports a loop not counted here")
    # ValueBounds
    owner = pm.instrument(lines, acc, svs, os.path.join(udir, "vb.mlir"))
    p = subprocess.run([MLIR_OPT, "vb.mlir", f"--pass-pipeline={pm.VB}", "-o", "/dev/null"], cwd=udir,
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise pm.Fail(f"test-affine-reify-value-bounds failed:\n{p.stderr[-2000:]}")
    vb, counts = pm.vb_verdicts(p.stderr, "vb.mlir", owner)
    for k, v in counts.items():
        tot["cmp_" + k] += v
    # LLVM -O2 after the runtime checks (not on modules whose constant
    # globals LLVM IR would spell out element by element: see GLOBAL_LIMIT)
    rv = pm.run([MLIR_OPT, base, f"--pass-pipeline={pm.LOWER_RV}"], cwd=udir).stdout
    # the program's own cf.asserts are not runtime checks (and carry no location)
    inserted = pm.rv_checks("\n".join(x for x in rv.split("\n") if "cf.assert" not in x or RV_MSG in x), base)
    big = global_elements(out)
    if big > GLOBAL_LIMIT:
        limited(row, uname, tot, "o2", f"constant globals of {big} elements")
        left = None
    else:
        llvm_dialect = pm.run([MLIR_OPT, f"--pass-pipeline={LOWER_EXEC}"], cwd=udir, inp=rv).stdout
        ll = pm.run([os.path.join(LLVM, "mlir-translate"), "--mlir-to-llvmir"], inp=llvm_dialect).stdout
        o2 = pm.run([os.path.join(LLVM, "opt"), "-O2", "-S"], inp=ll).stdout
        left = pm.ll_surviving(o2, base)
    for ln in acc:
        if ("access", ln) not in inserted:
            raise pm.Fail(f"{base}:{ln}: no runtime check was inserted for this access")
    for ln in svs:
        if ("subview", ln) not in inserted:
            raise pm.Fail(f"{base}:{ln}: no runtime check was inserted for this subview")
    for ln in lproven:
        if ln not in acc and ln not in svs and ln not in rank0:
            raise pm.Fail(f"{base}:{ln}: loom reports an access not counted here")
    # tallies
    tot["units"] += 1
    for ln, lp in loops.items():
        st = lstat.get(ln, "unknown")
        tot["loops"][lp["op"]][st] += 1
        details.append({"file": row["file"] + uname, "line": ln, "op": lp["op"], "func": lp["func"], "loom": st})
    for kind, ops in (("access", acc), ("subview", svs)):
        for ln, a in ops.items():
            lo, v, o = lproven.get(ln, False), vb.get(ln, False), left is not None and (kind, ln) not in left
            triv = kind == "access" and trivial(a, consts)
            key = "triv" if triv else "nontriv"
            t = tot["acc"][key]
            t["n"] += 1
            t["loom"] += lo
            t["vb"] += v
            t["o2"] += o
            t["both_not_loom"] += v and o and not lo
            t["vb_not_loom"] += v and not lo
            t["o2_not_loom"] += o and not lo
            t["loom_only"] += lo and not (v or o)
            t["calls"] += not lo and lcalls.get(ln, False)
            t["precond"] += not lo and lprecond.get(ln, False)
            t["rests"] += lo and lrests.get(ln, False)
            if not lo:
                tot["reasons"][reason_key(lreason.get(ln))] += 1
            if o and not lo:
                tot["o2_gap"][a["op"]] += 1
                if not v:
                    tot["o2_gap_list"].append(f"{row['file']}{uname}:{ln} {a['op']} in @{a['func']}: "
                                              f"{lreason.get(ln, 'not in loom report')}")
            if v and o and not lo:
                tot["gap"][a["op"]] += 1
                tot["gap_list"].append(f"{row['file']}{uname}:{ln} {a['op']} in @{a['func']}: "
                                       f"{lreason.get(ln, 'not in loom report')}")
            details.append({"file": row["file"] + uname, "line": ln, "op": a["op"], "func": a["func"], "trivial": triv,
                            "loom": lo, "valuebounds": v, "O2": o, "loom_reason": lreason.get(ln, "" if lo else "none")})
    for ln, (op, proven, why) in vec.items():
        tot["vec"]["n"] += 1
        tot["vec"]["loom"] += proven
        if not proven:
            tot["reasons"][reason_key(why)] += 1
    # time
    _, lp_t = pm.timed([LOOM, base, f"--pass-pipeline=builtin.module(loom-report{{format=json output={rep}.t}})",
                        "-o", "/dev/null"], udir, r"loom-report")
    lw = timed_wall([LOOM, base, f"--pass-pipeline=builtin.module(loom-report{{format=json output={rep}.t}})",
                     "-o", "/dev/null"], udir)
    pw = timed_wall([LOOM, base, "-o", "/dev/null"], udir)
    tot["t_pass"] += lp_t
    tot["t_loom"] += lw
    tot["t_parse"] += pw
    # execution
    if EXEC and re.search(r"^\s*func\.func @main\((?!\))", out, re.M):
        tot["main_args"] += 1  # a main taking arguments is not a program entry mlir-runner can call
    elif EXEC and re.search(r"^\s*func\.func @main\(\)", out, re.M):
        if big > GLOBAL_LIMIT:
            tot["mains"] += 1
            limited(row, uname, tot, "exec", f"constant globals of {big} elements")
        else:
            execute(row, out, udir, tot)


# The examples that time themselves read the clock through `call @rtclock()`
# and print the difference. The program run with its claims checked is
# slower, so those lines differ from the plain run's, while two plain runs
# may print the same rounded time: every such call reads 0.0 in both runs
# instead, so that both print what they computed and nothing else differs.
RTCLOCK = re.compile(r"(?:func\.)?call @rtclock\(\) : \(\) -> f64")


def execute(row, out, udir, tot):
    tot["mains"] += 1
    with open(os.path.join(udir, "exec.mlir"), "w") as fh:
        fh.write(RTCLOCK.sub("arith.constant 0.0 : f64", out))
    checked = pm.run([MLIR_OPT, "exec.mlir", f"--pass-pipeline={pm.LOWER_RV}"], cwd=udir).stdout
    ex = run_program(checked, udir, "checked")
    if ex.returncode != 0:
        raise Expected(f"exec: exit {ex.returncode}: "
                       + (re.search(r"ERROR: Runtime op verification failed.*?Location: [^\n]*", ex.stdout + ex.stderr,
                                    re.S) or re.search(r"[^\n]*$", ex.stderr.strip())).group(0)[:300])
    claimed = pm.run([LOOM, "exec.mlir", f"--pass-pipeline={pm.CHECK_CLAIMS}"], cwd=udir).stdout
    claimed_rv = pm.run([MLIR_OPT, f"--pass-pipeline={pm.LOWER_RV}"], cwd=udir, inp=claimed).stdout
    cx = run_program(claimed_rv, udir, "claims")
    violated = re.search(r"loom claim violated[^\n]*", cx.stdout + cx.stderr)
    if violated:
        raise pm.Fail(f"VIOLATED CLAIM: {violated.group(0)}")
    if cx.returncode != ex.returncode or not alike(ex.stdout, cx.stdout, lambda: run_program(checked, udir, "again")):
        raise pm.Fail(f"with loom's claims checked the program ended differently ({cx.returncode} vs {ex.returncode})")
    tot["exec_ok"] += 1


def masked(out):
    """Output lines with heap addresses (printMemref's `base@ = 0x...`) masked."""
    return [re.sub(r"0x[0-9a-f]+", "0x?", x) for x in out.split("\n")]


def alike(a, b, again):
    """Same output, but for addresses and for the lines that also differ
    between two runs of the unchanged program (the clock reads 0.0 in both:
    see RTCLOCK); `again` runs it once more, only when needed."""
    ma, mb = masked(a), masked(b)
    if ma == mb:
        return True
    mc = masked(again().stdout)
    if len(ma) != len(mb) or len(ma) != len(mc):
        return False
    return all(x == y or x != z for x, y, z in zip(ma, mb, mc))


def new_tally():
    return {"files": 0, "units": 0, "loops": collections.defaultdict(lambda: collections.Counter()),
            "acc": {k: collections.Counter() for k in ("triv", "nontriv")}, "vec": collections.Counter(), "other": collections.Counter(), "main_args": 0,
            "reasons": collections.Counter(), "gap": collections.Counter(), "o2_gap": collections.Counter(), "o2_gap_list": [], "gap_list": [],
            "cmp_true": 0, "cmp_unknown": 0, "cmp_false": 0, "t_pass": 0.0, "t_loom": 0.0, "t_parse": 0.0,
            "mains": 0, "exec_ok": 0, "expected": [], "failures": []}


def main():
    rows = read_manifest()
    by_source = collections.OrderedDict()
    for r in rows:
        if not ONLY or r["source"] in ONLY:
            by_source.setdefault(r["source"], []).append(r)
    tallies, details = collections.OrderedDict(), []
    for src, srows in by_source.items():
        tot = tallies[src] = new_tally()
        for k, row in enumerate(srows):
            tot["files"] += 1
            exp = expect_of(row)
            for uname, text in units(row):
                udir = os.path.join(WORK, src, re.sub(r"[^A-Za-z0-9_.-]", "_", row["file"] + uname))
                os.makedirs(udir, exist_ok=True)
                try:
                    measure_unit(row, uname, text, udir, tot, details)
                except Expected as e:
                    step = str(e).split(":")[0]
                    if step in exp:
                        tot["expected"].append(f"{row['file']}{uname}: {e} (recorded: {exp[step]})")
                    else:
                        tot["failures"].append(f"{row['file']}{uname}: {e} (not recorded in MANIFEST.tsv)")
                except pm.Fail as e:
                    msg = str(e)
                    if "VIOLATED CLAIM" not in msg and "tool" in exp:
                        tot["expected"].append(f"{row['file']}{uname}: {msg.splitlines()[0][:200]} "
                                               f"(recorded: {exp['tool']})")
                    else:
                        tot["failures"].append(f"{row['file']}{uname}: {msg[:1500]}")
        print(f"  {src}: {tot['files']} files, {tot['units']} units measured", file=sys.stderr, flush=True)
    with open(os.path.join(WORK, "details.json"), "w") as fh:
        json.dump(details, fh, indent=0)
    import report  # noqa: E402  (bench/realworld/report.py: the tables)
    report.print_tables(tallies, REPEAT)
    bad = [f for t in tallies.values() for f in t["failures"]]
    for f in bad:
        print("FAIL:", f)
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except pm.Fail as e:
        print(f"bench/realworld: {e}", file=sys.stderr)
        sys.exit(1)
