#include "ui/jobs/job_error.h"

#include "core/util/progress.h"
#include "ui/util/text.h"

#include <QCoreApplication>

#include <exception>
#include <new>

namespace cc::ui {

JobError JobError::fromCurrentException()
{
    JobError error;
    try {
        throw;
    } catch (const cc::Cancelled&) {
        error.kind = Kind::Cancelled;
        error.message = QCoreApplication::translate("cc::ui::JobError", "The operation was cancelled.");
    } catch (const cc::InputError& e) {
        error.kind = Kind::Input;
        error.message = qs(e.what());
        error.diagnostics = e.diagnostics();
    } catch (const cc::IoError& e) {
        error.kind = Kind::Io;
        error.message = qs(e.what());
    } catch (const cc::NegativeResult& e) {
        error.kind = Kind::Negative;
        error.message = qs(e.what());
    } catch (const std::bad_alloc&) {
        error.kind = Kind::Other;
        error.message = QCoreApplication::translate("cc::ui::JobError", "Out of memory.");
    } catch (const std::exception& e) {
        error.kind = Kind::Other;
        error.message = qs(e.what());
    } catch (...) {
        error.kind = Kind::Other;
        error.message = QCoreApplication::translate("cc::ui::JobError", "An unknown error occurred.");
    }
    return error;
}

QString JobError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return QCoreApplication::translate("cc::ui::JobError", "No error");
    case Kind::Input:
        return QCoreApplication::translate("cc::ui::JobError", "Invalid input");
    case Kind::Io:
        return QCoreApplication::translate("cc::ui::JobError", "Input/output error");
    case Kind::Negative:
        return QCoreApplication::translate("cc::ui::JobError", "Negative result");
    case Kind::Cancelled:
        return QCoreApplication::translate("cc::ui::JobError", "Cancelled");
    case Kind::Other:
        break;
    }
    return QCoreApplication::translate("cc::ui::JobError", "Internal error");
}

} // namespace cc::ui
