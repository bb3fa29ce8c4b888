#include "ui/util/save_file.h"

#include <QSaveFile>

#include <algorithm>

namespace cc::ui {

QString saveFileAtomically(const QString& path, const char* data, qint64 size)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return file.errorString();
    }
    // In pieces, so a large artifact is not one write call the kernel may cut short.
    constexpr qint64 kPiece = qint64{8} << 20;
    for (qint64 done = 0; done < size;) {
        const qint64 wrote = file.write(data + done, std::min(kPiece, size - done));
        if (wrote <= 0) {
            const QString why = file.errorString();
            file.cancelWriting();
            return why;
        }
        done += wrote;
    }
    if (!file.commit()) {
        return file.errorString();
    }
    return {};
}

} // namespace cc::ui
