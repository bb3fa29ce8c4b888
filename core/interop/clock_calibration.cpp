#include "core/interop/clock_calibration.h"

#include "core/configs/strict_json.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json_text.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <map>

namespace cc::interop {

namespace {

using json = nlohmann::json;

/// Collects the exact text of every floating-point number, keyed by its JSON path.
class RawNumbers : public nlohmann::json_sax<json> {
public:
    std::map<std::string, std::string> text;

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t v) override { return record(std::to_string(v)); }
    bool number_unsigned(number_unsigned_t v) override { return record(std::to_string(v)); }
    bool number_float(number_float_t, const string_t& raw) override { return record(raw); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override
    {
        value();
        frames_.push_back(Frame{false, -1, {}});
        return true;
    }
    bool key(string_t& k) override
    {
        frames_.back().key = k;
        return true;
    }
    bool end_object() override
    {
        frames_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        value();
        frames_.push_back(Frame{true, -1, {}});
        return true;
    }
    bool end_array() override
    {
        frames_.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    struct Frame {
        bool isArray;
        long long index;
        std::string key;
    };
    bool value()
    {
        if (!frames_.empty() && frames_.back().isArray) {
            ++frames_.back().index;
        }
        return true;
    }
    bool record(std::string raw)
    {
        value();
        std::string path = "$";
        for (const auto& f : frames_) {
            path = f.isArray ? strict_json::child(path, static_cast<std::size_t>(std::max(0LL, f.index)))
                             : strict_json::child(path, f.key);
        }
        text[path] = std::move(raw);
        return true;
    }
    std::vector<Frame> frames_;
};

} // namespace

const RankClock* ClockCalibration::find(std::int32_t rank) const
{
    auto it = std::lower_bound(ranks.begin(), ranks.end(), rank,
                               [](const RankClock& c, std::int32_t r) { return c.rank < r; });
    return it != ranks.end() && it->rank == rank ? &*it : nullptr;
}

ClockCalibration parseClockCalibration(std::string_view text, const std::string& sourceName)
{
    const json doc = strict_json::parse(text, sourceName);
    RawNumbers raw;
    json::sax_parse(text, &raw);
    strict_json::Reader in(sourceName);
    in.object(doc, "$");
    in.onlyKeys(doc, "$", {"format", "reference", "method", "ranks"});
    const std::string format = in.string(in.member(doc, "$", "format"), "$.format");
    if (format != kClockCalibrationFormat) {
        in.fail("$.format", "is \"" + format + "\"; expected \"" + std::string(kClockCalibrationFormat) + "\"");
    }
    ClockCalibration cal;
    cal.source = sourceName;
    if (in.hasMember(doc, "reference")) {
        cal.reference = in.string(doc.at("reference"), "$.reference");
    }
    if (in.hasMember(doc, "method")) {
        cal.method = in.string(doc.at("method"), "$.method");
    }
    const json& ranks = in.array(in.member(doc, "$", "ranks"), "$.ranks");
    if (ranks.empty()) {
        in.fail("$.ranks", "must list at least one rank");
    }
    auto exact = [&](const json& value, const std::string& path, bool allowNegative) {
        if (!value.is_number()) {
            in.fail(path, "must be a number of microseconds");
        }
        auto found = raw.text.find(path);
        if (found == raw.text.end()) {
            in.fail(path, "could not be read exactly");
        }
        auto parsed = parseScaledDecimal(found->second, kMicrosToNanosScale, allowNegative);
        if (parsed.error != DecimalError::None) {
            in.fail(path, "value " + found->second + " " + std::string(decimalErrorText(parsed.error)));
        }
        return parsed.value;
    };
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const std::string path = strict_json::child("$.ranks", i);
        const json& entry = in.object(ranks[i], path);
        in.onlyKeys(entry, path, {"rank", "offset_us", "uncertainty_us"});
        RankClock clock;
        clock.rank = static_cast<std::int32_t>(
            in.integer(in.member(entry, path, "rank"), strict_json::child(path, "rank"), 0, 2147483647));
        clock.offsetNs = exact(in.member(entry, path, "offset_us"), strict_json::child(path, "offset_us"), true);
        clock.uncertaintyNs =
            exact(in.member(entry, path, "uncertainty_us"), strict_json::child(path, "uncertainty_us"), false);
        if (std::any_of(cal.ranks.begin(), cal.ranks.end(), [&](const RankClock& c) { return c.rank == clock.rank; })) {
            in.fail(strict_json::child(path, "rank"), "rank " + std::to_string(clock.rank) + " appears twice");
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
    std::string out = "{\"format\":";
    json_text::appendString(out, kClockCalibrationFormat);
    if (!cal.reference.empty()) {
        out += ",\"reference\":";
        json_text::appendString(out, cal.reference);
    }
    if (!cal.method.empty()) {
        out += ",\"method\":";
        json_text::appendString(out, cal.method);
    }
    out += ",\"ranks\":[";
    for (std::size_t i = 0; i < cal.ranks.size(); ++i) {
        const auto& c = cal.ranks[i];
        out += i == 0 ? "" : ",";
        out += "{\"rank\":" + std::to_string(c.rank) +
               ",\"offset_us\":" + formatScaledDecimal(c.offsetNs, kMicrosToNanosScale) +
               ",\"uncertainty_us\":" + formatScaledDecimal(c.uncertaintyNs, kMicrosToNanosScale) + "}";
    }
    out += "]}\n";
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
