#include "core/interop/chrome_trace_reader.h"

#include "core/util/errors.h"
#include "core/util/json/block_bits.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cc::interop {

namespace {

constexpr std::size_t kBlock = 64;
constexpr std::size_t kReadChunk = 4u << 20;
constexpr std::size_t kSlack = 128; ///< unread bytes kept free after the data (block loads stay inside)

bool isWs(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

using json::prefixXor;

/// Bits a..b (inclusive) set.
inline std::uint64_t rangeMask(int a, int b)
{
    return (~0ULL << a) & (~0ULL >> (63 - b));
}

/// One 64-byte block, loaded once; masks of bytes equal to a value, raw or with 0x20 or-ed in.
class Block {
public:
    explicit Block(const char* p)
    {
#if defined(__AVX2__)
        lo_ = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        hi_ = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
        const __m256i bit = _mm256_set1_epi8(0x20);
        flo_ = _mm256_or_si256(lo_, bit);
        fhi_ = _mm256_or_si256(hi_, bit);
#elif defined(__SSE2__)
        const __m128i bit = _mm_set1_epi8(0x20);
        for (int k = 0; k < 4; ++k) {
            v_[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
            f_[k] = _mm_or_si128(v_[k], bit);
        }
#else
        std::memcpy(bytes_, p, kBlock);
#endif
    }
    std::uint64_t eq(char c) const
    {
#if defined(__AVX2__)
        const __m256i needle = _mm256_set1_epi8(c);
        const auto a = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo_, needle)));
        const auto b = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi_, needle)));
        return static_cast<std::uint64_t>(a) | (static_cast<std::uint64_t>(b) << 32);
#elif defined(__SSE2__)
        return masks(v_, c);
#else
        return scalarMask(c, false);
#endif
    }
    std::uint64_t eqFolded(char c) const
    {
#if defined(__AVX2__)
        const __m256i needle = _mm256_set1_epi8(c);
        const auto a = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(flo_, needle)));
        const auto b = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(fhi_, needle)));
        return static_cast<std::uint64_t>(a) | (static_cast<std::uint64_t>(b) << 32);
#elif defined(__SSE2__)
        return masks(f_, c);
#else
        return scalarMask(c, true);
#endif
    }

#if defined(__AVX2__)
    /// The two halves with 0x20 or-ed into every byte.
    __m256i foldedLow() const
    {
        return flo_;
    }
    __m256i foldedHigh() const
    {
        return fhi_;
    }
#endif

private:
#if defined(__AVX2__)
    __m256i lo_, hi_, flo_, fhi_;
#elif defined(__SSE2__)
    static std::uint64_t masks(const __m128i* v, char c)
    {
        const __m128i needle = _mm_set1_epi8(c);
        std::uint64_t out = 0;
        for (int k = 0; k < 4; ++k) {
            out |=
                static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[k], needle))))
                << (16 * k);
        }
        return out;
    }
    __m128i v_[4];
    __m128i f_[4];
#else
    std::uint64_t scalarMask(char c, bool folded) const
    {
        std::uint64_t out = 0;
        for (std::size_t k = 0; k < kBlock; ++k) {
            char b = folded ? static_cast<char>(bytes_[k] | 0x20) : bytes_[k];
            out |= static_cast<std::uint64_t>(b == c) << k;
        }
        return out;
    }
    char bytes_[kBlock];
#endif
};

/// Where the caller's three-letter fragments end, block after block: bit i of hits() is set when
/// the folded bytes i-2, i-1 and i spell a fragment (its first letters may be in the previous
/// block). Letters compare case-insensitively (bytes and fragments with 0x20 or-ed in).
class FragmentMatcher {
public:
    explicit FragmentMatcher(const std::vector<std::array<char, 3>>& fragments)
    {
#if defined(__AVX2__)
        for (const auto& f : fragments) {
            needles_.push_back(Needles{_mm256_set1_epi8(static_cast<char>(f[0] | 0x20)),
                                       _mm256_set1_epi8(static_cast<char>(f[1] | 0x20)),
                                       _mm256_set1_epi8(static_cast<char>(f[2] | 0x20))});
        }
#else
        for (const auto& fragment : fragments) {
            std::array<int, 3> slots{};
            for (std::size_t k = 0; k < 3; ++k) {
                const char folded = static_cast<char>(fragment[k] | 0x20);
                auto found = std::find(chars_.begin(), chars_.end(), folded);
                if (found == chars_.end()) {
                    chars_.push_back(folded);
                    found = chars_.end() - 1;
                }
                slots[k] = static_cast<int>(found - chars_.begin());
            }
            fragments_.push_back(slots);
        }
        charMask_.assign(chars_.size(), 0);
        prevMask_.assign(chars_.size(), 0);
#endif
        reset();
    }

