#include "core/verify/review_record.h"

#include "core/util/json/value.h"
#include "core/util/json/writer.h"

namespace cc::verify {

std::string reviewRecordJson(const ReviewRecord& record)
{
    json::Value root = json::Value::object();
    if (record.hasVerification) {
        root.set("claim", record.claim);
    }
    root.set("format", std::string(kReviewFormat));
    if (record.hasVerification) {
        json::Value pages = json::Value::array();
        for (const auto& s : record.statuses) {
            json::Value page = json::Value::object();
            page.set("result", s.pass ? "pass" : "fail");
            page.set("reviewed", s.reviewed);
            page.set("status", s.status);
            pages.push(std::move(page));
        }
        root.set("pages", std::move(pages));
    }
    root.set("reviewed_at", record.reviewedAt);
    root.set("reviewer", record.reviewer);
    if (record.hasVerification) {
        root.set("verification", record.verification);
        root.set("verification_sha256", record.verificationSha256);
    }
    return json::toIndentedText(root, 4) + "\n";
}

} // namespace cc::verify
