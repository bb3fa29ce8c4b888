#include "app/cli/cli.h"

#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/limits.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <poll.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace cc::cli {

namespace {

std::map<std::string, Command>& registry()
{
    static std::map<std::string, Command> commands;
    return commands;
}

namespace fs = std::filesystem;

std::atomic<bool> gInterrupted{false};

/// The signal handler wakes the interrupt thread through this pipe (write() is async-signal-safe).
int gWakePipe[2] = {-1, -1};

/// Set by whoever ends the process first after the command: guarded() or the interrupt deadline.
std::atomic<bool> gExitClaimed{false};

/// The running command's name, for the deadline's message (written before the command runs).
char gCommandName[64] = "";

extern "C" void onInterruptSignal(int)
{
    const int saved = errno;
    gInterrupted.store(true);
    const char byte = 1;
    [[maybe_unused]] const ssize_t ignored = ::write(gWakePipe[1], &byte, 1);
    errno = saved;
}

/// Writes text to stderr without stdio: the main thread may hold stdio's lock.
void writeStderr(const std::string& text)
{
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return;
        }
        done += static_cast<std::size_t>(n);
    }
}

/// "nothing was written." or which artifacts were written before the interrupt.
std::string interruptedText()
{
    const auto committed = committedAtomicWrites();
    if (committed.empty()) {
        return "interrupted; nothing was written.";
    }
    std::string names;
    for (const auto& path : committed) {
        names += (names.empty() ? "" : ", ") + path.string();
    }
    return "interrupted; only " + names + " had been written before the interrupt.";
}

/// Waits for the first signal, stops the atomic writes, then gives the command kInterruptGraceMs
/// (or until a second signal) to end by itself before ending it.
void interruptThread(bool deadline)
{
    char byte = 0;
    while (::read(gWakePipe[0], &byte, 1) < 0 && errno == EINTR) {
    }
    if (!deadline) {
        return; // the command may still record what it stopped (capture writes its sweep index)
    }
    stopAtomicWrites();
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kInterruptGraceMs);
    while (true) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            break;
        }
        pollfd wake{gWakePipe[0], POLLIN, 0};
        const int ready = ::poll(&wake, 1, static_cast<int>(left.count()));
        if (ready > 0) {
            break; // a second signal: end now
        }
    }
    if (gExitClaimed.exchange(true)) {
        return; // the command is ending by itself
    }
    // What was written is settled: no write commits after stopAtomicWrites().
    const std::string text = interruptedText();
    abandonAtomicWrites();
    writeStderr(std::string(::isatty(STDERR_FILENO) != 0 ? "\r\033[K" : "") + "commcanary" +
                (gCommandName[0] != 0 ? " " + std::string(gCommandName) : std::string()) + ": " + text + "\n");
    ::_exit(kExitInterrupted);
}

/// Progress on a terminal: one line per phase, redrawn in place with the phase's percentage, its
/// elapsed time and, once it can be estimated, the time left. A phase is a message with its
/// figures left out ("replaying 3/5" and "replaying 4/5" are one phase); when the phase changes,
/// or its fraction falls back, the finished phase stays on the screen as one line with its time,
/// so a percentage never restarts without saying that a new phase began. Output on stdout first
/// clears the line (out() calls clear()), so a result never runs into a progress line.
class TerminalProgress final : public Progress {
public:
    using Clock = std::chrono::steady_clock;

