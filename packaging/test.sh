#!/usr/bin/env bash
# Sets up what is missing, builds, and runs every test suite (GUI tests on the offscreen platform).
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/setup.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build/release --output-on-failure -j"$(nproc)" --timeout 900
