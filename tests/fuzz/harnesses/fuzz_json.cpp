// The product's strict JSON parser (core/util/json/parser.h): json::parse on the bytes under the
// limits in force and under tight ones. It promises to throw nothing but InputError (and
// std::bad_alloc, which under the sanitizers is a finding too). An accepted document must
// round-trip: json::toText writes text that parses to an equal value.
#include "support/fuzz_support.h"

#include "core/util/json/parser.h"
#include "core/util/json/writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string_view text = cc::fuzz::text(data, size);
    (void)cc::json::sniffNonJson(text.substr(0, 64));
    (void)cc::json::describePosition(cc::json::positionOf(text, size / 2));
    cc::fuzz::refusesCleanly([&] {
        const cc::json::Value value = cc::json::parse(text, "fuzz.json");
        const std::string written = cc::json::toText(value);
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            if (!(cc::json::parse(written, "rewritten.json") == value)) {
                cc::fuzz::finding("json::toText does not round-trip", written.substr(0, 4096));
            }
            reread = true;
        });
        if (!reread) {
            cc::fuzz::finding("json::parse refused the text json::toText wrote for an accepted value",
                              written.substr(0, 4096));
        }
    });
    cc::json::ParseLimits tight;
    tight.maxDepth = 4;
    tight.maxStringBytes = 16;
    tight.maxNumberChars = 24;
    cc::fuzz::refusesCleanly([&] { (void)cc::json::parse(text, "fuzz.json", tight); });
    return 0;
}
