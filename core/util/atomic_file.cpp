#include "core/util/atomic_file.h"

#include "core/util/errors.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <unistd.h>

namespace cc {

namespace fs = std::filesystem;

namespace {

std::string errnoText() { return std::strerror(errno); }

std::string temporaryName(const fs::path& target)
{
    static thread_local std::mt19937_64 generator{std::random_device{}()};
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%016llx.tmp", static_cast<unsigned long long>(generator()));
    return target.filename().string() + suffix;
}

} // namespace

void writeFileAtomic(const fs::path& path, std::string_view bytes)
{
    fs::path directory = path.parent_path();
    if (directory.empty()) {
        directory = ".";
    }
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) {
        throw IoError(path.string() + ": cannot write: folder " + directory.string() + " does not exist");
    }
    fs::path temporary = directory / ("." + temporaryName(path));
    int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw IoError(path.string() + ": cannot create temporary file: " + errnoText());
    }
    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            std::string reason = errnoText();
            ::close(fd);
            ::unlink(temporary.c_str());
            throw IoError(path.string() + ": write failed: " + reason);
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        std::string reason = errnoText();
        ::unlink(temporary.c_str());
        throw IoError(path.string() + ": flush failed: " + reason);
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        std::string reason = errnoText();
        ::unlink(temporary.c_str());
        throw IoError(path.string() + ": rename failed: " + reason);
    }
}

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(std::string_view bytes, const std::string& sourceName, std::uint64_t maxBytes)
{
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {
        throw IoError(sourceName + ": zlib initialisation failed");
    }
    std::string out;
    out.resize(std::min<std::uint64_t>(maxBytes, std::max<std::uint64_t>(bytes.size() * 4, 1 << 16)));
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    stream.avail_in = static_cast<uInt>(bytes.size());
    std::size_t produced = 0;
    int status = Z_OK;
    while (true) {
        if (produced == out.size()) {
            if (out.size() >= maxBytes) {
                inflateEnd(&stream);
                throw InputError(sourceName, "gzip content is larger than the limit of " + std::to_string(maxBytes) + " bytes");
            }
            out.resize(std::min<std::uint64_t>(maxBytes, out.size() * 2));
        }
        stream.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
        stream.avail_out = static_cast<uInt>(std::min<std::size_t>(out.size() - produced, 1U << 30));
        std::size_t before = stream.avail_out;
        status = inflate(&stream, Z_NO_FLUSH);
        produced += before - stream.avail_out;
        if (status == Z_STREAM_END) {
            // Concatenated gzip members: continue with the next one if input remains.
            if (stream.avail_in > 0 && isGzip(std::string_view(reinterpret_cast<const char*>(stream.next_in), stream.avail_in))) {
                inflateReset(&stream);
                continue;
            }
            break;
        }
        if (status != Z_OK && status != Z_BUF_ERROR) {
            inflateEnd(&stream);
            throw InputError(sourceName, "corrupt gzip data (zlib error " + std::to_string(status) + ")");
        }
        if (status == Z_BUF_ERROR && stream.avail_in == 0) {
            inflateEnd(&stream);
            throw InputError(sourceName, "truncated gzip data");
        }
    }
    inflateEnd(&stream);
    out.resize(produced);
    return out;
}

std::string readFileBounded(const fs::path& path, std::uint64_t maxBytes)
{
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        throw IoError(path.string() + ": no such file");
    }
    if (fs::is_directory(path, ec)) {
        throw IoError(path.string() + ": is a folder, not a file");
    }
    auto size = fs::file_size(path, ec);
    if (ec) {
        throw IoError(path.string() + ": cannot read size: " + ec.message());
    }
    if (size > maxBytes) {
        throw InputError(path.string(), "file is " + std::to_string(size) + " bytes, larger than the limit of " +
                                            std::to_string(maxBytes) + " bytes");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw IoError(path.string() + ": cannot open: " + errnoText());
    }
    std::string bytes;
    bytes.resize(size);
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    if (static_cast<std::uint64_t>(in.gcount()) != size) {
        throw IoError(path.string() + ": short read");
    }
    if (isGzip(bytes)) {
        return gunzip(bytes, path.string(), maxBytes);
    }
    return bytes;
}

} // namespace cc
