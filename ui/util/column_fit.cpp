#include "ui/util/column_fit.h"

#include <algorithm>
#include <cstddef>

namespace cc::ui {

std::vector<int> fitColumnWidths(const std::vector<int>& needed, const std::vector<int>& importance, int alwaysShown,
                                 int available)
{
    std::vector<int> widths(needed.size(), 0);
    int used = 0;
    int taken = 0;
    for (std::size_t k = 0; k < importance.size(); ++k) {
        const auto c = static_cast<std::size_t>(importance[k]);
        if (static_cast<int>(k) >= alwaysShown && used + needed[c] > available) {
            break;
        }
        widths[c] = std::max(needed[c], 1);
        used += needed[c];
        ++taken;
    }
    int spare = std::max(0, available - used);
    for (auto& width : widths) {
        if (width > 0) {
            const int extra = spare / taken--;
            spare -= extra;
            width += extra;
        }
    }
    return widths;
}

} // namespace cc::ui
