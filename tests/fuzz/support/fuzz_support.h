// What every harness shares: the product's documented refusals, small resource limits, a
// scratch file for readers that only take a path, and a way to report a broken property.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace cc::fuzz {

/// Sets cc::resourceLimits() to small values (once per process): see README.md, "Limits".
void applySmallLimits();

/// The input as text (no copy).
inline std::string_view text(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

/// Stops the process with a message on stderr: a finding (libFuzzer saves the input).
[[noreturn]] void finding(std::string_view what, std::string_view detail);

/// Runs body and swallows exactly the product's documented refusals (cc::InputError,
/// cc::IoError, cc::NegativeResult). Anything else that escapes is a finding: its type and
/// what() are printed and the process aborts. Returns true when body returned normally.
template <class Body> bool refusesCleanly(Body&& body);

/// Implementation detail of refusesCleanly (keeps <exception> handling out of every harness).
bool runGuarded(void (*call)(void*), void* context);

template <class Body> bool refusesCleanly(Body&& body)
{
    return runGuarded([](void* c) { (*static_cast<Body*>(c))(); }, &body);
}

/// Calls each(line) for each of the first `limit` lines of the input, split at '\n' (a trailing
/// newline gives a last, empty line): for the harnesses that feed one-line parsers.
template <class Each> void forEachLine(std::string_view bytes, int limit, Each&& each)
{
    std::size_t begin = 0;
    for (int lines = 0; begin <= bytes.size() && lines < limit; ++lines) {
        std::size_t end = bytes.find('\n', begin);
        if (end == std::string_view::npos) {
            end = bytes.size();
        }
        each(bytes.substr(begin, end - begin));
        begin = end + 1;
    }
}

/// A file of this process under the temporary directory, rewritten per input: for readers that
/// take a path (gzip sniffing, memory mapping). Removed at exit.
class ScratchFile {
public:
    explicit ScratchFile(std::string_view suffix);
    ~ScratchFile();
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;

    /// Replaces the file's content.
    const std::filesystem::path& write(std::string_view bytes);
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// A directory of this process under the temporary directory, emptied per input.
class ScratchDir {
public:
    explicit ScratchDir(std::string_view name);
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    /// Removes everything inside and returns the (existing, empty) directory.
    const std::filesystem::path& reset();
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// FNV-1a of the bytes: a deterministic choice per input.
inline std::uint64_t contentHash(std::string_view bytes)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (const char c : bytes) {
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    }
    return h;
}

/// gzip (RFC 1952) of bytes, for harnesses that feed a reader both plain and compressed input.
std::string gzip(std::string_view bytes);

} // namespace cc::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
