#include "core/util/atomic_file.h"

#include "core/util/errors.h"
#include "core/util/limits.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <limits>
#include <mutex>
#include <optional>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cc {

namespace fs = std::filesystem;

namespace {

/// Bytes written, read or inflated between two cancellation checks.
constexpr std::size_t kPieceBytes = std::size_t{8} << 20;

/// A hidden temporary of an earlier version is removed once it is this old (its writer is gone).
constexpr auto kLegacyTemporaryAge = std::chrono::hours(1);

constexpr std::string_view kPreviousMarker = ".previous-";

const NullProgress kNoProgress;

std::string errnoText(int error)
{
    return std::strerror(error);
}

/// Why a write failed, in words: a full disk or an exhausted quota said plainly.
std::string writeFailure(const fs::path& path, std::string_view what, int error)
{
    if (error == ENOSPC) {
        return path.string() + ": " + std::string(what) + " failed: no space left on the device";
    }
    if (error == EDQUOT) {
        return path.string() + ": " + std::string(what) + " failed: no space left in the disk quota";
    }
    return path.string() + ": " + std::string(what) + " failed: " + errnoText(error);
}

/// Every temporary this process is writing, and every target it has renamed into place.
struct Registry {
    std::mutex mutex;
    bool stopped = false;
    std::vector<fs::path> inFlight;
    std::vector<fs::path> committed;
};

Registry& registry()
{
    // Never destroyed: an interrupt may need it while static objects are being destroyed.
    static Registry* instance = new Registry;
    return *instance;
}

bool isInFlight(const Registry& r, const fs::path& temporary)
{
    return std::find(r.inFlight.begin(), r.inFlight.end(), temporary) != r.inFlight.end();
}

/// Registers temporary as this process's; throws Cancelled after stopAtomicWrites(), IoError when
/// this process is already writing it (two writes of one target at once).
void claim(const fs::path& target, const fs::path& temporary)
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (r.stopped) {
        throw Cancelled();
    }
    if (isInFlight(r, temporary)) {
        throw IoError(target.string() + ": is already being written by this process");
    }
    r.inFlight.push_back(temporary);
}

void release(const fs::path& temporary)
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    auto found = std::find(r.inFlight.begin(), r.inFlight.end(), temporary);
    if (found != r.inFlight.end()) {
        r.inFlight.erase(found);
    }
}

/// path with trailing separators removed ("out/" names the folder "out").
fs::path withoutTrailingSeparator(const fs::path& path)
{
    std::string text = path.string();
    while (text.size() > 1 && text.back() == '/') {
        text.pop_back();
    }
    return text;
}

fs::path folderOf(const fs::path& target)
{
    fs::path folder = target.parent_path();
    return folder.empty() ? fs::path(".") : folder;
}

/// The file name of a target, refusing paths that name no file ("", ".", "..", "dir/").
std::string targetName(const fs::path& target, const fs::path& given)
{
    const std::string name = target.filename().string();
    if (given.empty()) {
        throw IoError("cannot write: the output path is empty");
    }
    if (name.empty() || name == "." || name == "..") {
        throw IoError(given.string() + ": cannot write: the path names no file");
    }
    return name;
}

void requireFolder(const fs::path& target, const fs::path& folder)
{
    struct stat st {};
    if (::stat(folder.c_str(), &st) != 0) {
        throw IoError(target.string() + ": cannot write: the folder " + folder.string() + " does not exist");
    }
    if (!S_ISDIR(st.st_mode)) {
        throw IoError(target.string() + ": cannot write: " + folder.string() + " is not a folder");
    }
}

/// "<digits>" as a pid; false for anything else (signs, spaces, overflow, 0).
bool parsePid(std::string_view digits, long long* pid)
{
    if (digits.empty() || digits.size() > 10 || digits.find_first_not_of("0123456789") != std::string_view::npos) {
        return false;
    }
    long long value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (value <= 0 || value > INT_MAX) {
        return false;
    }
    *pid = value;
    return true;
}

/// Whether a process could still be writing: alive, and not a zombie (a zombie writes nothing).
bool processAlive(long long pid)
{
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM) {
        return false;
    }
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (stat && std::getline(stat, line)) {
        const auto close = line.rfind(')');
        if (close != std::string::npos && close + 2 < line.size() &&
            (line[close + 2] == 'Z' || line[close + 2] == 'X')) {
            return false;
        }
    }
    return true;
}

