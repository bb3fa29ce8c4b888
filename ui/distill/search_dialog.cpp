#include "ui/distill/search_dialog.h"

#include "ui/artifacts/artifact_loader.h"
#include "ui/distill/option_forms.h"
#include "ui/distill/search_candidate_model.h"
#include "ui/util/text.h"

#include "core/search/behavior_search.h"
#include "core/util/errors.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

#include <optional>

namespace cc::ui {

namespace {

/// What a search job hands back: the whole result (evidence) and, when something passed, the artifact.
struct SearchOutcome {
    std::shared_ptr<const cc::search::SearchResult> result;
    std::optional<Artifact> artifact;
};

QString limitsText(const std::vector<std::uint64_t>& limits)
{
    QStringList parts;
    for (const auto limit : limits) {
        parts << QString::number(limit);
    }
    return parts.join(QLatin1Char(','));
}

} // namespace

SearchDialog::SearchDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent)
    : DistillDialog(runner, store, replay, parent)
{
    setObjectName(QStringLiteral("searchDialog"));
    setWindowTitle(tr("Behaviour Search"));

    auto* columns = new QHBoxLayout;
    auto* range = new QGroupBox(tr("Declared range"), this);
    auto* rangeLayout = new QVBoxLayout(range);
    auto* form = new QFormLayout;
    limits_ = new QLineEdit(limitsText(cc::search::defaultSampleLimits()), range);
    limits_->setObjectName(QStringLiteral("search-budgets"));
    limits_->setToolTip(tr("Timing samples per operation group to try: a list (1,2,4,8) or a range (1..16). When "
                           "no bounded candidate in it passes and the lossless canary competes, the search doubles "
                           "the largest while the candidate stays smaller than the lossless canary."));
    form->addRow(tr("Sample limits"), limits_);
    rangeLayout->addLayout(form);
    lossless_ = new QCheckBox(tr("Let the lossless canary compete"), range);
    lossless_->setChecked(true);
    refine_ = new QCheckBox(tr("Then lower per-group limits while every status passes"), range);
    refine_->setChecked(true);
    rangeLayout->addWidget(lossless_);
    rangeLayout->addWidget(refine_);
    caps_ = new BudgetForm(range);
    rangeLayout->addWidget(caps_);
    columns->addWidget(range);

    auto* gate = new QGroupBox(tr("Verification every candidate must pass"), this);
    auto* gateLayout = new QVBoxLayout(gate);
    tolerances_ = new ToleranceForm({}, gate);
    gateLayout->addWidget(tolerances_);
    columns->addWidget(gate);
    optionsLayout()->addLayout(columns);

    candidates_ = new SearchCandidateModel(this);
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("candidates"));
    view_->setModel(candidates_);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view_->setMinimumHeight(160);
    optionsLayout()->addWidget(view_, 1);
    resize(900, 720);
}

JobId SearchDialog::startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs)
{
    cc::search::SearchOptions options;
    options.sampleLimits = cc::search::parseSampleLimits(toStd(limits_->text().trimmed()), "--search-budgets");
    options.fieldCaps = caps_->caps();
    options.includeLossless = lossless_->isChecked();
    options.refineGroups = refine_->isChecked();
    cc::verify::VerifyOptions v = tolerances_->options();
    v.configs = *configs;
    cc::verify::validateVerifyOptions(v, toStd(tr("behaviour search")));
    auto verifyOptions = std::make_shared<const cc::verify::VerifyOptions>(std::move(v));

    ArtifactOrigin origin;
    origin.kind = ArtifactOriginKind::Searched;
    origin.sourceIdentity = trace.identity;
    origin.sourceName = trace.name;
    origin.verifyOptions = verifyOptions;
    const QString name = resultName(trace, QStringLiteral("searched"));
    auto source = trace.trace;
    candidates_->setResult(nullptr);
    return runner()->run<SearchOutcome>(
        QStringLiteral("distill:search"), tr("Behaviour search on %1").arg(trace.name),
        [source, options, verifyOptions, origin, name](cc::Progress& progress) {
            auto result = std::make_shared<cc::search::SearchResult>(
                cc::search::searchBehavior(*source, *verifyOptions, options, progress));
            SearchOutcome outcome;
            if (result->found) {
                Artifact artifact =
                    canaryArtifact(std::make_shared<const cc::Canary>(result->best.canary),
                                   std::make_shared<const std::string>(result->best.bytes), QString(), name);
                artifact.origin = origin;
                artifact.origin.summary = qs(cc::search::searchSummaryLine(*result));
                outcome.artifact = std::move(artifact);
            }
            outcome.result = std::move(result);
            return outcome;
        },
        this,
        [this](SearchOutcome outcome) {
            candidates_->setResult(outcome.result);
            if (!outcome.artifact) {
                showFailure(tr("No candidate passed every status; nothing was added. %1")
                                .arg(qs(cc::search::searchSummaryLine(*outcome.result))));
                return;
            }
            const QString summary = outcome.artifact->origin.summary;
            addResult(std::move(*outcome.artifact), summary);
        },
        [this](const JobError& error) {
            if (!error.isCancelled()) {
                showFailure(tr("%1: %2").arg(JobError::kindName(error.kind), error.message));
            }
        });
}

} // namespace cc::ui
