#!/usr/bin/env bash
# Builds loom-opt, loom-difftest and loom-facts-fuzz with loom's C++ under
# AddressSanitizer (LOOM_SANITIZE=address, see build.rs) and runs the
# differential tester (both lowerings, each followed by cse and canonicalize
# in the same process) and the facts fuzzer with them.
#
#   scripts/asan.sh [DIFFTEST_SEEDS] [FACTS_CASES]     (defaults 0..2000 0..1000)
#
# Debian's MLIR libraries are not instrumented; loom's C++ is, and every
# allocation of the process (MLIR's included) goes through ASan's allocator,
# whose quarantine keeps freed memory poisoned, so loom code that touches IR
# after it was erased is reported. Rust is not instrumented (that needs a
# nightly compiler). The build lives in target/asan and takes a few minutes
# the first time; leak checking is off (MLIR keeps global state until exit).
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM=${LLVM_PREFIX:-/usr/lib/llvm-22}
SEEDS=${1:-0..2000}
CASES=${2:-0..1000}
TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
# The ASan runtime for clang 22 is in Debian's libclang-rt-22-dev.
if ! dpkg-query -W -f='${Status}' libclang-rt-22-dev 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libclang-rt-22-dev
fi
export LOOM_SANITIZE=address
# Only target artifacts are instrumented and linked with the ASan runtime
# (the explicit --target keeps RUSTFLAGS away from build scripts).
export RUSTFLAGS="-C linker=$LLVM/bin/clang -C link-arg=-fsanitize=address"
# allow_user_poisoning=0: LLVM's headers poison allocator slabs by hand in
# instrumented code (LLVM_ADDRESS_SANITIZER_BUILD), while Debian's
# uninstrumented libraries never unpoison them: with one side instrumented
# those manual marks are meaningless. Use-after-free, overflows of heap
# blocks and double frees are still detected.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:halt_on_error=1:allow_user_poisoning=0:detect_container_overflow=0
# loom-opt is the root package's, the two testers are the testkit's.
cargo build -j"${JOBS:-2}" --target "$TRIPLE" --target-dir target/asan \
  -p loom --bin loom-opt -p testkit --bin loom-difftest --bin loom-facts-fuzz
bin=target/asan/$TRIPLE/debug
[ "$("$LLVM/bin/llvm-nm" "$bin/loom-opt" | grep -c __asan_init)" -gt 0 ] || { echo "asan.sh: loom-opt is not linked with ASan" >&2; exit 1; }
out=$(mktemp -d)
"$bin/loom-difftest" --seeds "$SEEDS" --lowering both --out "$out/difftest"
"$bin/loom-facts-fuzz" --cases "$CASES" --out "$out/facts"
"$bin/loom-facts-fuzz" --cases "$CASES" --index32 --out "$out/facts32"
rm -rf "$out"
