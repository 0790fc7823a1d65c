// The explorer's File → Pull from APIs… driven offscreen against the local upstream servers of
// the pull tests: configuration from the environment (no keychain), the window, the target
// ledger, Test connection, keys set in the keychain — and no key in any text the dialog shows.
// Pulls themselves (all-or-nothing, Cancel, Allow partial): tst_pulldialogruns.
#include "pulldialogfixture.h"

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

} // namespace

class TstPullDialog final : public QObject, public PullDialogFixture
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void configurationFromEnvironment();
    void urlEditsAreRemembered();
    void windowDefaultsAndClamp();
    void targetLedgerIsNamed();
    void testConnection_data();
    void testConnection();
    void keySetAndDeletedInKeychain();
};

void TstPullDialog::init()
{
    setUp();
}

void TstPullDialog::cleanup()
{
    tearDown();
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