    /// Forgets the previous block: no fragment continues from it.
    void reset()
    {
#if defined(__AVX2__)
        previous_ = _mm256_setzero_si256(); // a folded byte always has 0x20 set: zero matches nothing
#else
        std::fill(prevMask_.begin(), prevMask_.end(), 0);
#endif
    }

    std::uint64_t hits(const Block& block)
    {
#if defined(__AVX2__)
        const __m256i low = block.foldedLow();
        const __m256i high = block.foldedHigh();
        // The bytes one and two places earlier, across the lane and block edges.
        const __m256i lowBefore = _mm256_permute2x128_si256(previous_, low, 0x21);
        const __m256i highBefore = _mm256_permute2x128_si256(low, high, 0x21);
        const __m256i low1 = _mm256_alignr_epi8(low, lowBefore, 15);
        const __m256i low2 = _mm256_alignr_epi8(low, lowBefore, 14);
        const __m256i high1 = _mm256_alignr_epi8(high, highBefore, 15);
        const __m256i high2 = _mm256_alignr_epi8(high, highBefore, 14);
        __m256i lowHits = _mm256_setzero_si256();
        __m256i highHits = _mm256_setzero_si256();
        for (const auto& n : needles_) {
            lowHits = _mm256_or_si256(lowHits, _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi8(low2, n.first),
                                                                                 _mm256_cmpeq_epi8(low1, n.second)),
                                                                _mm256_cmpeq_epi8(low, n.third)));
            highHits = _mm256_or_si256(highHits, _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi8(high2, n.first),
                                                                                   _mm256_cmpeq_epi8(high1, n.second)),
                                                                  _mm256_cmpeq_epi8(high, n.third)));
        }
        previous_ = high;
        const auto a = static_cast<std::uint32_t>(_mm256_movemask_epi8(lowHits));
        const auto b = static_cast<std::uint32_t>(_mm256_movemask_epi8(highHits));
        return static_cast<std::uint64_t>(a) | (static_cast<std::uint64_t>(b) << 32);
#else
        std::uint64_t out = 0;
        for (std::size_t k = 0; k < chars_.size(); ++k) {
            charMask_[k] = block.eqFolded(chars_[k]);
        }
        for (const auto& f : fragments_) {
            const auto a = static_cast<std::size_t>(f[0]);
            const auto b = static_cast<std::size_t>(f[1]);
            const auto c = static_cast<std::size_t>(f[2]);
            out |= ((charMask_[a] << 2) | (prevMask_[a] >> 62)) & ((charMask_[b] << 1) | (prevMask_[b] >> 63)) &
                   charMask_[c];
        }
        prevMask_.swap(charMask_);
        return out;
#endif
    }

private:
#if defined(__AVX2__)
    struct Needles {
        __m256i first, second, third; ///< a fragment's folded letters, each in every byte
    };
    std::vector<Needles> needles_;
    __m256i previous_;
#else
    std::vector<char> chars_;
    std::vector<std::array<int, 3>> fragments_;
    std::vector<std::uint64_t> charMask_;
    std::vector<std::uint64_t> prevMask_;
#endif
};

} // namespace

