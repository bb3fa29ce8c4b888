// The review record (commcanary-workbench.review.v1): who reviewed which statuses of a
// verification, when, and the verification's SHA-256. The workbench's stepper exports it; its
// writer lives here with the verification format it refers to.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cc::verify {

inline constexpr std::string_view kReviewFormat = "commcanary-workbench.review.v1";

struct ReviewedStatus {
    std::string status; ///< "timing_mode", "commitments", ...
    bool pass = false;
    bool reviewed = false;
};

struct ReviewRecord {
    std::string reviewer;
    std::string reviewedAt; ///< ISO 8601, UTC, given by the driver
    bool hasVerification = false;
    std::string verification; ///< its name
    std::string verificationSha256;
    std::string claim;
    std::vector<ReviewedStatus> statuses;
};

/// The record as JSON text: keys in alphabetical order, four-space indentation, trailing newline.
std::string reviewRecordJson(const ReviewRecord& record);

} // namespace cc::verify
