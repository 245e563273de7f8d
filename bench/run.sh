#!/usr/bin/env bash
# Benchmark of loom's two early-exit lowerings against C.
#
# For each kernel of bench/kernels.mlir, three native versions are built:
#   cf   loom-opt loom-lower-to-llvm (loom-lower-to-cf + upstream to LLVM)
#   scf  loom-opt loom-lower-to-scf, then the same upstream conversions
#   scf+canon  the same with -canonicalize after loom-lower-to-scf (what an
#        upstream pipeline would normally run; reported separately)
#   C    the same algorithm in bench/kernels.c
# each through `clang-22 -O2` (MLIR output via mlir-translate --mlir-to-llvmir)
# and linked with bench/harness.c. The instructions executed inside the
# kernel are counted with `valgrind --tool=callgrind --toggle-collect`
# (deterministic), and each loom version is reported as a ratio to C.
# Targets: cf <= 1.05x C, scf <= 1.25x C.
#
# Usage: bench/run.sh        (from anywhere; builds loom-opt if needed)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
llvm=${LLVM_PREFIX:-/usr/lib/llvm-22}/bin
clang=${CLANG:-clang-22}
out="$root/target/bench"
mkdir -p "$out"

cargo build -j2 --quiet --bin loom-opt
loom="$root/target/debug/loom-opt"

"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-cf.ll"
"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-lower-to-scf,loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-scf.ll"
"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-lower-to-scf,canonicalize,loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-scfcanon.ll"

"$clang" -O2 -c -Wno-override-module "$out/kernels-cf.ll" -o "$out/kernels-cf.o"
"$clang" -O2 -c -Wno-override-module "$out/kernels-scf.ll" -o "$out/kernels-scf.o"
"$clang" -O2 -c -Wno-override-module "$out/kernels-scfcanon.ll" -o "$out/kernels-scfcanon.o"
"$clang" -O2 -c bench/kernels.c -o "$out/kernels-c.o"
"$clang" -O2 -c bench/harness.c -o "$out/harness.o"
for v in c cf scf scfcanon; do
  "$clang" "$out/harness.o" "$out/kernels-$v.o" -o "$out/bench-$v"
done

# Instructions executed inside kernel $2 by variant $1.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect="$2" "$out/bench-$1" "$2" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

status=0
printf '%-14s %12s %12s %12s %12s %7s %7s %10s\n' kernel "C (Ir)" "cf (Ir)" "scf (Ir)" "scf+canon" cf/C scf/C scf+can/C
for k in linear_search search2d parse_sum prefix_until; do
  # Same results from every version, or the comparison means nothing.
  expect="$("$out/bench-c" "$k")"
  for v in cf scf scfcanon; do
    got="$("$out/bench-$v" "$k")"
    if [[ "$got" != "$expect" ]]; then
      echo "MISMATCH in $k: C says '$expect', $v says '$got'" >&2
      status=1
    fi
  done
  c=$(count c "$k"); cf=$(count cf "$k"); scf=$(count scf "$k")
  sc=$(count scfcanon "$k")
  printf '%-14s %12d %12d %12d %12d %7.3f %7.3f %10.3f\n' "$k" "$c" "$cf" "$scf" "$sc" \
    "$(echo "$cf / $c" | bc -l)" "$(echo "$scf / $c" | bc -l)" "$(echo "$sc / $c" | bc -l)"
done
exit $status
