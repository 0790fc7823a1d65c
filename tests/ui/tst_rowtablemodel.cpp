// RowTableModel's own sort over a column of given cells: exact decimals, numbers, text, empty
// cells and mixed kinds, ascending and descending, ties in model order.
#include "core/decimal.h"
#include "ui/models/roles.h"
#include "ui/models/rowtablemodel.h"

#include <QTest>

#include <cmath>

using namespace unalloc;
using namespace unalloc::ui;

Q_DECLARE_METATYPE(std::vector<QVariant>)

namespace {

/// One column of the given cells (their RawRole) and a second naming each row's model order.
class GivenTable final : public RowTableModel
{
public:
    explicit GivenTable(std::vector<QVariant> cells)
        : RowTableModel(QLocale(QLocale::English, QLocale::UnitedStates))
        , m_cells(std::move(cells))
    {}

protected:
    int rows() const override { return static_cast<int>(m_cells.size()); }
    int columns() const override { return 2; }
    QString columnTitle(int column) const override
    {
        return column == 0 ? QStringLiteral("key") : QStringLiteral("row");
    }
    bool isNumeric(int) const override { return false; }
    QVariant cell(int row, int column, int role) const override
    {
        if (column == 1)
            return role == Qt::DisplayRole ? QVariant(row) : QVariant();
        return role == RawRole ? m_cells[static_cast<size_t>(row)] : QVariant();
    }

private:
    std::vector<QVariant> m_cells;
};

QVariant dec(const char *text)
{
    return QVariant::fromValue(core::Decimal::parse(text).value());
}

} // namespace

class TstRowTableModel final : public QObject
{
    Q_OBJECT

private slots:
    void sortsByKind_data();
    void sortsByKind();
    void sortsManyRowsOfText_data();
    void sortsManyRowsOfText();
};

void TstRowTableModel::sortsByKind_data()
{
    QTest::addColumn<std::vector<QVariant>>("cells");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<QList<int>>("order"); // model rows, as shown
    // Exact decimals that a double cannot tell apart (…0001 apart at 10^15), empty cells
    // first ascending and last descending, ties in model order both ways.
    const std::vector<QVariant> decimals{dec("1000000000000000.0002"), QVariant(),
                                         dec("1000000000000000.0001"), dec("-3"),
                                         dec("1000000000000000.0002"), QVariant()};
    QTest::newRow("decimals, ascending") << decimals << false << QList<int>{1, 5, 3, 2, 0, 4};
    QTest::newRow("decimals, descending") << decimals << true << QList<int>{0, 4, 2, 3, 1, 5};
    // Decimals that fit 64-bit units (a request's cost) are sorted as units: one unit apart.
    const std::vector<QVariant> small{dec("0.000000000000000002"), dec("0.000000000000000001"),
                                      QVariant(), dec("-9"), dec("0.000000000000000002")};
    QTest::newRow("small decimals, ascending") << small << false << QList<int>{2, 3, 1, 0, 4};
    QTest::newRow("small decimals, descending") << small << true << QList<int>{0, 4, 1, 3, 2};
    // Units first, then a decimal past them: the keys read so far are widened.
    const std::vector<QVariant> widened{dec("1"), dec("0.5"), dec("1000000000000000.0001"),
                                        dec("-1000000000000000"), dec("1")};
    QTest::newRow("small, then wide decimals") << widened << false << QList<int>{3, 1, 0, 4, 2};
    const std::vector<QVariant> numbers{QVariant(7), QVariant(), QVariant(qlonglong(-2)),
                                        QVariant(2.5), QVariant(7)};
    QTest::newRow("numbers, ascending") << numbers << false << QList<int>{1, 2, 3, 0, 4};
    QTest::newRow("numbers, descending") << numbers << true << QList<int>{0, 4, 3, 2, 1};
    // A number without an order (NaN) sorts as an empty cell.
    const std::vector<QVariant> nan{QVariant(3.0), QVariant(std::nan("")), QVariant(1)};
    QTest::newRow("NaN sorts as empty") << nan << false << QList<int>{1, 2, 0};
    // Text by the locale's collation, numbers within it by value (item2 before item10).
    const std::vector<QVariant> text{QVariant(QStringLiteral("item10")),
                                     QVariant(QStringLiteral("Apple")),
                                     QVariant(QStringLiteral("item2")), QVariant()};
    QTest::newRow("text, ascending") << text << false << QList<int>{3, 1, 2, 0};
    // Repeated texts (a backlog's sources and models): ties in model order both ways.
    const std::vector<QVariant> repeated{
        QVariant(QStringLiteral("gpt-4o")), QVariant(QStringLiteral("claude")),
        QVariant(QStringLiteral("gpt-4o")), QVariant(QStringLiteral("claude")),
        QVariant(QStringLiteral("Gemini"))};
    QTest::newRow("repeated text, ascending") << repeated << false << QList<int>{1, 3, 4, 0, 2};
    QTest::newRow("repeated text, descending") << repeated << true << QList<int>{0, 2, 4, 1, 3};
    // A decimal among numbers: the column sorts as text, where the decimal reads as "" (no
    // model's column mixes kinds; the order is the one the model had before its keys were typed).
    const std::vector<QVariant> mixed{dec("5"), QVariant(9), QVariant(1)};
    QTest::newRow("mixed kinds sort as text") << mixed << false << QList<int>{0, 2, 1};
    QTest::newRow("every cell empty") << std::vector<QVariant>(3) << true << QList<int>{0, 1, 2};
}

