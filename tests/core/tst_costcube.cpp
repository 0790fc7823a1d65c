// CostCube::keepGroups: what a filter by source, batch, month or currency does to a cube it
// owns, instead of copying the rest group by group; the collision totals follow the groups a
// filter keeps and the period and sources asked for.
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
    /// the collision totals of the kept groups' (context, day), and an index that finds the
    /// kept groups again.
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
        // A collision where a kept group is, one where only dropped groups are (the context
        // and day of group 7, which no kept group shares).
        const core::CostGroup &g7 = from.rawGroups()[7];
        QVERIFY(!keep[7]);
        for (size_t i = 0; i < keep.size(); ++i)
            QVERIFY(!keep[i] || from.rawGroups()[i].context != g7.context ||
                    from.rawGroups()[i].day != g7.day);
        const core::CollisionTotal team{"team", "team, Team", "team", {}, core::Decimal::fromInt(1),
                                        2};
        const core::CollisionTotal env{"env", "env, Env", "env", {}, core::Decimal::fromInt(5), 1};
        from.addCollision(team, from.rawGroups()[0].context, from.rawGroups()[0].day);
        from.addCollision(env, g7.context, g7.day);
        core::CostCube kept = from, all = from;
        kept.keepGroups(keep);
        all.keepGroups(keep, core::CostCube::KeptCollisions::All);
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
        QCOMPARE(from.collisions().size(), size_t(2));
        QCOMPARE(all.collisions().size(), size_t(2));
        QCOMPARE(kept.collisions().size(), size_t(1));
        QCOMPARE(kept.collisions()[0].canonicalKey, std::string("team"));
        QCOMPARE(kept.collisions()[0].currency, from.context(from.rawGroups()[0]).currency);
        // The group index is rebuilt: a kept group's key adds to it, a dropped one is new.
        const core::CostGroup &g0 = from.rawGroups()[0];
        kept.addGroupFrom(from, g0);
        QCOMPARE(kept.rawGroups().size(), groups);
        QCOMPARE(kept.rawGroups()[0].amount, g0.amount + g0.amount);
        kept.addGroupFrom(from, from.rawGroups()[7]);
        QCOMPARE(kept.rawGroups().size(), groups + 1);
    }

    /// Rows that collide on `team` (and one on `env`), from two sources over three days in two
    /// currencies: the totals of a period and of sources, merged over batches and days.
    void collisionsFollowTheSelection_data()
    {
        QTest::addColumn<int>("fromDay"); // -1: open
        QTest::addColumn<int>("toDay");
        QTest::addColumn<QString>("sources"); // comma-separated, "" = every source
        QTest::addColumn<QString>("want");    // "key currency amount rows" per total
        QTest::newRow("everything")
            << -1 << -1 << QString()
            << QStringLiteral("env USD 7.00 1|team EUR 100.00 1|team USD 28.00 4");
        QTest::newRow("from the second day")
            << 20'001 << -1 << QString()
            << QStringLiteral("env USD 7.00 1|team EUR 100.00 1|team USD 11.00 2");
        QTest::newRow("the first day")
            << -1 << 20'001 << QString() << QStringLiteral("team USD 17.00 2");
        QTest::newRow("one source") << -1 << -1 << QStringLiteral("litellm")
                                    << QStringLiteral("team EUR 100.00 1|team USD 6.00 2");
        QTest::newRow("one source, the third day")
            << 20'002 << 20'003 << QStringLiteral("litellm") << QStringLiteral("team EUR 100.00 1");
        QTest::newRow("a source without collisions")
            << -1 << -1 << QStringLiteral("opencost") << QString();
        QTest::newRow("no day") << 20'005 << -1 << QString() << QString();
    }
    void collisionsFollowTheSelection()
    {
        QFETCH(int, fromDay);
        QFETCH(int, toDay);
        QFETCH(QString, sources);
        QFETCH(QString, want);
        const auto row = [](const char *source, int day, const char *currency, int amount,
                            std::int64_t batch, bool env) {
            core::CostRow r;
            r.source = source;
            r.name = "x";
            r.amount = {core::Decimal::fromInt(amount), core::Currency::parse(currency).value()};
            r.start = core::TimeUs{day} * 86'400'000'000;
            r.end = r.start + 3'600'000'000;
            r.batchId = batch;
            r.labels = core::LabelMap(std::vector<core::LabelMap::Entry>{{"team", "a"}});
            r.collisions.push_back({"team", {"team", "team_id"}, "team", "a"});
            if (env)
                r.collisions.push_back({"env", {"env", "Env"}, "env", "prod"});
            return r;
        };
        core::CostCube cube;
        cube.addRow(row("litellm", 20'000, "USD", 2, 1, false));
        cube.addRow(row("openai", 20'000, "USD", 15, 2, false));
        cube.addRow(row("litellm", 20'001, "USD", 4, 3, false)); // another batch
        cube.addRow(row("openai", 20'001, "USD", 7, 2, true));
        cube.addRow(row("litellm", 20'002, "EUR", 100, 1, false));
        core::CostRow quiet = row("opencost", 20'000, "USD", 50, 4, false);
        quiet.collisions.clear();
        cube.addRow(quiet);
        std::set<std::string> only;
        for (const QString &s : sources.split(QLatin1Char(','), Qt::SkipEmptyParts))
            only.insert(s.toStdString());
        QStringList got;
        for (const core::CollisionTotal &c :
             cube.collisions(fromDay < 0 ? std::nullopt : std::optional<std::int32_t>(fromDay),
                             toDay < 0 ? std::nullopt : std::optional<std::int32_t>(toDay), &only))
            got << QString::fromStdString(c.canonicalKey + " " + c.currency.code() + " " +
                                          c.amount.toString() + " " + std::to_string(c.rows));
        QCOMPARE(got.join(QLatin1Char('|')), want);
    }
};

QTEST_APPLESS_MAIN(TestCostCube)
#include "tst_costcube.moc"
