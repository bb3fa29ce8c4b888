// Comparing two rankings of the same configurations (every pair x median/p95/p99/mean): which
// decisions flipped, and sentences saying what a ranking depends on.
#pragma once

#include "core/replay/simulator.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace cc::ui {

struct RankingFlip {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    cc::RankMetric metric = cc::RankMetric::Median;
    cc::PairOutcome before = cc::PairOutcome::Tie;
    cc::PairOutcome after = cc::PairOutcome::Tie;
};

/// The decisions whose outcome differs between base and other (matched by pair and metric).
std::vector<RankingFlip> rankingFlips(const std::vector<cc::PairDecision>& base,
                                      const std::vector<cc::PairDecision>& other);

/// "a < b" (a faster), "a > b" or "a ≈ b" with configuration names.
QString relationText(cc::PairOutcome outcome, const QString& first, const QString& second);

/// One sentence per flipped pair: "low_latency vs congested on p99, mean flips without compute
/// overlap". names are the configurations in set order; condition says what was changed.
QStringList flipSentences(const std::vector<RankingFlip>& flips, const QStringList& names, const QString& condition);

/// The translated metric name ("median", "p95", ...).
QString metricTitle(cc::RankMetric metric);

} // namespace cc::ui
