// The explorer's File → Pull from APIs… driven offscreen against the local upstream servers of
// the pull tests: configuration from the environment (no keychain), per-source progress and
// results, all-or-nothing imports, Cancel, Allow partial, Test connection — and no key in any
// text the dialog shows.
#include "pullharness.h"

#include "../ui/uitestsupport.h"

#include "adapters/import/importer.h"
#include "core/ledger/ledgerstore.h"
#include "ui/mainwindow.h"
#include "ui/pull/pulldialog.h"
#include "ui/pull/pullprogressmodel.h"
#include "ui/pull/pullsettings.h"
#include "ui/translations.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QDateEdit>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>

#include <map>

using namespace unalloc;
using namespace unalloc::tests;
using unalloc::ui::PullDialog;
using unalloc::ui::PullProgressModel;

namespace {

/// A keychain in memory, for Set…/Delete without touching the OS.
class MemoryKeyStore final : public adapters::pull::KeyStore
{
public:
    core::Result<std::optional<std::string>> read(const std::string &source) override
    {
        const auto it = keys.find(source);
        return it == keys.end() ? std::optional<std::string>() : std::optional(it->second);
    }
    core::Result<void> write(const std::string &source, const std::string &key) override
    {
        keys[source] = key;
        return {};
    }
    core::Result<void> remove(const std::string &source) override
    {
        keys.erase(source);
        return {};
    }
    std::map<std::string, std::string> keys;
};

const char *const kSources[] = {"opencost", "litellm", "openai", "anthropic"};

} // namespace

class TstPullDialog final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void configurationFromEnvironment();
    void urlEditsAreRemembered();
    void windowDefaultsAndClamp();
    void targetLedgerIsNamed();
    void monthEqualsFileImport();
    void faultFailsAndLeavesLedgerUnchanged_data();
    void faultFailsAndLeavesLedgerUnchanged();
    void cancelDuringHangLeavesLedgerUnchanged();
    void allowPartialImportsPartialBatch();
    void testConnection_data();
    void testConnection();
    void keySetAndDeletedInKeychain();

private:
    std::unique_ptr<PullDialog> dialog(ui::PullContext context = {});
    /// Ticks exactly `sources` and sets the window to August 2025.
    void prepare(PullDialog *d, const std::vector<std::string> &sources);
    /// Clicks Pull and waits for the end.
    void pullAndWait(PullDialog *d);
    QString result(PullDialog *d, const std::string &source, int column) const;
    void checkNoKeyShown(QWidget *top);
    std::string ledger() const { return m_ctx->path(QStringLiteral("pull.unalloc")).toStdString(); }

    std::unique_ptr<PullHarness> m_h;
    /// English as the explorer installs it: its catalogue holds the plural forms.
    ui::Translations m_translations;
    std::unique_ptr<ui::test::TestContext> m_ctx;
};

void TstPullDialog::init()
{
    m_h = std::make_unique<PullHarness>();
    QVERIFY(m_h->listen());
    QVERIFY(m_translations.setLanguage(QStringLiteral("en")));
    m_ctx = std::make_unique<ui::test::TestContext>();
    qputenv("UNALLOC_NO_KEYCHAIN", "1");
    qputenv("UNALLOC_OPENCOST_URL", m_h->server.url().toUtf8());
    qputenv("UNALLOC_LITELLM_URL", m_h->server.url(QStringLiteral("/")).toUtf8());
    qputenv("UNALLOC_LITELLM_KEY", QByteArray::fromStdString(kLiteLlmKey));
    qputenv("UNALLOC_OPENAI_URL", m_h->server.url(QStringLiteral("/v1")).toUtf8());
    qputenv("OPENAI_ADMIN_KEY", QByteArray::fromStdString(kOpenAiKey));
    qputenv("UNALLOC_ANTHROPIC_URL", m_h->server.url(QStringLiteral("/v1")).toUtf8());
    qputenv("ANTHROPIC_ADMIN_KEY", QByteArray::fromStdString(kAnthropicKey));
}

void TstPullDialog::cleanup()
{
    m_ctx.reset();
    m_h.reset();
}

std::unique_ptr<PullDialog> TstPullDialog::dialog(ui::PullContext context)
{
    // Retries stay quick: what matters is that they happen and are counted.
    context.policy.retries = 2;
    context.policy.baseDelayMs = 5;
    context.policy.timeoutMs = 30'000;
    auto d = std::make_unique<PullDialog>(&m_ctx->app, QString::fromStdString(ledger()), false,
                                          std::move(context));
    d->show();
    return d;
}

