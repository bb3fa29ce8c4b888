// Exact decimal conversion: microsecond text to integer nanoseconds and back, never via double.
#include "core/util/decimal.h"

#include <QtTest>

#include <limits>
#include <string>
#include <vector>

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

    void formatsLikeTheDigitByDigitSpelling()
    {
        // The spelling by definition, a digit at a time: sign, integer part (at least one digit),
        // then '.' and the fraction without trailing zeros when it is not zero.
        auto spelled = [](std::int64_t value, int scale) {
            std::string digits = std::to_string(value);
            const bool negative = value < 0;
            if (negative) {
                digits.erase(0, 1);
            }
            if (digits.size() <= static_cast<std::size_t>(scale)) {
                digits.insert(0, static_cast<std::size_t>(scale) + 1 - digits.size(), '0');
            }
            std::string whole = digits.substr(0, digits.size() - static_cast<std::size_t>(scale));
            std::string fraction = digits.substr(whole.size());
            while (!fraction.empty() && fraction.back() == '0') {
                fraction.pop_back();
            }
            return (negative ? "-" : "") + whole + (fraction.empty() ? "" : "." + fraction);
        };
        std::vector<std::int64_t> values{std::numeric_limits<std::int64_t>::min(),
                                         std::numeric_limits<std::int64_t>::max(), 0};
        for (std::int64_t power = 1; power <= std::numeric_limits<std::int64_t>::max() / 10; power *= 10) {
            for (const std::int64_t value : {power - 1, power, power + 1, 7 * power + 3, 10 * power - 1}) {
                values.push_back(value);
                values.push_back(-value);
            }
        }
        std::uint64_t state = 12345;
        for (int k = 0; k < 2000; ++k) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            values.push_back(static_cast<std::int64_t>(state >> (state % 60)));
        }
        for (const int scale : {0, 1, 2, 3, 4, 6, 9, 18, 19, 20, 24}) {
            for (const std::int64_t value : values) {
                QCOMPARE(formatScaledDecimal(value, scale), spelled(value, scale));
                QCOMPARE(scaledDecimalBytes(value, scale), spelled(value, scale).size());
            }
        }
        QCOMPARE(formatScaledDecimal(1234, 30), formatScaledDecimal(1234, kMaxScaledDecimalScale));
        QCOMPARE(formatScaledDecimal(1234, -2), std::string("1234"));
        QCOMPARE(scaledDecimalBytes(1234, 30), formatScaledDecimal(1234, 30).size());
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

    void fastPathAgreesWithTheGeneralConversion()
    {
        // Every shape the fast path takes, and its neighbours it must hand on: value and error
        // (kind and order: zero before sign before precision before range) must be the same.
        std::vector<std::string> texts = {"0",
                                          "-0",
                                          "0.000",
                                          "-0.0",
                                          "00012",
                                          "1.",
                                          ".5",
                                          "-",
                                          "",
                                          "1e3",
                                          "1.5e-3",
                                          "123456789012345678",
                                          "1234567890123456789",
                                          "9223372036854775807",
                                          "9223372036854775808",
                                          "-9223372036854775808",
                                          "0.0000000001",
                                          "12a",
                                          "1.2.3",
                                          "--1",
                                          "+1",
                                          "1.0001",
                                          "999999999999999999",
                                          "0.999999999999999999"};
        std::uint64_t state = 88172645463325252ULL; // xorshift: a fixed, reproducible sample
        auto next = [&] {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            return state;
        };
        for (int k = 0; k < 20000; ++k) {
            std::string text = (next() % 4 == 0) ? "-" : "";
            const std::size_t intDigits = 1 + next() % 19;
            for (std::size_t d = 0; d < intDigits; ++d) {
                text += static_cast<char>('0' + (next() % 3 == 0 ? 0 : next() % 10));
            }
            if (next() % 2 == 0) {
                text += '.';
                const std::size_t fractionDigits = 1 + next() % 12;
                for (std::size_t d = 0; d < fractionDigits; ++d) {
                    text += static_cast<char>('0' + (next() % 2 == 0 ? 0 : next() % 10));
                }
            }
            texts.push_back(text);
        }
        // Digits are read eight at a time: every byte that is not a digit, at every place of a
        // sixteen-digit integer part and of a fraction, must end the digits there.
        for (int byte = 1; byte < 256; ++byte) {
            if (byte >= '0' && byte <= '9') {
                continue;
            }
            for (std::size_t at = 0; at < 16; ++at) {
                std::string whole = "1234567890123456";
                whole[at] = static_cast<char>(byte);
                texts.push_back(whole);
                std::string fraction = "1.234567890123456";
                fraction[at + 1] = static_cast<char>(byte);
                texts.push_back(fraction);
            }
        }
        for (const auto& text : texts) {
            for (int scale : {0, 3, 9}) {
                for (bool allowNegative : {false, true}) {
                    const auto fast = parseScaledDecimal(text, scale, allowNegative);
                    const auto general = detail::parseScaledDecimalGeneral(text, scale, allowNegative);
                    QVERIFY2(fast.error == general.error && fast.value == general.value,
                             qPrintable(QString::fromStdString(text) + QStringLiteral(" scale %1").arg(scale)));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestDecimal)
#include "tst_decimal.moc"
