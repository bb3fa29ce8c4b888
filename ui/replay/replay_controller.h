// Keeps the workbench's replays current: the active trace, the active configuration set and
// the simulator controls (ablations, isolated mode). Whenever one changes it replays on a
// worker thread through the JobRunner: the unablated baseline (what every comparison is
// against) and, when controls are set, the controlled replay. Results from superseded requests
// are dropped. Also remembers the configuration the timeline shows.
#pragma once

#include "ui/jobs/job_runner.h"
#include "ui/replay/replay_result.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace cc::ui {

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

signals:
    void configSetChanged();
    void protocolChanged();
    void baselineChanged();
    /// current() changed: a new baseline without controls, or a new controlled replay.
    void currentChanged();
    void currentConfigurationChanged(int index);
    void replayFailed(const cc::ui::JobError& error);

private:
    void replayBaseline();
    void replayControlled();
    ReplayRequest request(const cc::ReplayProtocol& protocol) const;

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
};

} // namespace cc::ui
