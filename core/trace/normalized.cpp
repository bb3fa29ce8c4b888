// Canonical bytes of a trace. Each event is a fixed-position array:
//   [0] op  [1] custom_op 0/1  [2] bytes  [3] ranks  [4] group  [5] phase  [6] dtype  [7] tag
//   [8] channel  [9] reduction_op  [10] root_rank  [11] sender_rank  [12] receiver_rank
//   [13] concurrent_groups  [14] message_sequence  [15] gap_ns (issue-to-issue)
//   [16] compute_before_ns  [17] compute_overlap_ns or "unknown"  [18] compute_pressure (1e-9 units)
//   [19] skew state "known"|"partial"|"unknown"  [20] skew_ns (null when unknown)
//   [21] arrivals [[rank, ns], ...] sorted by rank (null when not given)  [22] observed_exposed_ns
// Absent values are null. Strings and rank sets are references into tables in the whole-trace
// form (interned by first appearance in canonical order) and inline in event-range bytes, so a
// segment commitment depends on nothing outside its segment.
#include "core/trace/normalized.h"

#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace cc {

namespace {

/// Scratch for one thread's encoding: the arrivals of one event, sorted by rank.
using Arrivals = std::vector<std::pair<std::int32_t, Ns>>;

class Encoder {
public:
    /// inlineRefs: write strings and rank lists in place (event-range bytes). Otherwise call
    /// indexTables() first: events then refer to the tables by position.
    Encoder(const Trace& trace, bool inlineRefs) : t_(trace), inline_(inlineRefs)
    {
        // Ranks within a list are distinct (a rule of the format), so a list in ascending order
        // needs no sorting of its (rank, time) pairs; most lists are.
        ascending_.reserve(trace.arrivalRankLists.size());
        for (std::size_t list = 0; list < trace.arrivalRankLists.size(); ++list) {
            const auto& ranks = trace.arrivalRankLists.at(static_cast<std::uint32_t>(list)).ranks;
            ascending_.push_back(std::is_sorted(ranks.begin(), ranks.end()) ? 1 : 0);
        }
    }

    /// Numbers the strings and rank sets by first appearance in canonical order (the whole-trace
    /// form's tables). Afterwards encodeEvent only reads, so threads can encode events at once.
    void indexTables()
    {
        stringIndex_.assign(t_.strings.size(), kNoString);
        rankSetIndex_.assign(t_.rankSets.size(), kNoString);
        for (std::size_t i = 0; i < t_.size(); ++i) {
            noteString(t_.op[i]);
            noteRankSet(t_.rankSet[i]);
            for (auto id : {t_.group[i], t_.phase[i], t_.dtype[i], t_.tag[i], t_.channel[i], t_.reductionOp[i]}) {
                noteString(id);
            }
        }
    }

    /// The most bytes encodeEvent may write for event i (with its separating comma): it writes
    /// through a pointer into room the caller made, with no capacity check per byte.
    std::size_t eventBound(std::size_t i) const
    {
        // 23 fields of at most an integer, a string or "unknown" each, the brackets and commas.
        std::size_t bound = 32 + 23 * (json::kMaxIntBytes + 1) +
                            (t_.has(i, kFlagArrivalsGiven) ? 2 + t_.arrivalCount(i) * (2 * json::kMaxIntBytes + 4) : 0);
        if (inline_) {
            for (auto id :
                 {t_.op[i], t_.group[i], t_.phase[i], t_.dtype[i], t_.tag[i], t_.channel[i], t_.reductionOp[i]}) {
                bound += id == kNoString ? 0 : json::maxStringLiteralBytes(t_.strings.at(id).size());
            }
            bound += 2 + t_.rankSets.at(t_.rankSet[i]).ranks.size() * (json::kMaxIntBytes + 1);
        }
        return bound;
    }

    std::size_t eventsBound(std::size_t first, std::size_t last) const
    {
        std::size_t bound = 0;
        for (std::size_t i = first; i < last; ++i) {
            bound += eventBound(i);
        }
        return bound;
    }