void TstRowTableModel::sortsByKind()
{
    QFETCH(std::vector<QVariant>, cells);
    QFETCH(bool, descending);
    QFETCH(QList<int>, order);
    GivenTable table(cells);
    table.sort(0, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    QList<int> shown;
    for (int r = 0; r < table.rowCount(); ++r)
        shown << table.index(r, 1).data().toInt();
    QCOMPARE(shown, order);
    table.sort(-1);
    for (int r = 0; r < table.rowCount(); ++r)
        QCOMPARE(table.index(r, 1).data().toInt(), r);
}

void TstRowTableModel::sortsManyRowsOfText_data()
{
    QTest::addColumn<int>("distinct");
    QTest::addColumn<bool>("descending");
    // 70,000 rows take 17 bits: 100 texts (7 bits) make keys that fit the order itself,
    // 20,000 (15 bits) 64-bit keys.
    QTest::newRow("few texts, ascending") << 100 << false;
    QTest::newRow("few texts, descending") << 100 << true;
    QTest::newRow("many texts, ascending") << 20000 << false;
    QTest::newRow("many texts, descending") << 20000 << true;
}

void TstRowTableModel::sortsManyRowsOfText()
{
    QFETCH(int, distinct);
    QFETCH(bool, descending);
    constexpr int kRows = 70000;
    std::vector<QVariant> cells;
    std::vector<int> value(kRows);
    for (int r = 0; r < kRows; ++r) {
        value[size_t(r)] = static_cast<int>((qint64(r) * 7919) % distinct);
        cells.emplace_back(QStringLiteral("t%1").arg(value[size_t(r)]));
    }
    GivenTable table(std::move(cells));
    table.sort(0, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    QCOMPARE(table.rowCount(), kRows);
    std::vector<char> seen(kRows, 0);
    int previous = -1;
    for (int r = 0; r < kRows; ++r) {
        const int row = table.index(r, 1).data().toInt();
        QVERIFY(row >= 0 && row < kRows && !seen[size_t(row)]);
        seen[size_t(row)] = 1;
        if (previous >= 0) {
            // Numeric collation: t9 before t10. Ties in model order both ways.
            const int a = value[size_t(previous)], b = value[size_t(row)];
            QVERIFY(descending ? a >= b : a <= b);
            if (a == b)
                QVERIFY(previous < row);
        }
        previous = row;
    }
}

QTEST_MAIN(TstRowTableModel)
#include "tst_rowtablemodel.moc"
