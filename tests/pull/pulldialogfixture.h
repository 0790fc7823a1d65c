#pragma once

// What the explorer's pull dialog tests share: the local upstream servers, the environment
// that configures every source without a keychain, a dialog on a fresh ledger, and helpers to
// tick sources, pull and read the results (tst_pulldialog, tst_pulldialogruns).
#include "pullharness.h"

#include "../ui/uitestsupport.h"

#include "ui/pull/pulldialog.h"
#include "ui/pull/pullprogressmodel.h"
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
#include <QTest>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace unalloc::tests {

inline const char *const kSources[] = {"opencost", "litellm", "openai", "anthropic"};

class PullDialogFixture
{
protected:
    /// Servers listening, the environment pointing every source at them (keys included).
    void setUp();
    void tearDown();
    std::unique_ptr<ui::PullDialog> dialog(ui::PullContext context = {});
    /// Ticks exactly `sources` and sets the window to August 2025.
    void prepare(ui::PullDialog *d, const std::vector<std::string> &sources);
    /// Clicks Pull and waits for the end.
    void pullAndWait(ui::PullDialog *d);
    QString result(ui::PullDialog *d, const std::string &source, int column) const;
    void checkNoKeyShown(QWidget *top);
    std::string ledger() const { return m_ctx->path(QStringLiteral("pull.unalloc")).toStdString(); }

    std::unique_ptr<PullHarness> m_h;
    /// English as the explorer installs it: its catalogue holds the plural forms.
    ui::Translations m_translations;
    std::unique_ptr<ui::test::TestContext> m_ctx;
};

inline void PullDialogFixture::setUp()
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

inline void PullDialogFixture::tearDown()
{
    m_ctx.reset();
    m_h.reset();
}

inline std::unique_ptr<ui::PullDialog> PullDialogFixture::dialog(ui::PullContext context)
{
    // Retries stay quick: what matters is that they happen and are counted.
    context.policy.retries = 2;
    context.policy.baseDelayMs = 5;
    context.policy.timeoutMs = 30'000;
    auto d = std::make_unique<ui::PullDialog>(&m_ctx->app, QString::fromStdString(ledger()), false,
                                              std::move(context));
    d->show();
    return d;
}

inline void PullDialogFixture::prepare(ui::PullDialog *d, const std::vector<std::string> &sources)
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

inline void PullDialogFixture::pullAndWait(ui::PullDialog *d)
{
    UI_FIND(pull, QPushButton, d, "pullButton");
    QVERIFY(pull->isEnabled());
    QSignalSpy finished(d, &ui::PullDialog::finished);
    QTest::mouseClick(pull, Qt::LeftButton);
    QVERIFY(d->isRunning());
    QVERIFY(finished.wait(120000));
    QVERIFY(!d->isRunning());
}

inline QString
PullDialogFixture::result(ui::PullDialog *d, const std::string &source, int column) const
{
    const ui::PullProgressModel *m = d->progressModel();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, ui::PullProgressModel::Source).data().toString() ==
            ui::PullProgressModel::sourceTitle(source))
            return m->index(r, column).data().toString();
    return QStringLiteral("<no row for %1>").arg(QString::fromStdString(source));
}

inline void PullDialogFixture::checkNoKeyShown(QWidget *top)
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
    for (auto *m : top->findChildren<ui::PullProgressModel *>())
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

} // namespace unalloc::tests
