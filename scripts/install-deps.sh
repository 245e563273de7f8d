#!/usr/bin/env bash
# Installs what loom needs from Debian's archive (and only from there):
# LLVM/MLIR 22 and the system libraries its static link needs. Idempotent:
# skips what is present and runs `apt-get update` once, only when something
# is missing. Rust itself comes from the machine's rustup toolchain; crates
# come from crates.io through cargo.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libpolly-22-dev
  clang-22 libclang-22-dev
  libzstd-dev libz3-dev libxml2-dev zlib1g-dev libedit-dev libffi-dev libncurses-dev
  python3 make valgrind
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

if ! command -v cargo >/dev/null 2>&1; then
  echo "install-deps: cargo not found: install Rust (rustup) first" >&2
  exit 1
fi
