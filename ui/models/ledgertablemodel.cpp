#include "ledgertablemodel.h"

#include "cells.h"
#include "core/analysis/analysissnapshot.h"
#include "ui/format.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>

#include <limits>

namespace unalloc::ui {

LedgerTableModel::LedgerTableModel(const QLocale &locale, QObject *parent)
    : QAbstractTableModel(parent)
    , m_locale(locale)
    , m_pager(new LedgerPager(kPageRows, this))
{
    connect(m_pager, &LedgerPager::counted, this, &LedgerTableModel::onCounted);
    connect(m_pager, &LedgerPager::totalled, this,
            [this](quint64 generation, const LedgerTotals &totals) {
                if (generation == m_generation)
                    m_totals = *totals;
            });
    connect(m_pager, &LedgerPager::pageReady, this, &LedgerTableModel::onPage);
    connect(m_pager, &LedgerPager::failed, this, [this](quint64 generation, const QString &error) {
        if (generation != m_generation)
            return;
        m_error = error;
        if (m_counting) {
            m_counting = false;
            emit counted();
        }
    });
}

LedgerTableModel::~LedgerTableModel() = default;

void LedgerTableModel::setStore(const core::LedgerStore *store, const QString &filePath)
{
    m_store = store;
    m_path = store ? filePath : QString();
    refresh();
}

void LedgerTableModel::setRequest(const core::AnalysisRequest &request)
{
    // owner:/via: terms resolve with the owner key and fallbacks: a change of those changes
    // which rows they select.
    const bool ownerTerms = !m_query.owners.empty() || !m_query.via.empty();
    const bool sliceChanged =
        request.fromDay != m_request.fromDay || request.toDay != m_request.toDay ||
        request.sources != m_request.sources ||
        (ownerTerms &&
         (request.ownerKey != m_request.ownerKey || request.fallbacks != m_request.fallbacks));
    m_request = request;
    composeFilter();
    if (sliceChanged)
        refresh();
    else if (m_count > 0) // only the Owner/How columns change
        emit dataChanged(index(0, Owner), index(m_count - 1, How));
}

void LedgerTableModel::setAliases(std::vector<core::ValueAlias> aliases)
{
    if (aliases == m_aliases)
        return;
    m_aliases = std::move(aliases);
    composeFilter();
    if (!m_query.owners.empty() || !m_query.via.empty())
        refresh();
    else if (m_count > 0)
        emit dataChanged(index(0, Owner), index(m_count - 1, How));
}

void LedgerTableModel::composeFilter()
{
    core::LedgerRowFilter f = m_query;
    f.from = m_request.fromDay ? std::optional(*m_request.fromDay * core::kUsPerDay) : std::nullopt;
    f.to = m_request.toDay ? std::optional(*m_request.toDay * core::kUsPerDay) : std::nullopt;
    // source: terms narrow the bar's sources; none in common matches nothing.
    if (m_query.sources.empty()) {
        f.sources = m_request.sources;
    } else if (!m_request.sources.empty()) {
        f.sources.clear();
        for (const std::string &s : m_query.sources)
            if (m_request.sources.contains(s))
                f.sources.insert(s);
        if (f.sources.empty())
            f.sources.insert(std::string());
    }
    f.ownerRule = {m_request.ownerKey, m_request.fallbacks, m_aliases};
    m_filter = std::move(f);
}

QString LedgerTableModel::setTextFilter(const QString &text)
{
    auto parsed = core::parseRowFilter(fmt::s(text.trimmed()));
    if (!parsed)
        return fmt::q(parsed.error().detail);
    m_query = std::move(*parsed);
    m_queryText = text.trimmed();
    composeFilter();
    refresh();
    return {};
}

QString LedgerTableModel::textFilter() const
{
    return m_queryText;
}

void LedgerTableModel::refresh()
{
    beginResetModel();
    m_pages.clear();
    m_lru.clear();
    m_pending.clear();
    m_index.reset();
    m_count = 0;
    m_error.clear();
    m_totals.clear();
    m_counting = false;
    if (m_store && m_path.isEmpty() && m_filter.filtered()) {
        if (auto totals = m_store->rowTotals(m_filter))
            m_totals = std::move(*totals);
    }
    if (m_store && m_path.isEmpty()) {
        // No file to open a second connection on: read here (in-memory ledgers are small).
        if (auto index = m_store->pageIndex(m_filter, m_sort, m_ascending, kPageRows)) {
            m_index = std::make_shared<const core::LedgerPageIndex>(std::move(*index));
            m_count = static_cast<int>(
                std::min<std::int64_t>(m_index->rows, std::numeric_limits<int>::max()));
        } else {
            m_error = fmt::q(index.error().message());
        }
    }
    endResetModel();
    if (m_store && !m_path.isEmpty()) {
        m_counting = true;
        m_generation = m_pager->start(m_path, {m_filter, m_sort, m_ascending});
    } else {
        m_generation = m_pager->start({}, {});
        emit counted();
    }
}

void LedgerTableModel::onCounted(quint64 generation, const LedgerPageIndexPtr &index)
{
    if (generation != m_generation || !m_counting)
        return;
    m_counting = false;
    m_index = index;
    const int rows =
        static_cast<int>(std::min<std::int64_t>(index->rows, std::numeric_limits<int>::max()));
    if (rows > 0) {
        beginInsertRows({}, 0, rows - 1);
        m_count = rows;
        endInsertRows();
    }
    emit counted();
}

void LedgerTableModel::onPage(quint64 generation, int page, const LedgerPage &rows)
{
    if (generation != m_generation)
        return;
    m_pending.remove(page);
    if (m_pages.contains(page))
        return; // read at once meanwhile (an export)
    cache(page, rows);
    const int first = page * kPageRows;
    const int last = std::min(m_count, first + kPageRows) - 1;
    if (first <= last)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
    emit pageLoaded(page);
}

const std::vector<core::LedgerRow> *LedgerTableModel::cache(int page, LedgerPage rows) const
{
    ++m_pagesFetched;
    m_pages.insert(page, std::move(rows));
    m_lru.remove(page);
    m_lru.push_front(page);
    if (static_cast<int>(m_lru.size()) > kCachedPages) {
        m_pages.remove(m_lru.back());
        m_lru.pop_back();
    }
    return m_pages.value(page).get();
}

bool LedgerTableModel::isRowLoaded(int row) const
{
    return m_pages.contains(row / kPageRows);
}

const core::LedgerRow *LedgerTableModel::rowAt(int row, bool now) const
{
    const int page = row / kPageRows;
    const std::vector<core::LedgerRow> *rows = nullptr;
    if (auto it = m_pages.constFind(page); it != m_pages.cend()) {
        rows = it->get();
    } else if (!m_index || size_t(page) >= m_index->pageStarts.size()) {
        return nullptr;
    } else if (now || m_path.isEmpty()) {
        if (!m_store)
            return nullptr;
        auto read = m_store->rowsFrom(m_filter, m_sort, m_ascending,
                                      m_index->pageStarts[size_t(page)], kPageRows);
        if (!read)
            return nullptr;
        m_pending.remove(page); // an answer from the worker would repeat it
        rows = cache(page, std::make_shared<const std::vector<core::LedgerRow>>(std::move(*read)));
    } else {
        if (!m_pending.contains(page)) {
            m_pending.insert(page);
            for (int dropped : m_pager->requestPage(page))
                m_pending.remove(dropped);
        }
        return nullptr;
    }
    const size_t offset = static_cast<size_t>(row % kPageRows);
    return rows && offset < rows->size() ? &(*rows)[offset] : nullptr;
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
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role < Qt::UserRole)
        return {}; // decorations, fonts, colours: none, and no page read for them
    const core::LedgerRow *row = rowAt(index.row(), role == ExportRole);
    if (!row)
        return role == Qt::ToolTipRole ? QVariant(tr("Loading…")) : QVariant();
    return cell(*row, index.column(), role);
}

