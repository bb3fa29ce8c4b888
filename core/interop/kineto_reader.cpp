// The one translation unit of core/interop that parses on demand (core/util/json/ondemand.h; its
// engine's header is slow to compile). It parses the batches of whole events cut by the Chrome-trace
// splitter, looks at "cat" and "name" of every event and reads the rest only for communication records.
#include "core/interop/kineto_profile.h"

#include "core/interop/byte_source.h"
#include "core/interop/chrome_trace_reader.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/ondemand.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace cc::interop {

namespace {

namespace od = json::ondemand;

static_assert(kBatchPadding >= od::kPadding, "a batch carries the padding the on-demand parser reads past its end");

std::string_view trimToken(std::string_view text)
{
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    return text;
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

/// A CPU-side kernel launch: cudaLaunchKernel(ExC), cuLaunchKernel(Ex), cudaLaunchCooperativeKernel,
/// hip(Ext)(Module)LaunchKernel, cudaGraphLaunch ...
bool isLaunch(std::string_view cat, std::string_view name)
{
    return (cat == "cuda_runtime" || cat == "cuda_driver") && name.find("Launch") != std::string_view::npos;
}

bool containsCommKernelName(std::string_view name)
{
    // ncclKernel_*, ncclDevKernel_*, rccl*, msccl* ...
    for (std::size_t i = 0; i + 4 <= name.size(); ++i) {
        const char a = static_cast<char>(name[i] | 0x20);
        if ((a == 'n' || a == 'r') && (name[i + 1] | 0x20) == 'c' && (name[i + 2] | 0x20) == 'c' &&
            (name[i + 3] | 0x20) == 'l') {
            return true;
        }
    }
    return false;
}

class KinetoSink final : public ChromeTraceSink {
public:
    explicit KinetoSink(KinetoProfile& profile) : profile_(profile) {}

    bool wantsTopLevelValue(std::string_view key) override
    {
        return key == "distributedInfo" || key == "baseTimeNanoseconds" || key == "displayTimeUnit" ||
               key == "schemaVersion";
    }

    void topLevelValue(std::string_view key, std::string_view json) override
    {
        std::string text(json);
        if (key == "distributedInfo") {
            profile_.distributedInfoJson = std::move(text);
        } else if (key == "baseTimeNanoseconds") {
            profile_.baseTimeNanoseconds = std::move(text);
        } else if (key == "displayTimeUnit") {
            profile_.displayTimeUnit = std::move(text);
        } else if (key == "schemaVersion") {
            profile_.schemaVersion = std::move(text);
        }
    }

    void eventBatch(std::string_view json, const std::vector<std::uint64_t>& indices) override
    {
        std::size_t k = 0;
        index_ = indices.empty() ? 0 : indices.front();
        od::Document doc;
        od::Error error = parser_.iterate(json.data(), json.size(), json.size() + kBatchPadding, doc);
        if (error) {
            failAt(index_, "", std::string("malformed JSON: ") + error.message());
        }
        od::Array events;
        if ((error = doc.getArray(events))) {
            failAt(index_, "", std::string("malformed JSON: ") + error.message());
        }
        for (auto item : events) {
            if (k >= indices.size()) {
                failAt(index_, "", "malformed JSON between events");
            }
            index_ = indices[k++];
            od::Value value;
            if ((error = item.get(value))) {
                failAt(index_, "", std::string("malformed JSON: ") + error.message());
            }
            od::Object object;
            if (value.getObject(object)) {
                failAt(index_, "", "an event must be a JSON object");
            }
            event(object);
        }
    }

private:
    [[noreturn]] void failAt(std::size_t index, const std::string& field, const std::string& rule) const
    {
        Diagnostic d;
        d.file = profile_.sourceName;
        d.field = "traceEvents[" + std::to_string(index) + "]" + (field.empty() ? "" : "." + field);
        d.rule = rule;
        throw InputError(std::move(d));
    }

    void check(od::Error error, const std::string& field)
    {
        if (error) {
            failAt(index_, field, std::string("malformed JSON: ") + error.message());
        }
    }

    std::string_view stringOf(od::Value value, const std::string& field)
    {
        std::string_view text;
        const od::Error error = value.getString(text);
        if (error.incorrectType()) {
            failAt(index_, field, "must be a string");
        }
        check(error, field);
        return text;
    }

    /// A raw token without trailing spaces; strings keep their quotes.
    std::string_view rawOf(od::Value value) { return trimToken(value.rawToken()); }

    /// An integer written as a JSON number or as a string of digits.
    std::int64_t integerOf(od::Value value, const std::string& field)
    {
        std::string_view raw = rawOf(value);
        std::string_view digits = raw;
        if (digits.size() >= 2 && digits.front() == '"' && digits.back() == '"') {
            digits = digits.substr(1, digits.size() - 2);
        }
        std::int64_t out = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
        if (ec == std::errc::result_out_of_range) {
            failAt(index_, field, "integer " + std::string(raw) + " does not fit a signed 64-bit integer");
        }
        if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty()) {
            failAt(index_, field, "must be an integer (got " + std::string(raw.substr(0, 64)) + ")");
        }
        return out;
    }

    Ns timeOf(od::Value value, const std::string& field)
    {
        std::string_view raw = rawOf(value);
        auto parsed = parseScaledDecimal(raw, kMicrosToNanosScale, /*allowNegative=*/true);
        if (parsed.error != DecimalError::None) {
            failAt(index_, field,
                   "value " + std::string(raw.substr(0, 64)) + " (microseconds) " +
                       std::string(decimalErrorText(parsed.error)));
        }
        return parsed.value;
    }

    void event(od::Object& object)
    {
        std::string_view ph;
        std::string_view cat;
        std::string_view name;
        bool haveCat = false;
        bool haveName = false;
        bool decided = false;
        bool relevant = false;
        bool argsPending = false;
        KinetoRecord record;
        bool launch = false;
        auto decide = [&] {
            if (!haveName) {
                return;
            }
            if (name == "record_param_comms") {
                record.kind = KinetoRecordKind::ParamComms;
                relevant = true;
            } else if (!haveCat) {
                return;
            } else if (cat == "cpu_op" && startsWith(name, "c10d::")) {
                record.kind = KinetoRecordKind::C10dOp;
                relevant = true;
            } else if ((cat == "user_annotation" || cat == "gpu_user_annotation") &&
                       (startsWith(name, "nccl:") || startsWith(name, "gloo:"))) {
                record.kind = cat == "user_annotation" ? KinetoRecordKind::Annotation : KinetoRecordKind::GpuAnnotation;
                relevant = true;
            } else if (cat == "kernel" && containsCommKernelName(name)) {
                record.kind = KinetoRecordKind::Kernel;
                relevant = true;
            } else if (isLaunch(cat, name)) {
                launch = true; // kept aside (launches), never a record
                relevant = true;
            }
            decided = true;
        };
        bool haveTs = false;
        bool havePh = false;
        for (auto item : object) {
            od::Field field;
            check(std::move(item).get(field), "");
            const od::RawKey key = field.key();
            if (key.is("ph")) {
                ph = stringOf(field.value(), "ph");
                havePh = true;
            } else if (key.is("cat")) {
                cat = stringOf(field.value(), "cat");
                haveCat = true;
                decide();
            } else if (key.is("name")) {
                name = stringOf(field.value(), "name");
                record.name = std::string(name);
                haveName = true;
                decide();
            } else if (!decided || relevant) {
                if (key.is("ts")) {
                    record.ts = timeOf(field.value(), "ts");
                    haveTs = true;
                } else if (key.is("dur")) {
                    record.dur = timeOf(field.value(), "dur");
                } else if (key.is("pid")) {
                    record.pid = std::string(rawOf(field.value()));
                } else if (key.is("tid")) {
                    record.tid = std::string(rawOf(field.value()));
                } else if (key.is("args")) {
                    if (decided) {
                        od::Object args;
                        if (field.value().getObject(args)) {
                            failAt(index_, "args", "must be an object");
                        }
                        readArgs(args, record, launch);
                    } else {
                        argsPending = true;
                    }
                }
            }
            if (decided && !relevant) {
                return; // the rest of the event is skipped
            }
        }
        if (!decided) {
            decide();
        }
        if (!relevant) {
            return;
        }
        if (!havePh || ph != "X") {
            return; // only complete events ("ph": "X") describe calls with a duration
        }
        if (!haveTs) {
            failAt(index_, "ts", record.name + " has no timestamp");
        }
        if (argsPending) {
            check(object.reset(), "");
            od::Value argsValue;
            if (!object.findFieldUnordered("args").get(argsValue)) {
                od::Object args;
                if (argsValue.getObject(args)) {
                    failAt(index_, "args", "must be an object");
                }
                readArgs(args, record, launch);
            }
        }
        record.index = index_;
        if (launch) {
            keepLaunch(record);
            return;
        }
        if (record.kind == KinetoRecordKind::ParamComms && record.hasMeta) {
            sawMetadata_ = true;
        }
        if (record.kind == KinetoRecordKind::C10dOp && sawMetadata_) {
            return; // c10d shapes only serve legacy profiles
        }
        profile_.records.push_back(std::move(record));
    }

    void keepLaunch(const KinetoRecord& record)
    {
        if (!record.correlation) {
            return; // nothing can link it to a kernel
        }
        const std::string key = record.pid + "|" + record.tid;
        auto [it, inserted] = threads_.emplace(key, static_cast<std::uint32_t>(profile_.launchThreads.size()));
        if (inserted) {
            profile_.launchThreads.push_back(key);
        }
        profile_.launches.push_back(
            KinetoLaunch{record.index, record.ts, record.dur, it->second, *record.correlation, record.externalId});
    }

    void readInputDims(od::Value value, KinetoRecord& record)
    {
        od::Array list;
        if (value.getArray(list)) {
            failAt(index_, "args.Input Dims", "must be an array");
        }
        std::size_t slot = 0;
        for (auto entry : list) {
            od::Value dimsValue;
            check(entry.get(dimsValue), "args.Input Dims");
            od::Array dims;
            if (dimsValue.getArray(dims)) {
                failAt(index_, "args.Input Dims", "every entry must be an array of dimensions");
            }
            // [d0, d1, ...] for a tensor; [[...], [...]] for a tensor list (sum of the products)
            std::int64_t total = -1;
            std::int64_t product = 1;
            bool flat = false;
            bool nested = false;
            for (auto d : dims) {
                od::Value dim;
                check(d.get(dim), "args.Input Dims");
                od::Type type{};
                check(dim.type(type), "args.Input Dims");
                if (type == od::Type::Array) {
                    nested = true;
                    od::Array inner;
                    check(dim.getArray(inner), "args.Input Dims");
                    std::int64_t p = 1;
                    for (auto x : inner) {
                        od::Value xv;
                        check(x.get(xv), "args.Input Dims");
                        p = multiply(p, integerOf(xv, "args.Input Dims"));
                    }
                    total = total < 0 ? p : add(total, p);
                } else {
                    flat = true;
                    product = multiply(product, integerOf(dim, "args.Input Dims"));
                }
            }
            if (flat && nested) {
                failAt(index_, "args.Input Dims", "mixes dimensions and nested lists in one entry");
            }
            if (record.inputs.size() <= slot) {
                record.inputs.resize(slot + 1);
            }
            record.inputs[slot].elements = nested ? total : (flat ? product : -1);
            ++slot;
        }
    }

    std::int64_t multiply(std::int64_t a, std::int64_t b)
    {
        std::int64_t out = 0;
        if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &out)) {
            failAt(index_, "args.Input Dims", "dimensions must be non-negative and their product must fit 64 bits");
        }
        return out;
    }

    std::int64_t add(std::int64_t a, std::int64_t b)
    {
        std::int64_t out = 0;
        if (__builtin_add_overflow(a, b, &out)) {
            failAt(index_, "args.Input Dims", "element count does not fit 64 bits");
        }
        return out;
    }

    void readInputTypes(od::Value value, KinetoRecord& record)
    {
        od::Array list;
        if (value.getArray(list)) {
            failAt(index_, "args.Input type", "must be an array");
        }
        std::size_t slot = 0;
        for (auto entry : list) {
            od::Value v;
            check(entry.get(v), "args.Input type");
            if (record.inputs.size() <= slot) {
                record.inputs.resize(slot + 1);
            }
            record.inputs[slot].type = std::string(stringOf(v, "args.Input type"));
            ++slot;
        }
    }

    /// A list argument written as a string ("[0, 1]") or as a JSON array: kept as text.
    std::string listTextOf(od::Value value, const std::string& field)
    {
        od::Type type{};
        check(value.type(type), field);
        if (type == od::Type::String) {
            return std::string(stringOf(value, field));
        }
        if (type == od::Type::Array) {
            od::Array list;
            check(value.getArray(list), field);
            std::string_view raw;
            check(list.rawJson(raw), field);
            return std::string(trimToken(raw));
        }
        failAt(index_, field, "must be a list (a string such as \"[0, 1]\" or an array)");
    }

    /// A launch's args give only its ids.
    void readArgs(od::Object& args, KinetoRecord& record, bool launch)
    {
        const bool wantsMeta =
            !launch && (record.kind == KinetoRecordKind::ParamComms || record.kind == KinetoRecordKind::Kernel);
        const bool shapes =
            !launch && (record.kind == KinetoRecordKind::Annotation || record.kind == KinetoRecordKind::C10dOp);
        auto meta = [&record]() -> KinetoCollectiveMeta& {
            if (!record.meta) {
                record.meta = std::make_unique<KinetoCollectiveMeta>();
            }
            return *record.meta;
        };
        for (auto item : args) {
            od::Field field;
            check(std::move(item).get(field), "args");
            ++record.argCount;
            std::string_view key;
            check(field.unescapedKey(key), "args");
            const std::string path = "args." + std::string(key);
            od::Value v = field.value();
            if (key == "External id") {
                record.externalId = integerOf(v, path);
            } else if (key == "correlation") {
                record.correlation = integerOf(v, path);
            } else if (shapes && key == "Input Dims") {
                readInputDims(v, record);
            } else if (shapes && key == "Input type") {
                readInputTypes(v, record);
            } else if (!wantsMeta) {
                continue;
            } else if (key == "Collective name") {
                meta().collective = std::string(stringOf(v, path));
                record.hasMeta = true;
            } else if (key == "In msg nelems") {
                meta().inNelems = integerOf(v, path);
            } else if (key == "Out msg nelems") {
                meta().outNelems = integerOf(v, path);
            } else if (key == "dtype") {
                meta().dtype = std::string(stringOf(v, path));
            } else if (key == "Group size") {
                meta().groupSize = integerOf(v, path);
            } else if (key == "In split size") {
                meta().inSplit = listTextOf(v, path);
            } else if (key == "Out split size") {
                meta().outSplit = listTextOf(v, path);
            } else if (key == "Process Group Name") {
                meta().pgName = std::string(stringOf(v, path));
                meta().pgNameFromId = false;
            } else if (key == "Process Group ID") {
                if (!meta().pgName) {
                    od::Type type{};
                    check(v.type(type), path);
                    meta().pgName =
                        type == od::Type::String ? std::string(stringOf(v, path)) : std::to_string(integerOf(v, path));
                    meta().pgNameFromId = true;
                }
            } else if (key == "Process Group Description") {
                meta().pgDesc = std::string(stringOf(v, path));
            } else if (key == "Process Group Ranks") {
                meta().groupRanks = listTextOf(v, path);
            } else if (key == "Rank") {
                meta().rank = integerOf(v, path);
            } else if (key == "Src Rank") {
                meta().srcRank = integerOf(v, path);
            } else if (key == "Dst Rank") {
                meta().dstRank = integerOf(v, path);
            } else if (key == "Seq") {
                meta().seq = integerOf(v, path);
            } else if (key == "Global rank start") {
                meta().globalRankStart = integerOf(v, path);
            } else if (key == "Global rank stride") {
                meta().globalRankStride = integerOf(v, path);
            } else if (key == "Comms Id") {
                // An unsigned 64-bit hash: kept as its exact number text, never converted.
                std::string_view raw = rawOf(v);
                if (raw.size() >= 2 && raw.front() == '"') {
                    raw = raw.substr(1, raw.size() - 2);
                }
                meta().commsId = std::string(raw);
            }
        }
    }

    KinetoProfile& profile_;
    od::Parser parser_;
    std::size_t index_ = 0;
    bool sawMetadata_ = false;
    std::unordered_map<std::string, std::uint32_t> threads_; ///< launch threads, by "pid|tid"
};

} // namespace

