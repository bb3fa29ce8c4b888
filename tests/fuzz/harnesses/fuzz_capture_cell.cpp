// A finished capture cell as the fail-closed loader meets it (capture/lib/cell_loader.h): the
// input is unpacked into a fresh folder and handed to inventoryCell and loadCell, which must
// accept it or say why not, never crash. Packing: lines "=== NAME" start a file called NAME
// ([A-Za-z0-9._-], at most 64 characters); the text before the first such line is manifest.json.
// tests/fuzz/support/seed_maker.cpp packs complete, consistent cells this way.
#include "support/fuzz_support.h"

#include "capture/lib/cell_loader.h"

#include <fstream>

namespace {

bool safeName(std::string_view name)
{
    if (name.empty() || name.size() > 64 || name == "." || name == "..") {
        return false;
    }
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                        c == '_' || c == '-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

void unpack(std::string_view bytes, const std::filesystem::path& dir)
{
    std::string name = "manifest.json";
    std::string content;
    auto flush = [&] {
        std::ofstream(dir / name, std::ios::binary | std::ios::trunc) << content;
        content.clear();
    };
    std::size_t begin = 0;
    int files = 0;
    while (begin < bytes.size()) {
        std::size_t end = bytes.find('\n', begin);
        const std::size_t next = end == std::string_view::npos ? bytes.size() : end + 1;
        const std::string_view line = bytes.substr(begin, (end == std::string_view::npos ? bytes.size() : end) - begin);
        if (line.substr(0, 4) == "=== " && safeName(line.substr(4)) && files < 32) {
            flush();
            name = std::string(line.substr(4));
            ++files;
        } else {
            content.append(bytes.substr(begin, next - begin));
        }
        begin = next;
    }
    flush();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    static cc::fuzz::ScratchDir scratch("cell");
    const std::filesystem::path& dir = scratch.reset();
    unpack(cc::fuzz::text(data, size), dir);
    cc::fuzz::refusesCleanly([&] { (void)cc::capture::inventoryCell(dir).describe(); });
    cc::fuzz::refusesCleanly([&] {
        const cc::capture::CellLoad load = cc::capture::loadCell(dir);
        if (load.cell.has_value() == !load.warning.empty()) {
            cc::fuzz::finding("loadCell returned a cell and a warning, or neither", load.warning);
        }
    });
    return 0;
}
