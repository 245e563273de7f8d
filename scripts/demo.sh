#!/usr/bin/env bash
# What `make demo` runs, after building loom-opt: loom's two capabilities on
# one example with an early exit (examples/demo.mlir). Prints each command
# before its output, so every step can be repeated by hand.
#   LOOM_OPT   the loom-opt to run (default: target/debug/loom-opt)
#   LLVM_BIN   Debian's LLVM 22 tools (default: /usr/lib/llvm-22/bin)
set -euo pipefail
cd "$(dirname "$0")/.."
LOOM_OPT=${LOOM_OPT:-target/debug/loom-opt}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
LIBS="$LLVM_BIN/../lib/libmlir_c_runner_utils.so,$LLVM_BIN/../lib/libmlir_runner_utils.so"
EXAMPLE=examples/demo.mlir

bold=; plain=
if [ -t 1 ]; then bold=$'\033[1m'; plain=$'\033[0m'; fi
step() { printf '\n%s== %s%s\n$ %s\n' "$bold" "$1" "$plain" "$2"; }

step "1. Loop facts: trip counts, counter ranges, accesses proven in bounds" \
  "loom-opt $EXAMPLE --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null"
"$LOOM_OPT" "$EXAMPLE" --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null

step "2. Why: the facts each proof used, the relation each failure could not show" \
  "loom-opt $EXAMPLE --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark explain=true})' -o /dev/null"
"$LOOM_OPT" "$EXAMPLE" --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark explain=true})' -o /dev/null 2>&1

step "3. The early exit lowered to upstream scf (@copy_until_negative)" \
  "loom-opt $EXAMPLE --pass-pipeline='builtin.module(loom-lower-to-scf)'"
"$LOOM_OPT" "$EXAMPLE" --pass-pipeline='builtin.module(loom-lower-to-scf)' \
  | sed -n '/func.func @copy_until_negative/,/^  }/p'

step "4. Run it: upstream passes only after loom-lower-to-scf, then mlir-runner (@main prints how many elements it copied)" \
  "loom-opt $EXAMPLE --pass-pipeline='builtin.module(loom-lower-to-scf)' | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)' | mlir-runner -e main -entry-point-result=void -shared-libs=..."
"$LOOM_OPT" "$EXAMPLE" --pass-pipeline='builtin.module(loom-lower-to-scf)' \
  | "$LLVM_BIN/mlir-opt" --pass-pipeline='builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)' \
  | "$LLVM_BIN/mlir-runner" -e main -entry-point-result=void -shared-libs="$LIBS"

printf '$ %s\n' "loom-opt $EXAMPLE --pass-pipeline='builtin.module(loom-lower-to-llvm)' | mlir-runner -e main -entry-point-result=void -shared-libs=..."
"$LOOM_OPT" "$EXAMPLE" --pass-pipeline='builtin.module(loom-lower-to-llvm)' \
  | "$LLVM_BIN/mlir-runner" -e main -entry-point-result=void -shared-libs="$LIBS"
