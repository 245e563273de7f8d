#!/usr/bin/env bash
# Builds target/plugin/libLoomPlugin.so: loom for Debian's own mlir-opt.
#
# The Rust passes are compiled with mlir-sys in shared mode (no static MLIR)
# into a static archive (plugin/), which also carries loom's C++ objects.
# That archive, the MLIR C API objects it calls (Debian ships the C API only
# as static libMLIRCAPI*.a) and nothing else of MLIR are linked on top of
# Debian's libMLIR.so/libLLVM.so: one copy of MLIR in the host process.
# Incremental: cargo rebuilds only what changed, the link takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM=${LLVM_PREFIX:-/usr/lib/llvm-22}
PROFILE=${PROFILE:-debug}
OUT=target/plugin
JOBS=${JOBS:-2}

flags=()
[ "$PROFILE" = release ] && flags+=(--release)
MLIR_SYS_LINK_SHARED=1 cargo build --quiet -j"$JOBS" --manifest-path plugin/Cargo.toml \
  --target-dir "$OUT" "${flags[@]}"

archive="$OUT/$PROFILE/libloom_plugin.a"
so="$OUT/libLoomPlugin.so"
# Keep every loom C API function, even those the Rust side does not call.
undefined=()
while read -r symbol; do undefined+=("-Wl,-u,$symbol"); done < <(
  "$LLVM/bin/llvm-nm" --defined-only --extern-only "$archive" 2>/dev/null |
  awk '($2 == "T" || $2 == "W") && ($3 ~ /^loom[A-Z]/ || $3 ~ /^mlirGet(Dialect|Pass)PluginInfo$/ || $3 == "mlirGetDialectHandle__loom__") { print $3 }' | sort -u)

"$LLVM/bin/clang++" -shared -o "$so.tmp" \
  "${undefined[@]}" \
  -Wl,--start-group "$archive" "$LLVM"/lib/libMLIRCAPI*.a -Wl,--end-group \
  -L"$LLVM/lib" -Wl,-rpath,"$LLVM/lib" -lMLIR -lLLVM \
  -Wl,--version-script=cpp/plugin/exports.map -Wl,--no-undefined -Wl,--as-needed \
  -lpthread -ldl -lm -lrt -lgcc_s -lc
mv "$so.tmp" "$so"
echo "$so"
