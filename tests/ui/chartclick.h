#pragma once

// A click on a Qt Charts legend entry, as the tests send it.
#include <QCoreApplication>
#include <QEvent>
#include <QLegendMarker>

namespace unalloc::ui::test {

/// Sends what a click on `marker` sends and runs what it queued: a handler that rebuilds the
/// chart runs after the click (chartinteraction::onLegendClickRebuild), as in the app.
inline void clickLegend(QLegendMarker *marker)
{
    emit marker->clicked();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
}

} // namespace unalloc::ui::test
