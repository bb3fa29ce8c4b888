// The option forms of the compile, behaviour-search and reduce dialogs. Every field is text that
// core parses exactly as the CLI does (verify::verifyOptionsFromText for tolerances, decimal
// microseconds for error bounds), so the GUI and the CLI read the same numbers the same way and
// a bad value gets the same message, naming the option.
#pragma once

#include "core/canary/canary.h"
#include "core/verify/behavior_verifier.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QWidget>

class QFormLayout;
class QLineEdit;
class QSpinBox;

namespace cc::ui {

/// Verification tolerances and replay protocol: the verify-behavior options except --configs,
/// or a chosen subset of them (reduce uses only the ranking tie rule, seed and iterations).
class ToleranceForm : public QWidget {
    Q_OBJECT
public:
    /// names: the option names (without dashes) to show; empty: all of them.
    explicit ToleranceForm(const QStringList& names = {}, QWidget* parent = nullptr);

    /// The line edit of an option ("ranking-tie-tolerance-us"), nullptr when not shown.
    QLineEdit* field(const QString& name) const { return fields_.value(name); }
    void setValue(const QString& name, const QString& text);

    /// Parses the fields (configs left empty). Throws cc::InputError naming the option.
    cc::verify::VerifyOptions options() const;

private:
    QMap<QString, QLineEdit*> fields_;
};

/// Per-field error bounds of bounded compilation (empty: no bound on that field).
class BudgetForm : public QWidget {
    Q_OBJECT
public:
    explicit BudgetForm(QWidget* parent = nullptr);

    QLineEdit* field(const QString& name) const { return fields_.value(name); }
    void setValue(const QString& name, const QString& text);
    /// True when any bound is filled in.
    bool anyBound() const;
    /// The bounds as a budget (sample limits are left unset). Throws cc::InputError naming the field.
    cc::TimingBudget caps() const;

private:
    QMap<QString, QLineEdit*> fields_;
};

/// A count option whose 0 means none (the whole trace, no limit): a spin box from 0 to max that
/// shows noneText at 0.
QSpinBox* countSpinBox(const QString& objectName, int max, const QString& noneText, const QString& toolTip,
                       QWidget* parent);

/// The translated label of a verify-behavior option ("Ranking tie tolerance (µs)").
QString toleranceLabel(const QString& name);

} // namespace cc::ui
