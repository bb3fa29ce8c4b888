#!/usr/bin/env bash
# Runs every libFuzzer harness of the fuzzing build for a while, one after the other, and prints a
# table: executions, coverage (cov = edges, ft = features), corpus size and findings per harness.
#
#   tests/fuzz/run-all.sh [SECONDS-PER-HARNESS] [BUILD-DIR] [HARNESS...]
#
# Defaults: 600 s, build/fuzz, every harness built there. Each run starts from the generated seeds
# (BUILD/tests/fuzz/seeds/<h>), keeps what it finds interesting in BUILD/tests/fuzz/corpus/<h>
# (reused by the next run), writes crashing inputs to BUILD/tests/fuzz/artifacts/<h>/ and its log
# to BUILD/tests/fuzz/logs/<h>.log. The committed regressions are not part of the corpus (CTest
# replays them; one that still crashes would end every run at once).
#
# By default a run keeps going after a finding (libFuzzer's -fork=1 -ignore_crashes=1: each crash,
# timeout or OOM is saved and the fuzzing continues), so one known bug does not hide the others;
# FUZZ_STOP_ON_CRASH=1 runs in-process and stops at the first. Runs under `nice -n 10`;
# FUZZ_JOBS=N runs N harnesses at a time (default 1).
set -euo pipefail

seconds=${1:-600}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=${2:-$source_dir/build/fuzz}
shift $(( $# > 2 ? 2 : $# )) || true
fuzz_bin=$build/tests/fuzz
[[ -d $fuzz_bin ]] || { echo "run-all.sh: no fuzzing build at $build (cmake --preset fuzz && cmake --build --preset fuzz)" >&2; exit 2; }

harnesses=("$@")
if (( ${#harnesses[@]} == 0 )); then
  for exe in "$fuzz_bin"/fuzz_*; do
    name=$(basename "$exe")
    [[ -x $exe && $name != fuzz_replay_* && $name != fuzz_seed_maker ]] || continue
    harnesses+=("${name#fuzz_}")
  done
fi
(( ${#harnesses[@]} > 0 )) || { echo "run-all.sh: no harnesses in $fuzz_bin" >&2; exit 2; }

# Readers that only take a path get a scratch file per input: keep those in memory when possible.
if [[ -z ${TMPDIR:-} && -d /dev/shm && -w /dev/shm ]]; then
  export TMPDIR=/dev/shm
fi
# Leaks are findings too; stop on the first UB report with a stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

run_one() {
  local h=$1
  local corpus=$fuzz_bin/corpus/$h artifacts=$fuzz_bin/artifacts/$h log=$fuzz_bin/logs/$h.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  local dirs=("$corpus")
  [[ -d $fuzz_bin/seeds/$h ]] && dirs+=("$fuzz_bin/seeds/$h")
  local mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  [[ ${FUZZ_STOP_ON_CRASH:-0} == 1 ]] && mode=(-print_final_stats=1)
  local rc=0
  nice -n 10 "$fuzz_bin/fuzz_$h" "${mode[@]}" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" "${dirs[@]}" >"$log" 2>&1 || rc=$?
  echo "$rc" >"$log.rc"
}

jobs_max=${FUZZ_JOBS:-1}
for h in "${harnesses[@]}"; do
  [[ -x $fuzz_bin/fuzz_$h ]] || { echo "run-all.sh: no harness fuzz_$h in $fuzz_bin" >&2; exit 2; }
  echo "run-all.sh: fuzz_$h for ${seconds}s" >&2
  run_one "$h" &
  while (( $(jobs -rp | wc -l) >= jobs_max )); do
    wait -n || true
  done
done
wait || true

printf '%-18s %12s %8s %7s %7s %7s  %s\n' harness execs exec/s cov ft corpus 'findings (crash/timeout/oom)'
status=0
for h in "${harnesses[@]}"; do
  log=$fuzz_bin/logs/$h.log
  rc=$(cat "$log.rc" 2>/dev/null || echo '?')
  # In-process status lines read "#N ... cov: C ft: F corp: K/..."; fork mode's "#N: cov: C ft: F corp: K ...".
  last=$(grep -E '^#[0-9]+:? ' "$log" | tail -1 || true)
  execs=$(sed -n 's/^#\([0-9]*\).*/\1/p' <<<"$last")
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
  rate=$(sed -n 's/.* exec\/s:\{0,1\} \([0-9]*\).*/\1/p' <<<"$last")
  counts=$(sed -n 's/.*oom\/timeout\/crash: \([0-9]*\)\/\([0-9]*\)\/\([0-9]*\).*/\3\/\2\/\1/p' <<<"$last")
  if [[ -z $counts ]]; then
    c=$(find "$fuzz_bin/artifacts/$h" -type f -name 'crash-*' | wc -l)
    t=$(find "$fuzz_bin/artifacts/$h" -type f -name 'timeout-*' | wc -l)
    o=$(find "$fuzz_bin/artifacts/$h" -type f -name 'oom-*' | wc -l)
    counts="$c/$t/$o"
  fi
  note=$counts
  if [[ $counts != 0/0/0 || $rc != 0 ]]; then
    note="$counts (exit $rc, see $log)"
    status=1
  fi
  printf '%-18s %12s %8s %7s %7s %7s  %s\n' "$h" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$note"
done
exit $status
