// GroupedLineSorter: lines that arrive by group come out by (group, key, text), the same bytes
// whether every group fits in memory or is merged from sorted runs on disk.
#include "core/export/linesorter.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <sstream>
#include <tuple>

using unalloc::core::GroupedLineSorter;

class TstLineSorter final : public QObject
{
    Q_OBJECT

private slots:
    void sameBytesAnyBudget_data();
    void sameBytesAnyBudget();
    void groupsMustNotGoBack();
};

namespace {

struct Line
{
    std::int64_t group;
    std::string key, text;
};

/// `n` lines over `groups` groups in group order, shuffled inside each group; repeats included.
std::vector<Line> lines(int n, int groups, unsigned seed)
{
    std::mt19937 rng(seed);
    std::vector<Line> out;
    const char *keys[] = {"opencost", "litellm", "openai", "anthropic"};
    for (int i = 0; i < n; ++i) {
        const std::int64_t g = std::int64_t(i) * groups / n;
        out.push_back(
            {g, keys[rng() % 4],
             "," + std::to_string(rng() % 1000) + ",row " + std::to_string(rng() % 50) + "\n"});
    }
    return out;
}

} // namespace

void TstLineSorter::sameBytesAnyBudget_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("budget");
    QTest::addColumn<bool>("spills");
    QTest::newRow("in memory") << 5000 << 40 << (64 << 20) << false;
    QTest::newRow("one big group, runs of ~20 lines") << 3000 << 1 << 2000 << true;
    QTest::newRow("many groups, some merged") << 4000 << 7 << 20000 << true;
    QTest::newRow("one line per run") << 300 << 3 << 1 << true;
    QTest::newRow("empty") << 0 << 1 << 100 << false;
}

void TstLineSorter::sameBytesAnyBudget()
{
    QFETCH(int, count);
    QFETCH(int, groups);
    QFETCH(int, budget);
    QFETCH(bool, spills);
    const std::vector<Line> input = lines(count, groups, 7);
    std::vector<Line> expected = input;
    std::sort(expected.begin(), expected.end(), [](const Line &a, const Line &b) {
        return std::tie(a.group, a.key, a.text) < std::tie(b.group, b.key, b.text);
    });
    std::string want;
    for (const Line &l : expected)
        want += l.text;

    std::ostringstream out;
    GroupedLineSorter sorter(out, size_t(budget));
    for (const Line &l : input)
        QVERIFY(sorter.add(l.group, l.key, l.text));
    QVERIFY(sorter.finish());
    QCOMPARE(sorter.runsWritten() > 0, spills);
    QCOMPARE(out.str().size(), want.size());
    QVERIFY(out.str() == want);
}

void TstLineSorter::groupsMustNotGoBack()
{
    std::ostringstream out;
    GroupedLineSorter sorter(out);
    QVERIFY(sorter.add(5, "a", "x\n"));
    QVERIFY(sorter.add(6, "a", "y\n"));
    QVERIFY(!sorter.add(4, "a", "z\n"));
}

QTEST_GUILESS_MAIN(TstLineSorter)
#include "tst_linesorter.moc"
