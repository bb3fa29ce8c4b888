#include "ui/verification/canary_verifier.h"

#include "ui/artifacts/artifact_loader.h"
#include "ui/util/text.h"

#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"

namespace cc::ui {

CanaryVerifier::CanaryVerifier(JobRunner* runner, ArtifactStore* store, QObject* parent)
    : QObject(parent), runner_(runner), store_(store)
{
}

const Artifact* CanaryVerifier::sourceTraceOf(ArtifactId canary) const
{
    const Artifact* artifact = store_->find(canary);
    if (artifact == nullptr || artifact->kind != ArtifactKind::Canary) {
        return nullptr;
    }
    const QString source = artifact->sourceIdentity();
    for (const auto& candidate : store_->artifacts()) {
        if (candidate.kind == ArtifactKind::Trace && candidate.trace && candidate.identity == source) {
            return &candidate;
        }
    }
    return nullptr;
}

JobId CanaryVerifier::verify(ArtifactId canaryId, std::shared_ptr<const cc::ConfigSet> configs)
{
    const Artifact* canary = store_->find(canaryId);
    const Artifact* trace = sourceTraceOf(canaryId);
    if (canary == nullptr || !canary->canary || trace == nullptr) {
        JobError error;
        error.kind = JobError::Kind::Input;
        error.message = canary == nullptr || !canary->canary
                            ? tr("Choose a canary to verify.")
                            : tr("Open the trace %1 was made from first: its normalised SHA-256 must be %2.")
                                  .arg(canary->name, canary->sourceIdentity());
        emit failed(tr("Verify behaviour"), error);
        return 0;
    }
    cc::verify::VerifyOptions options;
    if (canary->origin.verifyOptions) {
        options = *canary->origin.verifyOptions;
    }
    if (configs) {
        options.configs = *configs;
    }
    auto source = trace->trace;
    auto program = canary->canary;
    const std::string fileSha256 = canary->bytes ? toStd(canary->identity) : std::string();
    const std::uint64_t fileBytes = canary->bytes ? canary->bytes->size() : 0;
    const QString name = tr("verification of %1").arg(canary->name);
    const QString title = tr("Verifying the behaviour of %1").arg(canary->name);
    return runner_->run<VerificationDocument>(
        QStringLiteral("verify-canary:%1").arg(canaryId), title,
        [source, program, fileSha256, fileBytes, options, name](cc::Progress& progress) {
            cc::verify::validateVerifyOptions(options, toStd(name));
            const cc::verify::SourceReference reference =
                cc::verify::prepareSourceReference(*source, options, progress);
            return verificationDocument(
                cc::verify::verifyBehavior(reference, *program, nullptr, options, progress, fileSha256, fileBytes),
                name);
        },
        this,
        [this, canaryId](VerificationDocument document) {
            const ArtifactId id = store_->add(verificationArtifact(std::move(document), QString()));
            emit verified(canaryId, id);
        },
        [this, title](const JobError& error) { emit failed(title, error); });
}

} // namespace cc::ui
