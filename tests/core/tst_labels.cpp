// Label normalisation, DESIGN §5 and original-tool.md §4: every key rule, the 17 aliases,
// ranks and tie-breaks. Every map case runs in all orders of its raw entries.
#include "coretest.h"

#include <algorithm>
#include <numeric>

using namespace unalloc::core;
using unalloc::test::bytes;

namespace {

using Raw = QList<QPair<QByteArray, QByteArray>>;

Raw raw(std::initializer_list<std::pair<const char *, const char *>> entries)
{
    Raw out;
    for (const auto &[k, v] : entries)
        out.append({QByteArray(k), QByteArray(v)});
    return out;
}

RawLabels toRawLabels(const Raw &r, const std::vector<size_t> &order)
{
    RawLabels out;
    for (size_t i : order)
        out.push_back({r[static_cast<qsizetype>(i)].first.toStdString(),
                       r[static_cast<qsizetype>(i)].second.toStdString()});
    return out;
}

/// "canonical <- winner [raw keys in precedence order] = value"
QStringList describe(const std::vector<Collision> &collisions)
{
    QStringList out;
    for (const Collision &c : collisions) {
        QStringList keys;
        for (const auto &k : c.rawKeys)
            keys << QString::fromStdString(k);
        out << QString::fromStdString(c.canonicalKey + " <- " + c.winnerRawKey + " [") +
                   keys.join(QLatin1Char(',')) + QStringLiteral("] = ") +
                   QString::fromStdString(c.winnerValue);
    }
    return out;
}

} // namespace

class TestLabels final : public QObject
{
    Q_OBJECT

private slots:
    void shapeKey_data();
    void shapeKey();
    void canonicalKey_data();
    void canonicalKey();
    void aliasTableIsTheDocumentedOne();
    void aliasesApplyOnce();
    void normalise_data();
    void normalise();
    void normaliseIsStableAcrossCalls();
    void largeKeyCountsStayCorrect();
    void labelMapLookup();
};

void TestLabels::shapeKey_data()
{
    QTest::addColumn<QByteArray>("rawKey");
    QTest::addColumn<QByteArray>("shaped");
    const auto row = [](const char *name, const char *in, const char *out) {
        QTest::newRow(name) << QByteArray(in) << QByteArray(out);
    };
    row("trim spaces", "  team  ", "team");
    row("trim tabs and newlines", "\tteam\n", "team");
    row("camel teamID", "teamID", "team_id");
    row("camel HTTPServer stays one word", "HTTPServer", "httpserver");
    row("camel myHTTPServer", "myHTTPServer", "my_httpserver");
    row("camel after digit gpu2Count", "gpu2Count", "gpu2_count");
    row("camel costCenter", "costCenter", "cost_center");
    row("camel single letters aB", "aB", "a_b");
    row("camel no split at start", "Team", "team");
    row("camel no split after underscore", "Label_Team", "team");
    row("camel before the path cut", "example.com/teamName", "team_name");
    row("lower-case", "TEAM", "team");
    row("path keeps last segment", "app.kubernetes.io/name", "name");
    row("path with several slashes", "a/b/c", "c");
    row("path leading slash", "/team", "team");
    row("path trailing slash is empty", "x/", "");
    row("path camel before slash dropped", "fooBar/baz", "baz");
    row("punctuation run", "team--name", "team_name");
    row("punctuation dot", "team.name", "team_name");
    row("punctuation space", "team name", "team_name");
    row("punctuation mixed run", "team@#$%id", "team_id");
    row("underscores trimmed", "__team__", "team");
    row("non-ascii is punctuation", "\xc3\xa9quipe", "quipe");
    row("stacked label_app_kubernetes_io_name", "label_app_kubernetes_io_name", "name");
    row("stacked label_tag_team", "label_tag_team", "team");
    row("stacked labels_label_team", "labels_label_team", "team");
    row("label_label stays label", "label_label", "label");
    row("requestTag_team", "requestTag_team", "team");
    row("annotations_team not stripped", "annotations_team", "annotations_team");
    row("annotation_team", "annotation_team", "team");
    row("kubernetes_io_hostname", "kubernetes_io_hostname", "hostname");
    row("app_kubernetes_io_instance", "app_kubernetes_io_instance", "instance");
    row("tag_team", "tag_team", "team");
    row("request_tag_team", "request_tag_team", "team");
    row("restart from first prefix", "tag_label_team", "team");
    row("prefix in dotted form", "label.team", "team");
    row("prefix in kebab form", "Label-Team", "team");
    row("key equal to a prefix", "label_", "label");
    row("tag_tag stays tag", "tag_tag", "tag");
    row("request_tag_ stays", "request_tag_", "request_tag");
    row("labels_ vs label_", "labels_x", "x");
    row("prefix not at start", "my_label_team", "my_label_team");
    row("empty", "", "");
    row("blank", "   ", "");
    row("only punctuation", "!!!", "");
    row("only slash", "/", "");
}

