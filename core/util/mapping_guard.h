// A mapped input file that another program truncates while it is read makes the next touch of a
// page past the new end raise SIGBUS, which would end the process as a crash with no word about
// why. While a MappingGuard lives, a SIGBUS inside its range ends the process instead with exit
// status 3 (the code of an unreadable input) and one line on stderr naming the file and the rule.
// Outputs are written atomically (core/util/atomic_file.h), so nothing partial is left at an
// output path; a temporary file of the interrupted write is removed by the next run that writes
// the same path. A SIGBUS outside every guarded range keeps its default action.
#pragma once

#include <cstddef>
#include <string>

namespace cc {

class MappingGuard {
public:
    MappingGuard() = default;
    /// Guards [data, data + size), a mapping of the file called name (shown as given).
    MappingGuard(const void* data, std::size_t size, const std::string& name);
    ~MappingGuard();
    MappingGuard(const MappingGuard&) = delete;
    MappingGuard& operator=(const MappingGuard&) = delete;
    MappingGuard(MappingGuard&& other) noexcept;
    MappingGuard& operator=(MappingGuard&& other) noexcept;

    /// False when every slot was taken (the mapping is then unguarded, as before).
    bool active() const { return slot_ >= 0; }

private:
    void reset();
    int slot_ = -1;
};

/// The exit status a guarded SIGBUS ends the process with.
inline constexpr int kTruncatedInputExitCode = 3;

} // namespace cc
