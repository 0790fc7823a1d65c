#include "ledgertablemodel.h"

#include "cells.h"
#include "core/analysis/analysissnapshot.h"
#include "ui/format.h"

#include <QDateTime>
#include <QTimeZone>

namespace unalloc::ui {

LedgerTableModel::LedgerTableModel(const QLocale &locale, QObject *parent)
    : QAbstractTableModel(parent)
    , m_locale(locale)
{}

void LedgerTableModel::setStore(const core::LedgerStore *store)
{
    m_store = store;
    refresh();
}

void LedgerTableModel::setRequest(const core::AnalysisRequest &request)
{
    const bool sliceChanged = request.fromDay != m_request.fromDay ||
                              request.toDay != m_request.toDay ||
                              request.sources != m_request.sources;
    m_request = request;
    m_filter.from =
        request.fromDay ? std::optional(*request.fromDay * core::kUsPerDay) : std::nullopt;
    m_filter.to = request.toDay ? std::optional(*request.toDay * core::kUsPerDay) : std::nullopt;
    m_filter.sources = request.sources;
    if (sliceChanged)
        refresh();
    else if (m_count > 0) // only the Owner/How columns change
        emit dataChanged(index(0, Owner), index(m_count - 1, How));
}

void LedgerTableModel::setTextFilter(const QString &text)
{
    m_filter.text = fmt::s(text.trimmed());
    refresh();
}

QString LedgerTableModel::textFilter() const
{
    return fmt::q(m_filter.text);
}

void LedgerTableModel::refresh()
{
    beginResetModel();
    m_pages.clear();
    m_lru.clear();
    m_count = 0;
    if (m_store) {
        if (auto n = m_store->rowCount(m_filter))
            m_count = static_cast<int>(std::min<std::int64_t>(*n, std::numeric_limits<int>::max()));
    }
    endResetModel();
}

const core::LedgerRow *LedgerTableModel::rowAt(int row) const
{
    const int page = row / kPageRows;
    auto it = m_pages.find(page);
    if (it == m_pages.end()) {
        if (!m_store)
            return nullptr;
        auto rows = m_store->rows(m_filter, m_sort, m_ascending,
                                  static_cast<std::int64_t>(page) * kPageRows, kPageRows);
        if (!rows)
            return nullptr;
        ++m_pagesFetched;
        it = m_pages.insert(page, std::move(*rows));
        m_lru.push_front(page);
        if (static_cast<int>(m_lru.size()) > kCachedPages) {
            m_pages.remove(m_lru.back());
            m_lru.pop_back();
            it = m_pages.find(page);
        }
    }
    const size_t offset = static_cast<size_t>(row % kPageRows);
    return offset < it->size() ? &(*it)[offset] : nullptr;
}

int LedgerTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_count;
}

int LedgerTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LedgerTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(index.column() == Amount || index.column() == Batch
                                       ? Qt::AlignRight | Qt::AlignVCenter
                                       : Qt::AlignLeft | Qt::AlignVCenter);
    const core::LedgerRow *row = rowAt(index.row());
    return row ? cell(*row, index.column(), role) : QVariant();
}

QVariant LedgerTableModel::cell(const core::LedgerRow &r, int column, int role) const
{
    const core::CostRow &row = r.row;
    switch (column) {
    case Start: {
        const QDateTime t = QDateTime::fromMSecsSinceEpoch(row.start / 1000, QTimeZone::utc());
        if (role == Qt::DisplayRole)
            return m_locale.toString(t, QLocale::ShortFormat);
        if (role == RawRole)
            return t;
        return role == ExportRole ? fmt::q(core::formatTimestamp(row.start)) : QVariant();
    }
    case Source:
        return cells::text(fmt::q(row.source), role);
    case CostObject:
        return cells::text(fmt::q(row.name), role);
    case Amount:
        return cells::money(row.amount.amount, row.amount.currency, m_locale, role);
    case Currency:
        return cells::text(fmt::q(row.amount.currency.code()), role);
    case Owner:
    case How: {
        const core::RowOwner owner = core::resolveRowOwner(row.labels, m_request);
        if (role == AttentionRole)
            return owner.via < 0;
        if (column == Owner)
            return cells::text(fmt::q(owner.owner), role);
        const QString how = owner.via == 0  ? tr("owner label")
                            : owner.via > 0 ? tr("via %1").arg(fmt::q(owner.viaKey))
                                            : tr("no owner");
        return cells::text(how, role);
    }
    case Labels: {
        QStringList parts;
        for (const auto &[k, v] : row.labels.entries())
            parts << fmt::q(k) + QLatin1Char('=') + fmt::q(v);
        return cells::text(parts.join(QStringLiteral(", ")), role);
    }
    case Batch:
        return cells::count(row.batchId, m_locale, role);
    }
    return {};
}

QVariant LedgerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Start:
        return tr("Start (UTC)");
    case Source:
        return tr("Source");
    case CostObject:
        return tr("Cost object");
    case Amount:
        return tr("Amount");
    case Currency:
        return tr("Currency");
    case Owner:
        return tr("Resolved owner");
    case How:
        return tr("How");
    case Labels:
        return tr("Labels");
    case Batch:
        return tr("Batch");
    }
    return {};
}

void LedgerTableModel::sort(int column, Qt::SortOrder order)
{
    static const QHash<int, core::LedgerSort> sorts{{Start, core::LedgerSort::Start},
                                                    {Source, core::LedgerSort::Source},
                                                    {CostObject, core::LedgerSort::Name},
                                                    {Amount, core::LedgerSort::Amount},
                                                    {Batch, core::LedgerSort::Batch}};
    const auto it = sorts.find(column);
    if (it == sorts.end())
        return; // owner, labels: computed per row, not sortable at ledger scale
    m_sort = *it;
    m_ascending = order == Qt::AscendingOrder;
    refresh();
}

} // namespace unalloc::ui
