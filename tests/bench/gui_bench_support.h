// What the workbench's benchmarks share: waiting on the GUI thread without taking a core from the
// threads being measured.
#pragma once

#include <QEventLoop>
#include <QTimer>

namespace ccbench {

/// Runs the event loop until done() holds, checking every 10 ms. The loop sleeps in between:
/// QCoreApplication::processEvents with a time limit returns as soon as nothing is pending, so a
/// loop around it spins and, on a machine with few cores, steals one from the work it waits for.
template <class Done> void waitUntil(Done&& done)
{
    if (done()) {
        return;
    }
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&]() {
        if (done()) {
            loop.quit();
        }
    });
    poll.start();
    loop.exec();
}

} // namespace ccbench
