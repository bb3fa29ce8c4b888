#include "core/configs/physical_configs.h"

#include "core/configs/config_io.h"

#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <set>

namespace cc {

namespace {

constexpr std::uint64_t kMaxPhysicalConfigFileBytes = 1ULL << 20;
constexpr std::size_t kMaxPhysicalConfigurations = 32;
constexpr std::size_t kMaxEnvironmentValueLength = 64;

std::string shown(std::string_view text)
{
    std::string head(text.substr(0, 40));
    return "\"" + head + (text.size() > 40 ? "…" : "") + "\"";
}

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return out;
}

/// A comma list of tokens from allowed (case-insensitive, as NCCL reads them), optionally
/// negated as a whole by a leading '^'.
bool isTokenList(std::string_view value, const std::vector<std::string_view>& allowed)
{
    if (!value.empty() && value.front() == '^') {
        value.remove_prefix(1);
    }
    if (value.empty()) {
        return false;
    }
    std::size_t begin = 0;
    while (begin <= value.size()) {
        std::size_t end = value.find(',', begin);
        if (end == std::string_view::npos) {
            end = value.size();
        }
        const std::string token = lower(value.substr(begin, end - begin));
        if (std::none_of(allowed.begin(), allowed.end(), [&](std::string_view a) { return lower(a) == token; })) {
            return false;
        }
        begin = end + 1;
    }
    return true;
}

std::optional<std::int64_t> positiveInteger(std::string_view value, std::int64_t max)
{
    if (value.empty() || value.size() > 12 || value.front() == '0') {
        return std::nullopt;
    }
    std::int64_t n = 0;
    for (char c : value) {
        if (c < '0' || c > '9') {
            return std::nullopt;
        }
        n = n * 10 + (c - '0');
    }
    if (n > max) {
        return std::nullopt;
    }
    return n;
}

bool isInterfaceList(std::string_view value)
{
    // GLOO_SOCKET_IFNAME: interface names (at most 15 characters each), comma separated.
    std::size_t begin = 0;
    while (begin <= value.size()) {
        std::size_t end = value.find(',', begin);
        if (end == std::string_view::npos) {
            end = value.size();
        }
        const std::string_view name = value.substr(begin, end - begin);
        if (name.empty() || name.size() > 15 ||
            !std::all_of(name.begin(), name.end(), [](char c) { return isConfigNameChar(c) || c == ':'; })) {
            return false;
        }
        begin = end + 1;
    }
    return true;
}

struct EnvRule {
    std::string_view name;
    std::string_view backend; ///< the only backend that reads it
    std::string_view rule;    ///< what the value must be, for the refusal
};

const std::vector<EnvRule>& envRules()
{
    static const std::vector<EnvRule> rules{
        {"GLOO_SOCKET_IFNAME", "gloo",
         "interface names (at most 15 characters from A-Z a-z 0-9 _ . - :), comma separated"},
        {"NCCL_ALGO", "nccl",
         "a comma list of Ring, Tree, CollnetDirect, CollnetChain, NVLS, NVLSTree (optionally ^ first)"},
        {"NCCL_BUFFSIZE", "nccl", "a whole number of bytes from 1 to 2147483648"},
        {"NCCL_MAX_NCHANNELS", "nccl", "a whole number from 1 to 64"},
        {"NCCL_MIN_NCHANNELS", "nccl", "a whole number from 1 to 64"},
        {"NCCL_NTHREADS", "nccl", "a whole number from 1 to 1024"},
        {"NCCL_PROTO", "nccl", "a comma list of LL, LL128, Simple (optionally ^ first)"},
    };
    return rules;
}

bool envValueValid(std::string_view name, std::string_view value)
{
    if (value.size() > kMaxEnvironmentValueLength) {
        return false;
    }
    if (name == "GLOO_SOCKET_IFNAME") {
        return isInterfaceList(value);
    }
    if (name == "NCCL_ALGO") {
        return isTokenList(value, {"Ring", "Tree", "CollnetDirect", "CollnetChain", "NVLS", "NVLSTree"});
    }
    if (name == "NCCL_PROTO") {
        return isTokenList(value, {"LL", "LL128", "Simple"});
    }
    if (name == "NCCL_BUFFSIZE") {
        return positiveInteger(value, 2147483648LL).has_value();
    }
    if (name == "NCCL_MIN_NCHANNELS" || name == "NCCL_MAX_NCHANNELS") {
        return positiveInteger(value, 64).has_value();
    }
    if (name == "NCCL_NTHREADS") {
        return positiveInteger(value, 1024).has_value();
    }
    return false;
}

const EnvRule* findEnvRule(std::string_view name)
{
    for (const auto& r : envRules()) {
        if (r.name == name) {
            return &r;
        }
    }
    return nullptr;
}

std::string allowlistText()
{
    std::string text;
    for (const auto& r : envRules()) {
        text += (text.empty() ? "" : ", ") + std::string(r.name);
    }
    return text;
}

[[noreturn]] void fail(const std::string& source, const std::string& path, const std::string& rule)
{
    json::Reader(source).fail(path, rule);
}

void validateConfig(const PhysicalConfig& c, const std::string& source, const std::string& path)
{
    if (!isValidConfigName(c.name)) {
        fail(source, json::childPath(path, "name"),
             "must be 1 to 64 characters from A-Z a-z 0-9 _ . - (got " + shown(c.name) + ")");
    }
    if (c.description.size() > kMaxConfigDescriptionLength) {
        fail(source, json::childPath(path, "description"),
             "must be at most " + std::to_string(kMaxConfigDescriptionLength) + " bytes");
    }
    if (c.backend != "gloo" && c.backend != "nccl") {
        fail(source, json::childPath(path, "backend"), "must be \"gloo\" or \"nccl\" (got " + shown(c.backend) + ")");
    }
    if (c.device != "cpu" && c.device != "cuda") {
        fail(source, json::childPath(path, "device"), "must be \"cpu\" or \"cuda\" (got " + shown(c.device) + ")");
    }
    if (c.backend == "nccl" && c.device != "cuda") {
        fail(source, json::childPath(path, "device"), "must be \"cuda\" for the nccl backend (NCCL runs on GPUs only)");
    }
    const std::string envPath = json::childPath(path, "environment");
    std::optional<std::int64_t> minChannels;
    std::optional<std::int64_t> maxChannels;
    for (std::size_t i = 0; i < c.environment.size(); ++i) {
        const auto& [name, value] = c.environment[i];
        const std::string p = json::childPath(envPath, name);
        if (i > 0 && !(c.environment[i - 1].first < name)) {
            fail(source, p, "variables must be unique and sorted by name");
        }
        const EnvRule* rule = findEnvRule(name);
        if (rule == nullptr) {
            fail(source, p,
                 "the environment variable " + shown(name) + " is not on the allowlist (" + allowlistText() +
                     "); a physical configuration may set only variables whose effect on collectives is known");
        }
        if (rule->backend != c.backend) {
            fail(source, p,
                 std::string(name) + " is read by the " + std::string(rule->backend) + " backend only; this is a " +
                     c.backend + " configuration, where it would have no effect");
        }
        if (!envValueValid(name, value)) {
            fail(source, p, "must be " + std::string(rule->rule) + " (got " + shown(value) + ")");
        }
        if (name == "NCCL_MIN_NCHANNELS") {
            minChannels = positiveInteger(value, 64);
        }
        if (name == "NCCL_MAX_NCHANNELS") {
            maxChannels = positiveInteger(value, 64);
        }
    }
    if (minChannels && maxChannels && *minChannels > *maxChannels) {
        fail(source, json::childPath(envPath, "NCCL_MIN_NCHANNELS"), "must not exceed NCCL_MAX_NCHANNELS");
    }
    if (c.backend == "gloo") {
        if (c.glooThreads < 1 || c.glooThreads > 64) {
            fail(source, json::childPath(json::childPath(path, "gloo"), "threads"), "must be from 1 to 64");
        }
    } else if (c.glooThreads != 0) {
        fail(source, json::childPath(path, "gloo"), "gloo options apply to the gloo backend only");
    }
    if (c.shaping) {
        const std::string sp = json::childPath(path, "shaping");
        const LoopbackShaping& s = *c.shaping;
        if (c.backend != "gloo") {
            fail(source, sp, "loopback shaping limits gloo's TCP transport; NCCL does not use the loopback device");
        }
        if (s.qdisc != "tbf" && s.qdisc != "htb") {
            fail(source, json::childPath(sp, "qdisc"),
                 "must be \"tbf\" or \"htb\" (got " + shown(s.qdisc) + "; netem is not available on every kernel)");
        }
        if (s.rateBitsPerS < 1000 || s.rateBitsPerS > 1'000'000'000'000) {
            fail(source, json::childPath(sp, "rate_bits_per_s"), "must be from 1000 to 10^12");
        }
        if (s.burstBytes < 1 || s.burstBytes > (1LL << 30)) {
            fail(source, json::childPath(sp, "burst_bytes"), "must be from 1 to 2^30");
        }
        if (s.qdisc == "tbf" && (s.latencyUs < 1 || s.latencyUs > 10'000'000)) {
            fail(source, json::childPath(sp, "latency_us"), "must be from 1 to 10^7 for tbf");
        }
        if (s.qdisc == "htb" && s.latencyUs != 0) {
            fail(source, json::childPath(sp, "latency_us"), "applies to tbf only (htb has no queue latency limit)");
        }
    }
}

PhysicalConfig readConfig(const json::Reader& reader, const json::Value& value, const std::string& path)
{
    reader.object(value, path);
    reader.onlyKeys(value, path, {"name", "description", "backend", "device", "environment", "gloo", "shaping"});
    PhysicalConfig c;
    c.name = reader.string(reader.member(value, path, "name"), json::childPath(path, "name"));
    if (const auto* d = reader.optional(value, path, "description")) {
        c.description = reader.string(*d, json::childPath(path, "description"));
    }
    c.backend = reader.string(reader.member(value, path, "backend"), json::childPath(path, "backend"));
    c.device = reader.string(reader.member(value, path, "device"), json::childPath(path, "device"));
    if (const auto* env = reader.optional(value, path, "environment")) {
        const std::string envPath = json::childPath(path, "environment");
        reader.object(*env, envPath);
        for (const auto& m : env->members()) {
            c.environment.emplace_back(m.key, reader.string(m.value, json::childPath(envPath, m.key)));
        }
        // Duplicate keys were refused by the parser: sorting gives the canonical order.
        std::sort(c.environment.begin(), c.environment.end());
    }
    if (const auto* gloo = reader.optional(value, path, "gloo")) {
        const std::string gp = json::childPath(path, "gloo");
        reader.object(*gloo, gp);
        reader.onlyKeys(*gloo, gp, {"threads"});
        c.glooThreads = kDefaultGlooThreads;
        if (const auto* t = reader.optional(*gloo, gp, "threads")) {
            c.glooThreads = static_cast<int>(reader.integer(*t, json::childPath(gp, "threads"), 1, 64));
        }
        if (c.backend != "gloo") {
            reader.fail(gp, "gloo options apply to the gloo backend only");
        }
    } else if (c.backend == "gloo") {
        c.glooThreads = kDefaultGlooThreads;
    }
    if (const auto* shaping = reader.optional(value, path, "shaping"); shaping != nullptr && !shaping->isNull()) {
        const std::string sp = json::childPath(path, "shaping");
        reader.object(*shaping, sp);
        reader.onlyKeys(*shaping, sp, {"qdisc", "rate_bits_per_s", "burst_bytes", "latency_us"});
        LoopbackShaping s;
        s.qdisc = reader.string(reader.member(*shaping, sp, "qdisc"), json::childPath(sp, "qdisc"));
        s.rateBitsPerS = reader.integer(reader.member(*shaping, sp, "rate_bits_per_s"),
                                        json::childPath(sp, "rate_bits_per_s"), 1000, 1'000'000'000'000);
        s.burstBytes = reader.integer(reader.member(*shaping, sp, "burst_bytes"), json::childPath(sp, "burst_bytes"), 1,
                                      1LL << 30);
        if (const auto* l = reader.optional(*shaping, sp, "latency_us")) {
            s.latencyUs = reader.integer(*l, json::childPath(sp, "latency_us"), 0, 10'000'000);
        } else if (s.qdisc == "tbf") {
            reader.fail(sp, "tbf needs latency_us (how long a packet may wait in the bucket)");
        }
        c.shaping = s;
    }
    return c;
}

void writeConfig(json::Writer& w, const PhysicalConfig& c)
{
    w.beginObject();
    w.field("name", c.name);
    w.field("description", c.description);
    w.field("backend", c.backend);
    w.field("device", c.device);
    w.key("environment").beginObject();
    for (const auto& [name, value] : c.environment) {
        w.field(name, value);
    }
    w.endObject();
    if (c.backend == "gloo") {
        w.key("gloo").beginObject().field("threads", c.glooThreads).endObject();
    }
    w.key("shaping");
    if (c.shaping) {
        w.beginObject();
        w.field("qdisc", c.shaping->qdisc);
        w.field("rate_bits_per_s", c.shaping->rateBitsPerS);
        w.field("burst_bytes", c.shaping->burstBytes);
        if (c.shaping->qdisc == "tbf") {
            w.field("latency_us", c.shaping->latencyUs);
        }
        w.endObject();
    } else {
        w.null();
    }
    w.endObject();
}

} // namespace

