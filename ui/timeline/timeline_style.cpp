#include "ui/timeline/timeline_style.h"

namespace cc::ui {

QColor TimelineStyle::opColor(OpKind kind)
{
    switch (kind) {
    case OpKind::AllReduce:
        return QColor(0, 114, 178);
    case OpKind::AllGather:
        return QColor(0, 158, 115);
    case OpKind::ReduceScatter:
        return QColor(213, 94, 0);
    case OpKind::AllToAll:
        return QColor(204, 121, 167);
    case OpKind::Broadcast:
        return QColor(86, 180, 233);
    case OpKind::Reduce:
        return QColor(0, 80, 125);
    case OpKind::Gather:
        return QColor(0, 110, 80);
    case OpKind::Scatter:
        return QColor(150, 70, 0);
    case OpKind::Barrier:
        return QColor(90, 90, 90);
    case OpKind::Send:
        return QColor(230, 159, 0);
    case OpKind::Recv:
        return QColor(170, 120, 0);
    case OpKind::Custom:
        return QColor(120, 60, 160);
    }
    return QColor(0, 0, 0);
}

} // namespace cc::ui