/// Whether "<prefix><pid>" names a temporary no live writer owns.
bool staleOwner(std::string_view name, std::string_view prefix, const fs::path& path)
{
    long long pid = 0;
    if (!name.starts_with(prefix) || !parsePid(name.substr(prefix.size()), &pid)) {
        return false;
    }
    if (pid == static_cast<long long>(::getpid())) {
        // This process's own name: stale only when it is not writing it now (an earlier process
        // had the same pid).
        Registry& r = registry();
        std::lock_guard lock(r.mutex);
        return !isInFlight(r, path);
    }
    return !processAlive(pid);
}

/// ".NAME.<16 hex>.tmp", the hidden temporary of earlier versions.
bool isLegacyTemporary(std::string_view entry, std::string_view name)
{
    if (entry.size() != 1 + name.size() + 1 + 16 + 4 || entry[0] != '.' || entry.substr(1, name.size()) != name ||
        entry[1 + name.size()] != '.' || !entry.ends_with(".tmp")) {
        return false;
    }
    const std::string_view hex = entry.substr(name.size() + 2, 16);
    return hex.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

void syncFolder(const fs::path& folder)
{
    // Best effort: makes the rename durable; a file system that cannot sync folders still renamed.
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)::fsync(fd);
        ::close(fd);
    }
}

/// Writes bytes at the file's current end, in pieces of kPieceBytes with a cancellation check
/// before each. Throws IoError naming target.
void writePieces(int fd, const fs::path& target, std::string_view bytes, const Progress& progress)
{
    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        progress.check();
        const std::size_t piece = std::min(left, kPieceBytes);
        std::size_t pieceLeft = piece;
        while (pieceLeft > 0) {
            const ssize_t written = ::write(fd, data, pieceLeft);
            if (written < 0) {
                if (errno == EINTR) {
                    continue;
                }
                throw IoError(writeFailure(target, "write", errno));
            }
            data += written;
            pieceLeft -= static_cast<std::size_t>(written);
        }
        left -= piece;
    }
}

/// The last cancellation check, then the file's bytes to the device.
void flushWritten(int fd, const fs::path& target, const Progress& progress)
{
    progress.check();
    if (::fsync(fd) != 0) {
        throw IoError(writeFailure(target, "flush", errno));
    }
}

/// Writes bytes to an open fd in pieces with a cancellation check between them, after reserving
/// the space (so a full disk fails before anything is written). Throws IoError naming target.
void writeAll(int fd, const fs::path& target, std::string_view bytes, const Progress& progress)
{
    if (!bytes.empty()) {
        // fallocate, not posix_fallocate: no slow emulation where the file system cannot reserve.
        if (::fallocate(fd, 0, 0, static_cast<off_t>(bytes.size())) != 0 && (errno == ENOSPC || errno == EDQUOT)) {
            throw IoError(writeFailure(target, "write", errno));
        }
    }
    writePieces(fd, target, bytes, progress);
    flushWritten(fd, target, progress);
}

/// Removes a temporary (file or folder) and forgets it, on every path out of a write that did not
/// commit.
class TemporaryGuard {
public:
    explicit TemporaryGuard(fs::path temporary) : temporary_(std::move(temporary)) {}
    ~TemporaryGuard()
    {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        if (armed_) {
            std::error_code ec;
            fs::remove_all(temporary_, ec);
            release(temporary_);
        }
    }
    TemporaryGuard(const TemporaryGuard&) = delete;
    TemporaryGuard& operator=(const TemporaryGuard&) = delete;
    void setFd(int fd) { fd_ = fd; }
    /// Closes the file; throws IoError (a delayed write error, such as a full disk on NFS).
    void close(const fs::path& target)
    {
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) {
            throw IoError(writeFailure(target, "flush", errno));
        }
    }
    void disarm() { armed_ = false; }

private:
    fs::path temporary_;
    int fd_ = -1;
    bool armed_ = true;
};

