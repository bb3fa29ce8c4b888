#include "core/search/behavior_search.h"

#include "core/canary/canary_writer.h"
#include "core/configs/config_io.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"
#include "core/util/text.h"

#include "core/util/json/value.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <memory>
#include <set>

namespace cc::search {

namespace {

constexpr std::size_t kMaxLimits = 4096;
constexpr std::size_t kMaxListedFailures = 4;

std::uint64_t parseLimit(std::string_view text, const std::string& optionName)
{
    ScaledValue v = parseScaledDecimal(text, 0, false);
    if (v.error != DecimalError::None || v.value < 1) {
        throw InputError(optionName, "'" + std::string(text) + "' is not a sample limit (a whole number >= 1)");
    }
    return static_cast<std::uint64_t>(v.value);
}

std::string trim(std::string_view s)
{
    while (!s.empty() && s.front() == ' ') {
        s.remove_prefix(1);
    }
    while (!s.empty() && s.back() == ' ') {
        s.remove_suffix(1);
    }
    return std::string(s);
}

/// The failing statuses of a report, each with its first failing evidence in words.
std::vector<std::string> failuresOf(const verify::VerificationReport& r)
{
    std::vector<std::string> out;
    auto first = [](const std::vector<std::string>& problems) {
        return problems.empty() ? std::string() : ": " + problems.front();
    };
    if (!r.timingMode.pass) {
        out.push_back("timing_mode" + (r.timingMode.findings.empty()
                                           ? first(r.timingMode.problems)
                                           : ": segment " + std::to_string(r.timingMode.findings.front().segment) +
                                                 " " + r.timingMode.findings.front().detail));
    }
    if (!r.commitments.pass) {
        out.push_back("commitments" + first(r.commitments.problems));
    }
    if (!r.coverage.pass) {
        out.push_back("coverage" + first(r.coverage.problems));
    }
    if (!r.fidelity.pass) {
        std::size_t listed = 0;
        for (const auto& c : r.fidelity.configurations) {
            auto note = [&](const verify::MetricCheck& m) {
                if (!m.pass && listed < kMaxListedFailures) {
                    ++listed;
                    out.push_back("behavioral_fidelity: " + c.name + " " + m.scope +
                                  (m.name.empty() ? "" : " " + m.name) + " " + m.metric + " source " +
                                  std::to_string(m.value.source) + " canary " + std::to_string(m.value.canary) + " " +
                                  m.unit);
                }
            };
            for (const auto* list : {&c.latency, &c.queueWait, &c.phases, &c.operations}) {
                for (const auto& m : *list) {
                    note(m);
                }
            }
            note(c.hiddenShare);
            if (!c.tail.pass && listed < kMaxListedFailures) {
                ++listed;
                out.push_back("behavioral_fidelity: " + c.name + " tail recall " +
                              verify::ppmAsFraction(c.tail.recallPpm) + " below " +
                              verify::ppmAsFraction(c.tail.thresholdPpm));
            }
        }
    }
    if (!r.ranking.pass) {
        out.push_back("ranking: " + std::to_string(r.ranking.decisions.size() - r.ranking.passed) + " of " +
                      std::to_string(r.ranking.decisions.size()) + " decisions differ");
    }
    return out;
}

class Search {
public:
    Search(const Trace& source, const verify::VerifyOptions& vopts, const SearchOptions& options, Progress& progress)
        : source_(source), vopts_(vopts), options_(options), progress_(progress)
    {
    }