    TerminalProgress() { show_ = ::isatty(STDERR_FILENO) != 0; }
    void report(double fraction, std::string_view message) override
    {
        if (!show_) {
            return;
        }
        const auto now = Clock::now();
        std::string phase = phaseOf(message);
        if (phase != phase_ || fraction + 1e-9 < phaseStartFraction_) {
            finishPhase(now);
            phase_ = std::move(phase);
            phaseStart_ = now;
            phaseStartFraction_ = fraction;
        } else if (fraction < lastFraction_) {
            phaseStartFraction_ = fraction;
        }
        lastFraction_ = fraction;
        // Redraw at most ten times a second, and always when the message changes.
        if (dirty_ && message == lastMessage_ && now - lastDraw_ < std::chrono::milliseconds(100)) {
            return;
        }
        lastMessage_ = std::string(message);
        lastDraw_ = now;
        const double elapsed = seconds(now - phaseStart_);
        std::string line = "\r\033[K" + std::to_string(static_cast<int>(fraction * 100.0)) + "% " + lastMessage_;
        if (elapsed >= 1.0) {
            line += "  " + formatSeconds(elapsed);
            const double done = fraction - phaseStartFraction_;
            if (done > 0.02 && fraction < 1.0) {
                line += ", about " + formatSeconds(elapsed / done * (1.0 - fraction)) + " left";
            }
        }
        std::fwrite(line.data(), 1, line.size(), stderr);
        std::fflush(stderr);
        dirty_ = true;
    }
    bool cancelled() const override { return gInterrupted.load(); }
    /// Removes the progress line (before a result or a message is printed).
    void clear()
    {
        if (dirty_) {
            std::fputs("\r\033[K", stderr);
            std::fflush(stderr);
            dirty_ = false;
        }
    }

private:
    static double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }
    static std::string formatSeconds(double s)
    {
        char text[32];
        if (s < 60.0) {
            std::snprintf(text, sizeof text, "%.1f s", s);
        } else {
            std::snprintf(text, sizeof text, "%d min %02d s", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
        }
        return text;
    }
    static std::string phaseOf(std::string_view message)
    {
        std::string phase;
        for (const char c : message) {
            if (c < '0' || c > '9') {
                phase += c;
            }
        }
        return phase;
    }
    /// Leaves the finished phase on the screen as one line with its time.
    void finishPhase(Clock::time_point now)
    {
        if (!dirty_ || lastMessage_.empty()) {
            return;
        }
        const std::string line = "\r\033[K" + lastMessage_ + " (" + formatSeconds(seconds(now - phaseStart_)) + ")\n";
        std::fwrite(line.data(), 1, line.size(), stderr);
        dirty_ = false;
    }

    bool show_ = false;
    bool dirty_ = false;
    std::string phase_;
    std::string lastMessage_;
    double lastFraction_ = 0.0;
    double phaseStartFraction_ = 0.0;
    Clock::time_point phaseStart_{};
    Clock::time_point lastDraw_{};
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
    option("limit", "NAME=VALUE",
           "override a resource limit on untrusted input for this run; repeatable (the names and defaults are "
           "listed by 'commcanary --help')",
           {}, true);
}

