#include "ui/capture/feasibility_view.h"

#include "ui/util/text.h"

#include <QLabel>
#include <QPaintEvent>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cc::ui {

namespace {

const QColor kFits(0, 158, 115); // bluish green
const QColor kShort(213, 94, 0); // vermillion
const QColor kUnknown(150, 150, 150);

} // namespace

QString poolArithmeticText(const cc::capture::PoolDemand& pool)
{
    QStringList lines;
    lines << PoolDemandBar::tr("Pool %1").arg(qs(pool.pool));
    for (const auto& t : pool.terms) {
        lines << PoolDemandBar::tr("  %1: %2 × %3 = %4   [%5]")
                     .arg(qs(t.name))
                     .arg(t.ranks)
                     .arg(formatBytes(t.perRankBytes), formatBytes(t.bytes), qs(t.arithmetic));
    }
    lines << PoolDemandBar::tr("  demand: %1 (%2 B)").arg(formatBytes(pool.demandBytes)).arg(pool.demandBytes);
    if (pool.budget.bytes) {
        lines << PoolDemandBar::tr("  budget: %1 (%2 B, %3)")
                     .arg(formatBytes(*pool.budget.bytes))
                     .arg(*pool.budget.bytes)
                     .arg(qs(pool.budget.source));
    } else {
        lines
            << PoolDemandBar::tr("  budget: unknown (%1) — declare one to plan this cell").arg(qs(pool.budget.source));
    }
    lines << (pool.fits ? PoolDemandBar::tr("  fits") : PoolDemandBar::tr("  does NOT fit"));
    return lines.join(QLatin1Char('\n'));
}

// ---- PoolDemandBar -------------------------------------------------------------------------

PoolDemandBar::PoolDemandBar(const cc::capture::PoolDemand& pool, bool binding, QWidget* parent)
    : QWidget(parent), pool_(pool), binding_(binding)
{
    setObjectName(QStringLiteral("poolBar:") + qs(pool.pool));
    setToolTip(poolArithmeticText(pool_));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(text());
}

std::optional<long long> PoolDemandBar::permille() const
{
    if (!pool_.budget.bytes || *pool_.budget.bytes <= 0) {
        return std::nullopt;
    }
    // Display only: the verdict itself is the guard's integer comparison.
    return std::llround(static_cast<double>(pool_.demandBytes) * 1000.0 / static_cast<double>(*pool_.budget.bytes));
}

QString PoolDemandBar::text() const
{
    const QString name = qs(pool_.pool);
    const QString tag = binding_ ? tr(" (binding)") : QString();
    if (const auto pm = permille()) {
        // One decimal below the budget, whole percent past it (the bar is full then anyway).
        const QString percent =
            *pm < 1000 ? QString::number(static_cast<double>(*pm) / 10.0, 'f', 1) : QString::number((*pm + 5) / 10);
        return tr("%1%2: %3 of %4 (%5 %)")
            .arg(name, tag, formatBytes(pool_.demandBytes), formatBytes(*pool_.budget.bytes), percent);
    }
    return tr("%1%2: %3, budget unknown").arg(name, tag, formatBytes(pool_.demandBytes));
}

QSize PoolDemandBar::sizeHint() const
{
    return {320, fontMetrics().height() + 12};
}

QSize PoolDemandBar::minimumSizeHint() const
{
    return {120, fontMetrics().height() + 12};
}

void PoolDemandBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QRect frame = rect().adjusted(0, 1, -1, -2);
    p.fillRect(frame, palette().color(QPalette::Base));
    const auto pm = permille();
    const QColor colour = !pm ? kUnknown : (pool_.fits ? kFits : kShort);
    if (pm) {
        // Past the budget the bar is full and a hatched end says "over".
        const long long shown = std::min<long long>(*pm, 1000);
        const int width = static_cast<int>(static_cast<long long>(frame.width()) * shown / 1000);
        QColor fill = colour;
        fill.setAlpha(110);
        p.fillRect(QRect(frame.left(), frame.top(), width, frame.height()), fill);
        if (*pm > 1000) {
            p.fillRect(QRect(frame.right() - 10, frame.top(), 10, frame.height()), QBrush(colour, Qt::BDiagPattern));
        }
    } else {
        p.fillRect(frame, QBrush(kUnknown, Qt::Dense6Pattern));
    }
    QPen pen(binding_ ? palette().color(QPalette::WindowText) : colour);
    pen.setWidth(binding_ ? 2 : 1);
    p.setPen(pen);
    p.drawRect(frame.adjusted(0, 0, binding_ ? -1 : 0, binding_ ? -1 : 0));
    p.setPen(palette().color(QPalette::Text));
    QFont font = p.font();
    font.setBold(binding_);
    p.setFont(font);
    p.drawText(frame.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text());
}

// ---- FeasibilityView -----------------------------------------------------------------------

FeasibilityView::FeasibilityView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("feasibilityView"));
    headline_ = new QLabel(this);
    headline_->setObjectName(QStringLiteral("feasibilityHeadline"));
    headline_->setWordWrap(true);
    headline_->setTextFormat(Qt::PlainText);
    binding_ = new QLabel(this);
    binding_->setObjectName(QStringLiteral("feasibilityBinding"));
    binding_->setWordWrap(true);
    binding_->setTextFormat(Qt::PlainText);
    barsBox_ = new QWidget(this);
    barsLayout_ = new QVBoxLayout(barsBox_);
    barsLayout_->setContentsMargins(0, 0, 0, 0);
    barsLayout_->setSpacing(3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(headline_);
    layout->addWidget(barsBox_);
    layout->addWidget(binding_);
    setVerdict(std::nullopt, tr("No verdict yet."));
}

void FeasibilityView::setVerdict(const std::optional<cc::capture::FeasibilityVerdict>& verdict, const QString& note)
{
    verdict_ = verdict;
    for (PoolDemandBar* bar : bars()) {
        barsLayout_->removeWidget(bar);
        delete bar;
    }
    if (!verdict_) {
        headline_->setText(note);
        binding_->clear();
        return;
    }
    QFont bold = headline_->font();
    bold.setBold(true);
    headline_->setFont(bold);
    if (verdict_->feasible) {
        headline_->setText(tr("Feasible: every memory pool fits."));
    } else {
        QStringList reasons;
        for (const auto& r : verdict_->reasons) {
            reasons << qs(r);
        }
        headline_->setText(tr("Refused by the memory guard: %1").arg(reasons.join(QStringLiteral("; "))));
    }
    for (const auto& pool : verdict_->pools) {
        barsLayout_->addWidget(new PoolDemandBar(pool, pool.pool == verdict_->binding, barsBox_));
    }
    const auto binding = std::find_if(verdict_->pools.begin(), verdict_->pools.end(),
                                      [&](const auto& p) { return p.pool == verdict_->binding; });
    if (binding == verdict_->pools.end()) {
        binding_->clear();
    } else if (binding->budget.bytes) {
        binding_->setText(tr("Binding pool: %1 — demand %2 of a %3 budget (%4).")
                              .arg(qs(binding->pool), formatBytes(binding->demandBytes),
                                   formatBytes(*binding->budget.bytes), qs(binding->budget.source)));
    } else {
        binding_->setText(tr("Binding pool: %1 — demand %2, budget unknown (%3).")
                              .arg(qs(binding->pool), formatBytes(binding->demandBytes), qs(binding->budget.source)));
    }
    binding_->setToolTip(binding == verdict_->pools.end() ? QString() : poolArithmeticText(*binding));
}

std::vector<PoolDemandBar*> FeasibilityView::bars() const
{
    std::vector<PoolDemandBar*> result;
    for (int i = 0; i < barsLayout_->count(); ++i) {
        if (auto* bar = qobject_cast<PoolDemandBar*>(barsLayout_->itemAt(i)->widget())) {
            result.push_back(bar);
        }
    }
    return result;
}

QString FeasibilityView::headline() const
{
    return headline_->text();
}

QString FeasibilityView::bindingText() const
{
    return binding_->text();
}

} // namespace cc::ui