const PhysicalConfig* PhysicalConfigSet::find(std::string_view configName) const
{
    for (const auto& c : configurations) {
        if (c.name == configName) {
            return &c;
        }
    }
    return nullptr;
}

static void validatePhysicalConfigSetAt(const PhysicalConfigSet& set, const std::string& sourceName,
                                        const std::string& prefix);

void validatePhysicalConfigSet(const PhysicalConfigSet& set, const std::string& sourceName)
{
    validatePhysicalConfigSetAt(set, sourceName, "$");
}

const std::vector<std::string_view>& physicalEnvironmentAllowlist()
{
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (const auto& r : envRules()) {
            out.push_back(r.name);
        }
        return out;
    }();
    return names;
}

static void validatePhysicalConfigSetAt(const PhysicalConfigSet& set, const std::string& sourceName,
                                        const std::string& prefix)
{
    if (!isValidConfigName(set.name)) {
        fail(sourceName, json::childPath(prefix, "name"),
             "must be 1 to 64 characters from A-Z a-z 0-9 _ . - (got " + shown(set.name) + ")");
    }
    if (set.description.size() > kMaxConfigDescriptionLength) {
        fail(sourceName, json::childPath(prefix, "description"),
             "must be at most " + std::to_string(kMaxConfigDescriptionLength) + " bytes");
    }
    if (set.configurations.empty() || set.configurations.size() > kMaxPhysicalConfigurations) {
        fail(sourceName, json::childPath(prefix, "configurations"),
             "must hold 1 to " + std::to_string(kMaxPhysicalConfigurations) + " configurations");
    }
    std::set<std::string> names;
    for (std::size_t i = 0; i < set.configurations.size(); ++i) {
        const std::string path = json::childPath(json::childPath(prefix, "configurations"), i);
        validateConfig(set.configurations[i], sourceName, path);
        if (!names.insert(set.configurations[i].name).second) {
            fail(sourceName, json::childPath(path, "name"),
                 "configuration names must be unique (" + shown(set.configurations[i].name) + " repeats)");
        }
    }
}