    /// Writes events [first, last) at `at` (room for eventsBound), comma-separated, with a comma
    /// before the first when asked; returns the end.
    char* encodeEvents(char* at, std::size_t first, std::size_t last, bool commaBeforeFirst, Arrivals& sorted) const
    {
        for (std::size_t i = first; i < last; ++i) {
            if (i > first || commaBeforeFirst) {
                *at++ = ',';
            }
            at = encodeEvent(at, i, sorted);
        }
        return at;
    }

    /// Writes event i at `at` (room for eventBound(i) bytes) and returns the end.
    char* encodeEvent(char* at, std::size_t i, Arrivals& sorted) const
    {
        *at++ = '[';
        at = stringRef(at, t_.op[i]);
        at = json::writeText(at, t_.has(i, kFlagCustomOp) ? ",1," : ",0,");
        at = json::writeInt(at, t_.bytes[i]);
        *at++ = ',';
        at = rankSetRef(at, t_.rankSet[i]);
        for (auto id : {t_.group[i], t_.phase[i], t_.dtype[i], t_.tag[i], t_.channel[i], t_.reductionOp[i]}) {
            *at++ = ',';
            at = stringRef(at, id);
        }
        for (auto value : {t_.rootRank[i], t_.senderRank[i], t_.receiverRank[i], t_.concurrentGroups[i]}) {
            *at++ = ',';
            at = optionalInt(at, value, kNoRank);
        }
        *at++ = ',';
        at = optionalInt(at, t_.messageSequence[i], -1);
        *at++ = ',';
        at = json::writeInt(at, t_.effectiveGap[i]);
        *at++ = ',';
        at = optionalInt(at, t_.computeBefore[i], kAbsentNs);
        *at++ = ',';
        if (t_.has(i, kFlagOverlapUnknown)) {
            at = json::writeText(at, "\"unknown\"");
        } else {
            at = optionalInt(at, t_.computeOverlap[i], kAbsentNs);
        }
        *at++ = ',';
        at = optionalInt(at, t_.pressure[i], kAbsentNs);
        at = json::writeText(at, ",\"");
        at = json::writeText(at, skewStateName(t_.skewState[i]));
        at = json::writeText(at, "\",");
        if (t_.skewState[i] == SkewState::Unknown) {
            at = json::writeText(at, "null");
        } else {
            at = json::writeInt(at, t_.skewValue[i]);
        }
        *at++ = ',';
        if (t_.has(i, kFlagArrivalsGiven)) {
            const auto& ranks = t_.arrivalRanks(i);
            const CompactView times = t_.arrivalTime.view(t_.arrivalBegin[i], ranks.size());
            auto pair = [&at](std::size_t k, std::int32_t rank, Ns time) {
                at = json::writeText(at, k == 0 ? "[" : ",[");
                at = json::writeInt(at, rank);
                *at++ = ',';
                at = json::writeInt(at, time);
                *at++ = ']';
            };
            *at++ = '[';
            if (ascending_[t_.arrivalRankList[i]] != 0) {
                for (std::size_t k = 0; k < ranks.size(); ++k) {
                    pair(k, ranks[k], times[k]);
                }
            } else {
                sorted.clear();
                for (std::size_t k = 0; k < ranks.size(); ++k) {
                    sorted.emplace_back(ranks[k], times[k]);
                }
                std::sort(sorted.begin(), sorted.end());
                for (std::size_t k = 0; k < sorted.size(); ++k) {
                    pair(k, sorted[k].first, sorted[k].second);
                }
            }
            *at++ = ']';
        } else {
            at = json::writeText(at, "null");
        }
        *at++ = ',';
        at = optionalInt(at, t_.observedExposed[i], kAbsentNs);
        *at++ = ']';
        return at;
    }

    void encodeTables(std::string& out) const
    {
        json::appendKey(out, "strings");
        json::appendArray(out, stringOrder_,
                          [&](std::string& o, auto id) { json::appendString(o, t_.strings.at(id)); });
        out += ',';
        json::appendKey(out, "rank_sets");
        json::appendArray(out, rankSetOrder_,
                          [&](std::string& o, auto id) { json::appendIntArray(o, t_.rankSets.at(id).ranks); });
    }

private:
    static char* optionalInt(char* at, std::int64_t value, std::int64_t absent)
    {
        return value == absent ? json::writeText(at, "null") : json::writeInt(at, value);
    }

