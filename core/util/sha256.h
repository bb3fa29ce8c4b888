// SHA-256 over bytes (OpenSSL libcrypto), as lowercase hex.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cc {

/// Incremental SHA-256.
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void update(std::string_view bytes);
    /// Finishes and returns the digest as 64 lowercase hex characters.
    std::string hexDigest();

private:
    void* context_;
};

/// One-shot SHA-256 of bytes, as 64 lowercase hex characters.
std::string sha256Hex(std::string_view bytes);

/// True when text is 64 lowercase hex characters.
bool isSha256Hex(std::string_view text);

} // namespace cc
