// Running a capture sweep: every cell of the matrix planned through the memory guard (an
// infeasible cell is recorded as refused with its arithmetic, never dropped), then run in order,
// one capture cell at a time, with the index rewritten after every cell.
//
// Resuming (--resume): the results folder must hold the same matrix (matrix.json, compared as
// canonical JSON). A cell whose folder holds a manifest the fail-closed loader accepts is
// measured and is never rerun and never rewritten. Any other cell folder (interrupted, failed,
// refused) is removed and the cell planned and run again: the guard is re-evaluated against the
// machine as it is now, and a failed cell gets another try.
#pragma once

#include "capture/lib/sweep_index.h"
#include "capture/lib/sweep_matrix.h"
#include "core/util/progress.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace cc::capture {

struct SweepRunOptions {
    std::filesystem::path resultsDir;
    bool resume = false;
    /// Run at most this many cells in this invocation (refused cells and cells already measured
    /// do not count); the rest stay planned for a later --resume.
    std::optional<int> maxCells;
    std::optional<std::filesystem::path> worker; ///< explicit worker binary
    std::string masterAddr = "127.0.0.1";
    /// Called after each cell's record is final and the index was rewritten (calling thread).
    std::function<void(const SweepCellRecord&)> onCellDone;
};

struct SweepRunResult {
    SweepIndex index;
    int alreadyMeasured = 0; ///< measured cells found on --resume (not rerun)
    int cleaned = 0;         ///< cell folders removed on --resume (half-written, failed or refused)
    int ran = 0;             ///< cells launched in this invocation
    bool stoppedByLimit = false;
    bool cancelled = false; ///< the Progress was cancelled (while planning or running); cells not run stay planned
};

/// Validates the results folder (absent or empty; or, with resume, a sweep of the same matrix)
/// before writing anything; throws InputError otherwise. Then writes matrix.json and the index
/// (every cell planned or refused) and runs the cells. Long work reports through progress.
SweepRunResult runSweep(const SweepMatrix& matrix, const SweepRunOptions& options, Progress& progress);

} // namespace cc::capture
