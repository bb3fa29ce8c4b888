#include "ui/artifacts/artifact_loader.h"

#include "core/canary/canary_reader.h"
#include "core/configs/config_io.h"
#include "core/info/file_info.h"
#include "core/interop/import_ledger.h"
#include "core/interop/kineto_import.h"
#include "core/report/campaign.h"
#include "core/report/report.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"
#include "core/verify/verification_json.h"
#include "ui/util/text.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <filesystem>
#include <map>
#include <set>

namespace cc::ui {

namespace {

class LoaderText {
    Q_DECLARE_TR_FUNCTIONS(LoaderText)
};

std::filesystem::path toPath(const QString& path)
{
    return std::filesystem::path(path.toStdU16String());
}

std::string readWholeFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        throw cc::IoError(toStd(LoaderText::tr("%1: cannot open: %2").arg(path, file.errorString())));
    }
    if (static_cast<std::uint64_t>(file.size()) > cc::resourceLimits().maxInputBytes) {
        throw cc::InputError(
            toStd(path), toStd(LoaderText::tr("is larger than the input limit of %1")
                                   .arg(formatBytes(static_cast<std::int64_t>(cc::resourceLimits().maxInputBytes)))));
    }
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

/// An artifact with the fields that identify it; the caller adds its content and facts.
Artifact identified(ArtifactKind kind, const QString& path, QString name, QString identity)
{
    Artifact artifact;
    artifact.kind = kind;
    artifact.path = path;
    artifact.name = std::move(name);
    artifact.identity = std::move(identity);
    return artifact;
}

} // namespace

ArtifactKind detectArtifactKind(const QString& path)
{
    switch (cc::detectFileFormat(toPath(path)).format) {
    case cc::FileFormat::Canary:
        return ArtifactKind::Canary;
    case cc::FileFormat::Report:
        return ArtifactKind::Report;
    case cc::FileFormat::Verification:
        return ArtifactKind::Verification;
    case cc::FileFormat::ConfigSet:
        return ArtifactKind::ConfigSet;
    case cc::FileFormat::Campaign:
        return ArtifactKind::Campaign;
    case cc::FileFormat::Trace:
    case cc::FileFormat::Normalized:
    case cc::FileFormat::Unknown:
        break;
    }
    return ArtifactKind::Trace;
}

bool isKinetoProfile(const QString& path)
{
    const cc::FileDetection detection = cc::detectFileFormat(toPath(path));
    return detection.format == cc::FileFormat::Unknown && detection.tag.empty();
}

namespace {

QStringList lines(const std::string& text)
{
    QStringList out;
    for (const QString& line : qs(text).split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty()) {
            out << line;
        }
    }
    return out;
}

/// A PyTorch profiler file through core's Kineto import, with the CLI's defaults (the workload
/// named after the file, every process group, the rank as the profile records it).
Artifact importKineto(const QString& path, cc::Progress& progress)
{
    cc::SubProgress importing(progress, 0.0, 0.8);
    cc::interop::KinetoImport imported = cc::interop::importKinetoProfile(toPath(path), {}, importing);
    QStringList notes = lines(cc::interop::describeKinetoImport(imported.summary));
    notes << lines(cc::interop::describeImportLedger(imported.summary.ledger));
    notes << lines(imported.summary.notes);
    cc::SubProgress summarising(progress, 0.8, 1.0);
    Artifact artifact = traceArtifact(std::make_shared<const cc::Trace>(std::move(imported.trace)), path, summarising);
    artifact.facts.insert(artifact.facts.begin(),
                          {LoaderText::tr("Imported from"),
                           LoaderText::tr("a PyTorch profiler (Kineto) file, %1 profile events; observational and "
                                          "single-rank")
                               .arg(formatCount(imported.summary.profileEvents))});
    for (const QString& note : notes) {
        artifact.facts.push_back({LoaderText::tr("Import note"), note});
    }
    artifact.importNotes = notes;
    return artifact;
}

} // namespace

