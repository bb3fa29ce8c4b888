#include "support/fuzz_support.h"

#include "core/util/errors.h"
#include "core/util/limits.h"

#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <typeinfo>
#include <unistd.h>

namespace cc::fuzz {

void applySmallLimits()
{
    static const bool applied = [] {
        ResourceLimits& limits = resourceLimits();
        limits.maxInputBytes = 4u << 20;
        limits.maxEvents = 100'000;
        limits.maxExpandedEvents = 100'000;
        limits.maxJsonDepth = 64;
        limits.maxRanksPerEvent = 4'096;
        limits.maxStringBytes = 64u << 10;
        return true;
    }();
    (void)applied;
}

void finding(std::string_view what, std::string_view detail)
{
    std::fprintf(stderr, "\n==commcanary-fuzz== FINDING: %.*s\n%.*s\n", static_cast<int>(what.size()), what.data(),
                 static_cast<int>(detail.size()), detail.data());
    std::fflush(stderr);
    std::abort();
}

namespace {

std::string demangledTypeOfCurrentException()
{
    const std::type_info* type = abi::__cxa_current_exception_type();
    if (type == nullptr) {
        return "<unknown>";
    }
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(type->name(), nullptr, nullptr, &status),
                                                std::free);
    return status == 0 && name ? std::string(name.get()) : std::string(type->name());
}

} // namespace

bool runGuarded(void (*call)(void*), void* context)
{
    try {
        call(context);
        return true;
    } catch (const InputError&) {
        return false;
    } catch (const IoError&) {
        return false;
    } catch (const NegativeResult&) {
        return false;
    } catch (const std::exception& e) {
        finding("an undocumented exception escaped the reader",
                "type: " + demangledTypeOfCurrentException() + "\nwhat(): " + e.what());
    } catch (...) {
        finding("a non-std exception escaped the reader", "type: " + demangledTypeOfCurrentException());
    }
}

namespace {

std::filesystem::path scratchBase(std::string_view name)
{
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    if (ec) {
        dir = "/tmp";
    }
    return dir / ("commcanary-fuzz-" + std::to_string(::getpid()) + "-" + std::string(name));
}

} // namespace

ScratchFile::ScratchFile(std::string_view suffix) : path_(scratchBase(suffix)) {}

ScratchFile::~ScratchFile()
{
    std::error_code ec;
    std::filesystem::remove(path_, ec);
}

const std::filesystem::path& ScratchFile::write(std::string_view bytes)
{
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        finding("the harness could not write its scratch file", path_.string());
    }
    return path_;
}

ScratchDir::ScratchDir(std::string_view name) : path_(scratchBase(name)) {}

ScratchDir::~ScratchDir()
{
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

const std::filesystem::path& ScratchDir::reset()
{
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
    std::filesystem::create_directories(path_, ec);
    if (ec) {
        finding("the harness could not create its scratch directory", path_.string());
    }
    return path_;
}

std::string gzip(std::string_view bytes)
{
    z_stream zs{};
    // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
    if (deflateInit2(&zs, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        finding("deflateInit2 failed", "");
    }
    std::string out(deflateBound(&zs, static_cast<uLong>(bytes.size())) + 32, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END) {
        finding("deflate did not finish", std::to_string(rc));
    }
    return out;
}

} // namespace cc::fuzz
