// A reusable working memory for summarizeSamples across the configurations of one trace:
//     PreparedReplay prepared = prepareReplay(trace, protocol, progress);
//     SampleColumns samples;
//     SummaryWorkspace workspace;
//     for (const BackendConfig& config : set.configurations) {
//         simulateConfiguration(prepared, config, progress, samples);
//         ConfigurationSummary summary = summarizeSamples(trace, samples, progress, workspace);
//     }
#pragma once

#include "core/replay/simulator.h"

#include <memory>

namespace cc {

/// Working memory of summarizeSamples kept across the configurations of one trace: the phase and
/// operation groupings (which depend on the trace only), so a loop over configurations does not
/// rebuild them. A workspace rebuilds its
/// groupings when given another trace; a trace must not change while a workspace has seen it.
/// Results are identical with or without a workspace.
class SummaryWorkspace {
public:
    SummaryWorkspace();
    ~SummaryWorkspace();
    SummaryWorkspace(SummaryWorkspace&&) noexcept;
    SummaryWorkspace& operator=(SummaryWorkspace&&) noexcept;
    SummaryWorkspace(const SummaryWorkspace&) = delete;
    SummaryWorkspace& operator=(const SummaryWorkspace&) = delete;

    struct State;

private:
    std::unique_ptr<State> state_;
    friend ConfigurationSummary summarizeSamples(const Trace&, const SampleColumns&, Progress&, SummaryWorkspace&);
};

/// summarizeSamples reusing `workspace`: the same summary, without rebuilding the groupings. The
/// form to use in a loop over configurations.
ConfigurationSummary summarizeSamples(const Trace& trace, const SampleColumns& samples, Progress& progress,
                                      SummaryWorkspace& workspace);

} // namespace cc
