// The exact decimal parser (core/util/decimal.h): parseScaledDecimal on the bytes at the scales
// the product uses (0, 3 = µs -> ns, 9 = factors), with and without negatives. An accepted value
// must round-trip: formatScaledDecimal writes text that parses back to the same integer.
#include "support/fuzz_support.h"

#include "core/util/decimal.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = cc::fuzz::text(data, size);
    for (const int scale : {0, 3, 6, 9}) {
        for (const bool allowNegative : {false, true}) {
            const cc::ScaledValue parsed = cc::parseScaledDecimal(text, scale, allowNegative);
            (void)cc::decimalErrorText(parsed.error);
            if (parsed.error != cc::DecimalError::None) {
                continue;
            }
            if (!allowNegative && parsed.value < 0) {
                cc::fuzz::finding("a negative value was accepted without allowNegative", std::string(text));
            }
            const std::string written = cc::formatScaledDecimal(parsed.value, scale);
            const cc::ScaledValue again = cc::parseScaledDecimal(written, scale, true);
            if (again.error != cc::DecimalError::None || again.value != parsed.value) {
                cc::fuzz::finding("formatScaledDecimal does not round-trip",
                                  std::string(text) + " -> " + std::to_string(parsed.value) + " -> " + written);
            }
            std::string appended = "x";
            cc::appendScaledDecimal(appended, parsed.value, scale);
            if (appended != "x" + written) {
                cc::fuzz::finding("appendScaledDecimal and formatScaledDecimal disagree", written);
            }
        }
    }
    return 0;
}
