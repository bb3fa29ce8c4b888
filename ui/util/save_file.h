// The one way the workbench writes a file a user asked for: QSaveFile (the bytes go to an unnamed
// or temporary file in the target folder and are renamed into place on commit), so a crash, a kill
// or a full disk never leaves half a file at the path, and the previous file stays whole until the
// new one is complete.
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace cc::ui {

/// Writes size bytes at data to path atomically. Returns an empty string on success, otherwise
/// why it failed (Qt's error text), and then nothing changed at path.
QString saveFileAtomically(const QString& path, const char* data, qint64 size);

/// The same, calling beforePiece(written, size) before each piece of 8 MiB and once more at the
/// end: a worker reports progress there and may throw to stop (a cancel). A throw abandons the
/// write, so nothing changes at path, and propagates to the caller.
QString saveFileAtomically(const QString& path, const char* data, qint64 size,
                           const std::function<void(qint64 written, qint64 size)>& beforePiece);
inline QString saveFileAtomically(const QString& path, const QByteArray& bytes)
{
    return saveFileAtomically(path, bytes.constData(), bytes.size());
}

} // namespace cc::ui
