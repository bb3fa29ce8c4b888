#include "ui/capture/campaign_job.h"

#include "capture/lib/sweep_matrix.h"
#include "core/configs/physical_configs.h"
#include "core/util/errors.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/util/text.h"

namespace cc::ui {

CampaignOutcome runCampaignJob(const CampaignRequest& request, cc::Progress& progress)
{
    cc::capture::CampaignOptions options;
    options.matrix = cc::capture::loadSweepMatrix(request.matrix);
    options.set = cc::readPhysicalConfigSet(request.physicalConfigs);
    options.resultsDir = request.resultsDir;
    options.resume = request.resume;
    options.repeats = request.repeats;
    options.warmup = request.warmup;
    options.baselines = cc::baseline::methodsFromList(request.baselines);
    options.baselineSamples = request.baselineSamples;
    options.reduced = request.reduced;
    options.worker = request.worker;
    cc::capture::checkCampaign(options);
    cc::SubProgress running(progress, 0.0, 0.95);
    const cc::capture::CampaignRunResult run = cc::capture::runCampaign(options, running);
    if (run.cancelled) {
        throw cc::Cancelled();
    }
    CampaignOutcome outcome;
    outcome.cellsRun = run.cellsRun;
    outcome.cellsKept = run.cellsKept;
    outcome.replaysRun = run.replaysRun;
    outcome.replaysKept = run.replaysKept;
    outcome.failure = qs(run.failure);
    outcome.resultsPath = QString::fromStdU16String(run.resultsPath.u16string());
    if (run.results) {
        cc::SubProgress reading(progress, 0.95, 1.0);
        outcome.results = loadArtifact(outcome.resultsPath, reading);
        outcome.completed = true;
    }
    return outcome;
}

} // namespace cc::ui
