#include "capture/lib/sweep_index.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/cell_loader.h"
#include "capture/lib/json_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/quantile.h"
#include "core/util/sha256.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

namespace cc::capture {

namespace fs = std::filesystem;

std::string_view sweepCellStateName(SweepCellState state)
{
    switch (state) {
    case SweepCellState::Planned:
        return "planned";
    case SweepCellState::Measured:
        return "measured";
    case SweepCellState::Refused:
        return "refused";
    case SweepCellState::Failed:
        return "failed";
    }
    return "planned";
}

std::optional<SweepCellState> sweepCellStateFromName(std::string_view name)
{
    for (auto s :
         {SweepCellState::Planned, SweepCellState::Measured, SweepCellState::Refused, SweepCellState::Failed}) {
        if (sweepCellStateName(s) == name) {
            return s;
        }
    }
    return std::nullopt;
}

SpreadStats spreadOf(std::vector<Ns> values)
{
    if (values.empty()) {
        throw std::invalid_argument("spreadOf: no values");
    }
    SpreadStats s;
    s.values = values;
    std::sort(values.begin(), values.end());
    s.min = values.front();
    s.max = values.back();
    s.median = values[nearestRankIndex(values.size(), 50)];
    s.range = s.max - s.min;
    if (s.median > 0) {
        const WideInt num = static_cast<WideInt>(s.range) * 1'000'000;
        s.rangePpmOfMedian = static_cast<std::int64_t>((2 * num + s.median) / (2 * static_cast<WideInt>(s.median)));
    }
    return s;
}

std::vector<ConfigurationSpread> configurationSpreads(const std::vector<SweepCellRecord>& cells)
{
    std::vector<ConfigurationSpread> out;
    std::map<std::string, std::size_t> position;
    std::map<std::string, std::vector<Ns>> medians;
    std::map<std::string, std::vector<Ns>> p95s;
    std::map<std::string, std::vector<Ns>> iterations;
    for (const auto& c : cells) {
        auto [it, inserted] = position.try_emplace(c.cell.configId, out.size());
        if (inserted) {
            ConfigurationSpread s;
            s.configId = c.cell.configId;
            s.spec = c.cell.spec;
            out.push_back(std::move(s));
        }
        ConfigurationSpread& s = out[it->second];
        ++s.planned;
        switch (c.state) {
        case SweepCellState::Planned:
            ++s.pending;
            break;
        case SweepCellState::Measured:
            ++s.measured;
            if (c.measurement) {
                medians[s.configId].push_back(c.measurement->allreduceMedianNs);
                p95s[s.configId].push_back(c.measurement->allreduceP95Ns);
                iterations[s.configId].push_back(c.measurement->iterationMedianNs);
            }
            break;
        case SweepCellState::Refused:
            ++s.refused;
            break;
        case SweepCellState::Failed:
            ++s.failed;
            break;
        }
    }
    for (auto& s : out) {
        if (!medians[s.configId].empty()) {
            s.allreduceMedian = spreadOf(medians[s.configId]);
            s.allreduceP95 = spreadOf(p95s[s.configId]);
            s.iterationMedian = spreadOf(iterations[s.configId]);
        }
    }
    return out;
}

int SweepIndex::count(SweepCellState state) const
{
    return static_cast<int>(
        std::count_if(cells.begin(), cells.end(), [state](const SweepCellRecord& c) { return c.state == state; }));
}

SweepIndex makeSweepIndex(const SweepMatrix& matrix, std::vector<SweepCellRecord> cells)
{
    SweepIndex index;
    index.matrix = matrix;
    index.cells = std::move(cells);
    index.configurations = configurationSpreads(index.cells);
    return index;
}

namespace {

json::Value spreadJson(const std::optional<SpreadStats>& s)
{
    if (!s) {
        return json::Value();
    }
    json::Value j = json::Value::object();
    j.set("values_ns", integerArray(s->values));
    j.set("min_ns", s->min);
    j.set("median_ns", s->median);
    j.set("max_ns", s->max);
    j.set("range_ns", s->range);
    j.set("range_ppm_of_median", integerOrNull(s->rangePpmOfMedian));
    return j;
}

constexpr std::int64_t kMaxI64 = std::numeric_limits<std::int64_t>::max();

} // namespace

json::Value sweepIndexToJson(const SweepIndex& index)
{
    json::Value cells = json::Value::array();
    for (const auto& c : index.cells) {
        json::Value j = json::Value::object();
        j.set("index", c.cell.index);
        j.set("directory", c.cell.directory);
        j.set("config_id", c.cell.configId);
        j.set("repeat", c.cell.repeat);
        j.set("cell", cellSpecToJson(c.cell.spec));
        j.set("state", sweepCellStateName(c.state));
        j.set("reason", c.reason);
        j.set("record", c.recordFile);
        if (c.refusal) {
            json::Value refusal = json::Value::object();
            refusal.set("unavailable", json::Value(c.refusal->unavailable));
            refusal.set("binding_pool", c.refusal->bindingPool);
            refusal.set("demand_bytes", c.refusal->demandBytes);
            refusal.set("budget_bytes", integerOrNull(c.refusal->budgetBytes));
            refusal.set("reasons", stringArray(c.refusal->reasons));
            j.set("refusal", std::move(refusal));
        } else {
            j.set("refusal", json::Value());
        }
        if (c.measurement) {
            const auto& m = *c.measurement;
            json::Value measurement = json::Value::object();
            measurement.set("capture_id", m.captureId);
            measurement.set("buckets", m.buckets);
            measurement.set("allreduce_samples", m.allreduceSamples);
            measurement.set("allreduce_median_ns", m.allreduceMedianNs);
            measurement.set("allreduce_p95_ns", m.allreduceP95Ns);
            measurement.set("allreduce_max_ns", m.allreduceMaxNs);
            measurement.set("iteration_median_ns", m.iterationMedianNs);
            measurement.set("overlap_efficiency_ppm", integerOrNull(m.overlapPpm));
            measurement.set("communication_overhead_ppm", integerOrNull(m.overheadPpm));
            measurement.set("manifest_sha256", m.manifestSha256);
            j.set("measurement", std::move(measurement));
        } else {
            j.set("measurement", json::Value());
        }
        cells.push(std::move(j));
    }
    json::Value configurations = json::Value::array();
    for (const auto& s : index.configurations) {
        json::Value j = json::Value::object();
        j.set("config_id", s.configId);
        j.set("cell", cellSpecToJson(s.spec));
        j.set("planned", s.planned);
        j.set("measured", s.measured);
        j.set("refused", s.refused);
        j.set("failed", s.failed);
        j.set("pending", s.pending);
        j.set("allreduce_median", spreadJson(s.allreduceMedian));
        j.set("allreduce_p95", spreadJson(s.allreduceP95));
        j.set("iteration_median", spreadJson(s.iterationMedian));
        configurations.push(std::move(j));
    }
    json::Value counts = json::Value::object();
    for (auto s :
         {SweepCellState::Planned, SweepCellState::Measured, SweepCellState::Refused, SweepCellState::Failed}) {
        counts.set(std::string(sweepCellStateName(s)), index.count(s));
    }
    json::Value j = json::Value::object();
    j.set("format", kSweepIndexFormat);
    j.set("matrix", sweepMatrixToJson(index.matrix));
    j.set("counts", std::move(counts));
    j.set("cells", std::move(cells));
    j.set("configurations", std::move(configurations));
    j.set("repeatability_note",
          "each configuration's repeats are kept separately; the spread (min, median, max, range) of their "
          "per-cell figures is the repeatability, nothing is averaged");
    return j;
}

std::string sweepIndexText(const SweepIndex& index)
{
    return jsonFileText(sweepIndexToJson(index));
}

SweepIndex sweepIndexFromJson(const json::Value& value, const std::string& source)
{
    const json::Reader in(source);
    const Fields top(in, value, "$");
    if (top.string("format") != kSweepIndexFormat) {
        top.fail("format", "must be \"" + std::string(kSweepIndexFormat) + "\"");
    }
    SweepIndex index;
    index.matrix = sweepMatrixFromJson(top.value("matrix"), source + " ($.matrix)");
    const std::vector<PlannedCell> planned = expandSweepMatrix(index.matrix);
    const json::Value& cells = top.array("cells");
    if (cells.size() != planned.size()) {
        top.fail("cells", "holds " + std::to_string(cells.size()) + " cells but the matrix plans " +
                              std::to_string(planned.size()));
    }
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const Fields f(in, cells.items()[i], json::childPath(top.pathOf("cells"), i));
        SweepCellRecord r;
        r.cell = planned[i];
        if (f.string("directory") != r.cell.directory || f.string("config_id") != r.cell.configId ||
            f.integer("repeat", 0, kMaxI64) != r.cell.repeat || f.integer("index", 0, kMaxI64) != r.cell.index) {
            f.fail("directory",
                   "does not match the matrix's cell " + std::to_string(i) + " (" + r.cell.directory + ")");
        }
        auto state = sweepCellStateFromName(f.string("state"));
        if (!state) {
            f.fail("state", "must be planned, measured, refused or failed");
        }
        r.state = *state;
        r.reason = f.string("reason");
        r.recordFile = f.string("record");
        (void)f.value("refusal"); // required; null unless refused
        if (f.nullable("refusal") != nullptr) {
            const Fields g = f.object("refusal");
            SweepCellRefusal x;
            x.unavailable = g.boolean("unavailable");
            x.bindingPool = g.string("binding_pool");
            x.demandBytes = g.nonNegative("demand_bytes");
            x.budgetBytes = g.integerOrNull("budget_bytes", 0, kMaxI64);
            x.reasons = g.strings("reasons");
            r.refusal = std::move(x);
        }
        (void)f.value("measurement"); // required; null unless measured
        if (f.nullable("measurement") != nullptr) {
            const Fields g = f.object("measurement");
            SweepCellMeasurement m;
            m.captureId = g.string("capture_id");
            m.buckets = g.intIn("buckets", 0, std::numeric_limits<int>::max());
            m.allreduceSamples = g.nonNegative("allreduce_samples");
            m.allreduceMedianNs = g.nonNegative("allreduce_median_ns");
            m.allreduceP95Ns = g.nonNegative("allreduce_p95_ns");
            m.allreduceMaxNs = g.nonNegative("allreduce_max_ns");
            m.iterationMedianNs = g.nonNegative("iteration_median_ns");
            m.overlapPpm = g.integerOrNull("overlap_efficiency_ppm", std::numeric_limits<std::int64_t>::min(), kMaxI64);
            m.overheadPpm =
                g.integerOrNull("communication_overhead_ppm", std::numeric_limits<std::int64_t>::min(), kMaxI64);
            m.manifestSha256 = g.string("manifest_sha256");
            r.measurement = std::move(m);
        }
        if (r.state == SweepCellState::Measured && !r.measurement) {
            f.fail("measurement", "a measured cell must carry its measurement");
        }
        if (r.state == SweepCellState::Refused && !r.refusal) {
            f.fail("refusal", "a refused cell must carry its refusal");
        }
        index.cells.push_back(std::move(r));
    }
    index.configurations = configurationSpreads(index.cells);
    return index;
}

