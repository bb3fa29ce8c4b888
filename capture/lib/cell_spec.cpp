#include "capture/lib/cell_spec.h"

#include "capture/lib/json_io.h"
#include "core/util/wide_int.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"

#include <array>
#include <cstdio>
#include <limits>
#include <utility>

namespace cc::capture {

std::string_view backendName(Backend backend)
{
    return backend == Backend::Gloo ? "gloo" : "nccl";
}

std::string_view deviceName(Device device)
{
    return device == Device::Cpu ? "cpu" : "cuda";
}

std::string_view modelKindName(ModelKind kind)
{
    return kind == ModelKind::ResidualMlp ? "mlp" : "gpt";
}

std::optional<Backend> backendFromName(std::string_view name)
{
    if (name == "gloo") {
        return Backend::Gloo;
    }
    if (name == "nccl") {
        return Backend::Nccl;
    }
    return std::nullopt;
}

std::optional<Device> deviceFromName(std::string_view name)
{
    if (name == "cpu") {
        return Device::Cpu;
    }
    if (name == "cuda") {
        return Device::Cuda;
    }
    return std::nullopt;
}

std::optional<ModelKind> modelKindFromName(std::string_view name)
{
    if (name == "mlp") {
        return ModelKind::ResidualMlp;
    }
    if (name == "gpt") {
        return ModelKind::GptDecoder;
    }
    return std::nullopt;
}

std::string rangeProblem(std::string_view what, OptionRange range, std::int64_t got)
{
    return std::string(what) + " must be between " + std::to_string(range.min) + " and " + std::to_string(range.max) +
           " (got " + std::to_string(got) + ")";
}

std::optional<std::string> cellSpecProblem(const CellSpec& spec)
{
    if (!kWorldSizeRange.contains(spec.worldSize)) {
        return rangeProblem("world size", kWorldSizeRange, spec.worldSize);
    }
    if (!kModelParamsRange.contains(spec.modelParams)) {
        return "model size must be between 100k and 20G parameters (got " + std::to_string(spec.modelParams) + ")";
    }
    if (!kIterationsRange.contains(spec.iterations)) {
        return rangeProblem("iterations", kIterationsRange, spec.iterations);
    }
    if (!kWarmupRange.contains(spec.warmup)) {
        return rangeProblem("warm-up", kWarmupRange, spec.warmup);
    }
    if (!kBucketBytesRange.contains(spec.bucketCapBytes)) {
        return "bucket cap must be between 1 KiB and 64 GiB (got " + std::to_string(spec.bucketCapBytes) + " B)";
    }
    if (spec.firstBucketBytes < kBucketBytesRange.min || spec.firstBucketBytes > spec.bucketCapBytes) {
        return "first bucket size must be between 1 KiB and the bucket cap (got " +
               std::to_string(spec.firstBucketBytes) + " B)";
    }
    if (!kBatchSizeRange.contains(spec.batchSize)) {
        return rangeProblem("batch size", kBatchSizeRange, spec.batchSize);
    }
    if (spec.backend == Backend::Nccl && spec.device != Device::Cuda) {
        return "the nccl backend runs on CUDA devices only: use --device cuda, or --backend gloo for CPU tensors";
    }
    return std::nullopt;
}

namespace {

std::string mibText(std::int64_t bytes)
{
    if (bytes % kMiB == 0) {
        return std::to_string(bytes / kMiB) + "MiB";
    }
    if (bytes % 1024 == 0) {
        return std::to_string(bytes / 1024) + "KiB";
    }
    return std::to_string(bytes) + "B";
}

} // namespace

std::string cellId(const CellSpec& spec)
{
    std::string id(modelKindName(spec.model));
    id += formatCount(spec.modelParams);
    for (char& c : id) {
        if (c == '.') {
            c = 'p';
        }
    }
    id += "_";
    id += backendName(spec.backend);
    id += "_";
    id += deviceName(spec.device);
    id += "_ws" + std::to_string(spec.worldSize);
    id += "_cap" + mibText(spec.bucketCapBytes);
    id += "_it" + std::to_string(spec.iterations) + "_wu" + std::to_string(spec.warmup);
    return id;
}

json::Value cellSpecToJson(const CellSpec& spec)
{
    json::Value j = json::Value::object();
    j.set("world_size", spec.worldSize);
    j.set("backend", backendName(spec.backend));
    j.set("device", deviceName(spec.device));
    j.set("model", modelKindName(spec.model));
    j.set("model_params", spec.modelParams);
    j.set("iterations", spec.iterations);
    j.set("warmup", spec.warmup);
    j.set("bucket_cap_bytes", spec.bucketCapBytes);
    j.set("first_bucket_bytes", spec.firstBucketBytes);
    j.set("batch_size", spec.batchSize);
    j.set("seed", spec.seed);
    return j;
}

CellSpec cellSpecFromJson(const json::Value& value, const std::string& source, const std::string& path)
{
    const json::Reader in(source);
    const Fields f(in, value, path);
    constexpr int kMaxInt = std::numeric_limits<int>::max();
    CellSpec spec;
    spec.worldSize = f.intIn("world_size", 0, kMaxInt);
    auto backend = backendFromName(f.string("backend"));
    if (!backend) {
        f.fail("backend", "must be \"gloo\" or \"nccl\"");
    }
    spec.backend = *backend;
    auto device = deviceFromName(f.string("device"));
    if (!device) {
        f.fail("device", "must be \"cpu\" or \"cuda\"");
    }
    spec.device = *device;
    auto model = modelKindFromName(f.string("model"));
    if (!model) {
        f.fail("model", "must be \"mlp\" or \"gpt\"");
    }
    spec.model = *model;
    spec.modelParams = f.nonNegative("model_params");
    spec.iterations = f.intIn("iterations", 0, kMaxInt);
    spec.warmup = f.intIn("warmup", 0, kMaxInt);
    spec.bucketCapBytes = f.nonNegative("bucket_cap_bytes");
    spec.firstBucketBytes = f.nonNegative("first_bucket_bytes");
    spec.batchSize = f.intIn("batch_size", 0, kMaxInt);
    spec.seed = f.unsignedInteger("seed");
    if (auto problem = cellSpecProblem(spec)) {
        in.fail(path, *problem);
    }
    return spec;
}

namespace {

struct Suffix {
    std::string_view text;
    int decimalScale;
};

} // namespace

std::optional<std::int64_t> parseCount(std::string_view text)
{
    static constexpr std::array<Suffix, 4> suffixes{{{"k", 3}, {"K", 3}, {"M", 6}, {"G", 9}}};
    int scale = 0;
    for (const auto& s : suffixes) {
        if (text.size() > s.text.size() && text.ends_with(s.text)) {
            scale = s.decimalScale;
            text.remove_suffix(s.text.size());
            break;
        }
    }
    ScaledValue v = parseScaledDecimal(text, scale);
    if (v.error != DecimalError::None || v.value <= 0) {
        return std::nullopt;
    }
    return v.value;
}

std::string formatCount(std::int64_t count)
{
    static constexpr std::array<std::pair<std::int64_t, char>, 3> units{
        {{1'000'000'000, 'G'}, {1'000'000, 'M'}, {1'000, 'k'}}};
    for (auto [unit, letter] : units) {
        if (count >= unit) {
            // Exact decimal of count/unit, at most three fraction digits; otherwise spell it out.
            if (count % (unit / 1000) == 0) {
                return formatScaledDecimal(count / (unit / 1000), 3) + letter;
            }
            break;
        }
    }
    return std::to_string(count);
}

std::optional<std::int64_t> parseMebibytes(std::string_view text)
{
    ScaledValue v = parseScaledDecimal(text, 6); // micro-MiB
    if (v.error != DecimalError::None || v.value <= 0) {
        return std::nullopt;
    }
    WideInt bytes = static_cast<WideInt>(v.value) * kMiB;
    if (bytes % 1'000'000 != 0) {
        return std::nullopt; // not a whole number of bytes
    }
    bytes /= 1'000'000;
    if (bytes > static_cast<WideInt>(1) << 62) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(bytes);
}

std::optional<std::int64_t> parseByteSize(std::string_view text)
{
    static constexpr std::array<std::pair<std::string_view, std::int64_t>, 7> suffixes{{{"TiB", 1024 * kGiB},
                                                                                        {"GiB", kGiB},
                                                                                        {"MiB", kMiB},
                                                                                        {"KiB", 1024},
                                                                                        {"GB", 1'000'000'000},
                                                                                        {"MB", 1'000'000},
                                                                                        {"B", 1}}};
    std::int64_t unit = 1;
    for (const auto& [suffix, factor] : suffixes) {
        if (text.size() > suffix.size() && text.ends_with(suffix)) {
            unit = factor;
            text.remove_suffix(suffix.size());
            break;
        }
    }
    ScaledValue v = parseScaledDecimal(text, 6);
    if (v.error != DecimalError::None || v.value <= 0) {
        return std::nullopt;
    }
    WideInt bytes = static_cast<WideInt>(v.value) * unit;
    // Sizes like "9.34GiB" are rounded down to the byte: a budget is never rounded up.
    bytes /= 1'000'000;
    if (bytes <= 0 || bytes > static_cast<WideInt>(1) << 62) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(bytes);
}

std::string formatBytes(std::int64_t bytes)
{
    const bool negative = bytes < 0;
    const std::int64_t magnitude = negative ? -bytes : bytes;
    char buffer[64];
    if (magnitude >= kGiB) {
        // Two decimals, computed in integers and rounded half up, so the text is deterministic.
        const std::int64_t hundredths = (magnitude * 100 + kGiB / 2) / kGiB;
        std::snprintf(buffer, sizeof buffer, "%s%lld.%02lld GiB", negative ? "-" : "",
                      static_cast<long long>(hundredths / 100), static_cast<long long>(hundredths % 100));
    } else if (magnitude >= kMiB) {
        const std::int64_t tenths = (magnitude * 10 + kMiB / 2) / kMiB;
        std::snprintf(buffer, sizeof buffer, "%s%lld.%lld MiB", negative ? "-" : "",
                      static_cast<long long>(tenths / 10), static_cast<long long>(tenths % 10));
    } else if (magnitude >= 1024) {
        const std::int64_t tenths = (magnitude * 10 + 512) / 1024;
        std::snprintf(buffer, sizeof buffer, "%s%lld.%lld KiB", negative ? "-" : "",
                      static_cast<long long>(tenths / 10), static_cast<long long>(tenths % 10));
    } else {
        std::snprintf(buffer, sizeof buffer, "%s%lld B", negative ? "-" : "", static_cast<long long>(magnitude));
    }
    return buffer;
}

} // namespace cc::capture