Artifact traceArtifact(std::shared_ptr<const cc::Trace> trace, const QString& path, cc::Progress& progress)
{
    Artifact artifact;
    artifact.kind = ArtifactKind::Trace;
    artifact.path = path;
    artifact.name = path.isEmpty() ? qs(trace->sourceName) : QFileInfo(path).fileName();
    cc::SubProgress hashing(progress, 0.0, 1.0);
    artifact.identity = qs(cc::normalizedSha256(*trace, hashing));

    std::set<std::uint32_t> groups;
    std::map<std::uint32_t, std::size_t> opCounts;
    for (std::size_t i = 0; i < trace->size(); ++i) {
        if (trace->group[i] != cc::kNoString) {
            groups.insert(trace->group[i]);
        }
        ++opCounts[trace->op[i]];
    }
    const Ns span = trace->size() == 0 ? 0 : trace->issueTime.back() - trace->issueTime.front();
    artifact.facts.push_back({LoaderText::tr("Events"), formatCount(trace->size())});
    artifact.facts.push_back({LoaderText::tr("Timing"), qs(cc::timingSemanticsName(trace->timing))});
    artifact.facts.push_back({LoaderText::tr("Issue span"), formatDuration(span)});
    artifact.facts.push_back({LoaderText::tr("Ranks"), formatCount(trace->distinctRanks())});
    artifact.facts.push_back({LoaderText::tr("Groups"), formatCount(groups.size())});
    QStringList ops;
    for (const auto& [op, count] : opCounts) {
        ops << QStringLiteral("%1 × %2").arg(qs(trace->strings.at(op)), formatCount(count));
    }
    artifact.facts.push_back({LoaderText::tr("Operations"), ops.join(QLatin1String(", "))});
    artifact.facts.push_back({LoaderText::tr("Arrival skew"),
                              LoaderText::tr("%1 known, %2 partial, %3 unknown")
                                  .arg(formatCount(trace->knownSkewCount()), formatCount(trace->partialSkewCount()),
                                       formatCount(trace->unknownSkewCount()))});
    artifact.facts.push_back({LoaderText::tr("Compute overlap"), trace->hasUnknownOverlap()
                                                                     ? LoaderText::tr("unknown for some events")
                                                                     : LoaderText::tr("known")});
    artifact.facts.push_back({LoaderText::tr("Normalised SHA-256"), artifact.identity});
    artifact.trace = std::move(trace);
    return artifact;
}

Artifact verificationArtifact(VerificationDocument document, const QString& path)
{
    Artifact artifact = identified(ArtifactKind::Verification, path, document.name, document.sha256);
    artifact.facts.push_back({LoaderText::tr("Claim"), document.claim});
    for (const auto& page : document.pages) {
        artifact.facts.push_back({page.title, page.statusText});
    }
    artifact.facts.push_back({LoaderText::tr("Source SHA-256"), document.sourceSha256});
    artifact.facts.push_back({LoaderText::tr("Canary SHA-256"), document.canarySha256});
    artifact.verification = std::make_shared<const VerificationDocument>(std::move(document));
    return artifact;
}

Artifact canaryArtifact(std::shared_ptr<const cc::Canary> canary, std::shared_ptr<const std::string> bytes,
                        const QString& path, const QString& name)
{
    const cc::CanaryHeader& h = canary->header;
    Artifact artifact = identified(ArtifactKind::Canary, path, name, qs(cc::sha256Hex(*bytes)));
    artifact.facts.push_back({LoaderText::tr("Source SHA-256"), qs(h.sourceSha256)});
    artifact.facts.push_back({LoaderText::tr("Coverage"), qs(cc::coverageName(h.coverage))});
    artifact.facts.push_back({LoaderText::tr("Timing mode"), qs(cc::timingModeName(h.timingMode))});
    artifact.facts.push_back({LoaderText::tr("Claim"), qs(cc::claimName(h.claim))});
    artifact.facts.push_back({LoaderText::tr("Logical events"), formatCount(h.logicalEvents)});
    artifact.facts.push_back({LoaderText::tr("Stored events"), formatCount(h.storedEvents)});
    artifact.facts.push_back({LoaderText::tr("Event compression"), qs(cc::formatRatioMicros(h.eventRatioMicros))});
    artifact.facts.push_back({LoaderText::tr("Byte compression"), qs(cc::formatRatioMicros(h.byteRatioMicros))});
    artifact.facts.push_back(
        {LoaderText::tr("Serialised size"), formatBytes(static_cast<std::int64_t>(bytes->size()))});
    artifact.facts.push_back({LoaderText::tr("Segments"), formatCount(canary->segments.size())});
    artifact.canary = std::move(canary);
    artifact.bytes = std::move(bytes);
    return artifact;
}