namespace {

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (char ch : text) {
        if (ch == '"') {
            quoted += '"';
        }
        quoted += ch;
    }
    return quoted + "\"";
}

std::string csvInt(const std::optional<std::int64_t>& v)
{
    return v ? std::to_string(*v) : std::string();
}

std::string csvLine(const std::vector<std::string>& fields)
{
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        line += (i == 0 ? "" : ",") + csvField(fields[i]);
    }
    return line + "\n";
}

/// The columns of a cell's configuration, which both tables carry after their own key columns.
std::vector<std::string> withSpecColumns(std::vector<std::string> key, std::initializer_list<const char*> rest)
{
    key.insert(key.end(), {"model", "model_params", "world_size", "backend", "device", "bucket_cap_bytes"});
    key.insert(key.end(), rest.begin(), rest.end());
    return key;
}

/// The values of withSpecColumns' configuration columns.
void appendSpecFields(std::vector<std::string>& fields, const CellSpec& s)
{
    fields.insert(fields.end(), {std::string(modelKindName(s.model)), std::to_string(s.modelParams),
                                 std::to_string(s.worldSize), std::string(backendName(s.backend)),
                                 std::string(deviceName(s.device)), std::to_string(s.bucketCapBytes)});
}

} // namespace

std::string sweepCellsCsv(const SweepIndex& index)
{
    std::string text = csvLine(
        withSpecColumns({"index", "directory", "config_id", "repeat"},
                        {"iterations", "warmup", "state", "reason", "binding_pool", "demand_bytes", "budget_bytes",
                         "buckets", "allreduce_samples", "allreduce_median_ns", "allreduce_p95_ns", "allreduce_max_ns",
                         "iteration_median_ns", "overlap_efficiency_ppm", "communication_overhead_ppm", "record"}));
    for (const auto& c : index.cells) {
        const CellSpec& s = c.cell.spec;
        std::vector<std::string> f{std::to_string(c.cell.index), c.cell.directory, c.cell.configId,
                                   std::to_string(c.cell.repeat)};
        appendSpecFields(f, s);
        f.insert(f.end(), {std::to_string(s.iterations), std::to_string(s.warmup),
                           std::string(sweepCellStateName(c.state)), c.reason});
        if (c.refusal && !c.refusal->unavailable) {
            f.push_back(c.refusal->bindingPool);
            f.push_back(std::to_string(c.refusal->demandBytes));
            f.push_back(csvInt(c.refusal->budgetBytes));
        } else {
            f.insert(f.end(), 3, std::string());
        }
        if (c.measurement) {
            const auto& m = *c.measurement;
            for (std::int64_t v : {static_cast<std::int64_t>(m.buckets), m.allreduceSamples, m.allreduceMedianNs,
                                   m.allreduceP95Ns, m.allreduceMaxNs, m.iterationMedianNs}) {
                f.push_back(std::to_string(v));
            }
            f.push_back(csvInt(m.overlapPpm));
            f.push_back(csvInt(m.overheadPpm));
        } else {
            f.insert(f.end(), 8, std::string());
        }
        f.push_back(c.recordFile);
        text += csvLine(f);
    }
    return text;
}

