#include "app/cli/cli.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace cc::cli {

namespace {

std::map<std::string, Command>& registry()
{
    static std::map<std::string, Command> commands;
    return commands;
}

std::atomic<bool> gInterrupted{false};

void onSignal(int) { gInterrupted.store(true); }

class TerminalProgress final : public Progress {
public:
    TerminalProgress()
    {
        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
        show_ = ::isatty(STDERR_FILENO) != 0;
    }
    void report(double fraction, std::string_view message) override
    {
        if (!show_) {
            return;
        }
        int percent = static_cast<int>(fraction * 100.0);
        if (percent == lastPercent_ && message == lastMessage_) {
            return;
        }
        lastPercent_ = percent;
        lastMessage_ = std::string(message);
        std::fprintf(stderr, "\r\033[K%3d%% %.*s", percent, static_cast<int>(message.size()), message.data());
        std::fflush(stderr);
        dirty_ = true;
    }
    bool cancelled() const override { return gInterrupted.load(); }
    void clear()
    {
        if (dirty_) {
            std::fprintf(stderr, "\r\033[K");
            dirty_ = false;
        }
    }

private:
    bool show_ = false;
    bool dirty_ = false;
    int lastPercent_ = -1;
    std::string lastMessage_;
};

TerminalProgress& progressInstance()
{
    static TerminalProgress progress;
    return progress;
}

std::string wrapHelp(const std::string& text, std::size_t indent)
{
    std::string out;
    std::string pad(indent, ' ');
    std::size_t column = indent;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t next = text.find(' ', pos);
        std::string word = text.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
        if (column + word.size() + 1 > 100 && column > indent) {
            out += "\n" + pad;
            column = indent;
        } else if (column > indent) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        if (next == std::string::npos) {
            break;
        }
        pos = next + 1;
    }
    return out;
}

} // namespace

Args::Args(std::string command, std::string synopsis, std::string description)
    : command_(std::move(command)), synopsis_(std::move(synopsis)), description_(std::move(description))
{
}

Args& Args::option(std::string name, std::string valueName, std::string help, std::optional<std::string> defaultValue,
                   bool repeatable)
{
    specs_.push_back(Spec{std::move(name), std::move(valueName), std::move(help), std::move(defaultValue), true, repeatable});
    return *this;
}

Args& Args::flag(std::string name, std::string help)
{
    specs_.push_back(Spec{std::move(name), {}, std::move(help), std::nullopt, false, false});
    return *this;
}

Args& Args::positional(std::string name, std::string help, int minCount, int maxCount)
{
    positionalSpecs_.push_back(PositionalSpec{std::move(name), std::move(help), minCount, maxCount});
    return *this;
}

Args& Args::epilog(std::string text)
{
    epilog_ = std::move(text);
    return *this;
}

bool Args::parse(const std::vector<std::string>& argv)
{
    std::vector<std::string> loose;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            out(help());
            return false;
        }
        if (arg == "--") {
            loose.insert(loose.end(), argv.begin() + static_cast<std::ptrdiff_t>(i) + 1, argv.end());
            break;
        }
        if (arg.size() > 1 && arg[0] == '-' && !(arg.size() > 1 && (std::isdigit(static_cast<unsigned char>(arg[1])) != 0))) {
            std::string name = arg;
            std::optional<std::string> inlineValue;
            auto eq = name.find('=');
            if (eq != std::string::npos) {
                inlineValue = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            // Accept -o as --output.
            std::string lookup = name == "-o" ? std::string("--output") : name;
            const Spec* spec = nullptr;
            for (const auto& s : specs_) {
                if ("--" + s.name == lookup) {
                    spec = &s;
                }
            }
            if (spec == nullptr) {
                throw UsageError("unknown option " + name + " (see commcanary " + command_ + " --help)");
            }
            if (!spec->takesValue) {
                if (inlineValue) {
                    throw UsageError("option " + name + " takes no value");
                }
                values_[spec->name].push_back("true");
                continue;
            }
            std::string value;
            if (inlineValue) {
                value = *inlineValue;
            } else {
                if (i + 1 >= argv.size()) {
                    throw UsageError("option " + name + " needs a value (" + spec->valueName + ")");
                }
                value = argv[++i];
            }
            auto& slot = values_[spec->name];
            if (!slot.empty() && !spec->repeatable) {
                throw UsageError("option " + name + " given twice");
            }
            slot.push_back(value);
            continue;
        }
        loose.push_back(arg);
    }
    std::size_t next = 0;
    for (const auto& p : positionalSpecs_) {
        std::size_t left = loose.size() - next;
        std::size_t take = p.maxCount < 0 ? left : std::min<std::size_t>(left, static_cast<std::size_t>(p.maxCount));
        if (take < static_cast<std::size_t>(p.minCount)) {
            throw UsageError("missing " + p.name + " (see commcanary " + command_ + " --help)");
        }
        positionals_[p.name].assign(loose.begin() + static_cast<std::ptrdiff_t>(next),
                                    loose.begin() + static_cast<std::ptrdiff_t>(next + take));
        next += take;
    }
    if (next < loose.size()) {
        throw UsageError("unexpected argument \"" + loose[next] + "\" (see commcanary " + command_ + " --help)");
    }
    return true;
}

