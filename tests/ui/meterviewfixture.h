#pragma once

// The Meter comparison view's test fixture (tst_meterview, tst_meterviewcharts): the demo
// ledger open on the view, its tables under QAbstractItemModelTester, and the widgets the
// tests look for.
#include "chartclick.h"
#include "uitestsupport.h"

#include "adapters/import/importer.h"

#include "core/analysis/metersnapshot.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/models/metersharemodel.h"
#include "ui/models/metersweepmodel.h"
#include "ui/views/meterview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/metersplitbanner.h"
#include "ui/widgets/tablepanel.h"

#include <QAbstractItemModelTester>
#include <QAbstractProxyModel>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

namespace unalloc::ui::test {

class MeterViewFixture
{
protected:
    /// The model behind the table view named `tableView`, or nullptr: callers UI_REQUIRE it.
    template<class Model> Model *sourceModel(const char *tableView) const
    {
        auto *table = test::findNamed<QTableView>(m_view, tableView);
        auto *proxy = table ? qobject_cast<QAbstractProxyModel *>(table->model()) : nullptr;
        return proxy ? qobject_cast<Model *>(proxy->sourceModel()) : nullptr;
    }

    QMessageBox *confirmation() const
    {
        auto *box = test::findNamed<QMessageBox>(m_view, "applyMeterConfirm");
        return box && box->isVisible() ? box : nullptr;
    }

    QBarSeries *barSeries() const
    {
        auto *canvas = test::findNamed<QtChartCanvas>(m_view, "meterBars");
        if (!canvas)
            return nullptr;
        for (QAbstractSeries *s : canvas->chart()->series())
            if (auto *bars = qobject_cast<QBarSeries *>(s))
                return bars;
        return nullptr;
    }

    /// The demo ledger open on the Meter comparison view, its two tables under model testers.
    void openDemoPod()
    {
        m_ctx = std::make_unique<TestContext>();
        m_window = std::make_unique<MainWindow>(&m_ctx->app);
        m_window->show();
        m_view = qobject_cast<MeterView *>(m_window->view(QStringLiteral("meters")));
        QVERIFY(m_view);
        auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
        auto *sweep = sourceModel<MeterSweepModel>("sweepTableView");
        UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
        UI_REQUIRE(sweep, "the MeterSweepModel behind sweepTableView");
        using Mode = QAbstractItemModelTester::FailureReportingMode;
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(shares, Mode::QtTest));
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(sweep, Mode::QtTest));
        QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
        QVERIFY(m_window->openDemo(test::demoDir()));
        QTRY_VERIFY(ready.count() >= 1);
        QVERIFY(m_window->showView(QStringLiteral("meters")));
        QTRY_VERIFY(m_view->meters() != nullptr);
    }

    void closeDemoPod()
    {
        m_testers.clear();
        m_window.reset();
        m_ctx.reset();
    }

    std::unique_ptr<TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
    MeterView *m_view = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

} // namespace unalloc::ui::test