    SearchResult run()
    {
        verify::validateVerifyOptions(vopts_, "behaviour search");
        if (options_.sampleLimits.empty() && !options_.includeLossless) {
            throw InputError("behaviour search", "the declared range of timing budgets is empty");
        }
        SubProgress preparing(progress_, 0.0, 0.1);
        ref_ = verify::prepareSourceReference(source_, vopts_, preparing);
        // Every candidate's commitments are recomputed from the source: encode it once, hash slices after.
        verify::keepSourceEventBytes(ref_, preparing);
        // Every candidate is compiled from the same source: what compiling derives from the source alone
        // (its identity, sorted arrivals, the groups' quantizations as they are made) is kept across them.
        // The segments' commitments are hashed from the kept source bytes too.
        CompileContext::SegmentCommitment commitment;
        if (ref_.eventBytes) {
            commitment = [bytes = ref_.eventBytes](std::size_t first, std::size_t last) {
                return bytes->commitment(first, last);
            };
        }
        context_ = std::make_unique<CompileContext>(source_, preparing, std::move(commitment));
        result_.sourceSha256 = ref_.sha256;
        result_.sourceEvents = source_.size();

        const double uniformShare = 0.5;
        const std::size_t uniformCount = options_.sampleLimits.size() + (options_.includeLossless ? 1 : 0);
        std::size_t done = 0;
        auto stepProgress = [&](double begin, double end, std::size_t k, std::size_t n, const std::string& what) {
            progress_.report(begin + (end - begin) * static_cast<double>(k) /
                                         static_cast<double>(std::max<std::size_t>(n, 1)),
                             what);
        };
        if (options_.includeLossless) {
            stepProgress(0.1, 0.1 + uniformShare, done++, uniformCount, "behaviour search: lossless candidate");
            CompileOptions lossless;
            evaluate("lossless", lossless, false);
        }
        levels_ = options_.sampleLimits;
        for (std::uint64_t limit : options_.sampleLimits) {
            stepProgress(0.1, 0.1 + uniformShare, done++, uniformCount,
                         "behaviour search: sample limit " + std::to_string(limit));
            evaluateAligned("uniform", uniformOptions(limit), false);
        }
        if (options_.includeLossless && best_ && !boundedPassed_ && !options_.sampleLimits.empty()) {
            extendRange();
        }
        if (best_ && options_.refineGroups) {
            refineGroups(0.1 + uniformShare, 0.95);
        }
        if (best_) {
            finish();
        }
        progress_.report(1.0, searchSummaryLine(result_));
        return std::move(result_);
    }

private:
    CompileOptions uniformOptions(std::uint64_t limit) const
    {
        CompileOptions bounded;
        bounded.timingMode = CanaryTimingMode::Bounded;
        bounded.budget = options_.fieldCaps;
        bounded.budget.groupSampleLimits.clear();
        bounded.budget.sampleLimit = limit;
        return bounded;
    }

    /// Beyond the declared range, when no bounded candidate in it passed and the lossless canary is
    /// the best so far: the largest limit is doubled while no bounded candidate passes, each new
    /// candidate is smaller than the lossless canary, and the limit is below the largest group's
    /// event count (from there on a limit approximates nothing). A long trace needs more samples per
    /// group than a short one for the same error. The limits tried are listed in the evidence, and
    /// per-group refinement may use them as levels.
    void extendRange()
    {
        std::uint64_t largestGroup = 0;
        for (const auto& g : best_->compiled.groups) {
            largestGroup = std::max(largestGroup, g.events);
        }
        std::uint64_t limit = options_.sampleLimits.back();
        while (!boundedPassed_ && limit < largestGroup && limit <= kMaxExtendedSampleLimit / 2) {
            limit *= 2;
            progress_.report(0.6, "behaviour search: sample limit " + std::to_string(limit) +
                                      " (beyond the declared range)");
            result_.extendedLimits.push_back(limit);
            levels_.push_back(limit);
            const std::size_t first = result_.candidates.size();
            evaluateAligned("uniform", uniformOptions(limit), false);
            bool smaller = false;
            for (std::size_t k = first; k < result_.candidates.size(); ++k) {
                smaller = smaller || result_.candidates[k].bytes < best_->compiled.bytes.size();
            }
            if (!smaller) {
                break; // larger limits only make larger canaries
            }
        }
    }

    struct Best {
        CompileOptions options;
        CompileResult compiled;
        std::size_t record = 0;
    };

