#include "core/util/json/array_scan.h"

#include "core/util/json/block_bits.h"

#include <cstdint>
#include <cstring>
#include <memory>

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

/// Whether the comma at `at` separates two non-empty elements (so cutting there keeps both whole).
bool separatesElements(const ScanText& text, std::size_t at)
{
    std::size_t before = at;
    while (before > 0 && isSpace(text[before - 1])) {
        --before;
    }
    if (before == 0 || text[before - 1] == '[' || text[before - 1] == ',') {
        return false;
    }
    std::size_t after = at + 1;
    while (after < text.size() && isSpace(text[after])) {
        ++after;
    }
    return after < text.size() && text[after] != ',' && text[after] != ']' && text[after] != '}';
}

} // namespace

ArrayPieces cutArray(std::string_view text, std::size_t open, std::size_t pieceBytes, const Progress& progress,
                     const FetchText& fetch)
{
    ArrayPieces out;
    if (open >= text.size() || text[open] != '[') {
        return out;
    }
    std::int64_t depth = 0; // 0: directly inside the array
    std::uint64_t escapeCarry = 0;
    std::uint64_t inStringCarry = 0;
    std::size_t pieceStart = open + 1;
    bool cutting = false;
    std::size_t blocks = 0;
    char tail[kBlock];
    // The fetched window: text[windowBegin, windowEnd), whole blocks but for the text's last one.
    std::unique_ptr<char[]> window;
    std::size_t windowBegin = 0;
    std::size_t windowEnd = 0;
    ScanText scanned(text);
    if (fetch) {
        window = std::make_unique_for_overwrite<char[]>(kWindow);
    }
    for (std::size_t base = open + 1; base < text.size(); base += kBlock) {
        if (++blocks % kBlocksPerCheck == 0) {
            progress.check();
        }
        const char* p = text.data() + base;
        if (fetch) {
            if (base >= windowEnd) {
                windowBegin = base;
                windowEnd = base + std::min(kWindow, text.size() - base);
                fetch(windowBegin, windowEnd - windowBegin, window.get());
                scanned.setWindow(window.get(), windowBegin, windowEnd);
            }
            p = window.get() + (base - windowBegin);
        }
        if (text.size() - base < kBlock) {
            std::memset(tail, ' ', kBlock);
            std::memcpy(tail, p, text.size() - base);
            p = tail;
        }
        const Block block(p);
        const std::uint64_t escaped = escapedBytes(block.eq('\\'), escapeCarry);
        const std::uint64_t quotes = block.eq('"') & ~escaped;
        const std::uint64_t inString = prefixXor(quotes) ^ inStringCarry;
        inStringCarry = static_cast<std::uint64_t>(static_cast<std::int64_t>(inString) >> 63);
        // '[' | 0x20 == '{' and ']' | 0x20 == '}', and no other byte folds onto either.
        const std::uint64_t opens = block.eq('{', true) & ~inString;
        const std::uint64_t closes = block.eq('}', true) & ~inString;
        const std::uint64_t commas = block.eq(',') & ~inString;
        std::uint64_t bits = opens | closes | (cutting ? commas : 0);
        while (bits != 0) {
            const int bit = __builtin_ctzll(bits);
            const std::uint64_t one = std::uint64_t{1} << bit;
            bits &= bits - 1;
            const std::size_t at = base + static_cast<std::size_t>(bit);
            if ((opens & one) != 0) {
                ++depth;
            } else if ((closes & one) != 0) {
                if (depth == 0) {
                    if (p[bit] != ']') {
                        return out;
                    }
                    out.ok = true;
                    out.close = at;
                    return out;
                }
                --depth;
                out.bracketed += depth == 0 ? 1 : 0;
                if (depth == 0 && !cutting && at + 1 - pieceStart >= pieceBytes) {
                    cutting = true;
                    bits |= commas & ~((one << 1) - 1);
                }
            } else if (depth == 0 && separatesElements(scanned, at)) {
                out.cuts.push_back(at);
                out.bracketedBeforeCuts.push_back(out.bracketed);
                pieceStart = at + 1;
                cutting = false;
                bits &= ~commas;
            }
        }
    }
    return out;
}

} // namespace cc::json
