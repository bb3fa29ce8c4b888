// commcanary info FILE
#include "app/cli/cli.h"

#include "core/info/file_info.h"

namespace cc::cli {

namespace {

int runInfo(const std::vector<std::string>& argv)
{
    Args args("info", "FILE",
              "Says what a file is and prints its key facts, for every format the product knows (traces, "
              "normalised forms, and the artifact formats registered by the other commands).");
    args.positional("FILE", "any file");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("info", [&] {
        FileInfo info = describeFile(args.positionalValue("FILE"), terminalProgress());
        std::string text = args.positionalValue("FILE") + ": " + info.kind + "\n";
        for (const auto& [key, value] : info.facts) {
            std::string head = "  " + key;
            head.resize(std::max<std::size_t>(head.size() + 2, 24), ' ');
            text += head + value + "\n";
        }
        out(text);
        return kExitOk;
    });
}

const Registrar registrar("info", "say what a file is and print its key facts", runInfo);

} // namespace

} // namespace cc::cli
