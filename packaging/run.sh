#!/usr/bin/env bash
# The main job on the bundled example. First the CLI compiles a canary of the adversarial example
# and verifies its behaviour under the five default configurations, into an output folder; then
# the workbench opens with the trace, the canary and the verification loaded. With --headless,
# or when no display is available, the same pipeline runs with the CLI only and prints the results.
#
#   packaging/run.sh [--headless]
# Environment:
#   COMMCANARY_OUTPUT  where the canary and verification go (default: build/run-output)
#   COMMCANARY_BUILD   an existing build folder to use as it is (default: build the release preset)
#   QT_QPA_PLATFORM    counts as a display (e.g. offscreen, or xcb under xvfb-run)
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -n "${COMMCANARY_BUILD:-}" ]]; then
  BUILD="$COMMCANARY_BUILD"
else
  packaging/setup.sh
  BUILD=build/release
fi
cli="$BUILD/app/commcanary"
workbench="$BUILD/app/workbench/commcanary-workbench"

EXAMPLE=resources/examples/adversarial_decode.trace.json
CONFIGS=resources/configs/default.configs.json
OUT="${COMMCANARY_OUTPUT:-build/run-output}"
CANARY="$OUT/adversarial_decode.canary.json"
VERIFICATION="$OUT/adversarial_decode.verification.json"
headless=0
if [[ "${1:-}" == "--headless" || ! -x "$workbench" ]] ||
  [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}${QT_QPA_PLATFORM:-}" ]]; then
  headless=1
fi
mkdir -p "$OUT"

# verify-behavior exits 1 for a valid negative answer (a failed status); that is a result to show,
# not a failure of this script.
verify_behavior() {
  local rc=0
  "$cli" verify-behavior "$EXAMPLE" "$CANARY" --configs "$CONFIGS" -o "$VERIFICATION" || rc=$?
  if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    exit "$rc"
  fi
}

if [[ $headless -eq 0 ]]; then
  echo "== compile a canary and verify its behaviour (into $OUT)"
  "$cli" compile "$EXAMPLE" -o "$CANARY"
  verify_behavior
  echo "== opening the workbench with $EXAMPLE, $CANARY and $VERIFICATION"
  exec "$workbench" "$EXAMPLE" "$CANARY" "$VERIFICATION"
fi

echo "== $EXAMPLE"
"$cli" validate "$EXAMPLE"
"$cli" hash "$EXAMPLE"
echo "== replay under the five default configurations (a model, not hardware)"
"$cli" replay "$EXAMPLE" --configs "$CONFIGS" -o "$OUT/context.report.json"
"$cli" replay "$EXAMPLE" --configs "$CONFIGS" --isolated -o "$OUT/isolated.report.json"
"$cli" verify-report "$OUT/context.report.json" --input "$EXAMPLE"
echo "== compile a canary"
"$cli" compile "$EXAMPLE" -o "$CANARY"
"$cli" info "$CANARY"
echo "== verify the canary's behaviour"
verify_behavior
echo "== reduce with ddmin (a ranking-only oracle) and verify what it keeps"
"$cli" reduce "$EXAMPLE" --configs "$CONFIGS" --ranking-tie-tolerance-us 100 -o "$OUT/adversarial_decode.reduced.canary.json"
rc=0
"$cli" verify-behavior "$EXAMPLE" "$OUT/adversarial_decode.reduced.canary.json" --configs "$CONFIGS" \
  --ranking-tie-tolerance-us 100 -o "$OUT/adversarial_decode.reduced.verification.json" || rc=$?
if [[ $rc -ne 0 && $rc -ne 1 ]]; then
  exit "$rc"
fi
echo "== results in $OUT"
