// The physical campaign's scoring and results format (core/report/campaign.h): a proxy's ranking
// against the workload's, ties where the workload's iterations cannot separate two
// configurations, the writer and its strict reader (which recomputes every score), and the summary.
#include "core/info/file_info.h"
#include "core/report/campaign.h"
#include "core/util/errors.h"

#include "campaign_sample.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace {

cc::CampaignResults sample()
{
    return cctest::smallCampaign();
}

cc::ConfigurationFigures figures(const char* name, std::vector<cc::Ns> samples)
{
    return cc::ConfigurationFigures{name, std::move(samples)};
}

} // namespace

class TestCampaignResults : public QObject {
    Q_OBJECT

private slots:
    void aPairTheWorkloadCannotSeparateIsATie()
    {
        const cc::CampaignResults c = sample();
        const cc::RankingAgreement& right = c.proxies[0].score;
        QCOMPARE(right.proxy, std::string("canary"));
        QCOMPARE(right.metric, std::string("mean"));
        QCOMPARE(right.decidedPairs, 2u); // fast-slow, fast-slow-too
        QCOMPARE(right.tiedPairs, 1u);    // slow vs slow-too
        QCOMPARE(right.agreeingPairs, 2u);
        QCOMPARE(right.agreementPpm, std::int64_t{1'000'000});
        const cc::RankingAgreement& wrong = c.proxies[1].score;
        QCOMPARE(wrong.proxy, std::string("isolated (communication only)"));
        QCOMPARE(wrong.decidedPairs, 2u);
        QCOMPARE(wrong.agreeingPairs, 0u);
        QCOMPARE(wrong.agreementPpm, std::int64_t{0});
        QVERIFY(wrong.kendallTauPpm < 0);
    }

