#include "analysisview.h"

#include "ui/ledgerbudget.h"
#include "ui/widgets/seambanner.h"

#include <QScrollArea>

#include <QVBoxLayout>
#include <utility>

namespace unalloc::ui {

AnalysisView::AnalysisView(const ViewContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{}

void AnalysisView::whenShown(std::function<void()> work)
{
    // A window that is not on screen (a test, a scripted export) has no view to put first.
    if (isVisible() || !window()->isVisible()) {
        m_whenShown = nullptr;
        work();
        return;
    }
    m_whenShown = std::move(work);
}

void AnalysisView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    startWaitingWork();
}

void AnalysisView::startWaitingWork()
{
    if (auto work = std::exchange(m_whenShown, nullptr))
        work();
}

core::UBudget AnalysisView::budget() const
{
    return m_context.budget ? m_context.budget->budget() : core::UBudget{};
}

QList<Panel *> AnalysisView::panels() const
{
    return findChildren<Panel *>();
}

ExportHost AnalysisView::exportHost() const
{
    ExportHost host;
    host.app = m_context.app;
    host.caption = [this] {
        return m_snapshot ? m_snapshot->caption : core::ExportCaption();
    };
    return host;
}

void AnalysisView::setContent(QWidget *content)
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    // Partial batches and double-counted dollars are flagged above every view (DESIGN §7).
    layout->addWidget(new SeamBanner(m_context.app, m_context.analysis, this));
    layout->addWidget(scroll, 1);
}

} // namespace unalloc::ui
