// Shared pieces of the GUI suites: isolated settings, the example trace, screenshot folder.
#pragma once

#include "test_support.h"

#include "ui/jobs/job_runner.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

namespace cctest {

/// Settings of the suite go to a test location, never the user's.
inline void isolateSettings(const QString& suite)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CommCanaryTests"));
    QCoreApplication::setApplicationName(suite);
    QSettings().clear();
}

inline QString adversarialExample()
{
    return example(QStringLiteral("adversarial_decode.trace.json"));
}

/// Where screenshots go: a folder in the build tree next to the test binary.
inline QString screenshotDir()
{
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/screenshots");
    QDir().mkpath(dir);
    return dir;
}

/// True when the image has more than a few distinct colours (it is not blank).
inline bool looksPainted(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            colours.insert(image.pixel(x, y));
            if (colours.size() > 12) {
                return true;
            }
        }
    }
    return false;
}

} // namespace cctest
