// Stands in for chakra.cpp when the build found no protobuf: every entry point says why it is
// unavailable and what to install.
#include "core/interop/chakra.h"

#include "core/util/errors.h"

namespace cc::interop {

namespace {

[[noreturn]] void unavailable()
{
    throw IoError(chakraUnavailableReason());
}

} // namespace

bool chakraAvailable()
{
    return false;
}

std::string chakraUnavailableReason()
{
    return "Chakra execution traces are not available in this build: it was configured without protobuf "
           "(install Debian's libprotobuf-dev and protobuf-compiler, then configure again)";
}

std::string chakraFileName(std::int32_t rank)
{
    return "chakra." + std::to_string(rank) + ".et";
}

std::string chakraExportTargetProblem(const std::filesystem::path& /*dir*/)
{
    return chakraUnavailableReason();
}

ChakraExportPlan writeChakraExport(const Trace& /*trace*/, const std::filesystem::path& /*dir*/,
                                   const ChakraExportOptions& /*options*/, Progress& /*progress*/)
{
    unavailable();
}

std::map<std::int32_t, std::string> chakraExportBytes(const Trace& /*trace*/, const ChakraExportOptions& /*options*/,
                                                      ChakraExportPlan* /*plan*/, Progress& /*progress*/)
{
    unavailable();
}

ChakraFileView parseChakraFile(std::string_view /*bytes*/, const std::string& /*fileName*/)
{
    unavailable();
}

Trace readChakraFolder(const std::filesystem::path& /*dir*/, Progress& /*progress*/)
{
    unavailable();
}

Trace parseChakraFiles(const std::map<std::string, std::string>& /*files*/, const std::string& /*sourceName*/,
                       Progress& /*progress*/)
{
    unavailable();
}

} // namespace cc::interop
