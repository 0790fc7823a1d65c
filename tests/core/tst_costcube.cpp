// CostCube::keepGroups: what a filter by source, batch, month or currency does to a cube it
// owns, instead of copying the rest group by group.
#include "coretest.h"

#include "core/costcube.h"

using namespace unalloc;
using namespace unalloc::test;

class TestCostCube : public QObject
{
    Q_OBJECT

private slots:
    /// keepGroups keeps the marked groups, in order, with exactly their label sets: what
    /// addGroupFrom gives for those groups (label sets: repeated ones, the empty one, a value
    /// that is also a key; source, object, day, currency, batch, amount, rows, usage names), no
    /// collision totals, and an index that finds the kept groups again.
    void keepGroupsAsAddGroupFrom()
    {
        const QStringList sets =
            textLines({"team=a;env=prod", "team=b;env=prod", "", "user=team", "team=a;env=prod",
                       "env=dev;team=b;user=u1", "team=a;env=prod", "only=dropped"});
        core::CostCube from;
        for (int i = 0; i < 40; ++i) {
            const QString &set = sets[i % sets.size()];
            from.addGroup(labelsOf(set), i % 3 ? "litellm" : "openai",
                          "object-" + std::to_string(i % 5), 20'300 + i % 4,
                          i % 4 ? core::Currency::usd() : core::Currency::parse("EUR").value(),
                          1 + i % 2, core::Decimal::fromInt(i + 1), i + 2, i % 2 ? "openai" : "",
                          i % 2 ? "gpt-4o" : "", 1 + i % 3);
        }
        from.addCollision(
            {"team", "team, Team", "team", core::Currency::usd(), core::Decimal::fromInt(1), 2});
        std::vector<char> keep(from.rawGroups().size(), 0);
        core::CostCube viaText;
        std::int64_t rows = 0;
        for (size_t i = 0; i < keep.size(); ++i) {
            const core::CostGroup &g = from.rawGroups()[i];
            keep[i] = i % 8 != 7 && (i % 3 == 0 || i % 2 == 0); // never the last set
            if (keep[i]) {
                viaText.addGroupFrom(from, g);
                rows += g.rows;
            }
        }
        core::CostCube kept = from;
        kept.keepGroups(keep);
        const auto dump = [](const core::CostCube &c) {
            QStringList out;
            for (const core::CostGroup &g : c.rawGroups()) {
                const core::GroupContext &x = c.context(g);
                QString labels;
                const core::LabelMap map = c.labelSets().at(g.labelSet);
                for (const auto &[k, v] : map.entries())
                    labels += QString::fromStdString(k + "=" + v + ";");
                out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9")
                           .arg(labels)
                           .arg(QString::fromStdString(std::string(c.sources().at(x.source))))
                           .arg(QString::fromStdString(std::string(c.objects().at(g.object))))
                           .arg(g.day)
                           .arg(QString::fromStdString(x.currency.code() + " " +
                                                       std::to_string(x.batch) + " " +
                                                       g.amount.toString()))
                           .arg(g.rows)
                           .arg(QString::fromStdString(std::string(c.usageName(x.usageProvider))))
                           .arg(QString::fromStdString(std::string(c.usageName(x.usageModel))))
                           .arg(x.days);
            }
            return out;
        };
        QCOMPARE(dump(kept), dump(viaText));
        const size_t groups = viaText.rawGroups().size();
        QCOMPARE(groups, size_t(25));
        QCOMPARE(kept.rowCount(), rows);
        QCOMPARE(kept.labelSets().size(), viaText.labelSets().size()); // "only=dropped" went
        QVERIFY(kept.collisions().empty());
        QCOMPARE(from.collisions().size(), size_t(1));
        // The group index is rebuilt: a kept group's key adds to it, a dropped one is new.
        const core::CostGroup &g0 = from.rawGroups()[0];
        kept.addGroupFrom(from, g0);
        QCOMPARE(kept.rawGroups().size(), groups);
        QCOMPARE(kept.rawGroups()[0].amount, g0.amount + g0.amount);
        kept.addGroupFrom(from, from.rawGroups()[7]);
        QCOMPARE(kept.rawGroups().size(), groups + 1);
    }
};

QTEST_APPLESS_MAIN(TestCostCube)
#include "tst_costcube.moc"
