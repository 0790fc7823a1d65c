#include "exporter.h"

#include "core/analysis/csvtable.h"
#include "ui/charts/chartcanvas.h"
#include "ui/format.h"
#include "ui/models/roles.h"
#include "ui/models/rowtablemodel.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QFontMetrics>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace unalloc::ui {

namespace {

constexpr int kTitleHeight = 44;
constexpr int kCaptionLine = 17;
constexpr int kCaptionPixels = 11;
constexpr int kMargin = 16;

QFont captionFont()
{
    QFont small;
    small.setPixelSize(kCaptionPixels);
    return small;
}

/// Each caption line's height when wrapped to `width` (a long partial-data reason takes
/// several lines instead of being cut at the right edge).
QList<int> captionHeights(const QStringList &caption, int width)
{
    const QFontMetrics fm(captionFont());
    QList<int> out;
    for (const QString &line : caption) {
        const QRect r =
            fm.boundingRect(QRect(0, 0, width, 100000), Qt::AlignLeft | Qt::TextWordWrap, line);
        out << std::max(kCaptionLine, r.height() + 4);
    }
    return out;
}

QSize pageSize(const ChartCanvas &chart, const QStringList &caption)
{
    const QSize s = chart.exportSize();
    int captionHeight = 0;
    for (int h : captionHeights(caption, s.width() - 2 * kMargin))
        captionHeight += h;
    return {s.width(), kTitleHeight + s.height() + 12 + captionHeight + 8};
}

void paintPage(QPainter &p,
               const ChartCanvas &chart,
               const QString &title,
               const QStringList &caption)
{
    const QSize chartSize = chart.exportSize();
    const QSize page = pageSize(chart, caption);
    const Theme &theme = chart.theme();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(QRect(QPoint(0, 0), page), theme.panel);
    QFont font = p.font();
    font.setPixelSize(13);
    QFont titleFont = font;
    titleFont.setPixelSize(18);
    titleFont.setBold(true);
    p.setFont(titleFont);
    p.setPen(theme.text);
    p.drawText(QRect(kMargin, 0, page.width() - 2 * kMargin, kTitleHeight),
               Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, title);
    p.setFont(font);
    chart.paintChart(p, QRectF(0, kTitleHeight, chartSize.width(), chartSize.height()));
    p.setFont(captionFont());
    p.setPen(theme.mutedText);
    int y = kTitleHeight + chartSize.height() + 12;
    const QList<int> heights = captionHeights(caption, page.width() - 2 * kMargin);
    for (qsizetype i = 0; i < caption.size(); ++i) {
        p.drawText(QRect(kMargin, y, page.width() - 2 * kMargin, heights[i]),
                   Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption[i]);
        y += heights[i];
    }
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

/// The rows of a table: all of them, for a paged table too (RowTableModel hands its view a
/// page at a time; an export holds every row).
int exportRows(const QAbstractItemModel &model, const QModelIndex &parent)
{
    const auto *table = qobject_cast<const RowTableModel *>(&model);
    return table && !parent.isValid() ? table->allRows() : model.rowCount(parent);
}

/// A cell of row `r` (of exportRows) under `parent` in `role`.
QVariant
exportCell(const QAbstractItemModel &model, const QModelIndex &parent, int r, int c, int role)
{
    const auto *table = qobject_cast<const RowTableModel *>(&model);
    return table && !parent.isValid() ? table->exportData(r, c, role)
                                      : model.index(r, c, parent).data(role);
}

void csvRows(const QAbstractItemModel &model,
             const QModelIndex &parent,
             int depth,
             bool tree,
             core::CsvTable &csv)
{
    for (int r = 0; r < exportRows(model, parent); ++r) {
        std::vector<std::string> fields;
        if (tree)
            fields.push_back(std::to_string(depth));
        for (int c = 0; c < model.columnCount(parent); ++c)
            fields.push_back(fmt::s(exportCell(model, parent, r, c, ExportRole).toString()));
        csv.addRow(fields);
        const QModelIndex child = model.index(r, 0, parent);
        if (tree && model.hasChildren(child))
            csvRows(model, child, depth + 1, tree, csv);
    }
}

} // namespace

QStringList
Exporter::captionLines(const core::ExportCaption &c, const QDateTime &now, const QLocale &locale)
{
    QStringList sources;
    for (const auto &s : c.sources) {
        sources << (s.complete ? tr("%1 (complete)").arg(fmt::q(s.name))
                               : tr("%1 (PARTIAL: %2)").arg(fmt::q(s.name), fmt::q(s.reason)));
    }
    QStringList fallbacks;
    for (size_t i = 0; i < c.fallbacks.size(); ++i)
        fallbacks << QStringLiteral("%1. %2").arg(i + 1).arg(fmt::q(c.fallbacks[i]));
    const QString period = c.periodText().empty() ? tr("all dates") : fmt::q(c.periodText());
    QStringList seams;
    if (c.deduplicated)
        seams << tr("De-duplicated: gateway rows kept, provider bills reduced to what the gateway "
                    "did not count");
    else if (c.doubleCounted)
        seams << tr("WARNING: %1 counted twice (gateway rows and provider bills summed)")
                     .arg(fmt::money(c.doubleCounted->amount, c.doubleCounted->currency, locale));
    return seams +
           QStringList{
               tr("Ledger: %1 · Period: %2").arg(fmt::q(c.ledger), period),
               tr("Sources: %1")
                   .arg(sources.isEmpty() ? tr("none") : sources.join(QStringLiteral(", "))),
               tr("Owner key: %1 · Fallbacks: %2")
                   .arg(fmt::q(c.ownerKey),
                        fallbacks.isEmpty() ? tr("none") : fallbacks.join(QStringLiteral(", "))),
               tr("Rules: %1 · Exported %2 by unalloc-explorer")
                   .arg(fmt::q(c.rulesDigest),
                        locale.toString(now.toUTC(), QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))),
           };
}

