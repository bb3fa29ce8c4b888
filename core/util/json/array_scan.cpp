#include "core/util/json/array_scan.h"

#include "core/util/json/block_bits.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <stop_token>
#include <thread>
#include <utility>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cc::json {

namespace {

constexpr std::size_t kBlock = 64;
constexpr std::size_t kBlocksPerCheck = std::size_t{1} << 16; ///< 4 MiB between cancellation checks
constexpr std::size_t kWindow = std::size_t{1} << 20;         ///< bytes fetched at once (whole blocks)
constexpr std::uint64_t kEvenBits = 0x5555555555555555ULL;

/// Bit i set when byte i of the 64-byte block equals c (or, folded, when byte i | 0x20 equals c).
class Block {
public:
    explicit Block(const char* p)
    {
#if defined(__AVX2__)
        lo_ = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        hi_ = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
#elif defined(__SSE2__)
        for (int k = 0; k < 4; ++k) {
            v_[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        }
#else
        std::memcpy(bytes_, p, kBlock);
#endif
    }

    std::uint64_t eq(char c, bool folded = false) const
    {
#if defined(__AVX2__)
        const __m256i needle = _mm256_set1_epi8(c);
        const __m256i bit = _mm256_set1_epi8(folded ? 0x20 : 0);
        const auto a =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_or_si256(lo_, bit), needle)));
        const auto b =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_or_si256(hi_, bit), needle)));
        return static_cast<std::uint64_t>(a) | (static_cast<std::uint64_t>(b) << 32);
#elif defined(__SSE2__)
        const __m128i needle = _mm_set1_epi8(c);
        const __m128i bit = _mm_set1_epi8(folded ? 0x20 : 0);
        std::uint64_t out = 0;
        for (int k = 0; k < 4; ++k) {
            const auto m =
                static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(v_[k], bit), needle)));
            out |= static_cast<std::uint64_t>(m) << (16 * k);
        }
        return out;
#else
        std::uint64_t out = 0;
        for (std::size_t k = 0; k < kBlock; ++k) {
            const char b = folded ? static_cast<char>(bytes_[k] | 0x20) : bytes_[k];
            out |= static_cast<std::uint64_t>(b == c) << k;
        }
        return out;
#endif
    }

private:
#if defined(__AVX2__)
    __m256i lo_, hi_;
#elif defined(__SSE2__)
    __m128i v_[4];
#else
    char bytes_[kBlock];
#endif
};

