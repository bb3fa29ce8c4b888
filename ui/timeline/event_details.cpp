#include "ui/timeline/event_details.h"

#include "core/trace/projections.h"
#include "core/util/decimal.h"
#include "ui/util/column_fit.h"
#include "ui/util/text.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFont>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStringList>
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

// ---- canary segments -----------------------------------------------------------------------

std::uint64_t CanaryContext::sourceIndex(std::uint32_t event) const
{
    if (!expansion || !canary) {
        return event;
    }
    // A subset canary's expansion skips the deleted source events: map through its covered runs.
    const cc::CoveredIndex covered(cc::coveredRunsOf(canary->header));
    return event < covered.size() ? covered.sourceIndex(event) : canary->header.coveredFirst + event;
}

std::optional<std::uint32_t> CanaryContext::expandedIndex(std::uint64_t source) const
{
    if (!canary) {
        return std::nullopt;
    }
    const cc::CoveredIndex covered(cc::coveredRunsOf(canary->header));
    const auto k = covered.expandedIndex(source);
    if (!k || *k > UINT32_MAX) {
        return std::nullopt;
    }
    return static_cast<std::uint32_t>(*k);
}

std::optional<std::size_t> canarySegmentOf(const cc::Canary& canary, std::uint64_t sourceIndex)
{
    const auto& segments = canary.segments;
    // The last segment that starts at or before sourceIndex, if it reaches it.
    const auto after = std::upper_bound(segments.begin(), segments.end(), sourceIndex,
                                        [](std::uint64_t i, const cc::CanarySegment& s) { return i < s.first; });
    if (after == segments.begin()) {
        return std::nullopt;
    }
    const auto found = std::prev(after);
    if (sourceIndex - found->first >= found->events) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(found - segments.begin());
}

namespace {

QString segmentKindText(cc::SegmentKind kind)
{
    switch (kind) {
    case cc::SegmentKind::Run:
        return DetailsText::tr("run (one token repeated; exact)");
    case cc::SegmentKind::Motif:
        return DetailsText::tr("motif (a repeated body of tokens; exact)");
    case cc::SegmentKind::Literal:
        return DetailsText::tr("literal (tokens in order, once; exact)");
    case cc::SegmentKind::Interval:
        return DetailsText::tr("interval (timing approximated within bounds)");
    }
    return {};
}

QString boundsText(const cc::TimingErrors& bounds)
{
    if (bounds.isZero()) {
        return DetailsText::tr("0 (every field exact)");
    }
    QStringList parts;
    for (std::size_t f = 0; f < cc::kErrorFieldCount; ++f) {
        const std::int64_t value = cc::errorField(bounds, f);
        if (value != 0) {
            parts << QStringLiteral("%1 ≤ %2").arg(qs(cc::kErrorFieldNames[f])).arg(value);
        }
    }
    return parts.join(QLatin1String(", "));
}

} // namespace