namespace detail {

ScanResult scanStructure(const char* data, std::size_t len, ScanState& st, bool stopAtZero)
{
    ScanResult r;
    r.stop = len;
    for (std::size_t k = 0; k < len; ++k) {
        const char c = data[k];
        if (st.inString) {
            if (st.escaped) {
                st.escaped = false;
            } else if (c == '\\') {
                st.escaped = true;
            } else if (c == '"') {
                st.inString = false;
            }
            continue;
        }
        if (c == '"') {
            st.inString = true;
        } else if (c == '{' || c == '[') {
            ++st.depth;
        } else if (c == '}' || c == ']') {
            --st.depth;
            if (st.depth < 0) {
                r.closedBelowZero = true;
                r.stop = k;
                return r;
            }
            if (st.depth == 0 && stopAtZero) {
                r.hitZero = true;
                r.stop = k;
                return r;
            }
        }
    }
    return r;
}

} // namespace detail

namespace {

using detail::ScanState;
using detail::scanStructure;

/// The sink's calls, run on a second thread in document order while the reader scans on. A
/// bounded queue keeps memory to a few batches; the sink's first exception stops the thread and
/// is rethrown to the reader at its next call, or by finish().
class SinkThread {
public:
    /// One call: a batch of events, or (topLevel) the value of a top-level key.
    struct Call {
        std::string text; ///< with kBatchPadding bytes after length
        std::size_t length = 0;
        std::vector<std::uint64_t> indices;
        std::string key;
        bool topLevel = false;
    };

    explicit SinkThread(ChromeTraceSink& sink) : sink_(sink), thread_([this] { work(); }) {}
    SinkThread(const SinkThread&) = delete;
    SinkThread& operator=(const SinkThread&) = delete;
    ~SinkThread()
    {
        {
            const std::lock_guard lock(mutex_);
            stop_ = true;
        }
        ready_.notify_all();
        thread_.join();
    }

    /// Queues a call; waits while the queue is full. Rethrows the sink's exception if it failed.
    void push(Call call)
    {
        std::unique_lock lock(mutex_);
        space_.wait(lock, [this] { return queue_.size() < kDepth || error_; });
        if (error_) {
            std::rethrow_exception(error_);
        }
        queue_.push_back(std::move(call));
        lock.unlock();
        ready_.notify_one();
    }

    /// A spent batch's buffers, to fill again (empty ones when none is spare).
    Call recycled()
    {
        const std::lock_guard lock(mutex_);
        if (spare_.empty()) {
            return {};
        }
        Call call = std::move(spare_.back());
        spare_.pop_back();
        return call;
    }

    /// Waits until every queued call has run; rethrows the sink's exception if one failed.
    void finish()
    {
        std::unique_lock lock(mutex_);
        space_.wait(lock, [this] { return (queue_.empty() && !busy_) || error_; });
        if (error_) {
            std::rethrow_exception(error_);
        }
    }

    /// Drops the calls not yet started (the reader is cancelled).
    void abandon()
    {
        const std::lock_guard lock(mutex_);
        queue_.clear();
    }

private:
    static constexpr std::size_t kDepth = 4;

    void work()
    {
        std::unique_lock lock(mutex_);
        while (true) {
            ready_.wait(lock, [this] { return !queue_.empty() || stop_; });
            if (queue_.empty()) {
                return; // stopped
            }
            Call call = std::move(queue_.front());
            queue_.pop_front();
            busy_ = true;
            lock.unlock();
            space_.notify_one();
            std::exception_ptr error;
            try {
                if (call.topLevel) {
                    sink_.topLevelValue(call.key, call.text);
                } else {
                    sink_.eventBatch(std::string_view(call.text.data(), call.length), call.indices);
                }
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            busy_ = false;
            if (error) {
                error_ = error;
                queue_.clear();
                space_.notify_all();
                ready_.wait(lock, [this] { return stop_; });
                return;
            }
            if (!call.topLevel && spare_.size() < kDepth) {
                spare_.push_back(std::move(call));
            }
            space_.notify_all();
        }
    }

    ChromeTraceSink& sink_;
    std::mutex mutex_;
    std::condition_variable ready_; ///< a call is queued, or stop
    std::condition_variable space_; ///< the queue has room, ran empty, or the sink failed
    std::deque<Call> queue_;
    std::vector<Call> spare_;
    std::exception_ptr error_;
    bool busy_ = false;
    bool stop_ = false;
    std::thread thread_; ///< last: starts once the members above exist
};

class Reader {
public:
    Reader(ByteSource& source, ChromeTraceSink& sink, Progress& progress, const ChromeTraceReadOptions& options)
        : source_(source), sink_(sink), progress_(progress), options_(options), fragments_(options.fragments),
          passAll_(options.fragments.empty())
    {
        const std::string_view mapped = source_.mapping();
        if (!mapped.empty()) {
            mapped_ = true;
            data_ = mapped.data();
            end_ = mapped.size();
            if (options_.concurrentHashing) {
                source_.hashMappedInBackground();
            }
        } else {
            buf_.resize(kReadChunk * 2 + kSlack);
            data_ = buf_.data();
        }
    }

