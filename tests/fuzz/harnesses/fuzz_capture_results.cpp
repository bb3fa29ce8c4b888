// The capture's result documents (capture/lib) through the readers the sweep, `capture load` and
// `capture calibrate` use, each of which takes a path (bounded read, gunzip, strict parse, typed
// reader): the bytes as a rank file (readRankCapture), a calibration (loadCalibration, which
// recomputes the fit from the raw samples and compares) and a sweep index (readSweepIndex over a
// folder whose cells.json they are). Each must refuse what is not its format. An accepted rank
// file must round-trip through rankCaptureText.
#include "support/fuzz_support.h"

#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/rank_capture.h"
#include "capture/lib/sweep_index.h"

#include <fstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    namespace cap = cc::capture;
    static cc::fuzz::ScratchFile file("result.json");
    static cc::fuzz::ScratchFile rewritten("rewritten.json");
    static cc::fuzz::ScratchDir results("results");
    const std::string_view bytes = cc::fuzz::text(data, size);
    const std::filesystem::path& path = file.write(bytes);
    cc::fuzz::refusesCleanly([&] {
        const cap::RankCapture capture = cap::readRankCapture(path);
        const std::string written = cap::rankCaptureText(capture);
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            if (!(cap::readRankCapture(rewritten.write(written)) == capture)) {
                cc::fuzz::finding("rankCaptureText does not round-trip", written.substr(0, 4096));
            }
            reread = true;
        });
        if (!reread) {
            cc::fuzz::finding("readRankCapture refused rankCaptureText of an accepted rank file",
                              written.substr(0, 4096));
        }
    });
    cc::fuzz::refusesCleanly([&] { (void)cap::calibrationText(cap::loadCalibration(path)); });
    cc::fuzz::refusesCleanly([&] {
        const std::filesystem::path& dir = results.reset();
        std::ofstream(dir / std::string(cap::kSweepIndexJsonFileName), std::ios::binary) << bytes;
        const cap::SweepIndex index = cap::readSweepIndex(dir);
        (void)cap::sweepCellsCsv(index);
        (void)cap::sweepConfigurationsCsv(index);
    });
    return 0;
}