std::vector<PropertyRow> describeCanarySegment(const CanaryContext& context, std::uint32_t event)
{
    std::vector<PropertyRow> rows;
    if (!context.canary) {
        return rows;
    }
    const cc::Canary& canary = *context.canary;
    const cc::CanaryHeader& h = canary.header;
    auto add = [&](const QString& label, const QString& value, const QString& tip = {}) {
        rows.push_back({label, value, false, tip});
    };
    rows.push_back({DetailsText::tr("Canary segment"), {}, true, {}});
    add(DetailsText::tr("Canary"), context.name.isEmpty() ? DetailsText::tr("(unnamed)") : context.name);
    add(DetailsText::tr("Canary coverage"),
        DetailsText::tr("%1, %2, claim %3")
            .arg(qs(cc::coverageName(h.coverage)), qs(cc::timingModeName(h.timingMode)), qs(cc::claimName(h.claim))));
    const std::uint64_t source = context.sourceIndex(event);
    if (context.expansion) {
        add(DetailsText::tr("Source event"), formatCount(source));
    }
    const auto index = canarySegmentOf(canary, source);
    if (!index) {
        if (cc::isSubset(h)) {
            const cc::CoveredIndex covered(cc::coveredRunsOf(h));
            add(DetailsText::tr("Segment"),
                DetailsText::tr("none: the canary keeps a subset of %1 source events, and not this one")
                    .arg(formatCount(covered.size())));
        } else {
            add(DetailsText::tr("Segment"),
                DetailsText::tr("none: the canary covers source events %1 – %2 only")
                    .arg(formatCount(h.coveredFirst), formatCount(h.coveredLast == 0 ? 0 : h.coveredLast - 1)));
        }
        return rows;
    }
    const cc::CanarySegment& segment = canary.segments[*index];
    add(DetailsText::tr("Segment"),
        DetailsText::tr("%1 of %2").arg(formatCount(*index), formatCount(canary.segments.size())),
        DetailsText::tr("Index in the canary's segment list, counted from 0"));
    add(DetailsText::tr("Segment kind"), segmentKindText(segment.kind));
    add(DetailsText::tr("Source events"),
        DetailsText::tr("%1 – %2 (%3 events)")
            .arg(formatCount(segment.first), formatCount(segment.first + segment.events - 1),
                 formatCount(segment.events)));
    add(DetailsText::tr("Position in segment"), formatCount(source - segment.first));
    std::uint64_t bodyEvents = 0;
    for (const cc::CanaryItem& item : segment.body) {
        bodyEvents += item.count;
    }
    add(DetailsText::tr("Program"), DetailsText::tr("%1 stored items (%2 events) × %3 repeats, then %4 items once more")
                                        .arg(formatCount(segment.body.size()), formatCount(bodyEvents),
                                             formatCount(segment.repeats), formatCount(segment.tail)));
    if (segment.bounds) {
        const QString bounds = boundsText(*segment.bounds);
        add(DetailsText::tr("Error bounds"), bounds,
            DetailsText::tr("The true per-field maximum error of this interval (ns; pressure in 1e-9 units):\n%1")
                .arg(bounds));
    }
    add(DetailsText::tr("Commitment (SHA-256)"), qs(segment.sha256),
        DetailsText::tr("SHA-256 of the canonical bytes of source events %1 – %2:\n%3")
            .arg(formatCount(segment.first), formatCount(segment.first + segment.events - 1), qs(segment.sha256)));
    return rows;
}

// ---- ConfigTimingModel ---------------------------------------------------------------------

ConfigTimingModel::ConfigTimingModel(QObject* parent) : QAbstractTableModel(parent) {}

void ConfigTimingModel::setEvent(const ReplayResult& replay, std::optional<std::uint32_t> event,
                                 int currentConfiguration, const ReplayResult& canaryReplay,
                                 std::optional<std::uint32_t> canaryEvent)
{
    beginResetModel();
    rows_.clear();
    current_ = currentConfiguration;
    if (event && replay.valid()) {
        for (int c = 0; c < replay.configurationCount(); ++c) {
            const cc::ConfigurationReplay* config = replay.configuration(c);
            if (*event < config->samples.eventCount) {
                rows_.push_back({qs(config->name), config->samples.at(*event), false, c});
            }
            const cc::ConfigurationReplay* canary = canaryReplay.configuration(c);
            if (canaryEvent && canary != nullptr && canary->name == config->name &&
                *canaryEvent < canary->samples.eventCount) {
                rows_.push_back({qs(canary->name), canary->samples.at(*canaryEvent), true, c});
            }
        }
    }
    endResetModel();
}

