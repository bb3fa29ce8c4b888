// The one way the workbench writes a file a user asked for: QSaveFile (the bytes go to an unnamed
// or temporary file in the target folder and are renamed into place on commit), so a crash, a kill
// or a full disk never leaves half a file at the path, and the previous file stays whole until the
// new one is complete.
#pragma once

#include <QByteArray>
#include <QString>

namespace cc::ui {

/// Writes size bytes at data to path atomically. Returns an empty string on success, otherwise
/// why it failed (Qt's error text), and then nothing changed at path.
QString saveFileAtomically(const QString& path, const char* data, qint64 size);
inline QString saveFileAtomically(const QString& path, const QByteArray& bytes)
{
    return saveFileAtomically(path, bytes.constData(), bytes.size());
}

} // namespace cc::ui
