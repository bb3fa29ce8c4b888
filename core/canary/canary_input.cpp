#include "core/canary/canary_input.h"

#include "core/canary/canary.h"
#include "core/canary/canary_reader.h"
#include "core/canary/expand.h"
#include "core/canary/prototype_canary.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/limits.h"

namespace cc {

namespace {

constexpr std::size_t kSniffBytes = 4096;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

} // namespace

bool looksLikeCanary(std::string_view bytes)
{
    std::string_view head = bytes.substr(0, kSniffBytes);
    const std::string_view key = "\"format\"";
    for (auto at = head.find(key); at != std::string_view::npos; at = head.find(key, at + 1)) {
        std::size_t pos = at + key.size();
        while (pos < head.size() && isSpace(head[pos])) {
            ++pos;
        }
        if (pos >= head.size() || head[pos] != ':') {
            continue;
        }
        ++pos;
        while (pos < head.size() && isSpace(head[pos])) {
            ++pos;
        }
        const std::string value = "\"" + std::string(kCanaryFormat) + "\"";
        return head.substr(pos, value.size()) == value;
    }
    return false;
}

Trace parseTraceOrCanary(std::string_view bytes, const std::string& sourceName, Progress& progress)
{
    if (looksLikeCanary(bytes)) {
        return expandCanary(parseCanary(bytes, sourceName), sourceName, progress);
    }
    if (looksLikePrototypeCanary(bytes)) {
        return expandPrototypeCanary(bytes, sourceName, progress);
    }
    return parseTrace(bytes, sourceName, progress);
}

Trace readTraceOrCanary(const std::filesystem::path& path, Progress& progress)
{
    progress.report(0.0, "reading file");
    const MappedInput input(path, resourceLimits().maxInputBytes, progress);
    return parseTraceOrCanary(input.bytes(), path.string(), progress);
}

} // namespace cc
