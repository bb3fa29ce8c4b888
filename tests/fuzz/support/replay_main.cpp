// Drives a harness without libFuzzer: runs LLVMFuzzerTestOneInput once on every regular file
// named on the command line or found (recursively, in sorted order) in a named folder. Used by
// the fuzz_replay_* CTest tests in every build, sanitized or not. The input's name is printed
// before it runs, so a crash names the file that caused it.
//
//   fuzz_replay_<harness> PATH...     exit 0: every input refused or accepted cleanly
//                                     exit 2: a PATH is missing or holds no input
//                                     a crash or abort: the finding (the last "replay" line names it)

#include "support/fuzz_support.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    namespace fs = std::filesystem;
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE-OR-FOLDER...\n", argv[0]);
        return 2;
    }
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg(argv[i]);
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            std::vector<fs::path> found;
            for (const auto& entry : fs::recursive_directory_iterator(arg)) {
                if (entry.is_regular_file() && entry.path().filename().string().front() != '.') {
                    found.push_back(entry.path());
                }
            }
            if (found.empty()) {
                std::fprintf(stderr, "%s: no inputs in %s\n", argv[0], argv[i]);
                return 2;
            }
            std::sort(found.begin(), found.end());
            inputs.insert(inputs.end(), found.begin(), found.end());
        } else if (fs::is_regular_file(arg, ec)) {
            inputs.push_back(arg);
        } else {
            std::fprintf(stderr, "%s: %s is neither a file nor a folder\n", argv[0], argv[i]);
            return 2;
        }
    }
    for (const auto& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::printf("replay %s (%zu bytes)\n", path.string().c_str(), bytes.size());
        std::fflush(stdout);
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("%zu inputs replayed without a finding\n", inputs.size());
    return 0;
}
