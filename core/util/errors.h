// Structured input errors: one clear message naming the file, the event (index and id)
// or JSON path, the field and the rule broken.
#pragma once

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace cc {

inline constexpr std::size_t kNoEvent = std::numeric_limits<std::size_t>::max();

struct Diagnostic {
    std::string file;             ///< the input file (or a name such as "<generated>")
    std::size_t event = kNoEvent; ///< index in the input as given (not canonical order)
    std::string eventId;          ///< the event's id when it has one
    std::string field;            ///< the field or JSON path
    std::string rule;             ///< the rule that was broken, in words

    std::string message() const;
};

/// Bad input. Carries every diagnostic found (up to a cap); what() is the joined text.
class InputError : public std::runtime_error {
public:
    explicit InputError(std::vector<Diagnostic> diagnostics);
    explicit InputError(Diagnostic diagnostic);
    /// A plain error about a file (or other input) that is not about one event.
    InputError(std::string file, std::string rule);

    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    std::vector<Diagnostic> diagnostics_;
};

/// Input or output failed at the operating-system level (missing file, disk full, ...).
class IoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A valid input whose answer is negative (a regression, a failed verification, a budget not met).
/// The CLI maps it to exit code 1.
class NegativeResult : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Names for a message: sorted, the first `shown` of them joined by ", ", then " and N more" when
/// there are more ("a, b, c and 4 more").
std::string someNames(std::vector<std::string> names, std::size_t shown = 3);

} // namespace cc
