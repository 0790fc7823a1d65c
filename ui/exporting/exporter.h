#pragma once

#include "core/analysis/exportcaption.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QImage>
#include <QLocale>
#include <QString>
#include <QStringList>

class QAbstractItemModel;

namespace unalloc::ui {

class ChartCanvas;

/// @brief Writes charts (PNG, SVG, PDF, clipboard image) and tables (CSV with exact
/// decimals, clipboard text), each stamped with the caption: ledger, period, sources and
/// completeness, owner key and fallbacks, rules digest, date.
class Exporter final
{
    Q_DECLARE_TR_FUNCTIONS(Exporter)
public:
    enum class Format { Png, Svg, Pdf };

    /// The translated caption lines for `caption`, dated `now`.
    static QStringList
    captionLines(const core::ExportCaption &caption, const QDateTime &now, const QLocale &locale);
    /// Title, chart and caption on one page, at `scale` × the chart's export size.
    static QImage chartImage(const ChartCanvas &chart,
                             const QString &title,
                             const QStringList &caption,
                             qreal scale = 2.0);
    static bool writeChart(const ChartCanvas &chart,
                           const QString &title,
                           const QStringList &caption,
                           const QString &path,
                           Format format,
                           QString *error);
    /// CSV (RFC 4180, CRLF) of every row — recursively for trees, with a depth column — using
    /// the ExportRole, so amounts are exact canonical decimals. The header row comes first;
    /// `excelBom` starts the file with a UTF-8 byte order mark (Excel then reads UTF-8).
    static QByteArray tableCsv(const QAbstractItemModel &model, bool excelBom = false);
    /// Writes the CSV to `path` and the caption lines next to it (captionPath). Errors name the
    /// file.
    static bool writeCsv(const QAbstractItemModel &model,
                         const QStringList &caption,
                         const QString &path,
                         QString *error,
                         bool excelBom = false);
    /// The caption's sidecar of a CSV: owners.csv → owners-caption.txt.
    static QString captionPath(const QString &csvPath);
    /// A default file name that says what and when: unallocated-by-source-2026-08.png (the
    /// period's month, or its first and last day; the export date for all dates).
    static QString suggestedFileName(const QString &title,
                                     const core::ExportCaption &caption,
                                     const QDateTime &now,
                                     const QString &extension);
    /// Tab-separated text of the table (display text) for pasting into a spreadsheet.
    static QString tableText(const QAbstractItemModel &model);
    static Format formatForPath(const QString &path);
};

} // namespace unalloc::ui
