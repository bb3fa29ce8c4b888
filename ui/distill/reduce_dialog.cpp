#include "ui/distill/reduce_dialog.h"

#include "ui/artifacts/artifact_loader.h"
#include "ui/distill/option_forms.h"
#include "ui/util/text.h"

#include "core/reduce/reducer.h"
#include "core/util/errors.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cc::ui {

ReduceDialog::ReduceDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent)
    : DistillDialog(runner, store, replay, parent)
{
    setObjectName(QStringLiteral("reduceDialog"));
    setWindowTitle(tr("Reduce (ddmin)"));

    auto* note = new QLabel(tr("Delta debugging with a decision-only oracle: a subset is kept when it decides every "
                               "configuration pair on median, p95, p99 and mean as the full trace does. This is the "
                               "baseline a canary must beat: verify the result to see what it loses."),
                            this);
    note->setWordWrap(true);
    optionsLayout()->addWidget(note);
    auto* oracle = new QGroupBox(tr("Oracle"), this);
    auto* layout = new QVBoxLayout(oracle);
    tolerances_ =
        new ToleranceForm({QStringLiteral("ranking-tie-tolerance-us"), QStringLiteral("ranking-tie-tolerance-pct"),
                           QStringLiteral("seed"), QStringLiteral("iterations")},
                          oracle);
    layout->addWidget(tolerances_);
    auto* form = new QFormLayout;
    maxCalls_ = countSpinBox(QStringLiteral("max-oracle-calls"), 1'000'000'000, tr("no limit"),
                             tr("Stop after this many oracle calls; the result is then not 1-minimal"), oracle);
    form->addRow(tr("Oracle-call limit"), maxCalls_);
    layout->addLayout(form);
    optionsLayout()->addWidget(oracle);
    optionsLayout()->addStretch(1);
}

JobId ReduceDialog::startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs)
{
    cc::verify::VerifyOptions v = tolerances_->options();
    v.configs = *configs;
    cc::verify::validateVerifyOptions(v, toStd(tr("reduce")));
    cc::reduce::ReduceOptions options;
    options.configs = v.configs;
    options.protocol = v.protocol;
    options.tolerances = v.tolerances;
    options.maxOracleCalls = static_cast<std::uint64_t>(maxCalls_->value());

    ArtifactOrigin origin;
    origin.kind = ArtifactOriginKind::Reduced;
    origin.sourceIdentity = trace.identity;
    origin.sourceName = trace.name;
    origin.verifyOptions = std::make_shared<const cc::verify::VerifyOptions>(std::move(v));
    const QString name = resultName(trace, QStringLiteral("reduced"));
    auto source = trace.trace;
    return runner()->run<Artifact>(
        QStringLiteral("distill:reduce"), tr("Reducing %1").arg(trace.name),
        [source, options, origin, name](cc::Progress& progress) {
            cc::reduce::ReduceResult result = cc::reduce::reduceTrace(*source, options, progress);
            Artifact artifact =
                canaryArtifact(std::make_shared<const cc::Canary>(std::move(result.artifact.canary)),
                               std::make_shared<const std::string>(std::move(result.artifact.bytes)), QString(), name);
            artifact.origin = origin;
            artifact.origin.summary = qs(cc::reduce::reduceSummaryLine(result));
            artifact.facts.insert(artifact.facts.begin(), {ReduceDialog::tr("Reduced"), artifact.origin.summary});
            artifact.facts.insert(artifact.facts.begin() + 1,
                                  {ReduceDialog::tr("What it is"), qs(result.artifact.label)});
            artifact.facts.insert(artifact.facts.begin() + 2,
                                  {ReduceDialog::tr("Ranking decisions"),
                                   result.rankingPreserved
                                       ? ReduceDialog::tr("all %1 preserved").arg(result.decisions)
                                       : ReduceDialog::tr("NOT all %1 preserved").arg(result.decisions)});
            return artifact;
        },
        this,
        [this](Artifact artifact) {
            const QString message = tr("%1. It preserves ranking decisions only; verify it to see what it loses.")
                                        .arg(artifact.origin.summary);
            addResult(std::move(artifact), message);
        },
        [this](const JobError& error) {
            if (!error.isCancelled()) {
                showFailure(tr("%1: %2").arg(JobError::kindName(error.kind), error.message));
            }
        });
}

} // namespace cc::ui