Args& Args::option(std::string name, std::string valueName, std::string help, std::optional<std::string> defaultValue,
                   bool repeatable)
{
    specs_.push_back(
        Spec{std::move(name), std::move(valueName), std::move(help), std::move(defaultValue), true, repeatable});
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
        if (arg.size() > 1 && arg[0] == '-' &&
            !(arg.size() > 1 && (std::isdigit(static_cast<unsigned char>(arg[1])) != 0))) {
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
    for (const auto& assignment : values("limit")) {
        if (const std::string problem = applyResourceLimitOverride(resourceLimits(), assignment); !problem.empty()) {
            throw UsageError("--limit: " + problem);
        }
    }
    return true;
}

bool Args::has(const std::string& name) const
{
    return values_.count(name) != 0;
}

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
        throw UsageError("--" + name +
                         " must be a non-negative number of microseconds with at most 3 decimals (got \"" + text +
                         "\")");
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

const std::map<std::string, Command>& commands()
{
    return registry();
}

Progress& terminalProgress()
{
    return progressInstance();
}

void installInterruptHandling(bool deadline)
{
    if (::pipe2(gWakePipe, O_CLOEXEC) != 0) {
        // Without the pipe the interrupt still cancels the Progress, only without a deadline.
        std::signal(SIGINT, onInterruptSignal);
        std::signal(SIGTERM, onInterruptSignal);
        return;
    }
    std::thread(interruptThread, deadline).detach();
    struct sigaction action {};
    action.sa_handler = onInterruptSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

namespace {

std::string optionText(const std::string& option)
{
    return option == "output" ? "-o" : "--" + option;
}

/// The path with ".", ".." and symbolic links resolved as far as it exists.
fs::path resolved(const std::string& path)
{
    // Absolute first: weakly_canonical leaves a relative path whose first part is missing as it is.
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec).lexically_normal();
    fs::path canonical = fs::weakly_canonical(absolute, ec);
    return ec ? absolute : canonical;
}

bool sameFile(const std::string& a, const std::string& b)
{
    if (resolved(a) == resolved(b)) {
        return true;
    }
    struct stat sa {};
    struct stat sb {};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

void checkOutput(const std::string& option, const std::string& path, const std::vector<InputPath>& inputs, bool folder)
{
    const std::string flag = optionText(option);
    if (path.empty()) {
        throw UsageError(flag + " is empty: give the path of the " + (folder ? "folder" : "file") + " to write");
    }
    for (const auto& input : inputs) {
        if (!input.path.empty() && sameFile(path, input.path)) {
            throw UsageError(flag + " " + path + " names the same file as " + input.label + " (" + input.path +
                             "): writing it would replace that input; choose another output path");
        }
    }
    std::string clean = path;
    while (clean.size() > 1 && clean.back() == '/') {
        clean.pop_back();
    }
    const std::string name = fs::path(clean).filename().string();
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (!folder && ((exists && S_ISDIR(st.st_mode)) || clean != path || name == "." || name == "..")) {
        throw UsageError(flag + " " + path + " names a folder: give the path of the file to write");
    }
    if (folder && exists && !S_ISDIR(st.st_mode)) {
        throw UsageError(flag + " " + path + " is a file: give the path of a folder to write");
    }
    if (folder && (name == "." || name == ".." || clean == "/")) {
        throw UsageError(flag + " " + path + ": name the folder to write by its own name (it is replaced whole)");
    }
    fs::path parent = fs::path(clean).parent_path();
    if (parent.empty()) {
        parent = ".";
    }
    struct stat ps {};
    if (::stat(parent.c_str(), &ps) != 0 || !S_ISDIR(ps.st_mode)) {
        throw IoError(path + ": cannot write: the folder " + parent.string() + " does not exist");
    }
    if (::faccessat(AT_FDCWD, parent.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
        throw IoError(path + ": cannot write in the folder " + parent.string() + ": " + std::strerror(errno));
    }
}

} // namespace

void checkOutputFile(const std::string& option, const std::string& path, const std::vector<InputPath>& inputs)
{
    checkOutput(option, path, inputs, false);
}

void checkOutputFolder(const std::string& option, const std::string& path, const std::vector<InputPath>& inputs)
{
    checkOutput(option, path, inputs, true);
}

void checkDistinctOutputs(const std::string& optionA, const std::string& a, const std::string& optionB,
                          const std::string& b)
{
    if (sameFile(a, b)) {
        throw UsageError(optionText(optionA) + " and " + optionText(optionB) + " name the same file (" + a +
                         "); give each output its own path");
    }
}

std::vector<InputPath> inputPaths(const Args& args, const std::vector<std::string>& positionals,
                                  const std::vector<std::string>& options)
{
    std::vector<InputPath> inputs;
    for (const auto& name : positionals) {
        for (const auto& value : args.positionals(name)) {
            inputs.push_back(InputPath{name, value});
        }
    }
    for (const auto& name : options) {
        for (const auto& value : args.values(name)) {
            inputs.push_back(InputPath{"--" + name, value});
        }
    }
    return inputs;
}

void out(std::string_view text)
{
    progressInstance().clear();
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

void err(std::string_view text)
{
    progressInstance().clear();
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

int guarded(const std::string& command, const std::function<int()>& body)
{
    std::snprintf(gCommandName, sizeof gCommandName, "%s", command.c_str());
    int code = kExitOk;
    std::string message;
    try {
        code = body();
    } catch (const UsageError& e) {
        message = "commcanary " + command + ": usage error: " + e.what() + "\n";
        code = kExitUsage;
    } catch (const InputError& e) {
        message = "commcanary " + command + ": invalid input:\n";
        for (const auto& d : e.diagnostics()) {
            message += "  " + d.message() + "\n";
        }
        message += "nothing was written.\n";
        code = kExitInput;
    } catch (const IoError& e) {
        message = "commcanary " + command + ": " + e.what() + "\nnothing was written.\n";
        code = kExitInput;
    } catch (const NegativeResult& e) {
        message = "commcanary " + command + ": " + e.what() + "\n";
        code = kExitNegative;
    } catch (const Cancelled&) {
        message = "commcanary " + command + ": " + interruptedText() + "\n";
        code = kExitInterrupted;
    } catch (const std::bad_alloc&) {
        message = "commcanary " + command + ": out of memory\n";
        code = kExitInput;
    }
    if (gExitClaimed.exchange(true)) {
        // The interrupt deadline is ending the process (and says so); wait for it.
        for (;;) {
            ::pause();
        }
    }
    progressInstance().clear();
    if (!message.empty()) {
        err(message);
    }
    return code;
}

} // namespace cc::cli