std::string sweepConfigurationsCsv(const SweepIndex& index)
{
    std::string text = csvLine(withSpecColumns(
        {"config_id"},
        {"planned", "measured", "refused", "failed", "pending", "allreduce_median_values_ns", "allreduce_median_min_ns",
         "allreduce_median_median_ns", "allreduce_median_max_ns", "allreduce_median_range_ns",
         "allreduce_median_range_ppm_of_median", "allreduce_p95_range_ns", "iteration_median_range_ns"}));
    for (const auto& s : index.configurations) {
        std::vector<std::string> f{s.configId};
        appendSpecFields(f, s.spec);
        f.insert(f.end(), {std::to_string(s.planned), std::to_string(s.measured), std::to_string(s.refused),
                           std::to_string(s.failed), std::to_string(s.pending)});
        if (s.allreduceMedian) {
            std::string values;
            for (auto v : s.allreduceMedian->values) {
                values += (values.empty() ? "" : " ") + std::to_string(v);
            }
            f.push_back(values);
            f.push_back(std::to_string(s.allreduceMedian->min));
            f.push_back(std::to_string(s.allreduceMedian->median));
            f.push_back(std::to_string(s.allreduceMedian->max));
            f.push_back(std::to_string(s.allreduceMedian->range));
            f.push_back(csvInt(s.allreduceMedian->rangePpmOfMedian));
            f.push_back(std::to_string(s.allreduceP95->range));
            f.push_back(std::to_string(s.iterationMedian->range));
        } else {
            f.insert(f.end(), 8, std::string());
        }
        text += csvLine(f);
    }
    return text;
}

