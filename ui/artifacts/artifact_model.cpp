#include "ui/artifacts/artifact_model.h"

#include <QFont>

namespace cc::ui {

ArtifactModel::ArtifactModel(ArtifactStore* store, QObject* parent) : QAbstractItemModel(parent), store_(store)
{
    connect(store_, &ArtifactStore::aboutToAdd, this, [this](int row) { beginInsertRows({}, row, row); });
    connect(store_, &ArtifactStore::added, this, [this](int) { endInsertRows(); });
    connect(store_, &ArtifactStore::aboutToRemove, this, [this](int row) { beginRemoveRows({}, row, row); });
    connect(store_, &ArtifactStore::removed, this, [this](int) { endRemoveRows(); });
    // A reloaded artifact or new relations can change how many child rows an artifact has.
    connect(store_, &ArtifactStore::replaced, this, [this](int) {
        beginResetModel();
        endResetModel();
    });
    connect(store_, &ArtifactStore::relationsChanged, this, [this]() {
        beginResetModel();
        endResetModel();
    });
    connect(store_, &ArtifactStore::activeTraceChanged, this, [this](ArtifactId) {
        if (rowCount() > 0) {
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::FontRole, ActiveRole});
        }
    });
}

int ArtifactModel::childCount(const Artifact& artifact) const
{
    return static_cast<int>(artifact.facts.size() + artifact.relations.size());
}

const Artifact* ArtifactModel::artifactForChild(const QModelIndex& index) const
{
    if (!index.isValid() || index.internalId() == 0) {
        return nullptr;
    }
    return store_->find(index.internalId());
}

QModelIndex ArtifactModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount) {
        return {};
    }
    if (!parent.isValid()) {
        if (row >= static_cast<int>(store_->artifacts().size())) {
            return {};
        }
        return createIndex(row, column, quintptr(0));
    }
    if (parent.internalId() != 0 || parent.row() >= static_cast<int>(store_->artifacts().size())) {
        return {};
    }
    const Artifact& artifact = store_->artifacts()[static_cast<std::size_t>(parent.row())];
    if (row >= childCount(artifact)) {
        return {};
    }
    return createIndex(row, column, quintptr(artifact.id));
}

QModelIndex ArtifactModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0) {
        return {};
    }
    const int row = store_->indexOf(child.internalId());
    return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(0));
}

int ArtifactModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid()) {
        return static_cast<int>(store_->artifacts().size());
    }
    if (parent.internalId() != 0 || parent.column() != 0) {
        return 0;
    }
    if (parent.row() >= static_cast<int>(store_->artifacts().size())) {
        return 0;
    }
    return childCount(store_->artifacts()[static_cast<std::size_t>(parent.row())]);
}

int ArtifactModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant ArtifactModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid()) {
        return {};
    }
    if (index.internalId() == 0) {
        if (index.row() >= static_cast<int>(store_->artifacts().size())) {
            return {};
        }
        const Artifact& artifact = store_->artifacts()[static_cast<std::size_t>(index.row())];
        const bool active = artifact.id == store_->activeTrace();
        switch (role) {
        case Qt::DisplayRole:
            if (index.column() == NameColumn) {
                return artifact.name;
            }
            return active ? tr("%1 (active)").arg(artifactKindName(artifact.kind)) : artifactKindName(artifact.kind);
        case Qt::ToolTipRole:
            // The browser elides long names; the tooltip has the whole name and where it lives.
            return QString(
                artifact.name + QLatin1Char('\n') +
                (artifact.unsaved ? tr("Made in the workbench and not saved yet (File ▸ Save)") : artifact.path));
        case Qt::FontRole:
            // Unsaved results are set in italics, the active trace in bold.
            if (active || artifact.unsaved) {
                QFont font;
                font.setBold(active);
                font.setItalic(artifact.unsaved);
                return font;
            }
            return {};
        case ArtifactIdRole:
            return QVariant::fromValue(artifact.id);
        case ActiveRole:
            return active;
        default:
            return {};
        }
    }
    const Artifact* artifact = artifactForChild(index);
    if (artifact == nullptr) {
        return {};
    }
    const auto row = static_cast<std::size_t>(index.row());
    if (role == ArtifactIdRole) {
        return QVariant::fromValue(artifact->id);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    if (row < artifact->facts.size()) {
        const ArtifactFact& fact = artifact->facts[row];
        return index.column() == NameColumn ? fact.label : fact.value;
    }
    const std::size_t relation = row - artifact->facts.size();
    if (relation < artifact->relations.size()) {
        return index.column() == NameColumn ? tr("Relation") : artifact->relations[relation].text;
    }
    return {};
}

QVariant ArtifactModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case NameColumn:
        return tr("Artifact");
    case DetailColumn:
        return tr("Details");
    default:
        return {};
    }
}

Qt::ItemFlags ArtifactModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) {
        return Qt::NoItemFlags;
    }
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

ArtifactId ArtifactModel::artifactAt(const QModelIndex& index) const
{
    if (!index.isValid()) {
        return 0;
    }
    if (index.internalId() != 0) {
        return index.internalId();
    }
    if (index.row() >= static_cast<int>(store_->artifacts().size())) {
        return 0;
    }
    return store_->artifacts()[static_cast<std::size_t>(index.row())].id;
}

QModelIndex ArtifactModel::indexOf(ArtifactId id) const
{
    const int row = store_->indexOf(id);
    return row < 0 ? QModelIndex() : index(row, 0);
}

} // namespace cc::ui
