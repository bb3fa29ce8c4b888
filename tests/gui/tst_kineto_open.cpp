// A PyTorch profiler file (Kineto, Chrome-trace JSON; plain or gzip) opened in the workbench is
// recognised by core's detection (no "format" tag) and imported through core's Kineto import on a
// worker: the trace it shows is the one `commcanary import-kineto` writes (same normalised
// SHA-256), and the import's notes and ledger are shown with it. Uses a small generated profile
// and, when present, the shared real profiles.
#include "main_window_support.h"

#include "ui/artifacts/artifact_loader.h"
#include "ui/artifacts/artifact_model.h"
#include "ui/artifacts/artifact_save.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/shell/save_controller.h"

#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace cc::ui;

namespace {

/// A torch >= 2.2 profile of rank 0 of 2: three all_reduces of 1 KiB and a broadcast of 64 B.
QByteArray generatedProfile()
{
    QByteArray text = R"({"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2},
"traceEvents": [
)";
    const char* collectives[] = {"allreduce", "allreduce", "allreduce", "broadcast"};
    for (int k = 0; k < 4; ++k) {
        const int elements = k < 3 ? 256 : 16;
        if (k > 0) {
            text += ",\n";
        }
        text += R"({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 7, "tid": 7, "ts": )" +
                QByteArray::number(1000 + 500 * k) + R"(, "dur": 10, "args": {"External id": )" +
                QByteArray::number(k + 1) + R"(, "Collective name": ")" + collectives[k] + R"(", "In msg nelems": )" +
                QByteArray::number(elements) + R"(, "Out msg nelems": )" + QByteArray::number(elements) +
                R"(, "dtype": "Float", "Group size": 2, "Process Group Name": "0", "Process Group Ranks": "[0, 1]"}})";
    }
    return text + "\n]}\n";
}

/// Opens one file and waits for it; returns the signal's ok flag.
bool openOne(MainWindow& window, const QString& path)
{
    QSignalSpy opened(&window, &MainWindow::fileOpened);
    window.openFile(path);
    return QTest::qWaitFor([&]() { return !opened.isEmpty() && !window.runner()->isBusy(); }, 120000) &&
           opened.first().at(1).toBool();
}

using cctest::anyContains;

/// The normalised SHA-256 of the trace the CLI imports from profile (opened in its own window).
QString cliIdentity(const QString& profile, const QString& out)
{
    const auto result = cctest::runCli({QStringLiteral("import-kineto"), profile, QStringLiteral("-o"), out});
    if (result.exitCode != 0) {
        return QStringLiteral("import-kineto failed");
    }
    MainWindow window;
    return openOne(window, out) ? window.store()->activeTraceArtifact()->identity : QStringLiteral("open failed");
}

} // namespace

