#pragma once

#include "pullrun.h"
#include "pullsourcerow.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <memory>
#include <vector>

class QCheckBox;
class QDateEdit;
class QLabel;
class QPushButton;
class QTableView;

namespace unalloc::ui {

class PullProgressModel;
struct AppContext;

/// @brief File → Pull from APIs…: the sources (URL, key, Test connection), the window and
/// "Allow partial"; Pull runs `unalloc pull`'s code off the GUI thread with per-source
/// progress and Cancel, imports in one transaction and shows the result per source.
class PullDialog final : public QDialog
{
    Q_OBJECT
public:
    /// `ledgerPath` empty: no ledger is open (Pull stays disabled). `demo`: the open ledger is
    /// the demo's temporary file, and the dialog says so.
    PullDialog(AppContext *app,
               const QString &ledgerPath,
               bool demo,
               PullContext context = {},
               QWidget *parent = nullptr);
    ~PullDialog() override;

    PullProgressModel *progressModel() const { return m_model; }
    PullSourceRow *row(const std::string &source) const;
    bool isRunning() const { return m_watcher.isRunning(); }
    /// The window the Pull button would ask for (clamped as the CLI clamps).
    adapters::pull::PullWindow window() const;

signals:
    /// The pull ended (imported, failed or cancelled); the result is progressModel()->result().
    void finished(const unalloc::ui::PullResult &result);
    /// Something was imported: the ledger has new batches.
    void imported(const unalloc::ui::PullResult &result);

protected:
    void reject() override;

private:
    void startPull();
    void cancelPull();
    void onEvents(int begin, int end);
    void onFinished(const PullResult &result);
    void updateWindowNote();
    void setRunning(bool running);
    void showMessage(const QString &text);

    AppContext *m_app;
    PullContext m_context;
    QString m_ledgerPath;
    std::vector<PullSourceRow *> m_rows;
    QDateEdit *m_from;
    QDateEdit *m_to;
    QLabel *m_windowNote;
    QCheckBox *m_allowPartial;
    PullProgressModel *m_model;
    QTableView *m_table = nullptr;
    QLabel *m_status;
    QPushButton *m_pull;
    QPushButton *m_cancel;
    QPushButton *m_close;
    QFutureWatcher<PullEvent> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_stop = std::make_shared<std::atomic<bool>>(false);
};

} // namespace unalloc::ui