void TestLabels::shapeKey()
{
    QFETCH(QByteArray, rawKey);
    QFETCH(QByteArray, shaped);
    const LabelNormaliser n;
    QCOMPARE(bytes(n.shapeKey(rawKey.toStdString())), shaped);
}

void TestLabels::canonicalKey_data()
{
    QTest::addColumn<QByteArray>("rawKey");
    QTest::addColumn<QByteArray>("canonical");
    // The 17 default aliases, one row each.
    for (const auto &[from, to] : std::initializer_list<std::pair<const char *, const char *>>{
             {"costcenter", "cost_center"},
             {"cost_centre", "cost_center"},
             {"cc", "cost_center"},
             {"team_id", "team"},
             {"teamid", "team"},
             {"owning_team", "team"},
             {"owner", "team"},
             {"squad", "team"},
             {"project_id", "project"},
             {"projectid", "project"},
             {"proj", "project"},
             {"workspace_id", "workspace"},
             {"svc", "service"},
             {"app", "service"},
             {"application", "service"},
             {"env", "environment"},
             {"stage", "environment"}}) {
        QTest::addRow("alias %s", from) << QByteArray(from) << QByteArray(to);
    }
    const auto row = [](const char *name, const char *in, const char *out) {
        QTest::newRow(name) << QByteArray(in) << QByteArray(out);
    };
    row("alias after camel split teamID", "teamID", "team");
    row("alias after case Owner", "Owner", "team");
    row("alias after punctuation cost-centre", "cost-centre", "cost_center");
    row("alias after prefix label_owner", "label_owner", "team");
    row("alias after path example.com/owner", "example.com/owner", "team");
    row("costCenter needs no alias", "costCenter", "cost_center");
    row("canonical key unchanged", "team", "team");
    row("alias target unchanged", "environment", "environment");
    row("no partial alias", "owners", "owners");
    row("no alias inside a key", "squad_id", "squad_id");
    row("dropped key", "x/", "");
}

void TestLabels::canonicalKey()
{
    QFETCH(QByteArray, rawKey);
    QFETCH(QByteArray, canonical);
    const LabelNormaliser n;
    QCOMPARE(bytes(n.canonicalKey(rawKey.toStdString())), canonical);
}

void TestLabels::aliasTableIsTheDocumentedOne()
{
    QCOMPARE(LabelNormaliser::defaultAliases().size(), size_t(17));
    const std::vector<std::string> prefixes{
        "label_", "labels_",     "annotation_", "kubernetes_io_", "app_kubernetes_io_",
        "tag_",   "request_tag_"};
    QCOMPARE(LabelNormaliser::defaultPrefixes() == prefixes, true);
}

void TestLabels::aliasesApplyOnce()
{
    // User alias tribe -> squad: the result is squad, not squad's own alias (team).
    LabelNormaliser tribe(std::map<std::string, std::string>{{"tribe", "squad"}});
    QCOMPARE(bytes(tribe.canonicalKey("tribe")), QByteArray("squad"));
    QCOMPARE(bytes(tribe.canonicalKey("squad")), QByteArray("team"));
    // team -> group does not turn team_id (an alias of team) into group.
    LabelNormaliser group(std::map<std::string, std::string>{{"team", "group"}});
    QCOMPARE(bytes(group.canonicalKey("team_id")), QByteArray("team"));
    QCOMPARE(bytes(group.canonicalKey("team")), QByteArray("group"));
    // User entries win over defaults on equal keys.
    LabelNormaliser manager(std::map<std::string, std::string>{{"owner", "manager"}});
    QCOMPARE(bytes(manager.canonicalKey("owner")), QByteArray("manager"));
    const auto out = tribe.normalise({{"tribe", "red"}});
    QCOMPARE(unalloc::test::entries(out.labels), QStringList{QStringLiteral("squad=red")});
}