    ChromeTraceReadResult run()
    {
        try {
            readDocument();
            drain();
        } catch (const Cancelled&) {
            if (sinkThread_) {
                sinkThread_->abandon();
            }
            throw;
        } catch (...) {
            if (!sinkFailed_) {
                // The document is wrong further on: the whole events before that point go to the sink
                // first, so that an error it finds in them (earlier in the document) is the one reported.
                flush();
                drain();
            }
            throw;
        }
        if (mapped_) {
            source_.hashMapped(end_);
        }
        result_.decodedBytes = source_.decodedBytes();
        return result_;
    }

private:
    void readDocument()
    {
        skipBom();
        int c = peekNonWs();
        if (c == '[') {
            ++pos_;
            result_.sawTraceEvents = true;
            eventsArray();
        } else if (c == '{') {
            ++pos_;
            topLevelObject();
        } else {
            fail(pos_, c < 0 ? "the file is empty: expected a Chrome-trace JSON object or array"
                             : "not a Chrome-trace JSON document: expected '{' or '[' at the start");
        }
        if (peekNonWs() >= 0) {
            fail(pos_, "unexpected text after the end of the JSON document");
        }
    }

    [[noreturn]] void fail(std::size_t at, const std::string& rule) const
    {
        throw InputError(source_.name(), "byte " + std::to_string(base_ + at) + ": " + rule);
    }

    /// Reads more bytes, keeping data_[keep_, end_). Returns false at the end of the input.
    bool fill()
    {
        if (mapped_) {
            source_.hashMapped(end_); // everything is in place already: nothing more to read
            return false;
        }
        if (keep_ > 0) {
            std::memmove(buf_.data(), buf_.data() + keep_, end_ - keep_);
            base_ += keep_;
            for (std::size_t* p : {&pos_, &end_, &mark_, &evStart_, &evPrevEnd_}) {
                *p -= std::min(*p, keep_);
            }
            keep_ = 0;
        }
        if (buf_.size() - kSlack - end_ < kReadChunk / 2) {
            if (end_ > options_.maxEventBytes + kReadChunk) {
                fail(end_, "one event (or one top-level value) is larger than the limit of " +
                               std::to_string(options_.maxEventBytes) + " bytes");
            }
            buf_.resize(std::max(buf_.size() * 2, end_ + kReadChunk + kSlack));
            data_ = buf_.data();
        }
        const std::size_t got = source_.read(buf_.data() + end_, buf_.size() - kSlack - end_);
        end_ += got;
        progress_.check();
        if (source_.fileSize() > 0) {
            progress_.report(static_cast<double>(source_.fileBytesRead()) / static_cast<double>(source_.fileSize()),
                             "reading profile");
        }
        return got > 0;
    }

    void skipBom()
    {
        while (end_ - pos_ < 3 && fill()) {
        }
        if (end_ - pos_ >= 3 && std::memcmp(data_ + pos_, "\xEF\xBB\xBF", 3) == 0) {
            pos_ += 3;
        }
    }

    /// The next non-whitespace byte (not consumed), or -1 at the end of the input.
    int peekNonWs()
    {
        while (true) {
            while (pos_ < end_ && isWs(data_[pos_])) {
                ++pos_;
            }
            if (pos_ < end_) {
                return static_cast<unsigned char>(data_[pos_]);
            }
            keep_ = pos_;
            if (!fill()) {
                return -1;
            }
        }
    }

    void expect(char c, const char* what)
    {
        if (peekNonWs() != c) {
            fail(pos_, std::string("expected ") + what);
        }
        ++pos_;
    }

