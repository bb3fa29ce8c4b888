// The one way to make a Trace: add events, then finish(). Per-event rules are checked as
// events arrive, cross-event rules (timing semantics, timestamp/gap agreement) in finish().
// Diagnostics accumulate (up to a cap) and finish() throws InputError naming each.
#pragma once

#include "core/trace/trace.h"
#include "core/util/errors.h"
#include "core/util/progress.h"

#include <string>
#include <vector>

namespace cc {

class TraceBuilder {
public:
    explicit TraceBuilder(std::string sourceName);

    void setWorkloadJson(std::string json) { trace_.workloadJson = std::move(json); }
    void setSystemJson(std::string json) { trace_.systemJson = std::move(json); }
    void addTopLevelExtra(std::string key, std::string json);
    void reserve(std::size_t events);

    /// Adds an event (input order). Rule violations are recorded, not thrown.
    void add(const Event& event);

    /// Records a diagnostic found by a reader (e.g. a JSON type error) for event index.
    void fail(std::size_t eventIndex, std::string eventId, std::string field, std::string rule);

    std::size_t eventCount() const { return added_; }
    bool failed() const { return !diagnostics_.empty(); }

    /// Validates cross-event rules, sorts into canonical order and derives timing columns.
    /// Throws InputError with every diagnostic collected so far when anything was wrong.
    Trace finish(Progress& progress);

    static constexpr std::size_t kMaxDiagnostics = 50;

private:
    void diagnose(std::size_t eventIndex, std::string_view eventId, std::string field, std::string rule);

    Trace trace_;
    std::vector<Diagnostic> diagnostics_;
    std::size_t added_ = 0;
    std::size_t suppressed_ = 0;
    std::uint64_t rankSlots_ = 0;       ///< ranks summed over the events added so far
    bool rankSlotsRefused_ = false;
    std::vector<std::int32_t> members_; ///< scratch: sorted members of the event being added
    std::vector<std::int32_t> seen_;    ///< scratch: sorted arrival ranks of the event being added
};

} // namespace cc
