#pragma once

// The explorer's main window on the bundled demo, as the view tests start from.
#include "uitestsupport.h"

#include "ui/mainwindow.h"

#include <QSignalSpy>

#include <memory>

namespace unalloc::ui::test {

/// A shown 1440×900 main window with the demo ledger open and its first analysis in; null
/// when the analysis did not arrive within 20 s.
inline std::unique_ptr<MainWindow> openDemoWindow(TestContext &ctx)
{
    auto window = std::make_unique<MainWindow>(&ctx.app);
    window->resize(1440, 900);
    window->show();
    QSignalSpy ready(window->analysis(), &AnalysisController::snapshotReady);
    if (!window->openDemo(demoDir()) || !QTest::qWaitFor([&] { return ready.count() >= 1; }, 20000))
        return nullptr;
    return window;
}

} // namespace unalloc::ui::test