void TstPullDialog::prepare(PullDialog *d, const std::vector<std::string> &sources)
{
    for (const char *s : kSources) {
        UI_FIND(include, QCheckBox, d, QStringLiteral("include_") + QLatin1String(s));
        include->setChecked(std::find(sources.begin(), sources.end(), s) != sources.end());
    }
    UI_FIND(from, QDateEdit, d, "fromDate");
    UI_FIND(to, QDateEdit, d, "toDate");
    from->setDate(QDate(2025, 8, 1));
    to->setDate(QDate(2025, 8, 31));
    QCOMPARE(d->window().start, kAug1);
    QCOMPARE(d->window().end, kSep1);
}

void TstPullDialog::pullAndWait(PullDialog *d)
{
    UI_FIND(pull, QPushButton, d, "pullButton");
    QVERIFY(pull->isEnabled());
    QSignalSpy finished(d, &PullDialog::finished);
    QTest::mouseClick(pull, Qt::LeftButton);
    QVERIFY(d->isRunning());
    QVERIFY(finished.wait(120000));
    QVERIFY(!d->isRunning());
}

QString TstPullDialog::result(PullDialog *d, const std::string &source, int column) const
{
    const PullProgressModel *m = d->progressModel();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, PullProgressModel::Source).data().toString() ==
            PullProgressModel::sourceTitle(source))
            return m->index(r, column).data().toString();
    return QStringLiteral("<no row for %1>").arg(QString::fromStdString(source));
}