PhysicalConfigSet physicalConfigSetFromJson(const json::Value& value, const std::string& sourceName,
                                            const std::string& pathPrefix)
{
    const json::Reader reader(sourceName);
    reader.object(value, pathPrefix);
    reader.onlyKeys(value, pathPrefix, {"format", "name", "description", "configurations"});
    const std::string formatPath = json::childPath(pathPrefix, "format");
    const std::string format = reader.string(reader.member(value, pathPrefix, "format"), formatPath);
    if (format != kPhysicalConfigsFormat) {
        reader.fail(formatPath, "must be \"" + std::string(kPhysicalConfigsFormat) + "\" (got " + shown(format) + ")");
    }
    PhysicalConfigSet set;
    set.name = reader.string(reader.member(value, pathPrefix, "name"), json::childPath(pathPrefix, "name"));
    if (const auto* d = reader.optional(value, pathPrefix, "description")) {
        set.description = reader.string(*d, json::childPath(pathPrefix, "description"));
    }
    const std::string listPath = json::childPath(pathPrefix, "configurations");
    const auto& list = reader.array(reader.member(value, pathPrefix, "configurations"), listPath);
    if (list.size() > kMaxPhysicalConfigurations) {
        reader.fail(listPath, "must hold 1 to " + std::to_string(kMaxPhysicalConfigurations) + " configurations");
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        set.configurations.push_back(readConfig(reader, list[i], json::childPath(listPath, i)));
    }
    validatePhysicalConfigSetAt(set, sourceName, pathPrefix);
    return set;
}

