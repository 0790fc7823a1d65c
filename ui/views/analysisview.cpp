#include "analysisview.h"

#include <QScrollArea>
#include <QVBoxLayout>

namespace unalloc::ui {

AnalysisView::AnalysisView(const ViewContext &context, QWidget *parent)
    : QWidget(parent), m_context(context)
{}

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
    layout->addWidget(scroll);
}

} // namespace unalloc::ui