    void noteString(std::uint32_t id)
    {
        if (id != kNoString && stringIndex_[id] == kNoString) {
            stringIndex_[id] = static_cast<std::uint32_t>(stringOrder_.size());
            stringOrder_.push_back(id);
        }
    }

    void noteRankSet(std::uint32_t id)
    {
        std::uint32_t& index = rankSetIndex_[id];
        if (index != kNoString) {
            return;
        }
        // Rank sets are compared by member list (how they were written, list or count, is not
        // modelled): two table entries with equal members map to one canonical entry.
        const auto& ranks = t_.rankSets.at(id).ranks;
        for (std::size_t k = 0; k < rankSetOrder_.size(); ++k) {
            if (t_.rankSets.at(rankSetOrder_[k]).ranks == ranks) {
                index = static_cast<std::uint32_t>(k);
                return;
            }
        }
        index = static_cast<std::uint32_t>(rankSetOrder_.size());
        rankSetOrder_.push_back(id);
    }

    char* stringRef(char* at, std::uint32_t id) const
    {
        if (id == kNoString) {
            return json::writeText(at, "null");
        }
        return inline_ ? json::writeString(at, t_.strings.at(id)) : json::writeInt(at, stringIndex_[id]);
    }

    char* rankSetRef(char* at, std::uint32_t id) const
    {
        if (!inline_) {
            return json::writeInt(at, rankSetIndex_[id]);
        }
        *at++ = '[';
        bool first = true;
        for (const auto rank : t_.rankSets.at(id).ranks) {
            if (!first) {
                *at++ = ',';
            }
            first = false;
            at = json::writeInt(at, rank);
        }
        *at++ = ']';
        return at;
    }

    const Trace& t_;
    bool inline_;
    std::vector<std::uint8_t> ascending_;     ///< per arrival rank list: its ranks ascend
    std::vector<std::uint32_t> stringIndex_;  ///< string id -> table position (indexTables)
    std::vector<std::uint32_t> stringOrder_;  ///< table position -> string id
    std::vector<std::uint32_t> rankSetIndex_; ///< rank set id -> table position (indexTables)
    std::vector<std::uint32_t> rankSetOrder_; ///< table position -> rank set id
};

/// One block's text, written through a pointer into room left uninitialised: only the bytes
/// written are touched, however generous the bound.
class TextBlock {
public:
    char* room(std::size_t bytes)
    {
        if (bytes > capacity_) {
            data_ = std::make_unique_for_overwrite<char[]>(bytes);
            capacity_ = bytes;
        }
        size_ = 0;
        return data_.get();
    }
    void end(const char* at) { size_ = static_cast<std::size_t>(at - data_.get()); }
    std::string_view text() const { return {data_.get(), size_}; }

private:
    std::unique_ptr<char[]> data_;
    std::size_t capacity_ = 0;
    std::size_t size_ = 0;
};

/// Events per block of the whole-trace bytes: about a megabyte of text, the unit that threads
/// encode, that is handed to the sink, and between which cancellation is checked.
constexpr std::size_t kBlockEvents = 8192;

/// Encodes the blocks of events on helper threads and on the caller's, and hands them to the sink
/// on the caller's thread in order, so the hash sees the bytes one thread would write. A block is
/// encoded only within a window ahead of the one handed over, so memory stays a few blocks. The
/// destructor stops and joins the helpers, whatever the caller is unwinding from.
class BlockPipeline {
public:
    template <typename EncodeBlock>
    BlockPipeline(std::size_t blocks, std::size_t helpers, EncodeBlock encode)
        : blocks_(blocks), encode_(std::move(encode)), slots_(2 * (helpers + 1))
    {
        threads_.reserve(helpers);
        for (std::size_t h = 0; h < helpers; ++h) {
            threads_.emplace_back([this] {
                Arrivals scratch;
                std::unique_lock lock(mutex_);
                while (true) {
                    changed_.wait(lock, [&] { return stop_ || next_ >= blocks_ || claimable(); });
                    if (stop_ || next_ >= blocks_) {
                        return;
                    }
                    encodeClaimed(lock, scratch);
                }
            });
        }
    }
    ~BlockPipeline()
    {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        changed_.notify_all();
        for (auto& thread : threads_) {
            thread.join();
        }
    }
    BlockPipeline(const BlockPipeline&) = delete;
    BlockPipeline& operator=(const BlockPipeline&) = delete;

