// `commcanary info`: every format of the product read with its own strict reader; a file that is
// not JSON is named for what it looks like, a truncated one by the byte offset, line and column
// where it breaks, and both exit 3 without writing anything.
#include "test_support.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using cctest::runCli;

class TestCliInfo : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString canary_;
    QString verification_;

    QString path(const QString& name) const { return dir_.filePath(name); }

    /// Runs info on bytes written to name; checks nothing besides that file appears in the folder.
    cctest::CliResult infoOn(const QString& name, const QByteArray& bytes)
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(name);
        if (!cctest::writeAll(file, bytes)) {
            return {};
        }
        auto r = runCli({QStringLiteral("info"), file});
        const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
        if (left != QStringList{name}) {
            r.err += QStringLiteral("\nunexpected files: ") + left.join(QLatin1Char(' '));
            r.exitCode = -1;
        }
        return r;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        canary_ = path(QStringLiteral("a.canary.json"));
        verification_ = path(QStringLiteral("a.verification.json"));
        const auto compiled =
            runCli({QStringLiteral("compile"), cctest::example(QStringLiteral("adversarial_decode.trace.json")),
                    QStringLiteral("-o"), canary_});
        QVERIFY2(compiled.exitCode == 0, qPrintable(compiled.err));
        const auto verified =
            runCli({QStringLiteral("verify-behavior"), cctest::example(QStringLiteral("adversarial_decode.trace.json")),
                    canary_, QStringLiteral("-o"), verification_});
        QVERIFY2(verified.exitCode == 0 || verified.exitCode == 1, qPrintable(verified.err));
    }

    void describesAVerificationWithTheCliFigures()
    {
        const auto info = runCli({QStringLiteral("info"), verification_});
        QCOMPARE(info.exitCode, 0);
        QVERIFY(info.out.contains(QStringLiteral("commcanary-workbench.verification.v1")));
        const auto summary = runCli({QStringLiteral("verify-behavior"),
                                     cctest::example(QStringLiteral("adversarial_decode.trace.json")), canary_});
        // The fidelity figure is core's, the same in both commands.
        const QRegularExpression tally(QStringLiteral("\\d+/\\d+ checks within tolerance"));
        const auto inSummary = tally.match(summary.out);
        QVERIFY2(inSummary.hasMatch(), qPrintable(summary.out));
        QVERIFY2(info.out.contains(inSummary.captured(0)), qPrintable(info.out));
    }

    void describesACanary()
    {
        const auto info = runCli({QStringLiteral("info"), canary_});
        QCOMPARE(info.exitCode, 0);
        QVERIFY(info.out.contains(QStringLiteral("commcanary-workbench.canary.v1")));
        QVERIFY(info.out.contains(QStringLiteral("timing mode")));
    }

    void namesWhatANonJsonFileLooksLike()
    {
        const QByteArray png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10", 20);
        const auto r = infoOn(QStringLiteral("picture.json"), png);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("picture.json")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("not JSON")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("a PNG image")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());

        const auto text = infoOn(QStringLiteral("notes.json"), QByteArray("hello\n"));
        QCOMPARE(text.exitCode, 3);
        QVERIFY2(text.err.contains(QStringLiteral("plain text")), qPrintable(text.err));
    }

    void namesWhereATruncatedFileBreaks()
    {
        const QByteArray whole = cctest::readAll(verification_);
        QVERIFY(whole.size() > 200);
        const auto r = infoOn(QStringLiteral("cut.verification.json"), whole.left(whole.size() / 2));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("cut.verification.json")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("byte ")) && r.err.contains(QStringLiteral("line ")) &&
                     r.err.contains(QStringLiteral("column ")),
                 qPrintable(r.err));

        // A file of no known format is parsed too, so its break is named rather than called unknown.
        const auto unknown = infoOn(QStringLiteral("cut.json"), QByteArray("{\"traceEvents\": [\n  {\"ph\": \"X\",\n"));
        QCOMPARE(unknown.exitCode, 3);
        QVERIFY2(unknown.err.contains(QStringLiteral("line 3")), qPrintable(unknown.err));
    }

    void refusesAnEditedVerificationByPath()
    {
        QByteArray bytes = cctest::readAll(verification_);
        const int at = bytes.indexOf("\"isolated\": false");
        QVERIFY(at > 0);
        bytes.replace(at, int(qstrlen("\"isolated\": false")), "\"isolated\": 0");
        const auto r = infoOn(QStringLiteral("edited.verification.json"), bytes);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("$.protocol.isolated")), qPrintable(r.err));
    }

    void callsValidJsonOfNoKnownFormatUnknown()
    {
        const auto r = infoOn(QStringLiteral("other.json"), QByteArray("{\"traceEvents\": []}\n"));
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("unknown")));
    }
};

QTEST_GUILESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
