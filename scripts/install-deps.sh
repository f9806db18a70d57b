#!/usr/bin/env bash
# Installs the Debian 12 packages distc needs (as root, or with sudo).
# Idempotent: does nothing when everything is already present.
set -euo pipefail
PKGS=(
  cmake ninja-build ccache
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools lld-22 liblld-22-dev clang-22 libclang-rt-22-dev
  zlib1g-dev libzstd-dev
  libopenmpi-dev openmpi-bin libcli11-dev libgtest-dev
  pkgconf man-db   # scripts/install-test.sh: pkg-config, man
  gdb              # test/driver/debug-*.mlir: -g checked in a debugger
  python3-numpy    # test/e2e/io: .npy files written and read by numpy
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
