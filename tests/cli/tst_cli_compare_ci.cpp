// compare --junit / --html through the real binary: the JUnit file parses (and passes xmllint when it
// is installed) with one testcase per configuration x checked metric and one failure, with its
// numbers, per regressed metric; the HTML page is one well-formed document with inline SVG and
// nothing that could fetch or run anything; incomparable reports write neither.
#include "test_support.h"

#include "core/configs/physical_configs.h"
#include "core/report/measured_report.h"

#include <QProcess>
#include <QStandardPaths>
#include <QUrl>
#include <QXmlStreamReader>
#include <QtTest>

using cctest::runCli;

class TestCliCompareCi : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
    QString base_, slow_;
private slots:
    void initTestCase();
    void junitHasOneTestcasePerConfigurationAndMetric();
    void passingCompareHasNoFailure();
    void htmlIsOneSelfContainedPage();
    void htmlRendersInHeadlessChromium();
    void incomparableReportsWriteNothing();
    void outputsMustDiffer();
    void measuredReportsAreRefusedForJunitAndHtml();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

struct Junit {
    int testcases = 0;
    int failures = 0;
    int declaredTests = -1;
    int declaredFailures = -1;
    QStringList failureMessages;
    QString error;
};

Junit readJunit(const QByteArray& bytes)
{
    Junit j;
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        if (xml.name() == QLatin1String("testsuites")) {
            j.declaredTests = xml.attributes().value(QLatin1String("tests")).toInt();
            j.declaredFailures = xml.attributes().value(QLatin1String("failures")).toInt();
        } else if (xml.name() == QLatin1String("testcase")) {
            ++j.testcases;
        } else if (xml.name() == QLatin1String("failure")) {
            ++j.failures;
            j.failureMessages << xml.attributes().value(QLatin1String("message")).toString();
        }
    }
    if (xml.hasError()) {
        j.error = xml.errorString();
    }
    return j;
}

} // namespace

void TestCliCompareCi::initTestCase()
{
    QVERIFY(dir_.isValid());
    const QString trace = cctest::example(s("adversarial_decode.trace.json"));
    QByteArray configs = cctest::readAll(cctest::configsDir() + s("/default.configs.json"));
    QVERIFY(configs.contains("\"launch_latency_ns\": 6000,"));
    configs.replace("\"launch_latency_ns\": 6000,", "\"launch_latency_ns\": 60000,");
    const QString slowConfigs = path(s("slow.configs.json"));
    QVERIFY(cctest::writeAll(slowConfigs, configs));
    base_ = path(s("base.report.json"));
    slow_ = path(s("slow.report.json"));
    QCOMPARE(runCli({s("replay"), trace, s("-o"), base_}).exitCode, 0);
    QCOMPARE(runCli({s("replay"), trace, s("--configs"), slowConfigs, s("-o"), slow_}).exitCode, 0);
}

void TestCliCompareCi::junitHasOneTestcasePerConfigurationAndMetric()
{
    const QString junit = path(s("regression.xml"));
    const auto r = runCli({s("compare"), base_, slow_, s("--junit"), junit});
    QCOMPARE(r.exitCode, 1);
    const Junit j = readJunit(cctest::readAll(junit));
    QVERIFY2(j.error.isEmpty(), qPrintable(j.error));
    // Five configurations x the four metrics checked by default (max is off).
    QCOMPARE(j.testcases, 20);
    QCOMPARE(j.declaredTests, 20);
    QVERIFY(j.failures > 0);
    QCOMPARE(j.declaredFailures, j.failures);
    // A tenfold launch latency regresses the "baseline" configuration on every checked metric.
    int baselineFailures = 0;
    for (const QString& message : j.failureMessages) {
        QVERIFY2(message.contains(s(" us -> ")) && message.contains(s("limit")) && message.contains(s("%")),
                 qPrintable(message));
    }
    QXmlStreamReader xml(cctest::readAll(junit));
    QString suite;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("testsuite")) {
            suite = xml.attributes().value(QLatin1String("name")).toString();
        }
        if (xml.isStartElement() && xml.name() == QLatin1String("failure") && suite == s("baseline")) {
            ++baselineFailures;
        }
    }
    QCOMPARE(baselineFailures, 4);
    const QString xmllint = QStandardPaths::findExecutable(s("xmllint"));
    if (xmllint.isEmpty()) {
        QSKIP("xmllint is not installed; the parse above is the check");
    }
    QProcess lint;
    lint.start(xmllint, {s("--noout"), junit});
    QVERIFY(lint.waitForFinished(60000));
    QCOMPARE(lint.exitCode(), 0);
}

void TestCliCompareCi::passingCompareHasNoFailure()
{
    const QString junit = path(s("pass.xml"));
    const auto r = runCli({s("compare"), base_, base_, s("--junit"), junit});
    QCOMPARE(r.exitCode, 0);
    const Junit j = readJunit(cctest::readAll(junit));
    QVERIFY2(j.error.isEmpty(), qPrintable(j.error));
    QCOMPARE(j.testcases, 20);
    QCOMPARE(j.failures, 0);
    QCOMPARE(j.declaredFailures, 0);
}

