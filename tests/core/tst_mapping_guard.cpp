// A mapped input that another program truncates while it is read (core/util/mapping_guard.h): the
// next touch past the new end raises SIGBUS, and the process ends with exit 3 and one line naming
// the file, not with a crash. Each case runs in a forked child, whose stderr and exit the test reads.
#include "core/interop/byte_source.h"
#include "core/util/atomic_file.h"
#include "core/util/mapping_guard.h"

#include <QtTest>

#include <csignal>
#include <functional>

#include <sys/wait.h>
#include <unistd.h>

namespace {

struct ChildEnd {
    bool exited = false;
    int code = -1;
    int signal = 0;
    QByteArray err;
};

/// Runs body in a forked child (stderr captured) and reports how the child ended.
ChildEnd inChild(const std::function<void()>& body)
{
    int pipeFds[2];
    if (::pipe(pipeFds) != 0) {
        return {};
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipeFds[0]);
        ::dup2(pipeFds[1], STDERR_FILENO);
        body();
        ::_exit(0);
    }
    ::close(pipeFds[1]);
    ChildEnd end;
    char buffer[4096];
    ssize_t n = 0;
    while ((n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0) {
        end.err.append(buffer, static_cast<int>(n));
    }
    ::close(pipeFds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    end.exited = WIFEXITED(status);
    end.code = end.exited ? WEXITSTATUS(status) : -1;
    end.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return end;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, qsizetype bytes)
{
    const QString path = dir.path() + QLatin1Char('/') + name;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return {};
    }
    f.write(QByteArray(bytes, ' '));
    return path;
}

} // namespace

class TestMappingGuard : public QObject {
    Q_OBJECT

private slots:
    void aTruncatedMappedInputEndsWithExit3AndTheFileName()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("shrinking.trace.json"), 1 << 20);
        const ChildEnd end = inChild([&] {
            cc::NullProgress quiet;
            cc::MappedInput input(path.toStdString(), 1 << 30, quiet);
            if (::truncate(path.toLocal8Bit().constData(), 0) != 0) {
                ::_exit(90);
            }
            volatile char c = input.bytes()[input.bytes().size() / 2];
            (void)c;
            ::_exit(91); // the touch above must not return
        });
        QVERIFY2(end.exited, qPrintable(QStringLiteral("killed by signal %1").arg(end.signal)));
        QCOMPARE(end.code, cc::kTruncatedInputExitCode);
        QVERIFY2(end.err.contains(QByteArray(path.toUtf8() + ": the file changed size while it was being read")), end.err);
        QVERIFY(end.err.contains("nothing was written"));
    }

    void aTruncatedStreamingSourceEndsTheSameWay()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("profile.json"), 1 << 20);
        const ChildEnd end = inChild([&] {
            cc::interop::ByteSource source(path.toStdString());
            if (source.mapping().empty() || ::truncate(path.toLocal8Bit().constData(), 0) != 0) {
                ::_exit(90);
            }
            volatile char c = source.mapping()[source.mapping().size() - 1];
            (void)c;
            ::_exit(91);
        });
        QVERIFY2(end.exited, qPrintable(QStringLiteral("killed by signal %1").arg(end.signal)));
        QCOMPARE(end.code, cc::kTruncatedInputExitCode);
        QVERIFY2(end.err.contains(path.toUtf8()), end.err);
    }

    void aBusErrorElsewhereKeepsItsDefaultAction()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("intact.json"), 1 << 16);
        const ChildEnd end = inChild([&] {
            cc::NullProgress quiet;
            cc::MappedInput input(path.toStdString(), 1 << 30, quiet); // installs the handler
            ::raise(SIGBUS);
            ::_exit(91);
        });
        QVERIFY(!end.exited);
        QCOMPARE(end.signal, SIGBUS);
        QVERIFY2(!end.err.contains("changed size"), end.err);
    }

    void anInputReadWholeIsUnaffected()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("whole.json"), 300'000);
        cc::NullProgress quiet;
        cc::MappedInput input(path.toStdString(), 1 << 30, quiet);
        QCOMPARE(input.bytes().size(), std::size_t{300'000});
        QCOMPARE(input.bytes().back(), ' ');
    }
};

QTEST_APPLESS_MAIN(TestMappingGuard)
#include "tst_mapping_guard.moc"
