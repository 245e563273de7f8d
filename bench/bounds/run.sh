#!/usr/bin/env bash
# Bounds-check benchmark: how many of the runtime bounds
# checks upstream MLIR inserts survive loom's fold, LLVM's `opt -O2`, and
# both, on the kernel set in bench/bounds/kernels/, and what the surviving
# checks cost at run time.
#
# For each kernel K (one func.func per file; `safe_*` / `unsafe_*`):
#   checked   --generate-runtime-verification: Debian's mlir-opt for kernels
#             in upstream dialects only; loom-opt for kernels with loom ops
#             (Debian's mlir-opt cannot parse them without the plugin). The
#             pass is the same upstream code: for every upstream-only kernel
#             the script checks that both tools print the same IR.
#   fold      loom-opt loom-fold-loop-facts,canonicalize on `checked`
#   O2        `checked` lowered (loom-opt loom-lower-to-llvm, mlir-translate)
#             and run through `opt -O2`
#   fold+O2   `fold`, lowered and `opt -O2` the same way
# What is counted: the bounds checks in front of accesses, i.e. the checks
# whose message says "out-of-bounds access" (memref.load/store). In MLIR,
# the distinct such messages of the remaining cf.asserts; in LLVM IR, the
# distinct such message globals still referenced from code (a cf.assert
# lowers to a branch to `puts(@msg); abort()`, and each message names its
# access's location, so LLVM merging or duplicating the failure blocks does
# not change the count). The checks runtime verification adds for other ops
# (memref.dim's "index is out of bounds") are counted apart, in the
# "other checks" line.
#
# Execution (both variants, each .ll compiled with `llc -O2`, linked with
# harness.c): every safe kernel runs on sizes 0..13, 100, 257 and N without
# failing a check, with the same checksum in both variants; every unsafe
# kernel is called with the input its header names and must stop in a check
# in both variants (a check in front of an unproven access must stay). Then
# callgrind counts the instructions executed inside each safe kernel
# (--toggle-collect) at size N: fold+O2 against O2 alone.
# Claims checked: every kernel runs once more built from `checked` with
# loom-check-claims before the lowering (every claim loom makes on it
# checked as it runs): a safe kernel must print what O2 prints at every
# size, an unsafe one must stop in the same access check, and no claim may
# be violated. The line "runs with loom's claims checked" counts them.
#
# Usage: bench/bounds/run.sh   (after `cargo build --release`; from any
#        directory). Environment: LOOM_OPT (default target/release/loom-opt),
#        LLVM_PREFIX (default /usr/lib/llvm-22), CLANG (default clang-22),
#        BOUNDS_N (default 10000), KEEP=1 keeps the work directory.
# Exit status: non-zero when a run fails, checksums differ, a safe kernel
# fails a check, or an unsafe one does not.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
llvm=${LLVM_PREFIX:-/usr/lib/llvm-22}/bin
clang=${CLANG:-clang-22}
loom=${LOOM_OPT:-$root/target/release/loom-opt}
n_big=${BOUNDS_N:-10000}

die() { echo "bench/bounds/run.sh: $*" >&2; exit 1; }
[[ -x "$loom" ]] || die "$loom not found: run \`cargo build --release\` first (or set LOOM_OPT)"
for t in mlir-opt mlir-translate opt llc; do
  [[ -x "$llvm/$t" ]] || die "$llvm/$t not found: run scripts/install-deps.sh"
done
command -v "$clang" >/dev/null || die "$clang not found: run scripts/install-deps.sh"
command -v valgrind >/dev/null || die "valgrind not found: run scripts/install-deps.sh"

work="$(mktemp -d "${TMPDIR:-/tmp}/loom-bounds.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then
  echo "work directory: $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

