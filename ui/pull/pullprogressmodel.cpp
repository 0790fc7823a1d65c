#include "pullprogressmodel.h"

#include "ui/format.h"

namespace unalloc::ui {

namespace pull = adapters::pull;

PullProgressModel::PullProgressModel(const QLocale &locale, QObject *parent)
    : QAbstractTableModel(parent)
    , m_locale(locale)
{}

QString PullProgressModel::sourceTitle(const std::string &source)
{
    return source == "opencost"    ? QStringLiteral("OpenCost")
           : source == "litellm"   ? QStringLiteral("LiteLLM")
           : source == "openai"    ? QStringLiteral("OpenAI")
           : source == "anthropic" ? QStringLiteral("Anthropic")
                                   : fmt::q(source);
}

void PullProgressModel::reset(const std::vector<std::string> &sources)
{
    beginResetModel();
    m_rows.clear();
    for (const std::string &s : sources) {
        Row r;
        r.source = s;
        r.progress.source = s;
        r.phase = tr("waiting");
        m_rows.push_back(std::move(r));
    }
    m_result.reset();
    endResetModel();
}

int PullProgressModel::rowOf(const std::string &source) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].source == source)
            return int(i);
    return -1;
}

void PullProgressModel::changed(int row)
{
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void PullProgressModel::apply(const PullEvent &event)
{
    if (event.kind == PullEvent::Kind::Finished && event.result) {
        m_result = event.result;
        for (const PullSourceResult &r : m_result->sources)
            if (const int row = rowOf(r.source); row >= 0) {
                m_rows[size_t(row)].result = r;
                changed(row);
            }
        return;
    }
    const int row = rowOf(event.progress.source);
    if (row < 0)
        return;
    Row &r = m_rows[size_t(row)];
    r.progress = event.progress;
    if (event.kind == PullEvent::Kind::Started || event.kind == PullEvent::Kind::Progress)
        r.phase = tr("reading…");
    else if (event.kind == PullEvent::Kind::SourceRead)
        r.phase = event.outcome == pull::SourcePull::Outcome::Complete ? tr("read completely")
                                                                       : tr("stopped");
    changed(row);
}

int PullProgressModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PullProgressModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PullProgressModel::resultText(const Row &row) const
{
    if (!row.result)
        return row.phase;
    switch (row.result->state) {
    case PullSourceResult::State::Complete:
        return tr("complete");
    case PullSourceResult::State::Partial:
        return tr("partial");
    case PullSourceResult::State::Failed:
        return tr("failed");
    case PullSourceResult::State::NotImported:
        return tr("not imported");
    case PullSourceResult::State::Cancelled:
        break;
    }
    return tr("cancelled");
}

QString PullProgressModel::detailsText(const Row &row) const
{
    if (!row.result)
        return {};
    const PullSourceResult &r = *row.result;
    QString added;
    if (r.state == PullSourceResult::State::Complete || r.state == PullSourceResult::State::Partial)
        added = tr("%1, %2 already in the ledger", "new rows, rows")
                    .arg(tr("%1 new row(s)", nullptr, fmt::plural(r.rowsAdded))
                             .arg(fmt::count(r.rowsAdded, m_locale)),
                         fmt::count(r.duplicates, m_locale));
    if (r.state == PullSourceResult::State::NotImported && r.reason.empty())
        return tr("read completely; not imported because another source was not (the pull is "
                  "one transaction)");
    if (r.reason.empty())
        return added;
    return added.isEmpty() ? fmt::q(r.reason) : added + QStringLiteral("; ") + fmt::q(r.reason);
}

QVariant PullProgressModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row &r = m_rows[size_t(index.row())];
    if (role == StateRole && index.column() == Result)
        return r.result ? int(r.result->state) : -1;
    if (role == Qt::ToolTipRole && index.column() >= Result)
        return detailsText(r).isEmpty() ? QVariant() : QVariant(detailsText(r));
    if (role == Qt::TextAlignmentRole && index.column() > Source && index.column() < Result)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Source:
        return sourceTitle(r.source);
    case Pages:
        return fmt::count(r.progress.pages, m_locale);
    case Rows:
        return fmt::count(r.progress.rows, m_locale);
    case Amount: {
        QStringList parts;
        for (const core::Money &m : r.progress.totals)
            parts << fmt::moneyExact(m.amount, m.currency, m_locale);
        return parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral(", "));
    }
    case Retries:
        return fmt::count(r.progress.retries, m_locale);
    case Waited:
        // A duration, not money: a double is fine here.
        return r.progress.waitedMs > 0 && r.progress.waitedMs < 100
                   ? tr("< %1 s").arg(m_locale.toString(0.1, 'f', 1))
                   : tr("%1 s").arg(
                         m_locale.toString(double(r.progress.waitedMs) / 1000.0, 'f', 1));
    case Result:
        return resultText(r);
    case Details:
        return detailsText(r);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PullProgressModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Source:
        return tr("Source");
    case Pages:
        return tr("Pages");
    case Rows:
        return tr("Rows");
    case Amount:
        return tr("Amount read");
    case Retries:
        return tr("Retries");
    case Waited:
        return tr("Waited");
    case Result:
        return tr("Result");
    case Details:
        return tr("Details");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace unalloc::ui
