// A replay of one trace under a configuration set and a protocol, as the views consume it:
// the request that produced it (so a stale result is recognised) and the engine's SetReplay
// (samples, summaries, ranking). Produced on a worker thread by runReplay.
#pragma once

#include "core/configs/backend_config.h"
#include "core/replay/protocol.h"
#include "core/replay/simulator.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "ui/timeline/timeline_data.h"

#include <QString>

#include <memory>

namespace cc::ui {

struct ReplayRequest {
    std::shared_ptr<const cc::Trace> trace;
    std::shared_ptr<const cc::ConfigSet> configs;
    cc::ReplayProtocol protocol;

    bool sameAs(const ReplayRequest& other) const
    {
        return trace == other.trace && configs == other.configs && protocol == other.protocol;
    }
};

struct ReplayResult {
    ReplayRequest request;
    std::shared_ptr<const cc::SetReplay> replay;
    qint64 elapsedNs = 0; ///< wall time of the replay on its worker (display only)

    bool valid() const { return replay != nullptr; }
    int configurationCount() const { return replay ? static_cast<int>(replay->configurations.size()) : 0; }
    QString configurationName(int index) const;
    const cc::ConfigurationReplay* configuration(int index) const;
};

/// Replays request.trace under every configuration (cc::replayAll). Throws like core does.
ReplayResult runReplay(const ReplayRequest& request, cc::Progress& progress);

/// The first iteration's per-event timing of one configuration, for the timeline.
std::shared_ptr<const EventTimings> eventTimings(const ReplayResult& result, int configuration);

/// Human label of a protocol's simulator controls ("no ablations", "isolated",
/// "without arrival skew, compute overlap").
QString protocolLabel(const cc::ReplayProtocol& protocol);

/// Translated name of an ablation ("arrival skew", ...).
QString ablationTitle(cc::Ablation ablation);

} // namespace cc::ui
