#pragma once

#include "adapters/pull/credentials.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

class QCheckBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QWidget;

namespace unalloc::ui {

struct AppContext;

/// What the Pull dialog reads keys and configuration from; tests hand in their own.
struct PullContext
{
    adapters::pull::EnvFn env = adapters::pull::processEnv;
    /// Null: the OS keychain (systemKeyStore(), which honours UNALLOC_NO_KEYCHAIN=1).
    std::shared_ptr<adapters::pull::KeyStore> keys;
    adapters::pull::RetryPolicy policy;
};

/// @brief One source's line of the Pull dialog: include, URL (remembered in the settings),
/// where its key comes from with Set…/Delete, and Test connection (run off the GUI thread).
class PullSourceRow final : public QObject
{
    Q_OBJECT
public:
    PullSourceRow(const adapters::pull::SourceSpec &spec,
                  AppContext *app,
                  PullContext *context,
                  QGridLayout *grid,
                  int row,
                  QWidget *dialog);
    ~PullSourceRow() override;

    const adapters::pull::SourceSpec &spec() const { return m_spec; }
    bool isIncluded() const;
    /// The URL and key to pull with, or what is missing (never the key itself).
    core::Result<adapters::pull::SourceConfig> config() const;
    void setRunning(bool running);
    void refreshKeyStatus();
    void testConnection();
    bool isTesting() const { return m_probe.isRunning(); }

signals:
    void message(const QString &text);
    void tested();

private:
    QString defaultUrl() const;
    void rememberUrl();
    void askKey();
    void deleteKey();
    void onTested();
    /// The key the pull would use: the environment's, else the keychain's (empty: none).
    std::string currentKey() const;

    const adapters::pull::SourceSpec &m_spec;
    AppContext *m_app;
    PullContext *m_context;
    QWidget *m_dialog;
    QCheckBox *m_include;
    QLineEdit *m_url;
    QLabel *m_keyStatus;
    QPushButton *m_setKey;
    QPushButton *m_deleteKey;
    QPushButton *m_test;
    QLabel *m_testResult;
    QFutureWatcher<adapters::pull::ProbeResult> m_probe;
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
};

} // namespace unalloc::ui
