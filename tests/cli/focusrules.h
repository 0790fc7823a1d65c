#pragma once

// The column rules of FOCUS 1.2 (upstream-formats §5) that an unalloc export must keep, as a
// checker independent of the exporter: the column list below is written out again on purpose.
#include <QByteArray>
#include <QStringList>

namespace focusrules {

/// Every rule the bytes break, as "line N: Column: reason"; empty when the file is valid.
QStringList violations(const QByteArray &csv);

/// The file's records (header first), fields unquoted; RFC 4180 with '\n' line ends.
QList<QStringList> parseCsv(const QByteArray &csv, QString *error = nullptr);

} // namespace focusrules
