// One-click behaviour verification of a canary artifact: finds the trace it was made from (its
// origin, else the source SHA-256 it names), runs core's verify-behavior on a worker against
// that trace and a configuration set, and adds the verification to the artifact store. The
// options are the ones the canary was produced under (a reduce with a 100 µs tie tolerance is
// verified with that tie tolerance), else the defaults.
#pragma once

#include "ui/artifacts/artifact_store.h"
#include "ui/jobs/job_runner.h"

#include "core/configs/backend_config.h"

#include <QObject>

#include <memory>

namespace cc::ui {

class CanaryVerifier : public QObject {
    Q_OBJECT
public:
    CanaryVerifier(JobRunner* runner, ArtifactStore* store, QObject* parent = nullptr);

    /// The trace artifact a canary artifact was made from, or nullptr when none is loaded.
    const Artifact* sourceTraceOf(ArtifactId canary) const;

    /// Starts the verification; returns its job id, or 0 (and emits failed) when the canary or
    /// its source trace is not loaded. configs replaces the set of the producer's options when given.
    JobId verify(ArtifactId canary, std::shared_ptr<const cc::ConfigSet> configs);

signals:
    /// The verification was added to the store.
    void verified(cc::ui::ArtifactId canary, cc::ui::ArtifactId verification);
    void failed(const QString& what, const cc::ui::JobError& error);

private:
    JobRunner* runner_;
    ArtifactStore* store_;
};

} // namespace cc::ui