/// Opens a new file for writing; a leftover of the same name (an earlier process with this pid)
/// is replaced.
int createFile(const fs::path& file, const fs::path& target)
{
    int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EEXIST) {
        ::unlink(file.c_str());
        fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    }
    if (fd < 0) {
        throw IoError(writeFailure(target, "creating " + file.filename().string(), errno));
    }
    return fd;
}

/// Renames under the registry lock, so an interrupt sees a write either committed or not.
void commitRename(const fs::path& temporary, const fs::path& target, const Progress& progress)
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (r.stopped || progress.cancelled()) {
        throw Cancelled();
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        throw IoError(target.string() + ": rename failed: " + errnoText(errno));
    }
    auto found = std::find(r.inFlight.begin(), r.inFlight.end(), temporary);
    if (found != r.inFlight.end()) {
        r.inFlight.erase(found);
    }
    r.committed.push_back(target);
}

} // namespace

fs::path partialPathFor(const fs::path& target)
{
    const fs::path clean = withoutTrailingSeparator(target);
    return folderOf(clean) / (clean.filename().string() + std::string(kPartialMarker) + std::to_string(::getpid()));
}

bool isPartialName(std::string_view name, std::string* base, long long* pid)
{
    const auto marker = name.rfind(kPartialMarker);
    long long value = 0;
    if (marker == std::string_view::npos || marker == 0 ||
        !parsePid(name.substr(marker + kPartialMarker.size()), &value)) {
        return false;
    }
    if (base != nullptr) {
        *base = std::string(name.substr(0, marker));
    }
    if (pid != nullptr) {
        *pid = value;
    }
    return true;
}

std::size_t removeStalePartials(const fs::path& given)
{
    const fs::path target = withoutTrailingSeparator(given);
    const std::string name = target.filename().string();
    if (name.empty() || name == "." || name == "..") {
        return 0;
    }
    const fs::path folder = folderOf(target);
    const std::string partial = name + std::string(kPartialMarker);
    const std::string previous = name + std::string(kPreviousMarker);
    std::size_t removed = 0;
    std::error_code ec;
    std::vector<fs::path> stale;
    std::vector<fs::path> previousFolders;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path path = it->path();
        const std::string entry = path.filename().string();
        if (staleOwner(entry, partial, path)) {
            stale.push_back(path);
        } else if (staleOwner(entry, previous, path)) {
            previousFolders.push_back(path);
        } else if (isLegacyTemporary(entry, name)) {
            std::error_code timeError;
            const auto written = fs::last_write_time(path, timeError);
            if (!timeError && fs::file_time_type::clock::now() - written > kLegacyTemporaryAge) {
                stale.push_back(path);
            }
        }
    }
    for (const auto& path : stale) {
        std::error_code removeError;
        if (fs::remove_all(path, removeError) > 0 && !removeError) {
            ++removed;
        }
    }
    // A folder renamed aside by a replace that did not finish: the new folder never arrived when
    // the target is missing, so the previous one goes back; otherwise it was replaced.
    for (const auto& path : previousFolders) {
        std::error_code existsError;
        if (!fs::exists(fs::symlink_status(target, existsError)) && ::rename(path.c_str(), target.c_str()) == 0) {
            continue;
        }
        std::error_code removeError;
        if (fs::remove_all(path, removeError) > 0 && !removeError) {
            ++removed;
        }
    }
    return removed;
}

namespace {

/// The one way a file is written atomically: write(fd) fills the temporary, which then replaces path.
void writeThroughTemporary(const fs::path& path, const Progress& progress, const std::function<void(int)>& write)
{
    (void)targetName(path, path);
    const fs::path folder = folderOf(path);
    requireFolder(path, folder);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        throw IoError(path.string() + ": cannot write: it is a folder");
    }
    progress.check();
    removeStalePartials(path);
    const fs::path temporary = partialPathFor(path);
    claim(path, temporary);
    TemporaryGuard guard(temporary);
    const int fd = createFile(temporary, path);
    guard.setFd(fd);
    write(fd);
    guard.close(path);
    commitRename(temporary, path, progress);
    guard.disarm();
    syncFolder(folder);
}

} // namespace

void writeFileAtomic(const fs::path& path, std::string_view bytes, const Progress& progress)
{
    writeThroughTemporary(path, progress, [&](int fd) { writeAll(fd, path, bytes, progress); });
}