    /// Reads a JSON string at pos_ (its opening quote); returns the content with escapes kept.
    std::string readRawString()
    {
        mark_ = pos_;
        std::size_t offset = 1;
        bool escaped = false;
        while (true) {
            for (std::size_t k = mark_ + offset; k < end_; ++k) {
                const char c = data_[k];
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    std::string text(data_ + mark_ + 1, k - mark_ - 1);
                    pos_ = k + 1;
                    return text;
                }
            }
            offset = end_ - mark_;
            if (offset > options_.maxEventBytes) {
                fail(mark_,
                     "a string is longer than the limit of " + std::to_string(options_.maxEventBytes) + " bytes");
            }
            keep_ = mark_;
            if (!fill()) {
                fail(end_, "the document ends inside a string");
            }
        }
    }

    void topLevelObject()
    {
        if (peekNonWs() == '}') {
            ++pos_;
            return;
        }
        while (true) {
            if (peekNonWs() != '"') {
                fail(pos_, "expected a key (a quoted string) in the top-level object");
            }
            const std::string key = readRawString();
            expect(':', "':' after a top-level key");
            if (key == "traceEvents") {
                if (result_.sawTraceEvents) {
                    fail(pos_, "\"traceEvents\" appears twice");
                }
                if (peekNonWs() != '[') {
                    fail(pos_, "\"traceEvents\" must be an array");
                }
                ++pos_;
                result_.sawTraceEvents = true;
                eventsArray();
            } else {
                topLevelValue(key);
            }
            const int c = peekNonWs();
            if (c == ',') {
                ++pos_;
                continue;
            }
            if (c == '}') {
                ++pos_;
                return;
            }
            fail(pos_, c < 0 ? "the document ends inside the top-level object"
                             : "expected ',' or '}' in the top-level object");
        }
    }

    void topLevelValue(const std::string& key)
    {
        const int c = peekNonWs();
        if (c < 0) {
            fail(pos_, "the document ends before the value of \"" + key + "\"");
        }
        const bool want = sink_.wantsTopLevelValue(key);
        mark_ = pos_;
        std::size_t valueEnd = 0;
        if (c == '{' || c == '[') {
            ScanState st;
            while (true) {
                auto r = scanStructure(data_ + pos_, end_ - pos_, st, true);
                if (r.hitZero) {
                    valueEnd = pos_ + r.stop + 1;
                    break;
                }
                pos_ = end_;
                if (want && pos_ - mark_ > options_.maxEventBytes) {
                    fail(mark_, "the value of \"" + key + "\" is larger than the limit of " +
                                    std::to_string(options_.maxEventBytes) + " bytes");
                }
                keep_ = want ? mark_ : pos_;
                if (!fill()) {
                    fail(end_, "the document ends inside the value of \"" + key + "\"");
                }
            }
        } else if (c == '"') {
            readRawString();
            valueEnd = pos_;
        } else {
            while (true) {
                while (pos_ < end_ && !isWs(data_[pos_]) && data_[pos_] != ',' && data_[pos_] != '}' &&
                       data_[pos_] != ']') {
                    ++pos_;
                }
                if (pos_ < end_) {
                    break;
                }
                keep_ = mark_;
                if (!fill()) {
                    break;
                }
            }
            valueEnd = pos_;
        }
        pos_ = valueEnd;
        if (want) {
            const std::string_view json(data_ + mark_, valueEnd - mark_);
            if (sinkThread_) {
                SinkThread::Call call;
                call.topLevel = true;
                call.key = key;
                call.text = std::string(json);
                push(std::move(call));
            } else {
                throughSink([&] { sink_.topLevelValue(key, json); });
            }
        }
    }

    // ---- the event array ----

    /// The separator before an event (or before the closing bracket) may only be whitespace and,
    /// between two events, one comma.
    void checkGap(std::size_t from, std::size_t to, bool beforeEvent)
    {
        // Hot path (once per event): whitespace and at most one comma, nothing else.
        bool comma = false;
        for (std::size_t k = from; k < to; ++k) {
            const char c = data_[k];
            if (isWs(c)) {
                continue;
            }
            if (c == ',' && !comma && result_.eventCount > 0) {
                comma = true;
                continue;
            }
            const std::string where = "traceEvents[" + std::to_string(result_.eventCount) + "]";
            fail(k, c == ',' ? where + ": unexpected ','" : where + ": every event must be a JSON object");
        }
        if (result_.eventCount > 0 && beforeEvent && !comma) {
            fail(to, "traceEvents[" + std::to_string(result_.eventCount) + "]: expected ',' between events");
        }
        if (!beforeEvent && comma) {
            fail(to, "traceEvents: a ',' after the last event (trailing comma)");
        }
    }

