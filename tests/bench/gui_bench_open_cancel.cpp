// How long Cancel takes to end the workbench's opening of a large trace: the loader
// (ui/artifacts' loadArtifact, what File ▸ Open runs) on the job runner, cancelled through
// JobRunner::cancel (what the status bar's Cancel calls) at the first progress report whose value
// reaches the row's argument (per mille of the job: 1 = the first report, while the events are
// read; 350 = about half of the file read; 750 = after reading, while the trace is validated and
// hashed). The time is from the cancel to the runner's jobFinished on the GUI thread, which is
// what a user waits for; seen_ms is how long core took to see the cancel (its check granularity),
// unwind_ms how long unwinding took after that (freeing what was read). The trace is generated
// once per process (training, 1M events, about 300 MB), or named by COMMCANARY_BENCH_TRACE:
//   build/release/tests/bench/gui_bench_open_cancel --benchmark_repetitions=5
#include "core/generate/generators.h"
#include "core/trace/trace_io.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/jobs/job_runner.h"

#include "bench_support.h"
#include "gui_bench_support.h"

#include <benchmark/benchmark.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

/// The folder of a generated trace, removed when the process ends; empty when none was generated.
fs::path generatedDir;

const fs::path& benchTrace()
{
    static const fs::path path = [] {
        if (const char* named = std::getenv("COMMCANARY_BENCH_TRACE"); named != nullptr && fs::exists(named)) {
            return fs::path(named);
        }
        const fs::path dir = fs::temp_directory_path() / ("commcanary-bench-" + std::to_string(::getpid()));
        fs::create_directories(dir);
        generatedDir = dir;
        cc::NullProgress progress;
        cc::GeneratorOptions options;
        options.events = 1'000'000;
        const fs::path file = dir / "training-1000000.trace.json";
        cc::writeTraceFile(cc::generateTraining(options, progress), file);
        return file;
    }();
    return path;
}

/// Passes everything to the job's progress and notes when core first saw the cancel.
class SeeingProgress final : public cc::Progress {
public:
    SeeingProgress(cc::Progress& parent, const QElapsedTimer& sinceCancel, std::atomic<qint64>& seenNs)
        : parent_(parent), sinceCancel_(sinceCancel), seenNs_(seenNs)
    {
    }
    void report(double fraction, std::string_view message) override { parent_.report(fraction, message); }
    bool cancelled() const override
    {
        const bool stop = parent_.cancelled();
        if (stop && seenNs_.load() == 0) {
            seenNs_ = sinceCancel_.nsecsElapsed();
        }
        return stop;
    }

private:
    cc::Progress& parent_;
    const QElapsedTimer& sinceCancel_;
    std::atomic<qint64>& seenNs_;
};

void BM_OpenCancel(benchmark::State& state)
{
    const QString path = QString::fromStdString(benchTrace().string());
    const int threshold = static_cast<int>(state.range(0));
    int reachedSum = 0;
    double seenSum = 0;
    double unwoundSum = 0;
    for (auto _ : state) {
        cc::ui::JobRunner runner;
        QObject receiver;
        QElapsedTimer sinceCancel;
        std::optional<cc::ui::JobRunner::Outcome> outcome;
        qint64 latencyNs = 0;
        int reached = 0;
        cc::ui::JobId job = 0;
        QObject::connect(&runner, &cc::ui::JobRunner::jobProgress, &receiver,
                         [&](cc::ui::JobId id, int value, const QString&) {
                             if (id == job && !sinceCancel.isValid() && value >= threshold) {
                                 reached = value;
                                 sinceCancel.start();
                                 runner.cancel(id);
                             }
                         });
        QObject::connect(&runner, &cc::ui::JobRunner::jobFinished, &receiver,
                         [&](cc::ui::JobId id, cc::ui::JobRunner::Outcome how) {
                             if (id == job) {
                                 latencyNs = sinceCancel.isValid() ? sinceCancel.nsecsElapsed() : 0;
                                 outcome = how;
                             }
                         });
        // Where the time goes: until core's check saw the cancel, then unwinding (freeing what was
        // read), then the delivery to the GUI thread.
        std::atomic<qint64> seenNs{0};
        std::atomic<qint64> unwoundNs{0};
        job = runner.run<cc::ui::Artifact>(
            QStringLiteral("open"), QStringLiteral("Opening"),
            [&, path](cc::Progress& progress) {
                SeeingProgress seeing(progress, sinceCancel, seenNs);
                try {
                    return cc::ui::loadArtifact(path, seeing);
                } catch (const cc::Cancelled&) {
                    unwoundNs = sinceCancel.nsecsElapsed();
                    throw;
                }
            },
            &receiver, [](cc::ui::Artifact) {});
        ccbench::waitUntil([&]() { return outcome.has_value(); });
        if (*outcome != cc::ui::JobRunner::Outcome::Cancelled) {
            state.SkipWithError("the open ended before the cancel reached it");
            return;
        }
        state.SetIterationTime(static_cast<double>(latencyNs) / 1e9);
        reachedSum += reached;
        seenSum += static_cast<double>(seenNs.load()) / 1e6;
        unwoundSum += static_cast<double>(unwoundNs.load() - seenNs.load()) / 1e6;
    }
    state.counters["cancelled_at_permille"] =
        benchmark::Counter(static_cast<double>(reachedSum), benchmark::Counter::kAvgIterations);
    state.counters["seen_ms"] = benchmark::Counter(seenSum, benchmark::Counter::kAvgIterations);
    state.counters["unwind_ms"] = benchmark::Counter(unwoundSum, benchmark::Counter::kAvgIterations);
    state.counters["file_MiB"] = static_cast<double>(fs::file_size(benchTrace())) / (1024.0 * 1024.0);
}

} // namespace

BENCHMARK(BM_OpenCancel)->Arg(1)->Arg(350)->Arg(750)->Iterations(3)->UseManualTime()->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    return ccbench::runBenchmarks(argc, argv, generatedDir); // removes a generated trace (about 300 MB)
}
