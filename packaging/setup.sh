#!/usr/bin/env bash
# Installs every Debian 12 package the project needs (idempotent: quick when all are present),
# then configures and builds the release preset.
#   packaging/setup.sh            install + build
#   packaging/setup.sh --deps     install only
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  linguist-qt6 qt6-svg-dev libgl-dev libqt6opengl6-dev
  nlohmann-json3-dev libssl-dev zlib1g-dev libsimdjson-dev
  libtorch-dev libgloo-dev
  libbenchmark-dev
  libprotobuf-dev protobuf-compiler
  xvfb xauth gzip
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]} > 0)); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then
    SUDO="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi

if [[ "${1:-}" == "--deps" ]]; then
  exit 0
fi

extra=()
if [[ "${CI:-}" == "true" ]]; then
  extra+=(-DCOMMCANARY_WERROR=ON)
fi
cmake --preset release "${extra[@]}" >/dev/null
cmake --build --preset release -j"$(nproc)"