void TestLabels::normalise_data()
{
    QTest::addColumn<Raw>("input");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QStringList>("collisions");
    const auto L = [](std::initializer_list<const char *> l) {
        QStringList out;
        for (const char *s : l)
            out << QString::fromUtf8(s);
        return out;
    };
    QTest::newRow("values trimmed, case kept")
        << raw({{"team", "  Alpha Team "}}) << L({"team=Alpha Team"}) << QStringList();
    QTest::newRow("empty value dropped")
        << raw({{"team", ""}, {"env", "prod"}}) << L({"environment=prod"}) << QStringList();
    QTest::newRow("blank value dropped, lower rank wins")
        << raw({{"team", "  "}, {"owner", "b"}}) << L({"team=b"}) << QStringList();
    QTest::newRow("empty keys dropped") << raw({{"", "a"}, {"  ", "b"}, {"x/", "c"}, {"!!", "d"}})
                                        << QStringList() << QStringList();
    QTest::newRow("json text values kept") << raw({{"gpu_count", "2"}, {"spot", "true"}})
                                           << L({"gpu_count=2", "spot=true"}) << QStringList();
    QTest::newRow("explicit team beats team_id and owner")
        << raw({{"team_id", "t1"}, {"owner", "o1"}, {"team", "explicit"}}) << L({"team=explicit"})
        << L({"team <- team [team,owner,team_id] = explicit"});
    QTest::newRow("TEAM is explicit too")
        << raw({{"owner", "o"}, {"TEAM", "upper"}}) << L({"team=upper"})
        << L({"team <- TEAM [TEAM,owner] = upper"});
    QTest::newRow("alias team_id beats rewritten label_team")
        << raw({{"label_team", "rewritten"}, {"team_id", "alias"}}) << L({"team=alias"})
        << L({"team <- team_id [team_id,label_team] = alias"});
    QTest::newRow("owner beats squad (both aliases)")
        << raw({{"squad", "s"}, {"owner", "o"}}) << L({"team=o"})
        << L({"team <- owner [owner,squad] = o"});
    QTest::newRow("alias with a path is still rank 1")
        << raw({{"label_team", "rewritten"}, {"example.com/owner", "path-alias"}})
        << L({"team=path-alias"})
        << L({"team <- example.com/owner [example.com/owner,label_team] = path-alias"});
    QTest::newRow("app.kubernetes.io/name beats leaderworkerset")
        << raw({{"leaderworkerset.sigs.k8s.io/name", "lws"}, {"app.kubernetes.io/name", "chart"}})
        << L({"name=chart"})
        << L({"name <- app.kubernetes.io/name "
              "[app.kubernetes.io/name,leaderworkerset.sigs.k8s.io/name] = chart"});
    QTest::newRow("rewritten beats path")
        << raw({{"app.kubernetes.io/name", "p"}, {"label_app_kubernetes_io_name", "r"}})
        << L({"name=r"})
        << L({"name <- label_app_kubernetes_io_name "
              "[label_app_kubernetes_io_name,app.kubernetes.io/name] = r"});
    QTest::newRow("explicit beats rewritten and path")
        << raw({{"app.kubernetes.io/name", "p"}, {"label_name", "r"}, {"name", "e"}})
        << L({"name=e"}) << L({"name <- name [name,label_name,app.kubernetes.io/name] = e"});
    QTest::newRow("Team vs team: smaller raw key")
        << raw({{"team", "lower"}, {"Team", "capital"}}) << L({"team=capital"})
        << L({"team <- Team [Team,team] = capital"});
    QTest::newRow("TEAM, Team, team") << raw({{"team", "c"}, {"Team", "b"}, {"TEAM", "a"}})
                                      << L({"team=a"}) << L({"team <- TEAM [TEAM,Team,team] = a"});
    QTest::newRow("padded raw key ties on lowered key")
        << raw({{"team", "plain"}, {" team", "padded"}}) << L({"team=padded"})
        << L({"team <- "
              " team [ team,team] = padded"});
    QTest::newRow("alias tie: team_id < teamid")
        << raw({{"teamID", "camel"}, {"team_id", "snake"}}) << L({"team=snake"})
        << L({"team <- team_id [team_id,teamID] = snake"});
    QTest::newRow("alias tie on lowered key: TeamId < teamid")
        << raw({{"teamid", "b"}, {"TeamId", "a"}}) << L({"team=a"})
        << L({"team <- TeamId [TeamId,teamid] = a"});
    QTest::newRow("cc beats cost_centre and costCenter")
        << raw({{"costCenter", "camel"}, {"cost_centre", "british"}, {"cc", "short"}})
        << L({"cost_center=short"}) << L({"cost_center <- cc [cc,cost_centre,costCenter] = short"});
    QTest::newRow("rewritten beats path, both k8s")
        << raw({{"example.com/team", "p"}, {"label_team", "r"}}) << L({"team=r"})
        << L({"team <- label_team [label_team,example.com/team] = r"});
    QTest::newRow("several canonical keys, two collisions")
        << raw({{"app", "svc-a"},
                {"application", "svc-b"},
                {"env", "prod"},
                {"stage", "dev"},
                {"project_id", "p1"},
                {"workspace_id", "w1"}})
        << L({"environment=prod", "project=p1", "service=svc-a", "workspace=w1"})
        << L({"environment <- env [env,stage] = prod", "service <- app [app,application] = svc-a"});
    QTest::newRow("same raw key twice: smaller value")
        << raw({{"team", "b"}, {"team", "a"}}) << L({"team=a"})
        << L({"team <- team [team,team] = a"});
    QTest::newRow("empty-valued contender is no collision")
        << raw({{"team", ""}, {"owner", "o"}, {"env", ""}}) << L({"team=o"}) << QStringList();
}

