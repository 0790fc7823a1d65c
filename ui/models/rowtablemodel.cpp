#include "rowtablemodel.h"

#include "core/decimal.h"

#include <QCollator>
#include <QHash>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace unalloc::ui {

RowTableModel::RowTableModel(const QLocale &locale, QObject *parent)
    : QAbstractTableModel(parent)
    , m_locale(locale)
{}

int RowTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : handedRows();
}

bool RowTableModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && handedRows() < rows();
}

void RowTableModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        handThrough(handedRows() + m_pageRows - 1);
}

void RowTableModel::handThrough(int row)
{
    const int handed = handedRows(), through = std::min(row, rows() - 1);
    if (m_pageRows <= 0 || through < handed)
        return;
    // Whole pages: the view is given rows in the steps it would fetch them.
    const int pages = (through + 1 - handed + m_pageRows - 1) / m_pageRows;
    const int next = std::min(rows(), handed + pages * m_pageRows);
    beginInsertRows({}, handed, next - 1);
    m_handed = next;
    endInsertRows();
}

void RowTableModel::setPageRows(int rows)
{
    beginResetModel();
    m_pageRows = std::max(rows, 0);
    m_handed = m_pageRows;
    endResetModel();
}

QVariant RowTableModel::exportData(int row, int column, int role) const
{
    if (row < 0 || row >= rows() || column < 0 || column >= columns())
        return {};
    return data(createIndex(row, column), role);
}

int RowTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant RowTableModel::data(const QModelIndex &index, int role) const
{
    // exportData() asks for rows not handed to a paged view yet: their own range check.
    if (!index.isValid() || index.model() != this || index.row() >= rows() ||
        index.column() >= columns())
        return {};
    if (role == Qt::TextAlignmentRole) {
        const Qt::Alignment a = isNumeric(index.column()) ? Qt::AlignRight | Qt::AlignVCenter
                                                          : Qt::AlignLeft | Qt::AlignVCenter;
        return QVariant::fromValue(a);
    }
    const int row = modelRow(index.row());
    QVariant v = cell(row, index.column(), role);
    if ((role == ExportRole || role == RawRole) && !v.isValid())
        return cell(row, index.column(), Qt::DisplayRole);
    return v;
}

