// Replay reports (core/report/report.h): readReportView and reportSealIntact on the bytes, and
// verifyReport against a small fixed trace when the view reads (it must refuse or answer, never
// crash, whatever protocol or configuration set the report embeds).
#include "support/fuzz_support.h"

#include "core/report/report.h"
#include "core/trace/trace_io.h"

namespace {

const cc::Trace& smallTrace()
{
    static const cc::Trace trace = [] {
        cc::NullProgress progress;
        std::string text = R"({"format":"commcanary.trace.v1","events":[)";
        for (int i = 0; i < 6; ++i) {
            text += std::string(i == 0 ? "" : ",") + R"({"op":"all_reduce","bytes":)" + std::to_string(4096 << i) +
                    R"(,"ranks":[0,1],"group":"tp","gap_us":)" + std::to_string(2 + i) + "}";
        }
        text += "]}";
        try {
            return cc::parseTrace(text, "fixed.trace.json", progress);
        } catch (const std::exception& e) {
            cc::fuzz::finding("the harness's fixed trace does not parse", e.what());
        }
    }();
    return trace;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const cc::Trace& trace = smallTrace();
    const std::string_view bytes = cc::fuzz::text(data, size);
    cc::fuzz::refusesCleanly([&] { (void)cc::reportSealIntact(bytes); });
    cc::fuzz::refusesCleanly([&] {
        const cc::ReportView view = cc::readReportView(bytes, "fuzz.report.json");
        // Keep one input's replay short: the simulator's own cost is not what is fuzzed here.
        if (view.protocol.iterations > 4 || view.configs.configurations.size() > 8) {
            return;
        }
        cc::NullProgress progress;
        (void)cc::verifyReport(bytes, "fuzz.report.json", trace, progress);
    });
    return 0;
}
