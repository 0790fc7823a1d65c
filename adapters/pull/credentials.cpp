#include "credentials.h"

#include <QEventLoop>
#include <QObject>
#include <qt6keychain/keychain.h>

#include <cstdlib>

namespace unalloc::adapters::pull {

namespace {

const QString kService = QStringLiteral("unalloc");

std::string unavailable(const std::string &source, const std::string &detail)
{
    const SourceSpec *spec = findSource(source);
    const std::string variable = spec && !spec->keyVariable.empty()
                                     ? spec->keyVariable
                                     : std::string("the source's key variable");
    return "no OS keychain is available here (no Secret Service or KWallet answered on D-Bus; "
           "qtkeychain: " +
           detail + "); set " + variable + " in the environment instead";
}

/// Runs a qtkeychain job to its end in a local loop (the job answers through signals).
template<class Job> void runJob(Job &job)
{
    job.setAutoDelete(false);
    QEventLoop loop;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job.start();
    loop.exec();
}

class QtKeychainStore final : public KeyStore
{
public:
    core::Result<std::optional<std::string>> read(const std::string &source) override
    {
        QKeychain::ReadPasswordJob job(kService);
        job.setInsecureFallback(false);
        job.setKey(QString::fromStdString(source));
        runJob(job);
        if (job.error() == QKeychain::EntryNotFound)
            return std::optional<std::string>();
        if (job.error() != QKeychain::NoError)
            return fail(job, source);
        return std::optional<std::string>(job.textData().toStdString());
    }
    core::Result<void> write(const std::string &source, const std::string &key) override
    {
        QKeychain::WritePasswordJob job(kService);
        job.setInsecureFallback(false);
        job.setKey(QString::fromStdString(source));
        job.setTextData(QString::fromStdString(key));
        runJob(job);
        if (job.error() != QKeychain::NoError)
            return fail(job, source);
        return {};
    }
    core::Result<void> remove(const std::string &source) override
    {
        QKeychain::DeletePasswordJob job(kService);
        job.setInsecureFallback(false);
        job.setKey(QString::fromStdString(source));
        runJob(job);
        if (job.error() != QKeychain::NoError && job.error() != QKeychain::EntryNotFound)
            return fail(job, source);
        return {};
    }

private:
    static std::unexpected<core::Error> fail(const QKeychain::Job &job, const std::string &source)
    {
        const std::string detail = job.errorString().toStdString();
        switch (job.error()) {
        case QKeychain::NoBackendAvailable:
        case QKeychain::NotImplemented:
        case QKeychain::OtherError:
            return core::fail("keychain-unavailable", unavailable(source, detail));
        default:
            return core::fail("keychain", "the OS keychain refused: " + detail);
        }
    }
};

class NoKeyStore final : public KeyStore
{
public:
    core::Result<std::optional<std::string>> read(const std::string &s) override { return fail(s); }
    core::Result<void> write(const std::string &s, const std::string &) override { return fail(s); }
    core::Result<void> remove(const std::string &s) override { return fail(s); }

private:
    static std::unexpected<core::Error> fail(const std::string &source)
    {
        return core::fail("keychain-unavailable",
                          unavailable(source, "UNALLOC_NO_KEYCHAIN=1 turns it off"));
    }
};

std::string trimmedSlash(std::string url)
{
    while (!url.empty() && url.back() == '/')
        url.pop_back();
    return url;
}

} // namespace

std::unique_ptr<KeyStore> systemKeyStore()
{
    if (processEnv("UNALLOC_NO_KEYCHAIN") == "1")
        return std::make_unique<NoKeyStore>();
    return std::make_unique<QtKeychainStore>();
}

std::string processEnv(const std::string &name)
{
    const char *v = std::getenv(name.c_str());
    return v ? std::string(v) : std::string();
}

ResolvedSource resolveSource(const SourceSpec &spec,
                             const EnvFn &env,
                             KeyStore *store,
                             const std::string &urlOverride)
{
    ResolvedSource r;
    r.config.spec = &spec;
    std::string url = !urlOverride.empty() ? urlOverride : env(spec.urlVariable);
    if (url.empty())
        url = spec.defaultUrl;
    r.config.baseUrl = trimmedSlash(url);
    if (r.config.baseUrl.empty()) {
        r.why = spec.name + ": no URL configured; set " + spec.urlVariable + " or --url " +
                spec.name + "=URL";
        return r;
    }
    if (!spec.keyVariable.empty()) {
        r.config.key = env(spec.keyVariable);
        if (!r.config.key.empty()) {
            r.keyFrom = spec.keyVariable;
        } else if (store) {
            if (auto k = store->read(spec.name); k && *k && !(*k)->empty()) {
                r.config.key = **k;
                r.keyFrom = "keychain";
            }
        }
    }
    if (spec.keyRequired && r.config.key.empty()) {
        r.why = spec.name + ": no key; set " + spec.keyVariable +
                " or run 'unalloc credentials set " + spec.name + "'";
        return r;
    }
    r.configured = true;
    return r;
}

} // namespace unalloc::adapters::pull
