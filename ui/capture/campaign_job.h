// A physical campaign (`commcanary capture campaign`) as a plain function for the job runner: the
// matrix and the physical configuration set read by the capture library's and core's own readers,
// checkCampaign, then runCampaign, which runs every cell and replay as worker processes and stops
// the running rank group when the job is cancelled. A complete campaign's results.json is read back
// as a workbench artifact (core's strict reader, every proxy's per-pair decisions).
#pragma once

#include "capture/lib/campaign.h"
#include "core/util/progress.h"
#include "ui/artifacts/artifact.h"

#include <QString>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace cc::ui {

struct CampaignRequest {
    std::filesystem::path matrix;          ///< a capture matrix that plans exactly one cell
    std::filesystem::path physicalConfigs; ///< a physical configuration set
    std::filesystem::path resultsDir;      ///< absent or empty, or a campaign to resume
    bool resume = false;
    // The rest as `capture campaign` takes them, with its defaults (capture::CampaignOptions).
    int repeats = capture::CampaignOptions{}.repeats;
    int warmup = capture::CampaignOptions{}.warmup;
    std::string baselines = capture::baselineListText(capture::CampaignOptions{}.baselines); ///< as --baselines
    std::optional<std::uint64_t> baselineSamples; ///< nullopt: core/baseline's default
    bool reduced = capture::CampaignOptions{}.reduced;
    std::optional<std::filesystem::path> worker; ///< nullopt: searched like the CLI does
};

struct CampaignOutcome {
    bool completed = false;
    QString failure; ///< why no results were written (a cell or replay failed)
    int cellsRun = 0, cellsKept = 0, replaysRun = 0, replaysKept = 0;
    QString resultsPath;
    std::optional<Artifact> results; ///< completed: results.json read by the artifact loader
};

/// Runs the campaign. Throws
/// cc::InputError, cc::IoError or CaptureUnavailable before anything runs (checkCampaign), and
/// cc::Cancelled after the cancelled campaign has stopped its ranks (what completed stays for
/// resume).
CampaignOutcome runCampaignJob(const CampaignRequest& request, cc::Progress& progress);

} // namespace cc::ui
