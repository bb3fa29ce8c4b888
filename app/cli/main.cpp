// commcanary: the headless driver of the CommCanary core. Every subcommand lives in
// cli/commands/cmd_<name>.cpp and registers itself.
#include "app/cli/cli.h"

#include "core/util/limits.h"
#include "core/util/processor_check.h"

#include <algorithm>
#include <string>
#include <vector>

namespace {

std::string overview()
{
    std::string text = "usage: commcanary COMMAND [ARGS...]\n\n"
                       "CommCanary distils communication traces of distributed LLM workloads into small, model-free,\n"
                       "replayable canaries, proves that a canary still answers like its source, and refuses to emit\n"
                       "one when it cannot. The replay engine is a deterministic scheduler model of contention and\n"
                       "overlap, not NCCL and not hardware.\n\ncommands:\n";
    for (const auto& [name, command] : cc::cli::commands()) {
        std::string head = "  " + name;
        head.resize(std::max<std::size_t>(head.size() + 2, 20), ' ');
        text += head + command.summary + "\n";
    }
    text += "\nRun 'commcanary COMMAND --help' for a command's arguments.\n\nlimits on untrusted input:\n";
    text += cc::describeResourceLimits(cc::resourceLimits());
    text += "\nexit codes: 0 ok, 1 valid negative result, 2 usage error, 3 input/validation/IO error,\n"
            "            4 child process failure, 130 interrupted\n";
    return text;
}

/// Edit distance (insertions, deletions, substitutions, transpositions of neighbours).
std::size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) {
        d[i][0] = i;
    }
    for (std::size_t j = 0; j <= b.size(); ++j) {
        d[0][j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[a.size()][b.size()];
}

/// The commands a mistyped word most likely meant: the nearest by edit distance (at most a third
/// of the word, and at most 3), or those it is a prefix of.
std::vector<std::string> suggestionsFor(const std::string& word)
{
    std::vector<std::string> nearest;
    std::size_t best = std::min<std::size_t>(3, std::max<std::size_t>(1, word.size() / 3));
    for (const auto& [name, command] : cc::cli::commands()) {
        const std::size_t distance = editDistance(word, name);
        if (distance < best) {
            best = distance;
            nearest.clear();
        }
        if (distance == best) {
            nearest.push_back(name);
        }
    }
    if (nearest.empty() && word.size() >= 3) {
        for (const auto& [name, command] : cc::cli::commands()) {
            if (name.compare(0, word.size(), word) == 0) {
                nearest.push_back(name);
            }
        }
    }
    return nearest;
}

} // namespace

int main(int argc, char** argv)
{
    if (const std::string reason = cc::unsupportedProcessorReason(); !reason.empty()) {
        cc::cli::err("commcanary: " + reason + "\n");
        return cc::cli::kExitInput;
    }
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        cc::cli::out(overview());
        return args.empty() ? cc::cli::kExitUsage : cc::cli::kExitOk;
    }
    if (args[0] == "--version") {
        cc::cli::out(std::string("commcanary ") + COMMCANARY_VERSION + "\n");
        return cc::cli::kExitOk;
    }
    const auto& commands = cc::cli::commands();
    auto found = commands.find(args[0]);
    if (found == commands.end()) {
        std::string hint;
        const auto suggestions = suggestionsFor(args[0]);
        for (std::size_t i = 0; i < suggestions.size(); ++i) {
            hint += (i == 0 ? "; did you mean " : i + 1 == suggestions.size() ? " or " : ", ") + suggestions[i];
        }
        cc::cli::err("commcanary: unknown command \"" + args[0] + "\"" + (hint.empty() ? "" : hint + "?") +
                     " (run 'commcanary --help' for the list)\n");
        return cc::cli::kExitUsage;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    // capture, replay-physical and verify-physical launch rank processes and must stop them before they end, so an
    // interrupt ends them only through their Progress; every other command is ended by the
    // interrupt's deadline when a core loop does not notice the interrupt in time.
    cc::cli::installInterruptHandling(args[0] != "capture" && args[0] != "replay-physical" &&
                                      args[0] != "verify-physical");
    try {
        return found->second.run(rest);
    } catch (const cc::cli::UsageError& e) {
        cc::cli::err("commcanary " + args[0] + ": usage error: " + e.what() + "\n");
        return cc::cli::kExitUsage;
    }
}