QImage Exporter::chartImage(const ChartCanvas &chart,
                            const QString &title,
                            const QStringList &caption,
                            qreal scale)
{
    const QSize page = pageSize(chart, caption);
    QImage image(page * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(chart.theme().panel);
    QPainter p(&image);
    paintPage(p, chart, title, caption);
    return image;
}

bool Exporter::writeChart(const ChartCanvas &chart,
                          const QString &title,
                          const QStringList &caption,
                          const QString &path,
                          Format format,
                          QString *error)
{
    const QSize page = pageSize(chart, caption);
    if (format == Format::Png) {
        if (!chartImage(chart, title, caption).save(path, "PNG"))
            return fail(error, tr("Could not write %1").arg(path));
        return true;
    }
    if (format == Format::Svg) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(page);
        svg.setViewBox(QRect(QPoint(0, 0), page));
        svg.setTitle(title);
        svg.setDescription(caption.join(QLatin1Char('\n')));
        QPainter p;
        if (!p.begin(&svg))
            return fail(error, tr("Could not write %1").arg(path));
        paintPage(p, chart, title, caption);
        return p.end() || fail(error, tr("Could not write %1").arg(path));
    }
    QPdfWriter pdf(path);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("unalloc-explorer"));
    pdf.setPageSize(QPageSize(QSizeF(page) * 0.75, QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setResolution(96);
    QPainter p;
    if (!p.begin(&pdf))
        return fail(error, tr("Could not write %1").arg(path));
    paintPage(p, chart, title, caption);
    return p.end() || fail(error, tr("Could not write %1").arg(path));
}

QByteArray Exporter::tableCsv(const QAbstractItemModel &model, bool excelBom)
{
    // The header row comes first so that any CSV reader takes it as the header; the caption
    // goes into a sidecar file (captionPath).
    core::CsvTable csv;
    bool tree = false;
    for (int r = 0; r < model.rowCount() && !tree; ++r)
        tree = model.hasChildren(model.index(r, 0));
    std::vector<std::string> header;
    if (tree)
        header.push_back(fmt::s(tr("Level")));
    for (int c = 0; c < model.columnCount(); ++c)
        header.push_back(fmt::s(model.headerData(c, Qt::Horizontal).toString()));
    csv.addRow(header);
    csvRows(model, {}, 0, tree, csv);
    QByteArray out = QByteArray::fromStdString(csv.text());
    if (excelBom)
        out.prepend("\xEF\xBB\xBF");
    return out;
}

QString Exporter::captionPath(const QString &csvPath)
{
    QString base = csvPath;
    if (base.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        base.chop(4);
    return base + QStringLiteral("-caption.txt");
}

bool Exporter::writeCsv(const QAbstractItemModel &model,
                        const QStringList &caption,
                        const QString &path,
                        QString *error,
                        bool excelBom)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, tr("Could not write %1: %2").arg(path, file.errorString()));
    file.write(tableCsv(model, excelBom));
    if (!file.commit())
        return fail(error, tr("Could not write %1: %2").arg(path, file.errorString()));
    if (caption.isEmpty())
        return true;
    QSaveFile side(captionPath(path));
    if (!side.open(QIODevice::WriteOnly))
        return fail(error, tr("Could not write %1: %2").arg(side.fileName(), side.errorString()));
    side.write((caption.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    return side.commit() ||
           fail(error, tr("Could not write %1: %2").arg(side.fileName(), side.errorString()));
}

QString Exporter::suggestedFileName(const QString &title,
                                    const core::ExportCaption &caption,
                                    const QDateTime &now,
                                    const QString &extension)
{
    // "Unallocated by source" in August 2026 → unallocated-by-source-2026-08.png: what and
    // when, in characters every file system takes.
    QString slug;
    for (const QChar c : title.toLower()) {
        if (c.isLetterOrNumber())
            slug += c;
        else if (!slug.isEmpty() && !slug.endsWith(QLatin1Char('-')))
            slug += QLatin1Char('-');
    }
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    if (slug.isEmpty())
        slug = QStringLiteral("export");
    QString when = fmt::q(caption.periodText());
    if (caption.fromDay && caption.toDay) {
        const QDate from = QDate(1970, 1, 1).addDays(*caption.fromDay);
        const QDate last = QDate(1970, 1, 1).addDays(*caption.toDay - 1);
        when = from.day() == 1 && last.addDays(1).day() == 1 && from.month() == last.month() &&
                       from.year() == last.year()
                   ? from.toString(QStringLiteral("yyyy-MM"))
                   : from.toString(Qt::ISODate) + QLatin1Char('_') + last.toString(Qt::ISODate);
    } else {
        when = now.toUTC().date().toString(Qt::ISODate);
    }
    return slug + QLatin1Char('-') + when + QLatin1Char('.') + extension;
}

QString Exporter::tableText(const QAbstractItemModel &model)
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c)
        header << model.headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r = 0; r < exportRows(model, {}); ++r) {
        QStringList cells;
        for (int c = 0; c < model.columnCount(); ++c) {
            // A lazily loaded table (the ledger) shows nothing for rows not on screen yet; its
            // export text reads them.
            QVariant shown = exportCell(model, {}, r, c, Qt::DisplayRole);
            if (!shown.isValid())
                shown = exportCell(model, {}, r, c, ExportRole);
            cells << shown.toString();
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

Exporter::Format Exporter::formatForPath(const QString &path)
{
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        return Format::Svg;
    if (path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        return Format::Pdf;
    return Format::Png;
}

} // namespace unalloc::ui
