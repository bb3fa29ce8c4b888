// fitColumnWidths: the rule by which Event Details and the Tail Windows list fit their docks.
#include "ui/util/column_fit.h"

#include <QtTest>

#include <numeric>

using cc::ui::fitColumnWidths;

class TestColumnFit : public QObject {
    Q_OBJECT

private slots:
    void everyColumnThatFitsSharesTheSpareWidth()
    {
        // Columns 0..3 need 40, 30, 20, 10 px; 130 px leave 30 to share among four.
        const std::vector<int> widths = fitColumnWidths({40, 30, 20, 10}, {0, 1, 2, 3}, 1, 130);
        QCOMPARE(widths, (std::vector<int>{47, 37, 28, 18}));
        QCOMPARE(std::accumulate(widths.begin(), widths.end(), 0), 130);
    }

    void theFirstColumnThatDoesNotFitEndsTheList()
    {
        // By importance 2, 0, 1, 3: 20 + 40 fit in 70, column 1 (30) does not, so 3 is not tried.
        const std::vector<int> widths = fitColumnWidths({40, 30, 20, 10}, {2, 0, 1, 3}, 1, 70);
        QCOMPARE(widths, (std::vector<int>{45, 0, 25, 0}));
    }

    void theColumnsThatMustShowDoSoWhateverTheWidth()
    {
        const std::vector<int> widths = fitColumnWidths({40, 30, 20}, {0, 1, 2}, 2, 50);
        QCOMPARE(widths, (std::vector<int>{40, 30, 0}));
    }

    void aColumnNobodyRankedStaysHidden()
    {
        const std::vector<int> widths = fitColumnWidths({10, 10, 10}, {0, 2}, 1, 100);
        QCOMPARE(widths[1], 0);
        QCOMPARE(widths[0] + widths[2], 100);
    }
};

QTEST_MAIN(TestColumnFit)
#include "tst_column_fit.moc"
