#pragma once

#include "analysisview.h"

class QLabel;
class QLineEdit;
class QTableView;
class QTimer;

namespace unalloc::ui {

class LedgerTableModel;

/// @brief Every ledger row of the selected period and sources, read lazily in windows from
/// the store: exact amounts, labels, batch, and the owner the current rules resolve.
class LedgerView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit LedgerView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;
    void documentLoaded() override;
    /// Its count reads every row (and may first build the sort's index): seconds on a large
    /// ledger, for a view that may never be opened; it runs when the view is shown.
    bool warmsInBackground() const override { return false; }
    LedgerTableModel *model() const { return m_model; }

private:
    void updateCount();
    void sizeColumns();

    LedgerTableModel *m_model;
    QLineEdit *m_filter;
    QLabel *m_count;
    QString m_filterError; ///< why the filter line does not apply, or empty
    QTableView *m_table;
    QTimer *m_debounce;
};

} // namespace unalloc::ui
