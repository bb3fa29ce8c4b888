// Streaming input for importers: a file read in chunks, transparently gunzipped, with the
// SHA-256 and size of the file's own bytes (as stored on disk) computed on the way.
#pragma once

#include "core/util/mapping_guard.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace cc::interop {

/// Reads a file sequentially. When the file starts with the gzip magic its content is inflated
/// (concatenated members included). The SHA-256 covers the bytes of the file as stored.
class ByteSource {
public:
    explicit ByteSource(const std::filesystem::path& path);
    ~ByteSource();
    ByteSource(const ByteSource&) = delete;
    ByteSource& operator=(const ByteSource&) = delete;

    /// Fills up to capacity bytes of decoded content; returns 0 only at the end of the content.
    /// Throws IoError on read failures and InputError on corrupt or truncated gzip data.
    std::size_t read(char* out, std::size_t capacity);

    bool compressed() const { return compressed_; }
    /// Decoded bytes delivered so far.
    std::uint64_t decodedBytes() const { return decoded_; }
    /// Bytes of the file consumed so far (equals fileSize() at the end).
    std::uint64_t fileBytesRead() const;
    std::uint64_t fileSize() const { return fileSize_; }
    /// SHA-256 (hex) of the whole file; valid once read() has returned 0 (or, mapped, once
    /// hashMapped has reached the end).
    std::string fileSha256() const;

    /// A plain (not gzip) regular file is also mapped into memory: readers that can work in
    /// place use the whole content from here, without copies, instead of read(). Empty when the
    /// file is compressed, empty or cannot be mapped.
    std::string_view mapping() const { return mapping_; }
    /// Hashes the mapped content up to offset (progressively, while the bytes are hot in cache).
    /// In background mode it only waits for the hashing thread once offset is the end.
    void hashMapped(std::size_t upTo);
    /// Hashes the whole mapping on a second thread while the caller parses (the digest is the
    /// same; only the wall time changes). Call before any hashMapped.
    void hashMappedInBackground();
    /// Lets the pages of the mapping below offset go (they are not needed again), so resident
    /// memory stays bounded while a large file streams through.
    void releaseMapped(std::size_t below);
    const std::string& name() const { return name_; }

private:
    std::size_t readRaw(char* out, std::size_t capacity);

    struct State;
    std::unique_ptr<State> state_;
    std::string_view mapping_;
    MappingGuard guard_; ///< a truncation by another program ends the process with a message, not a crash
    std::size_t hashed_ = 0;
    std::size_t released_ = 0;
    std::string name_;
    bool compressed_ = false;
    std::uint64_t decoded_ = 0;
    std::uint64_t fileRead_ = 0;
    std::uint64_t fileSize_ = 0;
};

} // namespace cc::interop