    void eventStart(std::size_t at)
    {
        checkGap(evPrevEnd_, at, true);
        if (data_[at] != '{') {
            fail(at, "traceEvents[" + std::to_string(result_.eventCount) + "]: every event must be a JSON object");
        }
        evStart_ = at;
    }

    void eventEnd(std::size_t at, bool pass)
    {
        if (pass || passAll_) {
            batch_.append(data_ + evStart_, at + 1 - evStart_);
            batch_ += ',';
            indices_.push_back(result_.eventCount);
            ++result_.passedOn;
            if (batch_.size() >= options_.batchBytes) {
                flush(/*more=*/true);
            }
        }
        ++result_.eventCount;
        evPrevEnd_ = at + 1;
    }

    /// Runs call, which calls the sink or rethrows its error: what it throws is the sink's.
    template <typename Fn> void throughSink(Fn call)
    {
        sinkFailed_ = true; // until it returns
        call();
        sinkFailed_ = false;
    }

    /// Queues a call for the sink thread, which rethrows the sink's error if an earlier call failed.
    void push(SinkThread::Call call)
    {
        throughSink([&] { sinkThread_->push(std::move(call)); });
    }

    /// Waits for the sink thread to run every queued call (rethrowing the sink's error).
    void drain()
    {
        if (sinkThread_) {
            throughSink([&] { sinkThread_->finish(); });
        }
    }

    /// Hands on the batch. more: events may follow (the sink thread starts on the first such batch).
    void flush(bool more = false)
    {
        if (indices_.empty()) {
            return;
        }
        batch_.back() = ']'; // replaces the trailing comma
        const std::size_t length = batch_.size();
        batch_.append(kBatchPadding, ' ');
        if (!sinkThread_ && more && options_.concurrentParsing) {
            sinkThread_.emplace(sink_);
        }
        if (sinkThread_) {
            SinkThread::Call call = sinkThread_->recycled();
            std::swap(call.text, batch_);
            std::swap(call.indices, indices_);
            call.length = length;
            push(std::move(call));
        } else {
            throughSink([&] { sink_.eventBatch(std::string_view(batch_.data(), length), indices_); });
        }
        batch_.assign(1, '[');
        indices_.clear();
    }

    /// Byte-by-byte scan of data_[from, to) (blocks with escapes, and the end of the input).
    /// Every event it touches is passed on. Returns true when the array closed (pos_ set).
    bool scalarSegment(std::size_t from, std::size_t to)
    {
        evHit_ = true;
        fragments_.reset();
        for (std::size_t k = from; k < to; ++k) {
            const char c = data_[k];
            if (ev_.inString) {
                if (ev_.escaped) {
                    ev_.escaped = false;
                } else if (c == '\\') {
                    ev_.escaped = true;
                } else if (c == '"') {
                    ev_.inString = false;
                }
                continue;
            }
            if (c == '"') {
                ev_.inString = true;
            } else if (c == '{' || c == '[') {
                if (ev_.depth == 0) {
                    eventStart(k);
                    evHit_ = true;
                }
                ++ev_.depth;
            } else if (c == '}' || c == ']') {
                if (ev_.depth == 0) {
                    arrayEnd(k);
                    return true;
                }
                if (--ev_.depth == 0) {
                    eventEnd(k, true);
                    evHit_ = false;
                }
            }
        }
        return false;
    }

    void arrayEnd(std::size_t at)
    {
        checkGap(evPrevEnd_, at, false);
        ev_ = ScanState{};
        pos_ = at + 1;
    }

