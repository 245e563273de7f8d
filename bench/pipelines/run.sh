#!/bin/sh
# Pipelines benchmark: what loom proves on the loops and
# accesses upstream MLIR 22 pipelines make from buffer-style linalg
# programs, against upstream's ValueBounds and LLVM -O2 on the same IR.
#
# gen.py writes 48 programs in 5 modules (named linalg ops and generics,
# 1-D to 4-D, static and dynamic shapes, outputs allocated from the inputs'
# dims, shape agreement guarded by scf.if: every access is safe by
# construction); measure.py runs 12 upstream pipelines on them with
# Debian's mlir-opt and asks loom-report, test-affine-reify-value-bounds and
# --generate-runtime-verification + opt -O2 about every loop, access and
# subview of each output, times loom-report against ValueBounds, and
# executes every program of every pipeline's output with the runtime
# checks on. See bench/pipelines/README.md for what each column means.
#
# Usage: cargo build --release --bin loom-opt && bench/pipelines/run.sh
# Environment: LOOM_OPT (default target/release/loom-opt), LLVM_PREFIX
# (default /usr/lib/llvm-22), REPEAT (timing runs, best of; default 3),
# PIPELINES=name,name runs only those (names as in the table),
# EXEC=0 skips the execution, KEEP=1 keeps the work directory (every
# pipeline's output, the instrumented copies, the checked MLIR, the -O2
# LLVM IR, and details.json: each access's and loop's verdict per tool,
# with loom's reason when unproven).
# Exit status: non-zero when a pipeline fails, its output does not verify,
# a check fails at run time, or a checksum is wrong.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
LOOM_OPT=${LOOM_OPT:-$root/target/release/loom-opt}
LLVM_BIN=${LLVM_PREFIX:-/usr/lib/llvm-22}/bin
[ -x "$LOOM_OPT" ] || { echo "bench/pipelines/run.sh: $LOOM_OPT not found: run \`cargo build --release --bin loom-opt\` first (or set LOOM_OPT)" >&2; exit 1; }
for t in mlir-opt mlir-translate opt mlir-runner; do
  [ -x "$LLVM_BIN/$t" ] || { echo "bench/pipelines/run.sh: $LLVM_BIN/$t not found: run scripts/install-deps.sh" >&2; exit 1; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/loom-pipelines.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
  echo "work directory: $WORK" >&2
else
  trap 'rm -rf "$WORK"' EXIT
fi
export LOOM_OPT LLVM_BIN WORK
python3 "$here/measure.py"
