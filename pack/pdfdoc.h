#pragma once

// A small flowing-document writer over QPdfWriter: headings that become PDF bookmarks, text,
// tables and vector charts, page breaks, and "page N of M" footers.
#include <QColor>
#include <QPageSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QBuffer;
class QImage;
class QPainter;
class QPdfWriter;
class QIODevice;

namespace unalloc::pack {

struct OutlineEntry
{
    QString title;
    int page = 0; ///< 0-based
};

class PdfDoc final
{
public:
    enum class Align { Left, Right };
    struct Bar
    {
        QString label;
        double value = 0; ///< chart geometry only; the label carries the exact figure
        QString valueText;
        QColor color;
    };

    /// `totalPages` 0 = unknown (the footer then says only "page N").
    PdfDoc(QIODevice *out, QPageSize size, const QString &footer, int totalPages);
    /// The same pages painted onto images at `dpi` (a preview). Layout decisions use the PDF
    /// writer's font metrics in both modes, so the pages break exactly as in the PDF.
    PdfDoc(std::vector<QImage> *pages,
           double dpi,
           QPageSize size,
           const QString &footer,
           int totalPages);
    ~PdfDoc();

    /// A bookmarked title, on a new page (unless the page is still empty) or, with
    /// `samePage`, below what the page holds when there is room.
    void section(const QString &title, bool samePage = false);
    void subheading(const QString &text);
    void
    text(const QString &text, const QColor &color = Qt::black, bool bold = false, double size = 10);
    void gap(double points) { m_y += points; }
    void table(const QStringList &headers,
               const std::vector<QStringList> &rows,
               const std::vector<Align> &align,
               const std::vector<double> &widths, ///< fractions of the text width
               const std::vector<QColor> &rowColors = {});
    void barChart(const QString &title, const std::vector<Bar> &bars);
    /// A line over `points` (y in percent, 0–100), x = step index, labelled axes.
    void lineChart(const QString &title,
                   const std::vector<double> &points,
                   const QString &xLabel,
                   const QString &yLabel);
    /// Ends the document; returns the number of pages.
    int finish();
    const std::vector<OutlineEntry> &outline() const { return m_outline; }

private:
    void ensure(double height);
    void newPage();
    void footer();
    void setUp(QPageSize size, const QString &footer);
    void beginImage();
    void endImage();
    double width() const { return m_width; }

    std::unique_ptr<QBuffer> m_metricsSink; ///< image mode: the unused PDF of the metrics device
    std::unique_ptr<QPdfWriter> m_writer;
    std::vector<QImage> *m_images = nullptr;
    std::unique_ptr<QImage> m_image;
    double m_dpi = 72;
    std::unique_ptr<QPainter> m_painter;
    QString m_footer;
    int m_total = 0;
    int m_page = 0;
    bool m_pageUsed = false;
    double m_y = 0, m_width = 0, m_height = 0;
    std::vector<OutlineEntry> m_outline;
};

/// Adds a PDF outline (bookmarks) to `pdf` as an incremental update: one top-level entry per
/// `entries` item pointing at its page. QPdfWriter has no outline API; the update appends a new
/// catalog that refers to the outline, so the original bytes stay as they are. Returns false
/// (and leaves `pdf` alone) when the file is not laid out as QPdfWriter writes it.
bool addOutline(QByteArray &pdf, const std::vector<OutlineEntry> &entries);

} // namespace unalloc::pack
