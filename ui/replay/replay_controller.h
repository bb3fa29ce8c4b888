// Keeps the workbench's replays current: the active trace, the active configuration set and
// the simulator controls (ablations, isolated mode). Whenever one changes it replays on a
// worker thread through the JobRunner: the unablated baseline (what every comparison is
// against) and, when controls are set, the controlled replay. Results from superseded requests
// are dropped. Also remembers the configuration the timeline shows.
//
// When a canary compiled from the active trace is loaded (its source SHA-256 names the trace),
// the controller expands it once and replays the expansion under the same configurations and
// simulator controls as current(), so views can overlay source and canary and show which
// canary segment an event belongs to.
#pragma once

#include "core/canary/canary.h"
#include "ui/jobs/job_runner.h"
#include "ui/replay/replay_result.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace cc::ui {

class ArtifactStore;

class ReplayController : public QObject {
    Q_OBJECT
public:
    ReplayController(JobRunner* runner, QObject* parent = nullptr);

    void setTrace(std::shared_ptr<const cc::Trace> trace);
    const std::shared_ptr<const cc::Trace>& trace() const { return trace_; }

    void setConfigSet(std::shared_ptr<const cc::ConfigSet> configs, const QString& sourceName);
    const std::shared_ptr<const cc::ConfigSet>& configSet() const { return configs_; }
    QString configSetName() const { return configsName_; }

    /// Simulator controls for the controlled replay. Isolated mode excludes ablations (the
    /// engine refuses the combination), so setting isolated clears them and vice versa.
    void setAblations(const cc::AblationSet& ablations);
    void setIsolated(bool isolated);
    cc::ReplayProtocol protocol() const { return protocol_; }

    /// The unablated replay, and the replay under the current controls (== baseline when none).
    const ReplayResult& baseline() const { return baseline_; }
    const ReplayResult& current() const { return hasControls() ? controlled_ : baseline_; }
    bool hasControls() const { return protocol_.isolated || !protocol_.ablations.empty(); }
    bool isReplaying() const;

    int currentConfiguration() const { return configuration_; }
    void setCurrentConfiguration(int index);

    JobRunner* runner() const { return runner_; }

    /// The canary to replay beside the trace (nullptr: none). name is shown in legends.
    void setCanary(std::shared_ptr<const cc::Canary> canary, const QString& name);
    const std::shared_ptr<const cc::Canary>& canary() const { return canary_; }
    QString canaryName() const { return canaryName_; }
    /// The expanded canary replayed under current()'s configurations and controls (invalid
    /// until it has run, or without a canary).
    const ReplayResult& canaryReplay() const { return canaryReplay_; }
    bool isReplayingCanary() const;

    /// Keeps the canary in step with store: the first loaded canary whose own source SHA-256
    /// (its header's) is the active trace's normalised identity, or none.
    void followCanaries(const ArtifactStore* store);

signals:
    void configSetChanged();
    void protocolChanged();
    void baselineChanged();
    /// current() changed: a new baseline without controls, or a new controlled replay.
    void currentChanged();
    void currentConfigurationChanged(int index);
    void replayFailed(const cc::ui::JobError& error);
    /// canary() changed (canaryReplay() is reset with it).
    void canaryChanged();
    /// canaryReplay() changed: a new replay of the expanded canary arrived or was reset.
    void canaryReplayChanged();

private:
    /// After the ablations or isolation changed: drops the controlled replay and replays again.
    void protocolChangedReplay();
    void replayBaseline();
    void replayControlled();
    ReplayRequest request(const cc::ReplayProtocol& protocol) const;
    void replayCanary();
    void resetCanaryReplay();

    JobRunner* runner_;
    std::shared_ptr<const cc::Trace> trace_;
    std::shared_ptr<const cc::ConfigSet> configs_;
    QString configsName_;
    cc::ReplayProtocol protocol_;
    ReplayResult baseline_;
    ReplayResult controlled_;
    JobId baselineJob_ = 0;
    JobId controlledJob_ = 0;
    int configuration_ = 0;
    std::shared_ptr<const cc::Canary> canary_;
    QString canaryName_;
    std::shared_ptr<const cc::Trace> canaryTrace_; ///< canary_ expanded (cached once expanded)
    ReplayResult canaryReplay_;
    JobId canaryJob_ = 0;
};

} // namespace cc::ui
