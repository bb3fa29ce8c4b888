// Atomic artifact writes: a temporary file in the same folder, flushed, then renamed over the
// target, so a crash never leaves half a file. Reads are bounded by a size limit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace cc {

/// Writes bytes to path atomically. Throws IoError naming the path on failure; on failure the
/// target is untouched and no temporary file is left behind.
void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes);

/// Reads a whole file. Throws IoError when it cannot be read, InputError when it is larger
/// than maxBytes. Transparently gunzips files that start with the gzip magic.
std::string readFileBounded(const std::filesystem::path& path, std::uint64_t maxBytes);

/// True when the bytes start with the gzip magic number.
bool isGzip(std::string_view bytes);

/// Inflates a gzip stream; throws InputError (naming sourceName) when corrupt or when the
/// output would exceed maxBytes.
std::string gunzip(std::string_view bytes, const std::string& sourceName, std::uint64_t maxBytes);

} // namespace cc