void writeSweepIndex(const fs::path& resultsDir, const SweepIndex& index)
{
    writeFileAtomic(resultsDir / kSweepIndexCsvFileName, sweepCellsCsv(index));
    writeFileAtomic(resultsDir / kSweepConfigurationsCsvFileName, sweepConfigurationsCsv(index));
    writeFileAtomic(resultsDir / kSweepIndexJsonFileName, sweepIndexText(index));
}

SweepIndex readSweepIndex(const fs::path& resultsDir)
{
    const fs::path path = resultsDir / kSweepIndexJsonFileName;
    return sweepIndexFromJson(readJsonFile(path, kMaxSweepIndexFileBytes), path.string());
}

fs::path sweepCellDir(const fs::path& resultsDir, const PlannedCell& cell)
{
    return resultsDir / kSweepCellsDirName / cell.directory;
}

namespace {

SweepCellMeasurement measure(const LoadedCell& cell, const std::string& manifestText)
{
    SweepCellMeasurement m;
    m.captureId = cell.captureId;
    m.manifestSha256 = sha256Hex(manifestText);
    std::vector<Ns> latencies;
    std::vector<Ns> windows;
    Ratio overlap;
    Ratio overhead;
    for (const auto& rank : cell.ranks) {
        for (const auto& it : rank.iterations) {
            for (const auto& b : it.buckets) {
                latencies.push_back(b.latency());
            }
            const IterationMetrics im = iterationMetrics(it);
            windows.push_back(im.windowNs);
            overlap.numerator += im.overlapEfficiency.numerator;
            overlap.denominator += im.overlapEfficiency.denominator;
            overhead.numerator += im.overheadFraction.numerator;
            overhead.denominator += im.overheadFraction.denominator;
        }
    }
    if (!cell.ranks.empty() && !cell.ranks.front().iterations.empty()) {
        m.buckets = static_cast<int>(cell.ranks.front().iterations.back().buckets.size());
    }
    const LatencyStats l = latencyStats(latencies);
    m.allreduceSamples = static_cast<std::int64_t>(l.count);
    m.allreduceMedianNs = l.median;
    m.allreduceP95Ns = l.p95;
    m.allreduceMaxNs = l.max;
    m.iterationMedianNs = latencyStats(windows).median;
    if (overlap.defined()) {
        m.overlapPpm = overlap.ppm();
    }
    if (overhead.defined()) {
        m.overheadPpm = overhead.ppm();
    }
    return m;
}

std::string relative(const PlannedCell& cell, std::string_view file)
{
    return std::string(kSweepCellsDirName) + "/" + cell.directory + "/" + std::string(file);
}

} // namespace

