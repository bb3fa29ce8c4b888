// The compare gate as one self-contained HTML page for a CI system's artifact view: the verdict, the
// thresholds used, the per-configuration table (baseline -> candidate for every metric), every
// tripped figure, and both reports' latency distributions drawn as inline SVG. No scripts, no
// external resources (a Content-Security-Policy forbids fetching anything), deterministic bytes.
#pragma once

#include "core/report/compare.h"

#include <string>

namespace cc {

std::string compareHtml(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options,
                        const CompareResult& result);

} // namespace cc
