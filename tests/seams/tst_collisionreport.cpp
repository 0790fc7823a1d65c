// The collision report (issue 5 item 5): raw keys merged, winner, dollars; ties in dollars
// by canonical key, then raw keys.
#include "../core/rowbuilder.h"

#include "core/seams/collisionreport.h"

using namespace unalloc::core;
using unalloc::test::makeRow;

class TestCollisionReport final : public QObject
{
    Q_OBJECT

private slots:
    void report();
};

void TestCollisionReport::report()
{
    const std::vector<CostRow> rows{
        makeRow("opencost", "a", "10.00", {{"owner", "x"}, {"team", "y"}}),
        makeRow("opencost", "b", "5.50", {{"team", "y"}, {"owner", "z"}}),
        makeRow("opencost", "c", "40.00",
                {{"app.kubernetes.io/name", "vllm"}, {"leaderworkerset.sigs.k8s.io/name", "lws"}}),
        makeRow("opencost", "d", "15.50", {{"squad", "s"}, {"label_team", "t"}}),
        makeRow("opencost", "e", "15.50", {{"env", "prod"}, {"stage", "dev"}}),
        makeRow("opencost", "f", "99.00", {{"team", "solo"}}),
    };
    QStringList got;
    for (int pass = 0; pass < 2; ++pass) {
        CostCube cube;
        for (size_t i = 0; i < rows.size(); ++i)
            cube.addRow(rows[pass == 0 ? i : rows.size() - 1 - i]);
        QStringList lines;
        for (const CollisionTotal &c : collisionReport(cube))
            lines << QString::fromStdString(c.canonicalKey + " [" + c.rawKeys + "] winner " +
                                            c.winnerRawKey + " " + c.amount.toString() + " " +
                                            c.currency.code() + " rows " + std::to_string(c.rows));
        if (pass == 1)
            QCOMPARE(lines, got); // the order of rows never matters
        got = lines;
    }
    QCOMPARE(got,
             (QStringList{
                 QStringLiteral("name [app.kubernetes.io/name, leaderworkerset.sigs.k8s.io/name] "
                                "winner app.kubernetes.io/name 40.00 USD rows 1"),
                 QStringLiteral("environment [env, stage] winner env 15.50 USD rows 1"),
                 QStringLiteral("team [squad, label_team] winner squad 15.50 USD rows 1"),
                 QStringLiteral("team [team, owner] winner team 15.50 USD rows 2")}));
}

QTEST_APPLESS_MAIN(TestCollisionReport)
#include "tst_collisionreport.moc"
