// Fitting a table's columns to the width it has, so that it never scrolls sideways: the shape
// the Event Details timings and the Tail Windows list share.
#pragma once

#include <vector>

namespace cc::ui {

/// Takes the columns in order of importance, each as wide as it needs (needed[c]), as long as the
/// next one still fits in available; the first alwaysShown of them are taken whatever the width.
/// What is left over is shared out evenly among the taken columns. Returns each column's width,
/// 0 for a column left out (in column order, one per entry of needed).
std::vector<int> fitColumnWidths(const std::vector<int>& needed, const std::vector<int>& importance, int alwaysShown,
                                 int available);

} // namespace cc::ui
