#include "core/info/file_info.h"

#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_summary.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include <mutex>

namespace cc {

namespace {

struct Entry {
    std::string name;
    FileDescriber describer;
};

std::vector<Entry>& describers()
{
    static std::vector<Entry> entries;
    return entries;
}

std::mutex& describersMutex()
{
    static std::mutex mutex;
    return mutex;
}

bool describeTrace(const std::filesystem::path& path, std::string_view tag, std::string_view bytes, FileInfo& info,
                   Progress& progress)
{
    if (tag != kTraceFormat) {
        return false;
    }
    Trace trace = parseTrace(bytes, path.string(), progress);
    auto s = summarizeTrace(trace);
    info.kind = std::string(kTraceFormat);
    info.facts.emplace_back("events", std::to_string(s.events));
    info.facts.emplace_back("ranks", std::to_string(s.ranks));
    info.facts.emplace_back("groups", std::to_string(s.groups));
    std::string ops;
    for (const auto& [name, count] : s.ops) {
        ops += (ops.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    info.facts.emplace_back("operations", ops);
    info.facts.emplace_back("timing semantics", std::string(timingSemanticsName(s.timing)));
    info.facts.emplace_back("span", formatScaledDecimal(s.span, 3) + " us");
    info.facts.emplace_back("arrival skew", "known " + std::to_string(s.skewKnown) + ", unknown " +
                                                std::to_string(s.skewUnknown) + ", partial " + std::to_string(s.skewPartial));
    info.facts.emplace_back("total message bytes", wideToString(s.totalBytes));
    info.facts.emplace_back("normalised sha256", normalizedSha256(trace, progress));
    return true;
}

bool describeNormalized(const std::filesystem::path&, std::string_view tag, std::string_view, FileInfo& info, Progress&)
{
    if (tag != kNormalizedFormat) {
        return false;
    }
    info.kind = std::string(kNormalizedFormat);
    info.facts.emplace_back("meaning", "canonical bytes of a trace; their SHA-256 is the trace's identity");
    return true;
}

void ensureBuiltins()
{
    static std::once_flag once;
    std::call_once(once, [] {
        registerFileDescriber("trace", describeTrace);
        registerFileDescriber("normalized", describeNormalized);
    });
}

} // namespace

void registerFileDescriber(std::string name, FileDescriber describer)
{
    std::lock_guard lock(describersMutex());
    describers().push_back(Entry{std::move(name), std::move(describer)});
}

std::string sniffFormatTag(std::string_view bytes)
{
    // Looks for "format" : "..." in the first 64 KiB, at any nesting (good enough for a tag).
    std::string_view head = bytes.substr(0, 65536);
    auto pos = head.find("\"format\"");
    if (pos == std::string_view::npos) {
        return {};
    }
    pos = head.find(':', pos + 8);
    if (pos == std::string_view::npos) {
        return {};
    }
    auto open = head.find('"', pos);
    if (open == std::string_view::npos) {
        return {};
    }
    auto close = head.find('"', open + 1);
    if (close == std::string_view::npos) {
        return {};
    }
    return std::string(head.substr(open + 1, close - open - 1));
}

FileInfo describeFile(const std::filesystem::path& path, Progress& progress)
{
    ensureBuiltins();
    std::string bytes = readFileBounded(path, resourceLimits().maxInputBytes);
    FileInfo info;
    std::string tag = sniffFormatTag(bytes);
    std::vector<Entry> entries;
    {
        std::lock_guard lock(describersMutex());
        entries = describers();
    }
    bool known = false;
    for (const auto& entry : entries) {
        if (entry.describer(path, tag, bytes, info, progress)) {
            known = true;
            break;
        }
    }
    if (!known) {
        info.kind = tag.empty() ? std::string("unknown") : "unrecognised format \"" + tag + "\"";
    }
    info.facts.insert(info.facts.begin(), {"size", std::to_string(bytes.size()) + " bytes"});
    info.facts.insert(info.facts.begin() + 1, {"content sha256", sha256Hex(bytes)});
    return info;
}

} // namespace cc