bool Args::has(const std::string& name) const { return values_.count(name) != 0; }

std::string Args::value(const std::string& name) const
{
    auto found = values_.find(name);
    if (found != values_.end() && !found->second.empty()) {
        return found->second.back();
    }
    for (const auto& s : specs_) {
        if (s.name == name && s.defaultValue) {
            return *s.defaultValue;
        }
    }
    return {};
}

std::vector<std::string> Args::values(const std::string& name) const
{
    auto found = values_.find(name);
    return found == values_.end() ? std::vector<std::string>{} : found->second;
}

std::vector<std::string> Args::positionals(const std::string& name) const
{
    auto found = positionals_.find(name);
    return found == positionals_.end() ? std::vector<std::string>{} : found->second;
}

std::string Args::positionalValue(const std::string& name) const
{
    auto values = positionals(name);
    return values.empty() ? std::string() : values.front();
}

long long Args::intValue(const std::string& name) const
{
    std::string text = value(name);
    auto parsed = parseScaledDecimal(text, 0, true);
    if (parsed.error != DecimalError::None) {
        throw UsageError("--" + name + " must be an integer (got \"" + text + "\")");
    }
    return parsed.value;
}

double Args::numberValue(const std::string& name) const
{
    std::string text = value(name);
    try {
        std::size_t used = 0;
        double v = std::stod(text, &used);
        if (used != text.size()) {
            throw std::invalid_argument(text);
        }
        return v;
    } catch (const std::exception&) {
        throw UsageError("--" + name + " must be a number (got \"" + text + "\")");
    }
}

long long Args::microsAsNs(const std::string& name) const
{
    std::string text = value(name);
    auto parsed = parseScaledDecimal(text, kMicrosToNanosScale);
    if (parsed.error != DecimalError::None) {
        throw UsageError("--" + name + " must be a non-negative number of microseconds with at most 3 decimals (got \"" +
                         text + "\")");
    }
    return parsed.value;
}

std::string Args::help() const
{
    std::string text = "usage: commcanary " + command_ + " " + synopsis_ + "\n\n" + wrapHelp(description_, 0) + "\n";
    if (!positionalSpecs_.empty()) {
        text += "\narguments:\n";
        for (const auto& p : positionalSpecs_) {
            std::string head = "  " + p.name;
            head.resize(std::max<std::size_t>(head.size() + 2, 28), ' ');
            text += head + wrapHelp(p.help, 28) + "\n";
        }
    }
    text += "\noptions:\n";
    for (const auto& s : specs_) {
        std::string head = "  --" + s.name + (s.takesValue ? " " + s.valueName : std::string());
        if (s.name == "output") {
            head = "  -o, --output " + s.valueName;
        }
        head.resize(std::max<std::size_t>(head.size() + 2, 28), ' ');
        std::string help = s.help;
        if (s.defaultValue) {
            help += " (default: " + *s.defaultValue + ")";
        }
        text += head + wrapHelp(help, 28) + "\n";
    }
    text += "  -h, --help                show this help\n";
    if (!epilog_.empty()) {
        text += "\n" + epilog_;
        if (epilog_.back() != '\n') {
            text += "\n";
        }
    }
    text += "\nexit codes: 0 ok, 1 valid negative result, 2 usage error, 3 input/validation/IO error,\n"
            "            4 child process failure, 130 interrupted\n";
    return text;
}

Registrar::Registrar(std::string name, std::string summary, std::function<int(const std::vector<std::string>&)> run)
{
    auto key = name;
    registry().emplace(std::move(key), Command{std::move(name), std::move(summary), std::move(run)});
}

const std::map<std::string, Command>& commands() { return registry(); }

Progress& terminalProgress() { return progressInstance(); }

void out(std::string_view text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

void err(std::string_view text)
{
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

int guarded(const std::string& command, const std::function<int()>& body)
{
    try {
        int code = body();
        progressInstance().clear();
        return code;
    } catch (const UsageError& e) {
        progressInstance().clear();
        err("commcanary " + command + ": usage error: " + e.what() + "\n");
        return kExitUsage;
    } catch (const InputError& e) {
        progressInstance().clear();
        err("commcanary " + command + ": invalid input:\n");
        for (const auto& d : e.diagnostics()) {
            err("  " + d.message() + "\n");
        }
        err("nothing was written.\n");
        return kExitInput;
    } catch (const IoError& e) {
        progressInstance().clear();
        err("commcanary " + command + ": " + e.what() + "\nnothing was written.\n");
        return kExitInput;
    } catch (const NegativeResult& e) {
        progressInstance().clear();
        err("commcanary " + command + ": " + e.what() + "\n");
        return kExitNegative;
    } catch (const Cancelled&) {
        progressInstance().clear();
        err("commcanary " + command + ": interrupted; nothing was written.\n");
        return kExitInterrupted;
    } catch (const std::bad_alloc&) {
        progressInstance().clear();
        err("commcanary " + command + ": out of memory\n");
        return kExitInput;
    }
}

} // namespace cc::cli
