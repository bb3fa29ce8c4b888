#!/usr/bin/env bash
# How long commcanary takes to end after SIGINT, at several points of one run. Each run starts
# the command afresh, sends SIGINT after DELAY seconds and reports the exit status and the time
# from the signal to the exit (process teardown included). Run by hand, for example on a 2M-event
# trace from 'commcanary generate training --events 2000000 -o big.trace.json':
#
#   tests/bench/sigint_latency.sh build/release/app/commcanary "1 3 6 10 15" compile big.trace.json -o x.canary.json
#
# The output path given in the arguments must not exist: after each run the script says whether
# anything was written there (it should not be, when the exit status is 130).
set -u
if [ $# -lt 3 ]; then
    echo "usage: $0 CLI \"DELAY...\" COMMAND [ARGS...]" >&2
    exit 2
fi
cli=$1
delays=$2
shift 2
output=
previous=
for arg in "$@"; do
    if [ "$previous" = "-o" ] || [ "$previous" = "--output" ]; then
        output=$arg
    fi
    previous=$arg
done
for delay in $delays; do
    [ -n "$output" ] && rm -rf -- "$output"
    "$cli" "$@" >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    if ! kill -0 "$pid" 2>/dev/null; then
        wait "$pid"
        echo "delay ${delay} s: the run had already ended (exit $?)"
        continue
    fi
    start=$(date +%s%N)
    kill -INT "$pid"
    wait "$pid"
    status=$?
    end=$(date +%s%N)
    written=no
    [ -n "$output" ] && [ -e "$output" ] && written=yes
    echo "delay ${delay} s: exit ${status}, $(((end - start) / 1000000)) ms after SIGINT, output written: ${written}"
done
