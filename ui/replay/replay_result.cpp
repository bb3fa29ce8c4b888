#include "ui/replay/replay_result.h"

#include "ui/util/text.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>

namespace cc::ui {

namespace {
class ReplayText {
    Q_DECLARE_TR_FUNCTIONS(ReplayText)
};
} // namespace

QString ReplayResult::configurationName(int index) const
{
    const auto* config = configuration(index);
    return config ? qs(config->name) : QString();
}

const cc::ConfigurationReplay* ReplayResult::configuration(int index) const
{
    if (!replay || index < 0 || index >= configurationCount()) {
        return nullptr;
    }
    return &replay->configurations[static_cast<std::size_t>(index)];
}

ReplayResult runReplay(const ReplayRequest& request, cc::Progress& progress)
{
    QElapsedTimer clock;
    clock.start();
    ReplayResult result;
    result.request = request;
    cc::validateProtocol(request.protocol, "replay protocol");
    result.replay = std::make_shared<const cc::SetReplay>(
        cc::replayAll(*request.trace, *request.configs, request.protocol, progress));
    result.elapsedNs = clock.nsecsElapsed();
    return result;
}

std::shared_ptr<const EventTimings> eventTimings(const ReplayResult& result, int configuration)
{
    const cc::ConfigurationReplay* config = result.configuration(configuration);
    if (config == nullptr) {
        return nullptr;
    }
    const cc::SampleColumns& samples = config->samples;
    // The views keep the replay alive, and with it the samples and their event times.
    auto timings = std::make_shared<EventTimings>();
    timings->configuration = qs(config->name);
    const cc::IterationTimings first = cc::iterationTimings(samples, 0);
    timings->issue = first.issue;
    timings->latency = first.latency;
    timings->queueWait = first.queueWait;
    timings->hidden = first.hidden;
    timings->skew = std::span<const Ns>(samples.times->skew);
    timings->tailThreshold = config->summary.latency.p99;
    timings->owner = result.replay;
    return timings;
}

QString ablationTitle(cc::Ablation ablation)
{
    switch (ablation) {
    case cc::Ablation::ArrivalSkew:
        return ReplayText::tr("arrival skew");
    case cc::Ablation::ComputeOverlap:
        return ReplayText::tr("compute overlap");
    case cc::Ablation::Ordering:
        return ReplayText::tr("ordering");
    case cc::Ablation::QueueResetGaps:
        return ReplayText::tr("queue-reset gaps");
    case cc::Ablation::RareTailWindows:
        return ReplayText::tr("rare tail windows");
    case cc::Ablation::Pressure:
        return ReplayText::tr("compute pressure");
    }
    return {};
}

QString protocolLabel(const cc::ReplayProtocol& protocol)
{
    if (protocol.isolated) {
        return ReplayText::tr("isolated (every collective alone)");
    }
    if (protocol.ablations.empty()) {
        return ReplayText::tr("no ablations");
    }
    QStringList names;
    for (const cc::Ablation a : protocol.ablations.list()) {
        names << ablationTitle(a);
    }
    return ReplayText::tr("without %1").arg(names.join(QLatin1String(", ")));
}

} // namespace cc::ui
