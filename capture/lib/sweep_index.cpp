#include "capture/lib/sweep_index.h"

#include "capture/lib/cell_loader.h"
#include "capture/lib/json_fields.h"
#include "capture/lib/wide_integer.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace cc::capture {

namespace fs = std::filesystem;
using nlohmann::json;

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
    s.median = values[(values.size() - 1) / 2];
    s.range = s.max - s.min;
    if (s.median > 0) {
        const Wide num = static_cast<Wide>(s.range) * 1'000'000;
        s.rangePpmOfMedian = static_cast<std::int64_t>((2 * num + s.median) / (2 * static_cast<Wide>(s.median)));
    }
    return s;
}

std::vector<ConfigurationSummary> summarizeConfigurations(const std::vector<SweepCellRecord>& cells)
{
    std::vector<ConfigurationSummary> out;
    std::map<std::string, std::size_t> position;
    std::map<std::string, std::vector<Ns>> medians;
    std::map<std::string, std::vector<Ns>> p95s;
    std::map<std::string, std::vector<Ns>> iterations;
    for (const auto& c : cells) {
        auto [it, inserted] = position.try_emplace(c.cell.configId, out.size());
        if (inserted) {
            ConfigurationSummary s;
            s.configId = c.cell.configId;
            s.spec = c.cell.spec;
            out.push_back(std::move(s));
        }
        ConfigurationSummary& s = out[it->second];
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
    index.matrix = sweepMatrixToJson(matrix);
    index.cells = std::move(cells);
    index.configurations = summarizeConfigurations(index.cells);
    return index;
}

namespace {

json optionalInt(const std::optional<std::int64_t>& v)
{
    return v ? json(*v) : json();
}

json spreadJson(const std::optional<SpreadStats>& s)
{
    if (!s) {
        return nullptr;
    }
    return {{"values_ns", s->values}, {"min_ns", s->min},
            {"median_ns", s->median}, {"max_ns", s->max},
            {"range_ns", s->range},   {"range_ppm_of_median", optionalInt(s->rangePpmOfMedian)}};
}

std::optional<std::int64_t> optionalIntFrom(const JsonFields& f, const std::string& key)
{
    if (!f.has(key) || f.raw(key).is_null()) {
        return std::nullopt;
    }
    return f.integer(key);
}

} // namespace

json sweepIndexToJson(const SweepIndex& index)
{
    json cells = json::array();
    for (const auto& c : index.cells) {
        json j;
        j["index"] = c.cell.index;
        j["directory"] = c.cell.directory;
        j["config_id"] = c.cell.configId;
        j["repeat"] = c.cell.repeat;
        j["cell"] = cellSpecToJson(c.cell.spec);
        j["state"] = std::string(sweepCellStateName(c.state));
        j["reason"] = c.reason;
        j["record"] = c.recordFile;
        if (c.refusal) {
            j["refusal"] = {{"unavailable", c.refusal->unavailable},
                            {"binding_pool", c.refusal->bindingPool},
                            {"demand_bytes", c.refusal->demandBytes},
                            {"budget_bytes", optionalInt(c.refusal->budgetBytes)},
                            {"reasons", c.refusal->reasons}};
        } else {
            j["refusal"] = nullptr;
        }
        if (c.measurement) {
            const auto& m = *c.measurement;
            j["measurement"] = {{"capture_id", m.captureId},
                                {"buckets", m.buckets},
                                {"allreduce_samples", m.allreduceSamples},
                                {"allreduce_median_ns", m.allreduceMedianNs},
                                {"allreduce_p95_ns", m.allreduceP95Ns},
                                {"allreduce_max_ns", m.allreduceMaxNs},
                                {"iteration_median_ns", m.iterationMedianNs},
                                {"overlap_efficiency_ppm", optionalInt(m.overlapPpm)},
                                {"communication_overhead_ppm", optionalInt(m.overheadPpm)},
                                {"manifest_sha256", m.manifestSha256}};
        } else {
            j["measurement"] = nullptr;
        }
        cells.push_back(std::move(j));
    }
    json configurations = json::array();
    for (const auto& s : index.configurations) {
        configurations.push_back({{"config_id", s.configId},
                                  {"cell", cellSpecToJson(s.spec)},
                                  {"planned", s.planned},
                                  {"measured", s.measured},
                                  {"refused", s.refused},
                                  {"failed", s.failed},
                                  {"pending", s.pending},
                                  {"allreduce_median", spreadJson(s.allreduceMedian)},
                                  {"allreduce_p95", spreadJson(s.allreduceP95)},
                                  {"iteration_median", spreadJson(s.iterationMedian)}});
    }
    json counts;
    for (auto s :
         {SweepCellState::Planned, SweepCellState::Measured, SweepCellState::Refused, SweepCellState::Failed}) {
        counts[std::string(sweepCellStateName(s))] = index.count(s);
    }
    return {{"format", std::string(kSweepIndexFormat)},
            {"matrix", index.matrix},
            {"counts", std::move(counts)},
            {"cells", std::move(cells)},
            {"configurations", std::move(configurations)},
            {"repeatability_note",
             "each configuration's repeats are kept separately; the spread (min, median, max, range) of their "
             "per-cell figures is the repeatability, nothing is averaged"}};
}

SweepIndex sweepIndexFromJson(const json& j, const std::string& source)
{
    JsonFields top(j, source, "$");
    if (top.text("format") != kSweepIndexFormat) {
        top.fail("format", "must be \"" + std::string(kSweepIndexFormat) + "\"");
    }
    SweepIndex index;
    index.matrix = top.raw("matrix");
    const SweepMatrix matrix = sweepMatrixFromJson(index.matrix, source + " ($.matrix)");
    const std::vector<PlannedCell> planned = expandSweepMatrix(matrix);
    const json& cells = top.array("cells");
    if (cells.size() != planned.size()) {
        top.fail("cells", "holds " + std::to_string(cells.size()) + " cells but the matrix plans " +
                              std::to_string(planned.size()));
    }
    for (std::size_t i = 0; i < cells.size(); ++i) {
        JsonFields f(cells[i], source, "$.cells[" + std::to_string(i) + "]");
        SweepCellRecord r;
        r.cell = planned[i];
        if (f.text("directory") != r.cell.directory || f.text("config_id") != r.cell.configId ||
            f.integer("repeat") != r.cell.repeat || f.integer("index") != r.cell.index) {
            f.fail("directory",
                   "does not match the matrix's cell " + std::to_string(i) + " (" + r.cell.directory + ")");
        }
        auto state = sweepCellStateFromName(f.text("state"));
        if (!state) {
            f.fail("state", "must be planned, measured, refused or failed");
        }
        r.state = *state;
        r.reason = f.text("reason");
        r.recordFile = f.text("record");
        if (!f.raw("refusal").is_null()) {
            JsonFields g = f.object("refusal");
            SweepCellRefusal x;
            x.unavailable = g.boolean("unavailable");
            x.bindingPool = g.text("binding_pool");
            x.demandBytes = g.nonNegative("demand_bytes");
            x.budgetBytes = optionalIntFrom(g, "budget_bytes");
            for (const auto& reason : g.array("reasons")) {
                if (!reason.is_string()) {
                    g.fail("reasons", "must be a list of strings");
                }
                x.reasons.push_back(reason.get<std::string>());
            }
            r.refusal = std::move(x);
        }
        if (!f.raw("measurement").is_null()) {
            JsonFields g = f.object("measurement");
            SweepCellMeasurement m;
            m.captureId = g.text("capture_id");
            m.buckets = static_cast<int>(g.nonNegative("buckets"));
            m.allreduceSamples = g.nonNegative("allreduce_samples");
            m.allreduceMedianNs = g.nonNegative("allreduce_median_ns");
            m.allreduceP95Ns = g.nonNegative("allreduce_p95_ns");
            m.allreduceMaxNs = g.nonNegative("allreduce_max_ns");
            m.iterationMedianNs = g.nonNegative("iteration_median_ns");
            m.overlapPpm = optionalIntFrom(g, "overlap_efficiency_ppm");
            m.overheadPpm = optionalIntFrom(g, "communication_overhead_ppm");
            m.manifestSha256 = g.text("manifest_sha256");
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
    index.configurations = summarizeConfigurations(index.cells);
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

} // namespace

std::string sweepCellsCsv(const SweepIndex& index)
{
    std::string text = csvLine({"index",
                                "directory",
                                "config_id",
                                "repeat",
                                "model",
                                "model_params",
                                "world_size",
                                "backend",
                                "device",
                                "bucket_cap_bytes",
                                "iterations",
                                "warmup",
                                "state",
                                "reason",
                                "binding_pool",
                                "demand_bytes",
                                "budget_bytes",
                                "buckets",
                                "allreduce_samples",
                                "allreduce_median_ns",
                                "allreduce_p95_ns",
                                "allreduce_max_ns",
                                "iteration_median_ns",
                                "overlap_efficiency_ppm",
                                "communication_overhead_ppm",
                                "record"});
    for (const auto& c : index.cells) {
        const CellSpec& s = c.cell.spec;
        std::vector<std::string> f{std::to_string(c.cell.index),
                                   c.cell.directory,
                                   c.cell.configId,
                                   std::to_string(c.cell.repeat),
                                   std::string(modelKindName(s.model)),
                                   std::to_string(s.modelParams),
                                   std::to_string(s.worldSize),
                                   std::string(backendName(s.backend)),
                                   std::string(deviceName(s.device)),
                                   std::to_string(s.bucketCapBytes),
                                   std::to_string(s.iterations),
                                   std::to_string(s.warmup),
                                   std::string(sweepCellStateName(c.state)),
                                   c.reason};
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
    std::string text = csvLine({"config_id",
                                "model",
                                "model_params",
                                "world_size",
                                "backend",
                                "device",
                                "bucket_cap_bytes",
                                "planned",
                                "measured",
                                "refused",
                                "failed",
                                "pending",
                                "allreduce_median_values_ns",
                                "allreduce_median_min_ns",
                                "allreduce_median_median_ns",
                                "allreduce_median_max_ns",
                                "allreduce_median_range_ns",
                                "allreduce_median_range_ppm_of_median",
                                "allreduce_p95_range_ns",
                                "iteration_median_range_ns"});
    for (const auto& s : index.configurations) {
        std::vector<std::string> f{s.configId,
                                   std::string(modelKindName(s.spec.model)),
                                   std::to_string(s.spec.modelParams),
                                   std::to_string(s.spec.worldSize),
                                   std::string(backendName(s.spec.backend)),
                                   std::string(deviceName(s.spec.device)),
                                   std::to_string(s.spec.bucketCapBytes),
                                   std::to_string(s.planned),
                                   std::to_string(s.measured),
                                   std::to_string(s.refused),
                                   std::to_string(s.failed),
                                   std::to_string(s.pending)};
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
    writeFileAtomic(resultsDir / kSweepIndexJsonFileName, sweepIndexToJson(index).dump(1) + "\n");
}

SweepIndex readSweepIndex(const fs::path& resultsDir)
{
    const fs::path path = resultsDir / kSweepIndexJsonFileName;
    return sweepIndexFromJson(parseJsonText(readFileBounded(path, 256ULL << 20), path.string()), path.string());
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
            r.measurement = measure(*load.cell, readFileBounded(dir / kManifestFileName, 1ULL << 30));
            return r;
        }
        r.reason = "not loadable: " + load.warning;
        return r;
    }
    try {
        if (fs::exists(dir / kRefusalFileName, ec)) {
            const fs::path path = dir / kRefusalFileName;
            const json j = parseJsonText(readFileBounded(path, 64ULL << 20), path.string());
            JsonFields f(j, path.string(), "$");
            SweepCellRefusal x;
            if (f.has("unavailable")) {
                x.unavailable = true;
                x.reasons.push_back(f.text("unavailable"));
            } else {
                x.bindingPool = f.text("binding");
                for (const auto& pool : f.array("pools")) {
                    JsonFields p(pool, path.string(), "$.pools[]");
                    if (p.text("pool") == x.bindingPool) {
                        x.demandBytes = p.nonNegative("demand_bytes");
                        x.budgetBytes = optionalIntFrom(p, "budget_bytes");
                    }
                }
                for (const auto& reason : f.array("reasons")) {
                    x.reasons.push_back(reason.is_string() ? reason.get<std::string>() : reason.dump());
                }
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
            const json j = parseJsonText(readFileBounded(path, 64ULL << 20), path.string());
            JsonFields f(j, path.string(), "$");
            if (f.has("status") && f.text("status") == "cancelled") {
                r.reason = "interrupted (cancelled); no manifest";
                return r;
            }
            r.state = SweepCellState::Failed;
            r.recordFile = relative(cell, kFailureFileName);
            r.reason = f.has("note") ? f.text("note") : "failed";
            if (f.has("launch") && f.raw("launch").is_object() && f.raw("launch").contains("reason") &&
                f.raw("launch").at("reason").is_string()) {
                r.reason = f.raw("launch").at("reason").get<std::string>() + "; " + r.reason;
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
