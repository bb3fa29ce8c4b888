// How long the workbench takes to open a large trace to a drawn timeline, and how much memory it
// holds: the main window at its default size (1515x900, offscreen unless QT_QPA_PLATFORM says
// otherwise), File ▸ Open's openFile, until the timeline's first frame of the trace (drawn_ms: at
// issue times, before any replay) and until its replayed frame (replayed_ms). Each iteration opens
// the trace in a new window and closes it; the first iteration of the process is the cold one, the
// figure a user meets. peak_rss_MiB is the process's peak resident memory after the iteration
// (getrusage), rss_over_file that peak over the file's size, drawn_rss_MiB the resident memory when
// the first frame was drawn (before the replay's timings exist). The trace is generated once per process
// in a child process, so its generation does not count in the peak (training, 1M events by default,
// COMMCANARY_BENCH_EVENTS to change it), or named by COMMCANARY_BENCH_TRACE:
//   build/release/tests/bench/gui_bench_open --benchmark_repetitions=3
#include "core/generate/generators.h"
#include "core/trace/trace_io.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include "bench_support.h"
#include "gui_bench_support.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QStandardPaths>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

/// The folder of a generated trace, removed when the process ends; empty when none was generated.
fs::path generatedDir;
fs::path tracePath;

/// Generates the trace in a child process, so that the benchmark's peak memory is the open's own.
bool prepareTrace()
{
    if (const char* named = std::getenv("COMMCANARY_BENCH_TRACE"); named != nullptr && fs::exists(named)) {
        tracePath = named;
        return true;
    }
    std::size_t events = 1'000'000;
    if (const char* count = std::getenv("COMMCANARY_BENCH_EVENTS"); count != nullptr) {
        events = std::strtoull(count, nullptr, 10);
    }
    generatedDir = fs::temp_directory_path() / ("commcanary-bench-open-" + std::to_string(::getpid()));
    fs::create_directories(generatedDir);
    tracePath = generatedDir / ("training-" + std::to_string(events) + ".trace.json");
    const pid_t child = ::fork();
    if (child == 0) {
        cc::NullProgress progress;
        cc::GeneratorOptions options;
        options.events = events;
        cc::writeTraceFile(cc::generateTraining(options, progress), tracePath);
        std::_Exit(0);
    }
    int status = 0;
    return child > 0 && ::waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/// The process's resident memory now, in MiB (/proc/self/statm).
double residentMiB()
{
    long pages = 0;
    long resident = 0;
    if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(statm, "%ld %ld", &pages, &resident) != 2) {
            resident = 0;
        }
        std::fclose(statm);
    }
    return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

void BM_OpenToTimeline(benchmark::State& state)
{
    const QString path = QString::fromStdString(tracePath.string());
    double drawnSum = 0;
    double replayedSum = 0;
    double drawnRssSum = 0;
    double settledRssSum = 0;
    for (auto _ : state) {
        cc::ui::MainWindow window;
        window.resize(1515, 900);
        window.show();
        cc::ui::TimelineView* view = window.timeline()->view();
        QElapsedTimer clock;
        qint64 drawnNs = -1;
        qint64 replayedNs = -1;
        double drawnRss = 0;
        QObject::connect(window.timeline(), &cc::ui::TimelinePanel::timelineReady, &window, [&]() {
            const auto& data = view->data();
            if (data && drawnNs < 0) {
                view->repaint();
                drawnNs = clock.nsecsElapsed();
                drawnRss = residentMiB();
            }
            if (data && data->replayed() && replayedNs < 0) {
                view->repaint();
                replayedNs = clock.nsecsElapsed();
            }
        });
        bool failed = false;
        QObject::connect(&window, &cc::ui::MainWindow::fileOpened, &window,
                         [&failed](const QString&, bool ok) { failed = failed || !ok; });
        QApplication::processEvents();
        clock.start();
        window.openFile(path);
        ccbench::waitUntil([&]() { return failed || (replayedNs >= 0 && !window.runner()->isBusy()); });
        if (failed) {
            state.SkipWithError("the trace did not open");
            return;
        }
        state.SetIterationTime(static_cast<double>(drawnNs) / 1e9);
        drawnSum += static_cast<double>(drawnNs) / 1e6;
        replayedSum += static_cast<double>(replayedNs) / 1e6;
        drawnRssSum += drawnRss;
        // What stays resident once the replay's work is done: the peak above it is transient.
        QApplication::processEvents();
        settledRssSum += residentMiB();
    }
    const double fileMiB = static_cast<double>(fs::file_size(tracePath)) / (1024.0 * 1024.0);
    state.counters["drawn_ms"] = benchmark::Counter(drawnSum, benchmark::Counter::kAvgIterations);
    state.counters["replayed_ms"] = benchmark::Counter(replayedSum, benchmark::Counter::kAvgIterations);
    state.counters["drawn_rss_MiB"] = benchmark::Counter(drawnRssSum, benchmark::Counter::kAvgIterations);
    state.counters["settled_rss_MiB"] = benchmark::Counter(settledRssSum, benchmark::Counter::kAvgIterations);
    state.counters["peak_rss_MiB"] = ccbench::peakRssMiB();
    state.counters["rss_over_file"] = ccbench::peakRssMiB() / fileMiB;
    state.counters["file_MiB"] = fileMiB;
}

} // namespace

BENCHMARK(BM_OpenToTimeline)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    if (!prepareTrace()) {
        std::fprintf(stderr, "gui_bench_open: could not generate the trace\n");
        return 1;
    }
    QApplication app(argc, argv);
    // The window's settings (docks, recent files) go to a test location, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CommCanaryBench"));
    QCoreApplication::setApplicationName(QStringLiteral("gui_bench_open"));
    QSettings().clear();
    return ccbench::runBenchmarks(argc, argv, generatedDir); // removes a generated trace (about 300 MB)
}
