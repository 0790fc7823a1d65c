#pragma once

#include "pack/packlayout.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QImage>
#include <QTemporaryDir>

#include <map>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// @brief File ▸ Export chargeback pack…: the month, paper and statements folder, a preview of
/// the pages, then Save.
///
/// The owner key, fallbacks and de-duplication come from the analysis the window shows. The
/// content is computed by the same pack::buildPack as `unalloc pack`; the PDF and the page
/// images are rendered off the GUI thread (the PDF into a temporary file that Save copies), so
/// the saved file is the previewed one.
class PackDialog final : public QDialog
{
    Q_OBJECT
public:
    PackDialog(LedgerDocument &document, const AnalysisController &analysis, QWidget *parent);
    ~PackDialog() override;

    /// Pages of the last finished preview (0 while rendering or after an error).
    int previewPages() const { return int(m_pages.size()); }
    bool isRendering() const { return m_watcher.isRunning(); }
    /// The content of the preview shown (null before the first one).
    const pack::PackContent *previewContent() const { return m_content.get(); }

signals:
    void previewReady(int pages);
    void saved(const QString &path);

private:
    struct Rendered
    {
        std::shared_ptr<const pack::PackContent> content;
        QString pdfPath; ///< the rendered PDF in the dialog's temporary folder; "" on failure
        std::vector<QImage> pages;
        int pdfPages = 0;
        QString error;
    };

    void fillMonths();
    void refresh();
    void onRendered();
    void save();
    void showPage(int index);
    void browseOutput();
    void browseStatements();
    /// One meter choice per shared pod of the month (the pods the last preview found):
    /// `unalloc pack --meter POD=METER`, in the pack only.
    void showPodChoices();
    std::optional<pack::PackContent> content(QString &error) const;

    LedgerDocument &m_document;
    const AnalysisController &m_analysis;
    QComboBox *m_month = nullptr;
    QComboBox *m_page = nullptr;
    QCheckBox *m_dedupe = nullptr;
    QLabel *m_owner = nullptr;
    QWidget *m_meters = nullptr;
    QLabel *m_noPods = nullptr;
    std::map<std::int64_t, QComboBox *> m_meterCombos; ///< by pod row id
    std::map<std::int64_t, std::string> m_meterChoice; ///< pod row id → meter id
    QLineEdit *m_statements = nullptr;
    QLineEdit *m_output = nullptr;
    QListWidget *m_preview = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_save = nullptr;
    QTemporaryDir m_temp;
    QFutureWatcher<Rendered> m_watcher;
    std::shared_ptr<const pack::PackContent> m_content; ///< of the preview shown
    std::vector<QImage> m_pages;
    QString m_pdfPath;
    int m_generation = 0;
    bool m_again = false;
};

} // namespace unalloc::ui