void writeFileAtomicStreamed(const fs::path& path, const std::function<void(const ByteSink&)>& produce,
                             const Progress& progress)
{
    writeThroughTemporary(path, progress, [&](int fd) {
        produce([&](std::string_view bytes) { writePieces(fd, path, bytes, progress); });
        flushWritten(fd, path, progress);
    });
}

void writeFileAtomic(const fs::path& path, std::string_view bytes)
{
    writeFileAtomic(path, bytes, kNoProgress);
}

AtomicFolder::AtomicFolder(fs::path dir) : target_(withoutTrailingSeparator(dir))
{
    (void)targetName(target_, dir);
    const fs::path folder = folderOf(target_);
    requireFolder(target_, folder);
    struct stat st {};
    if (::lstat(target_.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) {
        throw IoError(target_.string() + ": cannot write the folder: a file of that name exists");
    }
    removeStalePartials(target_);
    staging_ = partialPathFor(target_);
    claim(target_, staging_);
    std::error_code ec;
    fs::remove_all(staging_, ec); // a leftover of an earlier process with this pid
    if (::mkdir(staging_.c_str(), 0755) != 0) {
        const int error = errno;
        release(staging_);
        throw IoError(writeFailure(target_, "creating the folder " + staging_.filename().string(), error));
    }
}

AtomicFolder::~AtomicFolder()
{
    if (!committed_) {
        std::error_code ec;
        fs::remove_all(staging_, ec);
        release(staging_);
    }
}

void AtomicFolder::write(const std::string& name, std::string_view bytes, const Progress& progress)
{
    if (committed_) {
        throw IoError(target_.string() + ": the folder was already written");
    }
    const fs::path file = staging_ / name;
    const fs::path shown = target_ / name;
    const int fd = createFile(file, shown);
    try {
        writeAll(fd, shown, bytes, progress);
    } catch (...) {
        ::close(fd);
        ::unlink(file.c_str());
        throw;
    }
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(file.c_str());
        throw IoError(writeFailure(shown, "flush", error));
    }
}

void AtomicFolder::commit(const Progress& progress)
{
    if (committed_) {
        return;
    }
    syncFolder(staging_);
    const fs::path folder = folderOf(target_);
    fs::path replaced; // the previous folder, to remove once the new one is in place
    {
        Registry& r = registry();
        std::lock_guard lock(r.mutex);
        if (r.stopped || progress.cancelled()) {
            throw Cancelled();
        }
        struct stat st {};
        if (::lstat(target_.c_str(), &st) != 0) {
            if (::rename(staging_.c_str(), target_.c_str()) != 0) {
                throw IoError(target_.string() + ": rename failed: " + errnoText(errno));
            }
            r.inFlight.erase(std::find(r.inFlight.begin(), r.inFlight.end(), staging_));
        } else if (!S_ISDIR(st.st_mode)) {
            throw IoError(target_.string() + ": cannot write the folder: a file of that name exists");
        } else if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
            // One step: the staging name now holds the previous folder (still registered, so an
            // interrupt removes it too).
            replaced = staging_;
        } else if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP) {
            // No exchange on this file system: the previous folder is renamed aside first. Killed
            // between the two renames, the target is missing and the next write of it renames the
            // previous folder back (removeStalePartials).
            const fs::path previous =
                folder / (target_.filename().string() + std::string(kPreviousMarker) + std::to_string(::getpid()));
            std::error_code ec;
            fs::remove_all(previous, ec);
            if (::rename(target_.c_str(), previous.c_str()) != 0) {
                throw IoError(target_.string() + ": cannot move the previous folder aside: " + errnoText(errno));
            }
            r.inFlight.push_back(previous);
            if (::rename(staging_.c_str(), target_.c_str()) != 0) {
                const int error = errno;
                (void)::rename(previous.c_str(), target_.c_str());
                r.inFlight.pop_back();
                throw IoError(target_.string() + ": rename failed: " + errnoText(error));
            }
            r.inFlight.erase(std::find(r.inFlight.begin(), r.inFlight.end(), staging_));
            replaced = previous;
        } else {
            throw IoError(target_.string() + ": rename failed: " + errnoText(errno));
        }
        r.committed.push_back(target_);
        committed_ = true;
    }
    syncFolder(folder);
    if (!replaced.empty()) {
        std::error_code ec;
        fs::remove_all(replaced, ec);
        release(replaced);
    }
}

