// The words for two rankings of the same configurations (every pair x median/p95/p99/mean): which
// decisions flipped and what a ranking depends on. The flips themselves are core's
// (cc::rankingFlips, core/replay/replay_analyses.h); this only phrases them.
#pragma once

#include "core/replay/replay_analyses.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace cc::ui {

/// "a < b" (a faster), "a > b" or "a ≈ b" with configuration names.
QString relationText(cc::PairOutcome outcome, const QString& first, const QString& second);

/// One sentence per flipped pair: "low_latency vs congested on p99, mean flips without compute
/// overlap". names are the configurations in set order; condition says what was changed.
QStringList flipSentences(const std::vector<cc::RankingFlip>& flips, const QStringList& names,
                          const QString& condition);

/// The translated metric name ("median", "p95", ...).
QString metricTitle(cc::RankMetric metric);

} // namespace cc::ui
