#include "qtchartcanvas.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLocale>
#include <QPainter>
#include <QVBoxLayout>

namespace unalloc::ui {

namespace {

constexpr QSize kFallbackSize{1100, 620};

} // namespace

QtChartCanvas::QtChartCanvas(QChart *chart, QWidget *parent)
    : ChartCanvas(parent)
    , m_view(new QChartView(chart))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumHeight(280);
}

QtChartCanvas *QtChartCanvas::create(const char *objectName)
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    auto *canvas = new QtChartCanvas(chart);
    canvas->setObjectName(QLatin1String(objectName));
    return canvas;
}

QChart *QtChartCanvas::chart() const
{
    return m_view->chart();
}

QSize QtChartCanvas::exportSize() const
{
    const QSize shown = m_view->size();
    return shown.width() >= 320 && shown.height() >= 200 ? shown : kFallbackSize;
}

void QtChartCanvas::paintChart(QPainter &painter, const QRectF &rect) const
{
    QChart *c = chart();
    const QRectF shown = c->geometry();
    const bool resize = shown.size() != rect.size();
    if (resize) // never laid out (a hidden view): lay the chart out at the export size
        c->setGeometry(QRectF(QPointF(0, 0), rect.size()));
    // Series changed since the last paint lay out their legend markers on a posted event; an
    // export right after the change must not wait for the event loop.
    for (QGraphicsLayout *layout : {c->layout(), c->legend()->layout()})
        if (layout)
            layout->activate();
    m_view->scene()->render(&painter, rect, QRectF(QPointF(0, 0), rect.size()),
                            Qt::KeepAspectRatio);
    if (resize)
        c->setGeometry(shown);
}

void QtChartCanvas::styleChart(QChart *chart, const Theme &theme)
{
    chart->setBackgroundBrush(theme.panel);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(theme.text);
    chart->legend()->setLabelColor(theme.text);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Axis numbers in the app's locale, with its group separators: "12,000" / "12.000".
    chart->setLocalizeNumbers(true);
    chart->setLocale(QLocale());
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsBrush(theme.mutedText);
        axis->setTitleBrush(theme.text);
        axis->setLinePenColor(theme.border);
        axis->setGridLineColor(theme.grid);
        axis->setMinorGridLineColor(theme.grid.lighter(theme.dark ? 80 : 110));
    }
}

} // namespace unalloc::ui
