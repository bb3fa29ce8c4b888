#include "core/verify/behavior_verifier.h"

#include "core/canary/canary_writer.h"
#include "core/canary/expand.h"
#include "core/configs/config_io.h"
#include "core/replay/summary_workspace.h"
#include "core/trace/normalized.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"
#include "core/verify/status_checks.h"

#include <algorithm>

namespace cc::verify {

namespace {

ReplayProtocol effectiveProtocol(const VerifyOptions& options)
{
    ReplayProtocol p = options.protocol;
    p.tieTolerancePpm = options.tolerances.rankingTiePpm;
    return p;
}

std::vector<TailSample> tailSamples(const SampleColumns& samples, Ns p99)
{
    std::vector<TailSample> tail;
    const std::size_t n = samples.eventCount;
    for (std::size_t k = 0; k < samples.size(); ++k) {
        const Ns latency = samples.latency[k];
        if (latency >= p99) {
            tail.push_back(TailSample{static_cast<std::uint32_t>(k % n), static_cast<std::uint32_t>(k / n), latency});
        }
    }
    std::sort(tail.begin(), tail.end(), [](const TailSample& a, const TailSample& b) {
        if (a.latency != b.latency) {
            return a.latency > b.latency;
        }
        if (a.event != b.event) {
            return a.event < b.event;
        }
        return a.iteration < b.iteration;
    });
    return tail;
}

} // namespace

void validateVerifyOptions(const VerifyOptions& options, const std::string& sourceName)
{
    if (options.configs.configurations.size() < 2) {
        throw InputError(sourceName, "verification ranks configurations against each other: the set needs at least two "
                                     "configurations, it has " +
                                         std::to_string(options.configs.configurations.size()));
    }
    validateConfigSet(options.configs, sourceName);
    validateTolerances(options.tolerances, sourceName);
    validateProtocol(effectiveProtocol(options), sourceName);
}

SourceReference prepareSourceReference(const Trace& source, const VerifyOptions& options, Progress& progress)
{
    SourceReference ref;
    ref.trace = &source;
    progress.report(0.0, "hashing the source");
    ref.sha256 = normalizedSha256(source, progress);
    ref.uncertainty = sourceUncertainty(source, options.tolerances);
    const ReplayProtocol protocol = effectiveProtocol(options);
    PreparedReplay prepared = prepareReplay(source, protocol, progress);
    const auto& configs = options.configs.configurations;
    std::vector<Distribution> latencies;
    SummaryWorkspace workspace;
    PrefixedProgress replaying(progress, "the source: ");
    replayEach(prepared, configs, replaying, [&](std::size_t c, const SampleColumns& samples, Progress& sub) {
        ConfigurationSummary summary = summarizeSamples(source, samples, sub, workspace);
        ref.names.push_back(configs[c].name);
        ref.samples.push_back(samples.size());
        ref.tails.push_back(tailSamples(samples, summary.latency.p99));
        latencies.push_back(summary.latency);
        ref.summaries.push_back(std::move(summary));
    });
    ref.ranking = rankConfigurations(latencies, protocol.tieTolerancePpm);
    progress.report(1.0, "source replayed");
    return ref;
}

void keepSourceEventBytes(SourceReference& ref, Progress& progress)
{
    ref.eventBytes = SourceEventBytes::encode(*ref.trace, progress);
}

VerificationReport verifyBehavior(const SourceReference& ref, const Canary& canary, const Trace* expandedIn,
                                  const VerifyOptions& options, Progress& progress, const std::string& canaryFileSha256,
                                  std::uint64_t canaryFileBytes)
{
    const Trace& source = *ref.trace;
    VerificationReport r;
    r.protocol = effectiveProtocol(options);
    r.tolerances = options.tolerances;
    r.sourceSha256 = ref.sha256;
    r.sourceEvents = source.size();
    r.uncertainty = ref.uncertainty;
    r.configSetName = options.configs.name;
    r.configSetSha256 = configSetSha256(options.configs);
    r.canaryLogicalEvents = programEventCount(canary).value_or(0);
    r.canaryStoredEvents = programStoredEvents(canary);
    if (canaryFileSha256.empty() || canaryFileBytes == 0) {
        Canary copy = canary;
        const std::string bytes = serializeCanary(copy);
        r.canaryFileSha256 = sha256Hex(bytes);
        r.canaryBytes = bytes.size();
    } else {
        r.canaryFileSha256 = canaryFileSha256;
        r.canaryBytes = canaryFileBytes;
    }

    Trace expandedOwned;
    const Trace* expanded = expandedIn;
    if (expanded == nullptr) {
        progress.report(0.0, "expanding the canary");
        expandedOwned = expandCanary(canary, canaryExpansionName(canary), progress);
        expanded = &expandedOwned;
    }

    progress.report(0.05, "re-checking timing mode, commitments and coverage");
    const Correspondence corr = establishCorrespondence(source, canary, *expanded, progress);
    r.timingMode = checkTimingMode(source, canary, *expanded, corr, progress);
    r.commitments = checkCommitments(source, ref.sha256, canary, progress, ref.eventBytes.get());
    r.coverage = checkCoverage(source, canary, canaryFileBytes);

    const auto& configs = options.configs.configurations;
    PreparedReplay prepared = prepareReplay(*expanded, r.protocol, progress);
    std::vector<Distribution> sourceLatency, canaryLatency;
    r.fidelity.pass = true;
    SummaryWorkspace workspace;
    PrefixedProgress labelled(progress, "the canary: ");
    SubProgress replaying(labelled, 0.1, 0.95);
    replayEach(prepared, configs, replaying, [&](std::size_t c, const SampleColumns& samples, Progress& sub) {
        ConfigurationSummary summary = summarizeSamples(*expanded, samples, sub, workspace);
        ConfigurationFidelity f = checkConfiguration(configs[c].name, ref.summaries[c], ref.samples[c], ref.tails[c],
                                                     summary, samples, corr, options.tolerances);
        sourceLatency.push_back(ref.summaries[c].latency);
        canaryLatency.push_back(summary.latency);
        auto count = [&](const MetricCheck& m) {
            ++r.fidelity.checks;
            r.fidelity.failedChecks += m.pass ? 0 : 1;
        };
        for (const auto* list : {&f.latency, &f.queueWait, &f.phases, &f.operations}) {
            for (const auto& m : *list) {
                count(m);
            }
        }
        count(f.hiddenShare);
        ++r.fidelity.checks;
        r.fidelity.failedChecks += f.tail.pass ? 0 : 1;
        r.fidelity.pass = r.fidelity.pass && f.pass;
        r.fidelity.configurations.push_back(std::move(f));
    });
    r.ranking = checkRanking(ref.names, sourceLatency, canaryLatency, options.tolerances);
    deriveClaim(r);
    progress.report(1.0, "verified");
    return r;
}

VerificationReport verifyBehavior(const Trace& source, const Canary& canary, const VerifyOptions& options,
                                  Progress& progress)
{
    SourceReference ref = prepareSourceReference(source, options, progress);
    return verifyBehavior(ref, canary, nullptr, options, progress);
}

} // namespace cc::verify
