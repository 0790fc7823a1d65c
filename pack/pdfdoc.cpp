#include "pdfdoc.h"

#include <QBuffer>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace unalloc::pack {

namespace {

const QString kFamily = QStringLiteral("DejaVu Sans");

QFont font(double size, bool bold = false)
{
    QFont f(kFamily);
    f.setPointSizeF(size);
    f.setBold(bold);
    return f;
}

} // namespace

PdfDoc::PdfDoc(QIODevice *out, QPageSize size, const QString &footer, int totalPages)
    : m_writer(std::make_unique<QPdfWriter>(out))
    , m_footer(footer)
    , m_total(totalPages)
{
    setUp(size, footer);
    m_painter = std::make_unique<QPainter>(m_writer.get());
}

PdfDoc::PdfDoc(
    std::vector<QImage> *pages, double dpi, QPageSize size, const QString &footer, int totalPages)
    : m_metricsSink(std::make_unique<QBuffer>())
    , m_images(pages)
    , m_dpi(dpi)
    , m_footer(footer)
    , m_total(totalPages)
{
    m_metricsSink->open(QIODevice::WriteOnly);
    m_writer = std::make_unique<QPdfWriter>(m_metricsSink.get());
    setUp(size, footer);
    m_painter = std::make_unique<QPainter>();
    beginImage();
}

void PdfDoc::setUp(QPageSize size, const QString &footer)
{
    m_writer->setResolution(72); // one device unit = one point
    m_writer->setPageSize(size);
    m_writer->setPageMargins(QMarginsF(18, 16, 18, 20), QPageLayout::Millimeter);
    m_writer->setCreator(QStringLiteral("unalloc pack"));
    m_writer->setTitle(footer);
    const QRectF r = m_writer->pageLayout().paintRectPixels(72);
    m_width = r.width();
    m_height = r.height() - 24; // room for the footer
}

void PdfDoc::beginImage()
{
    const QPageLayout layout = m_writer->pageLayout();
    const QRectF full = layout.fullRectPixels(72), paint = layout.paintRectPixels(72);
    const double k = m_dpi / 72.0;
    m_image = std::make_unique<QImage>(
        QSize(int(std::ceil(full.width() * k)), int(std::ceil(full.height() * k))),
        QImage::Format_RGB32);
    // 72 dots per inch for the fonts (one unit = one point, as in the PDF); scaled when painted.
    m_image->setDotsPerMeterX(int(std::lround(72 / 0.0254)));
    m_image->setDotsPerMeterY(int(std::lround(72 / 0.0254)));
    m_image->fill(Qt::white);
    m_painter->begin(m_image.get());
    m_painter->setRenderHint(QPainter::Antialiasing);
    m_painter->setRenderHint(QPainter::TextAntialiasing);
    m_painter->scale(k, k);
    m_painter->translate(paint.topLeft());
}

void PdfDoc::endImage()
{
    m_painter->end();
    m_images->push_back(std::move(*m_image));
    m_image.reset();
}

PdfDoc::~PdfDoc() = default;

void PdfDoc::footer()
{
    m_painter->setFont(font(8));
    m_painter->setPen(QColor(0x55, 0x55, 0x55));
    const QString page = m_total > 0 ? QStringLiteral("page %1 of %2").arg(m_page + 1).arg(m_total)
                                     : QStringLiteral("page %1").arg(m_page + 1);
    const QRectF r(0, m_height + 8, m_width, 14);
    m_painter->drawText(r, Qt::AlignLeft | Qt::AlignVCenter, m_footer);
    m_painter->drawText(r, Qt::AlignRight | Qt::AlignVCenter, page);
}

void PdfDoc::newPage()
{
    footer();
    if (m_images) {
        endImage();
        beginImage();
    } else {
        m_writer->newPage();
    }
    ++m_page;
    m_y = 0;
    m_pageUsed = false;
}

