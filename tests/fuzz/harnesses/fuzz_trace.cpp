// commcanary.trace.v1 (core/trace/trace_io.h): parseTrace on the bytes, gunzipped first when they
// start with the gzip magic (as readTrace does, core/util/atomic_file.h). An accepted trace must
// survive its own writer: writeTraceJson's text parses again to the same normalised SHA-256.
#include "support/fuzz_support.h"

#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/limits.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    cc::NullProgress progress;
    cc::fuzz::refusesCleanly([&] {
        const std::string_view bytes = cc::fuzz::text(data, size);
        std::string inflated;
        if (cc::isGzip(bytes)) {
            inflated = cc::gunzip(bytes, "fuzz.trace.json.gz", cc::resourceLimits().maxInputBytes);
        }
        const cc::Trace trace =
            cc::parseTrace(cc::isGzip(bytes) ? std::string_view(inflated) : bytes, "fuzz.trace.json", progress);
        const std::string sha = cc::normalizedSha256(trace, progress);
        const std::string written = cc::writeTraceJson(trace);
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            const cc::Trace again = cc::parseTrace(written, "rewritten.trace.json", progress);
            reread = true;
            if (cc::normalizedSha256(again, progress) != sha) {
                cc::fuzz::finding("writeTraceJson changed the trace", written.substr(0, 4096));
            }
        });
        if (!reread) {
            cc::fuzz::finding("parseTrace refused the text writeTraceJson wrote for an accepted trace",
                              written.substr(0, 4096));
        }
    });
    return 0;
}
