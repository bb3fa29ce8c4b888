#include "ui/util/save_file.h"

#include <QSaveFile>

#include <algorithm>

namespace cc::ui {

QString saveFileAtomically(const QString& path, const char* data, qint64 size)
{
    return saveFileAtomically(path, data, size, {});
}

QString saveFileAtomically(const QString& path, const char* data, qint64 size,
                           const std::function<void(qint64 written, qint64 size)>& beforePiece)
{
    // Destroyed without commit() (a failure, or beforePiece throwing), QSaveFile discards what it
    // wrote: the file at path stays as it was.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return file.errorString();
    }
    // In pieces, so a large artifact is not one write call the kernel may cut short, and a worker
    // can report progress and stop between them.
    constexpr qint64 kPiece = qint64{8} << 20;
    for (qint64 done = 0; done < size;) {
        if (beforePiece) {
            beforePiece(done, size);
        }
        const qint64 wrote = file.write(data + done, std::min(kPiece, size - done));
        if (wrote <= 0) {
            const QString why = file.errorString();
            file.cancelWriting();
            return why;
        }
        done += wrote;
    }
    if (beforePiece) {
        beforePiece(size, size);
    }
    if (!file.commit()) {
        return file.errorString();
    }
    return {};
}

} // namespace cc::ui
