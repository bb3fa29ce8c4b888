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

/// Runs body and maps exceptions to exit codes and one clear message on stderr:
/// UsageError -> 2, InputError / IoError -> 3, NegativeResult -> 1, Cancelled -> 130.
int guarded(const std::string& command, const std::function<int()>& body);

/// Prints to stdout / stderr.
void out(std::string_view text);
void err(std::string_view text);

} // namespace cc::cli