/// The bytes that follow an odd run of backslashes (escaped), carrying a run across blocks.
std::uint64_t escapedBytes(std::uint64_t backslash, std::uint64_t& carry)
{
    backslash &= ~carry;
    const std::uint64_t followsEscape = (backslash << 1) | carry;
    const std::uint64_t oddStarts = backslash & ~kEvenBits & ~followsEscape;
    std::uint64_t evenSequences = 0;
    carry = __builtin_add_overflow(oddStarts, backslash, &evenSequences) ? 1 : 0;
    return (kEvenBits ^ (evenSequences << 1)) & followsEscape;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/// The text as the scan sees it: fetched windows where it has them, so that a mapped file's pages
/// are not touched (a page cache of large folios maps a whole folio on one touch).
class ScanText {
public:
    explicit ScanText(std::string_view text) : text_(text) {}
    void setWindow(const char* data, std::size_t begin, std::size_t end)
    {
        window_ = data;
        begin_ = begin;
        end_ = end;
    }
    std::size_t size() const { return text_.size(); }
    char operator[](std::size_t at) const
    {
        return window_ != nullptr && at >= begin_ && at < end_ ? window_[at - begin_] : text_[at];
    }

private:
    std::string_view text_;
    const char* window_ = nullptr;
    std::size_t begin_ = 0;
    std::size_t end_ = 0;
};

/// The nearest bytes around the comma at `at` that are not white space: the offset just past the
/// one before it (0 when there is none) and the offset of the one after it (text.size() when none).
template <typename Text> std::pair<std::size_t, std::size_t> aroundComma(const Text& text, std::size_t at)
{
    std::size_t before = at;
    while (before > 0 && isSpace(text[before - 1])) {
        --before;
    }
    std::size_t after = at + 1;
    while (after < text.size() && isSpace(text[after])) {
        ++after;
    }
    return {before, after};
}

/// Whether the comma at `at` separates two non-empty elements (so cutting there keeps both whole).
bool separatesElements(const ScanText& text, std::size_t at)
{
    const auto [before, after] = aroundComma(text, at);
    if (before == 0 || text[before - 1] == '[' || text[before - 1] == ',') {
        return false;
    }
    return after < text.size() && text[after] != ',' && text[after] != ']' && text[after] != '}';
}

/// The scan of one stretch of the array, from a state its caller vouches for: at `from`, the text
/// is outside any string, directly inside the array (depth 0), and a piece starts there.
class Scanner {
public:
    Scanner(std::string_view text, std::size_t from, std::size_t pieceBytes, const FetchText& fetch)
        : text_(text), pieceBytes_(pieceBytes), pieceStart_(from), fetch_(fetch), scanned_(text)
    {
        if (fetch_) {
            window_ = std::make_unique_for_overwrite<char[]>(kWindow);
        }
    }

    /// Scans text[from, to) (from: where the last run stopped, or the start). Stops early when the
    /// array closes or the text is refused (ended() then), or when keepGoing() says so (called every
    /// few MiB; it may throw instead).
    template <typename KeepGoing> void run(std::size_t from, std::size_t to, KeepGoing&& keepGoing)
    {
        std::size_t blocks = 0;
        char tail[kBlock];
        for (std::size_t base = from; base < to; base += kBlock) {
            if (++blocks % kBlocksPerCheck == 0 && !keepGoing()) {
                return;
            }
            const char* p = text_.data() + base;
            if (fetch_) {
                if (base < windowBegin_ || base >= windowEnd_) {
                    windowBegin_ = base;
                    windowEnd_ = base + std::min(kWindow, to - base);
                    fetch_(windowBegin_, windowEnd_ - windowBegin_, window_.get());
                    scanned_.setWindow(window_.get(), windowBegin_, windowEnd_);
                }
                p = window_.get() + (base - windowBegin_);
            }
            if (to - base < kBlock) {
                std::memset(tail, ' ', kBlock);
                std::memcpy(tail, p, to - base);
                p = tail;
            }
            if (block(p, base)) {
                ended_ = true;
                return;
            }
        }
    }

    bool ended() const { return ended_; }
    /// The state at the end of the stretch scanned: outside any string and directly inside the
    /// array, as the scan of the next stretch assumed.
    bool endsBetweenElements() const { return !ended_ && depth_ == 0 && inStringCarry_ == 0 && escapeCarry_ == 0; }
    ArrayPieces& pieces() { return out_; }

private:
    /// One 64-byte block at text offset base; true when the scan ends in it.
    bool block(const char* p, std::size_t base)
    {
        const Block block(p);
        const std::uint64_t escaped = escapedBytes(block.eq('\\'), escapeCarry_);
        const std::uint64_t quotes = block.eq('"') & ~escaped;
        const std::uint64_t inString = prefixXor(quotes) ^ inStringCarry_;
        inStringCarry_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(inString) >> 63);
        // '[' | 0x20 == '{' and ']' | 0x20 == '}', and no other byte folds onto either.
        const std::uint64_t opens = block.eq('{', true) & ~inString;
        const std::uint64_t closes = block.eq('}', true) & ~inString;
        const std::uint64_t commas = block.eq(',') & ~inString;
        std::uint64_t bits = opens | closes | (cutting_ ? commas : 0);
        while (bits != 0) {
            const int bit = __builtin_ctzll(bits);
            const std::uint64_t one = std::uint64_t{1} << bit;
            bits &= bits - 1;
            const std::size_t at = base + static_cast<std::size_t>(bit);
            if ((opens & one) != 0) {
                ++depth_;
            } else if ((closes & one) != 0) {
                if (depth_ == 0) {
                    if (p[bit] == ']') {
                        out_.ok = true;
                        out_.close = at;
                    }
                    return true;
                }
                --depth_;
                out_.bracketed += depth_ == 0 ? 1 : 0;
                if (depth_ == 0 && !cutting_ && at + 1 - pieceStart_ >= pieceBytes_) {
                    cutting_ = true;
                    bits |= commas & ~((one << 1) - 1);
                }
            } else if (depth_ == 0 && separatesElements(scanned_, at)) {
                cut(at);
                bits &= ~commas;
            }
        }
        return false;
    }

public:
    /// Cuts at the separating comma at `at`: a piece starts after it.
    void cut(std::size_t at)
    {
        out_.cuts.push_back(at);
        out_.bracketedBeforeCuts.push_back(out_.bracketed);
        pieceStart_ = at + 1;
        cutting_ = false;
    }

private:
    std::string_view text_;
    std::size_t pieceBytes_;
    std::size_t pieceStart_;
    const FetchText& fetch_;
    ScanText scanned_;
    std::unique_ptr<char[]> window_; ///< the fetched text[windowBegin_, windowEnd_)
    std::size_t windowBegin_ = 0;
    std::size_t windowEnd_ = 0;
    std::int64_t depth_ = 0; ///< 0: directly inside the array
    std::uint64_t escapeCarry_ = 0;
    std::uint64_t inStringCarry_ = 0;
    bool cutting_ = false;
    bool ended_ = false;
    ArrayPieces out_;
};