Artifact campaignArtifact(cc::CampaignResults results, std::shared_ptr<const std::string> bytes, const QString& path,
                          const QString& name, cc::Progress& progress)
{
    auto document = std::make_shared<CampaignDocument>();
    for (std::size_t p = 0; p < results.proxies.size(); ++p) {
        progress.report(0.5 + 0.5 * static_cast<double>(p) / static_cast<double>(results.proxies.size()),
                        toStd(LoaderText::tr("Deciding the configuration pairs")));
        document->decisions.push_back(cc::pairDecisions(results, p));
    }
    Artifact artifact;
    artifact.kind = ArtifactKind::Campaign;
    artifact.path = path;
    artifact.name = name;
    artifact.identity = qs(cc::sha256Hex(*bytes));
    artifact.facts.push_back({LoaderText::tr("Cell"), qs(results.cellId)});
    artifact.facts.push_back({LoaderText::tr("Trace SHA-256"), qs(results.traceSha256)});
    artifact.facts.push_back({LoaderText::tr("Configurations"), formatCount(results.configurations.size())});
    artifact.facts.push_back({LoaderText::tr("Proxies"), formatCount(results.proxies.size())});
    artifact.facts.push_back(
        {LoaderText::tr("Recorded passes"), formatCount(static_cast<std::uint64_t>(results.repeats))});
    document->results = std::move(results);
    artifact.campaign = std::move(document);
    artifact.bytes = std::move(bytes);
    return artifact;
}

Artifact loadArtifact(const QString& path, cc::Progress& progress)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        throw cc::IoError(toStd(LoaderText::tr("%1: no such file").arg(path)));
    }
    if (!info.isFile()) {
        throw cc::IoError(toStd(LoaderText::tr("%1: not a regular file").arg(path)));
    }
    if (isKinetoProfile(path)) {
        return importKineto(path, progress);
    }
    const ArtifactKind kind = detectArtifactKind(path);
    switch (kind) {
    case ArtifactKind::Trace: {
        cc::SubProgress reading(progress, 0.0, 0.7);
        auto trace = std::make_shared<const cc::Trace>(cc::readTrace(toPath(path), reading));
        cc::SubProgress summarising(progress, 0.7, 1.0);
        return traceArtifact(std::move(trace), path, summarising);
    }
    case ArtifactKind::ConfigSet: {
        progress.report(0.1, toStd(LoaderText::tr("Reading configuration set")));
        auto set = std::make_shared<const cc::ConfigSet>(cc::readConfigSet(toPath(path)));
        Artifact artifact = identified(kind, path, info.fileName(), qs(cc::configSetSha256(*set)));
        artifact.facts.push_back({LoaderText::tr("Name"), qs(set->name)});
        artifact.facts.push_back({LoaderText::tr("Configurations"), formatCount(set->configurations.size())});
        for (const auto& config : set->configurations) {
            artifact.facts.push_back({qs(config.name), qs(config.description)});
        }
        artifact.facts.push_back({LoaderText::tr("SHA-256"), artifact.identity});
        artifact.configs = std::move(set);
        return artifact;
    }
    case ArtifactKind::Report: {
        progress.report(0.1, toStd(LoaderText::tr("Reading replay report")));
        auto bytes = std::make_shared<std::string>(readWholeFile(path));
        progress.check();
        auto view = std::make_shared<const cc::ReportView>(cc::readReportView(*bytes, toStd(info.fileName())));
        Artifact artifact = identified(kind, path, info.fileName(), qs(cc::sha256Hex(*bytes)));
        artifact.facts.push_back({LoaderText::tr("Input SHA-256"), qs(view->inputSha256)});
        artifact.facts.push_back({LoaderText::tr("Input events"), formatCount(view->inputEvents)});
        artifact.facts.push_back({LoaderText::tr("Configuration set"), qs(view->configs.name)});
        artifact.facts.push_back({LoaderText::tr("Simulator version"), qs(view->simulatorVersion)});
        artifact.facts.push_back({LoaderText::tr("Ablations"), qs(view->protocol.ablations.text())});
        artifact.facts.push_back(
            {LoaderText::tr("Isolated"), view->protocol.isolated ? LoaderText::tr("yes") : LoaderText::tr("no")});
        artifact.facts.push_back({LoaderText::tr("Seal"), view->sealIntact
                                                              ? LoaderText::tr("intact")
                                                              : LoaderText::tr("broken: the report was edited")});
        for (const auto& config : view->configurations) {
            artifact.facts.push_back(
                {qs(config.name), LoaderText::tr("median %1, p99 %2, max %3")
                                      .arg(formatDuration(config.latency.median), formatDuration(config.latency.p99),
                                           formatDuration(config.latency.max))});
        }
        artifact.report = std::move(view);
        artifact.bytes = std::move(bytes);
        return artifact;
    }
    case ArtifactKind::Canary: {
        progress.report(0.1, toStd(LoaderText::tr("Reading canary")));
        auto canary = std::make_shared<const cc::Canary>(cc::readCanary(toPath(path)));
        auto bytes = std::make_shared<const std::string>(readWholeFile(path));
        return canaryArtifact(std::move(canary), std::move(bytes), path, info.fileName());
    }
    case ArtifactKind::Campaign: {
        progress.report(0.1, toStd(LoaderText::tr("Reading campaign results")));
        auto bytes = std::make_shared<const std::string>(readWholeFile(path));
        progress.check();
        cc::CampaignResults results = cc::readCampaignResults(*bytes, toStd(path));
        return campaignArtifact(std::move(results), std::move(bytes), path, info.fileName(), progress);
    }
    case ArtifactKind::Verification: {
        progress.report(0.1, toStd(LoaderText::tr("Reading verification")));
        const std::string bytes = readWholeFile(path);
        return verificationArtifact(verificationDocument(cc::verify::readVerification(bytes, toStd(path)),
                                                         info.fileName(), qs(cc::sha256Hex(bytes))),
                                    path);
    }
    }
    throw cc::InputError(toStd(path),
                         toStd(LoaderText::tr("is a %1, which this version of the workbench cannot open yet")
                                   .arg(artifactKindName(kind).toLower())));
}

