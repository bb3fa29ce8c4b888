// Atomic writes: temporaries named "NAME.partial-<pid>", stale ones of dead processes removed by
// the next write of the same target (and only those), cancellation before the rename, a full
// folder replaced in one step, and reads that stop when cancelled.
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <zlib.h>

using namespace cc;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const fs::path& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

std::vector<std::string> names(const fs::path& dir)
{
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(dir)) {
        out.push_back(entry.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// A pid no live process has: a child that has ended and been reaped.
pid_t deadPid()
{
    const pid_t child = ::fork();
    if (child == 0) {
        ::_exit(0);
    }
    ::waitpid(child, nullptr, 0);
    return child;
}

/// A Progress that cancels after `checks` calls of cancelled().
class CancelAfter final : public Progress {
public:
    explicit CancelAfter(int checks) : left_(checks) {}
    bool cancelled() const override { return left_-- <= 0; }

private:
    mutable int left_;
};

/// Runs body in a child process (for the process-wide stop); returns the child's exit code.
template <typename Body> int inChild(Body body)
{
    const pid_t child = ::fork();
    if (child == 0) {
        int code = 99;
        try {
            code = body();
        } catch (...) {
            code = 98;
        }
        ::_exit(code);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

class TstAtomicFile : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path fresh(const std::string& name) const
    {
        const fs::path dir = fs::path(tmp_.path().toStdString()) / name;
        fs::remove_all(dir);
        fs::create_directories(dir);
        return dir;
    }

private slots:
    void temporariesAreNamedForTheirTargetAndProcess()
    {
        const fs::path dir = fresh("names");
        QCOMPARE(partialPathFor(dir / "out.json"), dir / ("out.json.partial-" + std::to_string(::getpid())));
        QCOMPARE(partialPathFor(dir / "param/"), dir / ("param.partial-" + std::to_string(::getpid())));
        std::string base;
        long long pid = 0;
        QVERIFY(isPartialName("out.json.partial-123", &base, &pid));
        QCOMPARE(base, std::string("out.json"));
        QCOMPARE(pid, 123LL);
        for (const char* no : {"out.json", "out.json.partial-", "out.json.partial-12x", ".partial-12",
                               "out.json.partial--1", "out.json.partial-0", "out.json.partial-99999999999"}) {
            QVERIFY2(!isPartialName(no), no);
        }
    }

    void writeReplacesTheTargetAndLeavesNoTemporary()
    {
        const fs::path dir = fresh("write");
        writeFileAtomic(dir / "a.json", "first");
        writeFileAtomic(dir / "a.json", "second, longer");
        writeFileAtomic(dir / "empty.json", "");
        QCOMPARE(slurp(dir / "a.json"), std::string("second, longer"));
        QCOMPARE(names(dir), (std::vector<std::string>{"a.json", "empty.json"}));
        const auto committed = committedAtomicWrites();
        QVERIFY(committed.size() >= 3);
        QCOMPARE(committed.back(), dir / "empty.json");
    }

    void refusalsNameThePath()
    {
        const fs::path dir = fresh("refusals");
        auto message = [](const fs::path& path) {
            try {
                writeFileAtomic(path, "x");
            } catch (const IoError& e) {
                return std::string(e.what());
            }
            return std::string("(written)");
        };
        QVERIFY(message("").find("the output path is empty") != std::string::npos);
        QVERIFY(
            message(dir / "missing" / "a.json").find("the folder " + (dir / "missing").string() + " does not exist") !=
            std::string::npos);
        QVERIFY(message(dir).find("it is a folder") != std::string::npos);
        QCOMPARE(names(dir), std::vector<std::string>{});
    }

    void staleTemporariesOfDeadProcessesAreRemoved()
    {
        const fs::path dir = fresh("stale");
        const std::string dead = "out.json.partial-" + std::to_string(deadPid());
        const std::string live = "out.json.partial-1"; // init: alive
        const std::string otherTarget = "other.json.partial-" + std::to_string(deadPid());
        const std::string oldLegacy = ".out.json.0123456789abcdef.tmp";
        const std::string newLegacy = ".out.json.fedcba9876543210.tmp";
        for (const auto& name : {dead, live, otherTarget, oldLegacy, newLegacy}) {
            spit(dir / name, "partial");
        }
        fs::create_directories(dir / ("out.json.partial-" + std::to_string(deadPid())) / "inner");
        fs::last_write_time(dir / oldLegacy, fs::file_time_type::clock::now() - std::chrono::hours(2));
        writeFileAtomic(dir / "out.json", "whole");
        std::vector<std::string> expected = {"out.json", live, otherTarget, newLegacy};
        std::sort(expected.begin(), expected.end());
        QCOMPARE(names(dir), expected);
        QCOMPARE(removeStalePartials(dir / "out.json"), std::size_t{0});
    }

    void aZombieWriterIsDead()
    {
        const fs::path dir = fresh("zombie");
        const pid_t child = ::fork();
        if (child == 0) {
            ::_exit(0);
        }
        // Not reaped yet: a zombie, which writes nothing any more.
        QTRY_VERIFY([&] {
            std::ifstream stat("/proc/" + std::to_string(child) + "/stat");
            std::string line;
            std::getline(stat, line);
            return line.find(") Z") != std::string::npos;
        }());
        spit(dir / ("x.json.partial-" + std::to_string(child)), "half");
        QCOMPARE(removeStalePartials(dir / "x.json"), std::size_t{1});
        ::waitpid(child, nullptr, 0);
    }

    void ownTemporaryLeftByAnEarlierProcessIsReplaced()
    {
        const fs::path dir = fresh("own");
        spit(partialPathFor(dir / "a.json"), "left by an earlier process with this pid");
        writeFileAtomic(dir / "a.json", "mine");
        QCOMPARE(names(dir), std::vector<std::string>{"a.json"});
        QCOMPARE(slurp(dir / "a.json"), std::string("mine"));
    }

    void cancellationBeforeTheRenameWritesNothing()
    {
        const fs::path dir = fresh("cancel");
        spit(dir / "a.json", "previous");
        const std::string big(20 << 20, 'x'); // three pieces, a check between each
        for (int checks : {0, 1, 2, 3, 4}) {
            CancelAfter progress(checks);
            QVERIFY_THROWS_EXCEPTION(Cancelled, writeFileAtomic(dir / "a.json", big, progress));
            QCOMPARE(names(dir), std::vector<std::string>{"a.json"});
            QCOMPARE(slurp(dir / "a.json"), std::string("previous"));
        }
        CancelAfter never(1000);
        writeFileAtomic(dir / "a.json", big, never);
        QCOMPARE(fs::file_size(dir / "a.json"), big.size());
    }

    void aStreamedWriteIsTheConcatenationOfItsPieces()
    {
        const fs::path dir = fresh("streamed");
        spit(dir / "a.json", "previous");
        std::string expected;
        auto produce = [&expected](const ByteSink& sink) {
            expected.clear();
            for (int k = 0; k < 300; ++k) {
                const std::string piece = std::to_string(k) + std::string(static_cast<std::size_t>(k) * 97, 'p');
                expected += piece;
                sink(piece);
            }
            sink({}); // an empty piece writes nothing
        };
        writeFileAtomicStreamed(dir / "a.json", produce, NullProgress());
        QCOMPARE(slurp(dir / "a.json"), expected);
        const auto nothing = [](const ByteSink&) {};
        writeFileAtomicStreamed(dir / "empty.json", nothing, NullProgress());
        QCOMPARE(fs::file_size(dir / "empty.json"), std::uintmax_t(0));
        QCOMPARE(names(dir), (std::vector<std::string>{"a.json", "empty.json"}));
    }

    void aFailedOrCancelledStreamedWriteLeavesTheTarget()
    {
        const fs::path dir = fresh("streamed-fail");
        spit(dir / "a.json", "previous");
        // The producer fails after some pieces reached the temporary.
        auto failing = [](const ByteSink& sink) {
            sink(std::string(1 << 20, 'x'));
            throw InputError("producer", "the producer's own refusal");
        };
        QVERIFY_THROWS_EXCEPTION(InputError, writeFileAtomicStreamed(dir / "a.json", failing, NullProgress()));
        QCOMPARE(names(dir), std::vector<std::string>{"a.json"});
        QCOMPARE(slurp(dir / "a.json"), std::string("previous"));
        // Cancelled at each check: before the first piece, between pieces, before the rename.
        auto pieces = [](const ByteSink& sink) {
            for (int k = 0; k < 3; ++k) {
                sink(std::string(1 << 20, static_cast<char>('a' + k)));
            }
        };
        for (int checks : {0, 1, 2, 3, 4}) {
            CancelAfter progress(checks);
            QVERIFY_THROWS_EXCEPTION(Cancelled, writeFileAtomicStreamed(dir / "a.json", pieces, progress));
            QCOMPARE(names(dir), std::vector<std::string>{"a.json"});
            QCOMPARE(slurp(dir / "a.json"), std::string("previous"));
        }
        // The same refusals as a whole write, naming the path; nothing is produced or written.
        bool produced = false;
        auto note = [&produced](const ByteSink&) { produced = true; };
        try {
            writeFileAtomicStreamed(dir, note, NullProgress());
            QFAIL("a folder was written over");
        } catch (const IoError& e) {
            QVERIFY(std::string(e.what()).find("it is a folder") != std::string::npos);
        }
        try {
            writeFileAtomicStreamed(dir / "missing" / "a.json", note, NullProgress());
            QFAIL("a missing folder was written into");
        } catch (const IoError& e) {
            QVERIFY(std::string(e.what()).find((dir / "missing").string() + " does not exist") != std::string::npos);
        }
        QVERIFY(!produced);
        QCOMPARE(names(dir), std::vector<std::string>{"a.json"});
    }

    void stoppedWritesNeverCommit()
    {
        const fs::path dir = fresh("stopped");
        const std::size_t earlier = committedAtomicWrites().size(); // the other tests' writes
        const int code = inChild([&] {
            writeFileAtomic(dir / "before.json", "committed");
            stopAtomicWrites();
            try {
                writeFileAtomic(dir / "after.json", "x");
                return 1;
            } catch (const Cancelled&) {
            }
            try {
                AtomicFolder folder(dir / "folder");
                return 2;
            } catch (const Cancelled&) {
            }
            return committedAtomicWrites().size() == earlier + 1 ? 0 : 3;
        });
        QCOMPARE(code, 0);
        QCOMPARE(names(dir), std::vector<std::string>{"before.json"});
    }

    void abandonedWritesLeaveNoTemporary()
    {
        const fs::path dir = fresh("abandoned");
        const int code = inChild([&] {
            AtomicFolder folder(dir / "export");
            folder.write("0.json", "[]", NullProgress());
            if (!fs::exists(folder.staging() / "0.json")) {
                return 1;
            }
            abandonAtomicWrites(); // what an interrupt does just before _exit
            return fs::exists(folder.staging()) ? 2 : 0;
        });
        QCOMPARE(code, 0);
        QCOMPARE(names(dir), std::vector<std::string>{});
    }

    void folderIsWrittenWholeAndReplacesTheEarlierOne()
    {
        const fs::path dir = fresh("folder");
        const fs::path out = dir / "export";
        {
            AtomicFolder folder(out);
            QCOMPARE(folder.staging(), partialPathFor(out));
            for (const char* name : {"0.json", "1.json", "2.json"}) {
                folder.write(name, name, NullProgress());
            }
            QVERIFY(!fs::exists(out)); // nothing is visible before the commit
            folder.commit(NullProgress());
        }
        QCOMPARE(names(out), (std::vector<std::string>{"0.json", "1.json", "2.json"}));
        {
            AtomicFolder folder(out / ""); // a trailing separator names the same folder
            folder.write("0.json", "new", NullProgress());
            folder.commit(NullProgress());
        }
        QCOMPARE(names(out), std::vector<std::string>{"0.json"});
        QCOMPARE(slurp(out / "0.json"), std::string("new"));
        QCOMPARE(names(dir), std::vector<std::string>{"export"});
    }

    void folderNotCommittedLeavesTheEarlierOne()
    {
        const fs::path dir = fresh("folder-cancel");
        const fs::path out = dir / "export";
        fs::create_directories(out);
        spit(out / "0.json", "earlier");
        {
            AtomicFolder folder(out);
            folder.write("0.json", "new", NullProgress());
            CancelAfter cancelled(0);
            QVERIFY_THROWS_EXCEPTION(Cancelled, folder.commit(cancelled));
            QVERIFY_THROWS_EXCEPTION(Cancelled, folder.write("1.json", std::string(1 << 20, 'x'), cancelled));
        }
        QCOMPARE(names(dir), std::vector<std::string>{"export"});
        QCOMPARE(slurp(out / "0.json"), std::string("earlier"));
        spit(dir / "file", "a file");
        QVERIFY_THROWS_EXCEPTION(IoError, AtomicFolder(dir / "file"));
        QVERIFY_THROWS_EXCEPTION(IoError, AtomicFolder(dir / "missing" / "export"));
    }

    void anInterruptedReplaceIsUndoneByTheNextWrite()
    {
        // Where a file system cannot exchange two folders, the earlier one is renamed aside first;
        // killed between the two renames, the target is missing and the earlier folder goes back.
        const fs::path dir = fresh("previous");
        const fs::path aside = dir / ("export.previous-" + std::to_string(deadPid()));
        fs::create_directories(aside);
        spit(aside / "0.json", "earlier");
        QCOMPARE(removeStalePartials(dir / "export"), std::size_t{0});
        QCOMPARE(names(dir), std::vector<std::string>{"export"});
        QCOMPARE(slurp(dir / "export" / "0.json"), std::string("earlier"));
        // Killed after both renames: the new folder is in place and the earlier one goes.
        fs::create_directories(aside);
        QCOMPARE(removeStalePartials(dir / "export"), std::size_t{1});
        QCOMPARE(names(dir), std::vector<std::string>{"export"});
    }

    void readsStopWhenCancelled()
    {
        const fs::path dir = fresh("read");
        const std::string plain(20 << 20, 'r');
        spit(dir / "plain", plain);
        QCOMPARE(readFileBounded(dir / "plain", 1ULL << 30, NullProgress()), plain);
        QVERIFY_THROWS_EXCEPTION(Cancelled, readFileBounded(dir / "plain", 1ULL << 30, CancelAfter(1)));
        // gzip: compressed to a few KB, inflated in pieces with a check between them.
        uLongf size = compressBound(static_cast<uLong>(plain.size())) + 64;
        std::string gz(size, '\0');
        z_stream stream{};
        QCOMPARE(deflateInit2(&stream, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(plain.data()));
        stream.avail_in = static_cast<uInt>(plain.size());
        stream.next_out = reinterpret_cast<Bytef*>(gz.data());
        stream.avail_out = static_cast<uInt>(gz.size());
        QCOMPARE(deflate(&stream, Z_FINISH), Z_STREAM_END);
        gz.resize(stream.total_out);
        deflateEnd(&stream);
        QCOMPARE(gunzip(gz, "gz", 1ULL << 30, NullProgress()), plain);
        QVERIFY_THROWS_EXCEPTION(Cancelled, gunzip(gz, "gz", 1ULL << 30, CancelAfter(2)));
        QVERIFY_THROWS_EXCEPTION(InputError, gunzip(gz, "gz", 1 << 20));
        spit(dir / "plain.gz", gz);
        QCOMPARE(readFileBounded(dir / "plain.gz", 1ULL << 30), plain);

        // A mapped input gives the same bytes, plain or inflated, whether viewed or copied (read
        // from the file, or from memory once inflated).
        {
            MappedInput mapped(dir / "plain", 1ULL << 30, NullProgress());
            QCOMPARE(mapped.bytes(), std::string_view(plain));
            MappedInput inflated(dir / "plain.gz", 1ULL << 30, NullProgress());
            QCOMPARE(inflated.bytes(), std::string_view(plain));
            QVERIFY(mapped.readsFromFile());
            QVERIFY(!inflated.readsFromFile());
            for (const MappedInput* input : {&mapped, &inflated}) {
                for (auto [offset, length] : {std::pair<std::size_t, std::size_t>{0, plain.size()},
                                              {12345, 1},
                                              {plain.size() / 3, plain.size() / 2},
                                              {plain.size(), 0}}) {
                    std::string copied(length, '\0');
                    input->copy(offset, length, copied.data());
                    QCOMPARE(copied, plain.substr(offset, length));
                }
                std::string room(2, '\0');
                QVERIFY_THROWS_EXCEPTION(std::out_of_range, input->copy(plain.size() - 1, 2, room.data()));
            }
            QVERIFY_THROWS_EXCEPTION(Cancelled, MappedInput(dir / "plain.gz", 1ULL << 30, CancelAfter(2)));
        }
        // A file that shrinks after it was mapped: copying what is gone is refused, naming the file.
        {
            spit(dir / "shrinking", plain);
            MappedInput mapped(dir / "shrinking", 1ULL << 30, NullProgress());
            fs::resize_file(dir / "shrinking", plain.size() / 2);
            std::string room(plain.size(), '\0');
            try {
                mapped.copy(0, plain.size(), room.data());
                QFAIL("copying past the file's new end was not refused");
            } catch (const InputError& error) {
                const std::string what = error.what();
                QVERIFY2(what.find("shrinking") != std::string::npos, what.c_str());
                QVERIFY2(what.find("the file changed size while it was being read") != std::string::npos, what.c_str());
            }
            mapped.copy(0, plain.size() / 2, room.data()); // what is still there reads as before
            QCOMPARE(std::string_view(room).substr(0, plain.size() / 2),
                     std::string_view(plain).substr(0, plain.size() / 2));
        }
    }

    void mappedInputRefusesLikeABoundedRead()
    {
        const fs::path dir = fresh("mapped");
        spit(dir / "small", "0123456789");
        spit(dir / "empty", "");
        QCOMPARE(MappedInput(dir / "empty", 100, NullProgress()).bytes().size(), std::size_t{0});
        auto refusal = [](const fs::path& path, std::uint64_t limit) {
            try {
                MappedInput input(path, limit, NullProgress());
            } catch (const std::exception& error) {
                return std::string(error.what());
            }
            return std::string();
        };
        const std::string missing = refusal(dir / "missing", 100);
        QVERIFY2(missing.find("missing: no such file") != std::string::npos, missing.c_str());
        const std::string folder = refusal(dir, 100);
        QVERIFY2(folder.find("is a folder, not a file") != std::string::npos, folder.c_str());
        const std::string large = refusal(dir / "small", 9);
        QVERIFY2(large.find("file is 10 bytes, larger than the limit of 9 bytes") != std::string::npos, large.c_str());
        QVERIFY_THROWS_EXCEPTION(InputError, MappedInput(dir / "small", 9, NullProgress()));
    }

    void aPipeIsReadToItsEnd()
    {
        // A pipe's size is 0 until it ends: it is read whole (gzip inflated), and refused once it
        // passes the limit, naming it.
        ::signal(SIGPIPE, SIG_IGN); // the refusing reader closes the pipe on the writer
        const fs::path dir = fresh("pipes");
        const std::string plain = std::string(3 << 20, 'p') + "end";
        auto throughPipe = [&](const std::string& name, const std::string& bytes, auto read) {
            const fs::path fifo = dir / name;
            if (::mkfifo(fifo.c_str(), 0600) != 0) {
                return std::string("(mkfifo failed)");
            }
            std::thread writer([&] {
                const int fd = ::open(fifo.c_str(), O_WRONLY | O_CLOEXEC);
                for (std::size_t done = 0; fd >= 0 && done < bytes.size();) {
                    const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
                    if (wrote <= 0) {
                        break;
                    }
                    done += static_cast<std::size_t>(wrote);
                }
                if (fd >= 0) {
                    ::close(fd);
                }
            });
            std::string out;
            try {
                out = read(fifo);
            } catch (const std::exception& error) {
                out = std::string("refused: ") + error.what();
            }
            writer.join();
            return out;
        };
        auto mapped = [](const fs::path& path) {
            return std::string(MappedInput(path, 1ULL << 30, NullProgress()).bytes());
        };
        auto bounded = [](const fs::path& path) { return readFileBounded(path, 1ULL << 30, NullProgress()); };
        QVERIFY(throughPipe("plain-mapped", plain, mapped) == plain);
        QVERIFY(throughPipe("plain-bounded", plain, bounded) == plain);
        const std::string limited = throughPipe("limited", plain, [](const fs::path& path) {
            return std::string(MappedInput(path, 1 << 20, NullProgress()).bytes());
        });
        QVERIFY2(limited.find("refused: ") == 0 && limited.find("limited") != std::string::npos &&
                     limited.find("larger than the limit of 1048576 bytes") != std::string::npos,
                 limited.substr(0, 200).c_str());
        QCOMPARE(throughPipe("empty", "", mapped), std::string());
    }
};

QTEST_APPLESS_MAIN(TstAtomicFile)
#include "tst_atomic_file.moc"
