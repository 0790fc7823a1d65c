// The remembered analysis state and saved views (issue 18 item 6): JSON form and checks.
#include "coretest.h"
#include "rowbuilder.h"

#include "core/analysis/viewstate.h"

using namespace unalloc;
using namespace unalloc::test;

class TestViewState : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        core::ViewState s;
        s.name = "Search team, August";
        s.ownerKey = "team";
        s.fallbacks = {"project", "namespace"};
        s.dedupe = true;
        s.currency = core::Currency::parse("EUR").value();
        s.fromDay = 20666; // 2026-08-01
        s.toDay = 20697;
        s.view = "unallocated";
        s.ledgerFilter = "source:openai amount>1";
        const std::string json = s.toJson();
        QVERIFY(json.find("\"to\": \"2026-08-31\"") != std::string::npos); // inclusive
        auto back = core::ViewState::fromJson(json);
        QVERIFY(back.has_value());
        QVERIFY(*back == s);
        QCOMPARE(back->toJson(), json); // deterministic
    }

    void reject_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QStringLiteral("{") << QStringLiteral("not a JSON object");
        QTest::newRow("wrong format")
            << QStringLiteral(R"({"format":"x","version":1,"owner_key":"team"})")
            << QStringLiteral("not a saved view");
        QTest::newRow("newer version")
            << QStringLiteral(R"({"format":"unalloc-view","version":9,"owner_key":"team"})")
            << QStringLiteral("version");
        QTest::newRow("no owner") << QStringLiteral(R"({"format":"unalloc-view","version":1})")
                                  << QStringLiteral("owner_key");
        QTest::newRow("bad date")
            << QStringLiteral(
                   R"({"format":"unalloc-view","version":1,"owner_key":"team","from":"2026-13-01"})")
            << QStringLiteral("from");
        QTest::newRow("to before from")
            << QStringLiteral(
                   R"({"format":"unalloc-view","version":1,"owner_key":"team","from":"2026-08-02","to":"2026-08-01"})")
            << QStringLiteral("before");
        QTest::newRow("bad currency")
            << QStringLiteral(
                   R"({"format":"unalloc-view","version":1,"owner_key":"team","currency":"XYZ"})")
            << QStringLiteral("currency");
    }
    void reject()
    {
        QFETCH(QString, json);
        QFETCH(QString, error);
        auto s = core::ViewState::fromJson(json.toStdString());
        QVERIFY(!s.has_value());
        QVERIFY2(QString::fromStdString(s.error().detail).contains(error),
                 s.error().detail.c_str());
    }

    void keysCanonicalised()
    {
        auto s = core::ViewState::fromJson(
            R"({"format":"unalloc-view","version":1,"owner_key":"teamID","fallbacks":["costCenter","team","costCenter"],"unknown":1})");
        QVERIFY(s.has_value());
        QCOMPARE(s->ownerKey, std::string("team"));
        QCOMPARE(s->fallbacks, std::vector<std::string>{"cost_center"});
    }

    void checkAgainstLedger()
    {
        const core::CostCube cube = cubeOf({makeRow("litellm", "a", "1", {{"team", "x"}}, 100),
                                            makeRow("litellm", "b", "2", {{"project", "p"}}, 110)});
        const core::LedgerCatalog catalog = core::buildCatalog(cube, {});
        core::ViewState s;
        s.ownerKey = "team";
        s.fallbacks = {"project"};
        QVERIFY(core::checkViewState(s, catalog).ok());
        s.fallbacks = {"zzz", "project", "workspace"};
        s.currency = core::Currency::parse("EUR").value();
        s.fromDay = 200;
        const core::ViewStateCheck c = core::checkViewState(s, catalog);
        QCOMPARE(c.unknownKeys, (std::vector<std::string>{"zzz", "workspace"}));
        QVERIFY(c.unknownCurrency);
        QVERIFY(c.emptyPeriod);
        // Unknown keys are kept in the state (flagged, not dropped).
        QCOMPARE(s.applyTo({}).fallbacks, s.fallbacks);
    }
};

QTEST_GUILESS_MAIN(TestViewState)
#include "tst_viewstate.moc"
