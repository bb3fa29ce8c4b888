#include "ui/replay/replay_controller.h"

#include "core/canary/expand.h"
#include "core/configs/config_io.h"
#include "ui/artifacts/artifact_store.h"
#include "ui/util/text.h"

namespace cc::ui {

namespace {
const QString kBaselineSlot = QStringLiteral("replay-baseline");
const QString kControlledSlot = QStringLiteral("replay-controlled");
const QString kCanarySlot = QStringLiteral("replay-canary");
} // namespace

ReplayController::ReplayController(JobRunner* runner, QObject* parent) : QObject(parent), runner_(runner)
{
    configs_ = std::make_shared<const cc::ConfigSet>(cc::defaultConfigSet());
    configsName_ = tr("default (built in)");
}

void ReplayController::setTrace(std::shared_ptr<const cc::Trace> trace)
{
    if (trace == trace_) {
        return;
    }
    trace_ = std::move(trace);
    baseline_ = {};
    controlled_ = {};
    emit baselineChanged();
    emit currentChanged();
    replayBaseline();
}

void ReplayController::setConfigSet(std::shared_ptr<const cc::ConfigSet> configs, const QString& sourceName)
{
    if (!configs || configs == configs_) {
        return;
    }
    configs_ = std::move(configs);
    configsName_ = sourceName;
    baseline_ = {};
    controlled_ = {};
    configuration_ = std::clamp(configuration_, 0, std::max(0, static_cast<int>(configs_->configurations.size()) - 1));
    emit configSetChanged();
    emit baselineChanged();
    emit currentChanged();
    emit currentConfigurationChanged(configuration_);
    replayBaseline();
    replayCanary();
}

void ReplayController::setAblations(const cc::AblationSet& ablations)
{
    if (ablations == protocol_.ablations && !protocol_.isolated) {
        return;
    }
    protocol_.ablations = ablations;
    protocol_.isolated = false;
    protocolChangedReplay();
}

void ReplayController::setIsolated(bool isolated)
{
    if (isolated == protocol_.isolated) {
        return;
    }
    protocol_.isolated = isolated;
    if (isolated) {
        protocol_.ablations = {};
    }
    protocolChangedReplay();
}

void ReplayController::protocolChangedReplay()
{
    controlled_ = {};
    emit protocolChanged();
    replayCanary();
    if (hasControls()) {
        replayControlled();
    } else {
        runner_->cancelSlot(kControlledSlot);
        emit currentChanged();
    }
}

bool ReplayController::isReplaying() const
{
    return runner_->isActive(baselineJob_) || runner_->isActive(controlledJob_);
}

void ReplayController::setCurrentConfiguration(int index)
{
    const int count = configs_ ? static_cast<int>(configs_->configurations.size()) : 0;
    if (index < 0 || index >= count || index == configuration_) {
        return;
    }
    configuration_ = index;
    emit currentConfigurationChanged(index);
}

ReplayRequest ReplayController::request(const cc::ReplayProtocol& protocol) const
{
    return ReplayRequest{trace_, configs_, protocol};
}

void ReplayController::replayBaseline()
{
    if (!trace_ || !configs_) {
        runner_->cancelSlot(kBaselineSlot);
        runner_->cancelSlot(kControlledSlot);
        return;
    }
    cc::ReplayProtocol plain;
    plain.seed = protocol_.seed;
    plain.iterations = protocol_.iterations;
    plain.tieTolerancePpm = protocol_.tieTolerancePpm;
    const ReplayRequest req = request(plain);
    baselineJob_ = runner_->run<ReplayResult>(
        kBaselineSlot, tr("Replaying under %1 configurations").arg(configs_->configurations.size()),
        [req](cc::Progress& progress) { return runReplay(req, progress); }, this,
        [this](ReplayResult result) {
            if (!result.request.sameAs(request(result.request.protocol)) || result.request.protocol.isolated ||
                !result.request.protocol.ablations.empty()) {
                return; // the trace or the set changed meanwhile
            }
            baseline_ = std::move(result);
            emit baselineChanged();
            if (hasControls()) {
                replayControlled();
            } else {
                emit currentChanged();
            }
        },
        [this](const JobError& error) { emit replayFailed(error); });
}

void ReplayController::replayControlled()
{
    if (!trace_ || !configs_ || !hasControls()) {
        return;
    }
    const ReplayRequest req = request(protocol_);
    controlledJob_ = runner_->run<ReplayResult>(
        kControlledSlot, tr("Replaying %1").arg(protocolLabel(protocol_)),
        [req](cc::Progress& progress) { return runReplay(req, progress); }, this,
        [this](ReplayResult result) {
            if (!result.request.sameAs(request(protocol_))) {
                return; // controls changed meanwhile; a newer job is on its way
            }
            controlled_ = std::move(result);
            emit currentChanged();
        },
        [this](const JobError& error) { emit replayFailed(error); });
}

// ---- the canary beside the trace ------------------------------------------------------------

namespace {

struct CanaryReplayOutcome {
    std::shared_ptr<const cc::Trace> expanded;
    ReplayResult result;
};

} // namespace

void ReplayController::setCanary(std::shared_ptr<const cc::Canary> canary, const QString& name)
{
    if (canary == canary_) {
        canaryName_ = name;
        return;
    }
    canary_ = std::move(canary);
    canaryName_ = canary_ ? name : QString();
    canaryTrace_.reset();
    emit canaryChanged();
    replayCanary();
}

bool ReplayController::isReplayingCanary() const
{
    return runner_->isActive(canaryJob_);
}

void ReplayController::resetCanaryReplay()
{
    runner_->cancelSlot(kCanarySlot);
    if (canaryReplay_.valid()) {
        canaryReplay_ = {};
        emit canaryReplayChanged();
    }
}

void ReplayController::replayCanary()
{
    resetCanaryReplay();
    if (!canary_ || !configs_) {
        return;
    }
    auto canary = canary_;
    auto expanded = canaryTrace_;
    const auto configs = configs_;
    const cc::ReplayProtocol protocol = protocol_;
    const std::string name = toStd(canaryName_);
    canaryJob_ = runner_->run<CanaryReplayOutcome>(
        kCanarySlot, tr("Replaying the canary %1").arg(canaryName_),
        [canary, expanded, configs, protocol, name](cc::Progress& progress) {
            CanaryReplayOutcome outcome;
            outcome.expanded =
                expanded ? expanded : std::make_shared<const cc::Trace>(cc::expandCanary(*canary, name, progress));
            outcome.result = runReplay(ReplayRequest{outcome.expanded, configs, protocol}, progress);
            return outcome;
        },
        this,
        [this, canary](CanaryReplayOutcome outcome) {
            if (canary != canary_ || outcome.result.request.configs != configs_ ||
                !(outcome.result.request.protocol == protocol_)) {
                return; // the canary, the set or the controls changed meanwhile
            }
            canaryTrace_ = outcome.expanded;
            canaryReplay_ = std::move(outcome.result);
            emit canaryReplayChanged();
        },
        [this](const JobError& error) { emit replayFailed(error); });
}

void ReplayController::followCanaries(const ArtifactStore* store)
{
    auto update = [this, store]() {
        const Artifact* trace = store->activeTraceArtifact();
        const Artifact* found = nullptr;
        if (trace != nullptr && !trace->identity.isEmpty()) {
            for (const Artifact& artifact : store->artifacts()) {
                // The canary's own source hash, not the artifact's origin: a canary of a reduced
                // subset names the subset, and its segment indices are the subset's.
                if (artifact.kind == ArtifactKind::Canary && artifact.canary &&
                    qs(artifact.canary->header.sourceSha256) == trace->identity) {
                    found = &artifact;
                    break;
                }
            }
        }
        if (found != nullptr) {
            setCanary(found->canary, found->name);
        } else {
            setCanary(nullptr, QString());
        }
    };
    connect(store, &ArtifactStore::relationsChanged, this, update);
    connect(store, &ArtifactStore::activeTraceChanged, this, update);
    update();
}

} // namespace cc::ui