void TestLabels::normalise()
{
    QFETCH(Raw, input);
    QFETCH(QStringList, labels);
    QFETCH(QStringList, collisions);
    std::vector<size_t> order(static_cast<size_t>(input.size()));
    std::iota(order.begin(), order.end(), 0);
    int orders = 0;
    do {
        // A fresh normaliser and a warm one (memoised keys) must agree.
        LabelNormaliser fresh;
        const NormalisedLabels out = fresh.normalise(toRawLabels(input, order));
        QCOMPARE(unalloc::test::entries(out.labels), labels);
        QCOMPARE(describe(out.collisions), collisions);
        const NormalisedLabels again = fresh.normalise(toRawLabels(input, order));
        QCOMPARE(again.labels, out.labels);
        QCOMPARE(again.collisions == out.collisions, true);
        ++orders;
    } while (std::next_permutation(order.begin(), order.end()));
    // All permutations were tried, which includes the reversed order.
    int expected = 1;
    for (int k = 2; k <= input.size(); ++k)
        expected *= k;
    QCOMPARE(orders, expected);
}

void TestLabels::normaliseIsStableAcrossCalls()
{
    // Reversed order on a larger, realistic OpenCost-style map.
    const RawLabels forward = {{"app.kubernetes.io/name", "vllm"},
                               {"app.kubernetes.io/instance", "vllm-prod"},
                               {"label_team", "ml-platform"},
                               {"owner", "inference"},
                               {"leaderworkerset.sigs.k8s.io/name", "lws-vllm"},
                               {"costCenter", "cc-42"},
                               {"namespace", "serving"},
                               {"helm.sh/chart", "vllm-0.6.1"},
                               {"teamID", "t-7"}};
    RawLabels backward(forward.rbegin(), forward.rend());
    LabelNormaliser n;
    const auto a = n.normalise(forward);
    const auto b = n.normalise(backward);
    QCOMPARE(a.labels, b.labels);
    QCOMPARE(a.collisions == b.collisions, true);
    QCOMPARE(bytes(*a.labels.find("team")), QByteArray("inference")); // owner < teamid (rank 1)
    QCOMPARE(bytes(*a.labels.find("name")), QByteArray("vllm"));
    QCOMPARE(bytes(*a.labels.find("cost_center")), QByteArray("cc-42"));
    QCOMPARE(bytes(*a.labels.find("chart")), QByteArray("vllm-0.6.1"));
    QCOMPARE(a.collisions.size(), size_t(2));
}

void TestLabels::largeKeyCountsStayCorrect()
{
    // Enough distinct keys to overflow any internal memo: every result must stay exact,
    // including for maps whose keys are seen for the first time while the memo is reset.
    LabelNormaliser n;
    for (int i = 0; i < 130'000; ++i) {
        const std::string a = "first_rather_long_key_" + std::to_string(i);
        const std::string b = "second_rather_long_key_" + std::to_string(i);
        const auto out = n.normalise({{a, "1"}, {b, "2"}});
        if (out.labels.size() != 2 || out.labels.entries()[0].first != a ||
            out.labels.entries()[1].first != b || out.labels.entries()[1].second != "2") {
            QFAIL(qPrintable(QStringLiteral("wrong labels at map %1: ").arg(i) +
                             unalloc::test::entries(out.labels).join(QLatin1Char(' '))));
        }
    }
}

void TestLabels::labelMapLookup()
{
    const LabelMap m({{"zeta", "z"}, {"alpha", "a"}, {"mid", "m"}});
    QCOMPARE(bytes(m.keyList()), QByteArray("alpha, mid, zeta"));
    QCOMPARE(bytes(*m.find("mid")), QByteArray("m"));
    QVERIFY(m.find("missing") == nullptr);
    QVERIFY(m.find("") == nullptr);
    QCOMPARE(LabelMap().keyList().empty(), true);
}

QTEST_APPLESS_MAIN(TestLabels)
#include "tst_labels.moc"