    /// A bounded candidate, with and without round alignment (when enabled). Both are compiled (cheap);
    /// the aligned one is verified first only when alignment makes it at least a tenth smaller, and the
    /// unaligned one is verified when it is not, or when the aligned one fails. A candidate whose
    /// alignment saves little costs no extra verification. True when one of them became the best.
    bool evaluateAligned(const std::string& stage, CompileOptions options, bool allowEqual)
    {
        options.roundAlignmentSlack = 0;
        // Without a sample limit for every group (refinement that started from the lossless canary), the
        // groups left exact differ in every round, so no window can repeat and alignment cannot pay.
        if (options.timingMode != CanaryTimingMode::Bounded || options_.roundAlignmentSlack == 0 ||
            !options.budget.sampleLimit) {
            return evaluate(stage, options, allowEqual);
        }
        CompileOptions aligned = options;
        aligned.roundAlignmentSlack = options_.roundAlignmentSlack;
        std::optional<CompileResult> alignedResult;
        std::optional<CompileResult> plainResult;
        try {
            NullProgress quiet;
            alignedResult = compileCanary(source_, aligned, quiet, *context_);
            plainResult = compileCanary(source_, options, quiet, *context_);
        } catch (const NegativeResult&) {
            return evaluate(stage, options, allowEqual); // records the refusal
        }
        if (alignedResult->bytes.size() * 10 > plainResult->bytes.size() * 9) {
            return evaluate(stage, options, allowEqual, std::move(plainResult));
        }
        const std::size_t record = result_.candidates.size();
        if (evaluate(stage, aligned, allowEqual, std::move(alignedResult))) {
            return true;
        }
        if (result_.candidates[record].outcome == "passed") {
            return false; // verified, only not smaller: the unaligned one is larger still
        }
        return evaluate(stage, options, allowEqual, std::move(plainResult));
    }

    /// Compiles and verifies one candidate; true when it passed and became the best.
    bool evaluate(const std::string& stage, const CompileOptions& options, bool allowEqual,
                  std::optional<CompileResult> precompiled = std::nullopt)
    {
        progress_.check();
        CandidateRecord rec;
        rec.index = result_.candidates.size();
        rec.stage = stage;
        if (options.timingMode == CanaryTimingMode::Bounded) {
            rec.sampleLimit = options.budget.sampleLimit;
            rec.groupLimits = options.budget.groupSampleLimits;
            rec.roundAlignmentSlack = options.roundAlignmentSlack;
        }
        NullProgress quiet;
        CompileResult compiled;
        try {
            compiled = precompiled ? std::move(*precompiled) : compileCanary(source_, options, quiet, *context_);
        } catch (const NegativeResult& e) {
            rec.outcome = "refused_by_compiler";
            rec.refusal = e.what();
            result_.candidates.push_back(std::move(rec));
            return false;
        }
        rec.bytes = compiled.bytes.size();
        rec.storedEvents = compiled.canary.header.storedEvents;
        rec.timingSamples = compiled.canary.timings.size();
        rec.canarySha256 = sha256Hex(compiled.bytes);
        if (stage == "lossless") {
            result_.losslessBytes = rec.bytes;
        }
        verify::VerificationReport report =
            verify::verifyBehavior(ref_, compiled.canary, nullptr, vopts_, quiet, rec.canarySha256, rec.bytes);
        ++result_.verifications;
        rec.claim = report.claim;
        rec.statuses = {report.timingMode.pass, report.commitments.pass, report.coverage.pass, report.fidelity.pass,
                        report.ranking.pass};
        rec.failures = failuresOf(report);
        const bool pass = report.allPass();
        rec.outcome = pass ? "passed" : "failed_verification";
        boundedPassed_ = boundedPassed_ || (pass && stage != "lossless");
        const bool better = pass && (!best_ || rec.bytes < best_->compiled.bytes.size() ||
                                     (allowEqual && rec.bytes == best_->compiled.bytes.size()));
        rec.improved = better;
        result_.candidates.push_back(std::move(rec));
        if (better) {
            best_ = Best{options, std::move(compiled), result_.candidates.size() - 1};
        }
        return better;
    }

