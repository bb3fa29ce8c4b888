// The per-field caps of a timing budget, parsed once for both drivers (cmd_compile's --max-*-error
// options and the workbench's budget form): exact decimal conversion, empty means no cap, and a bad
// value is refused naming the option and the rule.
#include "core/canary/budget_options.h"
#include "core/util/errors.h"

#include <QtTest>

#include <map>

namespace {

cc::TimingBudget capsOf(const std::map<std::string, std::string>& values)
{
    return cc::budgetCapsFromText([&](const std::string& name) {
        const auto found = values.find(name);
        return found == values.end() ? std::string() : found->second;
    });
}

} // namespace

class TestBudgetOptions : public QObject {
    Q_OBJECT

private slots:
    void everyCapHasOneOption()
    {
        QCOMPARE(cc::budgetCapOptions().size(), std::size_t{6});
        for (const auto& option : cc::budgetCapOptions()) {
            QVERIFY(option.name.rfind("max-", 0) == 0);
            QVERIFY(!option.help.empty());
        }
    }

    void valuesConvertExactly()
    {
        const cc::TimingBudget b = capsOf({{"max-gap-error-us", "1.5"},
                                           {"max-skew-error-us", "0.001"},
                                           {"max-overlap-error-us", "20"},
                                           {"max-compute-before-error-us", "0"},
                                           {"max-exposed-error-us", "3.25"},
                                           {"max-pressure-error", "0.05"}});
        QCOMPARE(b.gap, std::optional<cc::Ns>(1500));
        QCOMPARE(b.skew, std::optional<cc::Ns>(1));
        QCOMPARE(b.overlap, std::optional<cc::Ns>(20000));
        QCOMPARE(b.computeBefore, std::optional<cc::Ns>(0));
        QCOMPARE(b.exposed, std::optional<cc::Ns>(3250));
        QCOMPARE(b.pressure, std::optional<std::int64_t>(50'000'000));
        QVERIFY(!b.sampleLimit.has_value());
    }

    void emptyMeansNoCap()
    {
        const cc::TimingBudget b = capsOf({{"max-gap-error-us", ""}});
        QVERIFY(!b.gap && !b.skew && !b.overlap && !b.computeBefore && !b.exposed && !b.pressure);
    }

    void badValuesNameTheOptionAndTheRule_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("rule");
        QTest::newRow("negative") << "max-gap-error-us"
                                  << "-1"
                                  << "non-negative number of microseconds";
        QTest::newRow("four decimals") << "max-skew-error-us"
                                       << "0.0001"
                                       << "at most 3 decimals";
        QTest::newRow("words") << "max-exposed-error-us"
                               << "ten"
                               << "microseconds";
        QTest::newRow("pressure ten decimals") << "max-pressure-error"
                                               << "0.0000000001"
                                               << "at most 9 decimals";
    }

    void badValuesNameTheOptionAndTheRule()
    {
        QFETCH(QString, option);
        QFETCH(QString, value);
        QFETCH(QString, rule);
        try {
            capsOf({{option.toStdString(), value.toStdString()}});
            QFAIL("accepted");
        } catch (const cc::InputError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QStringLiteral("--") + option), qPrintable(what));
            QVERIFY2(what.contains(rule), qPrintable(what));
            QVERIFY2(what.contains(value), qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestBudgetOptions)
#include "tst_budget_options.moc"
