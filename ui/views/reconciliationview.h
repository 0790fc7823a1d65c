#pragma once

#include "analysisview.h"

class QAbstractItemModel;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QPushButton;

namespace unalloc::ui {

class BatchStateModel;
class FigureCard;
class OverlapChart;
class OverlapModel;
class ReconBarChart;
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
    ReconBarChart *reconChart() const { return m_reconChart; }
    /// The context menu of the batch table's row at `index` (Delete batch N). Undoable.
    QMenu *batchMenu(const QModelIndex &index);
    /// Deletes batch `id` as one undoable command (the menu's action).
    void deleteBatch(qint64 id);
    /// Replaces batch `id` by `files` (one undoable step; the batch stays when they fail).
    void replaceBatch(qint64 id, const QStringList &files);
    OverlapChart *overlapChart() const { return m_overlapChart; }

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
    ReconBarChart *m_reconChart;
    OverlapChart *m_overlapChart;
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
