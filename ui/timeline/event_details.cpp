#include "ui/timeline/event_details.h"

#include "core/trace/projections.h"
#include "core/util/decimal.h"
#include "ui/util/text.h"

#include <QCoreApplication>
#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace cc::ui {

namespace {

class DetailsText {
    Q_DECLARE_TR_FUNCTIONS(DetailsText)
};

QString optionalNs(Ns value)
{
    return value == cc::kAbsentNs ? DetailsText::tr("(absent)") : formatDuration(value);
}

QString ranksText(const std::vector<std::int32_t>& ranks)
{
    QStringList parts;
    const std::size_t shown = std::min<std::size_t>(ranks.size(), 16);
    for (std::size_t k = 0; k < shown; ++k) {
        parts << QString::number(ranks[k]);
    }
    QString text = parts.join(QLatin1String(", "));
    if (ranks.size() > shown) {
        text += DetailsText::tr(" … (%1 ranks)").arg(ranks.size());
    }
    return text;
}

} // namespace

std::vector<PropertyRow> describeEvent(const cc::Trace& trace, std::uint32_t i)
{
    std::vector<PropertyRow> rows;
    auto add = [&](const QString& label, const QString& value) { rows.push_back({label, value, false, {}}); };
    auto addString = [&](const QString& label, std::uint32_t id) {
        if (id != cc::kNoString) {
            add(label, qs(trace.str(id)));
        }
    };
    rows.push_back({DetailsText::tr("Event"), {}, true, {}});
    add(DetailsText::tr("Canonical index"), formatCount(i));
    add(DetailsText::tr("Index in the input"), formatCount(trace.sourceIndex[i]));
    if (!trace.id(i).empty()) {
        add(DetailsText::tr("Id"), qs(trace.id(i)));
    }
    add(DetailsText::tr("Operation"), trace.has(i, cc::kFlagCustomOp)
                                          ? DetailsText::tr("%1 (custom)").arg(qs(trace.opName(i)))
                                          : qs(trace.opName(i)));
    add(DetailsText::tr("Bytes"),
        DetailsText::tr("%1 (%2)").arg(formatCount(static_cast<std::uint64_t>(trace.bytes[i])),
                                       formatBytes(trace.bytes[i])));
    add(DetailsText::tr("Ranks"), ranksText(trace.ranks(i)));
    addString(DetailsText::tr("Group"), trace.group[i]);
    addString(DetailsText::tr("Phase"), trace.phase[i]);
    addString(DetailsText::tr("Data type"), trace.dtype[i]);
    addString(DetailsText::tr("Channel"), trace.channel[i]);
    addString(DetailsText::tr("Tag"), trace.tag[i]);
    addString(DetailsText::tr("Reduction"), trace.reductionOp[i]);
    add(DetailsText::tr("Scheduler resource"), qs(cc::schedulerResource(trace, i)));

    rows.push_back({DetailsText::tr("Timing in the trace"), {}, true, {}});
    add(DetailsText::tr("Issue time"), formatDuration(trace.issueTime[i]));
    add(DetailsText::tr("Gap before"), formatDuration(trace.effectiveGap[i]));
    if (trace.start[i] != cc::kAbsentNs) {
        add(DetailsText::tr("Start (given)"), formatDuration(trace.start[i]));
    }
    add(DetailsText::tr("Compute before"), optionalNs(trace.computeBefore[i]));
    add(DetailsText::tr("Compute overlap"),
        trace.has(i, cc::kFlagOverlapUnknown) ? DetailsText::tr("unknown") : optionalNs(trace.computeOverlap[i]));
    if (trace.pressure[i] != cc::kAbsentNs) {
        add(DetailsText::tr("Compute pressure"), qs(cc::formatScaledDecimal(trace.pressure[i], 9)));
    }
    switch (trace.skewState[i]) {
    case cc::SkewState::Unknown:
        add(DetailsText::tr("Arrival skew"), DetailsText::tr("unknown (not measured; never treated as 0)"));
        break;
    case cc::SkewState::Known:
        add(DetailsText::tr("Arrival skew"), formatDuration(trace.skewValue[i]));
        break;
    case cc::SkewState::Partial:
        add(DetailsText::tr("Arrival skew"),
            DetailsText::tr("at least %1 (partial arrivals)").arg(formatDuration(trace.skewValue[i])));
        break;
    }
    if (trace.observedExposed[i] != cc::kAbsentNs) {
        add(DetailsText::tr("Observed exposed"), formatDuration(trace.observedExposed[i]));
    }
    return rows;
}

