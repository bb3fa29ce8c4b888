// The commcanary command-line driver: a registry of subcommands, a small argument parser and
// the mapping from core outcomes to exit codes. Commands are thin: they parse arguments, call
// one core function and print its result.
#pragma once

#include "core/util/progress.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::cli {

/// Exit codes shared by every subcommand.
enum ExitCode : int {
    kExitOk = 0,        ///< ok / positive result
    kExitNegative = 1,  ///< valid negative result (regression, failed verification, budget not met)
    kExitUsage = 2,     ///< usage error
    kExitInput = 3,     ///< input, validation or IO error
    kExitChild = 4,     ///< a child process failed
    kExitInterrupted = 130,
};

/// A usage error: wrong or missing arguments. Maps to exit 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Declarative argument parser: options (--name VALUE), flags (--name) and positionals.
class Args {
public:
    Args(std::string command, std::string synopsis, std::string description);

    /// Declares an option that takes a value. repeatable options collect every occurrence.
    Args& option(std::string name, std::string valueName, std::string help, std::optional<std::string> defaultValue = {},
                 bool repeatable = false);
    Args& flag(std::string name, std::string help);
    /// Declares a positional. minCount/maxCount bound how many values it takes (maxCount -1 = any).
    Args& positional(std::string name, std::string help, int minCount = 1, int maxCount = 1);
    /// Extra text printed after the options in --help.
    Args& epilog(std::string text);

    /// Parses argv (after the subcommand). Returns false when --help was given (help printed).
    /// Throws UsageError on anything wrong.
    bool parse(const std::vector<std::string>& argv);

    bool has(const std::string& name) const;
    std::string value(const std::string& name) const; ///< option value or default ("" if none)
    std::vector<std::string> values(const std::string& name) const;
    std::vector<std::string> positionals(const std::string& name) const;
    std::string positionalValue(const std::string& name) const;

    /// Typed accessors with a UsageError naming the option on bad text.
    long long intValue(const std::string& name) const;
    double numberValue(const std::string& name) const;
    /// A microsecond decimal option as integer nanoseconds (exact).
    long long microsAsNs(const std::string& name) const;

    std::string help() const;

private:
    struct Spec {
        std::string name;
        std::string valueName;
        std::string help;
        std::optional<std::string> defaultValue;
        bool takesValue = true;
        bool repeatable = false;
    };
    struct PositionalSpec {
        std::string name;
        std::string help;
        int minCount = 1;
        int maxCount = 1;
    };
    std::string command_;
    std::string synopsis_;
    std::string description_;
    std::string epilog_;
    std::vector<Spec> specs_;
    std::vector<PositionalSpec> positionalSpecs_;
    std::map<std::string, std::vector<std::string>> values_;
    std::map<std::string, std::vector<std::string>> positionals_;
};

struct Command {
    std::string name;
    std::string summary;
    std::function<int(const std::vector<std::string>& args)> run;
};

/// Registers a command at static-initialisation time (each commands/*.cpp has one).
struct Registrar {
    Registrar(std::string name, std::string summary, std::function<int(const std::vector<std::string>&)> run);
};

const std::map<std::string, Command>& commands();

/// The Progress every command passes to core: reports to stderr when it is a terminal and
/// cancels on SIGINT/SIGTERM.
Progress& terminalProgress();

/// How long an interrupted command may take to end by itself before the interrupt ends it.
inline constexpr int kInterruptGraceMs = 150;

/// Installs the CLI's handling of SIGINT and SIGTERM; main calls it before the command runs. A
/// signal cancels terminalProgress(). With deadline, it also stops every atomic write that has not
/// been renamed into place (cc::stopAtomicWrites), so nothing is written after it, and a command
/// that has not ended kInterruptGraceMs after the signal (it is inside a loop that does not check
/// its Progress) is ended by the handler: the temporaries being written are removed, the message
/// guarded() would print is printed, and the process exits 130; a second signal ends it at once.
/// Without deadline (commands that own child processes and must stop them first, and may record
/// what they stopped) the command ends only through its Progress.
void installInterruptHandling(bool deadline);

/// A path a command reads, named as its --help names it ("TRACE", "--configs").
struct InputPath {
    std::string label;
    std::string path;
};

/// Refuses an output file before any work is done. UsageError (exit 2) when path is empty, names
/// a folder, or is the same file as one of inputs: compared after resolving ".", "..", and symbolic
/// links (weakly_canonical), and by device and inode (hard links). IoError (exit 3) when its folder
/// is missing or not writable. option is the option's name without dashes ("output" is shown -o).
void checkOutputFile(const std::string& option, const std::string& path, const std::vector<InputPath>& inputs);

/// Refuses two output options that name the same file (UsageError).
void checkDistinctOutputs(const std::string& optionA, const std::string& a, const std::string& optionB,
                          const std::string& b);

/// The same for an output folder (written as a whole, see cc::AtomicFolder): DIR may exist as a
/// folder; its parent folder must exist and be writable.
void checkOutputFolder(const std::string& option, const std::string& path, const std::vector<InputPath>& inputs);

/// The inputs a command's arguments name: each positional's values and each option given.
std::vector<InputPath> inputPaths(const Args& args, const std::vector<std::string>& positionals,
                                  const std::vector<std::string>& options = {});

/// Runs body and maps exceptions to exit codes and one clear message on stderr:
/// UsageError -> 2, InputError / IoError -> 3, NegativeResult -> 1, Cancelled -> 130.
int guarded(const std::string& command, const std::function<int()>& body);

/// Prints to stdout / stderr.
void out(std::string_view text);
void err(std::string_view text);

} // namespace cc::cli