void PdfDoc::ensure(double height)
{
    if (m_y + height > m_height && m_pageUsed)
        newPage();
    m_pageUsed = true;
}

void PdfDoc::section(const QString &title, bool samePage)
{
    if (m_pageUsed && (!samePage || m_y + 160 > m_height))
        newPage();
    else if (m_pageUsed)
        m_y += 18;
    m_outline.push_back({title, m_page});
    m_pageUsed = true;
    m_painter->setFont(font(16, true));
    m_painter->setPen(QColor(0x1f, 0x3a, 0x5f));
    m_painter->drawText(QRectF(0, m_y, m_width, 24), Qt::AlignLeft | Qt::AlignVCenter, title);
    m_y += 26;
    m_painter->setPen(QPen(QColor(0x1f, 0x3a, 0x5f), 1));
    m_painter->drawLine(QPointF(0, m_y), QPointF(m_width, m_y));
    m_y += 10;
}

void PdfDoc::subheading(const QString &text)
{
    ensure(40);
    m_y += 6;
    m_painter->setFont(font(12, true));
    m_painter->setPen(Qt::black);
    m_painter->drawText(QRectF(0, m_y, m_width, 18), Qt::AlignLeft | Qt::AlignVCenter, text);
    m_y += 20;
}

void PdfDoc::text(const QString &text, const QColor &color, bool bold, double size)
{
    const QFont f = font(size, bold);
    const QFontMetricsF fm(f, m_writer.get());
    const QRectF box =
        fm.boundingRect(QRectF(0, 0, m_width, 10000), Qt::TextWordWrap | Qt::AlignLeft, text);
    ensure(box.height() + 4);
    m_painter->setFont(f);
    m_painter->setPen(color);
    m_painter->drawText(QRectF(0, m_y, m_width, box.height() + 2), Qt::TextWordWrap | Qt::AlignLeft,
                        text);
    m_y += box.height() + 4;
}

