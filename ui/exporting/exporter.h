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
    /// the ExportRole, so amounts are exact canonical decimals; caption lines come first as
    /// "# …".
    static QByteArray tableCsv(const QAbstractItemModel &model, const QStringList &caption);
    static bool writeCsv(const QAbstractItemModel &model,
                         const QStringList &caption,
                         const QString &path,
                         QString *error);
    /// Tab-separated text of the table (display text) for pasting into a spreadsheet.
    static QString tableText(const QAbstractItemModel &model);
    static Format formatForPath(const QString &path);
};

} // namespace unalloc::ui
