#include "pullsourcerow.h"

#include "pullprogressmodel.h"
#include "pullsettings.h"
#include "ui/appcontext.h"
#include "ui/format.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

namespace pull = adapters::pull;

namespace {

QString named(const char *what, const std::string &source)
{
    return QLatin1String(what) + QLatin1Char('_') + fmt::q(source);
}

} // namespace

PullSourceRow::PullSourceRow(const pull::SourceSpec &spec,
                             AppContext *app,
                             PullContext *context,
                             QGridLayout *grid,
                             int row,
                             QWidget *dialog)
    : QObject(dialog)
    , m_spec(spec)
    , m_app(app)
    , m_context(context)
    , m_dialog(dialog)
    , m_include(new QCheckBox(PullProgressModel::sourceTitle(spec.name)))
    , m_url(new QLineEdit)
    , m_keyStatus(new QLabel)
    , m_setKey(new QPushButton(tr("Set…")))
    , m_deleteKey(new QPushButton(tr("Delete")))
    , m_test(new QPushButton(tr("Test connection")))
    , m_testResult(new QLabel)
{
    m_include->setObjectName(named("include", spec.name));
    m_include->setToolTip(tr("Pull this source"));
    m_url->setObjectName(named("url", spec.name));
    m_url->setMinimumWidth(260);
    m_url->setPlaceholderText(tr("set %1 or type the URL").arg(fmt::q(spec.urlVariable)));
    const QString saved = app->settings->value(keys::pullUrl(spec.name));
    m_url->setText(saved.isEmpty() ? defaultUrl() : saved);
    m_url->setToolTip(
        tr("Base URL; %1 sets it for the command line too").arg(fmt::q(spec.urlVariable)));
    m_keyStatus->setObjectName(named("keyStatus", spec.name));
    m_setKey->setObjectName(named("setKey", spec.name));
    m_setKey->setToolTip(tr("Store a key in the OS keychain"));
    m_deleteKey->setObjectName(named("deleteKey", spec.name));
    m_deleteKey->setToolTip(tr("Remove the key from the OS keychain"));
    m_test->setObjectName(named("test", spec.name));
    m_test->setToolTip(tr("One small authenticated request: is the URL right and the key valid?"));
    m_testResult->setObjectName(named("testResult", spec.name));
    m_testResult->setWordWrap(true);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_testResult->hide();
    const bool needsKey = !spec.keyVariable.empty();
    m_setKey->setEnabled(needsKey);
    m_deleteKey->setEnabled(needsKey);

    grid->addWidget(m_include, row, 0);
    grid->addWidget(m_url, row, 1);
    grid->addWidget(m_keyStatus, row, 2);
    grid->addWidget(m_setKey, row, 3);
    grid->addWidget(m_deleteKey, row, 4);
    grid->addWidget(m_test, row, 5);
    grid->addWidget(m_testResult, row + 1, 1, 1, 5);

    connect(m_url, &QLineEdit::textEdited, this, &PullSourceRow::rememberUrl);
    connect(m_setKey, &QPushButton::clicked, this, &PullSourceRow::askKey);
    connect(m_deleteKey, &QPushButton::clicked, this, &PullSourceRow::deleteKey);
    connect(m_test, &QPushButton::clicked, this, &PullSourceRow::testConnection);
    connect(&m_probe, &QFutureWatcherBase::finished, this, &PullSourceRow::onTested);
    refreshKeyStatus();
    m_include->setChecked(!m_url->text().isEmpty() && (!spec.keyRequired || !currentKey().empty()));
}

PullSourceRow::~PullSourceRow()
{
    *m_cancel = true;
    m_probe.waitForFinished();
}

QString PullSourceRow::defaultUrl() const
{
    const std::string fromEnv = m_context->env(m_spec.urlVariable);
    return fmt::q(fromEnv.empty() ? m_spec.defaultUrl : fromEnv);
}

void PullSourceRow::rememberUrl()
{
    const QString text = m_url->text().trimmed();
    m_app->settings->setValue(keys::pullUrl(m_spec.name), text == defaultUrl() ? QString() : text);
}

bool PullSourceRow::isIncluded() const
{
    return m_include->isChecked();
}

std::string PullSourceRow::currentKey() const
{
    if (m_spec.keyVariable.empty())
        return {};
    if (std::string k = m_context->env(m_spec.keyVariable); !k.empty())
        return k;
    auto stored = m_context->keys->read(m_spec.name);
    return stored && *stored ? **stored : std::string();
}

void PullSourceRow::refreshKeyStatus()
{
    const QString variable = fmt::q(m_spec.keyVariable);
    QString status;
    if (m_spec.keyVariable.empty()) {
        status = tr("no key needed");
    } else if (!m_context->env(m_spec.keyVariable).empty()) {
        status = tr("from environment variable %1").arg(variable);
    } else if (auto stored = m_context->keys->read(m_spec.name); !stored) {
        status = stored.error().code == "keychain-unavailable"
                     ? tr("no keychain on this system — set %1").arg(variable)
                     : tr("keychain error: %1").arg(fmt::q(stored.error().message()));
    } else {
        status = *stored && !(*stored)->empty() ? tr("key in keychain") : tr("no key");
    }
    m_keyStatus->setText(status);
    m_keyStatus->setToolTip(
        variable.isEmpty()
            ? tr("OpenCost takes no key")
            : tr("%1 in the environment wins over the keychain, as for the command line")
                  .arg(variable));
}