void TestCliCompareCi::htmlIsOneSelfContainedPage()
{
    const QString html = path(s("compare.html"));
    const QString junit = path(s("with-html.xml"));
    const auto r = runCli({s("compare"), base_, slow_, s("--html"), html, s("--junit"), junit});
    QCOMPARE(r.exitCode, 1);
    const QByteArray page = cctest::readAll(html);
    QVERIFY(page.startsWith("<!DOCTYPE html>"));
    QVERIFY(page.contains("<title>commcanary compare: REGRESSION</title>"));
    QVERIFY(page.contains("median=5%,p95=10%,p99=10%,max=off,mean=5%"));
    QCOMPARE(page.count("<svg "), 5);
    QVERIFY(page.contains("Content-Security-Policy"));
    for (const char* forbidden : {"<script", "src=", "href=", "url(", "@import", "://"}) {
        QVERIFY2(!page.contains(forbidden), forbidden);
    }
    // Written as well-formed markup, so an XML reader takes it whole.
    QXmlStreamReader xml(page);
    int rows = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        rows += xml.isStartElement() && xml.name() == QLatin1String("tr") ? 1 : 0;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(rows >= 6);
    // Deterministic: the same comparison gives the same bytes.
    const QString again = path(s("compare-again.html"));
    QCOMPARE(runCli({s("compare"), base_, slow_, s("--html"), again}).exitCode, 1);
    QCOMPARE(cctest::readAll(again), page);
}

void TestCliCompareCi::htmlRendersInHeadlessChromium()
{
    QString chromium;
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        chromium = QStandardPaths::findExecutable(QString::fromUtf8(name));
        if (!chromium.isEmpty()) {
            break;
        }
    }
    if (chromium.isEmpty()) {
        QSKIP("no Chromium installed: the headless screenshot is not taken");
    }
    const QString html = path(s("shot.html"));
    QCOMPARE(runCli({s("compare"), base_, slow_, s("--html"), html}).exitCode, 1);
    // Beside the test executables, like gui_tst_screenshots' images, so docs can be refreshed from it.
    const QString shots = QCoreApplication::applicationDirPath() + s("/screenshots");
    QVERIFY(QDir().mkpath(shots));
    const QString png = shots + s("/compare-html.png");
    QFile::remove(png);
    QProcess browser;
    browser.start(chromium,
                  {s("--headless"), s("--no-sandbox"), s("--disable-gpu"), s("--hide-scrollbars"),
                   s("--window-size=900,1500"), s("--screenshot=") + png, QUrl::fromLocalFile(html).toString()});
    QVERIFY(browser.waitForFinished(120000));
    QCOMPARE(browser.exitCode(), 0);
    const QByteArray image = cctest::readAll(png);
    // A PNG of the requested size (IHDR width and height, big-endian, at bytes 16 and 20).
    QVERIFY(image.startsWith("\x89PNG\r\n\x1a\n"));
    QVERIFY(image.size() > 24);
    auto be32 = [&](int at) {
        return (quint32(quint8(image[at])) << 24) | (quint32(quint8(image[at + 1])) << 16) |
               (quint32(quint8(image[at + 2])) << 8) | quint32(quint8(image[at + 3]));
    };
    QCOMPARE(be32(16), quint32(900));
    QCOMPARE(be32(20), quint32(1500));
    // A page that drew anything is far larger than a blank one of this size compresses to.
    QVERIFY2(image.size() > 20000, qPrintable(QString::number(image.size())));
}

void TestCliCompareCi::incomparableReportsWriteNothing()
{
    const QString other = path(s("other.report.json"));
    QCOMPARE(runCli({s("replay"), cctest::example(s("decode.trace.json")), s("-o"), other}).exitCode, 0);
    const QString junit = path(s("refused.xml"));
    const QString html = path(s("refused.html"));
    const auto r = runCli({s("compare"), base_, other, s("--junit"), junit, s("--html"), html});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("other.report.json")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(junit));
    QVERIFY(!QFileInfo::exists(html));
}

void TestCliCompareCi::outputsMustDiffer()
{
    const QString same = path(s("same.out"));
    const auto r = runCli({s("compare"), base_, slow_, s("--junit"), same, s("--html"), same});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(!QFileInfo::exists(same));
}

void TestCliCompareCi::measuredReportsAreRefusedForJunitAndHtml()
{
    // A measured report of one configuration, two ranks, one repeat of one event, as replay-physical
    // writes it.
    cc::MeasuredRun run;
    run.inputSha256 = std::string(64, 'e');
    run.inputEvents = 1;
    run.skewKnown = 1;
    run.worldSize = 2;
    run.repeats = 1;
    run.machine = {{"cpu", "test"}, {"cores", "2"}};
    run.set = cc::readPhysicalConfigSet(cctest::toStd(cctest::configsDir()) + "/physical-loopback.configs.json");
    run.set.configurations.resize(1);
    run.opNames = {"all_reduce"};
    cc::MeasuredConfiguration c;
    c.config = run.set.configurations.front();
    c.clock = {{0, 0, 0}, {1, -1200, 23000}};
    c.samples.push_back({0, 0, 0, 150'000, 400'000, 380'000, 0});
    run.configurations.push_back(std::move(c));
    const QString measured = path(s("measured.report.json"));
    const std::string text = cc::buildMeasuredReport(run);
    QVERIFY(cctest::writeAll(measured, QByteArray::fromStdString(text)));
    QCOMPARE(runCli({s("compare"), measured, measured}).exitCode, 0);
    const QString junit = path(s("measured.xml"));
    const QString html = path(s("measured.html"));
    const auto r = runCli({s("compare"), measured, measured, s("--junit"), junit, s("--html"), html});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("--junit and --html describe simulated reports")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(junit));
    QVERIFY(!QFileInfo::exists(html));
}

QTEST_GUILESS_MAIN(TestCliCompareCi)
#include "tst_cli_compare_ci.moc"
