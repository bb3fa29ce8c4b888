// Verification reports (commcanary-workbench.verification.v1, core/verify) as the product reads
// them back: `info`'s describers (core/info/file_info.h), which every file given to `info` meets,
// whatever its format tag says. The bytes go through a scratch file because describeFile takes a
// path (it sniffs the format tag, hashes the file and hands the bytes to each describer in turn).
#include "support/fuzz_support.h"

#include "core/canary/canary_reader.h"
#include "core/info/file_info.h"
#include "core/verify/verification_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    static const bool registered = [] {
        cc::registerCanaryFileDescriber();
        cc::verify::registerVerificationFileDescriber();
        return true;
    }();
    (void)registered;
    static cc::fuzz::ScratchFile file("verification.json");
    const std::string_view bytes = cc::fuzz::text(data, size);
    cc::fuzz::refusesCleanly([&] { (void)cc::sniffFormatTag(bytes); });
    file.write(bytes);
    cc::NullProgress progress;
    cc::fuzz::refusesCleanly([&] { (void)cc::describeFile(file.path(), progress); });
    return 0;
}
