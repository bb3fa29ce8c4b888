// Simulator controls and what the configuration ranking depends on. Each toggle (arrival skew,
// compute overlap, ordering, queue-reset gaps, rare tail windows, pressure, or isolated mode)
// re-replays on a worker thread through the ReplayController; the ranking matrix and the pair
// matrix then mark what moved relative to the unablated replay, and a summary line says which
// pairs flipped ("low_latency vs congested on p99 flips without compute overlap").
// "Scan dependencies" replays under each control alone and lists, per pair, which controls
// flip it. These are controls of a model, labelled so, not physical interventions.
#pragma once

#include "ui/ablation/ranking_models.h"
#include "ui/replay/replay_controller.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace cc::ui {

class AblationPanel : public QWidget {
    Q_OBJECT
public:
    AblationPanel(ReplayController* replay, QWidget* parent = nullptr);

    RankingMatrixModel* rankingModel() const { return ranking_; }
    PairMatrixModel* pairModel() const { return pairs_; }
    QCheckBox* toggle(cc::Ablation ablation) const { return toggles_[static_cast<std::size_t>(ablation)]; }
    QCheckBox* isolatedToggle() const { return isolated_; }
    QString summary() const;
    QString dependencySummary() const;
    /// Replays under each control alone (a job) and fills the dependency summary.
    void scanDependencies();

signals:
    /// The matrices show the replay of the current controls.
    void rankingUpdated();
    void dependenciesScanned();

private:
    void applyToggles();
    void refresh();

    ReplayController* replay_;
    std::array<QCheckBox*, cc::kAblationCount> toggles_{};
    QCheckBox* isolated_;
    QLabel* summary_;
    QPlainTextEdit* flips_;
    QPlainTextEdit* dependencies_;
    QPushButton* scanButton_;
    RankingMatrixModel* ranking_;
    PairMatrixModel* pairs_;
};

} // namespace cc::ui
