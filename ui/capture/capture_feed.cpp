#include "ui/capture/capture_feed.h"

#include <algorithm>
#include <iterator>

namespace cc::ui {

CaptureFeed::CaptureFeed(int worldSize, std::size_t maxPendingLines)
    : ranks_(static_cast<std::size_t>(std::max(worldSize, 0))), maxPending_(std::max<std::size_t>(maxPendingLines, 1))
{
    for (std::size_t r = 0; r < ranks_.size(); ++r) {
        ranks_[r].rank = static_cast<int>(r);
    }
}

void CaptureFeed::rankProgress(const cc::capture::RankProgressLine& line)
{
    std::lock_guard lock(mutex_);
    applyProgress(line);
}

void CaptureFeed::applyProgress(const cc::capture::RankProgressLine& line)
{
    if (line.rank < 0 || static_cast<std::size_t>(line.rank) >= ranks_.size()) {
        return; // a line naming a rank outside the cell is not ours to show
    }
    RankRunState& state = ranks_[static_cast<std::size_t>(line.rank)];
    state.done = line.done;
    state.total = line.total;
    state.phase = line.phase;
}

bool CaptureFeed::isProtocolLine(std::string_view line)
{
    return line.substr(0, cc::capture::kProgressPrefix.size()) == cc::capture::kProgressPrefix;
}

void CaptureFeed::logLine(int rank, std::string_view line)
{
    std::lock_guard lock(mutex_);
    if (isProtocolLine(line)) {
        // For the progress bars, not for people; a malformed one is dropped with the rest.
        if (const auto progress = cc::capture::parseProgressLine(line)) {
            applyProgress(*progress);
        }
        return;
    }
    std::string_view text = line;
    while (!text.empty() && (text.back() == '\r' || text.back() == '\n' || text.back() == ' ')) {
        text.remove_suffix(1);
    }
    if (text.empty()) {
        return;
    }
    if (rank >= 0 && static_cast<std::size_t>(rank) < ranks_.size()) {
        constexpr std::size_t kActivityChars = 160;
        ranks_[static_cast<std::size_t>(rank)].activity = std::string(text.substr(0, kActivityChars));
    }
    lines_.emplace_back(rank, std::string(text));
    while (lines_.size() > maxPending_) {
        lines_.pop_front();
        ++dropped_;
    }
}

CaptureFeed::Snapshot CaptureFeed::take()
{
    std::lock_guard lock(mutex_);
    Snapshot snapshot;
    snapshot.ranks = ranks_;
    snapshot.lines.assign(std::make_move_iterator(lines_.begin()), std::make_move_iterator(lines_.end()));
    lines_.clear();
    snapshot.dropped = dropped_;
    dropped_ = 0;
    return snapshot;
}

} // namespace cc::ui
