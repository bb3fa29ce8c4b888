// Physical campaign results (core/report/campaign.h): readCampaignResults on the bytes, which
// recomputes every score from the figures. An accepted file must be written back
// (campaignResultsJson) to text the reader accepts again as an equal value, and its summary must
// be writable.
#include "support/fuzz_support.h"

#include "core/report/campaign.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    cc::fuzz::refusesCleanly([&] {
        const cc::CampaignResults results = cc::readCampaignResults(cc::fuzz::text(data, size), "fuzz.results.json");
        const std::string canonical = cc::campaignResultsJson(results);
        if (cc::campaignSummaryMarkdown(results).empty()) {
            cc::fuzz::finding("an accepted campaign has an empty summary", canonical.substr(0, 4096));
        }
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            if (!(cc::readCampaignResults(canonical, "canonical.results.json") == results)) {
                cc::fuzz::finding("campaignResultsJson does not round-trip", canonical.substr(0, 4096));
            }
            reread = true;
        });
        if (!reread) {
            cc::fuzz::finding("readCampaignResults refused the canonical text of an accepted campaign",
                              canonical.substr(0, 4096));
        }
    });
    return 0;
}