    /// Hands each block, in order, to take(bytes); the caller's thread encodes blocks too while
    /// the next one in order is not ready.
    template <typename Take> void run(Take take)
    {
        Arrivals scratch;
        for (std::size_t block = 0; block < blocks_; ++block) {
            Slot& slot = slots_[block % slots_.size()];
            {
                std::unique_lock lock(mutex_);
                while (!slot.ready) {
                    if (claimable()) {
                        encodeClaimed(lock, scratch);
                    } else {
                        changed_.wait(lock);
                    }
                }
            }
            if (slot.error) {
                std::rethrow_exception(slot.error);
            }
            take(block, slot.bytes.text());
            {
                std::lock_guard lock(mutex_);
                slot.ready = false;
                ++consumed_;
            }
            changed_.notify_all();
        }
    }

private:
    struct Slot {
        TextBlock bytes;
        std::exception_ptr error;
        bool ready = false; ///< guarded by mutex_
    };

    /// The next block may be encoded: the slot it takes was handed over (guarded by mutex_).
    bool claimable() const { return next_ < blocks_ && next_ < consumed_ + slots_.size(); }

    /// Encodes the next block with the lock released; called and returns with it held.
    void encodeClaimed(std::unique_lock<std::mutex>& lock, Arrivals& scratch)
    {
        const std::size_t block = next_++;
        Slot& slot = slots_[block % slots_.size()];
        lock.unlock();
        try {
            slot.error = nullptr;
            encode_(block, slot.bytes, scratch);
        } catch (...) {
            slot.error = std::current_exception();
        }
        lock.lock();
        slot.ready = true;
        changed_.notify_all();
    }

    const std::size_t blocks_;
    std::function<void(std::size_t, TextBlock&, Arrivals&)> encode_;
    std::vector<Slot> slots_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t next_ = 0;     ///< the next block to encode (guarded by mutex_)
    std::size_t consumed_ = 0; ///< blocks handed over (guarded by mutex_)
    bool stop_ = false;        ///< guarded by mutex_
    std::vector<std::thread> threads_;
};

std::atomic<std::size_t> chosenNormalizingThreads{0};

/// Helper threads for a stream of blocks (the whole trace, or a range of it): one per spare
/// processor, at most three, or what detail::setNormalizingThreads chose; none for a few blocks.
std::size_t encodingHelpers(std::size_t blocks)
{
    if (blocks < 4) {
        return 0;
    }
    if (const std::size_t chosen = chosenNormalizingThreads.load(std::memory_order_relaxed); chosen > 0) {
        return chosen - 1;
    }
    const unsigned processors = std::thread::hardware_concurrency();
    return processors < 2 ? 0 : std::min<std::size_t>(processors - 1, 3);
}

/// Encodes blocks [0, blocks) with encodeBlock(block, out, scratch) and hands each one's text to
/// take(block, bytes) in order on the caller's thread: through a BlockPipeline when processors are
/// spare, else one block after another.
template <typename EncodeBlock, typename Take> void streamBlocks(std::size_t blocks, EncodeBlock encodeBlock, Take take)
{
    if (const std::size_t helpers = encodingHelpers(blocks); helpers > 0) {
        BlockPipeline pipeline(blocks, helpers, encodeBlock);
        pipeline.run(take);
        return;
    }
    Arrivals scratch;
    TextBlock bytes;
    for (std::size_t block = 0; block < blocks; ++block) {
        encodeBlock(block, bytes, scratch);
        take(block, bytes.text());
    }
}

/// Streams the whole-trace canonical bytes into sink(chunk).
template <typename Sink> void encodeTrace(const Trace& trace, Progress& progress, Sink&& sink)
{
    Encoder encoder(trace, /*inlineRefs=*/false);
    encoder.indexTables();
    progress.check();
    std::string head = "{\"format\":";
    json::appendString(head, kNormalizedFormat);
    head += ",\"event_count\":";
    json::appendUInt(head, trace.size());
    head += ",\"events\":[";
    sink(head);
    const std::size_t n = trace.size();
    const std::size_t blocks = (n + kBlockEvents - 1) / kBlockEvents;
    auto encodeBlock = [&](std::size_t block, TextBlock& out, Arrivals& scratch) {
        const std::size_t first = block * kBlockEvents;
        const std::size_t last = std::min(n, first + kBlockEvents);
        out.end(encoder.encodeEvents(out.room(encoder.eventsBound(first, last)), first, last, first > 0, scratch));
    };
    // Once a block (about a millisecond of work): a cancellation point on long traces.
    auto take = [&](std::size_t block, std::string_view bytes) {
        sink(bytes);
        progress.check();
        progress.report(static_cast<double>(std::min(n, (block + 1) * kBlockEvents)) / static_cast<double>(n),
                        "normalising");
    };
    streamBlocks(blocks, encodeBlock, take);
    std::string tail = "],";
    encoder.encodeTables(tail);
    tail += "}";
    sink(tail);
}

} // namespace

