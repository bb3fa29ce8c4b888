#include "core/configs/config_io.h"

#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <array>
#include <set>

namespace cc {

namespace {

constexpr std::uint64_t kMaxConfigFileBytes = 16ULL << 20;
constexpr std::size_t kMaxConfigurations = 64;
/// An integer field of a configuration (Owner: BackendConfig or its TailNoiseParams), its range
/// and its member.
template <class Owner> struct IntField {
    std::string_view key;
    std::int64_t min;
    std::int64_t max;
    std::int64_t Owner::*member;
};

constexpr std::array<IntField<BackendConfig>, 8> kConfigFields{{
    {"bus_bandwidth_mb_per_s", 1, 1'000'000'000, &BackendConfig::busBandwidthMbPerS},
    {"launch_latency_ns", 0, 1'000'000'000'000, &BackendConfig::launchLatencyNs},
    {"step_latency_ns", 0, 1'000'000'000'000, &BackendConfig::stepLatencyNs},
    {"channels_per_resource", 1, 1024, &BackendConfig::channelsPerResource},
    {"max_channels", 1, 4096, &BackendConfig::maxChannels},
    {"contention_ppm", 0, 10 * kPpmOne, &BackendConfig::contentionPpm},
    {"overlap_efficiency_ppm", 0, kPpmOne, &BackendConfig::overlapEfficiencyPpm},
    {"pressure_sensitivity_ppm", 0, 100 * kPpmOne, &BackendConfig::pressureSensitivityPpm},
}};

constexpr std::array<IntField<TailNoiseParams>, 5> kTailFields{{
    {"probability_ppm", 0, kPpmOne, &TailNoiseParams::probabilityPpm},
    {"skew_gain_ppm", 0, kPpmOne, &TailNoiseParams::skewGainPpm},
    {"pressure_gain_ppm", 0, kPpmOne, &TailNoiseParams::pressureGainPpm},
    {"contention_gain_ppm", 0, kPpmOne, &TailNoiseParams::contentionGainPpm},
    {"scale_ppm", 0, 100 * kPpmOne, &TailNoiseParams::scalePpm},
}};

const char* kNameRule = "must be 1 to 64 characters from A-Z a-z 0-9 _ . -";

std::string readName(const json::Reader& reader, const json::Value& obj, const std::string& path)
{
    std::string p = json::childPath(path, "name");
    std::string name = reader.string(reader.member(obj, path, "name"), p);
    if (!isValidConfigName(name)) {
        reader.fail(p, std::string(kNameRule) + " (got \"" + name + "\")");
    }
    return name;
}

std::string readDescription(const json::Reader& reader, const json::Value& obj, const std::string& path)
{
    if (!reader.hasMember(obj, "description")) {
        return {};
    }
    std::string p = json::childPath(path, "description");
    std::string text = reader.string(*obj.find("description"), p);
    if (text.size() > kMaxConfigDescriptionLength) {
        reader.fail(p, "must be at most " + std::to_string(kMaxConfigDescriptionLength) + " bytes");
    }
    return text;
}

BackendConfig readConfig(const json::Reader& reader, const json::Value& value, const std::string& path)
{
    reader.object(value, path);
    std::vector<std::string_view> allowed{"name", "description", "algorithm", "tail"};
    for (const auto& f : kConfigFields) {
        allowed.push_back(f.key);
    }
    reader.onlyKeys(value, path, allowed);
    BackendConfig config;
    config.name = readName(reader, value, path);
    config.description = readDescription(reader, value, path);
    std::string algorithmPath = json::childPath(path, "algorithm");
    std::string algorithm = reader.string(reader.member(value, path, "algorithm"), algorithmPath);
    if (algorithm == "ring") {
        config.algorithm = Algorithm::Ring;
    } else if (algorithm == "tree") {
        config.algorithm = Algorithm::Tree;
    } else {
        reader.fail(algorithmPath, "must be \"ring\" or \"tree\" (got \"" + algorithm + "\")");
    }
    for (const auto& f : kConfigFields) {
        config.*f.member =
            reader.integer(reader.member(value, path, f.key), json::childPath(path, f.key), f.min, f.max);
    }
    std::string tailPath = json::childPath(path, "tail");
    const auto& tail = reader.object(reader.member(value, path, "tail"), tailPath);
    std::vector<std::string_view> tailAllowed;
    for (const auto& f : kTailFields) {
        tailAllowed.push_back(f.key);
    }
    reader.onlyKeys(tail, tailPath, tailAllowed);
    for (const auto& f : kTailFields) {
        config.tail.*f.member =
            reader.integer(reader.member(tail, tailPath, f.key), json::childPath(tailPath, f.key), f.min, f.max);
    }
    return config;
}

} // namespace

bool isConfigNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '-';
}

bool isValidConfigName(std::string_view name)
{
    return !name.empty() && name.size() <= kMaxConfigNameLength &&
           std::all_of(name.begin(), name.end(), isConfigNameChar);
}

std::string_view algorithmName(Algorithm algorithm)
{
    return algorithm == Algorithm::Tree ? "tree" : "ring";
}

int ConfigSet::indexOf(std::string_view configName) const
{
    for (std::size_t i = 0; i < configurations.size(); ++i) {
        if (configurations[i].name == configName) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

void validateConfigSet(const ConfigSet& set, const std::string& sourceName)
{
    json::Reader reader(sourceName);
    if (!isValidConfigName(set.name)) {
        reader.fail("$.name", std::string(kNameRule) + " (got \"" + set.name + "\")");
    }
    if (set.configurations.empty()) {
        reader.fail("$.configurations", "must list at least one configuration");
    }
    if (set.configurations.size() > kMaxConfigurations) {
        reader.fail("$.configurations", "must list at most " + std::to_string(kMaxConfigurations) +
                                            " configurations (got " + std::to_string(set.configurations.size()) + ")");
    }
    std::set<std::string> names;
    for (std::size_t i = 0; i < set.configurations.size(); ++i) {
        const BackendConfig& c = set.configurations[i];
        std::string path = json::childPath("$.configurations", i);
        if (!isValidConfigName(c.name)) {
            reader.fail(json::childPath(path, "name"), std::string(kNameRule) + " (got \"" + c.name + "\")");
        }
        if (!names.insert(c.name).second) {
            reader.fail(json::childPath(path, "name"),
                        "duplicates the name \"" + c.name + "\" of an earlier configuration");
        }
        for (const auto& f : kConfigFields) {
            std::int64_t v = c.*f.member;
            if (v < f.min || v > f.max) {
                reader.fail(json::childPath(path, f.key), "must be between " + std::to_string(f.min) + " and " +
                                                              std::to_string(f.max) + " (got " + std::to_string(v) +
                                                              ")");
            }
        }
        for (const auto& f : kTailFields) {
            std::int64_t v = c.tail.*f.member;
            if (v < f.min || v > f.max) {
                reader.fail(json::childPath(json::childPath(path, "tail"), f.key),
                            "must be between " + std::to_string(f.min) + " and " + std::to_string(f.max) + " (got " +
                                std::to_string(v) + ")");
            }
        }
        if (c.channelsPerResource > c.maxChannels) {
            reader.fail(json::childPath(path, "channels_per_resource"),
                        "must not exceed max_channels (" + std::to_string(c.channelsPerResource) + " > " +
                            std::to_string(c.maxChannels) + "): the extra channels could never be used");
        }
    }
}

ConfigSet configSetFromJson(const json::Value& document, const std::string& sourceName, const std::string& pathPrefix)
{
    json::Reader reader(sourceName);
    const std::string& root = pathPrefix;
    reader.object(document, root);
    reader.onlyKeys(document, root, {"format", "name", "description", "configurations"});
    std::string formatPath = json::childPath(root, "format");
    std::string format = reader.string(reader.member(document, root, "format"), formatPath);
    if (format != kConfigsFormat) {
        reader.fail(formatPath, "must be \"" + std::string(kConfigsFormat) + "\" (got \"" + format + "\")");
    }
    ConfigSet set;
    set.name = readName(reader, document, root);
    set.description = readDescription(reader, document, root);
    std::string listPath = json::childPath(root, "configurations");
    const auto& list = reader.array(reader.member(document, root, "configurations"), listPath);
    if (list.size() > kMaxConfigurations) {
        reader.fail(listPath, "must list at most " + std::to_string(kMaxConfigurations) + " configurations (got " +
                                  std::to_string(list.size()) + ")");
    }
    std::set<std::string> names;
    for (std::size_t i = 0; i < list.size(); ++i) {
        std::string path = json::childPath(listPath, i);
        BackendConfig config = readConfig(reader, list[i], path);
        if (!names.insert(config.name).second) {
            reader.fail(json::childPath(path, "name"),
                        "duplicates the name \"" + config.name + "\" of an earlier configuration");
        }
        if (config.channelsPerResource > config.maxChannels) {
            reader.fail(json::childPath(path, "channels_per_resource"),
                        "must not exceed max_channels (" + std::to_string(config.channelsPerResource) + " > " +
                            std::to_string(config.maxChannels) + "): the extra channels could never be used");
        }
        set.configurations.push_back(std::move(config));
    }
    if (set.configurations.empty()) {
        reader.fail(listPath, "must list at least one configuration");
    }
    validateConfigSet(set, sourceName);
    return set;
}

ConfigSet parseConfigSet(std::string_view json, const std::string& sourceName)
{
    json::Value document = json::parse(json, sourceName);
    return configSetFromJson(document, sourceName, "$");
}

ConfigSet readConfigSet(const std::filesystem::path& path)
{
    std::string bytes = readFileBounded(path, kMaxConfigFileBytes);
    return parseConfigSet(bytes, path.string());
}

std::string configSetJson(const ConfigSet& set)
{
    std::string out;
    json::Writer w(out);
    w.beginObject().field("format", kConfigsFormat).field("name", set.name).field("description", set.description);
    w.key("configurations").beginArray();
    for (const BackendConfig& c : set.configurations) {
        w.beginObject().field("name", c.name).field("description", c.description);
        w.field("algorithm", algorithmName(c.algorithm));
        for (const auto& f : kConfigFields) {
            w.field(f.key, std::int64_t{c.*f.member});
        }
        w.key("tail").beginObject();
        for (const auto& f : kTailFields) {
            w.field(f.key, std::int64_t{c.tail.*f.member});
        }
        w.endObject().endObject();
    }
    w.endArray().endObject();
    return out;
}

std::string configSetSha256(const ConfigSet& set)
{
    return sha256Hex(configSetJson(set));
}

} // namespace cc
