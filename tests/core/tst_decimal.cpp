// Exact decimal conversion: microsecond text to integer nanoseconds and back, never via double.
#include "core/util/decimal.h"

#include <QtTest>

using namespace cc;

class TestDecimal : public QObject {
    Q_OBJECT
private slots:
    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("scale");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("integer") << QStringLiteral("75") << 3 << qint64(75000);
        QTest::newRow("fraction") << QStringLiteral("75.629") << 3 << qint64(75629);
        QTest::newRow("trailing zeros beyond ns") << QStringLiteral("1.500000") << 3 << qint64(1500);
        QTest::newRow("exponent") << QStringLiteral("1e-3") << 3 << qint64(1);
        QTest::newRow("exponent upper") << QStringLiteral("2.5E2") << 3 << qint64(250000);
        QTest::newRow("zero") << QStringLiteral("0.0") << 3 << qint64(0);
        QTest::newRow("negative zero") << QStringLiteral("-0.0") << 3 << qint64(0);
        QTest::newRow("large epoch us") << QStringLiteral("4401234567890.123") << 3 << qint64(4401234567890123);
        QTest::newRow("factor") << QStringLiteral("0.48") << 9 << qint64(480000000);
        // 0.1 + 0.2 style values that a double would not keep exactly
        QTest::newRow("no float drift") << QStringLiteral("0.3") << 3 << qint64(300);
    }
    void parses()
    {
        QFETCH(QString, text);
        QFETCH(int, scale);
        QFETCH(qint64, expected);
        auto v = parseScaledDecimal(text.toStdString(), scale);
        QCOMPARE(int(v.error), int(DecimalError::None));
        QCOMPARE(qint64(v.value), expected);
    }

    void refuses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("error");
        QTest::newRow("finer than 1 ns") << QStringLiteral("0.0001") << int(DecimalError::TooFine);
        QTest::newRow("finer via exponent") << QStringLiteral("1e-4") << int(DecimalError::TooFine);
        QTest::newRow("negative") << QStringLiteral("-1.5") << int(DecimalError::Negative);
        QTest::newRow("nan") << QStringLiteral("NaN") << int(DecimalError::NotANumber);
        QTest::newRow("infinity") << QStringLiteral("Infinity") << int(DecimalError::NotANumber);
        QTest::newRow("empty fraction") << QStringLiteral("1.") << int(DecimalError::NotANumber);
        QTest::newRow("overflow") << QStringLiteral("99999999999999999999") << int(DecimalError::OutOfRange);
        QTest::newRow("garbage") << QStringLiteral("12abc") << int(DecimalError::NotANumber);
    }
    void refuses()
    {
        QFETCH(QString, text);
        QFETCH(int, error);
        QCOMPARE(int(parseScaledDecimal(text.toStdString(), 3).error), error);
    }

    void formatsShortestExact()
    {
        QCOMPARE(QString::fromStdString(formatScaledDecimal(1500, 3)), QStringLiteral("1.5"));
        QCOMPARE(QString::fromStdString(formatScaledDecimal(1000, 3)), QStringLiteral("1"));
        QCOMPARE(QString::fromStdString(formatScaledDecimal(1, 3)), QStringLiteral("0.001"));
        QCOMPARE(QString::fromStdString(formatScaledDecimal(0, 3)), QStringLiteral("0"));
        QCOMPARE(QString::fromStdString(formatScaledDecimal(-2050, 3)), QStringLiteral("-2.05"));
        QCOMPARE(QString::fromStdString(formatScaledDecimal(480000000, 9)), QStringLiteral("0.48"));
    }

    void roundTripsEveryNanosecondValue()
    {
        for (std::int64_t v : {std::int64_t{0}, std::int64_t{1}, std::int64_t{999}, std::int64_t{1001},
                               std::int64_t{123456789012345}, std::int64_t{1000000000000000}}) {
            auto text = formatScaledDecimal(v, 3);
            auto back = parseScaledDecimal(text, 3);
            QCOMPARE(int(back.error), int(DecimalError::None));
            QCOMPARE(qint64(back.value), qint64(v));
        }
    }
};

QTEST_APPLESS_MAIN(TestDecimal)
#include "tst_decimal.moc"