    void refineGroups(double begin, double end)
    {
        // Groups carrying the most samples first: they offer the most bytes to save.
        std::vector<CompileGroupSummary> groups = best_->compiled.groups;
        std::stable_sort(groups.begin(), groups.end(), [](const CompileGroupSummary& a, const CompileGroupSummary& b) {
            if (a.samples != b.samples) {
                return a.samples > b.samples;
            }
            return a.groupHash < b.groupHash;
        });
        for (std::size_t g = 0; g < groups.size(); ++g) {
            progress_.report(begin + (end - begin) * static_cast<double>(g) / static_cast<double>(groups.size()),
                             "behaviour search: refining group " + std::to_string(g + 1) + " of " +
                                 std::to_string(groups.size()));
            const auto& group = groups[g];
            // Samples of this group in the current best (it may have changed since the list was taken).
            std::uint64_t samples = group.samples;
            for (const auto& now : best_->compiled.groups) {
                if (now.groupHash == group.groupHash) {
                    samples = now.samples;
                }
            }
            if (samples <= 1) {
                continue;
            }
            GroupRefinement refinement;
            refinement.groupHash = group.groupHash;
            refinement.description = group.description;
            refinement.events = group.events;
            refinement.samplesBefore = samples;
            std::uint64_t current = samples;
            const auto& budget = best_->options.budget;
            if (best_->options.timingMode == CanaryTimingMode::Bounded) {
                auto it = budget.groupSampleLimits.find(group.groupHash);
                if (it != budget.groupSampleLimits.end()) {
                    current = std::min(current, it->second);
                } else if (budget.sampleLimit) {
                    current = std::min(current, *budget.sampleLimit);
                }
            }
            refinement.limitBefore = current;
            std::vector<std::uint64_t> lower;
            for (auto level : levels_) {
                if (level < current) {
                    lower.push_back(level);
                }
            }
            if (lower.empty()) {
                continue;
            }
            auto attempt = [&](std::uint64_t level) {
                CompileOptions options = best_->options;
                if (options.timingMode == CanaryTimingMode::Lossless) {
                    options.timingMode = CanaryTimingMode::Bounded;
                    options.budget = options_.fieldCaps;
                    options.budget.sampleLimit.reset();
                    options.budget.groupSampleLimits.clear();
                }
                options.budget.groupSampleLimits[group.groupHash] = level;
                ++refinement.attempts;
                return evaluateAligned("per_group", options, true);
            };
            // Greedy: jump to the lowest level first; when that fails, step down from the top until a failure.
            std::uint64_t after = current;
            if (attempt(lower.front())) {
                after = lower.front();
            } else {
                for (auto it = lower.rbegin(); it != lower.rend() && *it != lower.front(); ++it) {
                    if (!attempt(*it)) {
                        break;
                    }
                    after = *it;
                }
            }
            refinement.limitAfter = after;
            result_.groups.push_back(std::move(refinement));
        }
    }

    void finish()
    {
        // Recompile the winner through a gate that verifies it, so it carries the claim it earned, and
        // verify the bytes that will be written.
        CompileOptions options = best_->options;
        const verify::SourceReference& ref = ref_;
        const verify::VerifyOptions& vopts = vopts_;
        options.emitGate = [&ref, &vopts](const Trace&, const Canary& candidate, Progress& progress) {
            Canary written = candidate;
            const std::string bytes = serializeCanary(written);
            verify::VerificationReport r =
                verify::verifyBehavior(ref, written, nullptr, vopts, progress, sha256Hex(bytes), bytes.size());
            if (!r.allPass()) {
                throw NegativeResult("behaviour search: the selected candidate no longer verifies");
            }
            return EmitVerdict{vopts.tolerances.absoluteNs};
        };
        NullProgress quiet;
        CompileResult final = compileCanary(source_, options, quiet, *context_);
        const std::string sha = sha256Hex(final.bytes);
        result_.verification =
            verify::verifyBehavior(ref_, final.canary, nullptr, vopts_, quiet, sha, final.bytes.size());
        result_.verifications += 2;
        result_.candidates[best_->record].selected = true;
        result_.best = std::move(final);
        result_.found = true;
    }

