// Shared pieces of the GUI suites: isolated settings, the example trace, screenshot folder.
#pragma once

#include "test_support.h"

#include "ui/jobs/job_runner.h"
#include "ui/timeline/timeline_data.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

#include <memory>
#include <vector>

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

/// Replayed timings made up by a test, for `events` canonical events: set() fills event e, and
/// timings() views the columns (which it owns) from the start.
class SyntheticTimings {
public:
    explicit SyntheticTimings(std::size_t events, const QString& configuration = QStringLiteral("synthetic"))
        : columns_(std::make_shared<Columns>()), timings_(std::make_shared<cc::ui::EventTimings>())
    {
        columns_->issue.resize(events);
        columns_->skew.resize(events);
        columns_->queueWait.resize(events);
        columns_->hidden.resize(events);
        columns_->latency.resize(events);
        timings_->configuration = configuration;
        timings_->issue = columns_->issue;
        timings_->skew = columns_->skew;
        timings_->queueWait = columns_->queueWait;
        timings_->hidden = columns_->hidden;
        timings_->latency = columns_->latency;
        timings_->owner = columns_;
    }
    void set(std::size_t e, cc::Ns issue, cc::Ns rankWait, cc::Ns queueWait, cc::Ns duration, cc::Ns hidden)
    {
        columns_->issue[e] = issue;
        columns_->skew[e] = rankWait;
        columns_->queueWait[e] = queueWait;
        columns_->hidden[e] = hidden;
        columns_->latency[e] = rankWait + queueWait + duration;
    }
    const std::shared_ptr<cc::ui::EventTimings>& timings() const { return timings_; }

private:
    struct Columns {
        std::vector<cc::Ns> issue, skew, queueWait, hidden, latency;
    };
    std::shared_ptr<Columns> columns_;
    std::shared_ptr<cc::ui::EventTimings> timings_;
};

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
