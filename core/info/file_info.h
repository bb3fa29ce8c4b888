// `info`: what a file is and its key facts, for every format the product knows.
// Each format contributes a describer; the first that recognises the file answers.
#pragma once

#include "core/util/progress.h"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

struct FileInfo {
    std::string kind;   ///< e.g. "commcanary.trace.v1", "kineto profile", "unknown"
    std::vector<std::pair<std::string, std::string>> facts; ///< key -> value, in display order
};

/// A describer looks at the file's format tag (may be empty) and its bytes; returns false when
/// the file is not its format.
using FileDescriber = std::function<bool(const std::filesystem::path& path, std::string_view formatTag,
                                         std::string_view bytes, FileInfo& info, Progress& progress)>;

/// Registers a describer (call once, e.g. from a format's own source file through
/// FileDescriberRegistration). Describers are tried in registration order.
void registerFileDescriber(std::string name, FileDescriber describer);

/// Describes a file: size, SHA-256, and the recognising format's facts. Throws IoError/InputError.
FileInfo describeFile(const std::filesystem::path& path, Progress& progress);

/// The value of a top-level "format" key near the start of a JSON document ("" when none).
std::string sniffFormatTag(std::string_view bytes);

} // namespace cc