    const Trace& source_;
    const verify::VerifyOptions& vopts_;
    const SearchOptions& options_;
    Progress& progress_;
    verify::SourceReference ref_;
    std::unique_ptr<CompileContext> context_;
    std::optional<Best> best_;
    bool boundedPassed_ = false;        ///< a bounded candidate passed verification
    std::vector<std::uint64_t> levels_; ///< the declared limits, then those tried beyond them
    SearchResult result_;
};

using Json = json::Value;

Json budgetJson(const TimingBudget& b)
{
    Json j;
    for (const auto& field : kBudgetCapFields) {
        const auto& v = b.*field.cap;
        j.assign(field.name, v ? Json(*v) : Json(nullptr));
    }
    return j;
}

} // namespace

std::vector<std::uint64_t> defaultSampleLimits()
{
    return {1, 2, 4, 8, 16, 32, 64, 128};
}

std::vector<std::uint64_t> parseSampleLimits(std::string_view text, const std::string& optionName)
{
    std::set<std::uint64_t> limits;
    const auto dots = text.find("..");
    if (dots != std::string_view::npos) {
        const std::uint64_t a = parseLimit(trim(text.substr(0, dots)), optionName);
        const std::uint64_t b = parseLimit(trim(text.substr(dots + 2)), optionName);
        if (b < a) {
            throw InputError(optionName, "'" + std::string(text) + "': the range ends before it starts");
        }
        if (b - a >= kMaxLimits) {
            throw InputError(optionName, "'" + std::string(text) + "' declares more than " +
                                             std::to_string(kMaxLimits) + " budgets");
        }
        for (std::uint64_t v = a; v <= b; ++v) {
            limits.insert(v);
        }
    } else {
        for (const std::string_view piece : splitAt(text, ',')) {
            const auto item = trim(piece);
            if (item.empty()) {
                throw InputError(optionName, "'" + std::string(text) + "' has an empty item");
            }
            limits.insert(parseLimit(item, optionName));
            if (limits.size() > kMaxLimits) {
                throw InputError(optionName, "declares more than " + std::to_string(kMaxLimits) + " budgets");
            }
        }
    }
    return {limits.begin(), limits.end()};
}

SearchResult searchBehavior(const Trace& source, const verify::VerifyOptions& verifyOptions,
                            const SearchOptions& options, Progress& progress)
{
    Search search(source, verifyOptions, options, progress);
    return search.run();
}

std::string searchEvidenceJson(const SearchResult& r, const SearchOptions& options, const verify::VerifyOptions& vopts)
{
    Json root;
    root.assign("format", std::string(kSearchEvidenceFormat));
    root.assign("method",
                "behaviour search: compile at every declared timing budget, verify each candidate, keep the "
                "smallest passing artifact by serialised size, then greedily lower per-operation-signature-group "
                "sample limits while every status keeps passing and the artifact does not grow");
    root.assign("optimality", "greedy: no optimality claim, in particular no per-window Pareto optimality");
    root.assign("selection_metric", "serialised canary bytes; ties keep the earlier candidate");
    root.assign("acceptance", "all five verification statuses pass: timing_mode, commitments, coverage, "
                              "behavioral_fidelity, ranking");
    Json source;
    source.assign("normalized_sha256", r.sourceSha256);
    source.assign("events", r.sourceEvents);
    root.assign("source", source);
    Json space;
    Json limits = Json::array();
    for (auto l : options.sampleLimits) {
        limits.push(l);
    }
    space.assign("sample_limits", limits);
    space.assign("field_caps", budgetJson(options.fieldCaps));
    space.assign("lossless_candidate", options.includeLossless);
    space.assign("per_group_refinement", options.refineGroups);
    space.assign("round_alignment_slack", options.roundAlignmentSlack);
    if (!r.extendedLimits.empty()) {
        // Only when the search went beyond the declared range, so other evidence keeps its bytes.
        Json extended = Json::array();
        for (auto l : r.extendedLimits) {
            extended.push(l);
        }
        space.assign("extended_sample_limits", extended);
    }
    root.assign("search_space", space);
    Json verification;
    verification.assign("configuration_set", vopts.configs.name);
    verification.assign("configuration_set_sha256", configSetSha256(vopts.configs));
    Json tol;
    tol.assign("relative_ppm", vopts.tolerances.relativePpm);
    tol.assign("absolute_ns", vopts.tolerances.absoluteNs);
    tol.assign("hidden_share_ppm", vopts.tolerances.hiddenSharePpm);
    tol.assign("tail_recall_ppm", vopts.tolerances.tailRecallPpm);
    tol.assign("ranking_tie_ppm", vopts.tolerances.rankingTiePpm);
    tol.assign("ranking_tie_ns", vopts.tolerances.rankingTieNs);
    verification.assign("tolerances", tol);
    verification.assign("seed", vopts.protocol.seed);
    verification.assign("iterations", vopts.protocol.iterations);
    root.assign("verification", verification);
    root.assign("lossless_bytes", r.losslessBytes ? Json(*r.losslessBytes) : Json(nullptr));
    root.assign("verifications", r.verifications);

    Json candidates = Json::array();
    for (const auto& c : r.candidates) {
        Json j;
        j.assign("index", c.index);
        j.assign("stage", c.stage);
        j.assign("sample_limit", c.sampleLimit ? Json(*c.sampleLimit) : Json(nullptr));
        Json groups = Json::object();
        for (const auto& [hash, limit] : c.groupLimits) {
            groups.assign(groupHashHex(hash), limit);
        }
        j.assign("group_sample_limits", groups);
        if (c.roundAlignmentSlack != 0) {
            j.assign("round_alignment_slack", c.roundAlignmentSlack);
        }
        j.assign("outcome", c.outcome);
        if (c.outcome == "refused_by_compiler") {
            j.assign("refusal", c.refusal);
        } else {
            j.assign("bytes", c.bytes);
            j.assign("stored_events", c.storedEvents);
            j.assign("timing_samples", c.timingSamples);
            j.assign("canary_sha256", c.canarySha256);
            j.assign("claim", c.claim ? Json(std::string(verify::claimName(*c.claim))) : Json(nullptr));
            Json statuses;
            for (std::size_t s = 0; s < kStatusNames.size(); ++s) {
                statuses.assign(kStatusNames[s], c.statuses[s] ? "pass" : "fail");
            }
            j.assign("statuses", statuses);
            Json failures = Json::array();
            for (const auto& f : c.failures) {
                failures.push(f);
            }
            j.assign("failures", failures);
        }
        j.assign("improved_best", c.improved);
        j.assign("selected", c.selected);
        candidates.push(j);
    }
    root.assign("candidates", candidates);

    Json refinement = Json::array();
    for (const auto& g : r.groups) {
        Json j;
        j.assign("group", groupHashHex(g.groupHash));
        j.assign("description", g.description);
        j.assign("events", g.events);
        j.assign("samples_before", g.samplesBefore);
        j.assign("limit_before", g.limitBefore);
        j.assign("limit_after", g.limitAfter);
        j.assign("attempts", g.attempts);
        refinement.push(j);
    }
    root.assign("per_group_refinement", refinement);

    Json selected;
    if (r.found) {
        const auto& h = r.best.canary.header;
        for (const auto& c : r.candidates) {
            if (c.selected) {
                selected.assign("candidate", c.index);
                selected.assign("stage", c.stage);
            }
        }
        selected.assign("bytes", r.best.bytes.size());
        selected.assign("canary_sha256", sha256Hex(r.best.bytes));
        selected.assign("note",
                        "the selected candidate recompiled through a verifying gate so that it carries the claim it "
                        "earned; bytes and SHA-256 are those of the artifact written");
        selected.assign("timing_mode", std::string(timingModeName(h.timingMode)));
        selected.assign("canary_claim", std::string(cc::claimName(h.claim)));
        selected.assign("verification_claim", std::string(verify::claimName(r.verification.claim)));
        selected.assign("logical_events", h.logicalEvents);
        selected.assign("stored_events", h.storedEvents);
        selected.assign("event_compression_ratio", formatRatioMicros(h.eventRatioMicros));
        selected.assign("byte_compression_ratio", formatRatioMicros(h.byteRatioMicros));
        selected.assign("smaller_than_lossless",
                        r.losslessBytes ? Json(r.best.bytes.size() < *r.losslessBytes) : Json(nullptr));
    }
    root.assign("selected", r.found ? selected : Json(nullptr));
    return json::toIndentedText(root, 2) + "\n";
}

std::string searchSummaryLine(const SearchResult& r)
{
    std::uint64_t passed = 0;
    for (const auto& c : r.candidates) {
        passed += c.outcome == "passed" ? 1 : 0;
    }
    std::string line = "behaviour search: " + std::to_string(r.candidates.size()) + " candidates, " +
                       std::to_string(passed) + " passed verification";
    if (!r.extendedLimits.empty()) {
        std::string limits;
        for (auto l : r.extendedLimits) {
            limits += (limits.empty() ? "" : ", ") + std::to_string(l);
        }
        line += " (beyond the declared range: sample limits " + limits + ")";
    }
    if (!r.found) {
        return line + "; none passed, nothing selected";
    }
    line += "; selected " + std::to_string(r.best.bytes.size()) + " bytes (" +
            std::string(verify::claimName(r.verification.claim)) + ")";
    if (r.losslessBytes) {
        line += ", lossless " + std::to_string(*r.losslessBytes) + " bytes";
    }
    return line;
}

} // namespace cc::search
