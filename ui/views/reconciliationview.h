#pragma once

#include "analysisview.h"

#include <QString>

#include <optional>
#include <set>

class QAbstractItemModel;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QPushButton;

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QHorizontalStackedBarSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace unalloc::ui {

class BatchStateModel;
class FigureCard;
class OverlapModel;
class QtChartCanvas;
class ReconLineModel;

/**
 * @brief Reconciliation (DESIGN §7, §9): ledger vs invoice per provider and billing period
 * with delta, status and coverage; the gateway-vs-bill overlap per provider (the dollars
 * counted twice hatched) and per provider, model and day; every batch with its completeness.
 * The tolerance is part of the shared request: editing it is one undoable change.
 */
class ReconciliationView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit ReconciliationView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;

    QDoubleSpinBox *toleranceSpin() const { return m_tolerance; }
    ReconLineModel *lineModel() const { return m_lines; }
    OverlapModel *overlapModel() const { return m_overlapRows; }
    BatchStateModel *batchModel() const { return m_batches; }
    /// Ledger vs invoice: per line a ledger bar (the source's colour, one set per source)
    /// and an invoice bar, under a row of ordinary widgets per line (status pill, delta).
    QtChartCanvas *reconChart() const { return m_reconChart; }
    /// The context menu of the batch table's row at `index` (Delete batch N). Undoable.
    QMenu *batchMenu(const QModelIndex &index);
    /// Deletes batch `id` as one undoable command (the menu's action).
    void deleteBatch(qint64 id);
    /// Replaces batch `id` by `files` (one undoable step; the batch stays when they fail).
    void replaceBatch(qint64 id, const QStringList &files);
    /// Overlap, excess and residual stacked per provider (a gateway row and a bill row), under
    /// a header per provider (what is counted twice, the coverage, the totals).
    QtChartCanvas *overlapChart() const { return m_overlapChart; }

    /// The hover text of recon line `line`'s ledger (or invoice) bar: exact amounts.
    QString reconToolTip(size_t line, bool invoice) const;
    /// The hover text of an overlap segment: provider `provider`, its gateway or bill bar,
    /// part 0 overlap, 1 excess (gateway) or residual (bill).
    QString overlapToolTip(size_t provider, bool bill, int part) const;
    /// Where a click on recon line `line` goes: the ledger rows of its source.
    std::optional<DrillTarget> reconDrill(size_t line) const;
    /// Where a click on provider `provider`'s bill bar goes: the rows of its bill.
    std::optional<DrillTarget> overlapDrill(size_t provider) const;
    /// Hides or shows a legend entry's bars (recon: a source or "invoice"; overlap: a part).
    void toggleReconSet(const QString &name);
    void toggleOverlapPart(int part);
    bool isReconSetHidden(const QString &name) const { return m_hiddenRecon.count(name) > 0; }
    bool isOverlapPartHidden(int part) const { return m_hiddenOverlap.count(part) > 0; }

private:
    QWidget *buildControls();
    QWidget *tablePanel(const QString &title,
                        const QString &name,
                        QAbstractItemModel *model,
                        int minimumHeight);
    void onToleranceChanged(double value);
    void applyTheme();
    void showFigures(const core::AnalysisSnapshot &s);
    void showReconFigure(const core::AnalysisSnapshot &s);
    void showOverlapFigures(const core::AnalysisSnapshot &s);
    void showBatchFigure(const core::AnalysisSnapshot &s);
    // reconciliationcharts.cpp
    void showReconChart(const core::AnalysisSnapshot &s);
    void showOverlapChart(const core::AnalysisSnapshot &s);

    FigureCard *m_reconFigure;
    FigureCard *m_overlapFigure;
    FigureCard *m_coverageFigure;
    FigureCard *m_batchFigure;
    QDoubleSpinBox *m_tolerance;
    QLineEdit *m_command;
    void buildCharts();
    void showReconRows(const core::AnalysisSnapshot &s);
    void showOverlapHeads(const core::AnalysisSnapshot &s);
    QtChartCanvas *m_reconChart;
    QtChartCanvas *m_overlapChart;
    QWidget *m_reconRows;    ///< per line: provider, period, status pill, delta, coverage
    QWidget *m_overlapHeads; ///< per provider: name, counted twice, coverage, totals
    QHorizontalStackedBarSeries *m_reconSeries = nullptr;
    QHorizontalStackedBarSeries *m_overlapSeries = nullptr;
    QBarCategoryAxis *m_reconRowsAxis = nullptr;
    QValueAxis *m_reconAmounts = nullptr;
    QBarCategoryAxis *m_overlapRowsAxis = nullptr;
    QValueAxis *m_overlapAmounts = nullptr;
    std::set<QString> m_hiddenRecon;
    std::set<int> m_hiddenOverlap;
    ReconLineModel *m_lines;
    OverlapModel *m_overlapRows;
    BatchStateModel *m_batches;
    QLabel *m_batchMessage = nullptr;
    QWidget *m_replaceRow = nullptr; ///< progress and Cancel of a running replace
    QLabel *m_replaceLabel = nullptr;
    QProgressBar *m_replaceProgress = nullptr;
    QPushButton *m_replaceCancel = nullptr;
    QLabel *m_otherCurrency = nullptr; ///< invoices in another currency, listed not reconciled
    void showOtherCurrencyInvoices(const core::AnalysisSnapshot &s);
};

} // namespace unalloc::ui