core::Result<pull::SourceConfig> PullSourceRow::config() const
{
    pull::SourceConfig c;
    c.spec = &m_spec;
    std::string url = fmt::s(m_url->text().trimmed());
    while (!url.empty() && url.back() == '/')
        url.pop_back();
    if (url.empty())
        return core::fail("usage", m_spec.name + ": no URL; type one or set " + m_spec.urlVariable);
    if (auto ok = pull::checkUrl(m_spec.name, url, false); !ok)
        return std::unexpected(ok.error());
    c.baseUrl = url;
    c.key = currentKey();
    if (m_spec.keyRequired && c.key.empty())
        return core::fail("usage", m_spec.name + ": no key; use Set… or set " + m_spec.keyVariable);
    return c;
}

void PullSourceRow::setRunning(bool running)
{
    for (QWidget *w : {static_cast<QWidget *>(m_include), static_cast<QWidget *>(m_url)})
        w->setEnabled(!running);
    const bool needsKey = !m_spec.keyVariable.empty();
    m_setKey->setEnabled(!running && needsKey);
    m_deleteKey->setEnabled(!running && needsKey);
    m_test->setEnabled(!running && !m_probe.isRunning());
}

void PullSourceRow::askKey()
{
    auto *ask = new QDialog(m_dialog);
    ask->setObjectName(QStringLiteral("keyEntryDialog"));
    ask->setAttribute(Qt::WA_DeleteOnClose);
    ask->setWindowTitle(tr("Key for %1").arg(PullProgressModel::sourceTitle(m_spec.name)));
    auto *edit = new QLineEdit;
    edit->setObjectName(QStringLiteral("keyEdit"));
    edit->setEchoMode(QLineEdit::Password);
    edit->setMinimumWidth(320);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    auto *layout = new QVBoxLayout(ask);
    auto *label = new QLabel(tr("The key goes into the OS keychain, never into a file of "
                                "unalloc's. %1 in the environment is used first when set.")
                                 .arg(fmt::q(m_spec.keyVariable)));
    label->setWordWrap(true);
    layout->addWidget(label);
    layout->addWidget(edit);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, ask, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, ask, &QDialog::reject);
    connect(ask, &QDialog::finished, this, [this, ask, edit](int code) {
        const std::string key = fmt::s(edit->text().trimmed());
        edit->clear(); // the key lives in no widget once the dialog closes
        ask->hide();
        if (code != QDialog::Accepted || key.empty())
            return;
        if (auto r = m_context->keys->write(m_spec.name, key); !r)
            emit message(fmt::q(r.error().message()));
        else
            emit message(tr("The key for %1 is in the keychain.")
                             .arg(PullProgressModel::sourceTitle(m_spec.name)));
        refreshKeyStatus();
    });
    ask->open();
}

void PullSourceRow::deleteKey()
{
    if (auto r = m_context->keys->remove(m_spec.name); !r)
        emit message(fmt::q(r.error().message()));
    else
        emit message(tr("The key for %1 is no longer in the keychain.")
                         .arg(PullProgressModel::sourceTitle(m_spec.name)));
    refreshKeyStatus();
}

void PullSourceRow::testConnection()
{
    auto c = config();
    m_testResult->show();
    if (!c) {
        m_testResult->setText(tr("✗ %1").arg(fmt::q(c.error().message())));
        emit tested();
        return;
    }
    m_test->setEnabled(false);
    m_testResult->setText(tr("Testing…"));
    const core::TimeUs now = m_app->clock().toMSecsSinceEpoch() * 1000;
    pull::PullOptions options;
    options.policy = m_context->policy;
    options.cancel = [cancel = m_cancel] {
        return cancel->load();
    };
    m_probe.setFuture(QtConcurrent::run(
        [config = *c, now, options] { return pull::probeSource(config, now, options); }));
}

void PullSourceRow::onTested()
{
    m_test->setEnabled(true);
    const pull::ProbeResult r = m_probe.result();
    const QString reason = fmt::q(r.reason);
    switch (r.outcome) {
    case pull::ProbeResult::Outcome::Ok:
        m_testResult->setText(tr("✓ ok: the URL answers and the key is accepted"));
        break;
    case pull::ProbeResult::Outcome::AuthFailed:
        m_testResult->setText(tr("✗ authentication failed: %1").arg(reason));
        break;
    case pull::ProbeResult::Outcome::Unreachable:
        m_testResult->setText(tr("✗ unreachable: %1").arg(reason));
        break;
    case pull::ProbeResult::Outcome::Failed:
        m_testResult->setText(tr("✗ failed: %1").arg(reason));
        break;
    }
    emit tested();
}

} // namespace unalloc::ui
