#include "ui/distill/option_forms.h"

#include "ui/util/text.h"

#include "core/canary/budget_options.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/verify/tolerance.h"
#include "core/verify/verify_options_text.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <map>
#include <string>

namespace cc::ui {

QString toleranceLabel(const QString& name)
{
    static const std::map<QString, const char*> labels = {
        {QStringLiteral("relative-tolerance-pct"),
         QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Relative tolerance (%)")},
        {QStringLiteral("absolute-tolerance-us"),
         QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Absolute tolerance (µs)")},
        {QStringLiteral("hidden-tolerance-points"),
         QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Hidden-share tolerance (points)")},
        {QStringLiteral("tail-recall-threshold"), QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Tail recall threshold")},
        {QStringLiteral("ranking-tie-tolerance-us"),
         QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Ranking tie tolerance (µs)")},
        {QStringLiteral("ranking-tie-tolerance-pct"),
         QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Ranking tie tolerance (%)")},
        {QStringLiteral("seed"), QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Replay seed")},
        {QStringLiteral("iterations"), QT_TRANSLATE_NOOP("cc::ui::ToleranceForm", "Replay iterations")},
    };
    const auto it = labels.find(name);
    return it == labels.end() ? name : QCoreApplication::translate("cc::ui::ToleranceForm", it->second);
}

ToleranceForm::ToleranceForm(const QStringList& names, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QFormLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const auto& spec : cc::verify::verificationOptionSpecs()) {
        const QString name = qs(spec.name);
        if (name == QLatin1String("configs") || (!names.isEmpty() && !names.contains(name))) {
            continue;
        }
        auto* edit = new QLineEdit(qs(spec.defaultValue), this);
        edit->setObjectName(name);
        edit->setPlaceholderText(qs(spec.defaultValue));
        edit->setToolTip(tr("Option --%1 of the command line (default %2)").arg(name, qs(spec.defaultValue)));
        layout->addRow(toleranceLabel(name), edit);
        fields_.insert(name, edit);
    }
}

void ToleranceForm::setValue(const QString& name, const QString& text)
{
    if (QLineEdit* edit = fields_.value(name)) {
        edit->setText(text);
    }
}

cc::verify::VerifyOptions ToleranceForm::options() const
{
    return cc::verify::verifyOptionsFromText([this](const std::string& name) {
        const QLineEdit* edit = fields_.value(qs(name));
        return edit == nullptr ? std::string() : toStd(edit->text().trimmed());
    });
}

namespace {

struct BoundField {
    const char* name;
    const char* label;
};

const BoundField kBoundFields[] = {
    {"max-gap-error-us", QT_TRANSLATE_NOOP("cc::ui::BudgetForm", "Gap error bound (µs)")},
    {"max-skew-error-us", QT_TRANSLATE_NOOP("cc::ui::BudgetForm", "Arrival-skew error bound (µs)")},
    {"max-overlap-error-us", QT_TRANSLATE_NOOP("cc::ui::BudgetForm", "Compute-overlap error bound (µs)")},
    {"max-compute-before-error-us", QT_TRANSLATE_NOOP("cc::ui::BudgetForm", "Compute-before error bound (µs)")},
    {"max-exposed-error-us", QT_TRANSLATE_NOOP("cc::ui::BudgetForm", "Exposed-latency error bound (µs)")},
    {"max-pressure-error", QT_TRANSLATE_NOOP("cc::ui::BudgetForm", "Compute-pressure error bound (factor)")},
};

} // namespace

BudgetForm::BudgetForm(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QFormLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const auto& field : kBoundFields) {
        auto* edit = new QLineEdit(this);
        const QString name = QString::fromLatin1(field.name);
        edit->setObjectName(name);
        edit->setPlaceholderText(tr("no bound"));
        edit->setToolTip(tr("Option --%1 of the command line").arg(name));
        layout->addRow(QCoreApplication::translate("cc::ui::BudgetForm", field.label), edit);
        fields_.insert(name, edit);
    }
}

void BudgetForm::setValue(const QString& name, const QString& text)
{
    if (QLineEdit* edit = fields_.value(name)) {
        edit->setText(text);
    }
}

bool BudgetForm::anyBound() const
{
    for (const QLineEdit* edit : fields_) {
        if (!edit->text().trimmed().isEmpty()) {
            return true;
        }
    }
    return false;
}

cc::TimingBudget BudgetForm::caps() const
{
    return cc::budgetCapsFromText([this](const std::string& name) {
        const QLineEdit* edit = fields_.value(qs(name));
        return edit == nullptr ? std::string() : toStd(edit->text().trimmed());
    });
}

QSpinBox* countSpinBox(const QString& objectName, int max, const QString& noneText, const QString& toolTip,
                       QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(0, max);
    box->setSpecialValueText(noneText);
    box->setToolTip(toolTip);
    return box;
}

} // namespace cc::ui
