// `info`: what a file is and its key facts, for every format the product knows. This folder sits
// above the formats: it detects a file's format from its first bytes and calls that format's
// reader and facts directly (no registry).
#pragma once

#include "core/util/progress.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

struct FileInfo {
    std::string kind;                                       ///< e.g. "commcanary.trace.v1", "unknown"
    std::vector<std::pair<std::string, std::string>> facts; ///< key -> value, in display order
};

/// The formats a file can claim by its "format" tag.
enum class FileFormat : std::uint8_t {
    Unknown, ///< JSON without a tag the product knows (a Kineto profile, a trace of another tool, ...)
    Trace,
    Normalized,
    Canary,
    Report,
    Verification,
    ConfigSet,
    Campaign, ///< a physical campaign's results (commcanary-workbench.campaign.v1)
};

struct FileDetection {
    FileFormat format = FileFormat::Unknown;
    std::string tag; ///< the "format" value near the start ("" when none)
};

/// Detects the format from the first bytes of a document (already gunzipped). Throws InputError
/// naming source, the byte offset and what the bytes look like ("a PNG image", "UTF-16 text", as
/// core/util/json knows them) when they cannot start a JSON document.
FileDetection detectFormat(std::string_view head, const std::string& source);

/// Reads the start of the file (the start of its decompressed text when it is gzip) and detects
/// its format. Throws IoError when the file cannot be read, InputError as detectFormat.
FileDetection detectFileFormat(const std::filesystem::path& path);

/// Describes a file: size, SHA-256, and the facts of its format, read with that format's strict
/// reader. Throws IoError, or InputError (file, JSON path or byte offset, line and column, rule)
/// when the file is not JSON, breaks JSON's grammar, or breaks its format's rules.
FileInfo describeFile(const std::filesystem::path& path, Progress& progress);

/// The value of a "format" key within the first 64 KiB of a JSON document ("" when none).
std::string sniffFormatTag(std::string_view bytes);

} // namespace cc
