#!/usr/bin/env python3
"""Runs every loom pass on every MLIR file of examples/, test/ and the
bounds benchmark's kernels (bench/bounds/kernels/) and fails
on any crash.

Usage: no_crash.py LOOM_OPT SOURCE_ROOT

A crash is anything but a normal exit: death by a signal (SIGSEGV, SIGABRT),
LLVM's crash banner ("PLEASE submit a bug report", "Stack dump"), a fatal
"LLVM ERROR", a Rust panic turned into "internal error in pass", or a run
that does not finish within TIMEOUT seconds. Diagnostics with exit code 1
are fine: many inputs are invalid on purpose. Each pass is followed by
upstream passes that walk the whole IR in the same process (cse,
canonicalize, and the verifier between passes), since a pass can leave IR
that prints correctly but holds dangling references.

The list of pipelines is checked against `loom-opt --help`, so a new loom
pass cannot be left out of the sweep.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

TIMEOUT = 120
TAIL = "cse,canonicalize"
PIPELINES = [
    # loom-loop-depth alone, anchored on functions.
    "builtin.module(func.func(loom-loop-depth))",
    "builtin.module(loom-loop-depth,%s)" % TAIL,
    "builtin.module(loom-loop-facts{remarks=true},%s)" % TAIL,
    "builtin.module(loom-report{output=-},%s)" % TAIL,
    "builtin.module(loom-report{format=text output=-})",
    "builtin.module(loom-verify-bounds{mode=remark},%s)" % TAIL,
    "builtin.module(loom-verify-bounds{mode=error})",
    "builtin.module(loom-fold-loop-facts,%s)" % TAIL,
    # The run-time checks of every claim, lowered as a user would run them.
    "builtin.module(loom-check-claims,%s)" % TAIL,
    "builtin.module(loom-check-claims,loom-lower-to-llvm)",
    "builtin.module(loom-lower-to-scf,%s)" % TAIL,
    "builtin.module(loom-lower-to-scf{assume-range=check},%s)" % TAIL,
    "builtin.module(loom-lower-to-cf,%s)" % TAIL,
    "builtin.module(loom-prove-max-trips,%s)" % TAIL,
    "builtin.module(loom-lower-to-fixed-bound,%s)" % TAIL,
    "builtin.module(loom-lower-to-fixed-bound{check-trips=true assume-range=check},%s)" % TAIL,
    "builtin.module(loom-carry-captured-tensors,%s)" % TAIL,
    # ... and the loom BufferizableOpInterface models after it.
    "builtin.module(loom-carry-captured-tensors,one-shot-bufferize{bufferize-function-boundaries},%s)" % TAIL,
    "builtin.module(loom-lower-to-llvm,%s)" % TAIL,
    "builtin.module(loom-promote-slots,%s)" % TAIL,
    "builtin.module(loom-sccp,%s)" % TAIL,
    # loom's own canonicalization patterns, and parse + verify + print.
    "builtin.module(%s)" % TAIL,
]
CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump", "LLVM ERROR", "internal error in pass")


def loom_passes(loom_opt):
    """The loom passes loom-opt lists in --help."""
    out = subprocess.run([loom_opt, "--help"], capture_output=True, text=True, check=True).stdout
    return sorted(set(re.findall(r"^\s+--(loom-[a-z0-9-]+)\s", out, re.M)))


def inputs(root):
    found = []
    for top in ("examples", "test", os.path.join("bench", "bounds", "kernels")):
        for dirpath, dirs, files in os.walk(os.path.join(root, top)):
            # lit's Output directories hold what earlier runs wrote, which
            # differs from one run to the next: only the project's files.
            dirs[:] = [d for d in dirs if d != "Output"]
            found += [os.path.join(dirpath, f) for f in files if f.endswith(".mlir")]
    return sorted(found)


def run(loom_opt, path, pipeline):
    cmd = [loom_opt, path, "--split-input-file", "--pass-pipeline=" + pipeline, "-o", os.devnull]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, errors="replace")
    except subprocess.TimeoutExpired:
        return "timed out after %d s: %s" % (TIMEOUT, " ".join(cmd))
    crashed = proc.returncode < 0 or proc.returncode > 1
    marker = next((m for m in CRASH_MARKERS if m in proc.stderr), None)
    if crashed or marker:
        tail = "\n".join(proc.stderr.splitlines()[:12])
        return "exit %d%s: %s\n%s" % (proc.returncode, " (%s)" % marker if marker else "", " ".join(cmd), tail)
    return None


def main():
    loom_opt, root = sys.argv[1], sys.argv[2]
    covered = set(re.findall(r"(loom-[a-z0-9-]+)", " ".join(PIPELINES)))
    missing = [p for p in loom_passes(loom_opt) if p not in covered]
    if missing:
        print("no-crash sweep: passes listed by --help but not swept: %s" % ", ".join(missing))
        return 1
    files = inputs(root)
    jobs = [(f, p) for f in files for p in PIPELINES]
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for failure in pool.map(lambda job: run(loom_opt, *job), jobs):
            if failure:
                failures.append(failure)
    for failure in failures:
        print("CRASH " + failure)
    print("no-crash sweep: %d files x %d pipelines = %d runs, %d crashes"
          % (len(files), len(PIPELINES), len(jobs), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
