// The streaming Chrome-trace scanner under the Kineto import (core/interop/chrome_trace_reader.h),
// with small batches so event boundaries fall everywhere. The sink checks the reader's promises:
// every batch is "[" ... "]" followed by kBatchPadding readable bytes (the sanitizer checks the
// reads), indices ascend and stay below the event count. For one input in eight, plain and gzip
// input must pass on the same events (batch boundaries may differ).
#include "support/fuzz_support.h"

#include "core/interop/chrome_trace_reader.h"

namespace {

class CheckingSink final : public cc::interop::ChromeTraceSink {
public:
    bool wantsTopLevelValue(std::string_view key) override { return key.size() % 2 == 0; }
    void topLevelValue(std::string_view key, std::string_view json) override
    {
        digest = digest * 31 + key.size() * 7 + json.size();
    }
    void eventBatch(std::string_view json, const std::vector<std::uint64_t>& indices) override
    {
        if (json.size() < 2 || json.front() != '[' || json.back() != ']') {
            cc::fuzz::finding("a batch is not a JSON array text", std::string(json.substr(0, 256)));
        }
        // Touch the promised padding (its content is unspecified; only its readability is checked).
        volatile unsigned char padding = 0;
        for (std::size_t k = 0; k < cc::interop::kBatchPadding; ++k) {
            padding = padding ^ static_cast<unsigned char>(json.data()[json.size() + k]);
        }
        for (const std::uint64_t index : indices) {
            if (seen > 0 && index <= last) {
                cc::fuzz::finding("batch indices do not ascend", std::to_string(index) + " after " + std::to_string(last));
            }
            last = index;
            ++seen;
            digest = digest * 31 + index;
        }
    }
    std::uint64_t digest = 0;
    std::uint64_t last = 0;
    std::uint64_t seen = 0;
};

struct Outcome {
    bool accepted = false;
    std::uint64_t digest = 0;
    std::uint64_t events = 0;
    std::uint64_t passedOn = 0;
};

Outcome readOnce(const std::filesystem::path& path, bool withFragments)
{
    Outcome outcome;
    cc::fuzz::refusesCleanly([&] {
        cc::interop::ByteSource source(path);
        CheckingSink sink;
        cc::NullProgress progress;
        cc::interop::ChromeTraceReadOptions options;
        options.batchBytes = 96;
        options.maxEventBytes = 16u << 10;
        options.concurrentHashing = false;
        options.concurrentParsing = false; // one thread: a finding replays the same way
        if (withFragments) {
            options.fragments = {{'c', 'c', 'l'}, {'m', '_', 'c'}};
        }
        const auto result = cc::interop::readChromeTrace(source, sink, progress, options);
        if (sink.seen != result.passedOn || result.passedOn > result.eventCount ||
            (sink.seen > 0 && sink.last >= result.eventCount)) {
            cc::fuzz::finding("the read's counts disagree with what the sink saw",
                              "sink " + std::to_string(sink.seen) + ", passed on " + std::to_string(result.passedOn) +
                                  ", events " + std::to_string(result.eventCount));
        }
        (void)source.fileSha256();
        outcome = {true, sink.digest, result.eventCount, result.passedOn};
    });
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    static cc::fuzz::ScratchFile plain("chrome.json");
    static cc::fuzz::ScratchFile packed("chrome.json.gz");
    const std::string_view bytes = cc::fuzz::text(data, size);
    const bool withFragments = size % 2 == 1;
    const Outcome first = readOnce(plain.write(bytes), withFragments);
    const bool isGzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    // Every read allocates the reader's multi-MiB chunk buffers, which under AddressSanitizer are
    // fresh mappings (tens of ms of page faults): compare with gzip on one input in eight (chosen by
    // content, so a replay repeats it).
    if (isGzip || size == 0 || cc::fuzz::contentHash(bytes) % 8 != 0) {
        return 0;
    }
    const Outcome second = readOnce(packed.write(cc::fuzz::gzip(bytes)), withFragments);
    if (first.accepted != second.accepted || first.digest != second.digest || first.events != second.events ||
        first.passedOn != second.passedOn) {
        cc::fuzz::finding("gzip is not transparent to the Chrome-trace reader",
                          std::string("plain: ") + (first.accepted ? "accepted" : "refused") +
                              ", gzip: " + (second.accepted ? "accepted" : "refused"));
    }
    return 0;
}
