#pragma once

#include "panel.h"
#include "ui/exporting/exporter.h"

namespace unalloc::ui {

class ChartCanvas;

/// @brief A panel showing one painted chart; exports it as PNG, SVG or PDF, or copies it.
class ChartPanel final : public Panel
{
    Q_OBJECT
public:
    ChartPanel(const QString &title,
               ChartCanvas *chart,
               const ExportHost &host,
               QWidget *parent = nullptr);

    ChartCanvas *chart() const { return m_chart; }
    /// Writes the chart with its caption (format from the extension); used by the menu and
    /// by tests.
    bool exportTo(const QString &path, QString *error = nullptr) const;
    void copyToClipboard() const;
    /// Runs before every export and copy: a view that draws its hidden charts only when shown
    /// brings the chart up to date here.
    void setBeforeExport(std::function<void()> bringUpToDate)
    {
        m_beforeExport = std::move(bringUpToDate);
    }

private:
    void exportAs(Exporter::Format format);

    ChartCanvas *m_chart;
    std::function<void()> m_beforeExport;
};

} // namespace unalloc::ui
