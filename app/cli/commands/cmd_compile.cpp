// commcanary compile TRACE -o CANARY [--lossless-timing] [--max-*-error ...] [--timing-sample-limit N]
//                   [--group-sample-limit HASH=N ...] [--strict [--configs FILE] [tolerances]] [--prefix N]
// commcanary compile TRACE --behavior-search [--configs FILE] [--search-budgets 1,2,4,...]
//                   [--search-evidence-output EVIDENCE] [--max-*-error ...] [tolerances] -o CANARY
#include "app/cli/cli.h"

#include "core/canary/budget_options.h"
#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/compile/compiler.h"
#include "core/search/behavior_search.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/verify/strict_gate.h"
#include "core/verify/verification_json.h"
#include "core/verify/verify_options_text.h"

#include <memory>

namespace cc::cli {

namespace {

const char* const kBudgetOptions[] = {
    "max-gap-error-us",   "max-skew-error-us",    "max-overlap-error-us", "max-compute-before-error-us",
    "max-pressure-error", "max-exposed-error-us", "timing-sample-limit",  "group-sample-limit"};

std::uint64_t positiveCount(const Args& args, const std::string& name)
{
    auto value = args.intValue(name);
    if (value < 1) {
        throw UsageError("--" + name + " must be a positive integer (got " + std::to_string(value) + ")");
    }
    return static_cast<std::uint64_t>(value);
}

TimingBudget budgetFrom(const Args& args)
{
    TimingBudget b;
    try {
        b = budgetCapsFromText(
            [&](const std::string& name) { return args.has(name) ? args.value(name) : std::string(); });
    } catch (const InputError& e) {
        throw UsageError(e.what());
    }
    b.sampleLimit =
        args.has("timing-sample-limit") ? positiveCount(args, "timing-sample-limit") : kDefaultTimingSampleLimit;
    for (const auto& entry : args.values("group-sample-limit")) {
        auto eq = entry.find('=');
        std::string hex = entry.substr(0, eq);
        if (eq == std::string::npos || hex.size() != 16 ||
            hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
            throw UsageError("--group-sample-limit takes HASH=N, HASH being the 16 hex digits of a signature group "
                             "(see --show-groups); got \"" +
                             entry + "\"");
        }
        auto n = parseScaledDecimal(entry.substr(eq + 1), 0);
        if (n.error != DecimalError::None || n.value < 1) {
            throw UsageError("--group-sample-limit " + entry + ": N must be a positive integer");
        }
        b.groupSampleLimits[std::stoull(hex, nullptr, 16)] = static_cast<std::uint64_t>(n.value);
    }
    return b;
}

/// The per-field caps of the --max-*-error options (no sample limit: the search sets those).
TimingBudget fieldCapsFrom(const Args& args)
{
    TimingBudget caps = budgetFrom(args);
    caps.sampleLimit.reset();
    caps.groupSampleLimits.clear();
    return caps;
}

verify::VerifyOptions verifyOptionsFrom(const Args& args)
{
    verify::VerifyOptions verifyOptions;
    try {
        verifyOptions = verify::verifyOptionsFromText(
            [&](const std::string& name) { return args.has(name) ? args.value(name) : std::string(); });
    } catch (const InputError& e) {
        throw UsageError(e.what());
    }
    verifyOptions.configs = verify::verificationConfigSet(args.has("configs") ? args.value("configs") : std::string());
    return verifyOptions;
}

std::string errorsText(const TimingErrors& e)
{
    std::string text;
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        text += (f == 0 ? "" : " ") + std::string(kErrorFieldNames[f]) + "=" + std::to_string(errorField(e, f));
    }
    return text;
}

/// compile --behavior-search: every declared budget compiled and verified, the smallest passing canary written.
int runSearch(const Args& args)
{
    for (const char* excluded : {"lossless-timing", "timing-sample-limit", "group-sample-limit", "prefix", "strict"}) {
        if (args.has(excluded)) {
            throw UsageError(std::string("--behavior-search cannot be combined with --") + excluded +
                             ": the search declares its own timing budgets (--search-budgets), verifies every "
                             "candidate and covers the whole trace");
        }
    }
    const verify::VerifyOptions verifyOptions = verifyOptionsFrom(args);
    search::SearchOptions options;
    if (args.has("search-budgets")) {
        try {
            options.sampleLimits = search::parseSampleLimits(args.value("search-budgets"), "--search-budgets");
        } catch (const InputError& e) {
            throw UsageError(e.what());
        }
    }
    options.fieldCaps = fieldCapsFrom(args);
    options.includeLossless = !args.has("search-bounded-only");
    Progress& progress = terminalProgress();
    const Trace trace = readTrace(args.positionalValue("TRACE"), progress);
    const search::SearchResult result = search::searchBehavior(trace, verifyOptions, options, progress);
    std::string text = search::searchSummaryLine(result) + "\n";
    if (args.has("search-evidence-output")) {
        // Written either way: the evidence of a search that found nothing is the negative result's receipt.
        writeFileAtomic(args.value("search-evidence-output"),
                        search::searchEvidenceJson(result, options, verifyOptions), progress);
        text += "  wrote " + args.value("search-evidence-output") + ": evidence for " +
                std::to_string(result.candidates.size()) + " candidates\n";
    }
    if (!result.found) {
        out(text);
        err("compile: behaviour search: no candidate passed every verification status; no canary written\n");
        return static_cast<int>(kExitNegative);
    }
    writeFileAtomic(args.value("output"), result.best.bytes, progress);
    const auto& h = result.best.canary.header;
    std::string selected;
    for (const auto& c : result.candidates) {
        if (c.selected) {
            selected = "candidate " + std::to_string(c.index) + " (" + c.stage +
                       (c.sampleLimit ? ", sample limit " + std::to_string(*c.sampleLimit) : std::string()) +
                       (c.groupLimits.empty() ? std::string()
                                              : ", " + std::to_string(c.groupLimits.size()) + " group limits") +
                       ")";
        }
    }
    text += "  wrote " + args.value("output") + ": " + selected + ", " + std::to_string(h.canaryBytes) +
            " bytes, timing " + std::string(timingModeName(h.timingMode)) + ", claim " +
            std::string(claimName(h.claim)) + ", verification " +
            std::string(verify::claimName(result.verification.claim)) + "\n";
    text += "  " + std::to_string(h.logicalEvents) + " logical events in " + std::to_string(h.storedEvents) +
            " stored (event ratio " + formatRatioMicros(h.eventRatioMicros) + "), byte ratio " +
            formatRatioMicros(h.byteRatioMicros) + "\n";
    if (h.timingMode == CanaryTimingMode::Bounded) {
        text += "  recorded bounds: " + errorsText(h.bounds) + "\n";
    }
    out(text);
    return static_cast<int>(kExitOk);
}

int runCompile(const std::vector<std::string>& argv)
{
    Args args("compile", "TRACE -o CANARY [options]",
              "Distils a commcanary.trace.v1 trace into a canary (commcanary-workbench.canary.v1): interned operation "
              "signatures and timing samples, then segments in source order - runs, periodic motifs, literals and, in "
              "bounded mode, ordered bounded intervals - each with a SHA-256 commitment to the canonical bytes of the "
              "source events it stands for. Exact encodings come first. Without budget options the compile is "
              "lossless: the canary expands to a trace with the source's normalised SHA-256. Any --max-*-error or "
              "--timing-sample-limit option selects bounded timing: a field with a --max-*-error bound is never "
              "approximated beyond it; a field without one is kept as exact as the sample limit allows (its true "
              "error is recorded); each operation-signature group keeps at most --timing-sample-limit distinct timing "
              "samples (default " +
                  std::to_string(kDefaultTimingSampleLimit) +
                  " in bounded mode). A budget that cannot be met fails closed: exit 1, the group, field and bound "
                  "named, nothing written. Unknown skew or overlap never becomes a number; such a canary, and any "
                  "partial (--prefix) canary, claims no more than behaviorally_unverified. The header reports "
                  "event-count and serialised-byte compression separately, as decimals with six places computed "
                  "exactly from integer counts.");
    args.positional("TRACE", "the source trace (plain or gzip)");
    args.option("output", "CANARY", "where to write the canary (atomically)");
    args.flag("lossless-timing", "never approximate (the default when no budget option is given)");
    for (const auto& cap : budgetCapOptions()) {
        args.option(cap.name, cap.valueName, cap.help);
    }
    args.option("timing-sample-limit", "N", "distinct timing samples each operation-signature group may keep");
    args.option("group-sample-limit", "HASH=N", "sample limit of one group (its hash from --show-groups); repeatable",
                std::nullopt, true);
    args.option("prefix", "N", "compile only the first N events; the canary is labelled partial");
    args.flag("strict", "verify behaviour (as verify-behavior does) before writing; a canary that fails is not "
                        "written: exit 1 and the verification's statuses on stderr. The claim written is never "
                        "stronger than the verification's: a stated skew uncertainty above --absolute-tolerance-us "
                        "caps it (skew_uncertainty_above_tolerance), as without --strict one above 1 us does");
    args.flag("behavior-search",
              "behaviour search: compile the lossless canary and a bounded one at every declared sample limit, "
              "verify each (as verify-behavior does), keep the smallest that passes every status, then greedily lower "
              "the sample limit of single operation-signature groups while every status keeps passing; --max-*-error "
              "caps apply to every bounded candidate. Greedy: no optimality claim");
    args.option("search-budgets", "LIST",
                "with --behavior-search: the declared range of per-group sample limits, \"1,2,4,8\" or \"A..B\"; "
                "when no bounded candidate in it passes, the largest is doubled while the candidate stays smaller "
                "than the lossless canary",
                std::string("1,2,4,8,16,32,64,128"));
    args.flag("search-bounded-only", "with --behavior-search: only bounded candidates compete (no lossless candidate)");
    args.option("search-evidence-output", "EVIDENCE",
                "with --behavior-search: write the evidence (commcanary-workbench.search-evidence.v1: every "
                "candidate, its size, every status, why it failed), also when nothing passed");
    for (const auto& spec : verify::verificationOptionSpecs()) {
        args.option(spec.name, spec.valueName, "with --strict or --behavior-search: " + spec.help,
                    spec.defaultValue.empty() ? std::nullopt : std::optional<std::string>(spec.defaultValue));
    }
    args.flag("show-groups", "print each operation-signature group: hash, events, samples kept, true max error");
    args.epilog("Exit codes: 0 written, 1 budget not met, (--strict) behaviour verification failed or "
                "(--behavior-search) no candidate passed - no canary written (the search evidence still is), 2 usage "
                "error, 3 invalid input.\n\nLimits on untrusted input:\n" +
                describeResourceLimits(resourceLimits()));
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("compile", [&] {
        if (!args.has("output")) {
            throw UsageError("missing -o CANARY");
        }
        if (!args.has("behavior-search")) {
            for (const char* name : {"search-budgets", "search-evidence-output", "search-bounded-only"}) {
                if (args.has(name)) {
                    throw UsageError(std::string("--") + name + " is only used with --behavior-search");
                }
            }
        }
        if (!args.has("strict") && !args.has("behavior-search")) {
            for (const auto& spec : verify::verificationOptionSpecs()) {
                if (args.has(spec.name)) {
                    throw UsageError("--" + spec.name + " is only used with --strict or --behavior-search");
                }
            }
        }
        // Every output is refused before any work: the input itself, a missing or read-only folder.
        const std::vector<InputPath> inputs = inputPaths(args, {"TRACE"}, {"configs"});
        checkOutputFile("output", args.value("output"), inputs);
        if (args.has("search-evidence-output")) {
            checkOutputFile("search-evidence-output", args.value("search-evidence-output"), inputs);
            checkDistinctOutputs("output", args.value("output"), "search-evidence-output",
                                 args.value("search-evidence-output"));
        }
        if (args.has("behavior-search")) {
            return runSearch(args);
        }
        bool budgetGiven = false;
        for (const char* name : kBudgetOptions) {
            budgetGiven = budgetGiven || args.has(name);
        }
        if (budgetGiven && args.has("lossless-timing")) {
            throw UsageError("--lossless-timing never approximates; it cannot be combined with --max-*-error or sample "
                             "limits");
        }
        CompileOptions options;
        if (budgetGiven) {
            options.timingMode = CanaryTimingMode::Bounded;
            options.budget = budgetFrom(args);
        }
        if (args.has("prefix")) {
            options.prefixEvents = positiveCount(args, "prefix");
        }
        // Strict compilation: behaviour verification is the emit gate; a refused candidate is never written.
        std::shared_ptr<verify::VerificationReport> verification;
        if (args.has("strict")) {
            verify::VerifyOptions verifyOptions = verifyOptionsFrom(args);
            verification = std::make_shared<verify::VerificationReport>();
            options.emitGate = verify::verificationGate(std::move(verifyOptions), verification);
        }
        Progress& progress = terminalProgress();
        Trace trace = readTrace(args.positionalValue("TRACE"), progress);
        CompileResult result;
        try {
            result = compileCanary(trace, options, progress);
        } catch (const NegativeResult&) {
            if (verification && !verification->sourceSha256.empty()) {
                err(verify::verificationSummaryText(*verification));
            }
            throw;
        }
        writeFileAtomic(args.value("output"), result.bytes, progress);

        const auto& h = result.canary.header;
        std::string text = "wrote " + args.value("output") + ": " + std::to_string(h.logicalEvents) +
                           " logical events in " + std::to_string(h.storedEvents) + " stored (event ratio " +
                           formatRatioMicros(h.eventRatioMicros) + "), " + std::to_string(h.canaryBytes) +
                           " bytes for " + std::to_string(h.coveredBytes) + " source bytes (byte ratio " +
                           formatRatioMicros(h.byteRatioMicros) + ")\n";
        text += "  timing " + std::string(timingModeName(h.timingMode)) + ", coverage " +
                std::string(coverageName(h.coverage));
        if (h.coverage == CanaryCoverage::Partial) {
            text += " (events [0, " + std::to_string(h.coveredLast) + ") of " + std::to_string(h.sourceEvents) + ")";
        }
        text += ", claim " + std::string(claimName(h.claim));
        if (!h.claimLimits.empty()) {
            text += " (";
            for (std::size_t k = 0; k < h.claimLimits.size(); ++k) {
                text += (k == 0 ? "" : ", ") + h.claimLimits[k];
            }
            text += ")";
        }
        text += "\n  " + std::to_string(result.canary.segments.size()) + " segments, " +
                std::to_string(result.canary.signatures.size()) + " signatures, " +
                std::to_string(result.canary.timings.size()) + " timing samples\n";
        if (h.timingMode == CanaryTimingMode::Bounded) {
            text += "  recorded bounds: " + errorsText(h.bounds) + "\n";
        }
        if (args.has("show-groups")) {
            for (const auto& g : result.groups) {
                text += "  group " + groupHashHex(g.groupHash) + "  " + g.description + ": " +
                        std::to_string(g.events) + " events, " + std::to_string(g.samples) + " samples" +
                        (g.sampleLimit ? " (limit " + std::to_string(*g.sampleLimit) + ")" : std::string()) +
                        ", max error " + errorsText(g.maxError) + "\n";
            }
        }
        out(text);
        return static_cast<int>(kExitOk);
    });
}

const Registrar registrar("compile", "distil a trace into a canary (exact first, bounded within a budget, fail-closed)",
                          runCompile);
} // namespace

} // namespace cc::cli
