#!/usr/bin/env bash
# The main job on the bundled example: opens the workbench with the adversarial example loaded,
# or, with --headless or when no display is available, runs the same pipeline with the CLI and
# prints the results.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/setup.sh

BIN=build/release/app
EXAMPLE=resources/examples/adversarial_decode.trace.json
CONFIGS=resources/configs/default.configs.json
headless=0
if [[ "${1:-}" == "--headless" || -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" || ! -x "$BIN/commcanary-workbench" ]]; then
  headless=1
fi

if [[ $headless -eq 0 ]]; then
  exec "$BIN/commcanary-workbench" "$EXAMPLE"
fi

cli="$BIN/commcanary"
has() { "$cli" --help | grep -qE "^  $1 "; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "== $EXAMPLE"
"$cli" validate "$EXAMPLE"
"$cli" hash "$EXAMPLE"
if has replay && [[ -f "$CONFIGS" ]]; then
  echo "== replay under the five default configurations (a model, not hardware)"
  "$cli" replay "$EXAMPLE" --configs "$CONFIGS" -o "$out/context.report.json"
  "$cli" replay "$EXAMPLE" --configs "$CONFIGS" --isolated -o "$out/isolated.report.json"
  "$cli" verify-report "$out/context.report.json" --input "$EXAMPLE"
fi
if has compile; then
  echo "== compile a canary"
  "$cli" compile "$EXAMPLE" -o "$out/adversarial.canary.json"
  "$cli" info "$out/adversarial.canary.json"
fi
if has verify-behavior && [[ -f "$CONFIGS" ]]; then
  echo "== verify the canary's behaviour"
  "$cli" verify-behavior "$EXAMPLE" "$out/adversarial.canary.json" --configs "$CONFIGS" -o "$out/verification.json" || true
fi
