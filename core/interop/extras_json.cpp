#include "core/interop/extras_json.h"

#include "core/report/json_scan.h"
#include "core/util/decimal.h"
#include "core/util/json/writer.h"

namespace cc::interop {

void ExtrasJson::text(const std::string& key, std::string_view value)
{
    std::string out;
    json::appendString(out, value);
    values_[key] = std::move(out);
}

void ExtrasJson::integer(const std::string& key, std::int64_t value)
{
    values_[key] = std::to_string(value);
}

void ExtrasJson::micros(const std::string& key, Ns value)
{
    values_[key] = formatScaledDecimal(value, kMicrosToNanosScale);
}

std::string ExtrasJson::json() const
{
    if (values_.empty()) {
        return {};
    }
    std::string out = "{";
    for (const auto& [key, value] : values_) {
        if (out.size() > 1) {
            out += ',';
        }
        json::appendString(out, key);
        out += ':';
        out += value;
    }
    out += '}';
    return out;
}

std::optional<std::string> extraValue(std::string_view extrasJson, std::string_view key)
{
    if (extrasJson.empty() || extrasJson.find(key) == std::string_view::npos) {
        return std::nullopt;
    }
    for (const auto& member : json_scan::topLevelMembers(extrasJson, "<event extras>")) {
        if (member.key == key) {
            return std::string(extrasJson.substr(member.begin, member.end - member.begin));
        }
    }
    return std::nullopt;
}

} // namespace cc::interop
