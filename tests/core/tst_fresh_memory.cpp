// prepareFreshMemory, resizeAdvised and growFresh: the replay's and the trace builder's buffers are handed to the
// kernel before their first write (huge-page advice, prefaulting); that must never change a value, and on a kernel that
// takes the request the pages must be resident before anything writes them.
#include "core/util/fresh_memory.h"

#include <QtTest>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#if defined(__linux__)
#include <cerrno>
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace cc;

class TstFreshMemory : public QObject {
    Q_OBJECT

private slots:
    void resizeKeepsTheElementsAndTheSize()
    {
        // From below the threshold to well above it (a fresh, prepared buffer), then within capacity.
        std::vector<std::uint64_t> column;
        for (std::uint64_t k = 0; k < 1000; ++k) {
            column.push_back(k * 7919);
        }
        const std::size_t large = (std::size_t{6} << 20) / sizeof(std::uint64_t) + 3;
        resizeAdvised(column, large);
        QCOMPARE(column.size(), large);
        for (std::uint64_t k = 0; k < 1000; ++k) {
            QCOMPARE(column[k], k * 7919);
        }
        for (std::size_t k = 1000; k < large; ++k) {
            QCOMPARE(column[k], std::uint64_t{0}); // value-initialised, as std::vector::resize gives
        }
        column[large - 1] = 42;
        const std::uint64_t* buffer = column.data();
        resizeAdvised(column, large / 2); // shrinking reuses the buffer
        QCOMPARE(column.size(), large / 2);
        QCOMPARE(column.data(), buffer);
        resizeAdvised(column, large); // and so does growing back within its capacity
        QCOMPARE(column.data(), buffer);
        QCOMPARE(column[0], std::uint64_t{0});
        QCOMPARE(column[1], std::uint64_t{7919});
    }

    void growingKeepsEveryElementInOrder()
    {
        // A string (the trace's id arena) and a vector of elements that own memory (moved, not
        // copied), from small to a prepared buffer of several huge pages, then a request within room.
        std::string arena = "it0-0,it0-1";
        growFresh(arena, std::size_t{5} << 20);
        QVERIFY(arena.capacity() >= (std::size_t{5} << 20));
        QCOMPARE(arena, std::string("it0-0,it0-1"));
        for (int k = 0; k < 200000; ++k) {
            arena += std::to_string(k);
        }
        const char* buffer = arena.data();
        const std::size_t size = arena.size();
        growFresh(arena, 10); // within its room: left alone
        QCOMPARE(static_cast<const void*>(arena.data()), static_cast<const void*>(buffer));
        QCOMPARE(arena.size(), size);
        QVERIFY(arena.starts_with("it0-0,it0-101234"));

        std::vector<std::string> owners;
        for (int k = 0; k < 1000; ++k) {
            owners.push_back("an id longer than the small-string buffer, number " + std::to_string(k));
        }
        const std::size_t room = (std::size_t{3} << 20) / sizeof(std::string) + 7;
        growFresh(owners, room);
        QVERIFY(owners.capacity() >= room);
        QCOMPARE(owners.size(), std::size_t{1000});
        for (int k = 0; k < 1000; ++k) {
            QCOMPARE(owners[static_cast<std::size_t>(k)],
                     "an id longer than the small-string buffer, number " + std::to_string(k));
        }
    }

    void preparingWrittenMemoryChangesNoByte()
    {
        // Larger than two huge pages and not aligned to one, so the advice, the prefault and the
        // unaligned ends all apply.
        const std::size_t bytes = (std::size_t{5} << 20) + 12345;
        std::vector<unsigned char> buffer(bytes);
        for (std::size_t k = 0; k < bytes; ++k) {
            buffer[k] = static_cast<unsigned char>((k * 131) ^ (k >> 11));
        }
        prepareFreshMemory(buffer.data() + 1, bytes - 1);
        for (std::size_t k = 0; k < bytes; ++k) {
            if (buffer[k] != static_cast<unsigned char>((k * 131) ^ (k >> 11))) {
                QFAIL(qPrintable(QStringLiteral("byte %1 changed").arg(k)));
            }
        }
        // Null and small buffers are left alone.
        prepareFreshMemory(nullptr, bytes);
        unsigned char small[64] = {1, 2, 3};
        prepareFreshMemory(small, sizeof small);
        QCOMPARE(small[2], static_cast<unsigned char>(3));
    }

    void freshPagesAreResidentBeforeTheFirstWrite()
    {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
        const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        // Under 2 MiB, so no huge page fits inside and every page is prefaulted.
        const std::size_t bytes = std::size_t{1} << 20;
        void* map = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(map != MAP_FAILED);
        auto residentPages = [&] {
            std::vector<unsigned char> resident(bytes / page);
            if (mincore(map, bytes, resident.data()) != 0) {
                return std::size_t{0};
            }
            std::size_t count = 0;
            for (unsigned char r : resident) {
                count += r & 1U;
            }
            return count;
        };
        if (residentPages() != 0) { // a fresh mapping has nothing faulted in on Linux proper
            munmap(map, bytes);
            QSKIP("mincore reports pages of an untouched mapping as resident: residency is not observable here");
        }
        // Whether this kernel prefaults at all (5.14 and later): probe one page of another mapping.
        void* probe = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(probe != MAP_FAILED);
        const bool supported = madvise(probe, page, MADV_POPULATE_WRITE) == 0;
        munmap(probe, page);
        if (!supported) {
            munmap(map, bytes);
            QSKIP("this kernel refuses MADV_POPULATE_WRITE (before Linux 5.14): pages fault in on first write");
        }
        prepareFreshMemory(map, bytes);
        const std::size_t resident = residentPages();
        const bool zero = static_cast<unsigned char*>(map)[bytes / 2] == 0; // prefaulted pages read as zero
        munmap(map, bytes);
        QCOMPARE(resident, bytes / page);
        QVERIFY(zero);
#else
        QSKIP("prefaulting is a Linux request");
#endif
    }
};

QTEST_GUILESS_MAIN(TstFreshMemory)
#include "tst_fresh_memory.moc"
