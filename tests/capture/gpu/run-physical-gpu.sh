#!/bin/sh
# Runs the GPU paths of physical replay on a machine with an NVIDIA GPU: builds the worker against
# a CUDA libtorch with c10d NCCL, then the GPU rows of the physical replay suite (NCCL at world
# size 1, gloo over CUDA tensors, the CUDA spin kernel as compute stand-in) and one replay of a
# short trace under the bundled NCCL set, printing the measured medians.
#
#   tests/capture/gpu/run-physical-gpu.sh LIBTORCH_DIR [BUILD_DIR]
#
# LIBTORCH_DIR: an unpacked CUDA libtorch with the C++11 ABI (the folder holding share/cmake/Torch).
# BUILD_DIR defaults to build/gpu. Exit status: that of the suite.
set -eu
if [ $# -lt 1 ]; then
    echo "usage: $0 LIBTORCH_DIR [BUILD_DIR]" >&2
    exit 2
fi
libtorch=$1
build=${2:-build/gpu}
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader || {
    echo "no GPU visible (nvidia-smi failed)" >&2
    exit 2
}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCOMMCANARY_GUI=OFF -DCOMMCANARY_BENCHMARKS=OFF \
    -DCMAKE_PREFIX_PATH="$libtorch" >"$build.configure.log" 2>&1 || {
    tail -20 "$build.configure.log"
    exit 1
}
grep "capture worker:" "$build.configure.log" || true
jobs=$(nproc)
cmake --build "$build" -j"$jobs" --target commcanary commcanary-capture-worker capture_tst_capture_replay_physical
"$build/app/commcanary" doctor
status=0
QT_QPA_PLATFORM=offscreen "$build/tests/capture_tst_capture_replay_physical" gpuPaths || status=$?

# One replay under the bundled NCCL set at world size 1, for the figures.
work=$(mktemp -d)
python3 - "$work/gpu.trace.json" <<'PY'
import json, sys
events = [{"op": "all_reduce", "bytes": size, "ranks": [0], "gap_us": 200, "compute_before_us": 100,
           "compute_overlap_us": 150 if k % 2 == 0 else 0}
          for k, size in enumerate([4096, 65536, 1 << 20, 16 << 20] * 4)]
json.dump({"format": "commcanary.trace.v1", "events": events}, open(sys.argv[1], "w"))
PY
"$build/app/commcanary" replay-physical "$work/gpu.trace.json" \
    --physical-configs resources/configs/physical-nccl.configs.json --world-size 1 --repeats 5 --warmup 2 \
    -o "$work/nccl.measured.json" || status=$?
"$build/app/commcanary" verify-report "$work/nccl.measured.json" --input "$work/gpu.trace.json" || status=$?
echo "measured report: $work/nccl.measured.json"
exit $status
