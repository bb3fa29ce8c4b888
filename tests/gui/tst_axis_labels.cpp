// Chart axes speak in scaled units: durations as ns/µs/ms/s, sizes as B/KiB/MiB/GiB, counts as
// k/M/G, never "1e+09 µs" or "1.05e+06"; a single sample still gets ticks; and the labels follow
// the axis that maps the series.
#include "gui_support.h"

#include "ui/util/axis_ticks.h"
#include "ui/util/chart_axis.h"

#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <QtTest>

using namespace cc::ui;

Q_DECLARE_METATYPE(cc::ui::AxisUnit)

namespace {

QStringList labels(const std::vector<AxisTick>& ticks)
{
    QStringList out;
    for (const AxisTick& tick : ticks) {
        out << tick.label;
    }
    return out;
}

bool looksScientific(const QString& text)
{
    return text.contains(QLatin1String("e+")) || text.contains(QLatin1String("e-"));
}

} // namespace

class TestAxisLabels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void formatsInScaledUnits_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<AxisUnit>("unit");
        QTest::addColumn<QString>("text");
        QTest::newRow("850 ns") << 850.0 << AxisUnit::Nanoseconds << QStringLiteral("850 ns");
        QTest::newRow("1 µs") << 1e3 << AxisUnit::Nanoseconds << QStringLiteral("1 µs");
        QTest::newRow("12.5 µs") << 12.5e3 << AxisUnit::Nanoseconds << QStringLiteral("12.5 µs");
        QTest::newRow("2.5 ms") << 2.5e6 << AxisUnit::Nanoseconds << QStringLiteral("2.5 ms");
        QTest::newRow("1e+09 µs is 1000 s") << 1e12 << AxisUnit::Nanoseconds << QStringLiteral("1000 s");
        QTest::newRow("132 s") << 132e9 << AxisUnit::Nanoseconds << QStringLiteral("132 s");
        QTest::newRow("0") << 0.0 << AxisUnit::Nanoseconds << QStringLiteral("0 ns");
        QTest::newRow("512 B") << 512.0 << AxisUnit::Bytes << QStringLiteral("512 B");
        QTest::newRow("4 KiB") << 4096.0 << AxisUnit::Bytes << QStringLiteral("4 KiB");
        QTest::newRow("1.05e+06 bytes") << 1.05e6 << AxisUnit::Bytes << QStringLiteral("1 MiB");
        QTest::newRow("1.5 MiB") << 1.5 * 1024 * 1024 << AxisUnit::Bytes << QStringLiteral("1.5 MiB");
        QTest::newRow("16 GiB") << 16.0 * 1024 * 1024 * 1024 << AxisUnit::Bytes << QStringLiteral("16 GiB");
        QTest::newRow("125 M parameters") << 125e6 << AxisUnit::Count << QStringLiteral("125 M");
        QTest::newRow("1.5 G parameters") << 1.5e9 << AxisUnit::Count << QStringLiteral("1.5 G");
        QTest::newRow("42") << 42.0 << AxisUnit::Count << QStringLiteral("42");
    }

    void formatsInScaledUnits()
    {
        QFETCH(double, value);
        QFETCH(AxisUnit, unit);
        QFETCH(QString, text);
        QCOMPARE(formatAxisValue(value, unit), text);
    }

    void logTicksAreDecadesInTheirOwnUnit()
    {
        QCOMPARE(labels(logTicks(50.0, 2e6, AxisUnit::Nanoseconds)),
                 (QStringList{QStringLiteral("100 ns"), QStringLiteral("1 µs"), QStringLiteral("10 µs"),
                              QStringLiteral("100 µs"), QStringLiteral("1 ms")}));
        QCOMPARE(labels(logTicks(1000.0, 1024.0 * 1024, AxisUnit::Bytes)),
                 (QStringList{QStringLiteral("1 KiB"), QStringLiteral("4 KiB"), QStringLiteral("16 KiB"),
                              QStringLiteral("64 KiB"), QStringLiteral("256 KiB"), QStringLiteral("1 MiB")}));
        // Nine powers of 4 are more than eight ticks: every other one.
        QCOMPARE(labels(logTicks(1000.0, 64.0 * 1024 * 1024, AxisUnit::Bytes)),
                 (QStringList{QStringLiteral("1 KiB"), QStringLiteral("16 KiB"), QStringLiteral("256 KiB"),
                              QStringLiteral("4 MiB"), QStringLiteral("64 MiB")}));
        // A wide range is thinned, never crowded.
        QVERIFY(logTicks(1.0, 1e15, AxisUnit::Nanoseconds).size() <= 8);
        for (const AxisTick& tick : logTicks(1.0, 1e15, AxisUnit::Nanoseconds)) {
            QVERIFY2(!looksScientific(tick.label), qPrintable(tick.label));
        }
    }

    void aSingleSampleStillGetsTicks_data()
    {
        QTest::addColumn<double>("sample");
        QTest::addColumn<AxisUnit>("unit");
        QTest::newRow("14 ns") << 14.0 << AxisUnit::Nanoseconds;
        QTest::newRow("357 ms") << 357e6 << AxisUnit::Nanoseconds;
        QTest::newRow("1 s exactly") << 1e9 << AxisUnit::Nanoseconds;
        QTest::newRow("16 MiB") << 16.0 * 1024 * 1024 << AxisUnit::Bytes;
        QTest::newRow("3 parameters") << 3.0 << AxisUnit::Count;
    }

    void aSingleSampleStillGetsTicks()
    {
        QFETCH(double, sample);
        QFETCH(AxisUnit, unit);
        const auto [low, high] = drawableRange(sample, sample, true);
        QVERIFY(low < sample && sample < high);
        const auto log = logTicks(low, high, unit);
        QVERIFY2(log.size() >= 2, qPrintable(labels(log).join(QLatin1Char('|'))));
        for (const AxisTick& tick : log) {
            QVERIFY(tick.value >= low && tick.value <= high);
            QVERIFY2(!looksScientific(tick.label), qPrintable(tick.label));
        }
        const auto [lowLinear, highLinear] = drawableRange(sample, sample, false);
        QVERIFY(lowLinear < highLinear);
        QVERIFY(linearTicks(lowLinear, highLinear, unit).size() >= 2);
        const auto [zeroLow, zeroHigh] = drawableRange(0.0, 0.0, false);
        QCOMPARE(zeroLow, 0.0);
        QCOMPARE(zeroHigh, 1.0);
    }

    void linearTicksShareTheUnitOfTheLargest()
    {
        QCOMPARE(labels(linearTicks(0.0, 2.4e6, AxisUnit::Nanoseconds, 6)),
                 (QStringList{QStringLiteral("0 ms"), QStringLiteral("0.5 ms"), QStringLiteral("1 ms"),
                              QStringLiteral("1.5 ms"), QStringLiteral("2 ms")}));
        QCOMPARE(labels(linearTicks(0.0, 1e9, AxisUnit::Nanoseconds, 5)),
                 (QStringList{QStringLiteral("0 s"), QStringLiteral("0.2 s"), QStringLiteral("0.4 s"),
                              QStringLiteral("0.6 s"), QStringLiteral("0.8 s"), QStringLiteral("1 s")}));
    }

    void theLabelAxisFollowsTheRange()
    {
        QChart chart;
        auto* x = new QLogValueAxis;
        x->setBase(10.0);
        x->setTitleText(QStringLiteral("latency"));
        chart.addAxis(x, Qt::AlignBottom);
        // Coordinates in µs, labels in scaled durations.
        QCategoryAxis* labelled = labelAxisInUnits(&chart, x, Qt::AlignBottom, AxisUnit::Nanoseconds, 1000.0);
        x->setRange(0.05, 2000.0);
        QVERIFY(!x->isVisible());
        QCOMPARE(labelled->titleText(), QStringLiteral("latency"));
        QCOMPARE(labelled->categoriesLabels(),
                 (QStringList{QStringLiteral("100 ns"), QStringLiteral("1 µs"), QStringLiteral("10 µs"),
                              QStringLiteral("100 µs"), QStringLiteral("1 ms")}));
        QCOMPARE(labelled->endValue(QStringLiteral("1 µs")), 0.0); // log10 of 1 µs in µs coordinates
        QCOMPARE(labelled->min(), std::log10(0.05));
        QCOMPARE(labelled->max(), std::log10(2000.0));

        auto* y = new QValueAxis;
        chart.addAxis(y, Qt::AlignLeft);
        // Coordinates in ms.
        QCategoryAxis* yLabels = labelAxisInUnits(&chart, y, Qt::AlignLeft, AxisUnit::Nanoseconds, 1e6);
        y->setRange(0.0, 2.4);
        QCOMPARE(yLabels->categoriesLabels().front(), QStringLiteral("0 ms"));
        QCOMPARE(yLabels->categoriesLabels().back(), QStringLiteral("2 ms"));
        QCOMPARE(yLabels->endValue(QStringLiteral("2 ms")), 2.0);

        // A horizontal axis ending on a tick leaves that label out; a vertical one keeps it.
        x->setRange(0.05, 1000.0);
        QCOMPARE(labelled->categoriesLabels().back(), QStringLiteral("100 µs"));
        y->setRange(0.0, 2.0);
        QCOMPARE(yLabels->categoriesLabels().back(), QStringLiteral("2 ms"));
    }
};

QTEST_MAIN(TestAxisLabels)
#include "tst_axis_labels.moc"
