#include "core/util/errors.h"

#include <algorithm>

namespace cc {

namespace {

std::string joinMessages(const std::vector<Diagnostic>& diagnostics)
{
    std::string text;
    for (std::size_t i = 0; i < diagnostics.size(); ++i) {
        if (i > 0) {
            text += '\n';
        }
        text += diagnostics[i].message();
    }
    return text;
}

} // namespace

std::string Diagnostic::message() const
{
    std::string text = file.empty() ? std::string("<input>") : file;
    if (event != kNoEvent) {
        text += ": event ";
        text += std::to_string(event);
        if (!eventId.empty()) {
            text += " (id \"";
            text += eventId;
            text += "\")";
        }
    }
    if (!field.empty()) {
        text += ": field ";
        text += field;
    }
    text += ": ";
    text += rule;
    return text;
}

InputError::InputError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(joinMessages(diagnostics)), diagnostics_(std::move(diagnostics))
{
}

InputError::InputError(Diagnostic diagnostic) : InputError(std::vector<Diagnostic>{std::move(diagnostic)}) {}

InputError::InputError(std::string file, std::string rule)
    : InputError(Diagnostic{std::move(file), kNoEvent, {}, {}, std::move(rule)})
{
}

std::string someNames(std::vector<std::string> names, std::size_t shown)
{
    std::sort(names.begin(), names.end());
    std::string text;
    for (std::size_t k = 0; k < names.size() && k < shown; ++k) {
        text += (k == 0 ? "" : ", ") + names[k];
    }
    if (names.size() > shown) {
        text += " and " + std::to_string(names.size() - shown) + " more";
    }
    return text;
}

} // namespace cc
