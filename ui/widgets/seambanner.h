#pragma once

#include "ui/analysiscontroller.h"

#include <QWidget>

class QFrame;
class QLabel;
class QPushButton;

namespace unalloc::ui {

struct AppContext;

/**
 * @brief The seam warnings above every view (DESIGN §7): partial batches behind the numbers
 * (red, with their reasons) and overlapping sources summed (the dollars counted twice, with a
 * one-click switch to the de-duplicated ledger — an undoable change of the request).
 *
 * It follows the shared AnalysisController itself, so views need no code for it.
 */
class SeamBanner final : public QWidget
{
    Q_OBJECT
public:
    SeamBanner(AppContext *app, AnalysisController *analysis, QWidget *parent = nullptr);

    QLabel *partialLabel() const { return m_partial; }
    QLabel *overlapLabel() const { return m_overlapText; }
    QPushButton *dedupeButton() const { return m_dedupe; }

    /// "LiteLLM", "OpenAI": how the banners name a source or provider.
    static QString sourceTitle(const std::string &source);

private:
    void showSnapshot(const SnapshotPtr &snapshot);
    void showPartial(const core::AnalysisSnapshot &s);
    void showOverlap(const core::AnalysisSnapshot &s);
    void toggleDedupe();
    void applyTheme();

    AppContext *m_app;
    AnalysisController *m_analysis;
    QLabel *m_partial;
    QFrame *m_overlap;
    QLabel *m_overlapText;
    QPushButton *m_dedupe;
};

} // namespace unalloc::ui
