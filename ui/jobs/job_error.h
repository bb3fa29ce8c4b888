// What went wrong in a job, as a value that crosses from the worker thread to the GUI thread:
// the kind (bad input, IO, negative result, cancelled, other), a one-line text and, for bad
// input, every diagnostic core produced (file, event index/id, field, rule).
#pragma once

#include "core/util/errors.h"

#include <QMetaType>
#include <QString>

#include <vector>

namespace cc::ui {

struct JobError {
    enum class Kind {
        None,      ///< no error
        Input,     ///< cc::InputError: the input breaks a rule of its format
        Io,        ///< cc::IoError: the operating system refused a read or write
        Negative,  ///< cc::NegativeResult: a valid input with a negative answer
        Cancelled, ///< cc::Cancelled: the user asked to stop
        Other,     ///< anything else (a defect, or memory exhausted)
    };

    Kind kind = Kind::None;
    QString message;                         ///< the exception's text
    std::vector<cc::Diagnostic> diagnostics; ///< for Kind::Input

    bool isError() const { return kind != Kind::None; }
    bool isCancelled() const { return kind == Kind::Cancelled; }

    /// Classifies the exception being handled; call only inside a catch block.
    static JobError fromCurrentException();
    /// A translated name of the kind ("Invalid input", ...).
    static QString kindName(Kind kind);
};

} // namespace cc::ui

Q_DECLARE_METATYPE(cc::ui::JobError)
