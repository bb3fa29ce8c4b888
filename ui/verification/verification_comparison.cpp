#include "ui/verification/verification_comparison.h"

#include <algorithm>

#include <QBrush>
#include <QColor>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

namespace cc::ui {

// ---- VerificationComparisonModel -----------------------------------------------------------

VerificationComparisonModel::VerificationComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

void VerificationComparisonModel::setDocuments(std::optional<VerificationDocument> left,
                                               std::optional<VerificationDocument> right)
{
    left_ = std::move(left);
    right_ = std::move(right);
    emit dataChanged(index(0, LeftColumn), index(RowCount - 1, RightColumn));
    emit headerDataChanged(Qt::Horizontal, LeftColumn, RightColumn);
}

int VerificationComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int VerificationComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const std::optional<VerificationDocument>& VerificationComparisonModel::side(int column) const
{
    return column == LeftColumn ? left_ : right_;
}

QVariant VerificationComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= RowCount || index.column() >= ColumnCount) {
        return {};
    }
    const int row = index.row();
    const int page = row - FirstStatusRow;
    const bool isStatus = page >= 0 && page < 5;
    if (index.column() == ItemColumn) {
        if (role != Qt::DisplayRole) {
            return {};
        }
        if (row == ClaimRow) {
            return tr("Claim");
        }
        if (row == CanaryRow) {
            return tr("Canary SHA-256");
        }
        if (row == SourceRow) {
            return tr("Source SHA-256");
        }
        // Status titles come from whichever document is there (they are translated when parsed).
        for (const auto* doc : {&left_, &right_}) {
            if (*doc && static_cast<std::size_t>(page) < (*doc)->pages.size()) {
                return (*doc)->pages[static_cast<std::size_t>(page)].title;
            }
        }
        static const char* const kTitles[] = {QT_TR_NOOP("Timing mode"), QT_TR_NOOP("Commitments"),
                                              QT_TR_NOOP("Coverage"), QT_TR_NOOP("Behavioural fidelity"),
                                              QT_TR_NOOP("Ranking")};
        return tr(kTitles[page]);
    }
    const auto& doc = side(index.column());
    if (!doc) {
        return {};
    }
    const VerificationPage* status = isStatus && static_cast<std::size_t>(page) < doc->pages.size()
                                         ? &doc->pages[static_cast<std::size_t>(page)]
                                         : nullptr;
    const bool claimVerified = doc->claim == QLatin1String("verified");
    const bool claimFailed = doc->claim == QLatin1String("failed");
    switch (role) {
    case Qt::DisplayRole:
        if (row == ClaimRow) {
            return doc->claim;
        }
        if (row == CanaryRow) {
            return doc->canarySha256.left(16);
        }
        if (row == SourceRow) {
            return doc->sourceSha256.left(16);
        }
        return status ? status->statusText : QString();
    case Qt::ToolTipRole:
        if (row == ClaimRow) {
            return doc->claimReasons.join(QLatin1Char('\n'));
        }
        if (row == CanaryRow) {
            return doc->canarySha256;
        }
        if (row == SourceRow) {
            return doc->sourceSha256;
        }
        return status ? status->explanation : QString();
    case Qt::BackgroundRole:
        if (status) {
            return QBrush(status->pass ? QColor(205, 235, 205) : QColor(255, 205, 190));
        }
        if (row == ClaimRow) {
            return QBrush(claimVerified ? QColor(205, 235, 205)
                                        : (claimFailed ? QColor(255, 205, 190) : QColor(250, 235, 190)));
        }
        return {};
    case PassRole:
        if (status) {
            return status->pass;
        }
        return row == ClaimRow ? QVariant(!claimFailed) : QVariant();
    default:
        return {};
    }
}

QVariant VerificationComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (section == ItemColumn) {
        return tr("Status");
    }
    const auto& doc = side(section);
    return doc ? doc->name : (section == LeftColumn ? tr("(left)") : tr("(right)"));
}

// ---- VerificationComparison ----------------------------------------------------------------

