// Atomic artifact writes: a temporary file in the same folder, flushed, then renamed over the
// target, so a crash never leaves half a file. Reads are bounded by a size limit.
//
// Temporaries are named so a user can see what they are: "NAME.partial-<pid>" beside NAME (a file
// or a folder), <pid> being the writing process. A process killed mid-write (SIGKILL, power loss)
// leaves its temporary behind; the next write of the same target removes every "NAME.partial-<pid>"
// whose process is no longer alive (kill(pid, 0) says ESRCH). A process that is alive keeps its
// temporaries; a temporary of a recycled pid waits until that process ends.
//
// Every write of a process goes through one registry, so the CLI can stop them all at once on an
// interrupt: stopAtomicWrites() makes every write that has not yet renamed its temporary into place
// fail with Cancelled, and abandonAtomicWrites() also removes the temporaries in flight, for a
// process about to end without unwinding.
#pragma once

#include "core/util/mapping_guard.h"
#include "core/util/progress.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

/// What a temporary's name adds to its target's: "NAME" + kPartialMarker + "<pid>".
inline constexpr std::string_view kPartialMarker = ".partial-";

/// The temporary this process writes before target is renamed into place ("NAME.partial-<pid>",
/// in target's folder).
std::filesystem::path partialPathFor(const std::filesystem::path& target);

/// True when name is "<base>.partial-<digits>" with a non-empty base; then sets *base and *pid
/// when given.
bool isPartialName(std::string_view name, std::string* base = nullptr, long long* pid = nullptr);

/// Removes the temporaries "NAME.partial-<pid>" (files or folders) beside target that no live
/// process owns, and the hidden ".NAME.<16 hex digits>.tmp" files earlier versions left, once they
/// are an hour old. Never fails: what cannot be removed stays. Returns how many were removed.
std::size_t removeStalePartials(const std::filesystem::path& target);

/// Writes bytes to path atomically. Throws IoError naming the path on failure (a full disk says
/// "no space left on the device"); on failure the target is untouched and no temporary file is
/// left behind. Throws Cancelled, writing nothing, when progress is cancelled before the rename
/// or stopAtomicWrites() was called; the bytes are written in pieces with a check between them.
void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes, const Progress& progress);
void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes);

/// Receives a file's bytes in pieces, in order.
using ByteSink = std::function<void(std::string_view)>;

/// Writes what produce hands its sink to path atomically, piece by piece as it comes, so the whole
/// file is never held in memory. Otherwise as writeFileAtomic: the same refusals, the target
/// untouched and no temporary left on failure (an exception from produce included), Cancelled
/// checked between pieces.
void writeFileAtomicStreamed(const std::filesystem::path& path, const std::function<void(const ByteSink&)>& produce,
                             const Progress& progress);

/// A folder written as a whole, as atomically as a file: the files go into the sibling
/// "DIR.partial-<pid>", and commit() moves it into place in one step. An existing DIR is replaced
/// (exchanged with the new folder in one rename where the file system allows it, else renamed
/// aside to "DIR.previous-<pid>" first); deciding whether an existing DIR may be replaced is the
/// caller's. A folder that is never committed is removed when the object is destroyed.
class AtomicFolder {
public:
    /// Creates the staging folder. Throws IoError when dir's parent folder is missing or not
    /// writable, or dir exists and is not a folder; Cancelled after stopAtomicWrites().
    explicit AtomicFolder(std::filesystem::path dir);
    ~AtomicFolder();
    AtomicFolder(const AtomicFolder&) = delete;
    AtomicFolder& operator=(const AtomicFolder&) = delete;

    const std::filesystem::path& target() const { return target_; }
    const std::filesystem::path& staging() const { return staging_; }

    /// Writes one file of the folder (flushed; the folder's rename makes it visible).
    void write(const std::string& name, std::string_view bytes, const Progress& progress);

    /// Moves the folder into place, replacing an existing DIR, and removes the replaced one.
    /// Throws Cancelled (nothing moved) when progress is cancelled or stopAtomicWrites() was
    /// called, IoError when the rename fails.
    void commit(const Progress& progress);

private:
    std::filesystem::path target_;
    std::filesystem::path staging_;
    bool committed_ = false;
};

/// From now on every atomic write of this process that has not renamed its temporary into place
/// fails with Cancelled (and removes its temporary). Thread-safe; not async-signal-safe.
void stopAtomicWrites();

/// stopAtomicWrites(), then removes the temporaries of the writes in flight, for a process about
/// to _exit without unwinding. No write can commit afterwards. Thread-safe; not async-signal-safe.
void abandonAtomicWrites();

/// The targets this process has renamed into place so far, oldest first.
std::vector<std::filesystem::path> committedAtomicWrites();

/// Reads a whole file, or a pipe or terminal to its end. Throws IoError when it cannot be read,
/// InputError when it is larger than maxBytes. Transparently gunzips files that start with the gzip
/// magic. The progress overload reads (and inflates) in pieces and throws Cancelled between them.
std::string readFileBounded(const std::filesystem::path& path, std::uint64_t maxBytes, const Progress& progress);
std::string readFileBounded(const std::filesystem::path& path, std::uint64_t maxBytes);

/// A file read once, front to back: a plain file is mapped (and its bulk read with copy(), which
/// keeps its pages out of resident memory), a gzip file inflated into memory, and a pipe or terminal
/// read to its end (readFileBounded's checks and refusals, Cancelled between pieces).
class MappedInput {
public:
    MappedInput(const std::filesystem::path& path, std::uint64_t maxBytes, const Progress& progress);
    ~MappedInput();
    MappedInput(const MappedInput&) = delete;
    MappedInput& operator=(const MappedInput&) = delete;

    std::string_view bytes() const { return bytes_; }
    /// Copies bytes()[offset, offset + length) to dest. From a mapped file it reads them with
    /// pread() instead of touching the mapping: the pages of a large input are then never faulted
    /// in, which costs several times the kernel's copy on a virtual machine (docs/performance.md).
    /// Thread-safe. Throws InputError when the file has shrunk meanwhile.
    void copy(std::size_t offset, std::size_t length, char* dest) const;

    /// True when copy() reads from the file rather than from memory.
    bool readsFromFile() const { return fd_ >= 0; }

private:
    void* map_ = nullptr;
    std::size_t mapSize_ = 0;
    int fd_ = -1; ///< the mapped file, for copy()
    std::string name_;
    MappingGuard guard_; ///< a truncation by another program ends the process with a message, not a crash
    std::string inflated_;
    std::string_view bytes_;
};

/// True when the bytes start with the gzip magic number.
bool isGzip(std::string_view bytes);

/// Inflates a gzip stream; throws InputError (naming sourceName) when corrupt or when the
/// output would exceed maxBytes; Cancelled (checked between pieces) with a progress.
std::string gunzip(std::string_view bytes, const std::string& sourceName, std::uint64_t maxBytes,
                   const Progress& progress);
std::string gunzip(std::string_view bytes, const std::string& sourceName, std::uint64_t maxBytes);

} // namespace cc
