// Verification reports (commcanary-workbench.verification.v1, core/verify): the strict reader
// readVerification, which the workbench and `info` use to read them back, and `info` itself
// (core/info/file_info.h), which every file given to it meets whatever its format tag says. The
// bytes go through a scratch file for describeFile because it takes a path.
//
// Property: what the reader accepts, the writer writes back, and the reader accepts that text and
// gives the same text again.
#include "support/fuzz_support.h"

#include "core/info/file_info.h"
#include "core/verify/verification_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    static cc::fuzz::ScratchFile file("verification.json");
    const std::string_view bytes = cc::fuzz::text(data, size);
    cc::fuzz::refusesCleanly([&] { (void)cc::sniffFormatTag(bytes); });
    cc::fuzz::refusesCleanly([&] {
        const cc::verify::VerificationReport report = cc::verify::readVerification(bytes, "verification.json");
        const std::string written = cc::verify::verificationJson(report);
        std::string again;
        if (!cc::fuzz::refusesCleanly([&] {
                again = cc::verify::verificationJson(cc::verify::readVerification(written, "rewritten.json"));
            })) {
            cc::fuzz::finding("readVerification refuses what verificationJson wrote for a report it read", written);
        }
        if (again != written) {
            cc::fuzz::finding("a verification read, written, read and written again changed", written);
        }
    });
    file.write(bytes);
    cc::NullProgress progress;
    cc::fuzz::refusesCleanly([&] { (void)cc::describeFile(file.path(), progress); });
    return 0;
}