    void everyPairsDecisionAddsUpToTheScore()
    {
        const cc::CampaignResults c = sample();
        using V = cc::PairVerdict;
        const auto right = cc::pairDecisions(c, 0);
        QCOMPARE(right.size(), std::size_t{3});
        QCOMPARE(right[0], (cc::CampaignPairDecision{0, 1, V::Agrees, -1, -1})); // fast vs slow
        QCOMPARE(right[1], (cc::CampaignPairDecision{0, 2, V::Agrees, -1, -1})); // fast vs slow-too
        QCOMPARE(right[2].verdict, V::Tie);                                      // slow vs slow-too
        QCOMPARE(right[2].truth, 0);
        const auto wrong = cc::pairDecisions(c, 1);
        QCOMPARE(wrong[0], (cc::CampaignPairDecision{0, 1, V::Disagrees, -1, 1}));
        QCOMPARE(wrong[1], (cc::CampaignPairDecision{0, 2, V::Disagrees, -1, 1}));
        QCOMPARE(wrong[2].verdict, V::Tie);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)cc::pairDecisions(c, 2));

        // A larger campaign with noisy truths, equal proxy means and every kind of pair: the
        // decisions count exactly what the score counts, for every proxy.
        cc::CampaignResults big = sample();
        big.configurations = {"a", "b", "c", "d", "e", "f"};
        big.truth = {figures("a", {100, 100, 100}), figures("b", {150, 90, 210}),  figures("c", {300, 301, 299}),
                     figures("d", {120, 121, 119}), figures("e", {300, 302, 298}), figures("f", {50, 400, 60})};
        const std::vector<std::vector<cc::Ns>> proxyMeans = {
            {10, 20, 30, 40, 50, 60}, {60, 50, 40, 30, 20, 10}, {5, 5, 5, 5, 5, 5}, {1, 7, 9, 2, 8, 3}};
        big.proxies.clear();
        for (std::size_t k = 0; k < proxyMeans.size(); ++k) {
            cc::CampaignProxy p = sample().proxies[0];
            p.name = "proxy" + std::to_string(k);
            p.figures.clear();
            for (std::size_t i = 0; i < big.configurations.size(); ++i) {
                p.figures.push_back(cc::ConfigurationFigures{big.configurations[i], {proxyMeans[k][i]}});
            }
            big.proxies.push_back(p);
        }
        cc::scoreCampaign(big, "big");
        for (std::size_t k = 0; k < big.proxies.size(); ++k) {
            const auto pairs = cc::pairDecisions(big, k);
            QCOMPARE(pairs.size(), std::size_t{15});
            std::uint32_t agree = 0, disagree = 0, tie = 0;
            for (const auto& d : pairs) {
                QVERIFY(d.first < d.second);
                agree += d.verdict == V::Agrees ? 1 : 0;
                disagree += d.verdict == V::Disagrees ? 1 : 0;
                tie += d.verdict == V::Tie ? 1 : 0;
            }
            const cc::RankingAgreement& score = big.proxies[k].score;
            QCOMPARE(agree, score.agreeingPairs);
            QCOMPARE(agree + disagree, score.decidedPairs);
            QCOMPARE(tie, score.tiedPairs);
            QVERIFY(tie > 0 && agree + disagree > 0);
        }
        // Equal means never keep a decided pair.
        for (const auto& d : cc::pairDecisions(big, 2)) {
            QVERIFY(d.verdict != V::Agrees);
        }
    }

    void aResultsFileIsRecognisedByItsFormat()
    {
        const std::string text = cc::campaignResultsJson(sample());
        QCOMPARE(cc::detectFormat(text, "results.json").format, cc::FileFormat::Campaign);
        const auto facts = cc::campaignFacts(sample());
        QCOMPARE(facts.front(), (std::pair<std::string, std::string>{"cell", "mlp1M_gloo_cpu_ws2_cap1MiB_it6_wu2"}));
        QCOMPARE(facts.back().first, std::string("isolated (communication only)"));
        QCOMPARE(QString::fromStdString(facts.back().second),
                 QStringLiteral("0 %, tau -0.816, 2 decided / 1 tied pairs"));
        // `commcanary info` reads it with the strict reader and lists those facts.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("results.json")).toStdString();
        {
            std::ofstream out(path, std::ios::binary);
            out << text;
        }
        cc::NullProgress progress;
        const cc::FileInfo info = cc::describeFile(path, progress);
        QCOMPARE(info.kind, std::string(cc::kCampaignFormat));
        QVERIFY(std::find(info.facts.begin(), info.facts.end(), facts.front()) != info.facts.end());
    }

    void mismatchedConfigurationsAreRefused()
    {
        cc::CampaignResults c = sample();
        c.proxies[0].figures[1].name = "other";
        try {
            cc::scoreCampaign(c, "results.json");
            QFAIL("a proxy measured under another configuration was scored");
        } catch (const cc::InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("\"other\", the truth's \"slow\"")), e.what());
        }
        c = sample();
        c.proxies[0].figures[2].samples.clear();
        QVERIFY_THROWS_EXCEPTION(cc::InputError, cc::scoreCampaign(c, "results.json"));
    }

    void theReaderReadsWhatTheWriterWrote()
    {
        const cc::CampaignResults c = sample();
        const std::string text = cc::campaignResultsJson(c);
        QVERIFY(text.starts_with("{\n \"format\": \"commcanary-workbench.campaign.v1\""));
        const cc::CampaignResults back = cc::readCampaignResults(text, "results.json");
        QVERIFY(back == c);
        QCOMPARE(cc::campaignResultsJson(back), text);
    }

    void aScoreThatDisagreesWithTheFiguresIsRefused()
    {
        std::string text = cc::campaignResultsJson(sample());
        const auto at = text.find("\"agreeing_pairs\": 2");
        QVERIFY(at != std::string::npos);
        text.replace(at, 19, "\"agreeing_pairs\": 1");
        try {
            (void)cc::readCampaignResults(text, "results.json");
            QFAIL("a tampered score was accepted");
        } catch (const cc::InputError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QStringLiteral("results.json")), e.what());
            QVERIFY2(what.contains(QStringLiteral("$.proxies[0].score")), e.what());
            QVERIFY2(what.contains(QStringLiteral("disagrees with the proxy's figures")), e.what());
        }
    }

    void otherBadDocumentsAreRefusedWithTheirPath()
    {
        const std::string good = cc::campaignResultsJson(sample());
        const struct {
            std::string from, to, path;
        } cases[] = {
            {"commcanary-workbench.campaign.v1", "commcanary-workbench.campaign.v2", "$.format"},
            {"\"compute\": \"overlap\"", "\"compute\": \"both\"", "$.proxies[0].compute"},
            {"\"configurations\": [\n  \"fast\",", "\"configurations\": [\n  \"quick\",", "$.truth[0].configuration"},
            {"\"seed\": 1", "\"seed\": 1, \"extra\": 2", "$.protocol"},
            {"\"wall_ms\": 12345", "\"wall_ms\": -1", "$.proxies[0].wall_ms"},
        };
        for (const auto& bad : cases) {
            std::string text = good;
            const auto at = text.find(bad.from);
            QVERIFY2(at != std::string::npos, bad.from.c_str());
            text.replace(at, bad.from.size(), bad.to);
            try {
                (void)cc::readCampaignResults(text, "results.json");
                QFAIL(qPrintable(QString::fromStdString("accepted: " + bad.to)));
            } catch (const cc::InputError& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(bad.path)), e.what());
            }
        }
    }

    void theSummaryStandsBesideThePrototypesFigures()
    {
        const std::string md = cc::campaignSummaryMarkdown(sample());
        QVERIFY(md.starts_with("# Physical campaign: mlp1M_gloo_cpu_ws2_cap1MiB_it6_wu2\n"));
        QVERIFY2(md.find("| slow | 0.2 ms | 6 |") != std::string::npos, md.c_str());
        // tau-b with the workload's tie: 2 / sqrt(2 * 3).
        QVERIFY2(md.find("| canary | 100 % | 0.816 | 2 / 1 | 12.3 s |") != std::string::npos, md.c_str());
        QVERIFY2(md.find("| isolated (communication only) | 0 % | -0.816 | 2 / 1 | 2.5 s |") != std::string::npos,
                 md.c_str());
        QVERIFY2(md.find("57 % (tau 0.20)") != std::string::npos, md.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCampaignResults)
#include "tst_campaign_results.moc"