void PdfDoc::table(const QStringList &headers,
                   const std::vector<QStringList> &rows,
                   const std::vector<Align> &align,
                   const std::vector<double> &widths,
                   const std::vector<QColor> &rowColors)
{
    const double lineH = 15, pad = 3.5;
    std::vector<double> x(widths.size() + 1, 0);
    for (size_t i = 0; i < widths.size(); ++i)
        x[i + 1] = x[i] + widths[i] * m_width;
    const QFont bodyFont = font(8.5), headFont = font(8.5, true);
    // A cell too long for its column wraps at spaces (the row grows) when each of its words
    // fits; otherwise it is elided in the middle. Qt would also break a word after a hyphen:
    // a UUID owner went over four lines where a hex id of the same width was elided. Heights
    // come from the PDF writer's metrics.
    struct Cell
    {
        QString text;
        double height;
        bool wrap;
    };
    const auto layoutRow = [&](const QStringList &cells, const QFont &f) {
        const QFontMetricsF fm(f, m_writer.get());
        std::vector<Cell> out;
        double h = lineH;
        for (int c = 0; c < cells.size() && size_t(c) < widths.size(); ++c) {
            const double w = x[size_t(c) + 1] - x[size_t(c)] - 6;
            Cell cell{cells[c], lineH, false};
            if (fm.horizontalAdvance(cells[c]) > w) {
                const QStringList words = cells[c].split(QLatin1Char(' '), Qt::SkipEmptyParts);
                const bool wordsFit =
                    words.size() > 1 &&
                    std::all_of(words.begin(), words.end(),
                                [&](const QString &t) { return fm.horizontalAdvance(t) <= w; });
                const QRectF box = wordsFit
                                       ? fm.boundingRect(QRectF(0, 0, w, 10000),
                                                         Qt::TextWordWrap | Qt::AlignLeft, cells[c])
                                       : QRectF();
                if (wordsFit && box.width() <= w + 0.5) {
                    cell.wrap = true;
                    cell.height = box.height() + 2 * pad;
                } else {
                    cell.text = fm.elidedText(cells[c], Qt::ElideMiddle, w);
                }
            }
            h = std::max(h, cell.height);
            out.push_back(cell);
        }
        return std::make_pair(out, h);
    };
    const auto drawRow = [&](const QStringList &cells, bool header, const QColor &color) {
        const QFont &f = header ? headFont : bodyFont;
        const auto [laid, h] = layoutRow(cells, f);
        if (header)
            m_painter->fillRect(QRectF(0, m_y, m_width, h), QColor(0xea, 0xee, 0xf3));
        m_painter->setFont(f);
        m_painter->setPen(color);
        for (size_t c = 0; c < laid.size(); ++c) {
            const Qt::Alignment side = align[c] == Align::Right ? Qt::AlignRight : Qt::AlignLeft;
            if (laid[c].wrap)
                m_painter->drawText(QRectF(x[c] + 3, m_y + pad, x[c + 1] - x[c] - 6, h - pad),
                                    Qt::TextWordWrap | Qt::AlignTop | side, laid[c].text);
            else
                m_painter->drawText(QRectF(x[c] + 3, m_y, x[c + 1] - x[c] - 6, lineH),
                                    Qt::AlignVCenter | side, laid[c].text);
        }
        m_y += h;
        m_painter->setPen(QPen(QColor(0xd0, 0xd4, 0xda), 0.5));
        m_painter->drawLine(QPointF(0, m_y), QPointF(m_width, m_y));
    };
    ensure(lineH * 3);
    drawRow(headers, true, Qt::black);
    for (size_t r = 0; r < rows.size(); ++r) {
        if (m_y + layoutRow(rows[r], bodyFont).second > m_height) {
            newPage();
            m_pageUsed = true;
            drawRow(headers, true, Qt::black);
        }
        drawRow(rows[r], false, r < rowColors.size() ? rowColors[r] : QColor(Qt::black));
    }
    m_y += 8;
}

void PdfDoc::barChart(const QString &title, const std::vector<Bar> &bars)
{
    const double barH = 14, labelW = m_width * 0.28, valueW = m_width * 0.18;
    ensure(24 + barH * double(bars.size()) + 10);
    m_painter->setFont(font(10, true));
    m_painter->setPen(Qt::black);
    m_painter->drawText(QRectF(0, m_y, m_width, 16), Qt::AlignLeft | Qt::AlignVCenter, title);
    m_y += 20;
    double max = 0;
    for (const Bar &b : bars)
        max = std::max(max, std::abs(b.value));
    const double plotW = m_width - labelW - valueW;
    for (const Bar &b : bars) {
        m_painter->setFont(font(8.5));
        m_painter->setPen(Qt::black);
        m_painter->drawText(QRectF(0, m_y, labelW - 6, barH), Qt::AlignRight | Qt::AlignVCenter,
                            b.label);
        const double w = max > 0 ? plotW * std::abs(b.value) / max : 0;
        m_painter->fillRect(QRectF(labelW, m_y + 2, std::max(w, 0.5), barH - 4), b.color);
        m_painter->drawText(QRectF(labelW + w + 4, m_y, valueW + plotW - w, barH),
                            Qt::AlignLeft | Qt::AlignVCenter, b.valueText);
        m_y += barH;
    }
    m_y += 10;
}

