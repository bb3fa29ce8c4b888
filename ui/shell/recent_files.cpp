#include "ui/shell/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace cc::ui {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {}

QStringList RecentFiles::files() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles) {
        list.removeLast();
    }
    store(list);
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::clear()
{
    store({});
}

void RecentFiles::store(const QStringList& list)
{
    QSettings().setValue(kKey, list);
    emit changed();
}

} // namespace cc::ui