QVariant RowTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columns())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return columnTitle(section);
    if (role == Qt::ToolTipRole) {
        const QString tip = columnToolTip(section);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(isNumeric(section) ? Qt::AlignRight | Qt::AlignVCenter
                                                      : Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

QString RowTableModel::columnToolTip(int) const
{
    return {};
}

void RowTableModel::setLocale(const QLocale &locale)
{
    beginResetModel();
    m_locale = locale;
    sortRows(); // text collates by locale
    m_handed = m_pageRows;
    endResetModel();
}

int RowTableModel::shownRow(int modelRow) const
{
    if (modelRow < 0 || modelRow >= rows())
        return -1;
    if (m_order.empty())
        return modelRow;
    const auto it = std::find(m_order.begin(), m_order.end(), modelRow);
    return it == m_order.end() ? -1 : int(it - m_order.begin());
}

void RowTableModel::sort(int column, Qt::SortOrder order)
{
    if (column == m_sortColumn && order == m_sortOrder)
        return;
    if (handedRows() < rows()) {
        // A paged table: the rows a selection held may be past those handed. The view starts
        // again from the first page of the new order.
        beginResetModel();
        m_sortColumn = column < columns() ? column : -1;
        m_sortOrder = order;
        sortRows();
        m_handed = m_pageRows;
        endResetModel();
        return;
    }
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> modelRows;
    modelRows.reserve(static_cast<size_t>(before.size()));
    for (const QModelIndex &i : before)
        modelRows.push_back(modelRow(i.row()));
    m_sortColumn = column < columns() ? column : -1;
    m_sortOrder = order;
    sortRows();
    if (!before.isEmpty()) {
        std::vector<int> shown(static_cast<size_t>(rows()));
        for (size_t r = 0; r < shown.size(); ++r)
            shown[static_cast<size_t>(modelRow(static_cast<int>(r)))] = static_cast<int>(r);
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype k = 0; k < before.size(); ++k)
            after << index(shown[static_cast<size_t>(modelRows[static_cast<size_t>(k)])],
                           before[k].column());
        changePersistentIndexList(before, after);
    }
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void RowTableModel::sortRows()
{
    m_order.clear();
    const int n = rows();
    if (m_sortColumn < 0 || n == 0)
        return;
    const auto key = [this](int r) {
        QVariant v = cell(r, m_sortColumn, RawRole);
        return v.isValid() ? v : cell(r, m_sortColumn, Qt::DisplayRole);
    };
    // The keys as decimals (exact) while every cell is a decimal or empty, as numbers while
    // every cell is a count or a percentage, else as text. They are kept typed as they are
    // read: a QVariant per row beside an optional decimal per row was 64 bytes a row (640 MB
    // for a backlog of ten million unowned objects sorted by amount), now 8 (and 4 for the
    // order).
    enum class Kind { Empty, Decimal, Number, Text };
    Kind kind = Kind::Empty;
    const QMetaType decimal = QMetaType::fromType<core::Decimal>();
    const auto kindOf = [&decimal](const QVariant &v) {
        if (v.metaType() == decimal)
            return Kind::Decimal;
        switch (v.metaType().id()) {
        case QMetaType::Int:
        case QMetaType::LongLong:
        case QMetaType::UInt:
        case QMetaType::ULongLong:
        case QMetaType::Double:
            return Kind::Number;
        default:
            return Kind::Text;
        }
    };
    // Which rows have a key: made at the first empty cell (a backlog has none).
    std::vector<char> has;
    // Decimal keys as 64-bit units while they fit (to ±9.2: a request's cost; half the memory
    // of a decimal, 80 MB at ten million rows), widened to decimals at the first that does not.
    std::vector<std::int64_t> units;
    std::vector<core::Decimal> decimals;
    std::vector<double> numbers;
    const auto widen = [&](size_t upTo) {
        decimals.resize(static_cast<size_t>(n));
        for (size_t i = 0; i < upTo; ++i)
            decimals[i] = core::Decimal::fromUnits(units[i]);
        units = {};
    };
    for (int r = 0; r < n && kind != Kind::Text; ++r) {
        const auto at = static_cast<size_t>(r);
        const QVariant v = key(r);
        if (!v.isValid()) {
            if (has.empty())
                has.assign(static_cast<size_t>(n), 1);
            has[at] = 0;
            continue;
        }
        const Kind k = kindOf(v);
        if (kind == Kind::Empty) {
            kind = k;
            if (k == Kind::Decimal)
                units.resize(static_cast<size_t>(n));
            else if (k == Kind::Number)
                numbers.resize(static_cast<size_t>(n));
        }
        if (k != kind) {
            kind = Kind::Text; // a column of mixed kinds sorts as text
            break;
        }
        if (k == Kind::Decimal) {
            const core::Decimal d = v.value<core::Decimal>();
            const bool fits = d.units() >= std::numeric_limits<std::int64_t>::min() &&
                              d.units() <= std::numeric_limits<std::int64_t>::max();
            if (decimals.empty() && !fits)
                widen(at);
            if (decimals.empty())
                units[at] = static_cast<std::int64_t>(d.units());
            else
                decimals[at] = d;
        } else if (k == Kind::Number) {
            numbers[at] = v.toDouble();    // counts and percentages, never money
            if (std::isnan(numbers[at])) { // no order: sorts as an empty cell
                if (has.empty())
                    has.assign(static_cast<size_t>(n), 1);
                has[at] = 0;
            }
        }
    }
    m_order.resize(static_cast<size_t>(n));
    std::iota(m_order.begin(), m_order.end(), 0);
    if (kind == Kind::Empty)
        return; // every cell empty: all tie, the model's order stays
    // Empty cells sort first ascending; ties keep the model order in both directions (the row
    // decides them: a sort in place, where a stable sort took a buffer of a row index each).
    const bool ascending = m_sortOrder == Qt::AscendingOrder;
    const auto sortBy = [this, ascending](auto less) {
        std::sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            if (ascending ? less(a, b) : less(b, a))
                return true;
            if (ascending ? less(b, a) : less(a, b))
                return false;
            return a < b;
        });
    };
    const auto emptyFirst = [&has](int a, int b, auto less) {
        if (has.empty())
            return less(size_t(a), size_t(b));
        if (!has[size_t(a)])
            return has[size_t(b)] != 0;
        return has[size_t(b)] != 0 && less(size_t(a), size_t(b));
    };
    if (kind == Kind::Decimal && decimals.empty()) {
        sortBy([&](int a, int b) {
            return emptyFirst(a, b, [&](size_t x, size_t y) { return units[x] < units[y]; });
        });
    } else if (kind == Kind::Decimal) {
        sortBy([&](int a, int b) {
            return emptyFirst(a, b, [&](size_t x, size_t y) { return decimals[x] < decimals[y]; });
        });
    } else if (kind == Kind::Number) {
        sortBy([&](int a, int b) {
            return emptyFirst(a, b, [&](size_t x, size_t y) { return numbers[x] < numbers[y]; });
        });
    } else {
        // Each distinct text is collated once and the rows sorted by its rank: a table's texts
        // repeat (a backlog of ten million objects has a few sources and, per request, a few
        // models as cost objects). A collation key per row took 14-18 s and 1.2-2.3 GB there.
        has = {};
        QHash<QString, std::uint32_t> idOf;
        std::vector<QString> texts;
        std::vector<std::uint32_t> textOf(static_cast<size_t>(n));
        for (int r = 0; r < n; ++r) {
            QString text = key(r).toString();
            auto it = idOf.constFind(text);
            if (it == idOf.constEnd()) {
                it = idOf.insert(text, static_cast<std::uint32_t>(texts.size()));
                texts.push_back(std::move(text));
            }
            textOf[static_cast<size_t>(r)] = it.value();
        }
        idOf.clear();
        QCollator collator(m_locale);
        collator.setNumericMode(true);
        std::vector<std::uint32_t> byText(texts.size());
        std::iota(byText.begin(), byText.end(), 0U);
        std::sort(byText.begin(), byText.end(), [&](std::uint32_t a, std::uint32_t b) {
            const int c = collator.compare(texts[a], texts[b]);
            return c != 0 ? c < 0 : a < b; // texts that collate equal: first seen first
        });
        // Texts that collate equal share a rank (their rows then keep the model's order).
        std::vector<std::uint32_t> rank(texts.size());
        for (size_t i = 0; i < byText.size(); ++i)
            rank[byText[i]] = i > 0 && collator.compare(texts[byText[i - 1]], texts[byText[i]]) == 0
                                  ? rank[byText[i - 1]]
                                  : static_cast<std::uint32_t>(i);
        // One integer key per row, the rank above the row: a sort of plain integers with no
        // ties (a comparison through the row's rank, with millions of ties among a few models,
        // was a fifth slower). Few texts: the key fits the order itself (ten million rows take
        // 24 bits, leaving 7 for up to 128 texts); otherwise 64-bit keys, in the memory the
        // order and a stable sort's buffer took.
        const auto top = static_cast<std::uint32_t>(texts.size() - 1);
        const auto keyRank = [&](size_t r) {
            return ascending ? rank[textOf[r]] : top - rank[textOf[r]];
        };
        const int rowBits =
            std::max(1, static_cast<int>(std::bit_width(static_cast<std::uint32_t>(n - 1))));
        const int rankBits = static_cast<int>(std::bit_width(top));
        if (rowBits + rankBits <= 31) {
            for (size_t r = 0; r < m_order.size(); ++r)
                m_order[r] =
                    static_cast<int>(keyRank(r) << rowBits | static_cast<std::uint32_t>(r));
            textOf = {};
            std::sort(m_order.begin(), m_order.end());
            for (int &row : m_order)
                row &= static_cast<int>((std::uint32_t{1} << rowBits) - 1);
            return;
        }
        m_order = {};
        std::vector<std::uint64_t> keys(static_cast<size_t>(n));
        for (size_t r = 0; r < keys.size(); ++r)
            keys[r] = std::uint64_t{keyRank(r)} << 32 | r;
        textOf = {};
        std::sort(keys.begin(), keys.end());
        m_order.resize(keys.size());
        for (size_t i = 0; i < keys.size(); ++i)
            m_order[i] = static_cast<int>(keys[i] & 0xffffffffU);
    }
}

} // namespace unalloc::ui
