// LazyColumn, and the trace columns built on it: an optional field that no event states holds no
// memory, and the first event that states it keeps every value, before and after, in any order.
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/lazy_column.h"

#include <QtTest>

#include <cstdint>
#include <stdexcept>
#include <string>

using namespace cc;

namespace {

Trace parse(const std::string& events)
{
    NullProgress progress;
    return parseTrace(R"({"format":"commcanary.trace.v1","events":[)" + events + "]}", "test.json", progress);
}

} // namespace

class TstLazyColumn : public QObject {
    Q_OBJECT

private slots:
    void fillValuesAllocateNothing()
    {
        LazyColumn<std::int32_t> column(-1);
        column.reserve(1000);
        for (int k = 0; k < 1000; ++k) {
            column.push_back(-1);
        }
        QCOMPARE(column.size(), std::size_t(1000));
        QVERIFY(column.uniform());
        QCOMPARE(column[0], -1);
        QCOMPARE(column[999], -1);
        column.set(500, -1); // setting the fill value keeps it uniform
        QVERIFY(column.uniform());
    }

    void theFirstOtherValueKeepsEveryEarlierOne()
    {
        LazyColumn<std::int64_t> column(-1);
        column.push_back(-1);
        column.push_back(-1);
        column.push_back(7);
        column.push_back(-1);
        QVERIFY(!column.uniform());
        QCOMPARE(column.size(), std::size_t(4));
        QCOMPARE(column[0], std::int64_t(-1));
        QCOMPARE(column[1], std::int64_t(-1));
        QCOMPARE(column[2], std::int64_t(7));
        QCOMPARE(column[3], std::int64_t(-1));

        LazyColumn<std::int64_t> set(-1);
        for (int k = 0; k < 5; ++k) {
            set.push_back(-1);
        }
        set.set(3, 42);
        QVERIFY(!set.uniform());
        QCOMPARE(set[3], std::int64_t(42));
        QCOMPARE(set[4], std::int64_t(-1));
        set.set(3, -1);
        QCOMPARE(set[3], std::int64_t(-1));
    }

    void setPastTheEndThrows()
    {
        LazyColumn<std::uint32_t> column(0);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, column.set(0, 1));
        column.push_back(0);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, column.set(1, 1));
        QVERIFY(column.uniform());
    }

    void permuteMovesValuesAndClearEmpties()
    {
        LazyColumn<std::uint32_t> column(0);
        for (std::uint32_t v : {10U, 0U, 30U}) {
            column.push_back(v);
        }
        column.permute({2, 0, 1});
        QCOMPARE(column[0], 30U);
        QCOMPARE(column[1], 10U);
        QCOMPARE(column[2], 0U);

        LazyColumn<std::uint32_t> uniform(0);
        uniform.push_back(0);
        uniform.push_back(0);
        uniform.permute({1, 0});
        QVERIFY(uniform.uniform());
        QCOMPARE(uniform.size(), std::size_t(2));

        // An order that keeps fewer values leaves that many, uniform or not.
        uniform.permute({0});
        QCOMPARE(uniform.size(), std::size_t(1));
        LazyColumn<std::uint32_t> kept(0);
        for (std::uint32_t v : {5U, 6U, 7U}) {
            kept.push_back(v);
        }
        kept.permute({2});
        QCOMPARE(kept.size(), std::size_t(1));
        QCOMPARE(kept[0], 7U);

        column.clear();
        QVERIFY(column.empty());
        QVERIFY(column.uniform());
        QCOMPARE(column.fill(), 0U);
    }

    void aTraceWithoutOptionalFieldsHoldsThemUniform()
    {
        const Trace t = parse(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":2})");
        QCOMPARE(t.size(), std::size_t(2));
        for (const auto* column : {&t.tag, &t.channel, &t.reductionOp, &t.extraIndex}) {
            QVERIFY(column->uniform());
            QCOMPARE(column->size(), std::size_t(2));
        }
        QVERIFY(t.messageSequence.uniform());
        QVERIFY(t.senderRank.uniform());
        QVERIFY(t.pressure.uniform());
        QCOMPARE(t.messageSequence[1], std::int64_t(-1));
        QCOMPARE(t.tag[0], kNoString);
    }

    void oneEventsFieldSurvivesCanonicalOrder()
    {
        // Given out of time order: the builder sorts, and the one tagged event keeps its tag.
        const Trace t = parse(R"({"id":"late","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":9,"tag":"x"},
                                 {"id":"early","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},
                                 {"id":"mid","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":5,
                                  "observed_exposed_us":2.5})");
        QCOMPARE(t.size(), std::size_t(3));
        QVERIFY(!t.tag.uniform());
        QCOMPARE(t.tag[0], kNoString);
        QCOMPARE(t.tag[1], kNoString);
        QVERIFY(t.tag[2] != kNoString);
        QCOMPARE(t.str(t.tag[2]), std::string_view("x"));
        QVERIFY(!t.observedExposed.uniform());
        QCOMPARE(t.observedExposed[0], kAbsentNs);
        QCOMPARE(t.observedExposed[1], Ns(2500));
        QCOMPARE(t.observedExposed[2], kAbsentNs);
        QVERIFY(t.channel.uniform());
    }
};

QTEST_APPLESS_MAIN(TstLazyColumn)
#include "tst_lazy_column.moc"
