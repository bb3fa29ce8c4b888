// The physical campaign (`commcanary capture campaign`): does a proxy keep the real workload's
// decision? It runs one capture cell (real DDP training) under every physical configuration of a
// set; the cell's step times per configuration are the ground truth (W-full). It then takes the
// trace the first configuration's cell captured, distils its canary (behaviour search; the
// lossless canary when no bounded candidate passes), builds the baselines (isolated
// microbenchmark, random, stratified, ... and the ddmin-reduced trace), replays each of them and
// the source physically under every configuration, with and without compute stand-ins, and scores
// every proxy's ranking against W-full (core/report/campaign.h).
//
// Results folder:
//   setup.json                 the matrix, the physical set and the options (compared on --resume)
//   workload/<NN>_<config>/    one capture cell per configuration (cell_runner.h's layout)
//   proxies/                   the inputs replayed: canary.canary.json, <baseline>.trace.json,
//                              reduced.trace.json (the source is the first cell's trace.json)
//   replays/<proxy>.<compute>.measured.json   one measured report per proxy and compute mode;
//                              <...>.wall_ms beside it (written first; the report is the marker)
//   results.json               commcanary-workbench.campaign.v1, written last
//   summary.md                 the short Markdown summary
//
// Resumable and fail-closed like a sweep: a cell whose manifest the loader accepts and a replay
// whose report reads back for the same input, repeats and set are kept; anything else is removed
// and run again. An incomplete cell or replay is never scored: a failure stops the campaign
// before results.json is written.
#pragma once

#include "capture/lib/sweep_matrix.h"
#include "core/baseline/baselines.h"
#include "core/configs/physical_configs.h"
#include "core/report/campaign.h"
#include "core/util/progress.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kCampaignSetupFormat = "commcanary.capture.campaign-setup.v1";

struct CampaignOptions {
    SweepMatrix matrix; ///< must plan exactly one cell
    PhysicalConfigSet set;
    std::filesystem::path resultsDir;
    bool resume = false;
    int repeats = 3;
    int warmup = 1;
    std::vector<baseline::Method> baselines{baseline::Method::Isolated, baseline::Method::Random,
                                            baseline::Method::Stratified};
    std::optional<std::uint64_t> baselineSamples; ///< every baseline's sample count (core/baseline's default)
    bool reduced = true;                          ///< also the ddmin-reduced trace
    std::optional<std::filesystem::path> worker;
    std::chrono::seconds timeout{600}; ///< per cell and per replay of one configuration
};

struct CampaignRunResult {
    std::optional<CampaignResults> results; ///< set when every cell and replay completed
    std::string failure;                    ///< why not (empty when cancelled or complete)
    bool cancelled = false;
    int cellsRun = 0, cellsKept = 0;
    int replaysRun = 0, replaysKept = 0;
    std::filesystem::path resultsPath, summaryPath;
};

/// "isolated,random,stratified": a baseline list as --baselines takes it (baseline::methodsFromList).
std::string baselineListText(const std::vector<baseline::Method>& methods);

/// Checks everything that can be checked before a rank starts, writes nothing: one cell; at
/// least two configurations; each configuration's backend and device available and its gloo
/// threads the workload's (the capture worker's process group uses kDefaultGlooThreads); the
/// shaping privilege when the set shapes; the memory guard for every configuration's cell; the
/// results folder absent or empty (or, with resume, a campaign of the same setup). Throws
/// InputError, CaptureUnavailable (cell_runner.h) or IoError.
void checkCampaign(const CampaignOptions& options);

/// Runs the campaign (checkCampaign first). Long work reports through progress; a cancel stops
/// the running ranks and leaves what completed for --resume.
CampaignRunResult runCampaign(const CampaignOptions& options, Progress& progress);

} // namespace cc::capture