bool ConfigTimingModel::isCanaryRow(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) && rows_[static_cast<std::size_t>(row)].canary;
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
    if (role == Qt::FontRole && (row.configurationIndex == current_ || row.canary)) {
        QFont font;
        font.setBold(row.configurationIndex == current_);
        font.setItalic(row.canary);
        return font;
    }
    if (role == Qt::TextAlignmentRole && index.column() != ConfigurationColumn) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole) {
        // A narrow dock elides the configuration's name and leaves out the columns that do not
        // fit; the tooltip has the whole row.
        QStringList lines;
        for (int c = 0; c < ColumnCount; ++c) {
            lines << QStringLiteral("%1: %2").arg(headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(),
                                                  data(this->index(index.row(), c), Qt::DisplayRole).toString());
        }
        return lines.join(QLatin1Char('\n'));
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    const cc::EventSample& s = row.sample;
    switch (index.column()) {
    case ConfigurationColumn:
        return row.canary ? tr("%1 (canary)").arg(row.configuration) : row.configuration;
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
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) {
        return {};
    }
    if (role == Qt::DisplayRole && section != ConfigurationColumn) {
        // Two words on two lines, so a column is as wide as its numbers, not as its title.
        QString title = headerData(section, orientation, Qt::ToolTipRole).toString();
        if (const qsizetype space = title.indexOf(QLatin1Char(' ')); space > 0) {
            title[space] = QLatin1Char('\n');
        }
        return title;
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
    // Both tables are fitted to the dock's width (fitColumns), never wider: a value that does not
    // fit is elided and whole in its tooltip, so nothing needs horizontal scrolling.
    fieldsView_ = new QTableView(this);
    fieldsView_->setObjectName(QStringLiteral("eventFields"));
    fieldsView_->setModel(fields_);
    fieldsView_->verticalHeader()->hide();
    fieldsView_->horizontalHeader()->setSectionResizeMode(PropertyModel::LabelColumn, QHeaderView::Interactive);
    fieldsView_->horizontalHeader()->setSectionResizeMode(PropertyModel::ValueColumn, QHeaderView::Stretch);
    fieldsView_->setWordWrap(false);
    fieldsView_->setTextElideMode(Qt::ElideMiddle);
    fieldsView_->setSelectionMode(QAbstractItemView::NoSelection);
    fieldsView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    timingView_ = new QTableView(this);
    timingView_->setObjectName(QStringLiteral("eventTimings"));
    timingView_->setModel(timings_);
    timingView_->verticalHeader()->hide();
    timingView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    timingView_->horizontalHeader()->setStretchLastSection(false);
    timingView_->setWordWrap(false);
    timingView_->setSelectionMode(QAbstractItemView::NoSelection);
    timingView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    fieldsView_->viewport()->installEventFilter(this);
    timingView_->viewport()->installEventFilter(this);
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
                                 std::optional<std::uint32_t> event, int currentConfiguration,
                                 const CanaryContext& canary, const ReplayResult& canaryReplay)
{
    if (!trace || !event || *event >= trace->size()) {
        title_->setText(tr("Click an event in the timeline to see its fields and its simulated timing under every "
                           "configuration."));
        fields_->setRows({});
        timings_->clear();
        return;
    }
    QString title =
        tr("<b>%1</b> · event %2 of %3")
            .arg(qs(trace->opName(*event)).toHtmlEscaped(), formatCount(*event), formatCount(trace->size()));
    std::vector<PropertyRow> rows = describeEvent(*trace, *event);
    if (canary.canary) {
        // The segment follows the event's own fields, before its timing in the trace.
        std::vector<PropertyRow> segment = describeCanarySegment(canary, *event);
        const auto timing = std::find_if(rows.begin() + 1, rows.end(), [](const PropertyRow& r) { return r.heading; });
        rows.insert(timing, segment.begin(), segment.end());
        if (const auto index = canarySegmentOf(*canary.canary, canary.sourceIndex(*event))) {
            title += tr(" · canary segment %1 (%2)")
                         .arg(formatCount(*index), qs(cc::segmentKindName(canary.canary->segments[*index].kind)));
        }
    }
    title_->setText(title);
    fields_->setRows(std::move(rows));
    if (replay.valid() && replay.request.trace == trace) {
        // The canary's own replay numbers its events from the start of its covered range.
        const auto canaryEvent = canary.expansion ? std::nullopt : canary.expandedIndex(canary.sourceIndex(*event));
        timings_->setEvent(replay, event, currentConfiguration, canaryReplay, canaryEvent);
    } else {
        timings_->clear();
    }
    fitColumns();
}

bool EventDetailsWidget::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize && (watched == fieldsView_->viewport() || watched == timingView_->viewport())) {
        fitColumns();
    }
    return QWidget::eventFilter(watched, event);
}

