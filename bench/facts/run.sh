#!/bin/sh
# Loop-facts benchmark: times, on the same generated modules (1k, 10k and
# 100k loops; a mixed module, a symbolic-heavy one: gen.py --symbolic, one
# of the loop shapes upstream pipelines produce: gen.py --pipeline, and one
# of 64-deep nests bounded by enclosing induction variables: gen.py
# --deep-nest),
# loom-opt with loom-report against Debian's mlir-opt with
# --int-range-optimizations and mlir-opt parse+print alone, and prints the
# ratios, the 10x-input scaling factors and the peak memory (max RSS) of
# loom-report and of parse+print. Debian's mlir-opt 22 crashes in
# --int-range-optimizations on an affine.for with a dynamic bound
# (llvm/llvm-project#180312), so the pipeline and deep-nest modules have
# no int-range column. Use a release build:
#   cargo build --release -j2 && bench/facts/run.sh
# MODULES="symbolic pipeline" bench/facts/run.sh runs a subset.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
LOOM_OPT=${LOOM_OPT:-$root/target/release/loom-opt}
MLIR_OPT=${MLIR_OPT:-${LLVM_PREFIX:-/usr/lib/llvm-22}/bin/mlir-opt}
REPEAT=${REPEAT:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs the commands given (separated by `::`) in $REPEAT rounds, each round
# running every command once in turn, and prints per command the best
# wall-clock time in seconds and the largest peak resident memory in MB:
# "seconds megabytes seconds megabytes ...". Interleaved so that a burst
# of load from elsewhere on the machine slows every tool of a round, not
# all the runs of one tool (the ratios are what this benchmark reports).
rounds() {
  python3 - "$REPEAT" "$@" <<'PY'
import os, subprocess, sys, time
repeat = int(sys.argv[1])
cmds, cmd = [], []
for word in sys.argv[2:] + ["::"]:
    if word == "::":
        cmds.append(cmd); cmd = []
    else:
        cmd.append(word)
best, peak = [None] * len(cmds), [0] * len(cmds)
for _ in range(repeat):
    for i, cmd in enumerate(cmds):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        d = time.perf_counter() - t
        if status != 0:
            sys.stderr.buffer.write(err); sys.exit(1)
        best[i] = d if best[i] is None else min(best[i], d)
        peak[i] = max(peak[i], usage.ru_maxrss)  # kilobytes on Linux
print(" ".join(f"{b:.3f} {m / 1024:.0f}" for b, m in zip(best, peak)))
PY
}

# The best of $REPEAT runs of loom-report's own pass time (MLIR's
# --mlir-timing), in seconds.
pass_time() {
  for _ in $(seq "$REPEAT"); do
    "$LOOM_OPT" "$1" "--pass-pipeline=builtin.module(loom-report{output=$2})" -o /dev/null --mlir-timing 2>&1 | awk '/loom-report$/ {print $1; exit}'
  done | sort -g | head -n 1
}

for module in ${MODULES:-mixed symbolic pipeline deep-nest}; do
case $module in
  mixed) flag="" ;;
  symbolic|pipeline|deep-nest) flag=--$module ;;
  *) echo "unknown module '$module' (mixed, symbolic, pipeline, deep-nest)" >&2; exit 2 ;;
esac
echo "module: $module"
printf '%8s %10s %10s %10s %12s %12s\n' loops loom-report int-range parse+print loom/intrange loom/parse
prev=""
for n in 1000 10000 100000; do
  python3 "$here/gen.py" $n $flag > "$work/m$n.mlir"
  report="--pass-pipeline=builtin.module(loom-report{output=$work/r$n.json})"
  if [ "$module" = pipeline ] || [ "$module" = deep-nest ]; then
    set -- $(rounds "$LOOM_OPT" "$work/m$n.mlir" "$report" -o /dev/null :: "$MLIR_OPT" "$work/m$n.mlir" -o /dev/null)
    loom=$1 loom_mb=$2 pp=$3 pp_mb=$4
    ir=nan  # llvm/llvm-project#180312
  else
    set -- $(rounds "$LOOM_OPT" "$work/m$n.mlir" "$report" -o /dev/null :: "$MLIR_OPT" "$work/m$n.mlir" -o /dev/null \
      :: "$MLIR_OPT" "$work/m$n.mlir" --int-range-optimizations -o /dev/null)
    loom=$1 loom_mb=$2 pp=$3 pp_mb=$4 ir=$5
  fi
  # The analysis alone (MLIR's pass timing of loom-report, without parsing
  # and printing, whose cost is MLIR's and grows faster than linearly).
  pass=$(pass_time "$work/m$n.mlir" "$work/r$n.json")
  python3 - "$n" "$loom" "$ir" "$pp" "$pass" "$loom_mb" "$pp_mb" "$prev" <<'PY'
import sys
n, loom, ir, pp, an = int(sys.argv[1]), *map(float, sys.argv[2:6])
lm, pm = sys.argv[6], sys.argv[7]
print(f"{n:8d} {loom:10.3f} {ir:10.3f} {pp:10.3f} {loom/ir:12.2f} {loom/pp:12.2f}   (analysis pass {an:.3f} s; peak memory loom-report {lm} MB, parse+print {pm} MB)")
if sys.argv[8]:
    pl, pi, pp0, pa = map(float, sys.argv[8].split(","))
    print(f"{'':8s} 10x input scaling: loom-report x{loom/pl:.2f}, int-range x{ir/pi:.2f}, parse+print x{pp/pp0:.2f}, analysis pass x{an/pa:.2f}")
PY
  prev="$loom,$ir,$pp,$pass"
  python3 -c "import json,sys; r=json.load(open('$work/r$n.json')); print(' '*9, len(r['loops']), 'loops,', sum(l['status']=='exact' for l in r['loops']), 'exact,', sum(a['status']=='proven' for a in r['accesses']), 'of', len(r['accesses']), 'accesses proven')"
done
done
