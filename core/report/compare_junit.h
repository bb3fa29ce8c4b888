// The compare gate as JUnit XML, the test-report format GitHub, GitLab and Jenkins display natively:
// one <testsuite> per configuration pair, one <testcase> per pair x checked metric, failing when the
// metric tripped its threshold anywhere (overall, a phase or an operation), the failure listing every
// tripped figure with its numbers. Deterministic (no timestamps, no host names).
#pragma once

#include "core/report/compare.h"

#include <string>

namespace cc {

std::string compareJunitXml(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options,
                            const CompareResult& result);

/// Text with XML's five special characters escaped (for attributes and character data).
std::string xmlEscape(std::string_view text);

} // namespace cc
