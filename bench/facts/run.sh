#!/bin/sh
# Loop-facts benchmark: times, on the same generated modules (1k, 10k and
# 100k loops; a mixed module, then a symbolic-heavy one: gen.py --symbolic), loom-opt with loom-report against Debian's mlir-opt with
# --int-range-optimizations and mlir-opt parse+print alone, and prints the
# ratios and the 10x-input scaling factors. Use a release build:
#   cargo build --release -j2 && bench/facts/run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
LOOM_OPT=${LOOM_OPT:-$root/target/release/loom-opt}
MLIR_OPT=${MLIR_OPT:-${LLVM_PREFIX:-/usr/lib/llvm-22}/bin/mlir-opt}
REPEAT=${REPEAT:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Best of $REPEAT wall-clock runs, in seconds.
best() {
  python3 - "$REPEAT" "$@" <<'PY'
import subprocess, sys, time
repeat = int(sys.argv[1]); cmd = sys.argv[2:]
best = None
for _ in range(repeat):
    t = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    d = time.perf_counter() - t
    if r.returncode != 0:
        sys.stderr.write(r.stderr.decode()); sys.exit(1)
    best = d if best is None else min(best, d)
print(f"{best:.3f}")
PY
}

for module in mixed symbolic; do
flag=""; [ "$module" = symbolic ] && flag=--symbolic
echo "module: $module"
printf '%8s %10s %10s %10s %12s %12s\n' loops loom-report int-range parse+print loom/intrange loom/parse
prev=""
for n in 1000 10000 100000; do
  python3 "$here/gen.py" $n $flag > "$work/m$n.mlir"
  loom=$(best "$LOOM_OPT" "$work/m$n.mlir" "--pass-pipeline=builtin.module(loom-report{output=$work/r$n.json})" -o /dev/null)
  ir=$(best "$MLIR_OPT" "$work/m$n.mlir" --int-range-optimizations -o /dev/null)
  pp=$(best "$MLIR_OPT" "$work/m$n.mlir" -o /dev/null)
  python3 - "$n" "$loom" "$ir" "$pp" "$prev" <<'PY'
import sys
n, loom, ir, pp = int(sys.argv[1]), *map(float, sys.argv[2:5])
print(f"{n:8d} {loom:10.3f} {ir:10.3f} {pp:10.3f} {loom/ir:12.2f} {loom/pp:12.2f}")
if sys.argv[5]:
    pl, pi, pp0 = map(float, sys.argv[5].split(","))
    print(f"{'':8s} 10x input scaling: loom-report x{loom/pl:.2f}, int-range x{ir/pi:.2f}, parse+print x{pp/pp0:.2f}")
PY
  prev="$loom,$ir,$pp"
  python3 -c "import json,sys; r=json.load(open('$work/r$n.json')); print(' '*9, len(r['loops']), 'loops,', sum(l['status']=='exact' for l in r['loops']), 'exact,', sum(a['status']=='proven' for a in r['accesses']), 'of', len(r['accesses']), 'accesses proven')"
done
done
