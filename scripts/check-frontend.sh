#!/usr/bin/env bash
# Builds, tests and runs examples/frontend exactly as docs/toolchain.md's
# Rust section tells a new crate to depend on loom (and checks that the page
# shows the example's lines): from a copy outside this
# repository (so that no cargo configuration of loom's own applies, only the
# copy's .cargo/config.toml) with an environment that names no LLVM
# location, after pointing its one dependency line at this checkout. The
# build goes to target/frontend, kept between runs so that reruns are
# incremental. Run by `make test`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
JOBS=${JOBS:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# docs/toolchain.md shows the same lines: the example's environment, and a
# dependency line of the same form.
page="$root/docs/toolchain.md"
while IFS= read -r setting; do
  grep -qxF "$setting" "$page" ||
    { echo "check-frontend: docs/toolchain.md does not show '$setting' (examples/frontend/.cargo/config.toml)" >&2; exit 1; }
done < <(grep -v -e '^#' -e '^[[:space:]]*$' "$root/examples/frontend/.cargo/config.toml")
grep -qE '^loom = \{ path = "[^"]+" \}$' "$page" ||
  { echo "check-frontend: docs/toolchain.md shows no 'loom = { path = \"...\" }' line" >&2; exit 1; }

cp -r "$root/examples/frontend" "$work/frontend"
manifest="$work/frontend/Cargo.toml"
# The line docs/toolchain.md shows, with the path to this checkout.
line='loom = { path = "../.." }'
grep -qxF "$line" "$manifest" || { echo "check-frontend: '$line' not found in $manifest" >&2; exit 1; }
sed -i "s|^loom = { path = \"../..\" }\$|loom = { path = \"$root\" }|" "$manifest"

cd "$work/frontend"
run() {
  env -u MLIR_SYS_220_PREFIX -u TABLEGEN_220_PREFIX -u LIBCLANG_PATH -u LLVM_PREFIX \
    CARGO_TARGET_DIR="$root/target/frontend" "$@"
}
run cargo test -j"$JOBS"
run cargo run -j"$JOBS"
