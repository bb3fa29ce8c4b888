// The memory guard's verdict for the cell in the form: one bar per memory pool the cell draws
// on (demand against budget, red past the budget, the binding pool outlined and labelled), the
// binding pool named in words, and on hover each pool's arithmetic term by term.
#pragma once

#include "capture/lib/feasibility_guard.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QVBoxLayout;

namespace cc::ui {

/// One pool: a painted bar of demand / budget with the figures written on it.
class PoolDemandBar : public QWidget {
    Q_OBJECT
public:
    PoolDemandBar(const cc::capture::PoolDemand& pool, bool binding, QWidget* parent = nullptr);

    const cc::capture::PoolDemand& pool() const { return pool_; }
    bool binding() const { return binding_; }
    /// demand / budget in parts per thousand; nullopt when the budget is unknown.
    std::optional<long long> permille() const;
    QString text() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    cc::capture::PoolDemand pool_;
    bool binding_ = false;
};

/// The pool's arithmetic, term by term, for tooltips (plain text).
QString poolArithmeticText(const cc::capture::PoolDemand& pool);

class FeasibilityView : public QWidget {
    Q_OBJECT
public:
    explicit FeasibilityView(QWidget* parent = nullptr);

    /// Shows a verdict (nullopt: nothing to show, with a note saying why).
    void setVerdict(const std::optional<cc::capture::FeasibilityVerdict>& verdict, const QString& note = {});
    const std::optional<cc::capture::FeasibilityVerdict>& verdict() const { return verdict_; }
    std::vector<PoolDemandBar*> bars() const;
    QString headline() const;
    QString bindingText() const;

private:
    std::optional<cc::capture::FeasibilityVerdict> verdict_;
    QLabel* headline_;
    QLabel* binding_;
    QWidget* barsBox_;
    QVBoxLayout* barsLayout_;
};

} // namespace cc::ui
