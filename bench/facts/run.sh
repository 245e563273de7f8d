#!/bin/sh
# Loop-facts benchmark: times, on the same generated modules (1k, 10k and
# 100k loops; a mixed module, a symbolic-heavy one: gen.py --symbolic, and
# one of the loop shapes upstream pipelines produce: gen.py --pipeline),
# loom-opt with loom-report against Debian's mlir-opt with
# --int-range-optimizations and mlir-opt parse+print alone, and prints the
# ratios, the 10x-input scaling factors and the peak memory (max RSS) of
# loom-report and of parse+print. Debian's mlir-opt 22 crashes in
# --int-range-optimizations on an affine.for with a dynamic bound
# (llvm/llvm-project#180312), so the pipeline module has no int-range
# column. Use a release build:
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

# Best of $REPEAT wall-clock runs, in seconds, and the largest peak
# resident memory of those runs, in MB: "seconds megabytes".
best() {
  python3 - "$REPEAT" "$@" <<'PY'
import os, subprocess, sys, time
repeat = int(sys.argv[1]); cmd = sys.argv[2:]
best, peak = None, 0
for _ in range(repeat):
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    d = time.perf_counter() - t
    if status != 0:
        sys.stderr.buffer.write(err); sys.exit(1)
    best = d if best is None else min(best, d)
    peak = max(peak, usage.ru_maxrss)  # kilobytes on Linux
print(f"{best:.3f} {peak / 1024:.0f}")
PY
}

for module in ${MODULES:-mixed symbolic pipeline}; do
case $module in
  mixed) flag="" ;;
  symbolic|pipeline) flag=--$module ;;
  *) echo "unknown module '$module' (mixed, symbolic, pipeline)" >&2; exit 2 ;;
esac
echo "module: $module"
printf '%8s %10s %10s %10s %12s %12s\n' loops loom-report int-range parse+print loom/intrange loom/parse
prev=""
for n in 1000 10000 100000; do
  python3 "$here/gen.py" $n $flag > "$work/m$n.mlir"
  set -- $(best "$LOOM_OPT" "$work/m$n.mlir" "--pass-pipeline=builtin.module(loom-report{output=$work/r$n.json})" -o /dev/null)
  loom=$1 loom_mb=$2
  if [ "$module" = pipeline ]; then
    ir=nan  # llvm/llvm-project#180312
  else
    set -- $(best "$MLIR_OPT" "$work/m$n.mlir" --int-range-optimizations -o /dev/null)
    ir=$1
  fi
  set -- $(best "$MLIR_OPT" "$work/m$n.mlir" -o /dev/null)
  pp=$1 pp_mb=$2
  # The analysis alone (MLIR's pass timing of loom-report, without parsing
  # and printing, whose cost is MLIR's and grows faster than linearly).
  pass=$("$LOOM_OPT" "$work/m$n.mlir" "--pass-pipeline=builtin.module(loom-report{output=$work/r$n.json})" -o /dev/null --mlir-timing 2>&1 | awk '/loom-report$/ {print $1; exit}')
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
