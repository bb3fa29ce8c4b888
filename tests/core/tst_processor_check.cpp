// The refusal to start on a processor without the extensions an x86-64-v3 build is compiled for:
// which extensions are named, what the message tells the user to do, and that this machine's own
// answer is the same decision.
#include "core/util/processor_check.h"

#include <QtTest>

using namespace cc;

namespace {

ProcessorFeatures everyFeature()
{
    ProcessorFeatures f;
    f.avx2 = f.bmi1 = f.bmi2 = f.lzcnt = f.popcnt = f.pclmul = true;
    return f;
}

} // namespace

class TestProcessorCheck : public QObject {
    Q_OBJECT
private slots:
    void acceptsAProcessorWithEveryExtension()
    {
        QCOMPARE(QString::fromStdString(missingFeaturesReason(everyFeature())), QString());
    }

    void namesEachMissingExtension_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("name");
        QTest::newRow("avx2") << 0 << QStringLiteral("AVX2");
        QTest::newRow("bmi1") << 1 << QStringLiteral("BMI1");
        QTest::newRow("bmi2") << 2 << QStringLiteral("BMI2");
        QTest::newRow("lzcnt") << 3 << QStringLiteral("LZCNT");
        QTest::newRow("popcnt") << 4 << QStringLiteral("POPCNT");
        QTest::newRow("pclmul") << 5 << QStringLiteral("PCLMUL");
    }
    void namesEachMissingExtension()
    {
        QFETCH(int, field);
        QFETCH(QString, name);
        ProcessorFeatures f = everyFeature();
        bool* fields[] = {&f.avx2, &f.bmi1, &f.bmi2, &f.lzcnt, &f.popcnt, &f.pclmul};
        *fields[field] = false;
        const QString reason = QString::fromStdString(missingFeaturesReason(f));
        QCOMPARE(reason, QStringLiteral("this build needs an x86-64-v3 processor and this one lacks ") + name +
                             QStringLiteral("; rebuild with -DCOMMCANARY_X86_64_V3=OFF for a portable build"));
    }

    void listsEveryMissingExtensionInOneLine()
    {
        ProcessorFeatures f = everyFeature();
        f.avx2 = false;
        f.lzcnt = false;
        const QString reason = QString::fromStdString(missingFeaturesReason(f));
        QVERIFY2(reason.contains(QStringLiteral("lacks AVX2, LZCNT;")), qPrintable(reason));
        QVERIFY(!reason.contains(QLatin1Char('\n')));
        const QString none = QString::fromStdString(missingFeaturesReason(ProcessorFeatures{}));
        QVERIFY2(none.contains(QStringLiteral("lacks AVX2, BMI1, BMI2, LZCNT, POPCNT, PCLMUL;")), qPrintable(none));
    }

    void thisProcessorGetsTheSameDecision()
    {
        const std::string reason = unsupportedProcessorReason();
#if defined(COMMCANARY_REQUIRES_AVX2)
        QCOMPARE(reason, missingFeaturesReason(processorFeatures()));
#else
        QCOMPARE(QString::fromStdString(reason), QString()); // a portable build runs anywhere
#endif
        // Whatever this machine is, the programs started in the other suites ran on it, so it
        // must be accepted here too.
        QCOMPARE(QString::fromStdString(reason), QString());
    }
};

QTEST_APPLESS_MAIN(TestProcessorCheck)
#include "tst_processor_check.moc"