KinetoProfile readKinetoProfile(const std::filesystem::path& path, Progress& progress, bool concurrentReading)
{
    KinetoProfile profile;
    profile.sourceName = path.string();
    ByteSource source(path);
    KinetoSink sink(profile); // progress is reported by the reader, which sees the bytes
    // Every record kept has one of these fragments in its text: record_param_comms ("m_c"),
    // c10d:: ops ("0d:"; "c10" would pass every event with a "c10::BFloat16" input type), nccl:/rccl/msccl
    // names ("ccl"), gloo: annotations ("loo").
    ChromeTraceReadOptions options;
    // Kernel launches: "aun" of *Launch*.
    options.fragments = {{'m', '_', 'c'}, {'0', 'd', ':'}, {'c', 'c', 'l'}, {'l', 'o', 'o'}, {'a', 'u', 'n'}};
    options.concurrentHashing = concurrentReading;
    options.concurrentParsing = concurrentReading;
    auto result = readChromeTrace(source, sink, progress, options);
    profile.eventCount = result.eventCount;
    // With collective metadata, the c10d ops kept before the first metadata record are not needed.
    if (std::any_of(profile.records.begin(), profile.records.end(),
                    [](const KinetoRecord& r) { return r.kind == KinetoRecordKind::ParamComms && r.hasMeta; })) {
        std::erase_if(profile.records, [](const KinetoRecord& r) { return r.kind == KinetoRecordKind::C10dOp; });
    }
    // Only the launches of communication kernels matter: the others are dropped once every kernel is known
    // (while reading, a launch costs one small fixed-size entry).
    std::unordered_set<std::int64_t> kernelCorrelations;
    for (const auto& r : profile.records) {
        if (r.kind == KinetoRecordKind::Kernel && r.correlation) {
            kernelCorrelations.insert(*r.correlation);
        }
    }
    std::erase_if(profile.launches,
                  [&](const KinetoLaunch& l) { return kernelCorrelations.count(l.correlation) == 0; });
    profile.launches.shrink_to_fit();
    if (!result.sawTraceEvents) {
        throw InputError(profile.sourceName,
                         "not a PyTorch profiler trace: the JSON object has no \"traceEvents\" array");
    }
    profile.fileSha256 = source.fileSha256();
    profile.fileBytes = source.fileBytesRead();
    profile.jsonBytes = source.decodedBytes();
    profile.compressed = source.compressed();
    return profile;
}

} // namespace cc::interop
