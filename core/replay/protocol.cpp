#include "core/replay/protocol.h"

#include "core/util/errors.h"
#include "core/util/text.h"

#include <array>

namespace cc {

namespace {

constexpr std::array<std::string_view, kAblationCount> kNames{
    "arrival_skew", "compute_overlap", "ordering", "queue_reset_gaps", "rare_tail_windows", "pressure",
};

std::string knownNames()
{
    std::string text;
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        text += (i == 0 ? "" : ", ") + std::string(kNames[i]);
    }
    return text;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

} // namespace

std::string_view ablationName(Ablation ablation)
{
    return kNames[static_cast<std::size_t>(ablation)];
}

std::optional<Ablation> ablationFromName(std::string_view name)
{
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == name) {
            return static_cast<Ablation>(i);
        }
    }
    return std::nullopt;
}

std::vector<Ablation> AblationSet::list() const
{
    std::vector<Ablation> out;
    for (int i = 0; i < kAblationCount; ++i) {
        if (has(static_cast<Ablation>(i))) {
            out.push_back(static_cast<Ablation>(i));
        }
    }
    return out;
}

std::string AblationSet::text() const
{
    std::string out;
    for (Ablation a : list()) {
        if (!out.empty()) {
            out += ',';
        }
        out += ablationName(a);
    }
    return out;
}

AblationSet parseAblations(std::string_view list, const std::string& sourceName)
{
    AblationSet set;
    if (trim(list).empty()) {
        return set;
    }
    for (const std::string_view piece : splitAt(list, ',')) {
        const std::string_view item = trim(piece);
        if (item.empty()) {
            throw InputError(sourceName,
                             "empty ablation name in \"" + std::string(list) + "\"; known ablations: " + knownNames());
        }
        auto ablation = ablationFromName(item);
        if (!ablation) {
            throw InputError(sourceName,
                             "unknown ablation \"" + std::string(item) + "\"; known ablations: " + knownNames());
        }
        if (set.has(*ablation)) {
            throw InputError(sourceName, "ablation \"" + std::string(item) + "\" is given twice");
        }
        set.add(*ablation);
    }
    return set;
}

void validateProtocol(const ReplayProtocol& protocol, const std::string& sourceName)
{
    if (protocol.iterations < 1 || protocol.iterations > kMaxIterations) {
        throw InputError(Diagnostic{sourceName,
                                    kNoEvent,
                                    {},
                                    "iterations",
                                    "must be between 1 and " + std::to_string(kMaxIterations) + " (got " +
                                        std::to_string(protocol.iterations) + ")"});
    }
    if (protocol.tieTolerancePpm < 0 || protocol.tieTolerancePpm > 1'000'000) {
        throw InputError(Diagnostic{sourceName,
                                    kNoEvent,
                                    {},
                                    "tie_tolerance_ppm",
                                    "must be between 0 and 1000000 ppm (0% to 100%), got " +
                                        std::to_string(protocol.tieTolerancePpm)});
    }
    if (protocol.isolated && !protocol.ablations.empty()) {
        throw InputError(Diagnostic{sourceName,
                                    kNoEvent,
                                    {},
                                    "ablations",
                                    "cannot be combined with isolated mode: an isolated replay already removes every "
                                    "contextual mechanism (got " +
                                        protocol.ablations.text() + ")"});
    }
}

} // namespace cc
