#!/usr/bin/env python3
"""Writes N coalescing rank shards of a trace in the Python prototype's capture convention.

This is the input of the "merge, 4 coalescing shards of the prototype's 100K fixture" row of the
performance table. Each shard is one rank; every collective of the source is recorded by every
rank (members 0..N-1), in the shape of the prototype's fixture generator: system.rank, one
capture_session_id, collective_id, collective_seq, recorder_rank and the rank's own
rank_arrival_us. Unlike that generator, start_us follows each event's own gap_us on the rank's
clock (rank r starts at 100*r us), because this format refuses a timestamp and a gap that
contradict each other. It is the construction of tests/core/tst_prototype_shards.cpp
(coalescingShardsMergeAcrossRanks), written out at full size. A clock calibration that cancels
the per-rank clock offsets is written beside the shards.

Usage:
  make_coalescing_shards.py SOURCE.json OUTDIR [--ranks 4]
  commcanary merge OUTDIR/rank-*.trace.json --clock-calibration OUTDIR/calibration.json -o merged.json
"""
import argparse
import json
import os


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source")
    parser.add_argument("outdir")
    parser.add_argument("--ranks", type=int, default=4)
    args = parser.parse_args()

    with open(args.source, encoding="utf-8") as f:
        trace = json.load(f)  # its times are whole microseconds: float sums stay exact
    os.makedirs(args.outdir, exist_ok=True)
    members = list(range(args.ranks))
    session = "commcanary-benchmark-capture-v1"
    for rank in members:
        clock = 100.0 * rank
        events = []
        for index, source in enumerate(trace["events"]):
            clock += source["gap_us"]
            e = dict(source)
            e["id"] = "capture-%d-rank-%d" % (index, rank)
            e["capture_session_id"] = session
            e["collective_id"] = "capture-%d" % index
            e["collective_seq"] = index
            e["recorder_rank"] = str(rank)
            e["start_us"] = clock
            e["rank_arrival_us"] = {str(rank): 0.0}
            e.pop("arrival_skew_us", None)
            e["ranks"] = members
            e["partial_rank_arrival"] = True
            events.append(e)
        doc = {
            "format": "commcanary.trace.v1",
            "workload": trace["workload"],
            "system": {"capture_mode": "sharded", "capture_session_id": session, "rank": rank},
            "events": events,
        }
        with open(os.path.join(args.outdir, "rank-%d.trace.json" % rank), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2, sort_keys=True)  # the fixture's own layout
    calibration = {
        "format": "commcanary-workbench.clock-calibration.v1",
        "ranks": [{"rank": r, "offset_us": -100 * r, "uncertainty_us": 1} for r in members],
    }
    with open(os.path.join(args.outdir, "calibration.json"), "w", encoding="utf-8") as f:
        json.dump(calibration, f)


if __name__ == "__main__":
    main()
