// Per-owner statements: the CSV a team lead receives and its one-page PDF.
#include "packlayout.h"

#include "app/cli/textformat.h"

#include <QBuffer>
#include <QDir>
#include <QSaveFile>

namespace unalloc::pack {

using cli::money;
using cli::percent;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/// A file name for an owner value: letters, digits, '-', '_' and '.'; others become '_'.
std::string fileName(const std::string &owner)
{
    std::string out;
    for (unsigned char c : owner)
        out += std::isalnum(c) || c == '-' || c == '_' || c == '.' ? char(c) : '_';
    return out == "_unallocated_" ? "unallocated" : out;
}

core::Result<void> save(const std::string &path, const QByteArray &bytes)
{
    QSaveFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return core::fail("io", "cannot write: " + f.errorString().toStdString(), path);
    return {};
}

} // namespace

core::Result<size_t> writeStatements(const PackContent &content, const std::string &dir)
{
    if (!QDir().mkpath(QString::fromStdString(dir)))
        return core::fail("io", "cannot create the folder", dir);
    for (const core::ChargebackLine &l : content.chargeback.owners) {
        const std::string base = dir + "/" + content.chargeback.month + "-" + fileName(l.owner);
        if (auto r = save(base + ".csv", statementCsv(content, l.owner)); !r)
            return core::fail(r.error());
        if (auto r = save(base + ".pdf", statementPdf(content, l.owner)); !r)
            return core::fail(r.error());
    }
    return content.chargeback.owners.size();
}

QByteArray statementCsv(const PackContent &content, const std::string &owner)
{
    const core::Chargeback &cb = content.chargeback;
    const std::string code = cb.current.currency.code();
    QByteArray out = "owner,month,source,cost_object,rows,amount,currency\n";
    const auto field = [](const std::string &s) {
        QByteArray f = QByteArray::fromStdString(s);
        if (f.contains(',') || f.contains('"') || f.contains('\n'))
            f = '"' + f.replace("\"", "\"\"") + '"';
        return f;
    };
    core::Decimal total;
    const auto it = cb.statements.find(owner);
    if (it != cb.statements.end()) {
        for (const core::StatementLine &l : it->second) {
            out += field(owner) + ',' + field(cb.month) + ',' + field(l.source) + ',' +
                   field(l.object) + ',' + QByteArray::number(l.rows) + ',' +
                   QByteArray::fromStdString(l.amount.toString()) + ',' +
                   QByteArray::fromStdString(code) + '\n';
            total += l.amount;
        }
    }
    out += field(owner) + ',' + field(cb.month) + ",total,,," +
           QByteArray::fromStdString(total.toString()) + ',' + QByteArray::fromStdString(code) +
           '\n';
    return out;
}

QByteArray statementPdf(const PackContent &content, const std::string &owner)
{
    const core::Chargeback &cb = content.chargeback;
    const core::Currency cur = cb.current.currency;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    PdfDoc doc(&buffer, QPageSize(content.letter ? QPageSize::Letter : QPageSize::A4),
               QStringLiteral("Statement %1 \u00b7 %2 \u00b7 %3")
                   .arg(q(owner), q(cb.month), q(content.ledger)),
               1);
    doc.section(QStringLiteral("Statement for %1 = %2 \u2014 %3")
                    .arg(q(cb.current.dimension), q(owner), q(cb.month)));
    std::vector<QStringList> rows;
    core::Decimal total;
    const auto it = cb.statements.find(owner);
    const size_t limit = 40; // one page; the CSV has every line
    size_t shown = 0;
    core::Decimal rest;
    size_t restCount = 0;
    if (it != cb.statements.end()) {
        for (const core::StatementLine &l : it->second) {
            total += l.amount;
            if (shown++ < limit) {
                rows.push_back(
                    {q(l.source), q(l.object), QString::number(l.rows), q(money(l.amount, cur))});
            } else {
                rest += l.amount;
                ++restCount;
            }
        }
    }
    if (restCount > 0)
        rows.push_back({QString(), QStringLiteral("+ %1 more (see the CSV)").arg(restCount),
                        QString(), q(money(rest, cur))});
    rows.push_back({QStringLiteral("Total"), QString(), QString(), q(money(total, cur))});
    doc.table(
        {QStringLiteral("Source"), QStringLiteral("Cost object"), QStringLiteral("Rows"),
         QStringLiteral("Amount")},
        rows,
        {PdfDoc::Align::Left, PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right},
        {0.16, 0.54, 0.1, 0.2});
    doc.text(QStringLiteral("Ledger digest %1").arg(q(content.ledgerDigest)),
             QColor(0x7f, 0x8c, 0x8d), false, 8);
    doc.finish();
    buffer.close();
    return bytes;
}

} // namespace unalloc::pack