void PdfDoc::lineChart(const QString &title,
                       const std::vector<double> &points,
                       const QString &xLabel,
                       const QString &yLabel)
{
    const double h = 184, left = 40, bottom = 36;
    ensure(h + 30);
    m_painter->setFont(font(10, true));
    m_painter->setPen(Qt::black);
    m_painter->drawText(QRectF(0, m_y, m_width, 16), Qt::AlignLeft | Qt::AlignVCenter, title);
    m_y += 20;
    const QRectF plot(left, m_y, m_width - left - 10, h - bottom);
    m_painter->setPen(QPen(QColor(0x88, 0x88, 0x88), 0.7));
    m_painter->drawRect(plot);
    m_painter->setFont(font(7.5));
    for (int pct = 0; pct <= 100; pct += 25) {
        const double y = plot.bottom() - plot.height() * pct / 100.0;
        m_painter->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0.5));
        m_painter->drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        m_painter->setPen(Qt::black);
        m_painter->drawText(QRectF(0, y - 6, left - 4, 12), Qt::AlignRight | Qt::AlignVCenter,
                            QStringLiteral("%1%").arg(pct));
    }
    if (points.size() >= 2) {
        QPolygonF line;
        for (size_t i = 0; i < points.size(); ++i)
            line << QPointF(plot.left() + plot.width() * double(i) / double(points.size() - 1),
                            plot.bottom() -
                                plot.height() * std::clamp(points[i], 0.0, 100.0) / 100.0);
        m_painter->setPen(QPen(QColor(0xc0, 0x39, 0x2b), 1.6));
        m_painter->drawPolyline(line);
        m_painter->setBrush(QColor(0xc0, 0x39, 0x2b));
        for (const QPointF &p : line)
            m_painter->drawEllipse(p, 1.8, 1.8);
        m_painter->setBrush(Qt::NoBrush);
    }
    m_painter->setPen(Qt::black);
    m_painter->setFont(font(7.5));
    // x ticks: the step index under each point (every other one when there are many).
    const size_t every = points.size() > 25 ? (points.size() + 24) / 25 : 1;
    for (size_t i = 0; points.size() >= 2 && i < points.size(); i += every) {
        const double px = plot.left() + plot.width() * double(i) / double(points.size() - 1);
        m_painter->drawText(QRectF(px - 12, plot.bottom() + 2, 24, 12),
                            Qt::AlignHCenter | Qt::AlignTop, QString::number(i));
    }
    m_painter->drawText(QRectF(plot.left(), plot.bottom() + 16, plot.width(), 14),
                        Qt::AlignHCenter | Qt::AlignTop, xLabel);
    m_painter->drawText(QRectF(plot.left() + 4, plot.top() + 2, plot.width() - 8, 12),
                        Qt::AlignRight | Qt::AlignTop, yLabel);
    m_y += h + 10;
}

int PdfDoc::finish()
{
    footer();
    if (m_images)
        endImage();
    else
        m_painter->end();
    return m_page + 1;
}

