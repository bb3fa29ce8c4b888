#include "ui/distill/compile_dialog.h"

#include "ui/artifacts/artifact_loader.h"
#include "ui/distill/option_forms.h"
#include "ui/util/text.h"

#include "core/compile/compiler.h"
#include "core/util/errors.h"
#include "core/verify/strict_gate.h"
#include "core/verify/verification_json.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cc::ui {

CompileDialog::CompileDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent)
    : DistillDialog(runner, store, replay, parent)
{
    setObjectName(QStringLiteral("compileDialog"));
    setWindowTitle(tr("Compile a Canary"));

    auto* timing = new QGroupBox(tr("Timing"), this);
    auto* timingLayout = new QVBoxLayout(timing);
    lossless_ = new QRadioButton(tr("Lossless: every modelled field exact (exact encodings only)"), timing);
    bounded_ = new QRadioButton(tr("Bounded: approximate timing within the budget below, fail closed"), timing);
    lossless_->setChecked(true);
    timingLayout->addWidget(lossless_);
    timingLayout->addWidget(bounded_);
    auto* limits = new QFormLayout;
    sampleLimit_ = new QSpinBox(timing);
    sampleLimit_->setObjectName(QStringLiteral("timing-sample-limit"));
    sampleLimit_->setRange(1, 1'000'000);
    sampleLimit_->setValue(static_cast<int>(cc::kDefaultTimingSampleLimit));
    limits->addRow(tr("Timing samples per operation group"), sampleLimit_);
    timingLayout->addLayout(limits);
    budget_ = new BudgetForm(timing);
    timingLayout->addWidget(budget_);
    optionsLayout()->addWidget(timing);

    auto* scope = new QFormLayout;
    prefix_ = countSpinBox(QStringLiteral("prefix"), 2'000'000'000, tr("whole trace"),
                           tr("Compile only the first N events; the canary is then labelled partial"), this);
    scope->addRow(tr("Prefix (events)"), prefix_);
    optionsLayout()->addLayout(scope);

    auto* strictBox = new QGroupBox(tr("Strict compilation"), this);
    auto* strictLayout = new QVBoxLayout(strictBox);
    strict_ = new QCheckBox(tr("Verify behaviour before emitting; refuse a canary that fails any status"), strictBox);
    strictLayout->addWidget(strict_);
    tolerances_ = new ToleranceForm({}, strictBox);
    strictLayout->addWidget(tolerances_);
    optionsLayout()->addWidget(strictBox);
    optionsLayout()->addStretch(1);

    connect(bounded_, &QRadioButton::toggled, this, &CompileDialog::updateEnabled);
    connect(strict_, &QCheckBox::toggled, this, &CompileDialog::updateEnabled);
    updateEnabled();
}

void CompileDialog::updateEnabled()
{
    sampleLimit_->setEnabled(bounded_->isChecked());
    budget_->setEnabled(bounded_->isChecked());
    tolerances_->setEnabled(strict_->isChecked());
}

JobId CompileDialog::startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs)
{
    cc::CompileOptions options;
    if (bounded_->isChecked()) {
        options.timingMode = cc::CanaryTimingMode::Bounded;
        options.budget = budget_->caps();
        options.budget.sampleLimit = static_cast<std::uint64_t>(sampleLimit_->value());
    }
    if (prefix_->value() > 0) {
        options.prefixEvents = static_cast<std::uint64_t>(prefix_->value());
    }
    std::shared_ptr<const cc::verify::VerifyOptions> verifyOptions;
    auto lastReport = std::make_shared<cc::verify::VerificationReport>();
    if (strict_->isChecked()) {
        cc::verify::VerifyOptions v = tolerances_->options();
        v.configs = *configs;
        cc::verify::validateVerifyOptions(v, toStd(tr("strict compilation")));
        options.emitGate = cc::verify::verificationGate(v, lastReport);
        verifyOptions = std::make_shared<const cc::verify::VerifyOptions>(std::move(v));
    }

    ArtifactOrigin origin;
    origin.kind = ArtifactOriginKind::Compiled;
    origin.sourceIdentity = trace.identity;
    origin.sourceName = trace.name;
    origin.verifyOptions = verifyOptions;
    const QString name =
        resultName(trace, options.timingMode == cc::CanaryTimingMode::Bounded ? QStringLiteral("bounded")
                                                                              : QStringLiteral("lossless"));
    auto source = trace.trace;
    return runner()->run<Artifact>(
        QStringLiteral("distill:compile"), tr("Compiling %1").arg(trace.name),
        [source, options, origin, name](cc::Progress& progress) {
            cc::CompileResult result = cc::compileCanary(*source, options, progress);
            Artifact artifact =
                canaryArtifact(std::make_shared<const cc::Canary>(std::move(result.canary)),
                               std::make_shared<const std::string>(std::move(result.bytes)), QString(), name);
            artifact.origin = origin;
            return artifact;
        },
        this,
        [this](Artifact artifact) {
            const cc::CanaryHeader& h = artifact.canary->header;
            const QString message = tr("%1 logical events in %2 stored, %3 (timing %4, coverage %5, claim %6).")
                                        .arg(formatCount(h.logicalEvents), formatCount(h.storedEvents),
                                             formatBytes(static_cast<std::int64_t>(artifact.bytes->size())),
                                             qs(cc::timingModeName(h.timingMode)), qs(cc::coverageName(h.coverage)),
                                             qs(cc::claimName(h.claim)));
            artifact.origin.summary = message;
            addResult(std::move(artifact), message);
        },
        [this, lastReport](const JobError& error) {
            if (error.isCancelled()) {
                return;
            }
            QString message = error.kind == JobError::Kind::Negative
                                  ? tr("Refused, nothing was added: %1").arg(error.message)
                                  : tr("%1: %2").arg(JobError::kindName(error.kind), error.message);
            if (error.kind == JobError::Kind::Negative && !lastReport->sourceSha256.empty()) {
                message += QLatin1Char('\n') + qs(cc::verify::verificationSummaryText(*lastReport));
            }
            showFailure(message);
        });
}

} // namespace cc::ui