# Distinct access-check messages of the cf.asserts in an MLIR file.
count_mlir() {
  { grep -o 'cf\.assert %[^,]*, "[^"]*"' "$1" || true; } | { grep -F 'out-of-bounds access' || true; } | sort -u | wc -l
}
# Other cf.asserts (not in front of an access).
count_mlir_other() {
  { grep -o 'cf\.assert %[^,]*, "[^"]*"' "$1" || true; } | { grep -vF 'out-of-bounds access' || true; } | sort -u | wc -l
}
# "<access> <other>": distinct message globals referenced from code in an
# LLVM IR file, split by kind.
count_ll() {
  awk '
    /^@[^ ]+ = / {
      if ($0 ~ /Runtime op verification failed/)
        kind[$1] = ($0 ~ /out-of-bounds access/) ? "access" : "other"
      next
    }
    {
      line = $0
      while (match(line, /@[-A-Za-z0-9_.$]+/)) {
        name = substr(line, RSTART, RLENGTH)
        if (name in kind) used[name] = 1
        line = substr(line, RSTART + RLENGTH)
      }
    }
    END {
      a = 0; o = 0
      for (g in used) { if (kind[g] == "access") a++; else o++ }
      print a, o
    }' "$1"
}
to_ll() {
  "$loom" "$1" --pass-pipeline='builtin.module(loom-lower-to-llvm)' \
    | "$llvm/mlir-translate" --mlir-to-llvmir \
    | "$llvm/opt" -O2 -S -o "$2"
}

