#!/usr/bin/env bash
# Benchmark of tensor programs with early exits, bufferized with the loom
# ops present (their BufferizableOpInterface models, cpp/lib/Dialect/
# LoomBufferization.cpp), against the same algorithms written with
# scf.while and flags (bench/tensor/scf.mlir) and bufferized by upstream.
#
#   loom   loom.mlir: loom-carry-captured-tensors,
#          one-shot-bufferize{bufferize-function-boundaries}, canonicalize,
#          cse; then loom-lower-to-scf and
#          buffer-deallocation-pipeline (after the lowering, as upstream's
#          scf kernels are deallocated; with the loom ops present works too)
#   scf    scf.mlir: one-shot-bufferize{bufferize-function-boundaries},
#          canonicalize, cse, buffer-deallocation-pipeline
# The kernels are private and deallocated with
# private-function-dynamic-ownership, so a kernel returning (a view of) its
# argument passes ownership instead of cloning its result on return (which
# would cost both versions alike and hide the loops).
#   lowered (reported, not a target) loom.mlir lowered first:
#          loom-lower-to-scf, then one-shot-bufferize with
#          allow-return-allocs-from-loops (upstream's scf.while model copies
#          every tensor the condition forwards beyond the iteration
#          arguments, every iteration)
#
# For each kernel: the memref.alloc / memref.copy ops in the kernel's body
# after bufferization (before deallocation), side by side, and the
# instructions executed inside the kernel (callgrind --toggle-collect,
# deterministic) by the native code (upstream conversions to LLVM,
# mlir-translate, clang-22 -O2, main.mlir as the driver; both versions must
# print the same checksums). Targets: loom allocs and copies <=
# scf's, loom instructions <= 1.05x scf.
#
# Usage: bench/tensor/run.sh   (from anywhere; builds loom-opt if needed)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
llvm=${LLVM_PREFIX:-/usr/lib/llvm-22}
clang=${CLANG:-clang-22}
out="$root/target/bench-tensor"
mkdir -p "$out"

cargo build -j2 --quiet --bin loom-opt
loom="$root/target/debug/loom-opt"
opt="$llvm/bin/mlir-opt"
kernels=(search prefix_until double_blocks bump_until mark_first_negative)
to_llvm="builtin.module(convert-linalg-to-loops,convert-bufferization-to-memref,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)"

cat bench/tensor/loom.mlir bench/tensor/main.mlir > "$out/loom-in.mlir"
cat bench/tensor/scf.mlir bench/tensor/main.mlir > "$out/scf-in.mlir"
"$loom" "$out/loom-in.mlir" -o "$out/loom-buf.mlir" \
  --pass-pipeline='builtin.module(loom-carry-captured-tensors,one-shot-bufferize{bufferize-function-boundaries},canonicalize,cse)'
"$opt" "$out/scf-in.mlir" -o "$out/scf-buf.mlir" \
  --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},canonicalize,cse)'
"$loom" "$out/loom-in.mlir" -o "$out/lowered-buf.mlir" \
  --pass-pipeline='builtin.module(loom-lower-to-scf,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},canonicalize,cse)'

"$loom" "$out/loom-buf.mlir" --pass-pipeline='builtin.module(loom-lower-to-scf,buffer-deallocation-pipeline{private-function-dynamic-ownership=true})' \
  | "$opt" --pass-pipeline="$to_llvm" | "$llvm/bin/mlir-translate" --mlir-to-llvmir -o "$out/loom.ll"
"$opt" "$out/scf-buf.mlir" --pass-pipeline='builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})' \
  | "$opt" --pass-pipeline="$to_llvm" | "$llvm/bin/mlir-translate" --mlir-to-llvmir -o "$out/scf.ll"
for v in loom scf; do
  "$clang" -O2 -Wno-override-module "$out/$v.ll" -o "$out/bench-$v" \
    -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -lmlir_c_runner_utils
done

if [[ "$("$out/bench-loom")" != "$("$out/bench-scf")" ]]; then
  echo "MISMATCH: the loom and scf versions print different checksums" >&2
  exit 1
fi

# Number of lines matching $3 in the body of func.func @$2 in file $1.
ops_in() {
  awk -v f="@$2(" -v pat="$3" '
    index($0, "func.func ") { inside = index($0, f) > 0 }
    inside && index($0, pat) { n++ }
    END { print n + 0 }' "$1"
}

# Instructions executed inside kernel $2 by variant $1.
. "$root/bench/instructions.sh"
count() { instructions "$2" "$out/bench-$1"; }

status=0
printf '%-20s %11s %11s %11s %11s %13s %13s %7s\n' kernel "alloc l/s" "copy l/s" \
  "lowered a/c" verdict "loom (Ir)" "scf (Ir)" loom/scf
for k in "${kernels[@]}"; do
  la=$(ops_in "$out/loom-buf.mlir" "$k" memref.alloc)
  sa=$(ops_in "$out/scf-buf.mlir" "$k" memref.alloc)
  lc=$(ops_in "$out/loom-buf.mlir" "$k" memref.copy)
  sc=$(ops_in "$out/scf-buf.mlir" "$k" memref.copy)
  wa=$(ops_in "$out/lowered-buf.mlir" "$k" memref.alloc)
  wc=$(ops_in "$out/lowered-buf.mlir" "$k" memref.copy)
  li=$(count loom "$k")
  si=$(count scf "$k")
  ratio=$(echo "$li / $si" | bc -l)
  verdict=ok
  if (( la > sa || lc > sc )) || (( $(echo "$ratio > 1.05" | bc -l) )); then
    verdict=OVER
    status=2
  fi
  printf '%-20s %5d/%-5d %5d/%-5d %5d/%-5d %11s %13d %13d %7.3f\n' "$k" "$la" "$sa" "$lc" "$sc" \
    "$wa" "$wc" "$verdict" "$li" "$si" "$ratio"
done
exit $status
