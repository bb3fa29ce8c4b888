// The artifact browser's model: one top-level row per loaded artifact (name, kind, identity),
// its facts and its relations to other artifacts as child rows. Child indexes carry the stable
// artifact id, not a row, so they stay valid while other artifacts come and go.
#pragma once

#include "ui/artifacts/artifact_store.h"

#include <QAbstractItemModel>

namespace cc::ui {

class ArtifactModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, DetailColumn, ColumnCount };
    enum Role { ArtifactIdRole = Qt::UserRole + 1, ActiveRole };

    explicit ArtifactModel(ArtifactStore* store, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    /// The artifact an index (top-level or child) belongs to, 0 for none.
    ArtifactId artifactAt(const QModelIndex& index) const;
    QModelIndex indexOf(ArtifactId id) const;

private:
    const Artifact* artifactForChild(const QModelIndex& index) const;
    int childCount(const Artifact& artifact) const;

    ArtifactStore* store_;
};

} // namespace cc::ui
