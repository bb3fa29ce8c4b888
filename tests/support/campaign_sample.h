// Physical campaigns made by hand for the core and GUI suites and the fuzz seeds: core's own value,
// scored by core and written by core's writer, so no ranks are needed. Plain C++ (no Qt).
#pragma once

#include "core/report/campaign.h"

#include <string>
#include <vector>

namespace cctest {

/// Three configurations: "fast", "slow" and "slow-too", which W-full cannot tell from "slow". The
/// canary keeps both decided pairs, the isolated microbenchmark (communication only) loses both.
inline cc::CampaignResults smallCampaign()
{
    const auto figures = [](const char* name, std::vector<cc::Ns> samples) {
        return cc::ConfigurationFigures{name, std::move(samples)};
    };
    cc::CampaignResults c;
    c.repeats = 3;
    c.warmup = 1;
    c.cellId = "mlp1M_gloo_cpu_ws2_cap1MiB_it6_wu2";
    c.cellDescription = "DDP training of a residual MLP on 2 ranks";
    c.sourceConfiguration = "fast";
    c.traceSha256 = std::string(64, 'a');
    c.traceEvents = 18;
    c.configurations = {"fast", "slow", "slow-too"};
    c.truth = {figures("fast", {100'000, 101'000, 99'000, 100'000, 102'000, 98'000}),
               figures("slow", {200'000, 230'000, 170'000, 210'000, 190'000, 200'000}),
               figures("slow-too", {205'000, 160'000, 240'000, 200'000, 195'000, 200'000})};
    cc::CampaignProxy right;
    right.name = "canary";
    right.inputSha256 = std::string(64, 'b');
    right.events = 9;
    right.wallMs = 12'345;
    right.figures = {figures("fast", {10'000, 11'000, 10'000}), figures("slow", {30'000, 31'000, 30'000}),
                     figures("slow-too", {29'000, 30'000, 29'000})};
    cc::CampaignProxy wrong = right;
    wrong.name = "isolated";
    wrong.computeOverlap = false;
    wrong.wallMs = 2'500;
    wrong.figures = {figures("fast", {50'000, 50'000, 50'000}), figures("slow", {20'000, 20'000, 20'000}),
                     figures("slow-too", {21'000, 21'000, 21'000})};
    c.proxies = {right, wrong};
    c.machine = {{"cpu", "test"}, {"cores", "2"}};
    cc::scoreCampaign(c, "smallCampaign");
    return c;
}

/// A campaign the size a reviewer meets: six configurations (15 pairs), every proxy of
/// `capture campaign` with and without compute stand-ins, figures that make some pairs ties.
inline cc::CampaignResults fullCampaign()
{
    cc::CampaignResults c;
    c.repeats = 5;
    c.warmup = 2;
    c.cellId = "mlp16M_gloo_cpu_ws4_cap4MiB_it20_wu4";
    c.cellDescription = "DDP training of a residual MLP (16M parameters) on 4 ranks";
    c.sourceConfiguration = "baseline";
    c.traceSha256 = std::string(64, 'c');
    c.traceEvents = 4'800;
    c.configurations = {"baseline", "ring-2ch", "tree", "shaped-10g", "shaped-1g", "delay-50us"};
    const std::vector<cc::Ns> truthMeans = {41'000'000, 40'600'000, 44'000'000, 47'500'000, 88'000'000, 52'000'000};
    for (std::size_t i = 0; i < c.configurations.size(); ++i) {
        cc::ConfigurationFigures f{c.configurations[i], {}};
        for (int k = 0; k < 16; ++k) {
            // ± 2 % spread: baseline and ring-2ch overlap (a tie), the rest separate.
            f.samples.push_back(truthMeans[i] + (k % 5 - 2) * truthMeans[i] / 100);
        }
        c.truth.push_back(std::move(f));
    }
    const struct {
        const char* name;
        bool overlap;
        std::vector<cc::Ns> means;
        std::int64_t wallMs;
    } proxies[] = {
        {"source", true, {9'100, 9'000, 9'800, 10'400, 19'500, 11'600}, 184'200},
        {"source", false, {6'100, 6'300, 6'400, 7'900, 16'800, 6'900}, 121'700},
        {"canary", true, {1'210, 1'190, 1'300, 1'390, 2'610, 1'540}, 23'400},
        {"canary", false, {800, 830, 790, 1'050, 2'200, 1'010}, 15'900},
        {"isolated", false, {540, 520, 610, 600, 1'480, 530}, 6'800},
        {"random", true, {1'400, 1'450, 1'380, 1'500, 2'100, 1'600}, 21'000},
        {"stratified", true, {1'300, 1'280, 1'420, 1'500, 2'900, 1'460}, 22'100},
        {"reduced", true, {300, 310, 330, 320, 700, 420}, 4'100},
    };
    for (const auto& p : proxies) {
        cc::CampaignProxy proxy;
        proxy.name = p.name;
        proxy.computeOverlap = p.overlap;
        proxy.inputSha256 = std::string(64, 'd');
        proxy.events = 4'800;
        proxy.wallMs = p.wallMs;
        for (std::size_t i = 0; i < c.configurations.size(); ++i) {
            cc::ConfigurationFigures f{c.configurations[i], {}};
            for (int k = 0; k < c.repeats; ++k) {
                f.samples.push_back(p.means[i] * 1'000 + (k - 2) * 1'000);
            }
            proxy.figures.push_back(std::move(f));
        }
        c.proxies.push_back(std::move(proxy));
    }
    c.machine = {{"cpu", "test"}, {"cores", "2"}};
    cc::scoreCampaign(c, "fullCampaign");
    return c;
}

} // namespace cctest
