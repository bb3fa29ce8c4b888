#include "ui/capture/capture_form.h"

#include "ui/util/text.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace cc::ui {

namespace capture = cc::capture;

CaptureForm::CaptureForm(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("captureForm"));
    auto named = [](QWidget* w, const char* name) {
        w->setObjectName(QString::fromLatin1(name));
        return w;
    };
    worldSize_ = new QSpinBox(this);
    named(worldSize_, "captureWorldSize");
    worldSize_->setRange(int(capture::kWorldSizeRange.min), int(capture::kWorldSizeRange.max));
    worldSize_->setToolTip(tr("Number of ranks: one worker process each"));
    backend_ = new QComboBox(this);
    named(backend_, "captureBackend");
    backend_->addItem(tr("gloo"), QStringLiteral("gloo"));
    backend_->addItem(tr("nccl"), QStringLiteral("nccl"));
    device_ = new QComboBox(this);
    named(device_, "captureDevice");
    device_->addItem(tr("CPU tensors"), QStringLiteral("cpu"));
    device_->addItem(tr("CUDA tensors"), QStringLiteral("cuda"));
    model_ = new QComboBox(this);
    named(model_, "captureModel");
    model_->addItem(tr("Residual MLP"), QStringLiteral("mlp"));
    model_->addItem(tr("GPT-style decoder"), QStringLiteral("gpt"));
    modelSize_ = new QLineEdit(this);
    named(modelSize_, "captureModelSize");
    modelSize_->setToolTip(tr("Target parameter count: 1M, 10M, 150M, 400M, 2500000, …"));
    iterations_ = new QSpinBox(this);
    named(iterations_, "captureIterations");
    iterations_->setRange(int(capture::kIterationsRange.min), int(capture::kIterationsRange.max));
    iterations_->setToolTip(tr("Recorded iterations"));
    warmup_ = new QSpinBox(this);
    named(warmup_, "captureWarmup");
    warmup_->setRange(int(capture::kWarmupRange.min), int(capture::kWarmupRange.max));
    warmup_->setToolTip(tr("Warm-up iterations before recording, excluded from every result"));
    bucketCap_ = new QLineEdit(this);
    named(bucketCap_, "captureBucketCap");
    bucketCap_->setToolTip(tr("Gradient bucket cap in MiB (DDP's bucket_cap_mb), e.g. 25 or 0.5"));
    hostBudget_ = new QLineEdit(this);
    named(hostBudget_, "captureHostBudget");
    hostBudget_->setPlaceholderText(tr("measured (MemAvailable)"));
    hostBudget_->setToolTip(tr("Declared host memory budget, e.g. 12GiB; empty: what /proc/meminfo says is "
                               "available"));
    deviceBudget_ = new QLineEdit(this);
    named(deviceBudget_, "captureDeviceBudget");
    deviceBudget_->setPlaceholderText(tr("measured (free device memory)"));
    deviceBudget_->setToolTip(tr("Declared budget per CUDA device, e.g. 70GiB; empty: its free memory"));
    timeout_ = new QSpinBox(this);
    named(timeout_, "captureTimeout");
    timeout_->setRange(int(capture::kTimeoutSecondsRange.min), int(capture::kTimeoutSecondsRange.max));
    timeout_->setSuffix(tr(" s"));
    timeout_->setToolTip(tr("The whole cell must finish within this time of its start; then every rank is "
                            "stopped"));

    auto* layout = new QFormLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addRow(tr("World size:"), worldSize_);
    layout->addRow(tr("Backend:"), backend_);
    layout->addRow(tr("Device:"), device_);
    layout->addRow(tr("Model:"), model_);
    layout->addRow(tr("Model size (parameters):"), modelSize_);
    layout->addRow(tr("Iterations:"), iterations_);
    layout->addRow(tr("Warm-up:"), warmup_);
    layout->addRow(tr("Bucket cap (MiB):"), bucketCap_);
    layout->addRow(tr("Host memory budget:"), hostBudget_);
    layout->addRow(tr("Device memory budget:"), deviceBudget_);
    layout->addRow(tr("Timeout:"), timeout_);

    timeout_->setValue(600);
    setSpec(capture::CellSpec{});

    auto emitChanged = [this]() { emit changed(); };
    connect(worldSize_, &QSpinBox::valueChanged, this, emitChanged);
    connect(iterations_, &QSpinBox::valueChanged, this, emitChanged);
    connect(warmup_, &QSpinBox::valueChanged, this, emitChanged);
    connect(timeout_, &QSpinBox::valueChanged, this, emitChanged);
    connect(backend_, &QComboBox::currentIndexChanged, this, emitChanged);
    connect(device_, &QComboBox::currentIndexChanged, this, emitChanged);
    connect(model_, &QComboBox::currentIndexChanged, this, emitChanged);
    for (QLineEdit* edit : {modelSize_, bucketCap_, hostBudget_, deviceBudget_}) {
        connect(edit, &QLineEdit::textChanged, this, emitChanged);
    }
}

