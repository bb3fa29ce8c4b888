// Interop benchmarks: Kineto import throughput and peak memory on a generated ~1 GB profile
// (plain on one thread, plain with hashing and parsing on helper threads, gzip) next to Python's json.load of the
// same file, each in a child process (peak RSS is the child's); merge and PARAM export at 100K
// and 1M events (100K from the prototype's own benchmark fixture when ../shared/peer is present);
// merge of 64 rank-local shard files (1M events in total) as `commcanary merge` does it, in a child.
//
//   bench_interop --benchmark_filter=Kineto      # ~1 GB profile written to a temporary folder
//   bench_interop --benchmark_filter=KinetoImportProfiles   # that profile as 4 profiles, 1 thread vs one per processor
//   bench_interop --benchmark_filter='Merge|Param'
//
// The "4 coalescing shards of the prototype's 100K fixture" are made by make_coalescing_shards.py
// beside this file and merged by the CLI itself (whole process, its usage line says how).
//
// COMMCANARY_BENCH_PROFILE_MB sets the generated profile's size (default 1024). The profile is
// generated into a fresh temporary folder and removed at exit; it is never kept.
#include "core/interop/chakra.h"
#include "core/interop/kineto_import.h"
#include "core/interop/merge.h"
#include "core/interop/param_export.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"

#include <benchmark/benchmark.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

const fs::path& scratch()
{
    // Never destroyed, so the exit handler that removes the folder can still read it.
    static const fs::path* dir = [] {
        std::string pattern = (fs::temp_directory_path() / "commcanary-bench-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            std::perror("mkdtemp");
            std::exit(1);
        }
        auto* path = new fs::path(pattern);
        std::atexit([] {
            std::error_code ec;
            fs::remove_all(scratch(), ec);
        });
        return path;
    }();
    return *dir;
}

std::uint64_t targetBytes()
{
    const char* mb = std::getenv("COMMCANARY_BENCH_PROFILE_MB");
    return (mb != nullptr ? std::strtoull(mb, nullptr, 10) : 1024ULL) << 20;
}