void TstPullDialog::checkNoKeyShown(QWidget *top)
{
    QStringList texts;
    QList<QWidget *> widgets = top->findChildren<QWidget *>();
    widgets << top;
    for (QWidget *w : widgets) {
        texts << w->toolTip() << w->statusTip() << w->whatsThis() << w->windowTitle();
        if (auto *l = qobject_cast<QLabel *>(w))
            texts << l->text();
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            texts << b->text();
        if (auto *e = qobject_cast<QLineEdit *>(w))
            texts << e->text() << e->placeholderText();
        if (auto *g = qobject_cast<QGroupBox *>(w))
            texts << g->title();
        if (auto *s = qobject_cast<QStatusBar *>(w))
            texts << s->currentMessage();
    }
    for (auto *m : top->findChildren<PullProgressModel *>())
        for (int r = 0; r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                    texts << m->index(r, c).data(role).toString();
    QFile settings(m_ctx->path(QStringLiteral("settings.ini")));
    if (settings.open(QIODevice::ReadOnly))
        texts << QString::fromUtf8(settings.readAll());
    const QString all = texts.join(QLatin1Char('\n'));
    QVERIFY(all.size() > 200); // the walk did see the dialog's texts
    for (const std::string &key : {kOpenAiKey, kAnthropicKey, kLiteLlmKey})
        QVERIFY2(!all.contains(QString::fromStdString(key)), key.c_str());
}

void TstPullDialog::configurationFromEnvironment()
{
    qputenv("ANTHROPIC_ADMIN_KEY", "");
    auto d = dialog();
    UI_FIND(opencost, QLabel, d.get(), "keyStatus_opencost");
    UI_FIND(openai, QLabel, d.get(), "keyStatus_openai");
    UI_FIND(anthropic, QLabel, d.get(), "keyStatus_anthropic");
    QCOMPARE(opencost->text(), QStringLiteral("no key needed"));
    QCOMPARE(openai->text(), QStringLiteral("from environment variable OPENAI_ADMIN_KEY"));
    QCOMPARE(anthropic->text(),
             QStringLiteral("no keychain on this system — set ANTHROPIC_ADMIN_KEY"));
    UI_FIND(setKey, QPushButton, d.get(), "setKey_opencost");
    QVERIFY(!setKey->isEnabled());
    UI_FIND(url, QLineEdit, d.get(), "url_openai");
    QCOMPARE(url->text(), m_h->server.url(QStringLiteral("/v1")));
    // A source without its required key is not ticked; one with all it needs is.
    UI_FIND(includeAnthropic, QCheckBox, d.get(), "include_anthropic");
    UI_FIND(includeOpenAi, QCheckBox, d.get(), "include_openai");
    QVERIFY(!includeAnthropic->isChecked());
    QVERIFY(includeOpenAi->isChecked());
    includeAnthropic->setChecked(true);
    UI_FIND(pull, QPushButton, d.get(), "pullButton");
    QTest::mouseClick(pull, Qt::LeftButton);
    QVERIFY(!d->isRunning());
    UI_FIND(status, QLabel, d.get(), "pullStatus");
    QVERIFY2(status->text().contains(QLatin1String("anthropic: no key")),
             qPrintable(status->text()));
    QVERIFY(m_h->server.requests().empty());
    checkNoKeyShown(d.get());
}

void TstPullDialog::urlEditsAreRemembered()
{
    const QString other = m_h->server.url(QStringLiteral("/proxy/v1"));
    {
        auto d = dialog();
        UI_FIND(url, QLineEdit, d.get(), "url_openai");
        url->selectAll();
        QTest::keyClicks(url, other);
    }
    QCOMPARE(m_ctx->settings.value(ui::keys::pullUrlOpenAi), other);
    auto d = dialog();
    UI_FIND(url, QLineEdit, d.get(), "url_openai");
    QCOMPARE(url->text(), other);
    // Typing the environment's URL back forgets the edit.
    url->selectAll();
    QTest::keyClicks(url, m_h->server.url(QStringLiteral("/v1")));
    QCOMPARE(m_ctx->settings.value(ui::keys::pullUrlOpenAi), QString());
    checkNoKeyShown(d.get());
}

void TstPullDialog::windowDefaultsAndClamp()
{
    auto d = dialog(); // the test clock says 2026-09-02 09:00 UTC
    UI_FIND(from, QDateEdit, d.get(), "fromDate");
    UI_FIND(to, QDateEdit, d.get(), "toDate");
    UI_FIND(note, QLabel, d.get(), "windowNote");
    QCOMPARE(from->date(), QDate(2026, 8, 1));
    QCOMPARE(to->date(), QDate(2026, 8, 31));
    QVERIFY(!d->window().clamped);
    QVERIFY2(note->text().contains(QLatin1String("--from 2026-08-01 --to 2026-09-01")),
             qPrintable(note->text()));
    to->setDate(QDate(2026, 9, 30));
    const adapters::pull::PullWindow w = d->window();
    QVERIFY(w.clamped);
    const core::TimeUs now =
        QDateTime(QDate(2026, 9, 2), QTime(9, 0), QTimeZone::utc()).toMSecsSinceEpoch() * 1000;
    const adapters::pull::PullWindow cli = adapters::pull::closedWindow(w.start, w.askedEnd, now);
    QCOMPARE(w.end, cli.end); // exactly as the CLI clamps
    QCOMPARE(w.askedEnd,
             QDateTime(QDate(2026, 10, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch() *
                 1000);
    QCOMPARE(w.end, now - 5 * 60 * core::kUsPerSecond);
    QVERIFY2(note->text().contains(QLatin1String("ends in the future")) &&
                 note->text().contains(QLatin1String("2026-09-02 08:55")),
             qPrintable(note->text()));
    UI_FIND(partial, QCheckBox, d.get(), "allowPartial");
    QVERIFY(!partial->isChecked());
    QVERIFY(partial->toolTip().contains(QLatin1String("nothing is imported")));
}

void TstPullDialog::targetLedgerIsNamed()
{
    {
        PullDialog demo(&m_ctx->app, QString::fromStdString(ledger()), true);
        UI_FIND(note, QLabel, &demo, "targetNote");
        QVERIFY2(note->text().contains(QLatin1String("demo ledger")), qPrintable(note->text()));
        UI_FIND(pull, QPushButton, &demo, "pullButton");
        QVERIFY(pull->isEnabled());
    }
    PullDialog none(&m_ctx->app, QString(), false);
    UI_FIND(note, QLabel, &none, "targetNote");
    QVERIFY2(note->text().startsWith(QLatin1String("No ledger is open")), qPrintable(note->text()));
    UI_FIND(pull, QPushButton, &none, "pullButton");
    QVERIFY(!pull->isEnabled());
}

void TstPullDialog::monthEqualsFileImport()
{
    // Through the main window: File → Pull from APIs… into a new ledger.
    ui::MainWindow window(&m_ctx->app);
    window.show();
    QSignalSpy loaded(window.document(), &ui::LedgerDocument::loaded);
    QVERIFY(window.newLedger(QString::fromStdString(ledger())));
    QTRY_COMPARE(loaded.count(), 1);
    QAction *action = window.findChild<QAction *>(QStringLiteral("actionPull"));
    UI_REQUIRE(action, "File → Pull from APIs…");
    QVERIFY(action->text().contains(QLatin1String("Pull from APIs")));
    PullDialog *d = window.pullFromApis();
    UI_REQUIRE(d, "the pull dialog");
    prepare(d, {"opencost", "litellm", "openai", "anthropic"});
    pullAndWait(d);
    for (const char *s : kSources) {
        QCOMPARE(result(d, s, PullProgressModel::Result), QStringLiteral("complete"));
        // OpenCost answers a window in one response; the others page.
        QVERIFY(result(d, s, PullProgressModel::Pages).toInt() >=
                (QLatin1String(s) == QLatin1String("opencost") ? 1 : 2));
    }
    QCOMPARE(result(d, "openai", PullProgressModel::Rows), QStringLiteral("90"));
    QVERIFY2(result(d, "openai", PullProgressModel::Amount).startsWith(QLatin1Char('$')),
             qPrintable(result(d, "openai", PullProgressModel::Amount)));
    QCOMPARE(result(d, "openai", PullProgressModel::Retries), QStringLiteral("0"));

    // The same month from the export files, imported the way a file import does it.
    const std::string files = m_ctx->path(QStringLiteral("files.unalloc")).toStdString();
    {
        const std::pair<const char *, QByteArray> exports[] = {
            {"opencost_allocation.json", m_h->data.openCostFile()},
            {"litellm_spend.json", m_h->data.liteLlmFile()},
            {"openai_costs.json", m_h->data.openAiFile()},
            {"anthropic_cost_report.json", m_h->data.anthropicFile()}};
        std::vector<std::string> paths;
        for (const auto &[name, bytes] : exports) {
            QFile f(m_ctx->path(QLatin1String(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
            paths.push_back(f.fileName().toStdString());
        }
        auto store = core::LedgerStore::create(files);
        QVERIFY(store.has_value());
        auto report = adapters::importFiles(**store, paths);
        QVERIFY2(report.has_value(), report ? "" : report.error().message().c_str());
    }
    const std::vector<std::string> pulled = ledgerFingerprint(ledger());
    QCOMPARE(pulled.size(), ledgerFingerprint(files).size());
    QVERIFY(pulled == ledgerFingerprint(files)); // every row, to the cent

    // The document reloads: the new batches show in every view; the status line says so.
    QTRY_VERIFY(loaded.count() >= 2);
    QTRY_COMPARE(window.document()->catalog().sources.size(), size_t(4));
    QCOMPARE(window.document()->catalog().rows, std::int64_t(pulled.size()));
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.startsWith(QStringLiteral("Pulled %1 new rows ($").arg(pulled.size())),
             qPrintable(status));
    UI_FIND(dialogStatus, QLabel, d, "pullStatus");
    QVERIFY2(dialogStatus->text().contains(QLatin1String("0 rows already in the ledger")),
             qPrintable(dialogStatus->text()));
    checkNoKeyShown(&window);

    // Pulled again: nothing new, every row a duplicate.
    pullAndWait(d);
    QCOMPARE(result(d, "openai", PullProgressModel::Result), QStringLiteral("complete"));
    QVERIFY2(result(d, "openai", PullProgressModel::Details)
                 .startsWith(QLatin1String("0 new rows, 90 already in the ledger")),
             qPrintable(result(d, "openai", PullProgressModel::Details)));
    QVERIFY(ledgerFingerprint(ledger()) == pulled);
    checkNoKeyShown(&window);
}

void TstPullDialog::faultFailsAndLeavesLedgerUnchanged_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("persistent 500 on page 3")
        << QStringLiteral("openai") << 500
        << QStringLiteral("openai /v1/organization/costs page 3 failed: HTTP 500 after 3 attempts");
    QTest::newRow("401") << QStringLiteral("anthropic") << 401
                         << QStringLiteral("authentication failed for anthropic");
}

void TstPullDialog::faultFailsAndLeavesLedgerUnchanged()
{
    QFETCH(QString, source);
    QFETCH(int, status);
    QFETCH(QString, reason);
    auto d = dialog();
    prepare(d.get(), {"opencost"}); // a ledger holding one pull already
    pullAndWait(d.get());
    QCOMPARE(result(d.get(), "opencost", PullProgressModel::Result), QStringLiteral("complete"));
    const std::vector<std::string> before = ledgerFingerprint(ledger());
    QVERIFY(!before.empty());

    m_h->server.always(status == 500 ? onPath(QStringLiteral("/organization/costs"),
                                              QStringLiteral("page"), QStringLiteral("cur_8"))
                                     : onPath(QStringLiteral("/cost_report")),
                       Reply::json("{}", status));
    prepare(d.get(), {"litellm", "openai", "anthropic"});
    pullAndWait(d.get());
    const std::string s = source.toStdString();
    QCOMPARE(result(d.get(), s, PullProgressModel::Result), QStringLiteral("failed"));
    QVERIFY2(result(d.get(), s, PullProgressModel::Details).contains(reason),
             qPrintable(result(d.get(), s, PullProgressModel::Details)));
    QCOMPARE(result(d.get(), "litellm", PullProgressModel::Result), QStringLiteral("not imported"));
    if (status == 500) // two retries of page 3, counted while they happened
        QCOMPARE(result(d.get(), "openai", PullProgressModel::Retries), QStringLiteral("2"));
    else
        QCOMPARE(m_h->requestsOf("anthropic").size(), size_t(1)); // no retry loop
    UI_FIND(statusLine, QLabel, d.get(), "pullStatus");
    QVERIFY2(statusLine->text().startsWith(QLatin1String("Nothing was imported")) &&
                 statusLine->text().contains(reason),
             qPrintable(statusLine->text()));
    QVERIFY(ledgerFingerprint(ledger()) == before);
    checkNoKeyShown(d.get());
}

void TstPullDialog::cancelDuringHangLeavesLedgerUnchanged()
{
    auto d = dialog();
    prepare(d.get(), {"anthropic"});
    pullAndWait(d.get());
    const std::vector<std::string> before = ledgerFingerprint(ledger());
    QVERIFY(!before.empty());
    // The second page never comes.
    m_h->server.always(onPath(QStringLiteral("/organization/costs"), QStringLiteral("page"),
                              QStringLiteral("cur_4")),
                       Reply{Reply::Kind::Hang, 0, {}, {}});
    prepare(d.get(), {"litellm", "openai", "anthropic"});
    UI_FIND(pull, QPushButton, d.get(), "pullButton");
    UI_FIND(cancel, QPushButton, d.get(), "cancelPullButton");
    QSignalSpy finished(d.get(), &PullDialog::finished);
    QTest::mouseClick(pull, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_h->requestsOf("openai").size(), size_t(2), 60000);
    // Progress shows while the pull runs: the first page of OpenAI is in.
    QTRY_COMPARE(result(d.get(), "openai", PullProgressModel::Pages), QStringLiteral("1"));
    QCOMPARE(result(d.get(), "openai", PullProgressModel::Result), QStringLiteral("reading…"));
    QCOMPARE(result(d.get(), "litellm", PullProgressModel::Result),
             QStringLiteral("read completely"));
    QVERIFY(cancel->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(finished.wait(20000));
    for (const char *s : {"litellm", "openai", "anthropic"})
        QCOMPARE(result(d.get(), s, PullProgressModel::Result), QStringLiteral("cancelled"));
    UI_FIND(statusLine, QLabel, d.get(), "pullStatus");
    QVERIFY2(statusLine->text().startsWith(QLatin1String("Cancelled; nothing was imported")),
             qPrintable(statusLine->text()));
    QVERIFY(ledgerFingerprint(ledger()) == before);
    checkNoKeyShown(d.get());
}

void TstPullDialog::allowPartialImportsPartialBatch()
{
    m_h->server.always(
        onPath(QStringLiteral("/spend/logs/v2"), QStringLiteral("page"), QStringLiteral("57")),
        Reply::json("{\"data\":[],\"total\":227,\"page\":57,\"page_size\":4,"
                    "\"total_pages\":57}"));
    auto d = dialog();
    prepare(d.get(), {"litellm", "openai"});
    UI_FIND(partial, QCheckBox, d.get(), "allowPartial");
    partial->setChecked(true);
    pullAndWait(d.get());
    QCOMPARE(result(d.get(), "litellm", PullProgressModel::Result), QStringLiteral("partial"));
    QVERIFY2(result(d.get(), "litellm", PullProgressModel::Details)
                 .contains(QLatin1String("read 224 of 227 records")),
             qPrintable(result(d.get(), "litellm", PullProgressModel::Details)));
    QCOMPARE(result(d.get(), "openai", PullProgressModel::Result), QStringLiteral("complete"));
    auto store = core::LedgerStore::open(ledger(), true);
    QVERIFY(store.has_value());
    auto batches = (*store)->batches();
    QVERIFY(batches.has_value());
    std::map<std::string, core::BatchStatus> status;
    for (const auto &b : *batches)
        status[b.source] = b.status;
    QCOMPARE(status.size(), size_t(2));
    QVERIFY(status.at("litellm") == core::BatchStatus::Partial);
    QVERIFY(status.at("openai") == core::BatchStatus::Complete);
    checkNoKeyShown(d.get());
}

void TstPullDialog::testConnection_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("closedPort");
    QTest::addColumn<QString>("expected");
    QTest::newRow("ok") << QStringLiteral("openai") << 200 << false << QStringLiteral("✓ ok");
    QTest::newRow("401") << QStringLiteral("anthropic") << 401 << false
                         << QStringLiteral("✗ authentication failed");
    QTest::newRow("unreachable") << QStringLiteral("litellm") << 200 << true
                                 << QStringLiteral("✗ unreachable");
}

void TstPullDialog::testConnection()
{
    QFETCH(QString, source);
    QFETCH(int, status);
    QFETCH(bool, closedPort);
    QFETCH(QString, expected);
    if (status != 200)
        m_h->server.always(onPath(QString()), Reply::json("{}", status));
    auto d = dialog();
    if (closedPort) {
        UI_FIND(url, QLineEdit, d.get(), QStringLiteral("url_") + source);
        url->setText(QStringLiteral("http://127.0.0.1:1"));
    }
    UI_FIND(test, QPushButton, d.get(), QStringLiteral("test_") + source);
    UI_FIND(label, QLabel, d.get(), QStringLiteral("testResult_") + source);
    QSignalSpy tested(d->row(source.toStdString()), &ui::PullSourceRow::tested);
    QTest::mouseClick(test, Qt::LeftButton);
    QVERIFY(tested.wait(60000));
    QVERIFY2(label->text().startsWith(expected), qPrintable(label->text()));
    QVERIFY(label->isVisible());
    if (!closedPort) { // one request, with the key the way the upstream wants it
        const auto seen = m_h->requestsOf(source.toStdString());
        QCOMPARE(seen.size(), size_t(1));
        QVERIFY(source == QLatin1String("anthropic")
                    ? seen[0].header("x-api-key") == QByteArray::fromStdString(kAnthropicKey)
                    : seen[0].header("authorization") ==
                          "Bearer " + QByteArray::fromStdString(kOpenAiKey));
    }
    checkNoKeyShown(d.get());
}

void TstPullDialog::keySetAndDeletedInKeychain()
{
    qputenv("OPENAI_ADMIN_KEY", "");
    auto keys = std::make_shared<MemoryKeyStore>();
    ui::PullContext context;
    context.keys = keys;
    auto d = dialog(context);
    UI_FIND(status, QLabel, d.get(), "keyStatus_openai");
    QCOMPARE(status->text(), QStringLiteral("no key"));
    UI_FIND(setKey, QPushButton, d.get(), "setKey_openai");
    QTest::mouseClick(setKey, Qt::LeftButton);
    auto *ask = d->findChild<QDialog *>(QStringLiteral("keyEntryDialog"));
    UI_REQUIRE(ask, "the key entry dialog");
    UI_FIND(edit, QLineEdit, ask, "keyEdit");
    QCOMPARE(edit->echoMode(), QLineEdit::Password);
    QTest::keyClicks(edit, QString::fromStdString(kOpenAiKey));
    ask->accept();
    QCOMPARE(keys->keys.at("openai"), kOpenAiKey);
    QCOMPARE(status->text(), QStringLiteral("key in keychain"));
    QTRY_VERIFY(!d->findChild<QDialog *>(QStringLiteral("keyEntryDialog")));
    checkNoKeyShown(d.get());

    // The key from the keychain goes to the upstream.
    prepare(d.get(), {"openai"});
    pullAndWait(d.get());
    QCOMPARE(result(d.get(), "openai", PullProgressModel::Result), QStringLiteral("complete"));
    QCOMPARE(m_h->requestsOf("openai").front().header("authorization"),
             "Bearer " + QByteArray::fromStdString(kOpenAiKey));
    checkNoKeyShown(d.get());

    UI_FIND(deleteKey, QPushButton, d.get(), "deleteKey_openai");
    QTest::mouseClick(deleteKey, Qt::LeftButton);
    QVERIFY(keys->keys.empty());
    QCOMPARE(status->text(), QStringLiteral("no key"));
}

QTEST_MAIN(TstPullDialog)
#include "tst_pulldialog.moc"
