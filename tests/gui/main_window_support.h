// Shared pieces of the GUI suites that drive a whole MainWindow: opening files and waiting for
// the jobs, replays and artifact rows that follow.
#pragma once

#include "gui_support.h"

#include "ui/artifacts/artifact_model.h"
#include "ui/artifacts/artifact_store.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QSignalSpy>
#include <QStringList>
#include <QUrl>
#include <QtTest>

namespace cctest {

/// Opens the files and waits until each has loaded (and every job ended); false when one failed.
inline bool openAll(cc::ui::MainWindow& window, const QStringList& paths)
{
    QSignalSpy opened(&window, &cc::ui::MainWindow::fileOpened);
    window.openFiles(paths);
    if (!QTest::qWaitFor([&]() { return opened.size() == paths.size() && !window.runner()->isBusy(); }, 120000)) {
        return false;
    }
    for (const auto& args : opened) {
        if (!args.at(1).toBool()) {
            return false;
        }
    }
    return true;
}

/// Does open (something that makes the window open one file) and returns the arguments of the
/// window's first fileOpened signal after it (path, success), or an empty list when none came
/// within timeoutMs.
template <class Open> QList<QVariant> fileOpenedAfter(cc::ui::MainWindow& window, Open open, int timeoutMs = 20000)
{
    QSignalSpy opened(&window, &cc::ui::MainWindow::fileOpened);
    open();
    if (opened.isEmpty() && !opened.wait(timeoutMs)) {
        return {};
    }
    return opened.first();
}

/// Opens path as File > Open would; fileOpenedAfter's answer.
inline QList<QVariant> openAndWait(cc::ui::MainWindow& window, const QString& path, int timeoutMs = 20000)
{
    return fileOpenedAfter(
        window, [&]() { window.openFile(path); }, timeoutMs);
}

/// Opens path, which the window must refuse: the error dialog it shows, or nullptr when it opened
/// the file, kept any artifact, or said nothing within 20 s.
inline cc::ui::ErrorDialog* refusedOpen(cc::ui::MainWindow& window, const QString& path)
{
    const QList<QVariant> opened = openAndWait(window, path);
    if (opened.isEmpty() || opened.at(1).toBool() || !window.store()->artifacts().empty()) {
        return nullptr;
    }
    return window.lastErrorDialog();
}

/// Drags path onto the window and drops it there, as a file manager would. Returns the arguments
/// of the window's fileOpened signal (path, success), or an empty list when the window refused
/// the drag or opened nothing within 20 s.
inline QList<QVariant> dropFile(cc::ui::MainWindow& window, const QString& path)
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    if (!enter.isAccepted()) {
        return {};
    }
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    return fileOpenedAfter(window, [&]() { QApplication::sendEvent(&window, &drop); });
}

/// Waits until the timeline shows a replayed trace and no job runs.
inline bool waitForReplay(cc::ui::MainWindow& window, int timeoutMs = 60000)
{
    return QTest::qWaitFor(
        [&]() {
            const auto& data = window.timeline()->view()->data();
            return data && data->replayed() && !window.runner()->isBusy();
        },
        timeoutMs);
}

/// Shows the window at the size of the screenshots (1515 x 900), opens path and waits for its replay.
inline bool showAndOpen(cc::ui::MainWindow& window, const QString& path)
{
    window.resize(1515, 900);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        return false;
    }
    window.openFile(path);
    return waitForReplay(window);
}

/// The rows the artifact browser shows under an artifact, each as "first-column second-column"
/// (its facts and relations).
inline QStringList childTexts(const cc::ui::ArtifactModel* model, cc::ui::ArtifactId id)
{
    QStringList texts;
    const QModelIndex parent = model->indexOf(id);
    for (int row = 0; row < model->rowCount(parent); ++row) {
        texts << model->index(row, 0, parent).data().toString() + QLatin1Char(' ') +
                     model->index(row, 1, parent).data().toString();
    }
    return texts;
}

inline bool anyContains(const QStringList& texts, const QString& part)
{
    for (const QString& text : texts) {
        if (text.contains(part)) {
            return true;
        }
    }
    return false;
}

} // namespace cctest
