#!/bin/sh
# Real-world corpus benchmark: loom's loop facts and in-bounds proofs on
# MLIR written by others (MANIFEST.tsv: 4 sources, each file's origin,
# licence, pipeline and edits), next to ValueBounds and LLVM -O2 on the
# same accesses (as bench/pipelines measures them), with every program
# that has a main run with runtime checks and with loom's claims checked.
#
# Usage: cargo build --release --bin loom-opt && CORPUS=DIR bench/realworld/run.sh
# CORPUS is the directory holding the files under the manifest's `file`
# paths (README.md: how to lay it out from the recorded origins).
# Environment: LOOM_OPT (default target/release/loom-opt), LLVM_PREFIX
# (default /usr/lib/llvm-22), REPEAT (timing runs, best of; default 3),
# SOURCES=name,name measures only those, EXEC=0 skips execution,
# EXEC_TIMEOUT (seconds per run, default 120), KEEP=1 keeps the work
# directory (each unit's pipeline output, loom's report, the instrumented
# copy, the lowered programs, and details.json: every loop's and access's
# verdicts with loom's reason).
# Exit status: non-zero when a tool fails, a claim of loom's is violated,
# or a program ends differently with its claims checked, unless the
# manifest's `expect` column records that failure for that file.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
LOOM_OPT=${LOOM_OPT:-$root/target/release/loom-opt}
LLVM_BIN=${LLVM_PREFIX:-/usr/lib/llvm-22}/bin
: "${CORPUS:?set CORPUS to the corpus directory (see bench/realworld/README.md)}"
[ -d "$CORPUS" ] || { echo "bench/realworld/run.sh: CORPUS=$CORPUS is not a directory" >&2; exit 1; }
[ -x "$LOOM_OPT" ] || { echo "bench/realworld/run.sh: $LOOM_OPT not found: run \`cargo build --release --bin loom-opt\` first (or set LOOM_OPT)" >&2; exit 1; }
for t in mlir-opt mlir-translate opt mlir-runner; do
  [ -x "$LLVM_BIN/$t" ] || { echo "bench/realworld/run.sh: $LLVM_BIN/$t not found: run scripts/install-deps.sh" >&2; exit 1; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/loom-realworld.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
  echo "work directory: $WORK" >&2
else
  trap 'rm -rf "$WORK"' EXIT
fi
# bench/pipelines/measure.py is imported: leave no bytecode beside it
export LOOM_OPT LLVM_BIN WORK CORPUS PYTHONDONTWRITEBYTECODE=1
python3 "$here/realworld.py"
