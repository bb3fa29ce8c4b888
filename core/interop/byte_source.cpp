#include "core/interop/byte_source.h"

#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace cc::interop {

namespace {

constexpr std::size_t kRawChunk = 1 << 20;

bool hasGzipMagic(const unsigned char* p, std::size_t n)
{
    return n >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

} // namespace

struct ByteSource::State {
    int fd = -1;
    Sha256 hash;
    std::string digest;
    bool rawEof = false;
    // Raw bytes read ahead (the sniffed first chunk, then gzip input).
    std::vector<unsigned char> in;
    std::size_t inPos = 0;
    std::size_t inLen = 0;
    z_stream zs{};
    bool zInit = false;
    bool zDone = false;
    bool memberEnded = false;
    std::thread hasher; ///< background hashing of a mapping
    std::atomic<std::size_t> backgroundHashed{0};
    std::atomic<std::size_t> consumed{0}; ///< how far the reader has come (the hasher stays near it)
    std::atomic<bool> stop{false};
};

ByteSource::ByteSource(const std::filesystem::path& path) : state_(std::make_unique<State>()), name_(path.string())
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        throw IoError(name_ + ": no such file");
    }
    if (std::filesystem::is_directory(path, ec)) {
        throw IoError(name_ + ": is a folder, not a file");
    }
    fileSize_ = std::filesystem::file_size(path, ec);
    if (ec) {
        throw IoError(name_ + ": cannot read size: " + ec.message());
    }
    state_->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (state_->fd < 0) {
        throw IoError(name_ + ": cannot open: " + std::strerror(errno));
    }
    ::posix_fadvise(state_->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    unsigned char magic[2] = {0, 0};
    const ssize_t sniffed = ::pread(state_->fd, magic, 2, 0);
    compressed_ = sniffed == 2 && hasGzipMagic(magic, 2);
    if (!compressed_ && fileSize_ > 0) {
        void* map = ::mmap(nullptr, fileSize_, PROT_READ, MAP_PRIVATE, state_->fd, 0);
        if (map != MAP_FAILED) {
            ::madvise(map, fileSize_, MADV_SEQUENTIAL);
            mapping_ = std::string_view(static_cast<const char*>(map), fileSize_);
            guard_ = MappingGuard(map, fileSize_, name_);
        }
    }
    state_->in.resize(kRawChunk);
    if (compressed_) {
        if (inflateInit2(&state_->zs, 16 + MAX_WBITS) != Z_OK) {
            throw IoError(name_ + ": zlib initialisation failed");
        }
        state_->zInit = true;
    }
}

ByteSource::~ByteSource()
{
    if (state_->hasher.joinable()) {
        state_->stop.store(true);
        state_->hasher.join();
    }
    if (state_->zInit) {
        inflateEnd(&state_->zs);
    }
    guard_ = MappingGuard();
    if (!mapping_.empty()) {
        ::munmap(const_cast<char*>(mapping_.data()), mapping_.size());
    }
    if (state_->fd >= 0) {
        ::close(state_->fd);
    }
}

void ByteSource::hashMappedInBackground()
{
    if (mapping_.empty() || hashed_ > 0 || state_->hasher.joinable()) {
        return;
    }
    State* s = state_.get();
    const std::string_view data = mapping_;
    s->hasher = std::thread([s, data] {
        constexpr std::size_t kChunk = 4u << 20;
        constexpr std::size_t kLead = 64u << 20; // pages hashed ahead of the reader stay resident
        std::size_t done = 0;
        while (done < data.size() && !s->stop.load(std::memory_order_relaxed)) {
            if (done > s->consumed.load(std::memory_order_acquire) + kLead) {
                std::this_thread::sleep_for(std::chrono::microseconds(200));
                continue;
            }
            const std::size_t take = std::min(kChunk, data.size() - done);
            s->hash.update(data.substr(done, take));
            if (done + take <= s->consumed.load(std::memory_order_acquire)) {
                // Behind the reader, this thread is the pages' last user (releaseMapped does not wait
                // for it): they go again at once, so resident memory stays bounded while it catches up.
                ::madvise(const_cast<char*>(data.data()) + done, take, MADV_DONTNEED);
            }
            done += take;
            s->backgroundHashed.store(done, std::memory_order_release);
        }
        if (done == data.size()) {
            s->digest = s->hash.hexDigest();
        }
    });
}

void ByteSource::hashMapped(std::size_t upTo)
{
    upTo = std::min(upTo, mapping_.size());
    if (state_->hasher.joinable()) {
        if (upTo == mapping_.size()) {
            state_->consumed.store(upTo, std::memory_order_release);
            state_->hasher.join(); // the digest is complete once the thread ends
            hashed_ = upTo;
            fileRead_ = upTo;
            decoded_ = upTo;
        }
        return;
    }
    if (upTo <= hashed_) {
        return;
    }
    state_->hash.update(mapping_.substr(hashed_, upTo - hashed_));
    hashed_ = upTo;
    fileRead_ = upTo;
    decoded_ = upTo;
    if (hashed_ == mapping_.size()) {
        state_->digest = state_->hash.hexDigest();
        state_->rawEof = true;
    }
}