void stopAtomicWrites()
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.stopped = true;
}

void abandonAtomicWrites()
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.stopped = true; // so no write commits afterwards, whether or not its temporary is still there
    for (const auto& path : r.inFlight) {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    r.inFlight.clear();
}

std::vector<fs::path> committedAtomicWrites()
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    return r.committed;
}

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(std::string_view bytes, const std::string& sourceName, std::uint64_t maxBytes,
                   const Progress& progress)
{
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {
        throw IoError(sourceName + ": zlib initialisation failed");
    }
    struct End {
        z_stream* s;
        ~End() { inflateEnd(s); }
    } end{&stream};
    std::string out;
    out.resize(std::min<std::uint64_t>(maxBytes, std::max<std::uint64_t>(bytes.size() * 4, 1 << 16)));
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    stream.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size(), 1U << 30));
    std::size_t inputLeft = bytes.size() - stream.avail_in;
    std::size_t produced = 0;
    int status = Z_OK;
    while (true) {
        progress.check();
        if (stream.avail_in == 0 && inputLeft > 0) {
            stream.avail_in = static_cast<uInt>(std::min<std::size_t>(inputLeft, 1U << 30));
            inputLeft -= stream.avail_in;
        }
        if (produced == out.size()) {
            if (out.size() >= maxBytes) {
                throw InputError(sourceName,
                                 "gzip content is larger than the limit of " + std::to_string(maxBytes) + " bytes");
            }
            out.resize(std::min<std::uint64_t>(maxBytes, out.size() * 2));
        }
        stream.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
        stream.avail_out = static_cast<uInt>(std::min<std::size_t>(out.size() - produced, kPieceBytes));
        std::size_t before = stream.avail_out;
        status = inflate(&stream, Z_NO_FLUSH);
        produced += before - stream.avail_out;
        checkGzipExpansion(sourceName, produced, bytes.size() - inputLeft - stream.avail_in);
        if (status == Z_STREAM_END) {
            if (stream.avail_in == 0 && inputLeft > 0) {
                stream.avail_in = static_cast<uInt>(std::min<std::size_t>(inputLeft, 1U << 30));
                inputLeft -= stream.avail_in;
            }
            // Concatenated gzip members: continue with the next one if input remains.
            if (stream.avail_in > 0 &&
                isGzip(std::string_view(reinterpret_cast<const char*>(stream.next_in), stream.avail_in))) {
                inflateReset(&stream);
                continue;
            }
            break;
        }
        if (status != Z_OK && status != Z_BUF_ERROR) {
            throw InputError(sourceName, "corrupt gzip data (zlib error " + std::to_string(status) + ")");
        }
        if (status == Z_BUF_ERROR && stream.avail_in == 0 && inputLeft == 0) {
            throw InputError(sourceName, "truncated gzip data");
        }
    }
    out.resize(produced);
    return out;
}

std::string gunzip(std::string_view bytes, const std::string& sourceName, std::uint64_t maxBytes)
{
    return gunzip(bytes, sourceName, maxBytes, kNoProgress);
}

namespace {

/// Opens a regular file for reading, refusing one larger than maxBytes; the caller closes the descriptor.
int openBounded(const fs::path& path, std::uint64_t maxBytes, std::uint64_t& size)
{
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        throw IoError(path.string() + ": no such file");
    }
    if (fs::is_directory(path, ec)) {
        throw IoError(path.string() + ": is a folder, not a file");
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        throw IoError(path.string() + ": cannot open: " + errnoText(errno));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int error = errno;
        ::close(fd);
        throw IoError(path.string() + ": cannot read size: " + errnoText(error));
    }
    size = static_cast<std::uint64_t>(st.st_size);
    if (size > maxBytes) {
        ::close(fd);
        throw InputError(path.string(), "file is " + std::to_string(size) + " bytes, larger than the limit of " +
                                            std::to_string(maxBytes) + " bytes");
    }
    return fd;
}

struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
};