QString artifactKindName(ArtifactKind kind)
{
    switch (kind) {
    case ArtifactKind::Trace:
        return QCoreApplication::translate("cc::ui::Artifact", "Trace");
    case ArtifactKind::Canary:
        return QCoreApplication::translate("cc::ui::Artifact", "Canary");
    case ArtifactKind::Report:
        return QCoreApplication::translate("cc::ui::Artifact", "Replay report");
    case ArtifactKind::Verification:
        return QCoreApplication::translate("cc::ui::Artifact", "Verification");
    case ArtifactKind::ConfigSet:
        return QCoreApplication::translate("cc::ui::Artifact", "Configuration set");
    case ArtifactKind::Campaign:
        return QCoreApplication::translate("cc::ui::Artifact", "Physical campaign");
    }
    return {};
}

} // namespace cc::ui

namespace cc::ui {

QString originRelationText(ArtifactOriginKind kind, const QString& sourceName)
{
    switch (kind) {
    case ArtifactOriginKind::None:
        return {};
    case ArtifactOriginKind::Compiled:
        return QCoreApplication::translate("cc::ui::Artifact", "compiled from %1").arg(sourceName);
    case ArtifactOriginKind::Searched:
        return QCoreApplication::translate("cc::ui::Artifact", "searched from %1").arg(sourceName);
    case ArtifactOriginKind::Reduced:
        return QCoreApplication::translate("cc::ui::Artifact", "reduced from %1").arg(sourceName);
    }
    return {};
}

QString Artifact::sourceIdentity() const
{
    if (origin.kind != ArtifactOriginKind::None && !origin.sourceIdentity.isEmpty()) {
        return origin.sourceIdentity;
    }
    if (report) {
        return qs(report->inputSha256);
    }
    if (canary) {
        return qs(canary->header.sourceSha256);
    }
    if (verification) {
        return verification->sourceSha256;
    }
    return {};
}

} // namespace cc::ui
