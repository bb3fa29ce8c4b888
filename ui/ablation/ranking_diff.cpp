#include "ui/ablation/ranking_diff.h"

#include "ui/util/text.h"

#include <QCoreApplication>

#include <map>

namespace cc::ui {

namespace {
class RankingText {
    Q_DECLARE_TR_FUNCTIONS(RankingText)
};
} // namespace

QString relationText(cc::PairOutcome outcome, const QString& first, const QString& second)
{
    switch (outcome) {
    case cc::PairOutcome::FirstFaster:
        return RankingText::tr("%1 < %2").arg(first, second);
    case cc::PairOutcome::SecondFaster:
        return RankingText::tr("%1 > %2").arg(first, second);
    case cc::PairOutcome::Tie:
        break;
    }
    return RankingText::tr("%1 ≈ %2").arg(first, second);
}

QString metricTitle(cc::RankMetric metric)
{
    switch (metric) {
    case cc::RankMetric::Median:
        return RankingText::tr("median");
    case cc::RankMetric::P95:
        return RankingText::tr("p95");
    case cc::RankMetric::P99:
        return RankingText::tr("p99");
    case cc::RankMetric::Mean:
        return RankingText::tr("mean");
    }
    return {};
}

QStringList flipSentences(const std::vector<cc::RankingFlip>& flips, const QStringList& names, const QString& condition)
{
    std::map<std::pair<std::uint32_t, std::uint32_t>, QStringList> byPair;
    for (const auto& flip : flips) {
        byPair[{flip.first, flip.second}] << metricTitle(flip.metric);
    }
    QStringList sentences;
    for (const auto& [pair, metrics] : byPair) {
        const QString a = pair.first < static_cast<std::uint32_t>(names.size()) ? names[static_cast<int>(pair.first)]
                                                                                : QString::number(pair.first);
        const QString b = pair.second < static_cast<std::uint32_t>(names.size()) ? names[static_cast<int>(pair.second)]
                                                                                 : QString::number(pair.second);
        sentences << RankingText::tr("%1 vs %2 on %3 flips %4").arg(a, b, metrics.join(QLatin1String(", ")), condition);
    }
    return sentences;
}

} // namespace cc::ui