VerificationComparison::VerificationComparison(ArtifactStore* store, QWidget* parent) : QWidget(parent), store_(store)
{
    setObjectName(QStringLiteral("verificationComparison"));
    auto* layout = new QVBoxLayout(this);
    auto* pick = new QHBoxLayout;
    left_ = new QComboBox(this);
    left_->setObjectName(QStringLiteral("left"));
    right_ = new QComboBox(this);
    right_->setObjectName(QStringLiteral("right"));
    left_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    right_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    pick->addWidget(new QLabel(tr("Left:"), this));
    pick->addWidget(left_, 1);
    pick->addWidget(new QLabel(tr("Right:"), this));
    pick->addWidget(right_, 1);
    layout->addLayout(pick);
    model_ = new VerificationComparisonModel(this);
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(VerificationComparisonModel::ItemColumn,
                                                     QHeaderView::ResizeToContents);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    layout->addWidget(table_, 1);
    reasons_ = new QLabel(this);
    reasons_->setObjectName(QStringLiteral("reasons"));
    reasons_->setWordWrap(true);
    reasons_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(reasons_);

    connect(left_, &QComboBox::currentIndexChanged, this, &VerificationComparison::update);
    connect(right_, &QComboBox::currentIndexChanged, this, &VerificationComparison::update);
    connect(store_, &ArtifactStore::added, this, &VerificationComparison::refill);
    connect(store_, &ArtifactStore::replaced, this, &VerificationComparison::refill);
    connect(store_, &ArtifactStore::removed, this, &VerificationComparison::refill);
    refill();
}

void VerificationComparison::refill()
{
    const ArtifactId left = leftArtifact();
    const ArtifactId right = rightArtifact();
    {
        const QSignalBlocker blockLeft(left_);
        const QSignalBlocker blockRight(right_);
        left_->clear();
        right_->clear();
        left_->addItem(tr("(none)"), QVariant::fromValue<quint64>(0));
        right_->addItem(tr("(none)"), QVariant::fromValue<quint64>(0));
        for (const auto& artifact : store_->artifacts()) {
            if (artifact.kind == ArtifactKind::Verification && artifact.verification) {
                left_->addItem(artifact.name, QVariant::fromValue<quint64>(artifact.id));
                right_->addItem(artifact.name, QVariant::fromValue<quint64>(artifact.id));
            }
        }
        left_->setCurrentIndex(std::max(0, left_->findData(QVariant::fromValue<quint64>(left))));
        right_->setCurrentIndex(std::max(0, right_->findData(QVariant::fromValue<quint64>(right))));
    }
    update();
}

ArtifactId VerificationComparison::leftArtifact() const
{
    return left_->currentData().value<quint64>();
}

ArtifactId VerificationComparison::rightArtifact() const
{
    return right_->currentData().value<quint64>();
}

void VerificationComparison::compare(ArtifactId left, ArtifactId right)
{
    {
        const QSignalBlocker blockLeft(left_);
        const QSignalBlocker blockRight(right_);
        left_->setCurrentIndex(std::max(0, left_->findData(QVariant::fromValue<quint64>(left))));
        right_->setCurrentIndex(std::max(0, right_->findData(QVariant::fromValue<quint64>(right))));
    }
    update();
}

void VerificationComparison::push(ArtifactId verification)
{
    const ArtifactId previous = rightArtifact();
    compare(previous != verification ? previous : leftArtifact(), verification);
}

void VerificationComparison::update()
{
    auto documentOf = [this](ArtifactId id) -> std::optional<VerificationDocument> {
        const Artifact* artifact = store_->find(id);
        if (artifact == nullptr || !artifact->verification) {
            return std::nullopt;
        }
        return *artifact->verification;
    };
    model_->setDocuments(documentOf(leftArtifact()), documentOf(rightArtifact()));
    QStringList lines;
    for (const auto* doc : {&model_->left(), &model_->right()}) {
        if (*doc) {
            lines << tr("<b>%1</b>: %2 — %3")
                         .arg((*doc)->name.toHtmlEscaped(), (*doc)->claim.toHtmlEscaped(),
                              (*doc)->claimReasons.join(QStringLiteral("; ")).toHtmlEscaped());
        }
    }
    reasons_->setText(lines.isEmpty() ? tr("Verify two canaries (or open two verifications) to compare them here.")
                                      : lines.join(QStringLiteral("<br>")));
}

} // namespace cc::ui
