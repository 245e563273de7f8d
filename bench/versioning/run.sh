#!/usr/bin/env bash
# Benchmark of function versioning (loom-fold-loop-facts
# version-functions=true) on checked PolyBench-style kernels.
#
# Each kernel of bench/versioning/kernels.mlir takes its sizes as arguments,
# so no runtime check of --generate-runtime-verification is decided inside
# it. Four native versions are built, each through `clang-22 -O2` (MLIR
# output via loom-lower-to-llvm and mlir-translate --mlir-to-llvmir) and
# linked with harness.c:
#   unchecked  the kernels as written
#   checked    --generate-runtime-verification (Debian's mlir-opt)
#   folded     checked, then loom-fold-loop-facts,canonicalize (the checks
#              the facts decide on their own are removed)
#   versioned  checked, then loom-fold-loop-facts{version-functions=true},
#              canonicalize (one check of the kernel's condition at entry,
#              the unchecked copy when it holds)
# Every version must print the same checksum, and so must the checked and
# the versioned kernels built with loom-check-claims (every claim loom
# makes on them checked as they run, untimed). The instructions executed
# inside each kernel are counted with `valgrind --tool=callgrind
# --toggle-collect` (deterministic) and reported as ratios to unchecked.
# Target: versioned <= 1.02x unchecked on every kernel. The exit status is
# non-zero on a mismatch, a missing versioned function, or a kernel past
# the target.
#
# Usage: bench/versioning/run.sh   (from anywhere; builds release loom-opt)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
llvm=${LLVM_PREFIX:-/usr/lib/llvm-22}/bin
clang=${CLANG:-clang-22}
out="$root/target/bench/versioning"
mkdir -p "$out"

cargo build --release -j2 --quiet --bin loom-opt
loom="${LOOM_OPT:-$root/target/release/loom-opt}"
src="$here/kernels.mlir"

"$llvm/mlir-opt" "$src" --generate-runtime-verification -o "$out/checked.mlir"
"$loom" "$src" -o "$out/unchecked.mlir"
"$loom" "$out/checked.mlir" --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' -o "$out/folded.mlir"
"$loom" "$out/checked.mlir" \
  --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize)' \
  -o "$out/versioned.mlir"
# Untimed: loom's claims checked as the programs run, on the checked
# kernels (the comparisons versioning folds among them) and on the
# versioned ones.
"$loom" "$out/checked.mlir" --pass-pipeline='builtin.module(loom-check-claims)' -o "$out/claims-checked.mlir"
"$loom" "$out/versioned.mlir" --pass-pipeline='builtin.module(loom-check-claims)' -o "$out/claims-versioned.mlir"

variants=(unchecked checked folded versioned claims-checked claims-versioned)
for v in "${variants[@]}"; do
  "$loom" "$out/$v.mlir" --pass-pipeline='builtin.module(loom-lower-to-llvm)' \
    | "$llvm/mlir-translate" --mlir-to-llvmir -o "$out/$v.ll"
  "$clang" -O2 -c -Wno-override-module "$out/$v.ll" -o "$out/$v.o"
done
"$clang" -O2 -c "$here/harness.c" -o "$out/harness.o"
for v in "${variants[@]}"; do
  "$clang" "$out/harness.o" "$out/$v.o" -o "$out/bench-$v"
done

# Instructions executed inside kernel $2 by variant $1.
. "$root/bench/instructions.sh"
count() { instructions "$2" "$out/bench-$1" "$2"; }

status=0
claims_alike=0
kernels=(atax bicg gemm jacobi_1d trisolv)
printf '%-10s %12s %12s %12s %12s %9s %8s %10s\n' kernel "unchecked" "checked" "folded" "versioned" \
  checked/u folded/u versioned/u
for k in "${kernels[@]}"; do
  if ! grep -q "func.func @$k(.*loom.version_condition" "$out/versioned.mlir"; then
    echo "NOT VERSIONED: $k" >&2
    status=1
  fi
  expect="$("$out/bench-unchecked" "$k")"
  for v in checked folded versioned claims-checked claims-versioned; do
    got="$("$out/bench-$v" "$k" 2>&1)" || true
    if [[ "$got" != "$expect" ]]; then
      echo "MISMATCH in $k: unchecked says '$expect', $v says '$(head -c 300 <<<"$got")'" >&2
      status=1
    elif [[ "$v" == claims-* ]]; then
      claims_alike=$((claims_alike + 1))
    fi
  done
  u=$(count unchecked "$k"); c=$(count checked "$k"); f=$(count folded "$k"); ve=$(count versioned "$k")
  ratio=$(awk -v a="$ve" -v b="$u" 'BEGIN { printf "%.3f", a / b }')
  printf '%-10s %12d %12d %12d %12d %9.3f %8.3f %10s\n' "$k" "$u" "$c" "$f" "$ve" \
    "$(awk -v a="$c" -v b="$u" 'BEGIN { print a / b }')" "$(awk -v a="$f" -v b="$u" 'BEGIN { print a / b }')" "$ratio"
  if awk -v r="$ratio" 'BEGIN { exit !(r > 1.02) }'; then
    echo "PAST TARGET: $k versioned at ${ratio}x unchecked (target 1.02x)" >&2
    status=1
  fi
done
printf 'runs with loom'"'"'s claims checked: %d of %d (kernel, checked or versioned) ran alike, no claim violated\n' \
  "$claims_alike" $((2 * ${#kernels[@]}))
exit $status
