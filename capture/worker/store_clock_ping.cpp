#include "capture/worker/store_clock_ping.h"

#include "capture/worker/time_marks.h"

#include <charconv>
#include <stdexcept>

namespace cc::capture::worker {

namespace {

std::string key(const std::string& round, int rank, int sample, const char* what)
{
    return "commcanary/clock/" + round + "/" + std::to_string(rank) + "/" + std::to_string(sample) + "/" + what;
}

std::vector<std::uint8_t> bytes(const std::string& text)
{
    return {text.begin(), text.end()};
}

} // namespace

std::vector<PingSample> storeClockPing(c10d::Store& store, const std::string& round, int rank, int worldSize,
                                       int samples)
{
    std::vector<PingSample> out;
    if (rank == 0) {
        // Answer the ranks in order; a rank whose ping is already waiting is answered at once,
        // which only widens that sample's bounds (its reference read still lies between its
        // send and its receive).
        for (int r = 1; r < worldSize; ++r) {
            for (int s = 0; s < samples; ++s) {
                store.wait({key(round, r, s, "ping")});
                const Ns reference = hostNow();
                store.set(key(round, r, s, "pong"), bytes(std::to_string(reference)));
            }
        }
        return out;
    }
    for (int s = 0; s < samples; ++s) {
        PingSample sample;
        sample.sendLocal = hostNow();
        store.set(key(round, rank, s, "ping"), bytes("1"));
        const std::vector<std::uint8_t> answer = store.get(key(round, rank, s, "pong"));
        sample.receiveLocal = hostNow();
        const std::string text(answer.begin(), answer.end());
        Ns reference = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), reference);
        if (ec != std::errc() || ptr != text.data() + text.size()) {
            throw std::runtime_error("clock ping: rank 0 answered \"" + text + "\", not a clock reading");
        }
        sample.reference = reference;
        out.push_back(sample);
    }
    return out;
}

} // namespace cc::capture::worker
