// Measured reports (core/report/measured_report.h): readMeasuredReport, verifyMeasuredReport and
// isMeasuredReport on the bytes. A report that reads must verify or name a difference, never crash;
// a report that verifies must be one buildMeasuredReport wrote, so its seal must be intact.
#include "support/fuzz_support.h"

#include "core/report/measured_report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string bytes(cc::fuzz::text(data, size));
    (void)cc::isMeasuredReport(bytes);
    cc::fuzz::refusesCleanly([&] {
        const cc::MeasuredView view = cc::readMeasuredReport(bytes, "fuzz.measured.json");
        const cc::ReportVerification v = cc::verifyMeasuredReport(bytes, "fuzz.measured.json");
        if (v.passed && !view.sealIntact) {
            cc::fuzz::finding("a measured report verified with a broken seal", bytes.substr(0, 4096));
        }
    });
    return 0;
}