void detail::setNormalizingThreads(std::size_t threads)
{
    chosenNormalizingThreads.store(threads, std::memory_order_relaxed);
}

std::string normalizedBytes(const Trace& trace, Progress& progress)
{
    std::string out;
    encodeTrace(trace, progress, [&](std::string_view chunk) { out += chunk; });
    return out;
}

std::string normalizedSha256(const Trace& trace, Progress& progress)
{
    Sha256 hash;
    encodeTrace(trace, progress, [&](std::string_view chunk) { hash.update(chunk); });
    return hash.hexDigest();
}

namespace {

/// Hands normalizedEventRangeBytes(trace, first, last) to sink a block of events at a time, checking
/// progress between blocks. The bound is several times the text: sizing a whole range by it made a
/// 10M-event compile fault in gigabytes it never used, and building the range's text before hashing
/// it cost a compile a tenth of its time in copies and fresh pages. A long range is encoded on
/// spare processors while the caller hashes, as the whole trace is: committing to one segment of
/// ten million events was a compile's longest pass, on one processor.
template <typename Sink>
void encodeEventRange(const Trace& trace, std::size_t first, std::size_t last, const Progress& progress, Sink&& sink)
{
    const Encoder encoder(trace, /*inlineRefs=*/true);
    last = std::min(last, trace.size());
    first = std::min(first, last);
    const std::size_t blocks = (last - first + kBlockEvents - 1) / kBlockEvents;
    auto encodeBlock = [&](std::size_t block, TextBlock& out, Arrivals& scratch) {
        const std::size_t from = first + block * kBlockEvents;
        const std::size_t to = std::min(last, from + kBlockEvents);
        out.end(encoder.encodeEvents(out.room(encoder.eventsBound(from, to)), from, to, block > 0, scratch));
    };
    progress.check();
    sink(std::string_view("["));
    streamBlocks(blocks, encodeBlock, [&](std::size_t, std::string_view bytes) {
        sink(bytes);
        progress.check();
    });
    sink(std::string_view("]"));
}

} // namespace

std::string normalizedEventRangeBytes(const Trace& trace, std::size_t first, std::size_t last)
{
    std::string out;
    encodeEventRange(trace, first, last, NullProgress(), [&](std::string_view text) { out += text; });
    return out;
}

std::string eventRangeSha256(const Trace& trace, std::size_t first, std::size_t last, const Progress& progress)
{
    Sha256 hash;
    encodeEventRange(trace, first, last, progress, [&](std::string_view text) { hash.update(text); });
    return hash.hexDigest();
}

} // namespace cc
