// The live side of a running capture cell: the job's thread writes what the ranks report
// (progress lines, every log line) and the panel, on the GUI thread, takes a snapshot a few
// times a second. A mutex guards the state; nothing here blocks the ranks or floods the GUI
// with one event per log line. Pending log lines are bounded: when the panel falls behind, the
// oldest are dropped and counted (the full logs stay in the cell's rank<R>.log files).
#pragma once

#include "capture/lib/worker_invocation.h"

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc::ui {

struct RankRunState {
    int rank = 0;
    int done = 0;  ///< iterations finished (warm-up included)
    int total = 0; ///< warm-up + recorded iterations; 0 until the rank reported
    std::string phase;
    /// The last line a person can read that the rank wrote ("loading the model", ...): what it is
    /// doing while it starts, before its first progress line.
    std::string activity;
};

class CaptureFeed {
public:
    explicit CaptureFeed(int worldSize, std::size_t maxPendingLines = 4000);

    /// Worker thread: a progress line of one rank.
    void rankProgress(const cc::capture::RankProgressLine& line);
    /// Worker thread: one line a rank wrote. A machine protocol line ("commcanary-progress rank=0
    /// ...", capture/lib/worker_invocation.h) becomes the rank's progress and never reaches the
    /// log; any other line is kept for the log and becomes the rank's activity.
    void logLine(int rank, std::string_view line);
    /// True for a line of the worker's machine protocol (what logLine keeps out of the log).
    static bool isProtocolLine(std::string_view line);

    struct Snapshot {
        std::vector<RankRunState> ranks;
        std::vector<std::pair<int, std::string>> lines; ///< (rank, text) since the previous take
        std::size_t dropped = 0;                        ///< lines dropped since the previous take
    };
    /// GUI thread: the ranks' state now and the lines since the last call.
    Snapshot take();

private:
    void applyProgress(const cc::capture::RankProgressLine& line); ///< mutex_ held

    std::mutex mutex_;
    std::vector<RankRunState> ranks_;
    std::deque<std::pair<int, std::string>> lines_;
    std::size_t maxPending_;
    std::size_t dropped_ = 0;
};

} // namespace cc::ui