std::uint64_t ByteSource::fileBytesRead() const
{
    if (state_->hasher.joinable()) {
        return state_->backgroundHashed.load(std::memory_order_acquire);
    }
    return fileRead_;
}

void ByteSource::releaseMapped(std::size_t below)
{
    constexpr std::size_t kPage = 4096;
    constexpr std::size_t kStep = 16u << 20; // release in large steps: few system calls
    if (below > state_->consumed.load(std::memory_order_relaxed)) {
        state_->consumed.store(below, std::memory_order_release);
    }
    // A hashing thread that is behind maps the pages again from the page cache (cheap minor faults)
    // and lets them go itself: waiting for it would keep every page between it and the reader.
    const std::size_t hashed = state_->hasher.joinable() ? mapping_.size() : hashed_;
    below = std::min(below, hashed) / kPage * kPage;
    if (mapping_.empty() || below < released_ + kStep) {
        return;
    }
    ::madvise(const_cast<char*>(mapping_.data()) + released_, below - released_, MADV_DONTNEED);
    released_ = below;
}

std::size_t ByteSource::readRaw(char* out, std::size_t capacity)
{
    State& s = *state_;
    if (s.rawEof) {
        return 0;
    }
    std::size_t total = 0;
    while (total < capacity) {
        ssize_t got = ::read(s.fd, out + total, capacity - total);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            throw IoError(name_ + ": read failed: " + std::strerror(errno));
        }
        if (got == 0) {
            s.rawEof = true;
            break;
        }
        total += static_cast<std::size_t>(got);
    }
    s.hash.update(std::string_view(out, total));
    fileRead_ += total;
    if (s.rawEof) {
        s.digest = s.hash.hexDigest();
    }
    return total;
}

std::size_t ByteSource::read(char* out, std::size_t capacity)
{
    State& s = *state_;
    if (capacity == 0) {
        return 0;
    }
    if (!compressed_) {
        if (!mapping_.empty()) {
            const std::size_t take = std::min(capacity, mapping_.size() - hashed_);
            std::memcpy(out, mapping_.data() + hashed_, take);
            hashMapped(hashed_ + take);
            return take;
        }
        const std::size_t produced = readRaw(out, capacity);
        decoded_ += produced;
        return produced;
    }
    if (s.zDone) {
        return 0;
    }
    std::size_t produced = 0;
    while (produced < capacity) {
        if (s.inPos == s.inLen && !s.rawEof) {
            s.inLen = readRaw(reinterpret_cast<char*>(s.in.data()), s.in.size());
            s.inPos = 0;
        }
        if (s.memberEnded) {
            // A gzip member ended: another member may follow, or the file ends here.
            if (s.inPos == s.inLen) {
                s.zDone = true;
                break;
            }
            if (s.inLen - s.inPos < 2 && !s.rawEof) {
                // Keep the partial magic and read more behind it.
                std::memmove(s.in.data(), s.in.data() + s.inPos, s.inLen - s.inPos);
                s.inLen -= s.inPos;
                s.inPos = 0;
                s.inLen += readRaw(reinterpret_cast<char*>(s.in.data()) + s.inLen, s.in.size() - s.inLen);
            }
            if (!hasGzipMagic(s.in.data() + s.inPos, s.inLen - s.inPos)) {
                throw InputError(name_, "unexpected bytes after the end of the gzip stream (offset " +
                                            std::to_string(fileRead_ - (s.inLen - s.inPos)) + ")");
            }
            inflateReset(&s.zs);
            s.memberEnded = false;
        }
        s.zs.next_in = s.in.data() + s.inPos;
        s.zs.avail_in = static_cast<uInt>(s.inLen - s.inPos);
        s.zs.next_out = reinterpret_cast<Bytef*>(out + produced);
        s.zs.avail_out = static_cast<uInt>(std::min<std::size_t>(capacity - produced, 1U << 30));
        const uInt availInBefore = s.zs.avail_in;
        const uInt availOutBefore = s.zs.avail_out;
        int status = inflate(&s.zs, Z_NO_FLUSH);
        s.inPos += availInBefore - s.zs.avail_in;
        produced += availOutBefore - s.zs.avail_out;
        checkGzipExpansion(name_, decoded_ + produced, fileRead_ - (s.inLen - s.inPos));
        if (status == Z_STREAM_END) {
            s.memberEnded = true;
            continue;
        }
        if (status == Z_BUF_ERROR) {
            if (s.inPos == s.inLen && s.rawEof) {
                throw InputError(name_, "truncated gzip data: the file ends inside the compressed stream");
            }
            continue;
        }
        if (status != Z_OK) {
            throw InputError(name_, std::string("corrupt gzip data (zlib: ") + (s.zs.msg ? s.zs.msg : "error") + ")");
        }
        if (s.inPos == s.inLen && s.rawEof && availOutBefore == s.zs.avail_out) {
            throw InputError(name_, "truncated gzip data: the file ends inside the compressed stream");
        }
    }
    decoded_ += produced;
    return produced;
}

std::string ByteSource::fileSha256() const
{
    if (state_->hasher.joinable()) {
        state_->consumed.store(mapping_.size(), std::memory_order_release);
        state_->hasher.join();
    }
    return state_->digest;
}

} // namespace cc::interop