/// Where the second half's scan may start: the first comma from `from` on (looked for within a
/// few KiB, read through fetch) that sits between a closing and an opening bracket, as the commas
/// between the elements of an array of objects do. Only a guess, that the first half's scan
/// checks; npos when none is near.
std::size_t splitPoint(std::string_view text, std::size_t from, const FetchText& fetch)
{
    constexpr std::size_t kLook = std::size_t{1} << 16;
    const std::size_t length = std::min(kLook, text.size() - from);
    std::string_view look = text.substr(from, length);
    std::unique_ptr<char[]> copy;
    if (fetch) {
        copy = std::make_unique_for_overwrite<char[]>(length);
        fetch(from, length, copy.get());
        look = std::string_view(copy.get(), length);
    }
    for (std::size_t comma = look.find(','); comma != std::string_view::npos; comma = look.find(',', comma + 1)) {
        const auto [before, after] = aroundComma(look, comma);
        if (before > 0 && after < look.size() && (look[before - 1] | 0x20) == '}' && (look[after] | 0x20) == '{') {
            return from + comma;
        }
    }
    return std::string_view::npos;
}

} // namespace

ArrayPieces cutArray(std::string_view text, std::size_t open, std::size_t pieceBytes, const Progress& progress,
                     const FetchText& fetch)
{
    if (open >= text.size() || text[open] != '[') {
        return {};
    }
    auto check = [&] {
        progress.check();
        return true;
    };
    const std::size_t begin = open + 1;
    Scanner first(text, begin, pieceBytes, fetch);
    const std::size_t split = text.size() - begin >= kSplitScanBytes
                                  ? splitPoint(text, begin + (text.size() - begin) / 2, fetch)
                                  : std::string_view::npos;
    if (split == std::string_view::npos) {
        first.run(begin, text.size(), check);
        return std::move(first.pieces());
    }
    // Two halves at once: the second scanned on its own thread from the split point on, as if the
    // text there were outside any string and between two elements. The first half's scan then
    // checks that guess; when it was wrong, the second half's work is dropped and the first scan
    // goes on alone. Either way the cuts are the ones a scan from the start would make with a cut
    // forced at the split: the same for every run and machine.
    Scanner second(text, split + 1, pieceBytes, fetch);
    std::exception_ptr secondError;
    // Declared after everything it uses: however this returns, its destructor asks it to stop
    // and joins it first.
    std::jthread helper([&](const std::stop_token& stop) {
        try {
            second.run(split + 1, text.size(), [&] { return !stop.stop_requested(); });
        } catch (...) {
            secondError = std::current_exception();
        }
    });
    first.run(begin, split + 1, check);
    if (first.ended()) {
        return std::move(first.pieces()); // the array closed (or was refused) before the split
    }
    if (!first.endsBetweenElements()) {
        helper.request_stop();
        helper.join();
        first.run(split + 1, text.size(), check);
        return std::move(first.pieces());
    }
    helper.join();
    if (secondError) {
        std::rethrow_exception(secondError);
    }
    if (first.pieces().cuts.empty() || first.pieces().cuts.back() != split) {
        first.cut(split);
    }
    ArrayPieces out = std::move(first.pieces());
    ArrayPieces& rest = second.pieces();
    for (std::size_t k = 0; k < rest.cuts.size(); ++k) {
        out.cuts.push_back(rest.cuts[k]);
        out.bracketedBeforeCuts.push_back(out.bracketed + rest.bracketedBeforeCuts[k]);
    }
    out.bracketed += rest.bracketed;
    out.ok = rest.ok;
    out.close = rest.close;
    return out;
}

} // namespace cc::json