class TestKinetoOpen : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    /// Opens profile, checks it became a trace with the CLI's identity, its notes and its ledger.
    void checkImported(const QString& profile)
    {
        MainWindow window;
        window.show();
        QVERIFY(isKinetoProfile(profile));
        QVERIFY2(openOne(window, profile),
                 qPrintable(window.lastErrorDialog() ? window.lastErrorDialog()->summary() : QString()));
        const Artifact* trace = window.store()->activeTraceArtifact();
        QVERIFY(trace != nullptr);
        QCOMPARE(trace->kind, ArtifactKind::Trace);
        QCOMPARE(trace->path, QFileInfo(profile).absoluteFilePath());
        QVERIFY(trace->trace && trace->trace->size() > 0);
        QVERIFY(!trace->unsaved);

        // The same trace the CLI imports.
        const QString out = dir_.filePath(QFileInfo(profile).fileName() + QStringLiteral(".trace.json"));
        QCOMPARE(trace->identity, cliIdentity(profile, out));

        // Notes and ledger: in the browser under the trace, and in the notice shown on opening.
        const QStringList facts = cctest::childTexts(window.artifactModel(), trace->id);
        QVERIFY2(anyContains(facts, QStringLiteral("PyTorch profiler")), qPrintable(facts.join(QLatin1Char('\n'))));
        QVERIFY2(anyContains(facts, QStringLiteral("collective calls")), qPrintable(facts.join(QLatin1Char('\n'))));
        QVERIFY2(anyContains(facts, QStringLiteral("kept ")), qPrintable(facts.join(QLatin1Char('\n'))));
        QVERIFY2(anyContains(facts, QStringLiteral("observational")), qPrintable(facts.join(QLatin1Char('\n'))));
        QMessageBox* notes = window.importNotesBox();
        QVERIFY(notes != nullptr);
        QVERIFY(notes->isVisible());
        QVERIFY(notes->text().contains(trace->name));
        QVERIFY(notes->detailedText().contains(QStringLiteral("imported")));
        QVERIFY(notes->detailedText().contains(QStringLiteral("kept ")));
        QCOMPARE(trace->importNotes.join(QLatin1Char('\n')), notes->detailedText());
        QVERIFY(window.lastErrorDialog() == nullptr);

        // Save As writes the trace format, byte for byte what import-kineto -o wrote.
        const ArtifactId id = trace->id;
        QVERIFY(canSaveArtifact(*trace));
        QVERIFY(suggestedFileName(*trace).endsWith(QStringLiteral(".trace.json")));
        const QString saved = dir_.filePath(QFileInfo(profile).fileName() + QStringLiteral(".saved.trace.json"));
        window.saving()->setPathChooser([&](const Artifact&) { return saved; });
        QSignalSpy savedSpy(window.saving(), &SaveController::saved);
        QVERIFY(window.saving()->saveAs(id));
        QVERIFY(savedSpy.wait(60000));
        QCOMPARE(cctest::readAll(saved), cctest::readAll(out));
        QCOMPARE(window.store()->find(id)->path, saved);
    }

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_kineto_open"));
        QVERIFY(dir_.isValid());
    }

    void generatedPlainProfile()
    {
        const QString path = dir_.filePath(QStringLiteral("rank0.json"));
        QVERIFY(cctest::writeAll(path, generatedProfile()));
        checkImported(path);
        MainWindow window;
        QVERIFY(openOne(window, path));
        const Artifact* trace = window.store()->activeTraceArtifact();
        QCOMPARE(trace->trace->size(), std::size_t(4));
        QVERIFY(anyContains(trace->importNotes, QStringLiteral("all_reduce 3")));
        QVERIFY(anyContains(trace->importNotes, QStringLiteral("broadcast 1")));
    }

    void generatedGzipProfile()
    {
        const QString plain = dir_.filePath(QStringLiteral("gz-rank0.json"));
        QVERIFY(cctest::writeAll(plain, generatedProfile()));
        QProcess gzip;
        gzip.start(QStringLiteral("gzip"), {QStringLiteral("-k"), QStringLiteral("-n"), plain});
        if (!gzip.waitForFinished(30000) || gzip.exitCode() != 0) {
            QSKIP("gzip is not available to make a compressed profile");
        }
        checkImported(plain + QStringLiteral(".gz"));
    }

    void sharedRealProfiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("torch metadata, nccl") << QStringLiteral("hta-nccl_data.json.gz");
        QTest::newRow("legacy annotations, gloo") << QStringLiteral("hta-cpu_only-gloo-rank34.json.gz");
        QTest::newRow("one collective, B200") << QStringLiteral("tracelens-b200-eager_trace.json.gz");
    }

    void sharedRealProfiles()
    {
        QFETCH(QString, name);
        const QString path = cctest::sharedDir() + QStringLiteral("/data/kineto/") + name;
        if (!QFileInfo::exists(path)) {
            QSKIP("the shared Kineto profiles are absent");
        }
        checkImported(path);
    }

    void aProfileTheImportRefusesNamesTheEvent()
    {
        // An all_gather whose output is not input x group size cannot be imported without guessing.
        QByteArray text = generatedProfile();
        text.replace(R"("Collective name": "broadcast", "In msg nelems": 16, "Out msg nelems": 16)",
                     R"("Collective name": "allgather", "In msg nelems": 16, "Out msg nelems": 17)");
        const QString path = dir_.filePath(QStringLiteral("bad-rank0.json"));
        QVERIFY(cctest::writeAll(path, text));
        const QStringList before = cctest::filesIn(dir_.path());
        MainWindow window;
        window.show();
        QVERIFY(!openOne(window, path));
        QVERIFY(window.store()->artifacts().empty());
        QVERIFY(window.lastErrorDialog() != nullptr);
        const QString summary = window.lastErrorDialog()->summary();
        QVERIFY2(summary.contains(QStringLiteral("bad-rank0.json")), qPrintable(summary));
        bool namesEvent = false;
        DiagnosticsModel* diagnostics = window.lastErrorDialog()->diagnostics();
        for (int row = 0; row < diagnostics->rowCount(); ++row) {
            for (int column = 0; column < diagnostics->columnCount(); ++column) {
                namesEvent =
                    namesEvent ||
                    diagnostics->index(row, column).data().toString().contains(QStringLiteral("traceEvents[3]"));
            }
        }
        QVERIFY2(namesEvent || summary.contains(QStringLiteral("traceEvents[3]")), qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("field format")));
        QCOMPARE(cctest::filesIn(dir_.path()), before);
        window.lastErrorDialog()->close();
    }

    void aDroppedProfileIsImported()
    {
        const QString path = dir_.filePath(QStringLiteral("dropped-rank0.json"));
        QVERIFY(cctest::writeAll(path, generatedProfile()));
        MainWindow window;
        window.show();
        const QList<QVariant> opened = cctest::dropFile(window, path);
        QVERIFY(!opened.isEmpty());
        QCOMPARE(opened.at(1).toBool(), true);
        const Artifact* trace = window.store()->activeTraceArtifact();
        QVERIFY(trace != nullptr);
        QCOMPARE(trace->trace->size(), std::size_t(4));
        QVERIFY(!trace->importNotes.isEmpty());
        QVERIFY(window.importNotesBox() != nullptr);
    }

    void aTaggedFileIsNotTakenForAProfile() { QVERIFY(!isKinetoProfile(cctest::adversarialExample())); }
};

QTEST_MAIN(TestKinetoOpen)
#include "tst_kineto_open.moc"
