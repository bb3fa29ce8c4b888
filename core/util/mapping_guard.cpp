#include "core/util/mapping_guard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <mutex>

#include <unistd.h>

namespace cc {

namespace {

constexpr int kSlots = 64;
constexpr std::size_t kNameBytes = 480;

struct Slot {
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    char message[kNameBytes + 160] = {};
    std::atomic<std::size_t> messageLength{0};
};

Slot g_slots[kSlots];
std::mutex g_claim;
std::once_flag g_installed;

void writeAll(const char* text, std::size_t length)
{
    while (length > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, length);
        if (n <= 0) {
            return;
        }
        text += n;
        length -= static_cast<std::size_t>(n);
    }
}

void onBus(int signal, siginfo_t* info, void* /*context*/)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info != nullptr ? info->si_addr : nullptr);
    for (Slot& s : g_slots) {
        const std::uintptr_t begin = s.begin.load(std::memory_order_acquire);
        if (begin != 0 && address >= begin && address < s.end.load(std::memory_order_acquire)) {
            writeAll(s.message, s.messageLength.load(std::memory_order_acquire));
            ::_exit(kTruncatedInputExitCode);
        }
    }
    // Not ours: the default action, as if no handler had been installed.
    ::signal(signal, SIG_DFL);
    ::raise(signal);
}

void install()
{
    struct sigaction action {};
    action.sa_sigaction = onBus;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, nullptr);
}

} // namespace

MappingGuard::MappingGuard(const void* data, std::size_t size, const std::string& name)
{
    if (data == nullptr || size == 0) {
        return;
    }
    std::call_once(g_installed, install);
    std::lock_guard lock(g_claim);
    for (int k = 0; k < kSlots; ++k) {
        Slot& s = g_slots[k];
        if (s.begin.load(std::memory_order_relaxed) != 0) {
            continue;
        }
        const std::string shown = name.size() > kNameBytes ? "..." + name.substr(name.size() - kNameBytes) : name;
        const std::string text = "commcanary: " + shown +
                                 ": the file changed size while it was being read (truncated or rewritten in place "
                                 "by another program?); nothing was written\n";
        std::memcpy(s.message, text.data(), text.size());
        s.messageLength.store(text.size(), std::memory_order_release);
        const auto begin = reinterpret_cast<std::uintptr_t>(data);
        s.end.store(begin + size, std::memory_order_release);
        s.begin.store(begin, std::memory_order_release);
        slot_ = k;
        return;
    }
}

MappingGuard::~MappingGuard()
{
    reset();
}

MappingGuard::MappingGuard(MappingGuard&& other) noexcept : slot_(other.slot_)
{
    other.slot_ = -1;
}

MappingGuard& MappingGuard::operator=(MappingGuard&& other) noexcept
{
    if (this != &other) {
        reset();
        slot_ = other.slot_;
        other.slot_ = -1;
    }
    return *this;
}

void MappingGuard::reset()
{
    if (slot_ < 0) {
        return;
    }
    Slot& s = g_slots[slot_];
    s.begin.store(0, std::memory_order_release);
    s.end.store(0, std::memory_order_release);
    slot_ = -1;
}

} // namespace cc
