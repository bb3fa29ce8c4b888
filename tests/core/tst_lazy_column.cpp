// LazyColumn and IndexColumn, and the trace columns built on them: an optional field that no event
// states holds no memory, and the first event that states it keeps every value, before and after,
// in any order; so does the position in the input of a trace already in order. Arrival ranks are
// shared lists, and arrival times take 32 bits while they fit.
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/lazy_column.h"

#include <QtTest>

#include <cstdint>
#include <limits>
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

    void anIndexColumnHoldsNothingWhileEachValueIsItsPosition()
    {
        IndexColumn column;
        column.reserve(100);
        for (std::uint32_t k = 0; k < 100; ++k) {
            column.push_back(k);
        }
        QVERIFY(column.identity());
        QCOMPARE(column.size(), std::size_t(100));
        QCOMPARE(column[0], 0U);
        QCOMPARE(column[99], 99U);
        column.permute({0, 1, 2});
        QVERIFY(column.identity()); // a permutation that moves nothing keeps it empty
        QCOMPARE(column.size(), std::size_t(3));

        IndexColumn skipped;
        skipped.push_back(0);
        skipped.push_back(1);
        skipped.push_back(5);
        skipped.push_back(6);
        QVERIFY(!skipped.identity());
        QCOMPARE(skipped.size(), std::size_t(4));
        QCOMPARE(skipped[0], 0U);
        QCOMPARE(skipped[1], 1U);
        QCOMPARE(skipped[2], 5U);
        QCOMPARE(skipped[3], 6U);

        IndexColumn first;
        first.push_back(3);
        QVERIFY(!first.identity());
        QCOMPARE(first[0], 3U);
    }

    void anIndexColumnPermutedRecordsTheMove()
    {
        IndexColumn column;
        for (std::uint32_t k = 0; k < 4; ++k) {
            column.push_back(k);
        }
        column.permute({2, 0, 3, 1});
        QVERIFY(!column.identity());
        QCOMPARE(column[0], 2U);
        QCOMPARE(column[1], 0U);
        QCOMPARE(column[2], 3U);
        QCOMPARE(column[3], 1U);
        column.permute({1, 0, 2, 3});
        QCOMPARE(column[0], 0U);
        QCOMPARE(column[1], 2U);
        QCOMPARE(column[2], 3U);
        QCOMPARE(column[3], 1U);
    }

    void aTraceInTimeOrderHoldsNoSourceIndex()
    {
        const Trace inOrder = parse(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},
                                       {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":2})");
        QVERIFY(inOrder.sourceIndex.identity());
        QCOMPARE(inOrder.sourceIndex[1], 1U);
        const Trace moved = parse(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":2},
                                     {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1})");
        QVERIFY(!moved.sourceIndex.identity());
        QCOMPARE(moved.sourceIndex[0], 1U);
        QCOMPARE(moved.sourceIndex[1], 0U);
    }

    void arrivalRanksAreSharedListsInTheOrderGiven()
    {
        // Two events list their members' arrivals in the members' order and share one list; one
        // lists them the other way round, one as an array, and one only some ranks.
        const Trace t = parse(R"({"op":"all_reduce","bytes":8,"ranks":[0,1,2],"start_us":1,
                                  "rank_arrival_us":{"0":0,"1":1,"2":2}},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1,2],"start_us":2,
                                  "rank_arrival_us":{"0":3,"1":4,"2":5}},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1,2],"start_us":3,
                                  "rank_arrival_us":{"2":6,"0":7,"1":8}},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1,2],"start_us":4,
                                  "rank_arrival_us":[9,10,11]},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1,2],"start_us":5,
                                  "rank_arrival_us":{"1":12},"partial_rank_arrival":true},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1,2],"start_us":6})");
        QCOMPARE(t.size(), std::size_t(6));
        QCOMPARE(t.arrivalRankList[0], t.arrivalRankList[1]);
        QCOMPARE(t.arrivalRankList[0], t.arrivalRankList[3]);
        QVERIFY(t.arrivalRankList[2] != t.arrivalRankList[0]);
        QCOMPARE(t.arrivalRanks(2), (std::vector<std::int32_t>{2, 0, 1}));
        QCOMPARE(t.arrivalRanks(4), (std::vector<std::int32_t>{1}));
        QCOMPARE(t.arrivalCount(5), 0U);
        QCOMPARE(t.arrivalRankLists.size(), std::size_t(4)); // in order, reversed, partial, none
        const std::vector<Ns> expected{0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000};
        QVERIFY(t.arrivalTime == expected);
        QVERIFY(t.arrivalTime.narrow());
        for (std::size_t i = 0; i < t.size(); ++i) {
            const Event e = t.event(i);
            QCOMPARE(e.arrivals.size(), std::size_t(t.arrivalCount(i)));
            for (std::size_t k = 0; k < e.arrivals.size(); ++k) {
                QCOMPARE(e.arrivals[k].rank, t.arrivalRanks(i)[k]);
                QCOMPARE(e.arrivals[k].arrival, t.arrivalTime[t.arrivalBegin[i] + k]);
            }
        }
    }

    void aCompactColumnWidensOnceAndKeepsEveryValue()
    {
        CompactColumn column;
        growFresh(column, 4);
        QVERIFY(column.capacity() >= 4);
        column.push_back(0);
        column.push_back(-5);
        column.push_back(std::numeric_limits<std::int32_t>::max());
        column.push_back(std::numeric_limits<std::int32_t>::min());
        QVERIFY(column.narrow());
        const CompactView narrowView = column.view(1, 3);
        QCOMPARE(narrowView.size(), std::size_t(3));
        QCOMPARE(narrowView[0], std::int64_t(-5));
        QCOMPARE(narrowView[2], std::int64_t(std::numeric_limits<std::int32_t>::min()));

        column.push_back(std::int64_t(std::numeric_limits<std::int32_t>::max()) + 1);
        column.push_back(-7);
        QVERIFY(!column.narrow());
        const std::vector<std::int64_t> expected{0,
                                                 -5,
                                                 std::numeric_limits<std::int32_t>::max(),
                                                 std::numeric_limits<std::int32_t>::min(),
                                                 std::int64_t(std::numeric_limits<std::int32_t>::max()) + 1,
                                                 -7};
        QVERIFY(column == expected);
        const CompactView wideView = column.view(3, 3);
        QCOMPARE(wideView[0], std::int64_t(std::numeric_limits<std::int32_t>::min()));
        QCOMPARE(wideView[1], std::int64_t(std::numeric_limits<std::int32_t>::max()) + 1);
        growFresh(column, 100);
        QVERIFY(column.capacity() >= 100);
        QVERIFY(column == expected);
    }

    void arrivalTimesBeyondThirtyTwoBitsWidenTheColumn()
    {
        // 3 s after the first rank: 3e9 ns does not fit in 32 bits.
        const Trace t = parse(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1,
                                  "rank_arrival_us":{"0":0,"1":1.5}},
                                 {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":2,
                                  "rank_arrival_us":{"0":3000000,"1":0}})");
        QVERIFY(!t.arrivalTime.narrow());
        QVERIFY(t.arrivalTime == (std::vector<std::int64_t>{0, 1500, 3000000000LL, 0}));
        QCOMPARE(t.event(1).arrivals[0].arrival, Ns(3000000000LL));
        QCOMPARE(t.skewValue[1], Ns(3000000000LL));
    }
};

QTEST_APPLESS_MAIN(TstLazyColumn)
#include "tst_lazy_column.moc"
