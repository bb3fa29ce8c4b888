// Sweep matrices (capture/lib/sweep_matrix.h) through loadSweepMatrix, the reader `capture sweep`
// uses (a bounded file read, then the typed reader; the bytes go through a scratch file). An
// accepted matrix's expansion (when small) must list every cell once. Every line of the input is
// also read as the size and count texts a matrix and the CLI accept (parseCount, parseByteSize,
// parseMessageSizes).
#include "support/fuzz_support.h"

#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/cell_spec.h"
#include "capture/lib/sweep_matrix.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    static cc::fuzz::ScratchFile file("matrix.json");
    const std::string_view bytes = cc::fuzz::text(data, size);
    cc::fuzz::refusesCleanly([&] {
        const cc::capture::SweepMatrix matrix = cc::capture::loadSweepMatrix(file.write(bytes));
        std::uint64_t cells = matrix.repeats < 0 ? 0 : static_cast<std::uint64_t>(matrix.repeats);
        for (const std::size_t axis : {matrix.modelParams.size(), matrix.worldSizes.size(), matrix.backends.size(),
                                       matrix.devices.size(), matrix.bucketCapBytes.size()}) {
            cells = axis != 0 && cells > (1ULL << 40) / axis ? (1ULL << 40) : cells * axis;
        }
        if (cells <= 4096) {
            const auto planned = cc::capture::expandSweepMatrix(matrix);
            if (planned.size() != cells) {
                cc::fuzz::finding("expandSweepMatrix listed another number of cells than the axes give",
                                  std::to_string(planned.size()) + " for " + std::to_string(cells));
            }
        }
    });
    cc::fuzz::forEachLine(bytes, 64, [&](std::string_view line) {
        cc::fuzz::refusesCleanly([&] {
            (void)cc::capture::parseCount(line);
            (void)cc::capture::parseByteSize(line);
            (void)cc::capture::parseMessageSizes(line);
        });
    });
    return 0;
}
