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
# Target: every kernel <= 1.00x C through both lowerings (scf+canon is
# reported, not targeted: its shape is upstream canonicalization's).
# Claims checked: each kernel also runs once, untimed, built with
# loom-check-claims before loom-lower-to-llvm (every claim loom makes on
# the kernels checked as it runs): it must print what C prints and violate
# no claim; the last line counts the kernels that ran checked and alike.
#
# Usage: bench/run.sh        (from anywhere; builds release loom-opt if needed)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
llvm=${LLVM_PREFIX:-/usr/lib/llvm-22}/bin
clang=${CLANG:-clang-22}
out="$root/target/bench"
mkdir -p "$out"

cargo build --release -j2 --quiet --bin loom-opt
loom="$root/target/release/loom-opt"

"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-cf.ll"
"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-lower-to-scf,loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-scf.ll"
"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-lower-to-scf,canonicalize,loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-scfcanon.ll"
"$loom" bench/kernels.mlir --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' \
  | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/kernels-claims.ll"

"$clang" -O2 -c -Wno-override-module "$out/kernels-cf.ll" -o "$out/kernels-cf.o"
"$clang" -O2 -c -Wno-override-module "$out/kernels-scf.ll" -o "$out/kernels-scf.o"
"$clang" -O2 -c -Wno-override-module "$out/kernels-scfcanon.ll" -o "$out/kernels-scfcanon.o"
"$clang" -O2 -c -Wno-override-module "$out/kernels-claims.ll" -o "$out/kernels-claims.o"
"$clang" -O2 -c bench/kernels.c -o "$out/kernels-c.o"
"$clang" -O2 -c bench/harness.c -o "$out/harness.o"
for v in c cf scf scfcanon claims; do
  "$clang" "$out/harness.o" "$out/kernels-$v.o" -o "$out/bench-$v"
done

# Instructions executed inside kernel $2 by variant $1.
. "$root/bench/instructions.sh"
count() { instructions "$2" "$out/bench-$1" "$2"; }

status=0
claims_alike=0
kernels=(linear_search search2d parse_sum prefix_until)
printf '%-14s %12s %12s %12s %12s %7s %7s %10s\n' kernel "C (Ir)" "cf (Ir)" "scf (Ir)" "scf+canon" cf/C scf/C scf+can/C
for k in "${kernels[@]}"; do
  # Same results from every version, or the comparison means nothing.
  expect="$("$out/bench-c" "$k")"
  for v in cf scf scfcanon; do
    got="$("$out/bench-$v" "$k")"
    if [[ "$got" != "$expect" ]]; then
      echo "MISMATCH in $k: C says '$expect', $v says '$got'" >&2
      status=1
    fi
  done
  # Once with loom's claims checked (untimed): the same result, no claim
  # violated (a violated claim aborts with "loom claim violated").
  if got="$("$out/bench-claims" "$k" 2>&1)" && [[ "$got" == "$expect" ]]; then
    claims_alike=$((claims_alike + 1))
  else
    echo "CLAIMS in $k: C says '$expect', with loom's claims checked: '$(head -c 300 <<<"$got")'" >&2
    status=1
  fi
  c=$(count c "$k"); cf=$(count cf "$k"); scf=$(count scf "$k")
  sc=$(count scfcanon "$k")
  printf '%-14s %12d %12d %12d %12d %7.3f %7.3f %10.3f\n' "$k" "$c" "$cf" "$scf" "$sc" \
    "$(echo "$cf / $c" | bc -l)" "$(echo "$scf / $c" | bc -l)" "$(echo "$sc / $c" | bc -l)"
done
printf 'runs with loom'"'"'s claims checked: %d of %d kernels ran checked and alike (no claim violated)\n' \
  "$claims_alike" "${#kernels[@]}"
exit $status
