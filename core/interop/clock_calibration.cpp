#include "core/interop/clock_calibration.h"

#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <set>

namespace cc::interop {

const RankClock* ClockCalibration::find(std::int32_t rank) const
{
    auto it = std::lower_bound(ranks.begin(), ranks.end(), rank,
                               [](const RankClock& c, std::int32_t r) { return c.rank < r; });
    return it != ranks.end() && it->rank == rank ? &*it : nullptr;
}

ClockCalibration parseClockCalibration(std::string_view text, const std::string& sourceName)
{
    const json::Value doc = json::parse(text, sourceName);
    json::Reader in(sourceName);
    in.object(doc, "$");
    in.onlyKeys(doc, "$", {"format", "reference", "method", "ranks"});
    const std::string format = in.string(in.member(doc, "$", "format"), "$.format");
    if (format != kClockCalibrationFormat) {
        in.fail("$.format", "is \"" + format + "\"; expected \"" + std::string(kClockCalibrationFormat) + "\"");
    }
    ClockCalibration cal;
    cal.source = sourceName;
    if (in.hasMember(doc, "reference")) {
        cal.reference = in.string(*doc.find("reference"), "$.reference");
    }
    if (in.hasMember(doc, "method")) {
        cal.method = in.string(*doc.find("method"), "$.method");
    }
    const json::Value& ranks = in.array(in.member(doc, "$", "ranks"), "$.ranks");
    if (ranks.size() == 0) {
        in.fail("$.ranks", "must list at least one rank");
    }
    // Numbers arrive as their literal text, so microseconds convert to nanoseconds exactly.
    auto exact = [&](const json::Value& value, const std::string& path, bool allowNegative) {
        if (!value.isInteger() && !value.isNumber()) {
            in.fail(path, "must be a number of microseconds, not " + json::describeValue(value));
        }
        const std::string literal = value.numberLiteral();
        auto parsed = parseScaledDecimal(literal, kMicrosToNanosScale, allowNegative);
        if (parsed.error != DecimalError::None) {
            in.fail(path, "value " + json::describeValue(value) + " " + std::string(decimalErrorText(parsed.error)));
        }
        return parsed.value;
    };
    std::set<std::int32_t> seen;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const std::string path = json::childPath("$.ranks", i);
        const json::Value& entry = in.object(ranks[i], path);
        in.onlyKeys(entry, path, {"rank", "offset_us", "uncertainty_us"});
        RankClock clock;
        clock.rank = static_cast<std::int32_t>(
            in.integer(in.member(entry, path, "rank"), json::childPath(path, "rank"), 0, 2147483647));
        clock.offsetNs = exact(in.member(entry, path, "offset_us"), json::childPath(path, "offset_us"), true);
        clock.uncertaintyNs =
            exact(in.member(entry, path, "uncertainty_us"), json::childPath(path, "uncertainty_us"), false);
        if (!seen.insert(clock.rank).second) {
            in.fail(json::childPath(path, "rank"), "rank " + std::to_string(clock.rank) + " appears twice");
        }
        cal.ranks.push_back(clock);
    }
    std::sort(cal.ranks.begin(), cal.ranks.end(),
              [](const RankClock& a, const RankClock& b) { return a.rank < b.rank; });
    return cal;
}

ClockCalibration readClockCalibration(const std::filesystem::path& path)
{
    const std::string bytes = readFileBounded(path, resourceLimits().maxInputBytes);
    ClockCalibration cal = parseClockCalibration(bytes, path.string());
    cal.sha256 = sha256Hex(bytes);
    return cal;
}

std::string writeClockCalibrationJson(const ClockCalibration& cal)
{
    std::string out;
    json::Writer w(out);
    w.beginObject().field("format", kClockCalibrationFormat);
    if (!cal.reference.empty()) {
        w.field("reference", cal.reference);
    }
    if (!cal.method.empty()) {
        w.field("method", cal.method);
    }
    w.key("ranks").beginArray();
    for (const auto& c : cal.ranks) {
        w.beginObject().field("rank", c.rank);
        w.key("offset_us").raw(formatScaledDecimal(c.offsetNs, kMicrosToNanosScale));
        w.key("uncertainty_us").raw(formatScaledDecimal(c.uncertaintyNs, kMicrosToNanosScale));
        w.endObject();
    }
    w.endArray().endObject().verbatim("\n");
    return out;
}

ClockCalibration sharedClockAssumption(const std::vector<std::int32_t>& ranks)
{
    ClockCalibration cal;
    cal.source = "assumption: every rank shares one clock";
    cal.reference = "the profiles' own clocks, assumed to be one clock";
    cal.method = "stated by the user (--assume-shared-clock), not measured";
    cal.assumption = true;
    for (auto r : ranks) {
        cal.ranks.push_back(RankClock{r, 0, 0});
    }
    std::sort(cal.ranks.begin(), cal.ranks.end(),
              [](const RankClock& a, const RankClock& b) { return a.rank < b.rank; });
    cal.ranks.erase(std::unique(cal.ranks.begin(), cal.ranks.end(),
                                [](const RankClock& a, const RankClock& b) { return a.rank == b.rank; }),
                    cal.ranks.end());
    return cal;
}

std::optional<RankClock> parseRankOffset(std::string_view text, std::string* reason)
{
    auto bad = [&](std::string why) -> std::optional<RankClock> {
        if (reason != nullptr) {
            *reason = std::move(why);
        }
        return std::nullopt;
    };
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) {
        return bad("expected RANK=OFFSET_US or RANK=OFFSET_US:UNCERTAINTY_US");
    }
    auto rank = parseScaledDecimal(text.substr(0, eq), 0);
    if (rank.error != DecimalError::None || rank.value > 2147483647) {
        return bad("the rank \"" + std::string(text.substr(0, eq)) + "\" is not a non-negative integer");
    }
    std::string_view rest = text.substr(eq + 1);
    std::string_view offsetText = rest;
    std::string_view uncertaintyText;
    if (auto colon = rest.find(':'); colon != std::string_view::npos) {
        offsetText = rest.substr(0, colon);
        uncertaintyText = rest.substr(colon + 1);
    }
    auto offset = parseScaledDecimal(offsetText, kMicrosToNanosScale, true);
    if (offset.error != DecimalError::None) {
        return bad("the offset \"" + std::string(offsetText) + "\" " + std::string(decimalErrorText(offset.error)));
    }
    RankClock clock{static_cast<std::int32_t>(rank.value), offset.value, 0};
    if (!uncertaintyText.empty()) {
        auto u = parseScaledDecimal(uncertaintyText, kMicrosToNanosScale);
        if (u.error != DecimalError::None) {
            return bad("the uncertainty \"" + std::string(uncertaintyText) + "\" " +
                       std::string(decimalErrorText(u.error)));
        }
        clock.uncertaintyNs = u.value;
    }
    return clock;
}

} // namespace cc::interop
