#include "savedviews.h"

#include "format.h"
#include "settings.h"

#include <QFile>
#include <QSaveFile>

#include <algorithm>

namespace unalloc::ui {

namespace {

bool lessByName(const core::ViewState &a, const core::ViewState &b)
{
    const int c = QString::compare(fmt::q(a.name), fmt::q(b.name), Qt::CaseInsensitive);
    return c != 0 ? c < 0 : a.name < b.name;
}

} // namespace

SavedViews::SavedViews(Settings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{
    for (const QString &json : m_settings->value(keys::savedViews)) {
        auto state = core::ViewState::fromJson(fmt::s(json));
        if (state && !state->name.empty()) // a damaged entry is dropped, not fatal
            m_views.push_back(std::move(*state));
    }
    std::sort(m_views.begin(), m_views.end(), lessByName);
}

int SavedViews::indexOf(const QString &name) const
{
    for (size_t i = 0; i < m_views.size(); ++i)
        if (QString::compare(fmt::q(m_views[i].name), name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    return -1;
}

int SavedViews::save(const core::ViewState &state)
{
    core::ViewState s = state;
    s.name = core::normaliseViewName(s.name);
    if (const int at = indexOf(fmt::q(s.name)); at >= 0)
        m_views.erase(m_views.begin() + at);
    m_views.push_back(s);
    std::sort(m_views.begin(), m_views.end(), lessByName);
    store();
    return indexOf(fmt::q(s.name));
}

bool SavedViews::rename(int index, const QString &name)
{
    const std::string clean = core::normaliseViewName(fmt::s(name));
    if (index < 0 || index >= int(m_views.size()) || clean.empty())
        return false;
    if (const int other = indexOf(fmt::q(clean)); other >= 0 && other != index)
        return false;
    m_views[size_t(index)].name = clean;
    std::sort(m_views.begin(), m_views.end(), lessByName);
    store();
    return true;
}

void SavedViews::remove(int index)
{
    if (index < 0 || index >= int(m_views.size()))
        return;
    m_views.erase(m_views.begin() + index);
    store();
}

core::Result<void> SavedViews::exportTo(int index, const QString &path) const
{
    if (index < 0 || index >= int(m_views.size()))
        return core::fail("no-view", "no such saved view");
    QSaveFile file(path);
    const std::string json = m_views[size_t(index)].toJson();
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(json.data(), qint64(json.size())) != qint64(json.size()) || !file.commit())
        return core::fail("write", fmt::s(file.errorString()), fmt::s(path));
    return {};
}

core::Result<core::ViewState> SavedViews::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return core::fail("read", fmt::s(file.errorString()), fmt::s(path));
    if (file.size() > 1 << 20)
        return core::fail("bad-view", "a saved view is a small file; this one is over 1 MB",
                          fmt::s(path));
    auto state = core::ViewState::fromJson(file.readAll().toStdString());
    if (!state) {
        core::Error e = state.error();
        e.file = fmt::s(path);
        return core::fail(std::move(e));
    }
    return state;
}

std::optional<core::ViewState> SavedViews::ledgerState(const QString &ledgerKey) const
{
    const QString json = m_settings->ledgerValue(ledgerKey, keys::ledgerState);
    if (json.isEmpty())
        return std::nullopt;
    auto state = core::ViewState::fromJson(fmt::s(json));
    return state ? std::optional(std::move(*state)) : std::nullopt;
}

void SavedViews::setLedgerState(const QString &ledgerKey, const core::ViewState &state)
{
    m_settings->setLedgerValue(ledgerKey, keys::ledgerState, fmt::q(state.toJson()));
}

void SavedViews::store()
{
    QStringList list;
    for (const core::ViewState &v : m_views)
        list << fmt::q(v.toJson());
    m_settings->setValue(keys::savedViews, list);
    emit changed();
}

} // namespace unalloc::ui