// ---- ConfigTimingModel ---------------------------------------------------------------------

ConfigTimingModel::ConfigTimingModel(QObject* parent) : QAbstractTableModel(parent) {}

void ConfigTimingModel::setEvent(const ReplayResult& replay, std::optional<std::uint32_t> event,
                                 int currentConfiguration)
{
    beginResetModel();
    rows_.clear();
    current_ = currentConfiguration;
    if (event && replay.valid()) {
        for (int c = 0; c < replay.configurationCount(); ++c) {
            const cc::ConfigurationReplay* config = replay.configuration(c);
            if (*event < config->samples.eventCount) {
                rows_.push_back({qs(config->name), config->samples.at(*event)});
            }
        }
    }
    endResetModel();
}

void ConfigTimingModel::clear()
{
    beginResetModel();
    rows_.clear();
    endResetModel();
}

int ConfigTimingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ConfigTimingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConfigTimingModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) {
        return {};
    }
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::FontRole && index.row() == current_) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole && index.column() != ConfigurationColumn) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    const cc::EventSample& s = row.sample;
    switch (index.column()) {
    case ConfigurationColumn:
        return row.configuration;
    case StartColumn:
        return formatDuration(s.start);
    case RankWaitColumn:
        return formatDuration(s.rankWait);
    case QueueWaitColumn:
        return formatDuration(s.queueWait);
    case DurationColumn:
        return formatDuration(s.duration);
    case HiddenColumn:
        return formatDuration(s.hidden);
    case LatencyColumn:
        return formatDuration(s.latency);
    default:
        return {};
    }
}

QVariant ConfigTimingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case ConfigurationColumn:
        return tr("Configuration");
    case StartColumn:
        return tr("Start");
    case RankWaitColumn:
        return tr("Rank wait");
    case QueueWaitColumn:
        return tr("Queue wait");
    case DurationColumn:
        return tr("Duration");
    case HiddenColumn:
        return tr("Hidden");
    case LatencyColumn:
        return tr("Latency");
    default:
        return {};
    }
}

// ---- EventDetailsWidget --------------------------------------------------------------------

EventDetailsWidget::EventDetailsWidget(QWidget* parent) : QWidget(parent)
{
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    fields_ = new PropertyModel(this);
    timings_ = new ConfigTimingModel(this);
    fieldsView_ = new QTableView(this);
    fieldsView_->setModel(fields_);
    fieldsView_->verticalHeader()->hide();
    fieldsView_->horizontalHeader()->setStretchLastSection(true);
    fieldsView_->setSelectionMode(QAbstractItemView::NoSelection);
    fieldsView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    timingView_ = new QTableView(this);
    timingView_->setModel(timings_);
    timingView_->verticalHeader()->hide();
    timingView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    timingView_->setSelectionMode(QAbstractItemView::NoSelection);
    timingView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(fieldsView_);
    splitter->addWidget(timingView_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(title_);
    layout->addWidget(splitter, 1);
    display(nullptr, {}, std::nullopt, 0);
}

void EventDetailsWidget::display(std::shared_ptr<const cc::Trace> trace, const ReplayResult& replay,
                                 std::optional<std::uint32_t> event, int currentConfiguration)
{
    if (!trace || !event || *event >= trace->size()) {
        title_->setText(tr("Click an event in the timeline to see its fields and its simulated timing under every "
                           "configuration."));
        fields_->setRows({});
        timings_->clear();
        return;
    }
    title_->setText(
        tr("<b>%1</b> · event %2 of %3")
            .arg(qs(trace->opName(*event)).toHtmlEscaped(), formatCount(*event), formatCount(trace->size())));
    fields_->setRows(describeEvent(*trace, *event));
    if (replay.valid() && replay.request.trace == trace) {
        timings_->setEvent(replay, event, currentConfiguration);
    } else {
        timings_->clear();
    }
    fieldsView_->resizeColumnToContents(PropertyModel::LabelColumn);
}

} // namespace cc::ui
