#!/usr/bin/env python3
"""Checks that a Markdown page of loom's documentation still tells the truth.

A page marks what can be checked with an HTML comment (invisible when
rendered) on the line before a fenced block:

  <!-- check-output -->   the next block is a shell command (```sh); it is
                          run, and its standard output and error together
                          must be exactly the block after it (any language);
  <!-- check-runs -->     the next block is a shell command; it must exit 0;
  <!-- check-in: FILE --> the next block appears verbatim in FILE (a path
                          from the repository root): a snippet copied from
                          an example that is itself tested.

Besides, every `--pass-pipeline='...'` anywhere on the page must be a
pipeline loom-opt accepts (run on an empty module), so that a renamed pass
or option fails here instead of misleading a reader, and every relative
link must name a file that exists.

Commands run under bash with pipefail, in a scratch directory that sees the
repository's examples/, test/ and cpp/ under their own names (so files a
command writes land there), with `loom-opt` on PATH (the binary given with
--loom-opt; `target/debug/loom-opt` and `target/release/loom-opt` in a
command mean it too), Debian's LLVM 22 tools first on PATH, and
`target/plugin/libLoomPlugin.so` meaning the plugin given with --plugin.

Usage: check-docs.py --loom-opt PATH [--plugin PATH] [--llvm-bin DIR] PAGE...
Exit status 1 with a diff per failure.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = re.compile(r"^<!--\s*(check-output|check-runs|check-in:\s*(\S+))\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```")


def blocks(lines, start):
    """The fenced block starting at or after line `start`: (text, end)."""
    i = start
    while i < len(lines) and not FENCE.match(lines[i]):
        if lines[i].strip():
            return None, i
        i += 1
    if i == len(lines):
        return None, i
    indent = FENCE.match(lines[i]).group(1)
    body = []
    i += 1
    while i < len(lines) and not FENCE.match(lines[i]):
        line = lines[i]
        body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
        i += 1
    return "\n".join(body) + "\n", i + 1


def run(cmd, env, cwd):
    cmd = cmd.replace("target/debug/loom-opt", "loom-opt").replace("target/release/loom-opt", "loom-opt")
    cmd = cmd.replace("target/plugin/libLoomPlugin.so", env["LOOM_DOC_PLUGIN"])
    return subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)


def norm(text):
    return "\n".join(l.rstrip() for l in text.strip("\n").split("\n"))


def check_page(page, env, scratch, loom_opt):
    failures = []
    with open(page) as f:
        lines = f.read().split("\n")
    name = os.path.relpath(page, ROOT)
    checked = 0
    for i, line in enumerate(lines):
        m = MARK.match(line)
        if not m:
            continue
        where = "%s:%d" % (name, i + 1)
        first, end = blocks(lines, i + 1)
        if first is None:
            failures.append("%s: a check mark not followed by a fenced block" % where)
            continue
        checked += 1
        if m.group(1) == "check-output":
            expected, _ = blocks(lines, end)
            if expected is None:
                failures.append("%s: check-output without an output block after the command" % where)
                continue
            result = run(first, env, scratch)
            if norm(result.stdout) != norm(expected):
                diff = "\n".join(difflib.unified_diff(
                    norm(expected).split("\n"), norm(result.stdout).split("\n"),
                    "shown in " + name, "printed now", lineterm=""))
                failures.append("%s: the output shown is not what the command prints (exit %d):\n%s"
                                % (where, result.returncode, diff))
        elif m.group(1) == "check-runs":
            result = run(first, env, scratch)
            if result.returncode != 0:
                failures.append("%s: the command fails (exit %d):\n%s" % (where, result.returncode, result.stdout))
        else:
            path = os.path.join(ROOT, m.group(2))
            with open(path) as f:
                if first.strip("\n") not in f.read():
                    failures.append("%s: the block is not (any longer) in %s" % (where, m.group(2)))
    pipelines = sorted(set(re.findall(r"--pass-pipeline='([^']*)'", "\n".join(lines))))
    for p in pipelines:
        result = subprocess.run([loom_opt, "--pass-pipeline=" + p, "-o", os.devnull], input="module {}\n",
                                cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            failures.append("%s: loom-opt rejects the pipeline '%s':\n%s" % (name, p, result.stdout))
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", "\n".join(lines))
    links = [l for l in links if not re.match(r"[a-z]+:", l)]
    for l in links:
        if not os.path.exists(os.path.join(os.path.dirname(page), l)):
            failures.append("%s: the link '%s' names no file" % (name, l))
    print("%s: %d marked blocks, %d pipelines, %d links checked" % (name, checked, len(pipelines), len(links)))
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loom-opt", required=True)
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target/plugin/libLoomPlugin.so"))
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()
    loom_opt = os.path.abspath(args.loom_opt)
    with tempfile.TemporaryDirectory(prefix="loom-docs-") as scratch:
        bindir = os.path.join(scratch, ".bin")
        os.mkdir(bindir)
        os.symlink(loom_opt, os.path.join(bindir, "loom-opt"))
        for d in ("examples", "test", "cpp", "scripts"):
            os.symlink(os.path.join(ROOT, d), os.path.join(scratch, d))
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([bindir, args.llvm_bin, env.get("PATH", "")])
        env["LOOM_DOC_PLUGIN"] = os.path.abspath(args.plugin)
        failures = []
        for page in args.pages:
            failures += check_page(os.path.abspath(page), env, scratch, loom_opt)
    for f in failures:
        print("error: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