/// A Kineto profile shaped like a real torch >= 2.2 training profile: cpu ops with shapes,
/// runtime launches, kernels, python frames, flow events; one collective (record_param_comms
/// with metadata, its nccl: annotation, c10d op and kernel) per ~60 events.
void generateProfile(const fs::path& path, std::uint64_t bytes, std::uint64_t* collectives)
{
    std::ofstream out(path, std::ios::binary);
    std::string buf;
    buf.reserve(1 << 22);
    buf += "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\"id\": 0, \"name\": \"NVIDIA H100\", "
           "\"totalGlobalMem\": 85031714816, \"computeMajor\": 9, \"computeMinor\": 0, \"numSms\": 132}\n  ],\n"
           "  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 3, \"world_size\": 8, \"pg_count\": 1, "
           "\"pg_config\": "
           "[{\"pg_name\": \"0\", \"pg_desc\": \"default_pg\", \"backend_config\": \"cuda:nccl\", \"pg_size\": 8, "
           "\"ranks\": [0, 1, 2, 3, 4, 5, 6, 7]}], \"nccl_version\": \"2.21.5\"},\n"
           "  \"baseTimeNanoseconds\": 1711964646000000000,\n  \"traceEvents\": [\n";
    std::mt19937_64 rng(7);
    std::uint64_t written = 0;
    std::uint64_t ext = 1;
    std::uint64_t corr = 1;
    std::uint64_t us = 4458676423264;
    std::uint64_t frac = 31;
    std::uint64_t n = 0;
    *collectives = 0;
    auto ts = [&] {
        us += 1 + rng() % 9;
        frac = (frac + 337) % 1000;
        char t[48];
        std::snprintf(t, sizeof t, "%llu.%03llu", static_cast<unsigned long long>(us),
                      static_cast<unsigned long long>(frac));
        return std::string(t);
    };
    auto emit = [&](const std::string& e) {
        buf += n++ == 0 ? "  " : ",\n  ";
        buf += e;
        if (buf.size() > (1 << 22) - 4096) {
            out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
            written += buf.size();
            buf.clear();
        }
    };
    const char* ops[] = {"aten::linear", "aten::matmul", "aten::add_", "aten::layer_norm", "aten::gelu", "aten::copy_"};
    while (written + buf.size() < bytes) {
        for (int k = 0; k < 12; ++k) {
            const std::string e = std::to_string(ext++);
            emit("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"" + std::string(ops[rng() % 6]) +
                 "\", \"pid\": 2910249, \"tid\": 2919752, \"ts\": " + ts() +
                 ", \"dur\": 12.5, \"args\": {\"External id\": " + e + ", \"Record function id\": 0, \"Ev Idx\": " + e +
                 ", \"Input Dims\": [[8, 1024, 4096], [4096, 4096], []], \"Input type\": [\"c10::BFloat16\", "
                 "\"c10::BFloat16\", \"Scalar\"], \"Input Strides\": [[4194304, 4096, 1], [4096, 1], []]}}");
            emit("{\"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"torch/nn/modules/module.py(1527): "
                 "_call_impl\", \"pid\": 2910249, \"tid\": 2919752, \"ts\": " +
                 ts() + ", \"dur\": 40.25, \"args\": {\"Python parent id\": 12, \"Python id\": " + e +
                 ", \"Ev Idx\": " + e + "}}");
            const std::string c = std::to_string(corr++);
            emit(
                "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 2910249, \"tid\": "
                "2919752, \"ts\": " +
                ts() + ", \"dur\": 4.5, \"args\": {\"External id\": " + e +
                ", \"cbid\": 211, "
                "\"correlation\": " +
                c + "}}");
            emit("{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": "
                 "\"sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_"
                 "warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas\", \"pid\": 0, \"tid\": 7, \"ts\": " +
                 ts() + ", \"dur\": 88.125, \"args\": {\"External id\": " + e +
                 ", \"queued\": 0, \"device\": 0, "
                 "\"context\": 1, \"stream\": 7, \"correlation\": " +
                 c +
                 ", \"registers per thread\": 168, \"shared memory\": "
                 "213248, \"blocks per SM\": 0.969697, \"warps per SM\": 3.878788, \"grid\": [128, 1, 1], \"block\": "
                 "[384, 1, 1], "
                 "\"est. achieved occupancy %\": 6}}");
            emit("{\"ph\": \"s\", \"id\": " + c + ", \"pid\": 2910249, \"tid\": 2919752, \"ts\": " + ts() +
                 ", \"cat\": \"ac2g\", \"name\": \"ac2g\"}");
        }
        // one all_reduce: c10d op, record_param_comms with metadata, nccl: annotation, kernel
        const std::string e = std::to_string(ext);
        ext += 3;
        const std::string nelems = std::to_string(1 << (10 + rng() % 12));
        const std::string t0 = ts();
        emit("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"c10d::allreduce_\", \"pid\": 2910249, \"tid\": 2919752, "
             "\"ts\": " +
             t0 + ", \"dur\": 60, \"args\": {\"External id\": " + e +
             ", \"Input Dims\": [[], [], [], []], "
             "\"Input type\": [\"TensorList\", \"\", \"\", \"Scalar\"]}}");
        emit("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"record_param_comms\", \"pid\": 2910249, \"tid\": "
             "2919752, "
             "\"ts\": " +
             ts() + ", \"dur\": 40, \"args\": {\"External id\": " + std::to_string(ext - 2) +
             ", \"Collective name\": \"allreduce\", \"dtype\": \"BFloat16\", \"In msg nelems\": " + nelems +
             ", \"Out msg nelems\": " + nelems +
             ", \"Group size\": 8, \"In split size\": \"[]\", \"Out split size\": \"[]\", "
             "\"Process Group Name\": \"0\", \"Process Group Description\": \"default_pg\", \"Process Group Ranks\": "
             "\"[0, 1, 2, 3, 4, 5, 6, 7]\", \"Rank\": 3, \"Global rank start\": 0, \"Global rank stride\": 1, "
             "\"Seq\": " +
             std::to_string(*collectives) + ", \"Comms Id\": 13087416583941716112}}");
        emit("{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"nccl:all_reduce\", \"pid\": 2910249, \"tid\": "
             "2919752, "
             "\"ts\": " +
             ts() + ", \"dur\": 20, \"args\": {\"External id\": " + std::to_string(ext - 1) + ", \"Input Dims\": [[" +
             nelems + "]], \"Input type\": [\"c10::BFloat16\"]}}");
        emit("{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": "
             "\"ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)\", "
             "\"pid\": 0, \"tid\": 31, \"ts\": " +
             ts() + ", \"dur\": 35.5, \"args\": {\"External id\": " + std::to_string(ext - 2) + ", \"correlation\": " +
             std::to_string(corr++) + ", \"Collective name\": \"allreduce\", \"In msg nelems\": " + nelems +
             ", \"Out msg nelems\": " + nelems + ", \"Group size\": 8, \"dtype\": \"BFloat16\"}}");
        ++*collectives;
    }
    buf += "\n  ],\n  \"traceName\": \"generated\",\n  \"displayTimeUnit\": \"ms\"\n}\n";
    out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

struct Profile {
    fs::path plain;
    fs::path gz;
    std::uint64_t bytes = 0;
    std::uint64_t collectives = 0;
};

const Profile& profile(bool wantGz)
{
    static Profile p;
    if (p.plain.empty()) {
        p.plain = scratch() / "generated.json";
        generateProfile(p.plain, targetBytes(), &p.collectives);
        p.bytes = fs::file_size(p.plain);
    }
    if (wantGz && p.gz.empty()) {
        p.gz = scratch() / "generated.json.gz";
        std::ifstream in(p.plain, std::ios::binary);
        gzFile f = gzopen(p.gz.c_str(), "wb1");
        std::string chunk(1 << 22, '\0');
        while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
            gzwrite(f, chunk.data(), static_cast<unsigned>(in.gcount()));
        }
        gzclose(f);
    }
    return p;
}