    /// Scans whole blocks of data_[from, to). Returns true when the array closed (pos_ set).
    bool scanBlocks(std::size_t from, std::size_t to)
    {
        for (std::size_t i = from; i + kBlock <= to; i += kBlock) {
            const Block block(data_ + i);
            const std::uint64_t backslash = block.eq('\\');
            if (backslash != 0 || ev_.escaped) {
                if (scalarSegment(i, i + kBlock)) {
                    return true;
                }
                continue;
            }
            const std::uint64_t quote = block.eq('"');
            const std::uint64_t open = block.eqFolded('{'); // '{' and '['
            const std::uint64_t shut = block.eqFolded('}'); // '}' and ']'
            const std::uint64_t hits = passAll_ ? 0 : fragments_.hits(block);
            std::uint64_t inside = prefixXor(quote);
            if (ev_.inString) {
                inside = ~inside;
            }
            std::uint64_t structural = (open | shut) & ~inside;
            int startBit = 0;
            while (structural != 0) {
                const int bit = __builtin_ctzll(structural);
                const std::uint64_t mask = 1ULL << bit;
                const std::size_t at = i + static_cast<std::size_t>(bit);
                if ((open & mask) != 0) {
                    if (ev_.depth == 0) {
                        eventStart(at);
                        evHit_ = false;
                        startBit = bit;
                    }
                    ++ev_.depth;
                } else {
                    if (ev_.depth == 0) {
                        arrayEnd(at);
                        return true;
                    }
                    if (--ev_.depth == 0) {
                        eventEnd(at, evHit_ || (hits & rangeMask(startBit, bit)) != 0);
                        evHit_ = false;
                    }
                }
                structural &= structural - 1;
            }
            if (ev_.depth > 0 && (hits & (~0ULL << startBit)) != 0) {
                evHit_ = true;
            }
            ev_.inString = (inside >> 63) != 0;
        }
        return false;
    }

    void eventsArray()
    {
        ev_ = ScanState{};
        evPrevEnd_ = pos_;
        evStart_ = pos_;
        evHit_ = false;
        fragments_.reset();
        batch_.assign(1, '[');
        indices_.clear();
        while (true) {
            const std::size_t available = end_ - pos_;
            const std::size_t window = std::min(available, options_.batchBytes) / kBlock * kBlock;
            if (window > 0) {
                const std::size_t from = pos_;
                if (mapped_) {
                    source_.hashMapped(from + window);
                    source_.releaseMapped(ev_.depth > 0 ? evStart_ : evPrevEnd_);
                    progress_.check();
                    progress_.report(static_cast<double>(from) / static_cast<double>(end_), "reading profile");
                }
                if (scanBlocks(from, from + window)) {
                    flush();
                    return;
                }
                pos_ = from + window;
                continue;
            }
            keep_ = ev_.depth > 0 ? evStart_ : evPrevEnd_;
            if (!fill()) {
                // The end of the input: the rest is scanned byte by byte and must close the array.
                if (scalarSegment(pos_, end_)) {
                    flush();
                    return;
                }
                fail(end_, "the document ends inside \"traceEvents\" (truncated file?)");
            }
        }
    }

    ByteSource& source_;
    ChromeTraceSink& sink_;
    Progress& progress_;
    ChromeTraceReadOptions options_;
    ChromeTraceReadResult result_;
    std::vector<char> buf_;      ///< the read buffer (streamed input)
    const char* data_ = nullptr; ///< buf_.data(), or the whole mapped file
    bool mapped_ = false;
    std::string batch_;
    std::vector<std::uint64_t> indices_;
    std::size_t base_ = 0; ///< stream offset of data_[0]
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::size_t keep_ = 0;
    std::size_t mark_ = 0;
    // event-array state
    ScanState ev_;
    std::size_t evStart_ = 0;
    std::size_t evPrevEnd_ = 0;
    bool evHit_ = false;
    FragmentMatcher fragments_;
    bool passAll_ = true;
    bool sinkFailed_ = false;              ///< the sink threw (the error being thrown is its own)
    std::optional<SinkThread> sinkThread_; ///< last: joined before the members it reads go
};

} // namespace

ChromeTraceReadResult readChromeTrace(ByteSource& source, ChromeTraceSink& sink, Progress& progress,
                                      const ChromeTraceReadOptions& options)
{
    Reader reader(source, sink, progress, options);
    return reader.run();
}

} // namespace cc::interop
