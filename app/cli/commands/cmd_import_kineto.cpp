// commcanary import-kineto PROFILE.json[.gz] [more ranks ...] -o TRACE
#include "app/cli/cli.h"

#include "core/interop/clock_calibration.h"
#include "core/interop/group_declaration.h"
#include "core/interop/import_ledger.h"
#include "core/interop/kineto_import.h"
#include "core/interop/merge.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

namespace cc::cli {

namespace {

int runImportKineto(const std::vector<std::string>& argv)
{
    Args args("import-kineto", "PROFILE.json[.gz] [PROFILE ...] -o TRACE [options]",
              "Imports PyTorch profiler (Kineto, Chrome-trace JSON) profiles, plain or gzip, streaming (memory follows "
              "the number of collectives, not the file size). torch >= 2.2 profiles give one event per "
              "record_param_comms call with its collective metadata (sizes from element counts x dtype size, group "
              "members from the recorded rank list); older profiles give one event per nccl:/gloo: annotation with "
              "sizes from its input shapes. 'wait' is not a collective and is only counted. A collective with no exact "
              "equivalent becomes a custom operation under its own name. Truncated rank lists are rebuilt only from an "
              "explicit stride description (Global rank start/stride and Group size, checked against the visible "
              "entries); otherwise the import fails naming the event. The import is observational and single-rank: "
              "skew, compute overlap and exposed latency stay unknown, and the trace's notes say so. Each profile's "
              "SHA-256, size and rank are recorded in system.kineto_source_profiles. Several profiles (one per rank) "
              "are imported one by one and merged as 'commcanary merge' does; their arrivals become skew only with a "
              "clock calibration, explicit offsets, or --assume-shared-clock (recorded as an assumption).");
    args.positional("PROFILE", "one profile per rank (.json or .json.gz)", 1, -1);
    args.option("output", "TRACE", "where to write the commcanary.trace.v1 trace");
    args.option("workload-name", "NAME", "the workload's name (default: the first profile's file name)");
    args.option("phase", "PHASE", "a phase label written on every imported event");
    args.option("process-group", "PG", "import only the collectives of this process group (by name)");
    args.option("rank", "R",
                "the profiled rank, for a single profile that does not record it (refused when it "
                "contradicts the profile)");
    args.option("clock-calibration", "FILE",
                "per-rank clock offsets and uncertainties "
                "(commcanary-workbench.clock-calibration.v1) for several profiles");
    args.option("clock-offset-us", "RANK=OFFSET[:UNCERTAINTY]",
                "a rank's clock offset in microseconds (reference = local + offset), optionally with its "
                "uncertainty; give one per rank",
                std::nullopt, true);
    args.flag("assume-shared-clock", "treat the profiles' clocks as one clock (an assumption, recorded in the trace)");
    args.option("group", "NAME=RANKS",
                "declare the members of process group NAME, which the profile does not record (RANKS as 0-7, "
                "0,2,4,6 or START:STRIDE:COUNT); checked against everything the profile records and written into the "
                "notes as a declaration",
                std::nullopt, true);
    args.option("group-of-size", "N=RANKS",
                "declare that the collectives whose shapes imply a group of N ranks ran on RANKS (legacy annotations "
                "name no group); checked like --group",
                std::nullopt, true);
    args.option("groups", "FILE", "group declarations as commcanary-workbench.kineto-groups.v1 JSON");
    args.option("ledger", "FILE",
                "write where every profile event went (kept, twin merged, kernel without a CPU call, not "
                "communication, refused with the reason) as commcanary-workbench.import-ledger.v1 JSON");
    args.epilog("Exit codes: 3 when a profile cannot be imported without guessing (the message names the file, the "
                "traceEvents index and the field), nothing is written.\n");
    return guarded("import-kineto", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        const auto profiles = args.positionals("PROFILE");
        const std::string output = args.value("output");
        if (!args.has("output")) {
            throw UsageError("missing -o TRACE (see commcanary import-kineto --help)");
        }
        checkOutputFile("output", output, inputPaths(args, {"PROFILE"}, {"clock-calibration", "groups"}));
        const std::string ledgerPath = args.value("ledger");
        if (args.has("ledger")) {
            checkOutputFile("ledger", ledgerPath, inputPaths(args, {"PROFILE"}, {"clock-calibration", "groups"}));
            if (ledgerPath == output) {
                throw UsageError("--ledger and -o name the same file");
            }
        }
        const bool several = profiles.size() > 1;
        const int clockSources = (args.has("clock-calibration") ? 1 : 0) + (args.has("clock-offset-us") ? 1 : 0) +
                                 (args.has("assume-shared-clock") ? 1 : 0);
        if (clockSources > 1) {
            throw UsageError("give one of --clock-calibration, --clock-offset-us, --assume-shared-clock");
        }
        if (!several && clockSources > 0) {
            throw UsageError("clock options apply when several profiles (one per rank) are merged");
        }
        interop::KinetoImportOptions options;
        options.workloadName = args.value("workload-name");
        options.phase = args.value("phase");
        options.processGroup = args.value("process-group");
        if (args.has("rank")) {
            if (several) {
                throw UsageError(
                    "--rank names the rank of a single profile; with several profiles each must record its own");
            }
            const long long rank = args.intValue("rank");
            if (rank < 0 || rank > 2147483647) {
                throw UsageError("--rank must be a non-negative rank");
            }
            options.rank = static_cast<std::int32_t>(rank);
        }
        for (const auto& [option, bySize] : {std::pair{"group", false}, std::pair{"group-of-size", true}}) {
            for (const auto& text : args.values(option)) {
                std::string reason;
                auto group = interop::parseGroupArgument(text, bySize, &reason);
                if (!group) {
                    throw UsageError("--" + std::string(option) + " " + text + ": " + reason);
                }
                options.groups.push_back(std::move(*group));
            }
        }
        if (args.has("groups")) {
            auto fromFile = interop::readGroupDeclarations(args.value("groups"));
            options.groups.insert(options.groups.end(), fromFile.begin(), fromFile.end());
        }
        interop::checkGroupDeclarations(options.groups);
        Progress& progress = terminalProgress();
        std::vector<interop::ImportLedger> ledgers;
        if (!several) {
            auto imported = interop::importKinetoProfile(profiles.front(), options, progress);
            if (args.has("ledger")) {
                writeFileAtomic(ledgerPath, interop::writeImportLedgerJson({imported.summary.ledger}), progress);
            }
            writeTraceFile(imported.trace, output, progress);
            out(interop::describeKinetoImport(imported.summary));
            if (args.has("ledger")) {
                out(interop::describeImportLedger(imported.summary.ledger));
            }
            out("wrote " + output + " (" + std::to_string(imported.trace.size()) + " events)\n");
            return kExitOk;
        }
        std::vector<interop::RankShard> shards;
        std::vector<std::int32_t> ranks;
        SubProgress importing(progress, 0.0, 0.8);
        auto imports = interop::importKinetoProfiles({profiles.begin(), profiles.end()}, options, importing);
        for (std::size_t k = 0; k < imports.imports.size(); ++k) {
            auto& imported = imports.imports[k];
            out(interop::describeKinetoImport(imported.summary));
            if (args.has("ledger")) {
                out(interop::describeImportLedger(imported.summary.ledger));
            }
            ledgers.push_back(imported.summary.ledger);
            shards.push_back(interop::shardFromTrace(std::move(imported.trace), profiles[k]));
            ranks.push_back(shards.back().rank);
        }
        if (imports.failure) {
            std::rethrow_exception(imports.failure); // as if imported one after another
        }
        interop::MergeOptions merge;
        merge.workloadName = options.workloadName;
        if (args.has("clock-calibration")) {
            merge.calibration = interop::readClockCalibration(args.value("clock-calibration"));
        } else if (args.has("assume-shared-clock")) {
            merge.calibration = interop::sharedClockAssumption(ranks);
        } else if (args.has("clock-offset-us")) {
            interop::ClockCalibration cal;
            cal.source = "--clock-offset-us";
            cal.method = "offsets given on the command line";
            for (const auto& text : args.values("clock-offset-us")) {
                std::string reason;
                auto clock = interop::parseRankOffset(text, &reason);
                if (!clock) {
                    throw UsageError("--clock-offset-us " + text + ": " + reason);
                }
                if (cal.find(clock->rank) != nullptr) {
                    throw UsageError("--clock-offset-us gives rank " + std::to_string(clock->rank) + " twice");
                }
                cal.ranks.push_back(*clock);
                std::sort(cal.ranks.begin(), cal.ranks.end(),
                          [](const interop::RankClock& a, const interop::RankClock& b) { return a.rank < b.rank; });
            }
            merge.calibration = cal;
        }
        SubProgress merging(progress, 0.8, 1.0);
        auto merged = interop::mergeRankShards(std::move(shards), merge, merging);
        if (args.has("ledger")) {
            writeFileAtomic(ledgerPath, interop::writeImportLedgerJson(ledgers), progress);
        }
        writeTraceFile(merged.trace, output, progress);
        out(merged.summary.notes + "\n");
        out("wrote " + output + " (" + std::to_string(merged.trace.size()) + " events)\n");
        return kExitOk;
    });
}

const Registrar registrar("import-kineto", "import PyTorch profiler (Kineto) profiles into a trace", runImportKineto);

} // namespace

} // namespace cc::cli
