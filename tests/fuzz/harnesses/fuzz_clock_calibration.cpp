// Clock calibrations (core/interop/clock_calibration.h): parseClockCalibration on the bytes (an
// accepted one must round-trip through writeClockCalibrationJson), and every line of the input as
// the CLI's --clock-offset-us RANK=OFFSET_US[:UNCERTAINTY_US] (parseRankOffset).
#include "support/fuzz_support.h"

#include "core/interop/clock_calibration.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string_view bytes = cc::fuzz::text(data, size);
    cc::fuzz::refusesCleanly([&] {
        const auto calibration = cc::interop::parseClockCalibration(bytes, "fuzz.clock.json");
        const std::string written = cc::interop::writeClockCalibrationJson(calibration);
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            const auto again = cc::interop::parseClockCalibration(written, "rewritten.clock.json");
            reread = true;
            if (again.ranks.size() != calibration.ranks.size() || again.reference != calibration.reference ||
                again.method != calibration.method) {
                cc::fuzz::finding("writeClockCalibrationJson does not round-trip", written.substr(0, 4096));
            }
            for (std::size_t k = 0; k < again.ranks.size(); ++k) {
                const auto& a = again.ranks[k];
                const auto& b = calibration.ranks[k];
                if (a.rank != b.rank || a.offsetNs != b.offsetNs || a.uncertaintyNs != b.uncertaintyNs) {
                    cc::fuzz::finding("writeClockCalibrationJson does not round-trip", written.substr(0, 4096));
                }
            }
        });
        if (!reread) {
            cc::fuzz::finding("parseClockCalibration refused the text written for an accepted calibration",
                              written.substr(0, 4096));
        }
    });
    cc::fuzz::forEachLine(bytes, 64, [&](std::string_view line) {
        cc::fuzz::refusesCleanly([&] {
            std::string reason;
            (void)cc::interop::parseRankOffset(line, &reason);
        });
    });
    return 0;
}