bool isRegularFile(int fd)
{
    struct stat st {};
    return ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

/// Reads fd: a regular file's `size` bytes (fewer is a short read), or a pipe, terminal or socket
/// to its end, refused once it passes maxBytes (its size says nothing: a pipe's is 0). Gzip content
/// is inflated.
std::string readAllBounded(int fd, const fs::path& path, std::optional<std::uint64_t> size, std::uint64_t maxBytes,
                           const Progress& progress)
{
    std::string bytes;
    if (size) {
        bytes.reserve(*size);
    }
    const std::uint64_t want = size.value_or(std::numeric_limits<std::uint64_t>::max());
    std::size_t done = 0;
    while (done < want) {
        progress.check();
        if (bytes.size() == done) {
            bytes.resize(done + static_cast<std::size_t>(std::min<std::uint64_t>(want - done, kPieceBytes)));
        }
        const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            throw IoError(path.string() + ": read failed: " + errnoText(errno));
        }
        if (got == 0) {
            break;
        }
        done += static_cast<std::size_t>(got);
        if (done > maxBytes) {
            throw InputError(path.string(), "input is larger than the limit of " + std::to_string(maxBytes) +
                                                " bytes (read as a stream)");
        }
    }
    if (size && done != *size) {
        throw IoError(path.string() + ": short read");
    }
    bytes.resize(done);
    if (isGzip(bytes)) {
        return gunzip(bytes, path.string(), maxBytes, progress);
    }
    return bytes;
}

} // namespace

std::string readFileBounded(const fs::path& path, std::uint64_t maxBytes, const Progress& progress)
{
    std::uint64_t size = 0;
    const int fd = openBounded(path, maxBytes, size);
    Closer closer{fd};
    return readAllBounded(fd, path, isRegularFile(fd) ? std::optional<std::uint64_t>(size) : std::nullopt, maxBytes,
                          progress);
}

std::string readFileBounded(const fs::path& path, std::uint64_t maxBytes)
{
    return readFileBounded(path, maxBytes, kNoProgress);
}

MappedInput::MappedInput(const fs::path& path, std::uint64_t maxBytes, const Progress& progress)
{
    std::uint64_t size = 0;
    const int fd = openBounded(path, maxBytes, size);
    Closer closer{fd};
    if (!isRegularFile(fd)) {
        inflated_ = readAllBounded(fd, path, std::nullopt, maxBytes, progress);
        bytes_ = inflated_;
        return;
    }
    if (size == 0) {
        return;
    }
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
        // Not mappable (a pipe, a special file system): read it like any other input.
        inflated_ = readFileBounded(path, maxBytes, progress);
        bytes_ = inflated_;
        return;
    }
    map_ = map;
    mapSize_ = size;
    fd_ = ::dup(fd);
    name_ = path.string();
    guard_ = MappingGuard(map_, mapSize_, path.string());
    ::madvise(map_, mapSize_, MADV_SEQUENTIAL);
    bytes_ = std::string_view(static_cast<const char*>(map_), mapSize_);
    if (isGzip(bytes_)) {
        inflated_ = gunzip(bytes_, path.string(), maxBytes, progress);
        bytes_ = inflated_;
        guard_ = MappingGuard();
        ::munmap(map_, mapSize_);
        map_ = nullptr;
        mapSize_ = 0;
    }
    if (map_ == nullptr && fd_ >= 0) {
        ::close(fd_); // inflated: copy() reads memory
        fd_ = -1;
    }
}

MappedInput::~MappedInput()
{
    guard_ = MappingGuard();
    if (map_ != nullptr) {
        ::munmap(map_, mapSize_);
    }
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

void MappedInput::copy(std::size_t offset, std::size_t length, char* dest) const
{
    if (offset > bytes_.size() || length > bytes_.size() - offset) {
        throw std::out_of_range("MappedInput::copy past the end of the input");
    }
    if (fd_ < 0) {
        std::memcpy(dest, bytes_.data() + offset, length);
        return;
    }
    while (length > 0) {
        const ssize_t got = ::pread(fd_, dest, length, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got < 0) {
            throw IoError(name_ + ": read failed: " + errnoText(errno));
        }
        if (got == 0) {
            throw InputError(name_, "the file changed size while it was being read (truncated or rewritten in "
                                    "place by another program?)");
        }
        dest += got;
        offset += static_cast<std::size_t>(got);
        length -= static_cast<std::size_t>(got);
    }
}

} // namespace cc
