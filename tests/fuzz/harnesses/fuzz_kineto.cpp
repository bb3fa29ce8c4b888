// Kineto / PyTorch profiler import (core/interop/kineto_import.h). importKinetoProfile takes a
// path (it sniffs gzip and maps plain files), so the bytes go through a scratch file. One input in
// eight that is not already gzip is also imported gzip-compressed: compression must be transparent
// (the same refusal or the same trace), on the mapped and the streamed paths with equal content.
// Input that starts with the gzip magic exercises the inflater on corrupt and truncated streams.
#include "support/fuzz_support.h"

#include "core/interop/kineto_import.h"
#include "core/trace/normalized.h"

namespace {

struct Outcome {
    bool accepted = false;
    std::string sha;
    std::uint64_t imported = 0;
};

Outcome importOnce(const std::filesystem::path& path)
{
    Outcome outcome;
    cc::fuzz::refusesCleanly([&] {
        cc::NullProgress progress;
        cc::interop::KinetoImportOptions options;
        options.workloadName = "fuzz";
        options.concurrentReading = false; // one thread: a finding replays the same way
        const cc::interop::KinetoImport result = cc::interop::importKinetoProfile(path, options, progress);
        (void)cc::interop::describeKinetoImport(result.summary);
        outcome.sha = cc::normalizedSha256(result.trace, progress);
        outcome.imported = result.summary.imported;
        outcome.accepted = true;
    });
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    static cc::fuzz::ScratchFile plain("kineto.json");
    static cc::fuzz::ScratchFile packed("kineto.json.gz");
    const std::string_view bytes = cc::fuzz::text(data, size);
    const Outcome first = importOnce(plain.write(bytes));
    const bool isGzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    // Every read allocates the reader's multi-MiB chunk buffers, which under AddressSanitizer are
    // fresh mappings (tens of ms of page faults): compare with gzip on one input in eight (chosen by
    // content, so a replay repeats it).
    if (isGzip || size == 0 || cc::fuzz::contentHash(bytes) % 8 != 0) {
        return 0;
    }
    const Outcome second = importOnce(packed.write(cc::fuzz::gzip(bytes)));
    if (first.accepted != second.accepted || first.sha != second.sha || first.imported != second.imported) {
        cc::fuzz::finding("gzip is not transparent to the Kineto import",
                          std::string("plain: ") + (first.accepted ? "accepted " + first.sha : "refused") +
                              "\ngzip: " + (second.accepted ? "accepted " + second.sha : "refused"));
    }
    return 0;
}