namespace {

/// The width a cell needs for text in font, with the item view's margins.
int cellWidth(const QFont& font, const QString& text)
{
    int widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        widest = std::max(widest, QFontMetrics(font).horizontalAdvance(line));
    }
    return widest + 14;
}

} // namespace

void EventDetailsWidget::fitColumns()
{
    // Fields: headings span both columns; the labels get what they need, up to 45 % of the width,
    // and the values the rest.
    fieldsView_->clearSpans();
    int labels = 0;
    const QFont plain = fieldsView_->font();
    for (int r = 0; r < fields_->rowCount(); ++r) {
        const PropertyRow& row = fields_->rows()[static_cast<std::size_t>(r)];
        if (row.heading) {
            fieldsView_->setSpan(r, PropertyModel::LabelColumn, 1, PropertyModel::ColumnCount);
        } else {
            labels = std::max(labels, cellWidth(plain, row.label));
        }
    }
    const int fieldsWidth = fieldsView_->viewport()->width();
    labels = std::max(labels, cellWidth(plain, fields_->headerData(0, Qt::Horizontal).toString()));
    fieldsView_->horizontalHeader()->resizeSection(PropertyModel::LabelColumn,
                                                   std::min(labels, fieldsWidth * 45 / 100));

    // Timings: the configuration's name and then, by importance, latency, queue wait, rank wait,
    // duration, hidden and start, each as wide as its widest figure (or title line), as many as
    // the width holds; a column left out is in every row's tooltip and comes back when the dock
    // is widened. What is left over is shared out.
    QHeaderView* header = timingView_->horizontalHeader();
    std::vector<int> widths(ConfigTimingModel::ColumnCount, 0);
    for (int c = 0; c < ConfigTimingModel::ColumnCount; ++c) {
        auto& width = widths[static_cast<std::size_t>(c)];
        width = cellWidth(header->font(), timings_->headerData(c, Qt::Horizontal).toString());
        for (int r = 0; r < timings_->rowCount(); ++r) {
            const QModelIndex index = timings_->index(r, c);
            QFont font = plain;
            if (const QVariant f = index.data(Qt::FontRole); f.isValid()) {
                font = f.value<QFont>();
            }
            width = std::max(width, cellWidth(font, index.data().toString()));
        }
    }
    const int timingWidth = timingView_->viewport()->width();
    auto& names = widths[ConfigTimingModel::ConfigurationColumn];
    names = std::min(names, std::max(timingWidth * 2 / 5, cellWidth(plain, QStringLiteral("baseline"))));
    const std::vector<int> fitted = fitColumnWidths(
        widths,
        {ConfigTimingModel::ConfigurationColumn, ConfigTimingModel::LatencyColumn, ConfigTimingModel::QueueWaitColumn,
         ConfigTimingModel::RankWaitColumn, ConfigTimingModel::DurationColumn, ConfigTimingModel::HiddenColumn,
         ConfigTimingModel::StartColumn},
        2, timingWidth);
    for (int c = 0; c < ConfigTimingModel::ColumnCount; ++c) {
        const int width = fitted[static_cast<std::size_t>(c)];
        timingView_->setColumnHidden(c, width == 0);
        if (width > 0) {
            header->resizeSection(c, width);
        }
    }
}

QString EventDetailsWidget::title() const
{
    return title_->text();
}

} // namespace cc::ui