SweepCellRecord inspectSweepCell(const fs::path& resultsDir, const PlannedCell& cell)
{
    SweepCellRecord r;
    r.cell = cell;
    const fs::path dir = sweepCellDir(resultsDir, cell);
    std::error_code ec;
    if (!fs::exists(dir, ec)) {
        return r;
    }
    if (fs::exists(dir / kManifestFileName, ec)) {
        CellLoad load = loadCell(dir);
        if (load.cell) {
            if (!(load.cell->spec == cell.spec)) {
                r.reason = "the cell folder holds a different cell (" + cellId(load.cell->spec) + ")";
                return r;
            }
            r.state = SweepCellState::Measured;
            r.recordFile = relative(cell, kManifestFileName);
            r.measurement = measure(*load.cell, readFileBounded(dir / kManifestFileName, kMaxCellRecordFileBytes));
            return r;
        }
        r.reason = "not loadable: " + load.warning;
        return r;
    }
    try {
        if (fs::exists(dir / kRefusalFileName, ec)) {
            const fs::path path = dir / kRefusalFileName;
            const json::Value j = readJsonFile(path, kMaxCellRecordFileBytes);
            const json::Reader in(path.string());
            const Fields f(in, j, "$");
            SweepCellRefusal x;
            if (f.has("unavailable")) {
                x.unavailable = true;
                x.reasons.push_back(f.string("unavailable"));
            } else {
                x.bindingPool = f.string("binding");
                const json::Value& pools = f.array("pools");
                for (std::size_t i = 0; i < pools.size(); ++i) {
                    const Fields p(in, pools.items()[i], json::childPath(f.pathOf("pools"), i));
                    if (p.string("pool") == x.bindingPool) {
                        x.demandBytes = p.nonNegative("demand_bytes");
                        x.budgetBytes = p.integerOrNull("budget_bytes", 0, kMaxI64);
                    }
                }
                x.reasons = f.strings("reasons");
            }
            r.state = SweepCellState::Refused;
            r.recordFile = relative(cell, kRefusalFileName);
            for (const auto& reason : x.reasons) {
                r.reason += (r.reason.empty() ? "" : "; ") + reason;
            }
            r.refusal = std::move(x);
            return r;
        }
        if (fs::exists(dir / kFailureFileName, ec)) {
            const fs::path path = dir / kFailureFileName;
            const json::Value j = readJsonFile(path, kMaxCellRecordFileBytes);
            const json::Reader in(path.string());
            const Fields f(in, j, "$");
            if (f.has("status") && f.string("status") == "cancelled") {
                r.reason = "interrupted (cancelled); no manifest";
                return r;
            }
            r.state = SweepCellState::Failed;
            r.recordFile = relative(cell, kFailureFileName);
            r.reason = f.has("note") ? f.string("note") : "failed";
            if (const json::Value* launch = f.nullable("launch"); launch != nullptr && launch->isObject()) {
                if (const json::Value* reason = launch->find("reason"); reason != nullptr && reason->isString()) {
                    r.reason = reason->string() + "; " + r.reason;
                }
            }
            return r;
        }
    } catch (const InputError& e) {
        r.state = SweepCellState::Planned;
        r.reason = std::string("unreadable record: ") + e.what();
        return r;
    }
    r.reason = "interrupted: " + inventoryCell(dir).describe();
    return r;
}

} // namespace cc::capture