mapfile -t files < <(cd "$here/kernels" && ls safe_*.mlir unsafe_*.mlir)
[[ ${#files[@]} -gt 0 ]] || die "no kernels in $here/kernels"

declare -A fn ins fold o2 both oth_ins oth_fold oth_o2 oth_both
for f in "${files[@]}"; do
  k=${f%.mlir}
  fn[$k]=$(sed -n 's/^func\.func @\([A-Za-z0-9_]*\)(.*/\1/p' "$here/kernels/$f")
  [[ -n "${fn[$k]}" ]] || die "$f: no func.func"
  # Relative file name: the check messages name it in their locations.
  if grep -q 'loom\.' "$here/kernels/$f"; then
    (cd "$here/kernels" && "$loom" --generate-runtime-verification "$f" -o "$work/$k.checked.mlir")
  else
    (cd "$here/kernels" && "$llvm/mlir-opt" --generate-runtime-verification "$f" -o "$work/$k.checked.mlir")
    (cd "$here/kernels" && "$loom" --generate-runtime-verification "$f" -o "$work/$k.checked-loom.mlir")
    cmp -s "$work/$k.checked.mlir" "$work/$k.checked-loom.mlir" \
      || die "$f: loom-opt's --generate-runtime-verification differs from mlir-opt's"
  fi
  "$loom" "$work/$k.checked.mlir" \
    --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' -o "$work/$k.fold.mlir"
  to_ll "$work/$k.checked.mlir" "$work/$k.o2.ll"
  to_ll "$work/$k.fold.mlir" "$work/$k.fold.ll"
  "$loom" "$work/$k.checked.mlir" --pass-pipeline='builtin.module(loom-check-claims)' -o "$work/$k.claims.mlir"
  to_ll "$work/$k.claims.mlir" "$work/$k.claims.ll"
  ins[$k]=$(count_mlir "$work/$k.checked.mlir")
  fold[$k]=$(count_mlir "$work/$k.fold.mlir")
  read -r o2[$k] oth_o2[$k] < <(count_ll "$work/$k.o2.ll")
  read -r both[$k] oth_both[$k] < <(count_ll "$work/$k.fold.ll")
  oth_ins[$k]=$(count_mlir_other "$work/$k.checked.mlir")
  oth_fold[$k]=$(count_mlir_other "$work/$k.fold.mlir")
done

# Native builds: one binary per variant, every kernel linked in.
"$clang" -O2 -c "$here/harness.c" -o "$work/harness.o"
for v in o2 fold claims; do
  objs=()
  for f in "${files[@]}"; do
    k=${f%.mlir}
    "$llvm/llc" -O2 -relocation-model=pic -filetype=obj "$work/$k.$v.ll" -o "$work/$k.$v.o"
    objs+=("$work/$k.$v.o")
  done
  "$clang" "$work/harness.o" "${objs[@]}" -o "$work/bench-$v"
done

status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# Safe kernels: no check fails, the same results in both variants.
declare -A reps sumv
for f in "${files[@]}"; do
  k=${f%.mlir}
  [[ $k == safe_* ]] || continue
  case ${fn[$k]} in bsearch_*) reps[$k]=2000 ;; *) reps[$k]=10 ;; esac
  for n in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 100 257 "$n_big"; do
    r=3
    [[ $n == "$n_big" ]] && r=${reps[$k]}
    outs=()
    for v in o2 fold; do
      if ! out=$("$work/bench-$v" run "${fn[$k]}" "$n" "$r" 2>&1); then
        fail "$k ($v) n=$n: $(head -c 300 <<<"$out")"
      fi
      outs+=("$out")
    done
    [[ "${outs[0]}" == "${outs[1]}" ]] || fail "$k n=$n: O2 says '${outs[0]}', fold says '${outs[1]}'"
  done
done

# Unsafe kernels: the breaking input stops in a check in both variants.
declare -A caught
for f in "${files[@]}"; do
  k=${f%.mlir}
  [[ $k == unsafe_* ]] || continue
  caught[$k]=""
  for v in o2 fold; do
    if out=$("$work/bench-$v" bad "${fn[$k]}" 2>&1); then
      fail "$k ($v): the breaking input ran to the end: $out"
    elif grep -qF 'out-of-bounds access' <<<"$out"; then
      caught[$k]+="$v "
    else
      fail "$k ($v): failed without an access check: $(head -c 300 <<<"$out")"
    fi
  done
done

# Every kernel once more with loom's claims checked: the same output as O2
# (a safe kernel at every size; an unsafe one stopped by the same access
# check on its breaking input) and no claim violated.
claims_alike=0
for f in "${files[@]}"; do
  k=${f%.mlir}
  alike=1
  if [[ $k == safe_* ]]; then
    for n in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 100 257 "$n_big"; do
      r=3
      [[ $n == "$n_big" ]] && r=${reps[$k]}
      want=$("$work/bench-o2" run "${fn[$k]}" "$n" "$r" 2>&1) || true
      if ! got=$("$work/bench-claims" run "${fn[$k]}" "$n" "$r" 2>&1); then
        fail "$k (claims checked) n=$n: $(head -c 300 <<<"$got")"
        alike=0
      elif [[ "$got" != "$want" ]]; then
        fail "$k (claims checked) n=$n: O2 says '$want', with claims checked '$got'"
        alike=0
      fi
    done
  else
    want=$("$work/bench-o2" bad "${fn[$k]}" 2>&1) || true
    if got=$("$work/bench-claims" bad "${fn[$k]}" 2>&1); then
      fail "$k (claims checked): the breaking input ran to the end: $got"
      alike=0
    elif grep -qF 'loom claim violated' <<<"$got"; then
      fail "$k (claims checked): $(grep -F 'loom claim violated' <<<"$got" | head -n 1)"
      alike=0
    elif ! grep -qF 'out-of-bounds access' <<<"$got" \
      || [[ "$(grep -F 'out-of-bounds access' <<<"$got")" != "$(grep -F 'out-of-bounds access' <<<"$want")" ]]; then
      fail "$k (claims checked): not stopped by O2's access check: $(head -c 300 <<<"$got")"
      alike=0
    fi
  fi
  claims_alike=$((claims_alike + alike))
done

# Instructions executed inside kernel $2 of variant $1 at size N.
. "$root/bench/instructions.sh"
ir() { instructions "$2" "$work/bench-$1" run "$2" "$n_big" "$3"; }

printf '\nBounds checks in front of accesses (inserted by --generate-runtime-verification)\n'
printf 'and left after each pipeline; callgrind Ir inside the kernel at n = %s.\n' "$n_big"
printf '`*`: loom'"'"'s fold leaves more checks than opt -O2 alone.\n\n'
hdr() {
  printf '%-26s %8s %9s %8s %8s %13s %13s %7s\n' kernel inserted loom-fold O2 fold+O2 "Ir O2" "Ir fold+O2" ratio
}
hdr
t_ins=0 t_fold=0 t_o2=0 t_both=0 worse=0 t_ir_o2=0 t_ir_both=0
u_ins=0 u_fold=0 u_o2=0 u_both=0
oi=0 of=0 oo=0 ob=0
for f in "${files[@]}"; do
  k=${f%.mlir}
  [[ $k == safe_* ]] || continue
  a=$(ir o2 "${fn[$k]}" "${reps[$k]}")
  b=$(ir fold "${fn[$k]}" "${reps[$k]}")
  [[ -n "$a" && -n "$b" ]] || { fail "$k: callgrind gave no count"; a=0 b=0; }
  mark=" "
  if ((fold[$k] > o2[$k])); then mark="*"; worse=$((worse + 1)); fi
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { if (a > 0) printf "%.3f", b / a; else print "-" }')
  printf '%-26s %8d %8d%s %8d %8d %13d %13d %7s\n' "$k" "${ins[$k]}" "${fold[$k]}" "$mark" \
    "${o2[$k]}" "${both[$k]}" "$a" "$b" "$ratio"
  t_ins=$((t_ins + ins[$k])) t_fold=$((t_fold + fold[$k]))
  t_o2=$((t_o2 + o2[$k])) t_both=$((t_both + both[$k]))
  t_ir_o2=$((t_ir_o2 + a)) t_ir_both=$((t_ir_both + b))
done
printf '%-26s %8d %9d %8d %8d %13d %13d %7s\n' "TOTAL safe" "$t_ins" "$t_fold" "$t_o2" "$t_both" \
  "$t_ir_o2" "$t_ir_both" "$(awk -v a="$t_ir_o2" -v b="$t_ir_both" 'BEGIN { printf "%.3f", b / a }')"
echo
printf '%-26s %8s %9s %8s %8s  %s\n' kernel inserted loom-fold O2 fold+O2 "breaking input stopped by a check in"
for f in "${files[@]}"; do
  k=${f%.mlir}
  [[ $k == unsafe_* ]] || continue
  mark=" "
  if ((fold[$k] > o2[$k])); then mark="*"; worse=$((worse + 1)); fi
  printf '%-26s %8d %8d%s %8d %8d  %s\n' "$k" "${ins[$k]}" "${fold[$k]}" "$mark" "${o2[$k]}" "${both[$k]}" \
    "${caught[$k]:-NONE}"
  u_ins=$((u_ins + ins[$k])) u_fold=$((u_fold + fold[$k]))
  u_o2=$((u_o2 + o2[$k])) u_both=$((u_both + both[$k]))
done
printf '%-26s %8d %9d %8d %8d\n' "TOTAL unsafe" "$u_ins" "$u_fold" "$u_o2" "$u_both"
printf '%-26s %8d %9d %8d %8d\n' "TOTAL" "$((t_ins + u_ins))" "$((t_fold + u_fold))" \
  "$((t_o2 + u_o2))" "$((t_both + u_both))"
for f in "${files[@]}"; do
  k=${f%.mlir}
  oi=$((oi + oth_ins[$k])) of=$((of + oth_fold[$k])) oo=$((oo + oth_o2[$k])) ob=$((ob + oth_both[$k]))
done
printf '\nother checks (not in front of an access): inserted %d, loom-fold %d, O2 %d, fold+O2 %d\n' \
  "$oi" "$of" "$oo" "$ob"
printf 'kernels where loom'"'"'s fold leaves more access checks than opt -O2 alone: %d of %d\n' \
  "$worse" "${#files[@]}"
printf 'runs with loom'"'"'s claims checked: %d of %d kernels ran checked and alike (no claim violated)\n' \
  "$claims_alike" "${#files[@]}"
exit $status
