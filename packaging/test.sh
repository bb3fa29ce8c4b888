#!/usr/bin/env bash
# Sets up what is missing, builds, and runs every test suite (GUI tests on the offscreen platform).
#
#   packaging/test.sh          the release build and every suite (what CI runs)
#   packaging/test.sh --asan   the core, CLI, capture-library and fuzz-replay suites built with
#                              AddressSanitizer and UndefinedBehaviorSanitizer (preset asan, without
#                              the GUI and the capture worker), into build/asan
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == "--asan" ]]; then
  packaging/setup.sh --deps
  # UBSan stops at the first finding (-fno-sanitize-recover in the preset); ASan reports leaks too.
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  cmake --preset asan -DCOMMCANARY_GUI=OFF -DCOMMCANARY_BENCHMARKS=OFF >/dev/null
  cmake --build --preset asan -j"$(nproc)"
  exec ctest --test-dir build/asan --output-on-failure -j"$(nproc)" --timeout 1800 -L 'core|cli|capture|fuzz'
fi

packaging/setup.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build/release --output-on-failure -j"$(nproc)" --timeout 900