void CaptureForm::setSpec(const capture::CellSpec& spec)
{
    const QSignalBlocker blockers[] = {
        QSignalBlocker(worldSize_), QSignalBlocker(backend_),    QSignalBlocker(device_), QSignalBlocker(model_),
        QSignalBlocker(modelSize_), QSignalBlocker(iterations_), QSignalBlocker(warmup_), QSignalBlocker(bucketCap_)};
    worldSize_->setValue(spec.worldSize);
    backend_->setCurrentIndex(backend_->findData(qs(capture::backendName(spec.backend))));
    device_->setCurrentIndex(device_->findData(qs(capture::deviceName(spec.device))));
    model_->setCurrentIndex(model_->findData(qs(capture::modelKindName(spec.model))));
    modelSize_->setText(qs(capture::formatCount(spec.modelParams)));
    iterations_->setValue(spec.iterations);
    warmup_->setValue(spec.warmup);
    if (spec.bucketCapBytes % capture::kMiB == 0) {
        bucketCap_->setText(QString::number(spec.bucketCapBytes / capture::kMiB));
    } else {
        // The form takes MiB with up to six decimals, like --bucket-cap-mb; trailing zeros are dropped.
        QString text = QString::number(static_cast<double>(spec.bucketCapBytes) / capture::kMiB, 'f', 6);
        while (text.endsWith(QLatin1Char('0'))) {
            text.chop(1);
        }
        bucketCap_->setText(text);
    }
    emit changed();
}

CaptureFormState CaptureForm::state() const
{
    CaptureFormState state;
    state.timeout = std::chrono::seconds(timeout_->value());
    capture::CellSpec spec;
    spec.worldSize = worldSize_->value();
    spec.backend = capture::backendFromName(toStd(backend_->currentData().toString())).value_or(capture::Backend::Gloo);
    spec.device = capture::deviceFromName(toStd(device_->currentData().toString())).value_or(capture::Device::Cpu);
    spec.model =
        capture::modelKindFromName(toStd(model_->currentData().toString())).value_or(capture::ModelKind::ResidualMlp);
    spec.iterations = iterations_->value();
    spec.warmup = warmup_->value();
    const auto params = capture::parseCount(toStd(modelSize_->text().trimmed()));
    if (!params) {
        state.problem = tr("The model size must be a parameter count such as 1M, 10M, 400M or 2500000 (got "
                           "\"%1\").")
                            .arg(modelSize_->text());
        return state;
    }
    spec.modelParams = *params;
    const auto cap = capture::parseMebibytes(toStd(bucketCap_->text().trimmed()));
    if (!cap) {
        state.problem =
            tr("The bucket cap must be a positive size in MiB such as 25 or 0.5 (got \"%1\").").arg(bucketCap_->text());
        return state;
    }
    spec.bucketCapBytes = *cap;
    spec.firstBucketBytes = std::min(spec.firstBucketBytes, spec.bucketCapBytes);
    auto budget = [&state](QLineEdit* edit, std::optional<std::int64_t>& out, const QString& what) {
        const QString text = edit->text().trimmed();
        if (text.isEmpty()) {
            return true;
        }
        out = capture::parseByteSize(toStd(text));
        if (!out) {
            state.problem = tr("The %1 must be a size such as 12GiB, 9.34GiB or 512MiB (got \"%2\").").arg(what, text);
            return false;
        }
        return true;
    };
    if (!budget(hostBudget_, state.hostBudgetBytes, tr("host memory budget")) ||
        !budget(deviceBudget_, state.deviceBudgetBytes, tr("device memory budget"))) {
        return state;
    }
    if (auto problem = capture::cellSpecProblem(spec)) {
        state.problem = tr("The cell is not valid: %1.").arg(qs(*problem));
        return state;
    }
    state.spec = spec;
    return state;
}

} // namespace cc::ui