/// Runs fn in a child process; returns wall seconds, and the child's CPU seconds and peak RSS.
struct ChildRun {
    double wall = 0;
    double cpu = 0;
    double peakMiB = 0;
    int status = 0;
};

template <typename Fn> ChildRun inChild(Fn fn)
{
    const auto t0 = std::chrono::steady_clock::now();
    pid_t pid = ::fork();
    if (pid == 0) {
        ::_exit(fn());
    }
    ChildRun run;
    rusage usage{};
    ::wait4(pid, &run.status, 0, &usage);
    run.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    run.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
              static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    run.peakMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;
    return run;
}

void reportRun(benchmark::State& state, const ChildRun& run, std::uint64_t bytes)
{
    state.SetIterationTime(run.wall);
    state.counters["MB_per_s_wall"] = static_cast<double>(bytes) / 1e6 / run.wall;
    state.counters["MB_per_s_cpu"] = static_cast<double>(bytes) / 1e6 / run.cpu;
    state.counters["peak_RSS_MiB"] = run.peakMiB;
    state.counters["json_MB"] = static_cast<double>(bytes) / 1e6;
}

double threadCpuSeconds()
{
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

/// mode 0: plain file, everything on one thread (SHA-256 included); 1: plain file, SHA-256 and the
/// parsing of the cut batches on helper threads (the default); 2: gzip, the default (batches
/// parsed on a helper thread; a gzip file is hashed as it is inflated).
/// MB_per_s_import_thread is the throughput per CPU second of the importing thread alone (the
/// helper threads' time is not in it; in mode 0 everything is).
void BM_KinetoImport(benchmark::State& state)
{
    const int mode = static_cast<int>(state.range(0));
    const Profile& p = profile(mode == 2);
    // The child reports its importing thread's CPU time through a shared page.
    void* page = ::mmap(nullptr, sizeof(double), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
        state.SkipWithError("mmap failed");
        return;
    }
    auto* importThreadCpu = static_cast<double*>(page);
    for (auto _ : state) {
        ChildRun run = inChild([&] {
            cc::NullProgress progress;
            cc::interop::KinetoImportOptions options;
            options.concurrentReading = mode != 0;
            const double before = threadCpuSeconds();
            auto imported = cc::interop::importKinetoProfile(mode == 2 ? p.gz : p.plain, options, progress);
            *importThreadCpu = threadCpuSeconds() - before;
            return imported.trace.size() == p.collectives ? 0 : 1;
        });
        if (run.status != 0) {
            state.SkipWithError("import failed or miscounted");
            break;
        }
        reportRun(state, run, p.bytes);
        state.counters["MB_per_s_import_thread"] = static_cast<double>(p.bytes) / 1e6 / *importThreadCpu;
    }
    ::munmap(page, sizeof(double));
    state.counters["collectives"] = static_cast<double>(p.collectives);
}
BENCHMARK(BM_KinetoImport)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->ArgNames({"mode"})
    ->UseManualTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

/// Four profiles through importKinetoProfiles (the generated plain profile, linked four times):
/// threads:1 one after another, threads:0 one per processor. The same bytes either way.
void BM_KinetoImportProfiles(benchmark::State& state)
{
    const auto threads = static_cast<unsigned>(state.range(0));
    const Profile& p = profile(false);
    std::vector<fs::path> paths;
    for (int k = 0; k < 4; ++k) {
        paths.push_back(scratch() / ("profile-copy-" + std::to_string(k) + ".json"));
        std::error_code ec;
        fs::remove(paths.back(), ec);
        fs::create_hard_link(p.plain, paths.back(), ec);
        if (ec) {
            fs::copy_file(p.plain, paths.back());
        }
    }
    for (auto _ : state) {
        ChildRun run = inChild([&] {
            cc::NullProgress progress;
            auto all = cc::interop::importKinetoProfiles(paths, {}, progress, threads);
            return !all.failure && all.imports.size() == paths.size() &&
                           all.imports.back().trace.size() == p.collectives
                       ? 0
                       : 1;
        });
        if (run.status != 0) {
            state.SkipWithError("import failed or miscounted");
            break;
        }
        reportRun(state, run, 4 * p.bytes);
    }
}
BENCHMARK(BM_KinetoImportProfiles)
    ->Arg(1)
    ->Arg(0)
    ->ArgNames({"threads"})
    ->UseManualTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

void BM_PythonJsonLoad(benchmark::State& state)
{
    const Profile& p = profile(false);
    for (auto _ : state) {
        ChildRun run = inChild([&] {
            ::execlp("python3", "python3", "-c", "import json, sys; json.load(open(sys.argv[1]))", p.plain.c_str(),
                     static_cast<char*>(nullptr));
            return 127;
        });
        if (run.status != 0) {
            state.SkipWithError("python3 failed (missing?)");
            return;
        }
        reportRun(state, run, p.bytes);
    }
}
BENCHMARK(BM_PythonJsonLoad)->UseManualTime()->Unit(benchmark::kSecond)->Iterations(1);

// ---- merge and PARAM export ----

/// The prototype's 100K fixture when present, else a generated trace of the same shape
/// (all_reduce over 4 ranks, groups tp0..tp3, gaps and overlap measured).
cc::Trace fixtureTrace(std::size_t events)
{
    cc::NullProgress progress;
    const fs::path fixture = fs::path(COMMCANARY_SHARED_DIR) / "peer/bench/trace-100000.json";
    if (events == 100000 && fs::exists(fixture)) {
        return cc::readTrace(fixture, progress);
    }
    cc::TraceBuilder builder("generated");
    builder.reserve(events);
    for (std::size_t i = 0; i < events; ++i) {
        cc::Event e;
        e.id = "event-" + std::to_string(i);
        e.op = "all_reduce";
        e.bytes = 16384 * static_cast<std::int64_t>(1 + i % 8);
        e.ranks = {0, 1, 2, 3};
        e.ranksAsCount = true;
        e.group = "tp" + std::to_string(i % 4);
        e.phase = i % 3 == 0 ? "prefill" : "decode";
        e.gap = static_cast<cc::Ns>(8000 + (i * 7919) % 30000);
        e.computeOverlap = static_cast<cc::Ns>((i * 104729) % 20000);
        builder.add(e);
    }
    return builder.finish(progress);
}

/// One rank-local shard per member: each rank contributes every collective, issued at the
/// source's issue time plus a rank-dependent delay.
std::vector<cc::interop::RankShard> shardsOf(const cc::Trace& t)
{
    std::vector<cc::interop::RankShard> shards;
    for (std::int32_t rank = 0; rank < 4; ++rank) {
        cc::TraceBuilder builder("rank" + std::to_string(rank));
        builder.reserve(t.size());
        for (std::size_t i = 0; i < t.size(); ++i) {
            cc::Event e = t.event(i);
            e.gap.reset();
            e.arrivalSkew.reset();
            e.arrivals.clear();
            e.arrivalsGiven = false;
            e.start = t.issueTime[i] + 1000 * rank;
            builder.add(e);
        }
        cc::NullProgress progress;
        cc::interop::RankShard shard;
        shard.name = "rank" + std::to_string(rank);
        shard.rank = rank;
        shard.trace = builder.finish(progress);
        shards.push_back(std::move(shard));
    }
    return shards;
}

void BM_Merge(benchmark::State& state)
{
    const cc::Trace source = fixtureTrace(static_cast<std::size_t>(state.range(0)));
    const auto shards = shardsOf(source);
    for (auto _ : state) {
        state.PauseTiming();
        auto copy = shards;
        state.ResumeTiming();
        cc::NullProgress progress;
        auto merged = cc::interop::mergeRankShards(std::move(copy), {}, progress);
        benchmark::DoNotOptimize(merged.trace.size());
        if (merged.trace.size() != source.size()) {
            state.SkipWithError("merged count differs");
        }
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.counters["contributions"] = static_cast<double>(4 * state.range(0));
}
BENCHMARK(BM_Merge)->Arg(100000)->Arg(1000000)->Unit(benchmark::kSecond)->Iterations(1);

/// Rank-local shards as import-kineto writes them (system.rank_local, message_sequence), 1M
/// events in total: ranks in tensor-parallel groups of 8 (consecutive ranks) and data-parallel
/// groups across them (same position), alternating tp and dp calls with a rank-dependent delay.
void writeRankLocalShards(const fs::path& dir, std::int32_t ranks, std::size_t totalEvents)
{
    fs::create_directories(dir);
    const std::size_t perRank = totalEvents / static_cast<std::size_t>(ranks);
    const std::int32_t tp = 8;
    for (std::int32_t rank = 0; rank < ranks; ++rank) {
        cc::TraceBuilder builder("rank" + std::to_string(rank));
        builder.reserve(perRank);
        std::vector<std::int32_t> tpMembers;
        std::vector<std::int32_t> dpMembers;
        for (std::int32_t r = 0; r < ranks; ++r) {
            if (r / tp == rank / tp) {
                tpMembers.push_back(r);
            }
            if (r % tp == rank % tp) {
                dpMembers.push_back(r);
            }
        }
        for (std::size_t i = 0; i < perRank; ++i) {
            const bool dp = i % 2 == 1;
            cc::Event e;
            e.id = "call-" + std::to_string(i);
            e.op = dp ? "all_reduce" : (i % 4 == 0 ? "all_gather" : "reduce_scatter");
            e.bytes = 65536 * static_cast<std::int64_t>(1 + i % 16);
            e.dtype = "bfloat16";
            e.ranks = dp ? dpMembers : tpMembers;
            e.group = dp ? "dp" + std::to_string(rank % tp) : "tp" + std::to_string(rank / tp);
            e.messageSequence = static_cast<std::int64_t>(i / 2);
            e.start = static_cast<cc::Ns>(i) * 20000 + (rank % 7) * 300;
            e.computeOverlapUnknown = true;
            builder.add(e);
        }
        builder.setSystemJson("{\"rank_local\":{\"clock_origin_ns\":" + std::to_string(1000000 + rank * 1000) +
                              ",\"rank\":" + std::to_string(rank) + "}}");
        cc::NullProgress progress;
        std::ofstream(dir / ("rank-" + std::to_string(rank) + ".trace.json"), std::ios::binary)
            << cc::writeTraceJson(builder.finish(progress));
    }
}

/// Files to merged file, as `commcanary merge` does it, in a child process (peak RSS is the
/// child's): 64 rank-local imports of 1M events in total.
void BM_MergeRankLocalFiles(benchmark::State& state)
{
    const auto ranks = static_cast<std::int32_t>(state.range(0));
    const fs::path dir = scratch() / ("rank-local-" + std::to_string(ranks));
    writeRankLocalShards(dir, ranks, 1000000);
    std::uint64_t inputBytes = 0;
    for (std::int32_t r = 0; r < ranks; ++r) {
        inputBytes += fs::file_size(dir / ("rank-" + std::to_string(r) + ".trace.json"));
    }
    for (auto _ : state) {
        const ChildRun run = inChild([&] {
            cc::NullProgress progress;
            std::vector<std::string> files;
            for (std::int32_t r = 0; r < ranks; ++r) {
                files.push_back((dir / ("rank-" + std::to_string(r) + ".trace.json")).string());
            }
            auto shards = cc::interop::readRankShards(files, progress);
            const auto merged = cc::interop::mergeRankShards(std::move(shards), {}, progress);
            cc::writeTraceFile(merged.trace, dir / "merged.trace.json", progress);
            return merged.trace.size() == 1000000 / 8 ? 0 : 1;
        });
        if (run.status != 0) {
            state.SkipWithError("merge failed or merged count differs");
        }
        state.SetIterationTime(run.wall);
        state.counters["cpu_s"] = run.cpu;
        state.counters["peak_RSS_MiB"] = run.peakMiB;
        state.counters["input_MB"] = static_cast<double>(inputBytes) / 1e6;
        state.counters["peak_RSS_per_input"] = run.peakMiB * 1048576.0 / static_cast<double>(inputBytes);
    }
}
BENCHMARK(BM_MergeRankLocalFiles)->Arg(64)->UseManualTime()->Unit(benchmark::kSecond)->Iterations(1);

/// Exports the fixture of state.range(0) events into a folder named prefix-N with
/// exportInto(source, dir, progress) and reports the bytes written.
template <class Export> void exportRow(benchmark::State& state, const std::string& prefix, Export exportInto)
{
    const cc::Trace source = fixtureTrace(static_cast<std::size_t>(state.range(0)));
    const fs::path dir = scratch() / (prefix + "-" + std::to_string(state.range(0)));
    for (auto _ : state) {
        cc::NullProgress progress;
        auto plan = exportInto(source, dir, progress);
        benchmark::DoNotOptimize(plan.exported);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    std::uint64_t bytes = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        bytes += fs::file_size(entry.path());
    }
    state.counters["output_MB"] = static_cast<double>(bytes) / 1e6;
}

void BM_ParamExport(benchmark::State& state)
{
    exportRow(state, "param", [](const cc::Trace& source, const fs::path& dir, cc::Progress& progress) {
        return cc::interop::writeParamExport(source, dir, {}, progress);
    });
}
BENCHMARK(BM_ParamExport)->Arg(100000)->Arg(1000000)->Unit(benchmark::kSecond)->Iterations(1);

void BM_ChakraExport(benchmark::State& state)
{
    if (!cc::interop::chakraAvailable()) {
        state.SkipWithError(cc::interop::chakraUnavailableReason().c_str());
        return;
    }
    exportRow(state, "chakra", [](const cc::Trace& source, const fs::path& dir, cc::Progress& progress) {
        return cc::interop::writeChakraExport(source, dir, {}, progress);
    });
}
BENCHMARK(BM_ChakraExport)->Arg(100000)->Unit(benchmark::kSecond)->Iterations(1);

void BM_ChakraImport(benchmark::State& state)
{
    if (!cc::interop::chakraAvailable()) {
        state.SkipWithError(cc::interop::chakraUnavailableReason().c_str());
        return;
    }
    const fs::path dir = scratch() / ("chakra-import-" + std::to_string(state.range(0)));
    {
        cc::NullProgress progress;
        cc::interop::writeChakraExport(fixtureTrace(static_cast<std::size_t>(state.range(0))), dir, {}, progress);
    }
    for (auto _ : state) {
        cc::NullProgress progress;
        const cc::Trace back = cc::interop::readChakraFolder(dir, progress);
        benchmark::DoNotOptimize(back.size());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ChakraImport)->Arg(100000)->Unit(benchmark::kSecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