bool addOutline(QByteArray &pdf, const std::vector<OutlineEntry> &entries)
{
    if (entries.empty())
        return true;
    // The trailer names the catalog; the catalog names the page tree, whose Kids are the pages
    // in order (QPdfWriter writes one flat page tree).
    static const QRegularExpression rootRe(QStringLiteral("/Root\\s+(\\d+)\\s+0\\s+R"));
    static const QRegularExpression sizeRe(QStringLiteral("/Size\\s+(\\d+)"));
    static const QRegularExpression startRe(QStringLiteral("startxref\\s+(\\d+)"));
    static const QRegularExpression infoRe(QStringLiteral("/Info\\s+(\\d+)\\s+0\\s+R"));
    const QString text = QString::fromLatin1(pdf);
    const auto lastMatch = [&text](const QRegularExpression &re) {
        QRegularExpressionMatch last;
        for (auto it = re.globalMatch(text); it.hasNext();)
            last = it.next();
        return last;
    };
    const auto root = lastMatch(rootRe), size = lastMatch(sizeRe), start = lastMatch(startRe);
    const auto info = lastMatch(infoRe);
    if (!root.hasMatch() || !size.hasMatch() || !start.hasMatch())
        return false;
    const int rootId = root.captured(1).toInt();
    const QRegularExpression catRe(
        QStringLiteral("(?:^|\\s)%1 0 obj\\s*<<(.*?)>>\\s*endobj").arg(rootId),
        QRegularExpression::DotMatchesEverythingOption);
    const auto cat = catRe.match(text);
    if (!cat.hasMatch())
        return false;
    static const QRegularExpression pagesRe(QStringLiteral("/Pages\\s+(\\d+)\\s+0\\s+R"));
    const auto pagesRef = pagesRe.match(cat.captured(1));
    if (!pagesRef.hasMatch())
        return false;
    const QRegularExpression treeRe(
        QStringLiteral("(?:^|\\s)%1 0 obj\\s*<<.*?/Kids\\s*\\[([^\\]]*)\\]")
            .arg(pagesRef.captured(1)),
        QRegularExpression::DotMatchesEverythingOption);
    const auto tree = treeRe.match(text);
    if (!tree.hasMatch())
        return false;
    std::vector<int> pages;
    static const QRegularExpression refRe(QStringLiteral("(\\d+)\\s+0\\s+R"));
    for (auto it = refRe.globalMatch(tree.captured(1)); it.hasNext();)
        pages.push_back(it.next().captured(1).toInt());

    const int first = size.captured(1).toInt(); // new objects: outline root, then entries
    const int count = int(entries.size());
    std::vector<std::pair<int, qsizetype>> offsets;
    QByteArray add = "\n";
    const auto object = [&](int id, const QByteArray &body) {
        offsets.emplace_back(id, pdf.size() + add.size());
        add += QByteArray::number(id) + " 0 obj\n" + body + "\nendobj\n";
    };
    const auto pdfString = [](const QString &s) {
        QByteArray out = "<FEFF"; // UTF-16BE hex string: any title, no escaping
        for (const QChar c : s)
            out += QByteArray::number(c.unicode() + 0x10000, 16).right(4).toUpper();
        return out + ">";
    };
    object(first, "<< /Type /Outlines /First " + QByteArray::number(first + 1) + " 0 R /Last " +
                      QByteArray::number(first + count) + " 0 R /Count " +
                      QByteArray::number(count) + " >>");
    for (int i = 0; i < count; ++i) {
        const OutlineEntry &e = entries[size_t(i)];
        if (e.page < 0 || size_t(e.page) >= pages.size())
            return false;
        QByteArray body = "<< /Title " + pdfString(e.title) + " /Parent " +
                          QByteArray::number(first) + " 0 R /Dest [" +
                          QByteArray::number(pages[size_t(e.page)]) + " 0 R /XYZ null null null]";
        if (i > 0)
            body += " /Prev " + QByteArray::number(first + i) + " 0 R";
        if (i + 1 < count)
            body += " /Next " + QByteArray::number(first + i + 2) + " 0 R";
        object(first + 1 + i, body + " >>");
    }
    QString catalog = cat.captured(1);
    catalog.remove(
        QRegularExpression(QStringLiteral("/(Outlines\\s+\\d+\\s+0\\s+R|PageMode\\s*/\\w+)")));
    object(rootId, "<<" + catalog.toLatin1() + " /Outlines " + QByteArray::number(first) +
                       " 0 R /PageMode /UseOutlines >>");
    const qsizetype xref = pdf.size() + add.size();
    std::sort(offsets.begin(), offsets.end());
    add += "xref\n";
    for (const auto &[id, offset] : offsets)
        add += QByteArray::number(id) + " 1\n" +
               QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    add += "trailer\n<< /Size " + QByteArray::number(first + count + 1) + " /Root " +
           QByteArray::number(rootId) + " 0 R" +
           (info.hasMatch() ? " /Info " + info.captured(1).toLatin1() + " 0 R" : QByteArray()) +
           " /Prev " + start.captured(1).toLatin1() + " >>\nstartxref\n" +
           QByteArray::number(xref) + "\n%%EOF\n";
    pdf += add;
    return true;
}

} // namespace unalloc::pack
