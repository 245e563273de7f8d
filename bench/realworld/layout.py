#!/usr/bin/env python3
"""Lays out the corpus directory bench/realworld/run.sh reads (CORPUS) from
local git clones of the repositories MANIFEST.tsv names.

Usage: python3 bench/realworld/layout.py CLONES CORPUS
CLONES holds one git directory per repository, named `owner+name` (a bare
or a working clone; `owner+name/repo` is accepted too). For every manifest
row it writes `git show COMMIT:PATH` to CORPUS/FILE and checks the bytes
against the row's sha256: the corpus is the recorded text, byte for byte,
or the row is reported and the exit status is non-zero. Edits are not
applied here (realworld.py applies them, from the manifest, at run time);
rows whose repository has no clone under CLONES are listed as missing.
"""

import hashlib
import os
import subprocess
import sys


def main(clones, corpus):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "MANIFEST.tsv")) as fh:
        head = fh.readline().rstrip("\n").split("\t")
        rows = [dict(zip(head, line.rstrip("\n").split("\t"))) for line in fh if line.strip()]
    bad = 0
    for r in rows:
        base = os.path.join(clones, r["repository"].replace("/", "+"))
        gitdir = next((d for d in (os.path.join(base, "repo"), base) if os.path.isdir(d)), None)
        if gitdir is None:
            print(f"missing clone: {r['repository']} (for {r['file']})")
            bad += 1
            continue
        p = subprocess.run(["git", "-C", gitdir, "show", f"{r['commit']}:{r['path']}"], capture_output=True)
        if p.returncode != 0:
            print(f"not in {r['repository']}: {r['commit']}:{r['path']}")
            bad += 1
            continue
        if hashlib.sha256(p.stdout).hexdigest() != r["sha256"]:
            print(f"sha256 differs: {r['file']}")
            bad += 1
            continue
        dest = os.path.join(corpus, r["file"])
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as fh:
            fh.write(p.stdout)
    print(f"{len(rows) - bad} of {len(rows)} files laid out in {corpus}")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