PhysicalConfigSet parsePhysicalConfigSet(std::string_view json, const std::string& sourceName)
{
    const json::Value doc = json::parse(json, sourceName);
    return physicalConfigSetFromJson(doc, sourceName, "$");
}

PhysicalConfigSet readPhysicalConfigSet(const std::filesystem::path& path)
{
    const std::string bytes = readFileBounded(path, kMaxPhysicalConfigFileBytes);
    return parsePhysicalConfigSet(bytes, path.string());
}

std::string physicalConfigJson(const PhysicalConfig& config)
{
    std::string out;
    json::Writer w(out);
    writeConfig(w, config);
    return out;
}

std::string physicalConfigSetJson(const PhysicalConfigSet& set)
{
    std::string out;
    json::Writer w(out);
    w.beginObject();
    w.field("format", kPhysicalConfigsFormat);
    w.field("name", set.name);
    w.field("description", set.description);
    w.key("configurations").beginArray();
    for (const auto& c : set.configurations) {
        writeConfig(w, c);
    }
    w.endArray();
    w.endObject();
    return out;
}

std::vector<std::vector<std::string>> shapingTcCommands(const LoopbackShaping& s, const std::string& dev)
{
    // tc reads a bare "bit" rate as bits per second, "b" as bytes and "us" as microseconds.
    const std::string rate = std::to_string(s.rateBitsPerS) + "bit";
    const std::string burst = std::to_string(s.burstBytes) + "b";
    if (s.qdisc == "htb") {
        return {{"qdisc", "add", "dev", dev, "root", "handle", "1:", "htb", "default", "10"},
                {"class", "add", "dev", dev, "parent", "1:", "classid", "1:10", "htb", "rate", rate, "burst", burst}};
    }
    return {{"qdisc", "add", "dev", dev, "root", "tbf", "rate", rate, "burst", burst, "latency",
             std::to_string(s.latencyUs) + "us"}};
}

std::string shapingText(const LoopbackShaping& s)
{
    std::string text =
        s.qdisc + " rate " + std::to_string(s.rateBitsPerS) + " bit/s burst " + std::to_string(s.burstBytes) + " B";
    if (s.qdisc == "tbf") {
        text += " latency " + std::to_string(s.latencyUs) + " us";
    }
    return text;
}

} // namespace cc
