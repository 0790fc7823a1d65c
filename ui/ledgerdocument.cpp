#include "ledgerdocument.h"

#include "core/analysis/slicecache.h"
#include "core/valuealiases.h"

#include "format.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

namespace {

LoadedLedger loadLedger(const std::shared_ptr<core::LedgerStore> &store)
{
    LoadedLedger out;
    auto rules = store->rules();
    if (rules)
        out.rules = *rules;
    auto aliased = core::loadAnalysisCube(*store, out.rules.valueAliases);
    if (!aliased) {
        out.error = fmt::q(aliased.error().message());
        return out;
    }
    auto *cube = &aliased->cube;
    out.aliasMoves =
        std::make_shared<const std::vector<core::AliasMove>>(std::move(aliased->moves));
    auto batches = store->batches();
    if (!batches) {
        out.error = fmt::q(batches.error().message());
        return out;
    }
    auto shared = std::make_shared<core::CostCube>(std::move(*cube));
    out.catalog =
        std::make_shared<core::LedgerCatalog>(core::buildCatalog(*shared, std::move(*batches)));
    out.cube = std::move(shared);
    if (auto invoices = store->invoices())
        out.invoices = std::make_shared<const std::vector<core::Invoice>>(std::move(*invoices));
    return out;
}

} // namespace

LedgerDocument::LedgerDocument(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<LoadedLedger>::finished, this,
            &LedgerDocument::onLoadFinished);
}

LedgerDocument::~LedgerDocument()
{
    m_watcher.waitForFinished();
}

void LedgerDocument::setStore(std::unique_ptr<core::LedgerStore> store,
                              const QString &displayName,
                              bool isDemo)
{
    m_watcher.waitForFinished();
    m_store = std::move(store);
    m_displayName = displayName;
    m_demo = isDemo;
    m_input = {};
    reload();
}

void LedgerDocument::reload()
{
    if (!m_store || m_loading)
        return;
    m_loading = true;
    emit loadingStarted();
    m_watcher.setFuture(QtConcurrent::run(loadLedger, m_store));
}

QString LedgerDocument::filePath() const
{
    if (!m_store || m_demo)
        return {};
    const QString path = fmt::q(m_store->path());
    return QFileInfo(path).isAbsolute() ? path : QString();
}

QString LedgerDocument::settingsKey() const
{
    if (m_demo)
        return QStringLiteral("demo");
    const QString path = filePath();
    if (path.isEmpty())
        return m_displayName;
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? path : canonical;
}

const core::LedgerCatalog &LedgerDocument::catalog() const
{
    static const core::LedgerCatalog empty;
    return m_input.catalog ? *m_input.catalog : empty;
}

void LedgerDocument::onLoadFinished()
{
    m_loading = false;
    LoadedLedger result = m_watcher.result();
    if (!result.error.isEmpty()) {
        emit loadFailed(result.error);
        return;
    }
    m_input.cube = std::move(result.cube);
    m_input.catalog = std::move(result.catalog);
    m_input.rules = std::move(result.rules);
    m_input.invoices = std::move(result.invoices);
    m_input.aliasMoves = std::move(result.aliasMoves);
    m_input.slices = std::make_shared<core::SliceCache>();
    // The demo too names its (temporary) file: the CLI line must reproduce the numbers.
    m_input.ledgerPath =
        m_store ? fmt::s(QFileInfo(fmt::q(m_store->path())).absoluteFilePath()) : std::string();
    m_input.ledgerName = fmt::s(m_displayName);
    emit loaded();
}

} // namespace unalloc::ui
