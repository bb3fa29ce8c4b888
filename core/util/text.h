// Small text helpers for the parsers of option values and list fields.
#pragma once

#include <string_view>
#include <vector>

namespace cc {

/// The pieces of text between separators, in order and untrimmed: "a,,b" gives "a", "", "b";
/// "" gives one empty piece. Callers decide what an empty piece means.
inline std::vector<std::string_view> splitAt(std::string_view text, char separator)
{
    std::vector<std::string_view> pieces;
    std::size_t pos = 0;
    while (true) {
        const std::size_t at = text.find(separator, pos);
        if (at == std::string_view::npos) {
            pieces.push_back(text.substr(pos));
            return pieces;
        }
        pieces.push_back(text.substr(pos, at - pos));
        pos = at + 1;
    }
}

} // namespace cc