QVariant LedgerTableModel::cell(const core::LedgerRow &r, int column, int role) const
{
    const core::CostRow &row = r.row;
    switch (column) {
    case Start: {
        const QDateTime t = QDateTime::fromMSecsSinceEpoch(row.start / 1000, QTimeZone::utc());
        if (role == Qt::DisplayRole)
            return fmt::dateTime(t, m_locale);
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
        std::vector<std::uint32_t> used;
        const core::RowOwner owner =
            core::resolveRowOwner(core::aliasLabels(row.labels, m_aliases, &used), m_request);
        if (role == AttentionRole)
            return owner.via < 0;
        if (column == Owner)
            return cells::text(fmt::q(owner.owner), role);
        QString how = owner.via == 0  ? tr("owner label")
                      : owner.via > 0 ? tr("via %1").arg(fmt::q(owner.viaKey))
                                      : tr("no owner");
        const std::string &key = owner.via == 0 ? m_request.ownerKey : owner.viaKey;
        for (std::uint32_t i : used)
            if (owner.via >= 0 && m_aliases[i].key == key)
                how = tr("%1, alias of %2").arg(how, fmt::q(m_aliases[i].value));
        return cells::text(how, role);
    }
    case Labels: {
        if (role == ExportRole) {
            // Exports carry the labels as one JSON object (keys sorted): parseable in a sheet.
            QJsonObject o;
            for (const auto &[k, v] : row.labels.entries())
                o.insert(fmt::q(k), fmt::q(v));
            return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
        }
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
